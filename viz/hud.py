"""The heads-up display shared by every scene: caption, step counter, solver statistics,
milestones, a clickable timeline, the speed and mode, and the help overlay.

Layout is proportional to the frame height (scale 1.0 at 720 pixels), so a 1080p video and
a small window look alike. `hud_layout` is also what the window uses for hit-testing.
"""

from __future__ import annotations

import dataclasses
import weakref

import numpy as np

from solvers.trace import Trace
from viz.color import ACCENT, BAD, INK, MUTED, PANEL, rgba
from viz.draw2d import DrawList2D
from viz.player import Frame, Mode
from viz.scene import Rect
from viz.text import measure
from viz.timeline import Level

KEY_HELP = (
    ("Space", "play / pause"),
    ("Right / Left", "one step forward / back"),
    ("Shift+Right / Left", "next / previous milestone"),
    ("PageDown / PageUp", "next / previous step (clickers)"),
    ("Up / Down", "faster / slower"),
    ("L", "play by event, step or milestone"),
    ("Home / End", "start / end"),
    ("R", "play backward"),
    ("drag timeline", "scrub"),
    ("drag / wheel", "orbit / zoom (3D); right-drag pans"),
    ("F", "fullscreen"),
    ("S", "screenshot (PNG)"),
    ("H", "this help"),
    ("Esc", "quit"),
)


@dataclasses.dataclass(frozen=True)
class HudOptions:
    title: str = ""
    captions: bool = True
    timeline: bool = True
    show_help: bool = False
    message: str = ""  # a short notice, e.g. where a screenshot went
    extra_help: tuple[tuple[str, str], ...] = ()  # the scene's own keys


@dataclasses.dataclass(frozen=True)
class HudLayout:
    width: int
    height: int
    scale: float
    margin: float
    header: Rect
    stage: Rect
    footer: Rect
    track: Rect  # the timeline's clickable bar

    def fraction_at(self, x: float) -> float:
        return min(max((x - self.track.x) / max(self.track.w, 1.0), 0.0), 1.0)

    def on_timeline(self, x: float, y: float) -> bool:
        grab = self.track.inset(-6 * self.scale, -12 * self.scale)
        return grab.contains(x, y)


def hud_layout(width: int, height: int, options: HudOptions) -> HudLayout:
    s = height / 720.0
    m = 14 * s
    header_h = (92 if options.captions else 44) * s
    footer_h = (46 if options.timeline else 8) * s
    header = Rect(0, 0, width, header_h)
    footer = Rect(0, height - footer_h, width, footer_h)
    stage = Rect(m, header_h, width - 2 * m, height - header_h - footer_h)
    left = m + 150 * s
    right = width - m - 150 * s
    track = Rect(left, footer.y + footer_h / 2 - 3 * s, max(right - left, 10.0), 6 * s)
    return HudLayout(width, height, s, m, header, stage, footer, track)


_LIVE: weakref.WeakKeyDictionary[Trace, frozenset[str]] = weakref.WeakKeyDictionary()


def _live_counters(trace: Trace) -> frozenset[str]:
    """Counters that are not zero somewhere in the trace (a solver may declare counters
    that one of its methods never uses); computed once per trace."""
    live = _LIVE.get(trace)
    if live is None:
        used = np.any(trace.counters != 0, axis=0) if trace.n_events else []
        live = _LIVE[trace] = frozenset(
            name for name, on in zip(trace.header.counters, used, strict=False) if on
        )
    return live


_LABELS: weakref.WeakKeyDictionary[Trace, str] = weakref.WeakKeyDictionary()


def _milestone_label(trace: Trace) -> str:
    """The milestones' kind if they all share one ("solution"), else "milestones"."""
    label = _LABELS.get(trace)
    if label is None:
        kinds = np.unique(trace.milestone_kind)
        label = _LABELS[trace] = trace.string(int(kinds[0])) if len(kinds) == 1 else "milestones"
    return label


def _fmt(value: int) -> str:
    return f"{value:,}"


def _speed_text(frame: Frame) -> str:
    unit = {Level.EVENT: "events", Level.STEP: "steps", Level.MILESTONE: "milestones"}
    speed = frame.speed
    number = f"{speed:g}" if speed < 10 else _fmt(int(speed))
    return f"{number} {unit[frame.level]}/s"


def draw_hud(d: DrawList2D, frame: Frame, layout: HudLayout, options: HudOptions) -> None:
    s, m = layout.scale, layout.margin
    width = layout.width
    top = m * 0.8
    # First row: title on the left; statistics and the step counter on the right.
    if options.title:
        d.text(options.title, m, top, 13 * s, MUTED)
    total = frame.n_steps
    step_text = f"step {frame.step + 1} / {_fmt(total)}" if total else "no steps"
    step_w, _ = d.text(step_text, width - m, top - 2 * s, 17 * s, INK, anchor="rt", font="bold")
    shown = _live_counters(frame.trace)
    stats = [f"{name} {_fmt(value)}" for name, value in frame.counters.items() if name in shown]
    n_milestones = frame.trace.n_milestones
    if n_milestones:
        label = _milestone_label(frame.trace)
        stats.append(f"{label} {frame.milestones_reached} / {_fmt(n_milestones)}")
    if stats:
        d.text("  ·  ".join(stats), width - m - step_w - 18 * s, top + 1 * s, 12.5 * s, MUTED,
               anchor="rt")  # fmt: skip
    # The caption: as large as fits in two lines across the whole width.
    if options.captions and frame.caption:
        caption_w = width - 2 * m
        size = 21 * s
        while size > 14 * s and measure(frame.caption, size, max_width=caption_w)[1] > 2.5 * size:
            size *= 0.92
        d.text(frame.caption, m, top + 22 * s, size, INK, max_width=caption_w)
    if options.timeline:
        _draw_footer(d, frame, layout)
    if options.message:
        _draw_message(d, options.message, layout)
    if options.show_help:
        _draw_help(d, layout, options.extra_help)


def _draw_footer(d: DrawList2D, frame: Frame, layout: HudLayout) -> None:
    s, m = layout.scale, layout.margin
    track = layout.track
    cy = track.y + track.h / 2
    # Mode icon.
    ix, r = m + 10 * s, 8 * s
    if frame.mode in (Mode.PLAYING, Mode.RECORDING):
        d.polygon([(ix - r * 0.6, cy - r), (ix - r * 0.6, cy + r), (ix + r, cy)], INK)
    elif frame.mode is Mode.REVERSING:
        d.polygon([(ix + r * 0.6, cy - r), (ix + r * 0.6, cy + r), (ix - r, cy)], INK)
    else:
        d.rect(ix - r * 0.75, cy - r, r * 0.55, 2 * r, INK, radius=1.5 * s)
        d.rect(ix + r * 0.2, cy - r, r * 0.55, 2 * r, INK, radius=1.5 * s)
    d.text(_speed_text(frame), ix + 18 * s, cy, 12 * s, MUTED, anchor="lm")
    # Track, progress, ticks, knob.
    n = max(frame.n_events, 1)
    d.rect(track.x, track.y, track.w, track.h, rgba(INK, 0.12), radius=track.h / 2)
    fraction = (frame.cursor + frame.t) / n
    d.rect(track.x, track.y, track.w * fraction, track.h, ACCENT, radius=track.h / 2)
    if 1 < frame.n_steps <= 150:
        xs = track.x + track.w * frame.trace.step_start[1:] / n
        centers = np.column_stack([xs, np.full_like(xs, cy, dtype=np.float64)])
        d.circles(centers, 1.4 * s, rgba("#FFFFFF", 0.9))
    _draw_milestone_marks(d, frame, track, s)
    d.circle(track.x + track.w * fraction, cy, 7 * s, "#FFFFFF", stroke=ACCENT, width=2.5 * s)
    counter = f"{_fmt(frame.cursor)} / {_fmt(frame.n_events)}"
    d.text(counter, layout.width - m, cy, 12 * s, MUTED, anchor="rm")


def _draw_milestone_marks(d: DrawList2D, frame: Frame, track: Rect, s: float) -> None:
    """A small triangle above the timeline per milestone, all in two draw calls (a search
    can have thousands: at most one mark per pixel column is drawn)."""
    positions = frame.trace.milestone_pos
    if not positions.size:
        return
    xs = np.unique(np.round(track.x + track.w * positions / max(frame.n_events, 1)))
    top, tip = track.y - 7 * s, track.y - 1 * s
    corners = np.empty((len(xs), 3, 2), dtype=np.float32)
    corners[:, 0] = np.column_stack([xs - 4 * s, np.full_like(xs, top)])
    corners[:, 1] = np.column_stack([xs + 4 * s, np.full_like(xs, top)])
    corners[:, 2] = np.column_stack([xs, np.full_like(xs, tip)])
    d.triangles(corners, BAD)
    edges = corners[:, [1, 2, 0]]
    d.lines(corners.reshape(-1, 2), edges.reshape(-1, 2), BAD, 1.0)  # anti-aliased rims


def _draw_message(d: DrawList2D, message: str, layout: HudLayout) -> None:
    s = layout.scale
    w = min(layout.width * 0.9, measure(message, 13 * s)[0] + 32 * s)
    x = (layout.width - w) / 2
    y = layout.stage.y + 6 * s  # at the top of the stage, clear of scene captions below
    d.rect(x, y, w, 28 * s, rgba(INK, 0.82), radius=14 * s)
    d.text(message, layout.width / 2, y + 14 * s, 13 * s, "#FFFFFF", anchor="cm")


def _draw_help(d: DrawList2D, layout: HudLayout, extra: tuple[tuple[str, str], ...]) -> None:
    s = layout.scale
    rows = KEY_HELP + extra
    row_h = 22 * s
    w, h = 520 * s, (len(rows) + 2) * row_h
    x, y = (layout.width - w) / 2, max((layout.height - h) / 2, 4.0)
    d.rect(x, y, w, h, PANEL, radius=12 * s, stroke=rgba(INK, 0.25), width=1.0)
    d.text("Keys", x + 20 * s, y + row_h * 0.5, 15 * s, INK, font="bold")
    for i, (key, what) in enumerate(rows):
        ry = y + row_h * (i + 1.6)
        d.text(key, x + 20 * s, ry, 13 * s, ACCENT, font="bold")
        d.text(what, x + 200 * s, ry, 13 * s, INK)

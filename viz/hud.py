"""The heads-up display shared by every scene: title and statistics, the caption of the step
shown, a notice band, the timeline with the one step counter, and the help overlay.

Made for a projector: at 1280x720 no text is under 18 pixels and every text has at least
4.5:1 contrast with what is behind it. Each kind of text has its own region, so nothing
overlaps whatever a scene, a caption or a notice says:

    title row    title (left), statistics in plain words (right, dropped from the end
                 when they do not fit)
    caption      the current step's explanation, two lines at most
    stage        the scene (or the help, which replaces it)
    notice band  what just happened ("Screenshot saved", "U brings it back", search progress)
    timeline     mode and pace (left), the track, "step 5 / 17" (right)

Sizes are proportional to the frame height (scale 1.0 at 720 pixels), so a 1080p video and
a small window look alike. `hud_layout` is also what the window uses for hit-testing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np

from solvers.i18n import N_plural, gettext, ngettext
from solvers.model import PuzzleModel
from viz.color import ACCENT, BAD, INK, MUTED, PANEL, rgba
from viz.draw2d import DrawList2D
from viz.interaction import NOTICE_SEPARATOR
from viz.player import Frame, Mode
from viz.scene import Rect
from viz.text import fit_text, measure
from viz.timeline import Level

TEXT = 18.0  # the smallest text, at 720 pixels high
CAPTION = 24.0  # captions, shrinking to CAPTION_MIN before they are shortened
CAPTION_MIN = 20.0
CAPTION_LINES = 2
COUNTER = 20.0
HELP_TITLE = 22.0
PACE_WORDS = {  # the pace in the reader's language, by what a unit of play is
    Level.EVENT: N_plural("{rate} event/s", "{rate} events/s"),
    Level.STEP: N_plural("{rate} step/s", "{rate} steps/s"),
    Level.MILESTONE: N_plural("{rate} milestone/s", "{rate} milestones/s"),
}


@dataclasses.dataclass(frozen=True)
class HudOptions:
    captions: bool = True
    timeline: bool = True
    show_help: bool = False
    message: str = ""  # a short notice, e.g. where a screenshot went
    help_rows: tuple[tuple[str, str], ...] = ()  # the keys that apply here, key -> what


@dataclasses.dataclass(frozen=True)
class HudLayout:
    width: int
    height: int
    scale: float
    margin: float
    title_row: Rect
    caption: Rect | None
    stage: Rect
    notice: Rect
    footer: Rect
    track: Rect  # the timeline's clickable bar
    speed_box: Rect  # mode icon and pace, left of the track
    counter_box: Rect  # the step counter, right of the track

    def fraction_at(self, x: float) -> float:
        return min(max((x - self.track.x) / max(self.track.w, 1.0), 0.0), 1.0)

    def on_timeline(self, x: float, y: float) -> bool:
        grab = self.track.inset(-6 * self.scale, -12 * self.scale)
        return grab.contains(x, y)

    @property
    def play_button(self) -> Rect:
        """The play / pause icon at the left of the footer, with room around it for a
        finger or an imprecise mouse on a lectern."""
        box, s = self.speed_box, self.scale
        return Rect(box.x - 6 * s, box.y - 4 * s, 30 * s, box.h + 8 * s)


def hud_layout(width: int, height: int, options: HudOptions) -> HudLayout:
    s = height / 720.0
    m = 16 * s
    title_row = Rect(m, 6 * s, width - 2 * m, 28 * s)
    caption = Rect(m, 38 * s, width - 2 * m, 68 * s) if options.captions else None
    header_h = (110 if options.captions else 40) * s
    footer_h = (42 if options.timeline else 6) * s
    footer = Rect(0, height - footer_h, width, footer_h)
    notice = Rect(m, footer.y - 36 * s, width - 2 * m, 32 * s)
    stage = Rect(m, header_h, width - 2 * m, max(notice.y - 4 * s - header_h, 10.0))
    cy = footer.y + footer_h / 2
    speed_box = Rect(m, cy - 14 * s, 250 * s, 28 * s)
    counter_box = Rect(width - m - 250 * s, cy - 14 * s, 250 * s, 28 * s)
    left, right = speed_box.x + speed_box.w + 16 * s, counter_box.x - 16 * s
    track = Rect(left, cy - 3 * s, max(right - left, 10.0), 6 * s)
    return HudLayout(width, height, s, m, title_row, caption, stage, notice, footer, track,
                     speed_box, counter_box)  # fmt: skip


def draw_hud(
    d: DrawList2D,
    frame: Frame[PuzzleModel],
    layout: HudLayout,
    options: HudOptions,
    *,
    title: str = "",
    statistics: Sequence[str] = (),
) -> None:
    _draw_title_row(d, layout, title, statistics)
    if layout.caption is not None and frame.caption:
        _draw_caption(d, frame.caption, layout.caption, layout.scale)
    if options.timeline:
        _draw_footer(d, frame, layout)
    if options.message:
        _draw_notice(d, options.message, layout)
    if options.show_help:
        draw_help(d, layout, options.help_rows)


def _draw_title_row(d: DrawList2D, layout: HudLayout, title: str, stats: Sequence[str]) -> None:
    s, row = layout.scale, layout.title_row
    size = TEXT * s
    y = row.y + row.h / 2
    title_w = 0.0
    if title:
        title_w, _ = measure(title, size, "bold")
        d.text(title, row.x, y, size, INK, anchor="lm", font="bold")
    room = row.w - title_w - 40 * s
    shown = list(stats)
    text = "  ·  ".join(shown)
    while shown and measure(text, size)[0] > room:
        shown.pop()  # the least important statistics go first
        text = "  ·  ".join(shown)
    if text:
        d.text(text, row.x + row.w, y, size, MUTED, anchor="rm")


def _draw_caption(d: DrawList2D, caption: str, box: Rect, scale: float) -> None:
    size, text = fit_text(caption, CAPTION * scale, CAPTION_MIN * scale, box.w, CAPTION_LINES)
    d.text(text, box.x, box.y, size, INK, max_width=box.w)


def shows_pause(mode: Mode) -> bool:
    """Whether the footer's button shows pause (the player moves, a click stops it) rather
    than play."""
    return mode in (Mode.PLAYING, Mode.REVERSING, Mode.RECORDING)


def speed_text(frame: Frame[PuzzleModel]) -> str:
    """ "1 step/s", "2 steps/s", "auto · 1,800 steps/s" (the pace here)."""
    rate = frame.rate if frame.auto else frame.speed
    number = f"{rate:.2g}" if rate < 1 else f"{rate:,.0f}" if rate >= 10 else f"{rate:.3g}"
    pace = ngettext(*PACE_WORDS[frame.level], 1 if number == "1" else 2).format(rate=number)
    return gettext("auto · {pace}").format(pace=pace) if frame.auto else pace


def counter_text(frame: Frame[PuzzleModel]) -> str:
    """The one position counter: steps, or events when playing event by event."""
    if frame.level is Level.EVENT or not frame.n_steps:
        return gettext("event {at:,} / {total:,}").format(at=frame.cursor, total=frame.n_events)
    return gettext("step {at:,} / {total:,}").format(at=frame.step + 1, total=frame.n_steps)


def _draw_footer(d: DrawList2D, frame: Frame[PuzzleModel], layout: HudLayout) -> None:
    s = layout.scale
    track, box = layout.track, layout.speed_box
    cy = track.y + track.h / 2
    ix, r = box.x + 9 * s, 8 * s
    if shows_pause(frame.mode):  # what a click does, as media players show it
        d.rect(ix - r * 0.75, cy - r, r * 0.55, 2 * r, INK, radius=1.5 * s)
        d.rect(ix + r * 0.2, cy - r, r * 0.55, 2 * r, INK, radius=1.5 * s)
    else:
        d.polygon([(ix - r * 0.6, cy - r), (ix - r * 0.6, cy + r), (ix + r, cy)], INK)
    d.text(speed_text(frame), ix + 18 * s, cy, TEXT * s, MUTED, anchor="lm")
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
    counter = layout.counter_box
    d.text(counter_text(frame), counter.x + counter.w, cy, COUNTER * s, INK, anchor="rm",
           font="bold")  # fmt: skip


def _draw_milestone_marks(d: DrawList2D, frame: Frame[PuzzleModel], track: Rect, s: float) -> None:
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


def _draw_notice(d: DrawList2D, message: str, layout: HudLayout) -> None:
    """Notices shown together go from the end, whole, until the rest fits: the first (a
    search's result) is cut only if it does not fit alone."""
    s, band = layout.scale, layout.notice
    parts = message.split(NOTICE_SEPARATOR)
    while len(parts) > 1 and measure(NOTICE_SEPARATOR.join(parts), TEXT * s)[0] > band.w - 32 * s:
        parts.pop()
    size, text = fit_text(NOTICE_SEPARATOR.join(parts), TEXT * s, TEXT * s, band.w - 32 * s, 1)
    w = min(band.w, measure(text, size)[0] + 32 * s)
    x = band.x + (band.w - w) / 2
    d.rect(x, band.y, w, band.h, rgba(INK, 0.9), radius=band.h / 2)
    d.text(text, band.x + band.w / 2, band.y + band.h / 2, size, "#FFFFFF", anchor="cm")


def draw_help(d: DrawList2D, layout: HudLayout, rows: Sequence[tuple[str, str]]) -> None:
    """The keys that apply here, in one or two columns that fit the stage."""
    s, stage = layout.scale, layout.stage
    size, pad = TEXT * s, 18 * s
    d.rect(stage.x, stage.y, stage.w, stage.h, PANEL, radius=12 * s, stroke=rgba(INK, 0.25),
           width=1.0)  # fmt: skip
    d.text(gettext("Keys (H closes this)"), stage.x + pad, stage.y + pad * 0.7, HELP_TITLE * s, INK,
           font="bold")  # fmt: skip
    top = stage.y + pad * 0.7 + HELP_TITLE * s * 1.6
    key_w = max((measure(key, size, "bold")[0] for key, _ in rows), default=0.0) + 16 * s
    room = stage.y + stage.h - pad - top
    for columns in (1, 2, 3):
        col_w = (stage.w - 2 * pad - (columns - 1) * pad) / columns
        text_w = col_w - key_w
        heights = [measure(gettext(what), size, max_width=text_w)[1] + 4 * s for _, what in rows]
        chunks = _split(heights, room)
        if len(chunks) <= columns:
            break
    for c, chunk in enumerate(chunks):
        x = stage.x + pad + c * (col_w + pad)
        y = top
        for i in chunk:
            key, what = rows[i]
            d.text(key, x, y, size, ACCENT, font="bold")
            d.text(gettext(what), x + key_w, y, size, INK, max_width=text_w)
            y += heights[i]


def _split(heights: Sequence[float], room: float) -> list[list[int]]:
    """Row indices in order, into columns of at most `room` height each."""
    columns: list[list[int]] = [[]]
    used = 0.0
    for i, h in enumerate(heights):
        if used + h > room and columns[-1]:
            columns.append([])
            used = 0.0
        columns[-1].append(i)
        used += h
    return columns

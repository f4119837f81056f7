"""The heads-up display shared by every scene: title and statistics, the caption of the step
shown, a notice band, the timeline with the one step counter, and the help overlay.

Made for a projector: at 1280x720 no text is under 18 pixels and every text has at least
4.5:1 contrast with what is behind it. Each kind of text has its own region, so nothing
overlaps whatever a scene, a caption or a notice says:

    title row    title (left), statistics in plain words (right); a title that would
                 not leave STATS_ROOM for them wraps onto a second line (caption and stage
                 move down), and statistics that do not fit drop from the end (the first
                 always fits)
    caption      the current step's explanation, two lines at most
    stage        the scene (or the help, which replaces it and the caption)
    notice band  what just happened ("Screenshot saved", "U brings it back", search
                 progress), two lines at most
    timeline     mode and pace (left), the track, "step 5 / 17" (right); pace and counter
                 are measured (the trace's widest counter, the language's widest pace), so
                 neither runs under the track

Sizes are in units of the UI scale (see `ui_scale`), so a 1080p video and a small window
look alike. `hud_layout` is also what the window uses for hit-testing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.i18n import N_plural, fill, gettext, ngettext, number
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.color import ACCENT, BAD, INK, MUTED, PANEL, RGBA, rgba
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.interaction import NOTICE_SEPARATOR
from puzzleviz.viz.player import Frame, Mode
from puzzleviz.viz.quiz_panel import TONES, QuizBox, QuizPanel, draw_quiz_box, place_box
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.text import fit_text, measure, wrap_text
from puzzleviz.viz.timeline import Level

TEXT = 18.0  # the smallest text, at 720 pixels high
CAPTION = 24.0  # captions, shrinking to CAPTION_MIN before they are shortened
CAPTION_MIN = 20.0
CAPTION_LINES = 2  # ... and a caption too long even so: three lines of TEXT, closer set
COUNTER = 20.0
HELP_TITLE = 22.0
NOTICE_LINES = 2
TITLE_LINE = 25.0  # a second line of the title row, when the title needs it
STATS_ROOM = 240.0  # what a title leaves for the statistics beside it (the first fits)
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
    pace: bool = True  # the pace in the footer (the browser page draws the one it plays at)
    help_rows: tuple[tuple[str, str], ...] = ()  # the keys that apply here, key -> what
    quiz: QuizPanel | None = None  # a quiz under way (viz.quiz_panel)

    @property
    def covers_stage(self) -> bool:
        """The help, or a quiz's summary, is drawn in the scene's place."""
        return self.show_help or (self.quiz is not None and bool(self.quiz.summary))


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
    quiz: QuizBox | None = None  # a quiz's box under the stage, and its buttons

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


def ui_scale(width: int, height: int) -> float:
    """The UI scale of a frame: 1.0 at 1280x720. 16:9 and 16:10 frames scale with their
    height (1440x900: 1.25, 1920x1080: 1.5); frames narrower than 1024:720 (4:3, 5:4) scale
    with their width, 1.0 at 1024 columns. So every frame is at least 720 units high and
    1024 units wide, which is what scenes lay out for: 16:9 is 1280x720 units, 16:10
    1152x720, 4:3 1024x768 (its extra rows go to the stage). Text of 18 units is then never
    under 18 pixels on a projector of 1024x768 or more, and grows with the window."""
    return min(height / 720.0, width / 1024.0)


def hud_layout(
    width: int, height: int, options: HudOptions, trace: Trace | None = None, title: str = ""
) -> HudLayout:
    """Where everything goes. With the trace shown, the step counter's box fits its widest
    counter (else a default width); a `title` too long to share its row with the
    statistics gets a second line (the caption and stage move down)."""
    s = ui_scale(width, height)
    m = 16 * s
    lines = title_lines(title, width - 2 * m, s)
    title_row = Rect(m, 6 * s, width - 2 * m, (28 + TITLE_LINE * (lines - 1)) * s)
    top = title_row.y + title_row.h + 4 * s
    caption = Rect(m, top, width - 2 * m, 68 * s) if options.captions else None
    header_h = (top + 72 * s) if options.captions else title_row.y + title_row.h + 6 * s
    footer_h = (42 if options.timeline else 6) * s
    footer = Rect(0, height - footer_h, width, footer_h)
    notice_h = measure("A\nA", TEXT * s)[1] + 7 * s  # NOTICE_LINES lines
    notice = Rect(m, footer.y - notice_h - 4 * s, width - 2 * m, notice_h)
    stage = Rect(m, header_h, width - 2 * m, max(notice.y - 4 * s - header_h, 10.0))
    quiz = None
    if options.quiz is not None and not options.quiz.summary:
        quiz, stage = place_box(options.quiz, stage, s)
    cy = footer.y + footer_h / 2
    speed_w = 27 * s + pace_width(s)
    counter_w = counter_width(trace, s) if trace is not None else 250 * s
    speed_box = Rect(m, cy - 14 * s, speed_w, 28 * s)
    counter_box = Rect(width - m - counter_w, cy - 14 * s, counter_w, 28 * s)
    left, right = speed_box.x + speed_box.w + 24 * s, counter_box.x - 24 * s
    track = Rect(left, cy - 3 * s, max(right - left, 10.0), 6 * s)
    return HudLayout(width, height, s, m, title_row, caption, stage, notice, footer, track,
                     speed_box, counter_box, quiz)  # fmt: skip


def title_lines(title: str, width: float, scale: float) -> int:
    """1, or 2 when the title would not leave STATS_ROOM for the statistics beside it.
    Decided by the title alone (a trace's title stays as it is while its statistics count
    up), so the stage does not move while a trace plays."""
    if not title:
        return 1
    return 1 if measure(title, TEXT * scale, "bold")[0] + (24 + STATS_ROOM) * scale <= width else 2


def pace_width(scale: float) -> float:
    """The widest pace text in the reader's language (any level, a seven-digit rate, the
    automatic pace on): the speed box keeps this width, so the track never moves."""
    return max(measure(pace_text(8_888_888.0, level, auto=True), TEXT * scale)[0]
               for level in Level)  # fmt: skip


def counter_width(trace: Trace, scale: float) -> float:
    """The widest step counter of `trace` (at its end, by event or by step)."""
    texts = (position_text(True, trace.n_events, trace.n_events),
             position_text(False, trace.n_steps, trace.n_steps))  # fmt: skip
    return max(measure(text, COUNTER * scale, "bold")[0] for text in texts)


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
    quiz = options.quiz
    caption = quiz.words if quiz is not None else frame.caption  # a caption would tell
    ink = TONES[quiz.tone] if quiz is not None else INK
    if layout.caption is not None and caption and not options.covers_stage:
        _draw_caption(d, caption, layout.caption, layout.scale, ink)
    if quiz is not None and layout.quiz is not None and not options.covers_stage:
        draw_quiz_box(d, quiz, layout.quiz, layout.scale)
    if options.timeline:
        _draw_footer(d, frame, layout, pace=options.pace)
    if options.message and not options.covers_stage:  # kept, shown again when it closes
        _draw_notice(d, options.message, layout)
    if options.show_help:
        draw_help(d, layout, options.help_rows)
    elif quiz is not None and quiz.summary:
        draw_table(d, layout, quiz.summary, quiz.rows)


def _draw_title_row(d: DrawList2D, layout: HudLayout, title: str, stats: Sequence[str]) -> None:
    """The title at the left (wrapped onto the row's second line if it has one), the
    statistics at the right of its first line, dropped from the end when they do not fit."""
    s, row = layout.scale, layout.title_row
    size, gap = TEXT * s, 24 * s
    two = row.h > 30 * s
    lines = wrap_text(title, size, "bold", row.w - STATS_ROOM * s - gap if two else None)
    line_h = measure("A", size, "bold")[1]
    first_y = row.y + row.h / 2 - line_h * (len(lines) - 1) / 2
    if title:
        d.text("\n".join(lines), row.x, row.y + row.h / 2, size, INK, anchor="lm", font="bold")
    room = row.w - (measure(lines[0], size, "bold")[0] + gap if title else 0.0)
    shown = list(stats)
    text = "  ·  ".join(shown)
    while shown and measure(text, size)[0] > room:
        shown.pop()  # the least important statistics go first
        text = "  ·  ".join(shown)
    if text:
        d.text(text, row.x + row.w, first_y, size, MUTED, anchor="rm")


def _draw_caption(d: DrawList2D, caption: str, box: Rect, scale: float, ink: RGBA = INK) -> None:
    """Two lines, from CAPTION down to CAPTION_MIN; a caption longer than that (a chain
    told in full, in German, on a 4:3 frame) gets three lines of TEXT set a third of the
    box apart, so it is shortened only past those."""
    size, text = fit_text(caption, CAPTION * scale, CAPTION_MIN * scale, box.w, CAPTION_LINES)
    if not text.endswith("…") or caption.endswith("…"):
        d.text(text, box.x, box.y, size, ink, max_width=box.w)
        return
    size, text = fit_text(caption, TEXT * scale, TEXT * scale, box.w, CAPTION_LINES + 1)
    for k, line in enumerate(wrap_text(text, size, max_width=box.w)):
        d.text(line, box.x, box.y + k * box.h / (CAPTION_LINES + 1), size, ink)


def shows_pause(mode: Mode) -> bool:
    """Whether the footer's button shows pause (the player moves, a click stops it) rather
    than play."""
    return mode in (Mode.PLAYING, Mode.REVERSING, Mode.RECORDING)


def speed_text(frame: Frame[PuzzleModel]) -> str:
    """ "1 step/s", "2 steps/s", "auto · 1,800 steps/s" (the pace here)."""
    return pace_text(frame.rate if frame.auto else frame.speed, frame.level, frame.auto)


def pace_text(rate: float, level: Level, auto: bool) -> str:
    digits = 2 if rate < 1 else None if rate >= 10 else 3  # significant digits shown
    shown = float(round(rate) if digits is None else f"{rate:.{digits}g}")
    words = ngettext(*PACE_WORDS[level], 1 if shown == 1 else 2)
    pace = words.format(rate=number(shown))
    return gettext("auto · {pace}").format(pace=pace) if auto else pace


def counter_text(frame: Frame[PuzzleModel]) -> str:
    """The one position counter: steps, or events when playing event by event."""
    if frame.level is Level.EVENT or not frame.n_steps:
        return position_text(True, frame.cursor, frame.n_events)
    return position_text(False, frame.step + 1, frame.n_steps)


def position_text(events: bool, at: int, total: int) -> str:
    if events:
        return fill(gettext("event {at:,} / {total:,}"), at=at, total=total)
    return fill(gettext("step {at:,} / {total:,}"), at=at, total=total)


def draw_pace(d: DrawList2D, text: str, layout: HudLayout) -> None:
    """The pace ("1 step/s") right of the footer's play button; alone for the browser
    page, which draws the pace it plays at over a frame baked without it (viz/web)."""
    s, track = layout.scale, layout.track
    cy = track.y + track.h / 2
    ix = layout.speed_box.x + 9 * s  # the button's centre, as _draw_footer places it
    d.text(text, ix + 18 * s, cy, TEXT * s, MUTED, anchor="lm")


def _draw_footer(
    d: DrawList2D, frame: Frame[PuzzleModel], layout: HudLayout, *, pace: bool = True
) -> None:
    s = layout.scale
    track, box = layout.track, layout.speed_box
    cy = track.y + track.h / 2
    ix, r = box.x + 9 * s, 8 * s
    if shows_pause(frame.mode):  # what a click does, as media players show it
        d.rect(ix - r * 0.75, cy - r, r * 0.55, 2 * r, INK, radius=1.5 * s)
        d.rect(ix + r * 0.2, cy - r, r * 0.55, 2 * r, INK, radius=1.5 * s)
    else:
        d.polygon([(ix - r * 0.6, cy - r), (ix - r * 0.6, cy + r), (ix + r, cy)], INK)
    if pace:
        draw_pace(d, speed_text(frame), layout)
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
    """A pill at the bottom of the notice band: one line, or two for a long notice. Notices
    shown together (a search's result, then the latest notice) go from the end, whole, until
    the rest fits: the first is cut only if it does not fit alone."""
    s, band = layout.scale, layout.notice
    pad = 16 * s
    room = band.w - 2 * pad
    lines_h = measure("\n".join("A" * NOTICE_LINES), TEXT * s)[1]
    parts = message.split(NOTICE_SEPARATOR)
    while len(parts) > 1 and measure(NOTICE_SEPARATOR.join(parts), TEXT * s,
                                     max_width=room)[1] > lines_h + 1e-6:  # fmt: skip
        parts.pop()
    size, text = fit_text(NOTICE_SEPARATOR.join(parts), TEXT * s, TEXT * s, room, NOTICE_LINES)
    w, h = measure(text, size, max_width=room)
    pill_h = max(h + 7 * s, 32 * s)
    x, y = band.x + (band.w - w - 2 * pad) / 2, band.y + band.h - pill_h
    d.rect(x, y, w + 2 * pad, pill_h, rgba(INK, 0.9), radius=min(pill_h / 2, 16 * s))
    d.text(text, band.x + band.w / 2, y + pill_h / 2, size, "#FFFFFF", anchor="cm",
           max_width=room)  # fmt: skip


def draw_help(d: DrawList2D, layout: HudLayout, rows: Sequence[tuple[str, str]]) -> None:
    """The keys that apply here, over the stage and the caption (the help replaces both),
    in as few columns as hold them. Each key beside what it does, the keys of a column as
    wide as its widest but at most KEY_SHARE of it: a longer key stands above what it does,
    so one long key ("click / drag timeline") does not squeeze every description. Both are
    msgids: a key is named as the reader's keyboard prints it, in the reader's words."""
    keys = [(gettext(key), gettext(what)) for key, what in rows]
    draw_table(d, layout, gettext("Keys (H closes this)"), keys)


def draw_table(
    d: DrawList2D, layout: HudLayout, title: str, rows: Sequence[tuple[str, str]]
) -> None:
    """A panel over the stage, the caption and the notice band, with a title and rows of
    (key, what) in as few columns as hold them: the help's keys, a quiz's questions at its
    end. The notice band is the room a long help needs at 4:3 in German or Hungarian; a
    notice waits under the panel until it closes."""
    s, stage = layout.scale, layout.stage
    top = layout.caption.y if layout.caption is not None else stage.y
    stage = Rect(stage.x, top, stage.w, layout.notice.y + layout.notice.h - top)
    size, pad = TEXT * s, 18 * s
    d.rect(stage.x, stage.y, stage.w, stage.h, PANEL, radius=12 * s, stroke=rgba(INK, 0.25),
           width=1.0)  # fmt: skip
    d.text(title, stage.x + pad, stage.y + pad * 0.7, HELP_TITLE * s, INK, font="bold",
           max_width=stage.w - 2 * pad)  # fmt: skip
    top = stage.y + pad * 0.7 + HELP_TITLE * s * 1.6
    help = _HelpText(list(rows), size)
    columns = help.plan(stage.w - 2 * pad, stage.y + stage.h - pad - top, pad)
    col_w = (stage.w - 2 * pad - (len(columns) - 1) * pad) / max(len(columns), 1)
    x = stage.x + pad
    for chunk in columns:
        key_w = help.key_width(chunk, col_w)
        y = top
        for i in chunk:
            key, what = help.entries[i]
            d.text(key, x, y, size, ACCENT, font="bold")
            below = help.line if help.above(i, key_w) else 0.0
            d.text(what, x + key_w, y + below, size, INK, max_width=col_w - key_w)
            y += help.height(i, key_w, col_w)
        x += col_w + pad


HELP_COLUMNS = 3
KEY_SHARE = 0.36  # of a help column, the most its keys take beside what they do


@dataclasses.dataclass(frozen=True)
class _HelpText:
    """The help's rows measured at one text size, and how they fit into columns."""

    entries: list[tuple[str, str]]
    size: float

    @property
    def line(self) -> float:
        return measure("A", self.size, "bold")[1]

    def key_width(self, chunk: Sequence[int], col_w: float) -> float:
        """A column's key width: its widest key and a gap, at most KEY_SHARE of it."""
        keys = (measure(self.entries[i][0], self.size, "bold")[0] for i in chunk)
        return min(max(keys, default=0.0) + 16 * self.size / TEXT, KEY_SHARE * col_w)

    def above(self, i: int, key_w: float) -> bool:
        """Whether the key stands above what it does (too wide to stand beside it)."""
        return measure(self.entries[i][0], self.size, "bold")[0] > key_w - 6 * self.size / TEXT

    def height(self, i: int, key_w: float, col_w: float) -> float:
        what = measure(self.entries[i][1], self.size, max_width=col_w - key_w)[1]
        lines = self.line + what if self.above(i, key_w) else max(self.line, what)
        return lines + 4 * self.size / TEXT

    def columns(self, count: int, width: float, room: float, gap: float) -> list[list[int]] | None:
        """The rows in order, in at most `count` columns of at most `room` height, each
        filled before the next; None if they need more."""
        col_w = (width - (count - 1) * gap) / count
        columns: list[list[int]] = [[]]
        for i in range(len(self.entries)):
            trial = [*columns[-1], i]
            key_w = self.key_width(trial, col_w)
            if sum(self.height(k, key_w, col_w) for k in trial) > room and columns[-1]:
                columns.append([i])
            else:
                columns[-1] = trial
        return columns if len(columns) <= count else None

    def plan(self, width: float, room: float, gap: float) -> list[list[int]]:
        """The fewest columns that hold the rows in `room`; if even HELP_COLUMNS do not, they
        run as little past it as they must."""
        for count in range(1, HELP_COLUMNS + 1):
            columns = self.columns(count, width, room, gap)
            if columns is not None:
                return columns
        while (columns := self.columns(HELP_COLUMNS, width, room, gap)) is None:
            room += self.line
        return columns

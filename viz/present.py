"""Presenting a lesson (viz.lesson): title cards, the traces, pauses where the lecturer
talks, all driven by a clicker.

A clicker sends PageDown / PageUp. Here they mean "next" and "back" at the lesson's own
rhythm: from a slide's card into its trace, playing on to the next stop (a milestone or
step the lesson names), to the end, to the next card; back to the previous stop, to the
card, to the previous slide. Every other key is the viewer's (viz.app): a lecturer can
still step, scrub, turn the camera or try a move, and Ctrl+Right / Ctrl+Left (or Ctrl+
PageDown / PageUp) skip a whole slide. The speaker notes go to the terminal as each card
comes up, never onto the projected picture.

`LessonApp` is an App (input in, frames out, no window), so everything a clicker does is
tested headless; `run_lesson_window` is the window around it and `record_lesson` renders a
lesson to a video when there is no display.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path

import moderngl
import pygame

from solvers.i18n import N_, fill, gettext, msg
from viz.app import App
from viz.color import ACCENT, INK, MUTED
from viz.draw2d import DrawList2D
from viz.hud import HudLayout
from viz.lesson import Lesson, LessonError, Prepared, Stop
from viz.player import Mode, Player, speed_for_seconds
from viz.record import Recorder, RecordSettings, Segment, plan, webvtt_beside
from viz.scene import Canvas
from viz.text import fit_text
from viz.timeline import Level

# The shipped demo lesson's title (assets/lessons/demo.toml), a msgid so that its cards speak
# the reader's language; a teacher's own titles are shown as written.
DEMO_TITLE = N_("puzzleviz: watch puzzle solvers think")
CARD_SECONDS = 3.0  # autoplay: a card stays this long
WAIT_SECONDS = 2.5  # autoplay: a stop or a trace's end waits this long
LESSON_KEYS = (
    (N_("PageDown / PageUp"), N_("clicker: next / back (card, stops, next slide)")),
    (N_("Ctrl+Right / Left"), N_("next / previous slide")),
)


@dataclasses.dataclass(frozen=True)
class Pace:
    """The command line's pace, for slides that do not set their own."""

    speed: float | None = None
    seconds: float | None = None
    level: Level | None = None


def slide_pace(slide_speed: float | None, slide_seconds: float | None, slide_level: str | None,
               default: Pace) -> Pace:  # fmt: skip
    """A slide's own pace wins, as a whole (its speed over the command's seconds)."""
    level = Level(slide_level) if slide_level else default.level
    if slide_speed is not None or slide_seconds is not None:
        return Pace(slide_speed, slide_seconds if slide_speed is None else None, level)
    return dataclasses.replace(default, level=level)


class LessonApp(App):
    """The viewer, plus a title card per slide, stops, and the clicker's keys."""

    def __init__(
        self,
        ctx: moderngl.Context,
        lesson: Lesson,
        prepared: Sequence[Prepared],
        *,
        size: tuple[int, int],
        samples: int | None = None,
        pace: Pace = Pace(),
        notes: Callable[[str], None] = print,
    ):
        shown = [p.trace for p in prepared if p.trace is not None]
        if not shown:
            raise LessonError(f"{lesson.path}: no slide shows a trace (trace, solve or demo)")
        # App keeps one trace per slide; a card alone holds a stand-in that is never shown.
        traces = [p.trace if p.trace is not None else shown[0] for p in prepared]
        super().__init__(ctx, traces, size=size, samples=samples, speed=pace.speed,
                         level=pace.level)  # fmt: skip
        self.lesson = lesson
        self.prepared = list(prepared)
        self.pace = pace
        self.notes = notes
        self.on_card = True
        self._waited = 0.0
        self.enter(0)

    # -- where the lesson is ------------------------------------------------------------

    @property
    def current(self) -> Prepared:
        return self.prepared[self.index]

    def enter(self, index: int, *, at_end: bool = False) -> None:
        """Slide `index`: its card (or with `at_end`, its trace's result, coming back)."""
        self.load(index)
        prepared = self.current
        if prepared.trace is not None:
            self._set_pace(prepared)
        self.on_card = not (at_end and prepared.trace is not None)
        self._waited = 0.0
        if at_end:
            self.player.seek(self.player.trace.n_events)
        else:
            self.notes(notes_text(self.lesson, index, prepared))

    def _set_pace(self, prepared: Prepared) -> None:
        slide, trace = prepared.slide, self.player.trace
        pace = slide_pace(slide.speed, slide.seconds, slide.level, self.pace)
        level = pace.level or Level.STEP
        if pace.speed is not None:
            self.player = Player(trace, self.player.model, level=level, speed=pace.speed)
        elif pace.seconds is not None:
            speed = speed_for_seconds(trace, pace.seconds, level)
            self.player = Player(trace, self.player.model, level=level, speed=speed, auto=True)
        elif pace.level is not None:
            self.player.set_level(level)

    def forward(self) -> None:
        """The clicker's "next"."""
        player = self.player
        if self.on_card:
            if self.current.trace is None:
                self.next_slide()
            else:
                self.on_card = False
                player.seek(0)
                player.play()
        elif player.mode in (Mode.PLAYING, Mode.REVERSING):
            stop = self._stop_after(player.position)
            player.seek(stop.cursor if stop else player.trace.n_events)
            player.pause()
            self._arrived(stop)
        elif player.at_end:
            self.next_slide()
        else:
            player.play()
        self._waited = 0.0

    def backward(self) -> None:
        """The clicker's "back"."""
        player = self.player
        if self.on_card:
            self.previous_slide()
        elif player.position > 0:
            before = [s.cursor for s in self.current.stops if s.cursor < player.position]
            player.seek(before[-1] if before else 0)
            player.pause()
        else:
            self.on_card = True
        self._waited = 0.0

    def next_slide(self) -> None:
        if self.index + 1 < len(self.prepared):
            self.enter(self.index + 1)
        else:
            self.say(msg("The end of the lesson (Esc quits, PageUp goes back)"))

    def previous_slide(self) -> None:
        if self.index > 0:
            self.enter(self.index - 1, at_end=True)

    def _stop_after(self, position: float) -> Stop | None:
        return next((s for s in self.current.stops if s.cursor > position), None)

    def _arrived(self, stop: Stop | None) -> None:
        if stop is not None:
            self.say(msg("{stop} (PageDown goes on)", stop=stop.title))
            self.notes(f"  paused: {stop.title}")

    # -- input and time -----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._lesson_key(event.key, event.mod):
            return
        if self.on_card and event.type != pygame.QUIT:
            return  # the card has no timeline or stage to click
        super().handle(event)

    def _lesson_key(self, key: int, mod: int) -> bool:
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
            self.next_slide()
        elif ctrl and key in (pygame.K_LEFT, pygame.K_PAGEUP):
            self.previous_slide() if self.on_card or self.index > 0 else None
        elif key == pygame.K_PAGEDOWN or (self.on_card and key in (pygame.K_SPACE, pygame.K_RIGHT)):
            self.forward()
        elif key == pygame.K_PAGEUP or (self.on_card and key == pygame.K_LEFT):
            self.backward()
        elif self.on_card and key == pygame.K_f:
            return False  # fullscreen works on a card too
        elif self.on_card:
            return key != pygame.K_ESCAPE  # Esc quits; other viewer keys wait for the trace
        else:
            return False
        return True

    def help_rows(self) -> tuple[tuple[str, str], ...]:
        # PageDown / PageUp are the lesson's here, not the viewer's single steps
        rows = tuple(row for row in super().help_rows() if not row[0].startswith("PageDown"))
        return LESSON_KEYS + rows

    def tick(self, dt: float) -> None:
        player = self.player
        before = player.position
        super().tick(dt)
        if not self.on_card and player.mode is Mode.PLAYING:
            stop = self._stop_after(before)
            if stop is not None and stop.cursor <= player.position:
                player.seek(stop.cursor)
                player.pause()
                self._arrived(stop)
                self._waited = 0.0
        if not self.lesson.autoplay:
            return
        resting = self.on_card or (player.mode is Mode.PAUSED and not player.at_start)
        self._waited = self._waited + dt if resting else 0.0
        if self._waited >= (CARD_SECONDS if self.on_card else WAIT_SECONDS):
            last_end = player.at_end and self.index + 1 == len(self.prepared)
            self.enter(0) if last_end and not self.on_card else self.forward()  # a kiosk loops

    def render(self) -> HudLayout:
        if not self.on_card:
            return super().render()
        canvas = Canvas(*self.target.size)
        draw_card(canvas.d2, self.lesson, self.index, len(self.prepared), self.current,
                  self.current.heading, self._message)  # fmt: skip
        self.renderer.render(self.target, (), canvas.d2)
        return self.layout


def draw_card(
    d: DrawList2D,
    lesson: Lesson,
    index: int,
    total: int,
    prepared: Prepared,
    heading: str,
    message: str = "",
) -> None:
    """A slide's title card: big title, the puzzle under it, where in the lesson, how to
    go on. Sized from the height, so a projector's 1080p and a laptop's window match."""
    w, h = d.width, d.height
    s = h / 720.0
    m = 48 * s
    if lesson.title:
        d.text(gettext(lesson.title), m, m, 24 * s, MUTED)  # a msgid (the demo's) translated
    size, title = fit_text(gettext(prepared.slide.title), 60 * s, 36 * s, w - 2 * m, 2)
    _, title_h = d.text(title, m, h * 0.36, size, INK, font="bold", max_width=w - 2 * m)
    y = h * 0.36 + title_h + 18 * s
    d.rect(m, y, 120 * s, 6 * s, ACCENT, radius=3 * s)
    if heading:
        d.text(heading, m, y + 26 * s, 28 * s, MUTED, max_width=w - 2 * m)
    slide = fill(gettext("slide {number} / {total}"), number=index + 1, total=total)
    d.text(slide, m, h - m, 22 * s, MUTED, anchor="lb")
    hint = message or gettext("PageDown: start · PageUp: back · H: keys · Esc: quit")
    d.text(hint, w - m, h - m, 22 * s, MUTED, anchor="rb")


def notes_text(lesson: Lesson, index: int, prepared: Prepared) -> str:
    """The terminal's block for a slide: its title, its notes, where it will stop."""
    slide = prepared.slide
    head = f"── slide {index + 1}/{len(lesson.slides)}: {slide.title} "
    lines = [head + "─" * max(4, 72 - len(head))]
    lines += [f"  {line}" for line in slide.notes.strip().splitlines()] or ["  (no notes)"]
    if prepared.stops:
        lines.append(f"  stops: {len(prepared.stops)} (" + "; ".join(
            s.title for s in prepared.stops[:4]) + ("; ..." if len(prepared.stops) > 4 else "")
            + ")")  # fmt: skip
    return "\n".join(lines)


def run_lesson_window(
    lesson: Lesson,
    prepared: Sequence[Prepared],
    *,
    size: tuple[int, int] = (1280, 720),
    fullscreen: bool = False,
    samples: int | None = None,
    pace: Pace = Pace(),
    max_frames: int | None = None,
) -> None:
    """Present the lesson in a window until Esc (or `max_frames`, for tests)."""
    from viz.window import run_app

    def make(ctx: moderngl.Context, drawable: tuple[int, int]) -> App:
        return LessonApp(ctx, lesson, prepared, size=drawable, samples=samples, pace=pace)

    run_app(make, size=size, fullscreen=fullscreen, max_frames=max_frames,
            title=lesson.title or "puzzleviz lesson")  # fmt: skip


def record_lesson(
    lesson: Lesson,
    prepared: Sequence[Prepared],
    out: Path,
    settings: RecordSettings,
    *,
    pace: Pace = Pace(),
    webvtt: bool = True,
) -> Path:
    """The lesson as one video: each slide's trace, a chapter per slide and milestone."""
    segments: list[Segment] = []
    for p in prepared:
        if p.trace is None:
            continue
        slide = p.slide
        own = slide_pace(slide.speed, slide.seconds, slide.level, pace)
        paced = dataclasses.replace(settings, speed=own.speed, seconds_per_trace=own.seconds,
                                    level=own.level)  # fmt: skip
        segments.append(dataclasses.replace(plan(p.trace, paced), title=slide.title))
    if not segments:
        raise LessonError(f"{lesson.path}: no slide shows a trace (trace, solve or demo)")
    vtt = webvtt_beside(out) if webvtt and settings.subtitles else None
    return Recorder(settings).record(segments, out, webvtt_path=vtt)

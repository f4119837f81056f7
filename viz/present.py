"""Presenting a lesson (viz.lesson): title cards, the traces, pauses where the lecturer
talks, all driven by a clicker.

A clicker sends PageDown / PageUp. Here they mean "next" and "back" at the lesson's own
rhythm: from a slide's card into its trace, playing on to the next stop (a milestone or
step the lesson names), to the end, to the next card; back to the previous stop, to the
card, to the previous slide. Every other key is the viewer's (viz.app): a lecturer can
still step, scrub, turn the camera or try a move, and Ctrl+Right / Ctrl+Left (or Ctrl+
PageDown / PageUp, or N / P) skip a whole slide. The speaker notes go to the terminal as
each card comes up, never onto the projected picture. Nothing moves on by itself unless the
lesson asks for it (`autoplay`, or `--auto`: a kiosk), and even then Space holds it.

The first card is up at once: the slides' traces are prepared behind it (viz.preparing).

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
from puzzleviz.solvers.i18n import N_, fill, gettext, msg, render
from puzzleviz.solvers.registry import by_name
from puzzleviz.viz.app import WINDOW_KEYS, App
from puzzleviz.viz.color import ACCENT, INK, MUTED
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.hud import HudLayout, HudOptions, hud_layout, ui_scale
from puzzleviz.viz.lesson import Lesson, LessonError, Prepared, Stop
from puzzleviz.viz.player import Mode, Player, speed_for_seconds
from puzzleviz.viz.preparing import Preparation, preparing_text
from puzzleviz.viz.record import (
    Recorder,
    RecordSettings,
    Segment,
    check_frames,
    plan,
    webvtt_beside,
)
from puzzleviz.viz.scene import Canvas
from puzzleviz.viz.text import fit_text, measure
from puzzleviz.viz.timeline import Level
from puzzleviz.viz.window import run_app

# The shipped demo lesson's title (assets/lessons/demo.toml), a msgid so that its cards speak
# the reader's language; a teacher's own titles are shown as written.
DEMO_TITLE = N_("puzzleviz: watch puzzle solvers think")
CARD_SECONDS = 3.0  # autoplay: a card stays this long
WAIT_SECONDS = 2.5  # autoplay: a stop or a trace's end waits this long
LESSON_KEYS = (
    (N_("PageDown / PageUp"), N_("clicker: next / back (card, stops, next slide)")),
    (N_("N / P"), N_("next / previous slide")),
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
    """The viewer, plus a title card per slide, stops, and the clicker's keys.

    The slides' traces come from a Preparation that may still be at work: a card is shown
    at once, saying what is being prepared, and the clicker's "next" on a card whose trace
    is not ready yet starts it as soon as it is. Nothing moves on by itself unless `auto`
    (a kiosk): then cards and stops wait a few seconds each, and the presenter's Space
    holds everything until Space again."""

    def __init__(
        self,
        ctx: moderngl.Context,
        lesson: Lesson,
        preparation: Preparation | Sequence[Prepared],
        *,
        size: tuple[int, int],
        samples: int | None = None,
        pace: Pace = Pace(),
        notes: Callable[[str], None] = print,
        auto: bool | None = None,
    ):
        super().__init__(ctx, [], size=size, samples=samples, speed=pace.speed,
                         level=pace.level)  # fmt: skip
        if not isinstance(preparation, Preparation):
            preparation = Preparation.of(lesson, preparation)
        self.preparation = preparation
        self.traces = [None] * len(lesson.slides)
        self.lesson = lesson
        self.pace = pace
        self.notes = notes
        self.auto = lesson.autoplay if auto is None else auto
        self.held = False  # the presenter paused with Space: an automatic lesson waits
        self.on_card = True
        self.loaded: int | None = None  # the slide whose trace the viewer holds
        self._start_when_ready = False
        self._card_help = False
        self._waited = 0.0
        self.enter(0)

    # -- where the lesson is ------------------------------------------------------------

    @property
    def current(self) -> Prepared | None:
        """The slide shown, prepared (None while it is being prepared)."""
        return self.preparation.result(self.index)

    @property
    def showing_trace(self) -> bool:
        return not self.on_card and self.loaded == self.index

    def enter(self, index: int, *, at_end: bool = False) -> None:
        """Slide `index`: its card (or with `at_end`, its trace's result, coming back)."""
        self.index = index
        self.on_card = True
        self._start_when_ready = False
        self._waited = 0.0
        self.held = False
        prepared = self.current
        if prepared is not None and prepared.trace is not None:
            self._open(prepared)
            if at_end:
                self.on_card = False
                self.player.seek(self.player.trace.n_events)
                return
        if not at_end:
            self.notes(notes_text(self.lesson, index, prepared))

    def _open(self, prepared: Prepared) -> None:
        """Hold the slide's trace in the viewer, at its start, at the slide's pace."""
        if self.loaded == self.index:
            return
        self.traces[self.index] = prepared.trace
        self.load(self.index)
        self.loaded = self.index
        self._set_pace(prepared)

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
        self._waited = 0.0
        self.held = False
        if self.on_card:
            self._leave_card()
            return
        player = self.player
        if player.mode in (Mode.PLAYING, Mode.REVERSING):
            stop = self._stop_after(player.position)
            player.seek(stop.cursor if stop else player.trace.n_events)
            player.pause()
            self._arrived(stop)
        elif player.at_end:
            self.next_slide()
        else:
            player.play()

    def _leave_card(self) -> None:
        prepared = self.current
        if prepared is None:
            if self.preparation.error(self.index) is not None:
                self.next_slide()  # a slide that failed: its card said why
            else:
                self._start_when_ready = True  # it starts when its trace arrives
                self.say(msg("It starts as soon as it is ready"))
        elif prepared.trace is None:
            self.next_slide()
        else:
            self._open(prepared)
            self.on_card = False
            self.player.seek(0)
            self.player.play()

    def backward(self) -> None:
        """The clicker's "back"."""
        self._waited = 0.0
        self.held = False
        if self.on_card:
            self.previous_slide()
            return
        player = self.player
        if player.position > 0:
            before = [s.cursor for s in self._stops() if s.cursor < player.position]
            player.seek(before[-1] if before else 0)
            player.pause()
        else:
            self.on_card = True

    def next_slide(self) -> None:
        if self.index + 1 < len(self.lesson.slides):
            self.enter(self.index + 1)
        else:
            self.say(msg("The end of the lesson (Esc quits, PageUp goes back)"))

    def previous_slide(self) -> None:
        if self.index > 0:
            self.enter(self.index - 1, at_end=True)

    def _stops(self) -> tuple[Stop, ...]:
        prepared = self.current
        return prepared.stops if prepared is not None else ()

    def _stop_after(self, position: float) -> Stop | None:
        return next((s for s in self._stops() if s.cursor > position), None)

    def _arrived(self, stop: Stop | None) -> None:
        if stop is not None:
            self.say(msg("{stop} (PageDown goes on)", stop=stop.title))
            self.notes(f"  paused: {stop.title}")

    # -- input and time -----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._lesson_key(event.key, event.mod):
            return
        if not self.showing_trace and event.type != pygame.QUIT:
            return  # the card has no timeline or stage to click
        super().handle(event)

    def _lesson_key(self, key: int, mod: int) -> bool:
        """Keys the lesson takes before the viewer: True when taken."""
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if (ctrl and key in (pygame.K_RIGHT, pygame.K_PAGEDOWN)) or key == pygame.K_n:
            self.next_slide()
        elif (ctrl and key in (pygame.K_LEFT, pygame.K_PAGEUP)) or key == pygame.K_p:
            self.previous_slide()
        elif key == pygame.K_PAGEDOWN or (self.on_card and key in (pygame.K_SPACE, pygame.K_RIGHT)):
            self.forward()
        elif key == pygame.K_PAGEUP or (self.on_card and key == pygame.K_LEFT):
            self.backward()
        elif self.showing_trace:
            if key == pygame.K_SPACE:  # the viewer's play / pause, and the lesson holds
                self.player.toggle_play()
                self.held = self.player.mode is Mode.PAUSED
                self._waited = 0.0
                return True
            return False
        elif key == pygame.K_f:
            self._request_fullscreen()  # fullscreen works on a card too
        elif key == pygame.K_h:
            self._card_help = not self._card_help
        elif key == pygame.K_ESCAPE:
            if self._card_help:
                self._card_help = False
            else:
                self.quit_requested = True
        return True  # other viewer keys wait for the trace

    def help_rows(self) -> tuple[tuple[str, str], ...]:
        # PageDown / PageUp are the lesson's here, not the viewer's single steps
        rows = tuple(row for row in super().help_rows() if not row[0].startswith("PageDown"))
        return LESSON_KEYS + rows

    def tick(self, dt: float) -> None:
        if self.loaded != self.index:
            self._tick_waiting(dt)
            return
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
        if self.auto:
            self._tick_auto(dt)

    def _tick_waiting(self, dt: float) -> None:
        """A card whose trace is not held yet: take it as soon as it is prepared."""
        self._clock += dt
        self._count_down_message(dt)
        prepared = self.current
        if prepared is not None and prepared.trace is not None:
            self._open(prepared)
            if self._start_when_ready:
                self._leave_card()
        elif self.auto:
            self._waited += dt
            finished = prepared is not None or self.preparation.error(self.index) is not None
            if finished and self._waited >= CARD_SECONDS:
                self.forward()  # a card alone, or a slide that failed: the next one

    def _tick_auto(self, dt: float) -> None:
        player = self.player
        resting = self.on_card or (player.mode is Mode.PAUSED and not player.at_start)
        self._waited = self._waited + dt if resting and not self.held else 0.0
        if self._waited >= (CARD_SECONDS if self.on_card else WAIT_SECONDS):
            last_end = player.at_end and self.index + 1 == len(self.lesson.slides)
            self.enter(0) if last_end and not self.on_card else self.forward()  # a kiosk loops

    def _notice(self) -> str:
        notice = super()._notice()
        if notice or self.on_card or self.auto or not self.player.at_end:
            return notice
        if self.index + 1 < len(self.lesson.slides):
            return gettext("PageDown or N: the next slide")
        return gettext("The end of the lesson (Esc quits, PageUp goes back)")

    @property
    def layout(self) -> HudLayout:
        if self.loaded is None:
            return hud_layout(self.target.width, self.target.height, HudOptions())
        return super().layout

    def render(self) -> HudLayout:
        if self.showing_trace:
            return super().render()
        canvas = Canvas(*self.target.size)
        draw_card(canvas.d2, self.lesson, self.index, self._card_line(), self._message,
                  LESSON_KEYS + WINDOW_KEYS if self._card_help else ())  # fmt: skip
        self.renderer.render(self.target, (), canvas.d2)
        return self.layout

    def _card_line(self) -> str:
        """Under the card's title: the trace's heading, or how its preparation goes."""
        prepared = self.current
        if prepared is not None:
            return prepared.heading
        error = self.preparation.error(self.index)
        if error is not None:
            return str(error)
        under = self.preparation.under_way()
        if under is None:  # between two slides: a moment
            return render(preparing_text(msg("the slides"), 0.0))
        index, what, seconds = under
        if index == self.index:
            return render(preparing_text(what, seconds))
        return render(msg("Waiting: slide {number} is being prepared ({seconds} s)",
                          number=index + 1, seconds=round(seconds)))  # fmt: skip


def draw_card(
    d: DrawList2D,
    lesson: Lesson,
    index: int,
    line: str,
    message: str = "",
    keys: Sequence[tuple[str, str]] = (),
) -> None:
    """A slide's title card: big title, the puzzle under it (or how its preparation goes),
    where in the lesson, how to go on; with `keys`, the keys instead of the puzzle's line.
    Sized by the UI scale (viz.hud.ui_scale), so a 4:3 projector, a laptop and 1080p match;
    what does not fit beside something else goes under it, never over it."""
    w, h = d.width, d.height
    s = ui_scale(w, h)
    m = 48 * s
    room = w - 2 * m
    slide = lesson.slides[index]
    if lesson.title:
        d.text(gettext(lesson.title), m, m, 24 * s, MUTED, max_width=room)  # the demo's: a msgid
    size, title = fit_text(gettext(slide.title), 60 * s, 36 * s, room, 2)
    _, title_h = d.text(title, m, h * 0.36, size, INK, font="bold", max_width=room)
    y = h * 0.36 + title_h + 18 * s
    d.rect(m, y, 120 * s, 6 * s, ACCENT, radius=3 * s)
    if keys:
        _draw_card_keys(d, keys, m, y + 26 * s, room, s)
    elif line:
        d.text(line, m, y + 26 * s, 28 * s, MUTED, max_width=room)
    where = fill(gettext("slide {number} / {total}"), number=index + 1, total=len(lesson.slides))
    hint = message or gettext("Space or PageDown: start · N / P: next / previous slide · "
                              "H: keys · Esc: quit")  # fmt: skip
    footer = 22 * s
    where_w = d.text(where, m, h - m, footer, MUTED, anchor="lb")[0]
    if where_w + 32 * s + measure(hint, footer)[0] <= room:
        d.text(hint, w - m, h - m, footer, MUTED, anchor="rb")
    else:  # a long hint (a language's words, a notice) goes on the lines above
        hint_size, hint = fit_text(hint, footer, 18 * s, room, 2)
        d.text(hint, m, h - m - footer * 1.5, hint_size, MUTED, anchor="lb", max_width=room)


def _draw_card_keys(
    d: DrawList2D, keys: Sequence[tuple[str, str]], x: float, y: float, room: float, s: float
) -> None:
    """The lesson's keys on a card: each key in bold beside what it does."""
    size = 22 * s
    rows = [(gettext(key), gettext(what)) for key, what in keys]
    key_w = min(max(measure(key, size, "bold")[0] for key, _ in rows) + 24 * s, room * 0.45)
    for key, what in rows:
        key_h = d.text(key, x, y, size, INK, font="bold", max_width=key_w - 24 * s)[1]
        what_h = d.text(what, x + key_w, y, size, MUTED, max_width=room - key_w)[1]
        y += max(key_h, what_h) + 8 * s


def notes_text(lesson: Lesson, index: int, prepared: Prepared | None) -> str:
    """The terminal's block for a slide: its title, its notes, where it will stop."""
    slide = lesson.slides[index]
    head = f"── slide {index + 1}/{len(lesson.slides)}: {slide.title} "
    lines = [head + "─" * max(4, 72 - len(head))]
    lines += [f"  {line}" for line in slide.notes.strip().splitlines()] or ["  (no notes)"]
    stops = prepared.stops if prepared is not None else ()
    if stops:
        lines.append(f"  stops: {len(stops)} (" + "; ".join(
            s.title for s in stops[:4]) + ("; ..." if len(stops) > 4 else "") + ")")  # fmt: skip
    return "\n".join(lines)


def run_lesson_window(
    lesson: Lesson,
    preparation: Preparation | Sequence[Prepared],
    *,
    size: tuple[int, int] = (1280, 720),
    fullscreen: bool = False,
    samples: int | None = None,
    pace: Pace = Pace(),
    auto: bool | None = None,
    max_frames: int | None = None,
) -> None:
    """Present the lesson in a window until Esc (or `max_frames`, for tests); slides still
    being prepared arrive while it runs."""

    def make(ctx: moderngl.Context, drawable: tuple[int, int]) -> App:
        return LessonApp(ctx, lesson, preparation, size=drawable, samples=samples, pace=pace,
                         auto=auto)  # fmt: skip

    try:
        title = gettext(lesson.title) or "puzzleviz lesson"
        run_app(make, size=size, fullscreen=fullscreen, max_frames=max_frames, title=title,
                warm=lesson_kinds(lesson))  # fmt: skip
    finally:
        if isinstance(preparation, Preparation):
            preparation.cancel()  # a solve still running is not waited for


def lesson_kinds(lesson: Lesson) -> list[str]:
    """The puzzles a lesson is known to show before its slides are prepared (its demos and
    solves; a trace file's puzzle is known once it is read)."""
    kinds = [slide.demo for slide in lesson.slides if slide.demo]
    kinds += [by_name(slide.solve[0]).kind for slide in lesson.slides if slide.solve]
    return kinds


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
        segments.append(dataclasses.replace(plan(p.trace, paced), title=gettext(slide.title)))
    if not segments:
        raise LessonError(f"{lesson.path}: no slide shows a trace (trace, solve or demo)")
    check_frames(sum(segment.frames for segment in segments), settings.fps,
                 "give its slides a higher speed or fewer seconds")  # fmt: skip
    vtt = webvtt_beside(out) if webvtt and settings.subtitles else None
    return Recorder(settings).record(segments, out, webvtt_path=vtt)

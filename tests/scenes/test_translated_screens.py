"""Every screen in Hungarian, German and Japanese, with no English left on it.

What is drawn is read from the draw lists (canvas.d2.texts, the text runs the projector
checks use), never from the strings the code means to draw: a label that skips gettext, a
number written the English way or an f-string sentence shows up exactly as a viewer sees it.

The detectors are built from the catalogs, so nothing here lists English words by hand:
- a msgid of the code (tools/catalogs.py extract) drawn as it is, where the language's
  catalog has a different translation (placeholders match anything);
- an English word: a word of the msgids that no translation in the language uses (so names
  a translation keeps, like "SET", "HoDoKu" or "Esc", pass), which catches sentences that
  were never messages at all;
- in Hungarian and German, a number written the English way ("1,825", "2.5").
All are deterministic: the same traces, keys and clicks give the same texts every run.

The screens: every scene at several steps of its demo and of real search traces, in every
view and with the help overlay (the App's rows for the scene, the tour's and the lesson's);
the notices and progress lines the App and each scene's interaction show for the keys and
clicks they offer; the lesson's title card and its notices.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import re
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame
import pytest
from puzzleviz.solvers import i18n
from puzzleviz.viz.app import App
from puzzleviz.viz.compose import compose, make_view
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.hud import draw_help, hud_layout
from puzzleviz.viz.player import GLIDE_SECONDS
from puzzleviz.viz.scene import scene_for

from tests.scenes.test_projector import frames, trace_of, views

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("hu", "de", "ja")
SIZE = (1280, 720)
LATIN = "A-Za-z\u00c0-\u024f"  # a word of Latin letters ends where they do ("cell" in "cellába")
LETTERS = re.compile(rf"(?<![{LATIN}0-9])[A-Za-z]{{2,}}(?![{LATIN}0-9])")  # "r1c2", "A1": none
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Not prose: a file written (the screenshot notice's path) is the file's name in any language.
NOT_PROSE = re.compile(r"\S*[/\\]\S*\.(?:png|pzt|mp4)")
# A number written the English way ("1,825", "2.5"), wrong where the language writes numbers
# otherwise (CLDR: Hungarian groups digits with a no-break space, German with a dot, and both
# write a decimal comma); Japanese writes them as English does.
ENGLISH_NUMBER = re.compile(
    r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])|(?<![\d.,])\d+\.\d{1,2}(?![\d.])"
)
NUMBERS_OTHERWISE = ("hu", "de")
JOB_SECONDS = 300.0  # a generous bound on a background search, not a speed check


def _catalogs_tool():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("catalogs", module)
    spec.loader.exec_module(module)
    return module


@functools.cache
def code_msgids() -> tuple[tuple[str, ...], ...]:
    """Every msgid the code uses (singular and plural together), as extracted for the .pot."""
    template = _catalogs_tool().extract()
    return tuple(m.id if isinstance(m.id, tuple) else (m.id,) for m in template if m.id)


def _words(text: str) -> set[str]:
    return {w.lower() for w in LETTERS.findall(PLACEHOLDER.sub(" ", text))}


def _pattern(msgid: str) -> re.Pattern[str] | None:
    """The msgid as drawn: its placeholders match anything; None when its fixed text is too
    short to tell English from a name ("{first}, {rest}", "{n} x")."""
    fixed = PLACEHOLDER.split(msgid)
    if sum(ch.isalpha() for ch in "".join(fixed)) < 3:
        return None
    body = ".+?".join(re.escape(part) for part in fixed)
    return re.compile(rf"(?<![{LATIN}]){body}(?![{LATIN}])")


@dataclasses.dataclass(frozen=True)
class Leftovers:
    """What English looks like on a screen in one language."""

    lang: str
    msgids: tuple[tuple[str, re.Pattern[str]], ...]  # drawn as they are: not translated
    english: frozenset[str]  # words of the msgids that no translation here uses
    names: tuple[str, ...]  # msgids the translator kept as they are ("X-Wing"), longest first
    name_words: frozenset[str]  # their capitalised words, as written ("Loop" in "Cont. Loop")

    def find(self, text: str) -> list[str]:
        prose = NOT_PROSE.sub(" ", text)
        found = [f"msgid {msgid!r}" for msgid, pattern in self.msgids if pattern.search(prose)]
        for name in self.names:
            prose = prose.replace(name, " ")
        words = {w for w in LETTERS.findall(prose) if w not in self.name_words}
        found += [f"word {w!r}" for w in sorted({w.lower() for w in words} & self.english)]
        if self.lang in NUMBERS_OTHERWISE:
            found += [f"number {n!r}" for n in ENGLISH_NUMBER.findall(text)]
        return found


@functools.cache
def leftovers(lang: str) -> Leftovers:
    """The detectors of one language, from the code's msgids and the language's catalog: a
    translation that differs from its msgid makes the msgid English and its words the
    language's; a translation kept as the msgid makes it a name."""
    from babel.messages.pofile import read_po

    with (ROOT / "assets" / "locale" / lang / "LC_MESSAGES" / "puzzleviz.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    used_here: set[str] = set()
    names: set[str] = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if text in ids and not PLACEHOLDER.search(text):
                names.add(text)
            else:
                used_here |= _words(text or "")
    english: set[str] = set()
    patterns = []
    for ids in code_msgids():
        have = catalog.get(ids[0])
        strings = () if have is None else have.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        for msgid in ids:
            english |= _words(msgid)
            kept = have is not None and not have.fuzzy and all(strings) and msgid in strings
            pattern = None if kept else _pattern(msgid)  # kept: the translator's choice
            if pattern is not None:
                patterns.append((msgid, pattern))
    name_words = {w for name in names for w in LETTERS.findall(name) if w[0].isupper()}
    longest_first = tuple(sorted(names, key=len, reverse=True))
    return Leftovers(lang, tuple(patterns), frozenset(english - used_here), longest_first,
                     frozenset(name_words))  # fmt: skip


@pytest.fixture(params=LANGUAGES)
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


class Seen:
    """Drawn texts by where they were seen; `problems` lists the English among them."""

    def __init__(self, lang: str):
        self.lang = lang
        self.where: dict[str, str] = {}

    def add(self, texts: Iterable[str], where: str) -> None:
        for text in texts:
            self.where.setdefault(text, where)

    def problems(self) -> list[str]:
        found = leftovers(self.lang)
        out = []
        for text, where in self.where.items():
            out += [f"{where}: {hit} in {text!r}" for hit in found.find(text)]
        return out

    def check(self) -> None:
        problems = self.problems()
        assert not problems, f"{len(problems)} English leftovers:\n" + "\n".join(problems[:40])


def _texts(d: DrawList2D) -> list[str]:
    return [run.text for run in d.texts]


# -- the detectors themselves ----------------------------------------------------------------


def test_the_detectors_see_a_msgid_an_english_sentence_and_pass_translations(lang):
    seen = Seen(lang)
    seen.add(
        [i18n.gettext("jump / scrub"), i18n.number(1825.5, decimals=1), "A1 · r1c2 · SET"],
        "translated",
    )
    assert seen.problems() == []
    seen.add(["jump / scrub"], "a msgid left as it is")
    seen.add(["looking at position 5, 2 moves from the start"], "an f-string")
    problems = "\n".join(seen.problems())
    assert "msgid 'jump / scrub'" in problems and "word 'the'" in problems
    if lang in NUMBERS_OTHERWISE:
        seen.add(["1,825 steps/s", "2.5 s"], "English numbers")
        assert "number '1,825'" in "\n".join(seen.problems())
        assert "number '2.5'" in "\n".join(seen.problems())


# -- scenes, their help and the HUD ----------------------------------------------------------


def _scene_cases():
    from tests.scenes.test_projector import cases

    for case in cases():
        yield case.values[0]


@pytest.mark.parametrize("name", sorted(set(_scene_cases()) | {"queens"}))
def test_every_scene_view_and_help_is_translated(lang, name, demo, search_trace):
    """Header, statistics, caption, legend, chart labels, timeline and the help overlay,
    at the start, along and at the end of the trace, in every view the scene offers."""
    trace = trace_of(name, demo, search_trace)
    scene = scene_for(trace.header.kind)
    seen = Seen(lang)
    for view_name, options, help_shown in views(scene):
        for frame, look in frames(trace, options, help_shown):
            canvas, _ = compose(frame, look, SIZE, show_text=False)
            seen.add(_texts(canvas.d2), f"{name} {view_name} step {frame.step + 1}")
    seen.check()


def test_the_tour_and_lesson_help_is_translated(lang, demo):
    from puzzleviz.solvers.traceview import model_for
    from puzzleviz.viz.compose import default_look
    from puzzleviz.viz.player import Player
    from puzzleviz.viz.present import LessonApp

    seen = Seen(lang)
    for kind in ("cube", "rings"):  # with a camera, with an interaction
        trace = demo(kind)
        for cls, tour in ((App, True), (LessonApp, False)):
            app = cls.__new__(cls)
            app.scene = scene_for(kind)
            app.interaction = app.scene.interaction()
            app.player = Player(trace, model_for(trace))
            app.look = default_look(app.scene, app.player.frame())
            app.tour = tour
            app.quiz = None
            d = DrawList2D(*SIZE, show_text=False)
            draw_help(d, hud_layout(*SIZE, app.look.hud), app.help_rows())
            seen.add(_texts(d), f"{cls.__name__} help ({kind})")
    seen.check()


# -- notices and progress lines of the window ------------------------------------------------


class Watched:
    """An App whose every rendered frame's texts are kept (its renderer draws nothing)."""

    def __init__(self, app: App, seen: Seen, name: str):
        self.app, self.seen, self.name = app, seen, name
        app.renderer.render = self._drawn  # type: ignore[method-assign]
        app.render()

    def _drawn(self, target, layers, d2: DrawList2D) -> None:
        self.seen.add(_texts(d2), self.name)

    def frame(self) -> None:
        self.app.tick(GLIDE_SECONDS)
        self.app.render()

    def key(self, code: int, mod: int = 0) -> None:
        self.app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))
        self.frame()

    def click(self, x: float, y: float, button: int = 1) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.app.handle(pygame.event.Event(kind, pos=(x, y), button=button))
        self.frame()

    def finish_job(self) -> None:
        """Frames until the background job is done: its progress line is seen on the way."""
        deadline = time.monotonic() + JOB_SECONDS
        while self.app.session.job is not None and time.monotonic() < deadline:
            time.sleep(0.02)
            self.frame()
        assert self.app.session.job is None, "the background job did not finish"
        self.frame()

    @property
    def view(self):
        return make_view(self.app.look, self.app.target.size)[0]


PLAYER_PRESSES = (
    (pygame.K_SPACE, 0), (pygame.K_SPACE, 0), (pygame.K_RIGHT, 0), (pygame.K_LEFT, 0),
    (pygame.K_RIGHT, pygame.KMOD_SHIFT), (pygame.K_PERIOD, 0), (pygame.K_COMMA, 0),
    (pygame.K_r, 0), (pygame.K_HOME, 0), (pygame.K_END, 0), (pygame.K_UP, 0),
    (pygame.K_DOWN, 0), (pygame.K_a, 0), (pygame.K_a, 0), (pygame.K_a, 0), (pygame.K_l, 0),
    (pygame.K_l, 0), (pygame.K_l, 0), (pygame.K_h, 0), (pygame.K_h, 0), (pygame.K_u, 0),
    (pygame.K_y, pygame.KMOD_CTRL), (pygame.K_s, 0), (pygame.K_c, 0),
)  # fmt: skip


def _player_keys(w: Watched) -> None:
    """Every key of the viewer itself, and each scene option on and off again."""
    for code, mod in PLAYER_PRESSES:
        w.key(code, mod)
    for option in w.app.scene.options:
        for _ in range(2):
            w.key(pygame.key.key_code(option.key))


def _play_rings(w: Watched) -> None:
    from puzzleviz.scenes.rings import place, rings_area

    for code, mod in ((pygame.K_1, 0), (pygame.K_2, pygame.KMOD_SHIFT), (pygame.K_PLUS, 0),
                      (pygame.K_MINUS, 0), (pygame.K_x, 0), (pygame.K_m, 0), (pygame.K_m, 0),
                      (pygame.K_m, 0)):  # fmt: skip
        w.key(code, mod)
    w.key(pygame.K_HOME)
    w.key(pygame.K_1)  # a move before the shuffle sets it aside
    where = place(w.app.player.model.config, rings_area(w.view)[0])
    cx, cy = where.geometry.centres[0]
    w.click(*where.to_screen(cx - 1.0, cy))
    w.app.interaction.method = "bfs"  # small and exact
    w.key(pygame.K_g)
    w.finish_job()
    w.key(pygame.K_u)
    w.key(pygame.K_y, pygame.KMOD_CTRL)
    w.key(pygame.K_x)
    w.key(pygame.K_g)
    w.key(pygame.K_g)  # stopped at once
    w.key(pygame.K_z)
    w.key(pygame.K_g)  # already solved


def _play_set(w: Watched) -> None:
    from puzzleviz.scenes.setgame import board_layout

    board = board_layout(w.app.player.model, w.view.stage, w.view.scale)
    for card, button in ((0, 1), (1, 1), (2, 1), (1, 1), (40, 3), (40, 3), (41, 3), (41, 1)):
        w.click(*board.center(card), button)  # 2 completes a SET; 41 is forbidden
    w.key(pygame.K_g)
    w.finish_job()
    w.key(pygame.K_u)
    w.key(pygame.K_g)
    w.key(pygame.K_g)  # stopped


def _play_sudoku(w: Watched) -> None:
    from puzzleviz.scenes.sudoku import grid_layout, technique_rows

    for code in (pygame.K_RIGHTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET):
        w.key(code)
    w.key(pygame.K_t)
    w.finish_job()
    w.key(pygame.K_HOME)
    for _ in range(3):
        w.key(pygame.K_i)
    layout = grid_layout(w.view.stage, w.app.player.model.b, w.view.scale)
    empty = [c for c, v in enumerate(w.app.player.model.values(w.app.player.state)) if not v]
    marks = w.app.player.model.candidates(w.app.player.state)[empty[0]]
    absent = next(d for d in range(1, 10) if not marks >> (d - 1) & 1)
    present = next(d for d in range(1, 10) if marks >> (d - 1) & 1)
    w.click(*layout.candidate_center(empty[0], absent))  # not a pencil mark: refused
    w.click(*layout.candidate_center(empty[0], present))
    if layout.panel is not None:
        _, row = technique_rows(layout)[0]
        w.click(*row.center)
        w.finish_job()
    w.key(pygame.K_END)
    w.key(pygame.K_i)  # solved


def _rings_trace():
    from puzzleviz.solvers.rings.model.model import RingsModel
    from puzzleviz.solvers.tracer import RecordingTracer

    return RecordingTracer(RingsModel("2/8/1/2"), solver="rings.play").finish()


def _set_trace():
    from puzzleviz.solvers.setgame.model import SetGameModel
    from puzzleviz.solvers.tracer import RecordingTracer

    return RecordingTracer(SetGameModel(3, 4), solver="set.session").finish()


def _sudoku_trace():
    from puzzleviz.solvers.sudoku.search import solve_and_record

    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    return solve_and_record(puzzle)[1]


PLAYS: dict[str, tuple[Callable[..., object], Callable[[Watched], None]]] = {
    "rings": (_rings_trace, _play_rings),
    "setgame": (_set_trace, _play_set),
    "sudoku": (_sudoku_trace, _play_sudoku),
}


@pytest.mark.gl
@pytest.mark.parametrize("name", ["cube", "digits", "queens", "rings", "setgame", "sudoku"])
def test_every_notice_and_progress_line_of_the_window_is_translated(
    gl_ctx, lang, name, demo, tmp_path
):
    """The viewer's keys, then the scene's own keys and clicks (moves, refusals, searches
    with their progress, results, undo and redo), each frame's texts read as drawn."""
    pygame.init()
    make, play = PLAYS.get(name, (lambda: demo(name), None))
    app = App(gl_ctx, [make()], size=SIZE, screenshot_dir=tmp_path)
    seen = Seen(lang)
    w = Watched(app, seen, f"{name} window")
    _player_keys(w)
    if play is not None:
        w.key(pygame.K_HOME)
        play(w)
    seen.check()


# -- the lesson ------------------------------------------------------------------------------


@pytest.mark.gl
def test_the_lesson_cards_and_notices_are_translated(gl_ctx, lang, demo):
    """The demo lesson: each title card, a stop's notice, the lesson's end."""
    from puzzleviz.solvers.traceview import model_for
    from puzzleviz.viz.lesson import Prepared, load_lesson, stops_for
    from puzzleviz.viz.player import Player
    from puzzleviz.viz.present import LessonApp

    pygame.init()
    lesson = load_lesson(ROOT / "assets" / "lessons" / "demo.toml")
    prepared = []
    for slide in lesson.slides:
        trace = demo(slide.demo)
        heading = scene_for(trace.header.kind).heading(Player(trace, model_for(trace)).frame())
        prepared.append(Prepared(slide, trace, stops_for(trace, "all"), heading))
    app = LessonApp(gl_ctx, lesson, prepared, size=SIZE, notes=lambda text: None)
    seen = Seen(lang)
    w = Watched(app, seen, "lesson")
    for index in range(len(prepared)):
        w.name = f"lesson slide {index + 1}"
        w.frame()  # the card
        w.key(pygame.K_PAGEDOWN)  # into the trace
        w.key(pygame.K_PAGEDOWN)  # to its first stop
        if index + 1 < len(prepared):
            w.key(pygame.K_RIGHT, pygame.KMOD_CTRL)
    w.key(pygame.K_END)
    w.key(pygame.K_PAGEDOWN)  # the end of the lesson
    assert app.index == len(prepared) - 1
    seen.check()

"""A lesson file: several puzzles presented in one session, each with a title card and
speaker notes, pausing where the lecturer wants to talk.

    title = "How puzzle solvers think"      # optional, shown on every card
    autoplay = false                        # true: cards and ends move on by themselves

    [[slide]]
    title = "Sudoku, by hand"               # the card
    notes = "Start with the singles ..."    # on the terminal, never on the screen
    trace = "sudoku.pzt"                    # a trace file, beside the lesson file
    pause_at = ["solved"]                   # milestone kinds, step numbers, or "all"

    [[slide]]
    title = "Rings"
    solve = "rings --scramble 6 --seed 5"   # a `puzzleviz solve` command, run first
    seconds = 20                            # pace: about 20 s (or speed = 2, level = "step")

    [[slide]]
    title = "Every puzzle"
    demo = "all"                            # a puzzle's demo trace, or one slide per puzzle

A slide with none of trace/solve/demo is a card alone. Everything that can be checked
without running a solver is checked when the file is read, and every mistake is one line
naming the file, the slide and the key. This module reads and prepares; viz.present shows.

A lesson is a description, not a command line: lessons are mailed and downloaded, so a
lesson may show puzzles but never act for whoever presents it.

- It reads only files in its own folder (a trace, a puzzle file a solve names; links are
  followed to where they lead), unless the presenter passes `present --allow-outside`.
- Its `solve` is read by the puzzle's own solve parser (the same types and bounds as the
  command line, whole option names only: `--vid` is not `--video`), and may set only what
  cannot write, start processes or reach the network. That is decided per option, so it
  holds for a plugin's options too: a switch, a choice, or a value its type checks (a
  number) may be set; free text only where the puzzle declares it (PuzzleSpec.inputs: a
  file, taken from the lesson's folder; PuzzleSpec.texts: text that names nothing); and
  never an output (--json, --trace, --video, the puzzle's own `outputs`), --play, or the
  split options (--workers starts processes, --scheduler reaches a cluster, --split-log
  writes a log). The solve runs in the lesson's folder and writes only its trace, to a
  temporary folder.
- Its speeds and durations are checked by the command line's own validators, and a
  recording of it by the same frame limit as `record`.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.demos import build_demo, shipped_demo
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.i18n import fill, gettext, msg
from puzzleviz.solvers.reading import MB, FileFormat, parse_toml, read_text
from puzzleviz.solvers.registry import puzzles
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.defaults import LEVELS
from puzzleviz.viz.parsing import positive_float, seconds_float, solve_parser
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.subtitles import milestone_title

if TYPE_CHECKING:
    from puzzleviz.solvers.plugin import PuzzleSpec

LESSON_KEYS = ("title", "autoplay", "slide")
SLIDE_KEYS = ("title", "notes", "trace", "solve", "demo", "pause_at", "speed", "seconds", "level")
SOURCES = ("trace", "solve", "demo")
MAX_SLIDES = 200  # after `demo = "all"` is expanded; a lesson of an hour has a few dozen
# What a lesson's solve may never set, by dest, and why (see the module docstring).
REFUSED = {
    "trace": "is the lesson's to set",
    "video": "is the lesson's to set",
    "play": "is the lesson's to set",
    "json": "writes a file, and a lesson writes nothing but its own recording",
    "split_log": "writes a log file, and a lesson writes nothing but its own recording",
    "workers": "starts worker processes, which a lesson may not",
    "scheduler": "reaches a cluster over the network, which a lesson may not",
}
_CONSTANT_ACTIONS = (argparse._StoreConstAction, argparse._CountAction,
                     argparse.BooleanOptionalAction)  # fmt: skip
OUTSIDE_HINT = "a lesson reads only files in its own folder (present --allow-outside lifts this)"


class LessonError(PuzzlevizError):
    """A lesson file that cannot be presented; the message names the file and the key."""


LESSON_FILE = FileFormat("lesson file", 1 * MB, LessonError)  # text and titles: a few KB


@dataclasses.dataclass(frozen=True)
class Slide:
    title: str
    notes: str = ""
    source: str = ""  # "trace", "solve", "demo" or "" (a card alone)
    trace_path: Path | None = None
    solve: tuple[str, ...] = ()
    demo: str = ""  # a puzzle kind
    pause_at: tuple[str | int, ...] | str = ()  # milestone kinds and step numbers, or "all"
    speed: float | None = None
    seconds: float | None = None
    level: str | None = None


@dataclasses.dataclass(frozen=True)
class Lesson:
    path: Path
    title: str
    slides: tuple[Slide, ...]
    autoplay: bool = False
    reads: tuple[Path, ...] = ()  # the files its slides read (traces, puzzle files)

    @property
    def inputs(self) -> tuple[Path, ...]:
        """The lesson file and every file it reads: what its recording never replaces."""
        return (self.path, *self.reads)


@dataclasses.dataclass(frozen=True)
class Stop:
    """Where the player waits for the clicker: a cursor and what is reached there."""

    cursor: int
    title: str


@dataclasses.dataclass(frozen=True)
class Prepared:
    """A slide with its trace (None for a card alone) and its stops, in order."""

    slide: Slide
    trace: Trace | None
    stops: tuple[Stop, ...] = ()
    heading: str = ""  # the scene's title row for the trace, for the card


def load_lesson(path: str | Path, *, allow_outside: bool = False) -> Lesson:
    """Read and check a lesson file (trace files are loaded, puzzles looked up, solves
    parsed); with `allow_outside` its slides may read files outside its folder."""
    path = Path(path)
    document = parse_toml(read_text(path, LESSON_FILE), path, LESSON_FILE)
    _unknown(path, "", document, LESSON_KEYS)
    title = _text(path, "", document, "title", default="")
    autoplay = document.get("autoplay", False)
    if not isinstance(autoplay, bool):
        raise LessonError(f"{path}: 'autoplay' must be true or false, not {autoplay!r}")
    tables = document.get("slide")
    if not isinstance(tables, list) or not tables:
        raise LessonError(f"{path}: no slides: a lesson is a list of [[slide]] tables")
    slides: list[Slide] = []
    reads: list[Path] = []
    for n, table in enumerate(tables, 1):
        slides.extend(_slide(path, n, table, allow_outside, reads))
        if len(slides) > MAX_SLIDES:
            raise LessonError(f"{path}: more than {MAX_SLIDES} slides (slide {n})")
    if not any(slide.source for slide in slides):
        raise LessonError(f"{path}: no slide shows a trace (give a slide trace, solve or demo)")
    return Lesson(path, title, tuple(slides), autoplay, tuple(reads))


def _where(path: Path, slide: int | str) -> str:
    return f"{path}: slide {slide}: " if slide != "" else f"{path}: "


def _unknown(path: Path, slide: int | str, table: dict[str, Any], known: Sequence[str]) -> None:
    for key in table:
        if key not in known:
            raise LessonError(
                f"{_where(path, slide)}unknown key {key!r} (a "
                f"{'slide' if slide != '' else 'lesson'} has {', '.join(known)})"
            )


def _text(
    path: Path, slide: int | str, table: dict[str, Any], key: str, default: str | None = None
) -> str:
    value = table.get(key, default)
    if value is None:
        raise LessonError(f"{_where(path, slide)}{key!r} is missing")
    if not isinstance(value, str):
        raise LessonError(f"{_where(path, slide)}{key!r} must be text, not {value!r}")
    return value


def _number(path: Path, n: int, table: dict[str, Any], key: str) -> float | None:
    """A pace, checked as the command line checks --speed and --seconds."""
    value = table.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LessonError(f"{path}: slide {n}: {key!r} must be a number, not {value!r}")
    check = positive_float if key == "speed" else seconds_float
    try:
        return check(repr(value))
    except argparse.ArgumentTypeError as exc:
        raise LessonError(f"{path}: slide {n}: {key!r} must be a positive number: {exc}") from None


def _slide(path: Path, n: int, table: Any, allow_outside: bool, reads: list[Path]) -> list[Slide]:
    if not isinstance(table, dict):
        raise LessonError(f"{path}: slide {n}: a slide is a [[slide]] table")
    _unknown(path, n, table, SLIDE_KEYS)
    sources = [key for key in SOURCES if key in table]
    if len(sources) > 1:
        raise LessonError(f"{path}: slide {n}: give one of trace, solve or demo, not {sources}")
    level = table.get("level")
    if level is not None and level not in LEVELS:
        raise LessonError(f"{path}: slide {n}: 'level' must be one of {', '.join(LEVELS)}")
    slide = Slide(
        title=_text(path, n, table, "title", default="" if table.get("demo") == "all" else None),
        notes=_text(path, n, table, "notes", default=""),
        source=sources[0] if sources else "",
        pause_at=_pause_at(path, n, table.get("pause_at", ())),
        speed=_number(path, n, table, "speed"),
        seconds=_number(path, n, table, "seconds"),
        level=level,
    )
    if not sources:
        return [slide]
    if sources[0] == "trace":
        trace_slide = _trace_slide(path, n, slide, _text(path, n, table, "trace"), allow_outside)
        assert trace_slide.trace_path is not None
        reads.append(trace_slide.trace_path)
        return [trace_slide]
    if sources[0] == "solve":
        args = _solve_args(path, n, table["solve"], allow_outside, reads)
        return [dataclasses.replace(slide, solve=args)]
    return _demo_slides(path, n, slide, _text(path, n, table, "demo"))


def _pause_at(path: Path, n: int, value: Any) -> tuple[str | int, ...] | str:
    if value == "all":
        return "all"
    if value in ((), []):
        return ()
    items = value if isinstance(value, list) else [value]
    for item in items:
        if isinstance(item, bool) or not isinstance(item, str | int) or item in ("", 0):
            raise LessonError(
                f"{path}: slide {n}: 'pause_at' takes milestone kinds (\"solution\"), step "
                f'numbers from 1, or "all", not {item!r}'
            )
        if isinstance(item, int) and item < 0:
            raise LessonError(f"{path}: slide {n}: 'pause_at' step {item}: steps count from 1")
    return tuple(items)


def _inside(path: Path, name: str, allow_outside: bool) -> Path | None:
    """`name` as the lesson's folder resolves it; None if it names nothing. Outside the
    folder (by where its links lead) unless allowed: raises ValueError."""
    target = path.parent / name
    try:
        if not os.path.lexists(target):
            return None
        real, folder = os.path.realpath(target), os.path.realpath(path.parent)
    except (OSError, ValueError):  # a name too long, a NUL byte: it names no file
        return None
    if not allow_outside and os.path.commonpath([real, folder]) != folder:
        raise ValueError(name)
    return target


def _trace_slide(path: Path, n: int, slide: Slide, name: str, allow_outside: bool) -> Slide:
    try:
        found = _inside(path, name, allow_outside)
    except ValueError:
        raise LessonError(f"{path}: slide {n}: 'trace' {name!r}: {OUTSIDE_HINT}") from None
    trace_path = found or path.parent / name
    try:
        load_trace(trace_path)
    except PuzzlevizError as exc:
        raise LessonError(f"{path}: slide {n}: 'trace': {exc}") from None
    return dataclasses.replace(slide, trace_path=trace_path)


class _SolveRefused(Exception):
    """A lesson's solve that its puzzle's parser refuses (argparse's own message)."""


class _LessonParser(argparse.ArgumentParser):
    """The command line's parser for a lesson's solve: whole option names only, and a
    mistake raises instead of printing usage and exiting (-h too: not for a lesson)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _SolveRefused(message)

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        raise _SolveRefused(message or "-h/--help is not for a lesson")

    def print_help(self, file: Any = None) -> None:
        pass


def _solve_args(
    path: Path, n: int, value: Any, allow_outside: bool, reads: list[Path]
) -> tuple[str, ...]:
    where = f"{path}: slide {n}: 'solve'"
    if isinstance(value, str):
        try:
            args = shlex.split(value)
        except ValueError as exc:
            raise LessonError(f"{where}: {exc}") from None
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        args = list(value)
    else:
        raise LessonError(f'{where} must be text like "rings --seed 5"')
    specs = {spec.name: spec for spec in puzzles().values()}
    if not args or args[0] not in specs:
        raise LessonError(f"{where} starts with a puzzle: one of {', '.join(sorted(specs))}")
    try:
        given = _parse_solve(specs[args[0]], args[1:])
    except _SolveRefused as exc:
        raise LessonError(f"{where}: {exc}") from None
    for action, values in given:
        reason = _refusal(specs[args[0]], action)
        if reason:
            raise LessonError(f"{where}: {_shown(action)} {reason}")
        if action.dest in specs[args[0]].inputs:
            for text in values:
                try:
                    found = _inside(path, text, allow_outside)
                except ValueError:
                    raise LessonError(f"{where}: {text!r}: {OUTSIDE_HINT}") from None
                if found is not None:
                    reads.append(found)
    return tuple(args)


_UNSET = object()


def _parse_solve(spec: PuzzleSpec, args: list[str]) -> list[tuple[argparse.Action, list[str]]]:
    """The options `args` set, each with its values as text, parsed by the command line's
    own parser for the puzzle (every dest starts unset, so what stays unset was not given)."""
    parser = solve_parser(spec, _LessonParser)
    actions = [a for a in parser._actions if a.dest not in (argparse.SUPPRESS, "help")]
    namespace = argparse.Namespace(**{a.dest: _UNSET for a in actions})
    parsed = vars(parser.parse_args(args, namespace))
    given = []
    for action in actions:
        value = parsed.get(action.dest, _UNSET)
        if value is _UNSET or value is None:  # not given (a positional left out is None)
            continue
        values = value if isinstance(value, list) else [value]
        given.append((action, [str(v) for v in values if isinstance(v, str | os.PathLike)]))
    return given


def _refusal(spec: PuzzleSpec, action: argparse.Action) -> str:
    """Why a lesson may not set `action` ("" if it may; see the module docstring)."""
    if action.dest in REFUSED:
        return REFUSED[action.dest]
    if action.dest in spec.outputs:
        return "writes a file, and a lesson writes nothing but its own recording"
    if action.dest in (*spec.inputs, *spec.texts):
        return ""
    if isinstance(action, _CONSTANT_ACTIONS) or action.choices is not None:
        return ""
    if action.type not in (None, str, Path):  # a value its type checks: a number
        return ""
    return f"takes free text that {spec.name} does not declare safe for a lesson"


def _shown(action: argparse.Action) -> str:
    return "/".join(action.option_strings) or action.metavar or action.dest  # type: ignore[return-value]


def _demo_slides(path: Path, n: int, slide: Slide, name: str) -> list[Slide]:
    specs = [spec for spec in puzzles().values() if spec.demo]
    if name != "all":
        specs = [spec for spec in specs if name in (spec.kind, spec.name)]
        if not specs:
            known = ", ".join(spec.name for spec in puzzles().values() if spec.demo)
            raise LessonError(
                f"{path}: slide {n}: 'demo' {name!r}: no puzzle has that demo (known: "
                f'{known}, or "all")'
            )
    return [
        dataclasses.replace(
            slide,
            title=slide.title or scene_for(spec.kind).title,
            notes=slide.notes or spec.help,
            demo=spec.kind,
        )
        for spec in specs
    ]


# -- preparing ----------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Preparing:
    """A slide whose trace is being made now (a demo built, a solve run): `what` is a message
    for the card ("the sudoku demo"), `line` the terminal's line for the same."""

    index: int
    what: str
    line: str


RunChild = Callable[[list[str], Path], "subprocess.CompletedProcess[str]"]


def _run_child(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd)


def prepare_slide(
    lesson: Lesson,
    index: int,
    report: Callable[[Preparing], None] = lambda preparing: None,
    run_child: RunChild = _run_child,
) -> Prepared:
    """One slide, prepared: its trace (None for a card alone), its stops and heading.
    `report` hears of work that takes a while before it starts."""
    slide = lesson.slides[index]
    trace = _make_trace(lesson, index, slide, report, run_child)
    if trace is None:
        return Prepared(slide, None)
    return Prepared(slide, trace, stops_for(trace, slide.pause_at), _heading(trace))


def _heading(trace: Trace) -> str:
    """The scene's title row for the trace (made now: a scene may take its time over it,
    a sudoku's rates the whole solve)."""
    scene = scene_for(trace.header.kind)
    scene.warm_up(trace)  # on the preparation's thread, not the window's
    return scene.heading(Player(trace, model_for(trace)).frame())


def _make_trace(
    lesson: Lesson,
    index: int,
    slide: Slide,
    report: Callable[[Preparing], None],
    run_child: RunChild,
) -> Trace | None:
    n, total = index + 1, len(lesson.slides)
    if slide.trace_path is not None:
        return load_trace(slide.trace_path)
    if slide.demo:
        shipped = shipped_demo(slide.demo)
        if shipped is not None:
            return shipped
        what = msg("the {puzzle} demo", puzzle=msg(slide.title))
        report(Preparing(index, what, f"slide {n}/{total}: building the {slide.demo} demo ..."))
        return build_demo(slide.demo)
    if slide.solve:
        line = f"slide {n}/{total}: puzzleviz solve {shlex.join(slide.solve)} ..."
        report(Preparing(index, msg("the solve of slide {number}", number=n), line))
        with tempfile.TemporaryDirectory(prefix="puzzleviz-lesson-") as folder:
            out = Path(folder) / "slide.pzt"
            # in the lesson's folder, where its file names are read (-P: never a module from
            # there), writing nothing but the trace
            command = [sys.executable, "-P", "-m", "puzzleviz.viz.cli", "solve", *slide.solve,
                       "--trace", str(out)]  # fmt: skip
            done = run_child(command, lesson.path.parent.absolute())
            if done.returncode != 0 or not out.exists():
                lines = (done.stderr or done.stdout).strip().splitlines() or ["no trace"]
                reason = lines[-1].removeprefix("puzzleviz: error: ")
                raise LessonError(f"{lesson.path}: slide {n}: 'solve' failed: {reason}")
            return load_trace(out)
    return None


def stops_for(trace: Trace, pause_at: tuple[str | int, ...] | str) -> tuple[Stop, ...]:
    """The cursors to wait at: milestones of the kinds named (or all), ends of the steps
    numbered (steps past the trace's end are ignored: a solve may take fewer)."""
    milestones = trace.milestones()
    kinds = [kind for _, kind, _ in milestones]
    seen: dict[str, int] = {}
    stops: dict[int, str] = {}
    for pos, kind, caption in milestones:
        seen[kind] = seen.get(kind, 0) + 1
        if pause_at == "all" or kind in pause_at:
            title = milestone_title(kind, caption, seen[kind], kinds.count(kind))
            stops[pos] = f"{stops[pos]} · {title}" if pos in stops else title
    for item in pause_at if pause_at != "all" else ():
        if isinstance(item, int) and item <= trace.n_steps:
            pos = trace.step_range(item - 1)[1]
            caption = trace.step_caption_text(item - 1)
            after = fill(
                gettext("after step {number}: {caption}")
                if caption
                else gettext("after step {number}"),
                number=item,
                caption=caption,
            )
            stops.setdefault(pos, after)  # fmt: skip
    return tuple(Stop(pos, stops[pos]) for pos in sorted(stops) if pos > 0)

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
"""

from __future__ import annotations

import dataclasses
import math
import shlex
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from solvers.errors import PuzzlevizError
from solvers.i18n import fill, gettext, msg
from solvers.trace import Trace
from viz.defaults import LEVELS
from viz.subtitles import milestone_title

LESSON_KEYS = ("title", "autoplay", "slide")
SLIDE_KEYS = ("title", "notes", "trace", "solve", "demo", "pause_at", "speed", "seconds", "level")
SOURCES = ("trace", "solve", "demo")
OWN_OPTIONS = ("--trace", "--play", "--video")  # a lesson's solve records its own trace


class LessonError(PuzzlevizError):
    """A lesson file that cannot be presented; the message names the file and the key."""


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


def load_lesson(path: str | Path) -> Lesson:
    """Read and check a lesson file (trace files are loaded, puzzles looked up)."""
    path = Path(path)
    try:
        with path.open("rb") as source:
            document = tomllib.load(source)
    except FileNotFoundError:
        raise LessonError(f"{path}: no such lesson file") from None
    except IsADirectoryError:
        raise LessonError(f"{path}: is a folder, not a lesson file") from None
    except OSError as exc:
        raise LessonError(f"{path}: cannot read ({exc.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LessonError(f"{path}: not a valid TOML file: {exc}") from None
    _unknown(path, "", document, LESSON_KEYS)
    title = _text(path, "", document, "title", default="")
    autoplay = document.get("autoplay", False)
    if not isinstance(autoplay, bool):
        raise LessonError(f"{path}: 'autoplay' must be true or false, not {autoplay!r}")
    tables = document.get("slide")
    if not isinstance(tables, list) or not tables:
        raise LessonError(f"{path}: no slides: a lesson is a list of [[slide]] tables")
    slides: list[Slide] = []
    for n, table in enumerate(tables, 1):
        slides.extend(_slide(path, n, table))
    if not any(slide.source for slide in slides):
        raise LessonError(f"{path}: no slide shows a trace (give a slide trace, solve or demo)")
    return Lesson(path, title, tuple(slides), autoplay)


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
    value = table.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise LessonError(f"{path}: slide {n}: {key!r} must be a number, not {value!r}")
    if not (math.isfinite(value) and 0 < value <= 1_000_000):
        raise LessonError(f"{path}: slide {n}: {key!r} must be a positive number, not {value}")
    return float(value)


def _slide(path: Path, n: int, table: Any) -> list[Slide]:
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
        return [_trace_slide(path, n, slide, _text(path, n, table, "trace"))]
    if sources[0] == "solve":
        return [dataclasses.replace(slide, solve=_solve_args(path, n, table["solve"]))]
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


def _trace_slide(path: Path, n: int, slide: Slide, name: str) -> Slide:
    from solvers.tracefile import load_trace

    trace_path = path.parent / name
    try:
        load_trace(trace_path)
    except PuzzlevizError as exc:
        raise LessonError(f"{path}: slide {n}: 'trace': {exc}") from None
    return dataclasses.replace(slide, trace_path=trace_path)


def _solve_args(path: Path, n: int, value: Any) -> tuple[str, ...]:
    from solvers.registry import puzzles

    if isinstance(value, str):
        try:
            args = shlex.split(value)
        except ValueError as exc:
            raise LessonError(f"{path}: slide {n}: 'solve': {exc}") from None
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        args = list(value)
    else:
        raise LessonError(f"{path}: slide {n}: 'solve' must be text like \"rings --seed 5\"")
    names = sorted(spec.name for spec in puzzles().values())
    if not args or args[0] not in names:
        raise LessonError(
            f"{path}: slide {n}: 'solve' starts with a puzzle: one of {', '.join(names)}"
        )
    for arg in args:
        if arg.split("=")[0] in OWN_OPTIONS:
            raise LessonError(f"{path}: slide {n}: 'solve': {arg} is the lesson's to set")
    return tuple(args)


def _demo_slides(path: Path, n: int, slide: Slide, name: str) -> list[Slide]:
    from solvers.registry import puzzles
    from viz.scene import scene_for

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


RunChild = Callable[[list[str]], "subprocess.CompletedProcess[str]"]


def _run_child(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True)


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
    from solvers.traceview import model_for
    from viz.player import Player
    from viz.scene import scene_for

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
    from solvers.tracefile import load_trace

    n, total = index + 1, len(lesson.slides)
    if slide.trace_path is not None:
        return load_trace(slide.trace_path)
    if slide.demo:
        from solvers.demos import build_demo, shipped_demo

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
            command = [sys.executable, "-m", "viz.cli", "solve", *slide.solve, "--trace", str(out)]
            done = run_child(command)
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

"""The viewing commands of the CLI: play (window), record (video, GIF, PNG), present (a
lesson file) and demo (the lesson in assets/lessons/demo.toml)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.options import whole
from puzzleviz.viz.defaults import LEVELS, TOUR_SECONDS
from puzzleviz.viz.parsing import positive_float, seconds_float

if TYPE_CHECKING:
    from puzzleviz.solvers.trace import Trace
    from puzzleviz.viz.timeline import Level

    # add_subparsers' value; its parsers are of the parent's class (the CLI's own Parser)
    SubParsers = argparse._SubParsersAction[Any]

Run = Callable[[argparse.Namespace], int]
Guard = Callable[[Run, Sequence[str]], Run]


def parse_size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d{1,6})[xX](\d{1,6})", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"size {text!r} is not WIDTHxHEIGHT, e.g. 1280x720")
    w, h = int(match.group(1)), int(match.group(2))
    if not (16 <= w <= 7680 and 16 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {w}x{h} is outside 16x16 .. 7680x4320")
    return w, h


X264_PRESETS = ("ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
                "slower", "veryslow")  # fmt: skip


def _crf(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"crf {text!r} is not a whole number") from None
    if not 0 <= value <= 51:
        raise argparse.ArgumentTypeError(f"crf {value} is outside 0..51")
    return value


step_number = whole(1, None, below="steps are numbered from 1")


def _add_pace(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--speed",
        type=positive_float,
        metavar="S",
        help="units (see --level) per second; default: about a minute in all",
    )
    parser.add_argument(
        "--level",
        choices=LEVELS,
        help="play by event, by step or by milestone (default: step)",
    )
    parser.add_argument(
        "--msaa",
        type=int,
        choices=[0, 2, 4, 8],
        metavar="N",
        help="multisampling (default: 4 on a GPU, 0 on a software renderer)",
    )


def add_view_commands(sub: SubParsers, guard: Guard) -> None:
    """play, record and demo; `guard` checks a command's outputs before it runs."""
    play = sub.add_parser("play", help="replay traces in a window")
    play.add_argument("traces", nargs="*", type=Path, metavar="TRACE")
    play.add_argument(
        "--practice",
        metavar="TECHNIQUE",
        help="start from a generated puzzle that needs TECHNIQUE (sudoku: 'X-Wing', "
        "'xy-wing', 'unique rectangle type 1', 'als-xz'); in the window P makes the next, "
        "I gives hints",
    )
    play.add_argument("--size", type=parse_size, default=(1280, 720), metavar="WxH")
    play.add_argument("--fullscreen", action="store_true")
    _add_pace(play)
    play.set_defaults(run=guard(run_play, ()))

    record = sub.add_parser("record", help="record traces to MP4, GIF or PNG frames (no display)")
    record.add_argument("traces", nargs="+", type=Path, metavar="TRACE")
    record.add_argument(
        "-o",
        "--output",
        type=Path,
        required=True,
        metavar="OUT",
        help="out.mp4 (H.264), out.gif, or a folder/ for PNG frames",
    )
    record.add_argument("--size", type=parse_size, default=(1280, 720), metavar="WxH")
    record.add_argument("--fps", type=whole(1, 240), default=30, help="frames per second, 1..240")
    record.add_argument(
        "--from",
        dest="first_step",
        type=step_number,
        metavar="N",
        help="first step to show (1-based, as the HUD counts)",
    )
    record.add_argument(
        "--to", dest="last_step", type=step_number, metavar="M", help="last step shown"
    )
    record.add_argument(
        "--captions",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="draw step captions in the picture (default: yes)",
    )
    record.add_argument(
        "--subtitles",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="an MP4 also gets the captions as a subtitle track and as OUT.vtt beside it, "
        "with or without --captions (default: yes; chapters per milestone are always written)",
    )
    record.add_argument(
        "--seconds",
        type=seconds_float,
        metavar="S",
        help="pace each trace to last about S seconds (instead of --speed)",
    )
    record.add_argument(
        "--crf",
        type=_crf,
        default=20,
        metavar="0..51",
        help="H.264 quality: lower is better and larger (default 20)",
    )
    record.add_argument(
        "--preset",
        default="superfast",
        choices=X264_PRESETS,
        metavar="PRESET",
        help="x264 speed preset, ultrafast .. veryslow (default superfast)",
    )
    _add_pace(record)
    record.set_defaults(run=guard(run_record, ("output",)))

    present = sub.add_parser(
        "present",
        help="present a lesson file: title cards, traces, stops, clicker keys",
        description="Present several puzzles in one session. A lesson file lists [[slide]] "
        "tables (title, notes, one of trace / solve / demo, pause_at, speed or seconds); "
        "see examples/lesson.toml. PageDown / PageUp (a clicker) go on and back, "
        "Ctrl+Right / Ctrl+Left skip a slide, the notes appear on this terminal.",
    )
    present.add_argument(
        "lesson", type=Path, metavar="LESSON.toml", help="the lesson (a TOML file)"
    )
    _add_presenting(present, "record the lesson here instead of presenting it (default with "
                    "no display: LESSON.mp4, or LESSON-2.mp4 ... if that exists)",
                    seconds=None)  # fmt: skip
    present.add_argument(
        "--html",
        type=Path,
        default=None,
        metavar="OUT",
        help="write the lesson as one page that plays it in a browser, offline (OUT.html)",
    )
    present.add_argument(
        "--allow-outside",
        action="store_true",
        help="let the lesson read files outside its folder (traces, puzzle files); without "
        "it a lesson reads only files beside it",
    )
    present.set_defaults(run=guard(run_present, ("output", "html")))

    demo = sub.add_parser("demo", help="a tour of every puzzle scene: a window, or demo.mp4")
    _add_presenting(demo, "record the tour here instead of showing it (default with no "
                    "display: demo.mp4, or demo-2.mp4 ... if that exists)",
                    seconds=TOUR_SECONDS)  # fmt: skip
    demo.set_defaults(run=guard(run_demo, ("output",)))


def _add_presenting(parser: argparse.ArgumentParser, output: str, seconds: float | None) -> None:
    parser.add_argument("-o", "--output", type=Path, default=None, metavar="OUT", help=output)
    parser.add_argument("--size", type=parse_size, default=None, metavar="WxH")
    parser.add_argument("--fullscreen", action="store_true", help="start on the whole screen")
    parser.add_argument(
        "--auto",
        action="store_true",
        help="move on by itself (a kiosk): cards and stops wait a few seconds each, and "
        "Space holds it; without it every card waits for the presenter",
    )
    parser.add_argument(
        "--seconds",
        type=seconds_float,
        default=seconds,
        metavar="S",
        help="about how long each trace plays, where its slide sets no pace"
        + (f" (default {seconds:g})" if seconds else ""),
    )
    _add_pace(parser)


def _load(paths: list[Path]) -> list[Trace]:
    from puzzleviz.solvers.tracefile import load_trace

    return [load_trace(path) for path in paths]


def _level(args: argparse.Namespace) -> Level | None:
    from puzzleviz.viz.timeline import Level

    return Level(args.level) if args.level else None


def run_play(args: argparse.Namespace) -> int:
    from puzzleviz.viz.window import display_available, run_window

    if not args.traces and args.practice is None:
        raise PuzzlevizError("play needs a TRACE file, or --practice TECHNIQUE")
    traces = _load(args.traces)  # a bad file is said first, with or without a display
    if not display_available():
        raise PuzzlevizError(
            "no display to open a window on; use 'puzzleviz record TRACE -o out.mp4'"
        )
    if args.practice is not None:  # first, paused at its start: the student solves it
        traces.insert(0, practice_trace(args.practice))
    run_window(traces, size=args.size, fullscreen=args.fullscreen, speed=args.speed,
               level=_level(args), samples=args.msaa, play=args.practice is None)  # fmt: skip
    return 0


def practice_trace(technique: str, seed: int | None = None) -> Trace:
    """A practice puzzle from the puzzle that offers them (PuzzleSpec.practice: the sudoku),
    made with a progress line on stderr; Ctrl-C stops it (solvers.interrupt)."""
    import secrets

    from puzzleviz.solvers.interrupt import run_stoppable
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.registry import load, puzzles

    offering = [spec for spec in puzzles().values() if spec.practice is not None]
    if not offering:
        raise PuzzlevizError("no installed puzzle makes practice puzzles")
    spec = offering[0]
    assert spec.practice is not None
    make = load(spec, "practice", spec.practice)
    chosen = secrets.randbelow(2**31) if seed is None else seed
    with Progress(None, f"making a practice puzzle for {technique}") as bar:
        return run_stoppable(lambda: make(technique, chosen), on_poll=lambda _: bar.poll())


def run_record(args: argparse.Namespace) -> int:
    from puzzleviz.viz.record import (
        RecordSettings,
        check_frames,
        check_webvtt,
        plan,
        record_traces,
        webvtt_beside,
    )

    settings = RecordSettings(
        size=args.size,
        fps=args.fps,
        speed=args.speed,
        level=_level(args),
        first_step=args.first_step,
        last_step=args.last_step,
        captions=args.captions,
        subtitles=getattr(args, "subtitles", True),  # `solve --video` passes no such option
        samples=args.msaa,
        seconds_per_trace=args.seconds,
        crf=args.crf,
        preset=args.preset,
    )
    settings.check()
    vtt = webvtt_beside(args.output) if settings.subtitles else None
    if vtt is not None:
        check_webvtt(vtt, args.traces, hint="; or record with --no-subtitles")
    traces = _load(args.traces)
    frames = sum(plan(trace, settings).frames for trace in traces)
    check_frames(frames, args.fps, "raise --speed, use --seconds, or pick steps with --from/--to")
    out = record_traces(traces, args.output, settings, webvtt_path=vtt)
    print(f"wrote {out}" + (f" and its captions {vtt}" if vtt is not None else ""))
    return 0


def run_present(args: argparse.Namespace) -> int:
    from puzzleviz.viz.lesson import load_lesson

    lesson = load_lesson(args.lesson, allow_outside=args.allow_outside)
    if args.html is not None:
        return _lesson_page(lesson, args)
    return _present(lesson, args, Path(args.lesson.stem + ".mp4"), "the lesson")


def _lesson_page(lesson: Any, args: argparse.Namespace) -> int:
    """present --html: the lesson's tour as one page (viz.web.lesson_page); the page is
    never the lesson or a file it reads, checked before the slides are prepared."""
    from puzzleviz.solvers.atomic import Output, check_outputs
    from puzzleviz.viz.preparing import prepare
    from puzzleviz.viz.web.lesson_page import export_lesson
    from puzzleviz.viz.web.report import report_page

    check_outputs([Output("--html", args.html)], lesson.inputs)
    prepared = prepare(lesson, say=_progress_line)
    result = export_lesson(lesson, prepared, args.html, args.size or (1280, 720))
    report_page(args.html, result)
    return 0


def run_demo(args: argparse.Namespace) -> int:
    from puzzleviz.viz.lesson import load_lesson

    from puzzleviz import assets

    lesson = load_lesson(Path(assets.__file__).parent / "lessons" / "demo.toml")
    return _present(lesson, args, Path("demo.mp4"), "the demo tour")


def _progress_line(text: str) -> None:
    """A slide being prepared, said as progress is (solvers.progress): on a terminal, or
    with PUZZLEVIZ_PROGRESS=1; a script's stderr keeps only what went wrong."""
    if sys.stderr.isatty() or os.environ.get("PUZZLEVIZ_PROGRESS") == "1":
        print(text, file=sys.stderr, flush=True)


def _check_recording(lesson: Any, output: Path | None, fallback: Path) -> Path:
    """Where a lesson is recorded, through the output rule: never the lesson or a file it
    reads (links followed), and a default name that exists is not replaced: the first free
    NAME-2.mp4 ... is taken (with its captions' name free too)."""
    from puzzleviz.solvers.atomic import Output, check_outputs, free_name
    from puzzleviz.viz.record import check_webvtt, webvtt_beside
    from puzzleviz.viz.sinks import check_target

    out = output or free_name(fallback, beside=(".vtt",))
    if check_target(out) != "png":
        check_outputs([Output("-o/--output", out, named=output is not None)], lesson.inputs)
    vtt = webvtt_beside(out)
    if vtt is not None:
        check_webvtt(vtt, lesson.inputs)
    return out


def _present(lesson: Any, args: argparse.Namespace, fallback: Path, what: str) -> int:
    """Present in a window, or with -o or no display record to a video and say where.
    The window opens at once, its slides prepared behind the first card; a recording
    waits for them all."""
    from puzzleviz.viz.preparing import Preparation, prepare
    from puzzleviz.viz.present import Pace, record_lesson, run_lesson_window
    from puzzleviz.viz.record import RecordSettings
    from puzzleviz.viz.window import WindowError, display_available

    settings = RecordSettings(size=args.size or (1280, 720), samples=args.msaa)
    settings.check()
    pace = Pace(args.speed, args.seconds if args.speed is None else None, _level(args))
    window = args.output is None and display_available()
    auto = True if args.auto else None  # None: as the lesson says
    if window:
        preparation = Preparation(lesson)
        try:
            run_lesson_window(lesson, preparation, size=args.size or (1280, 720),
                              fullscreen=args.fullscreen, samples=args.msaa, pace=pace,
                              auto=auto)  # fmt: skip
            return 0
        except WindowError as exc:
            print(f"puzzleviz: {exc}; recording {what} instead", file=sys.stderr)
    out = _check_recording(lesson, args.output, fallback)
    if args.output is None:
        taken = f" ({fallback} exists)" if out != fallback else ""
        print(f"no display: recording {what} to {out}{taken}", file=sys.stderr)
    prepared = prepare(lesson, say=_progress_line)
    path = record_lesson(lesson, prepared, out, settings, pace=pace)
    shown = sum(p.trace is not None for p in prepared)
    print(f"wrote {path.resolve()} ({shown} puzzles); play it with any video player")
    return 0

"""`puzzleviz export TRACE... -o solve.html`: the parser's part (light: --help imports no
numpy, pygame or moderngl; see viz/cli.py) and the run, which imports the exporter."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from puzzleviz.viz.cli_view import parse_size
from puzzleviz.viz.quiz_command import add_step_options

if TYPE_CHECKING:
    from puzzleviz.solvers.trace import Trace
    from puzzleviz.viz.cli_view import Guard, SubParsers
    from puzzleviz.viz.web.export import Quiz


def add_export_command(sub: SubParsers, guard: Guard) -> None:
    export = sub.add_parser(
        "export",
        help="write traces as one HTML file that plays them offline in a browser",
        description="One page that plays the traces offline (several: a tour, N / P), "
        "with a menu of languages; --lang is the one it opens in.",
    )
    export.add_argument("traces", nargs="+", type=Path, metavar="TRACE")
    export.add_argument(
        "-o",
        "--output",
        dest="page",
        type=Path,
        required=True,
        metavar="OUT",
        help="OUT.html, or - for stdout",
    )
    export.add_argument(
        "--size",
        type=parse_size,
        default=(1280, 720),
        metavar="WxH",
        help="the picture's size in pixels, as the window's (default 1280x720); "
        "the page scales it to fit",
    )
    add_languages_option(export)
    export.add_argument(
        "--quiz",
        action="store_true",
        help="a quiz in the page: playback stops before chosen moves and asks the student "
        "to make them (one TRACE; by default the judge's steps, or --every N / --at 3,9,20)",
    )
    add_step_options(
        export,
        "with --quiz: ask before every N-th step that makes a move",
        "with --quiz: ask before these steps (from 1)",
        "a quiz asks at every N-th move",
    )
    export.set_defaults(run=guard(run_export, ("page",)))


def run_export(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.viz.web.export import ExportError, export_html

    check_languages(args)
    asked = getattr(args, "quiz", False)  # (solve --html exports with no quiz options)
    if (getattr(args, "every", None) or getattr(args, "at", None)) and not asked:
        raise ExportError("--every and --at choose a quiz's questions: add --quiz")
    if asked and len(args.traces) > 1:
        raise ExportError("--quiz asks about one trace: give one TRACE")
    traces = [load_trace(path) for path in args.traces]
    quiz = quiz_of(args, traces[0]) if asked else None
    result = export_html(traces, args.page, args.size, languages=args.languages, quiz=quiz)
    from puzzleviz.viz.web.report import report_page

    report_page(args.page, result)
    return 0


def quiz_of(args: argparse.Namespace, trace: Trace) -> Quiz:
    """The trace's judge and the questions' steps (0-based): checked before any drawing."""
    from puzzleviz.solvers.errors import PuzzlevizError
    from puzzleviz.solvers.registry import by_kind, load
    from puzzleviz.viz.quiz_command import chosen_steps

    spec = by_kind(trace.header.kind)
    if spec.judge is None:
        raise PuzzlevizError(f"{spec.title} ({spec.name}) has no quiz judge: it cannot be quizzed")
    judge = load(spec, "judge", spec.judge)(trace)
    steps = chosen_steps(args, judge, trace.n_steps)
    if not steps:
        raise PuzzlevizError("this trace has no step to ask about")
    return judge, steps


def add_languages_option(parser: argparse.ArgumentParser) -> None:
    """--languages: the page's menu (parsed before any work, as every option is)."""
    parser.add_argument(
        "--languages",
        type=_languages,
        default=None,
        metavar="LANGS",
        help="the languages of the page's menu, comma-separated (default all: "
        "en,hu,de,ja); --lang is the one it opens in",
    )


def _languages(text: str) -> tuple[str, ...]:
    """`en,de`: the menu's languages in the order given, each once."""
    from puzzleviz.solvers.i18n import LanguageError, parse_language

    try:
        codes = [parse_language(part) for part in text.split(",") if part.strip()]
    except LanguageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not codes:
        raise argparse.ArgumentTypeError(f"no language in {text!r}")
    return tuple(dict.fromkeys(codes))


def check_languages(args: argparse.Namespace) -> None:
    """--lang must be one of --languages (when both are given): before any work."""
    from puzzleviz.viz.web.export import ExportError

    languages, lang = getattr(args, "languages", None), getattr(args, "lang", None)
    if languages and lang and lang not in languages:
        raise ExportError(f"--lang {lang} is not among --languages {','.join(languages)}")

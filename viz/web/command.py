"""`puzzleviz export TRACE... -o solve.html`: the parser's part (light: --help imports no
numpy, pygame or moderngl; see viz/cli.py) and the run, which imports the exporter."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from puzzleviz.viz.cli_view import parse_size

if TYPE_CHECKING:
    from puzzleviz.viz.cli_view import Guard, SubParsers


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
    export.set_defaults(run=guard(run_export, ("page",)))


def run_export(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.viz.web.export import export_html

    check_languages(args)
    traces = [load_trace(path) for path in args.traces]
    result = export_html(traces, args.page, args.size, languages=args.languages)
    from puzzleviz.viz.web.report import report_page

    report_page(args.page, result)
    return 0


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

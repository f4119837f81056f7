"""`puzzleviz export TRACE -o solve.html`: the parser's part (light: --help imports no
numpy, pygame or moderngl; see viz/cli.py) and the run, which imports the exporter."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from puzzleviz.viz.cli_view import parse_size

if TYPE_CHECKING:
    from puzzleviz.viz.cli_view import Guard, SubParsers


def add_export_command(sub: SubParsers, guard: Guard) -> None:
    export = sub.add_parser(
        "export", help="write a trace as one HTML file that plays it offline in a browser"
    )
    export.add_argument("trace", type=Path, metavar="TRACE")
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
    export.set_defaults(run=guard(run_export, ("page",)))


def run_export(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.atomic import is_stdout
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.viz.web.export import export_html

    trace = load_trace(args.trace)
    result = export_html(trace, args.page, args.size)
    report = sys.stderr if is_stdout(str(args.page)) else sys.stdout
    size = len(result.html.encode()) / 1e3
    print(
        f"wrote {args.page} ({size:,.0f} kB, {result.frames} frames of which "
        f"{result.unique_frames} distinct, in {result.seconds:.1f} s)",
        file=report,
    )
    return 0

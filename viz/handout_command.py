"""`puzzleviz handout TRACE... -o lesson.pdf`: a printable handout of recorded solves.

The parser's part is light (--help imports no numpy, pygame, moderngl or fpdf2; see
viz/cli.py); the run loads the traces, plans the handout (viz.handout: every choice checked
before the first picture is drawn), draws it (viz.handout_pdf) and writes it atomically,
or to standard output for `-o -`.
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.viz.quiz_command import add_step_options

if TYPE_CHECKING:
    from puzzleviz.viz.cli_view import Guard, SubParsers

__all__ = ["MOST_TITLE", "PAPERS", "add_handout_command", "run_handout"]

MOST_TITLE = 200  # characters: a title, not a text
PAPERS = {"a4": "A4", "letter": "Letter"}  # --paper: the page format fpdf2 knows it by


def add_handout_command(sub: SubParsers, guard: Guard) -> None:
    handout = sub.add_parser(
        "handout",
        help="print traces as a PDF handout: pictures of the steps with their captions",
        description="A printable PDF of recorded solves: a title, then for each trace its "
        "start and milestones (or --every / --at steps), each a picture of the scene (vector "
        "graphics; the cube as an image) with the step and its caption, in --lang's language. "
        "With --quiz, questions first ('what does the solver do next?', the position before "
        "each step the quiz asks about) and an answer key at the end.",
    )
    handout.add_argument("traces", nargs="+", type=Path, metavar="TRACE")
    handout.add_argument(
        "-o", "--output", dest="pdf", required=True, metavar="OUT",
        help="OUT.pdf, or - for stdout",
    )  # fmt: skip
    handout.add_argument("--paper", choices=tuple(PAPERS), default="a4",
                         help="the page size (default a4)")  # fmt: skip
    handout.add_argument("--title", metavar="TEXT",
                         help="the handout's title (default: the puzzle and method)")  # fmt: skip
    handout.add_argument(
        "--quiz", action="store_true",
        help="questions first (the puzzle's quiz judge says the answers), an answer key last",
    )  # fmt: skip
    add_step_options(
        handout,
        "a picture after every N-th step (with --quiz, a question before every N-th move)",
        "pictures after these steps, from 1 (with --quiz, questions before them)",
        "a handout shows every N-th step",
    )
    handout.set_defaults(run=guard(run_handout, ("pdf",)))


def check_handout_options(args: argparse.Namespace) -> None:
    """What needs no trace to check: the output's name and the title."""
    from puzzleviz.solvers.atomic import output_kind

    if output_kind(args.pdf) == "file" and Path(args.pdf).suffix.lower() != ".pdf":
        raise PuzzlevizError(
            f"-o {args.pdf}: a handout is a PDF: name it OUT.pdf (or - for stdout)"
        )
    if args.title is not None:
        title = " ".join(args.title.split())
        if not title:
            raise PuzzlevizError("--title is empty: give the handout a title, or leave it out")
        if len(title) > MOST_TITLE:
            raise PuzzlevizError(f"--title has {len(title):,} characters (at most {MOST_TITLE})")
        args.title = title


def run_handout(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.atomic import open_output
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.viz.handout import plan_handout
    from puzzleviz.viz.handout_pdf import render_handout

    check_handout_options(args)
    traces = [load_trace(path) for path in args.traces]
    handout = plan_handout(traces, args.traces, args)
    quiet = [logging.getLogger(name) for name in ("fpdf", "fontTools")]
    levels = [logger.level for logger in quiet]
    for logger in quiet:  # a character no shipped font has is a box, as in the window
        logger.setLevel(logging.ERROR)
    try:
        label = f"handout {Path(args.pdf).name}"
        data = render_handout(handout, PAPERS[args.paper], label=label)
    finally:
        for logger, level in zip(quiet, levels, strict=True):
            logger.setLevel(level)
    with open_output(args.pdf, "wb") as out:
        out.write(data)
    questions = sum(len(s.questions) for s in handout.sections)
    asked = f", {questions} question{'s' * (questions != 1)}" if handout.quiz else ""
    print(f"wrote {args.pdf} ({len(data) / 1e3:,.0f} kB: {handout.pictures} pictures{asked})")
    return 0

"""`puzzleviz sudoku hint`: its options and its run. Light on purpose: --help reads the
options without importing the solver (hint.py, which loads the numba kernels): the imports
marked "lazy: --help" stay inside `run`.
"""

from __future__ import annotations

import argparse

from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.sudoku.options import NAME_STYLES
from puzzleviz.solvers.sudoku.techniques import parse_selection


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "The next step from a position, in three levels: 1 the technique's name, 2 the "
        "cells to look at, 3 the whole step with what it removes or places."
    )
    parser.add_argument(
        "puzzle",
        metavar="PUZZLE|FILE",
        help="the position: an 81-character line (0 or . for blanks), a grid or a file "
        "(your own digits are written in like givens)",
    )
    parser.add_argument(
        "--level", type=int, choices=(1, 2, 3), default=1,
        help="1 the technique (default), 2 where to look, 3 the whole step",
    )  # fmt: skip
    parser.add_argument(
        "--techniques", metavar="LIST", help="the techniques it may use (as for solve)"
    )
    parser.add_argument(
        "--names", choices=NAME_STYLES, default="a1", help="cell names: A1 (seed) or r1c1"
    )
    parser.add_argument("--index", type=int, metavar="N", help="puzzle N of a collection (from 1)")


def run(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.sudoku.hint import hint_for_puzzle  # lazy: --help
    from puzzleviz.solvers.sudoku.parse import load_argument  # lazy: --help

    enabled = parse_selection(args.techniques) - {"guess"}
    puzzles = load_argument(args.puzzle)
    if args.index is not None:
        if not 1 <= args.index <= len(puzzles):
            raise PuzzleInputError(f"--index {args.index}: the input holds {len(puzzles)} puzzles")
        puzzles = [puzzles[args.index - 1]]
    if len(puzzles) > 1:
        raise PuzzleInputError(
            f"a hint is for one position and the input holds {len(puzzles)}: pick one with --index"
        )
    hint = hint_for_puzzle(puzzles[0], enabled, style=args.names)
    print(hint.text(args.level))
    return 0

"""`puzzleviz solve sudoku PUZZLE|FILE`: its own options and the puzzle(s) they describe.

Nothing heavy is imported until a command runs: `--help` imports this module, so the imports
marked "lazy: --help" (numpy, and numba through the solver) stay inside the functions that
need them (tests/cli/test_help_is_light.py checks it)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.options import whole
from puzzleviz.solvers.sudoku import techniques as registry
from puzzleviz.solvers.sudoku.techniques import parse_selection

if TYPE_CHECKING:
    from puzzleviz.solvers.sudoku.model import SudokuModel
    from puzzleviz.solvers.sudoku.parse import Puzzle

NAME_STYLES = ("a1", "r1c1")  # geometry.NAME_STYLES


@dataclasses.dataclass(frozen=True)
class SudokuProblem:
    """One puzzle and the techniques the solver may use."""

    puzzle: Puzzle
    enabled: frozenset[str]
    allow_multiple: bool = False
    names: str = "a1"

    def model(self) -> SudokuModel:
        from puzzleviz.solvers.sudoku.model import SudokuModel  # lazy: --help

        return SudokuModel(self.puzzle.text())

    def start(self) -> None:
        return None

    def params(self) -> dict[str, Any]:
        from puzzleviz.solvers.sudoku.record import trace_params  # lazy: --help
        from puzzleviz.solvers.sudoku.search import check_solutions  # lazy: --help

        unique = check_solutions(self.puzzle, self.allow_multiple)[1]
        return trace_params(self.enabled, unique)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "puzzle",
        nargs="?",
        metavar="PUZZLE|FILE",
        help="an 81-character line (0 or . for blanks), a grid, an .sdk file or a collection "
        "(one puzzle per line); 4x4 and 16x16 work too",
    )
    parser.add_argument(
        "--techniques",
        metavar="LIST",
        help="comma list of techniques or groups to enable (default all); start with -name "
        "to remove from all, e.g. '-x_chain,-xy_chain' or 'singles,intersections,guess'",
    )
    parser.add_argument(
        "--names", choices=NAME_STYLES, default="a1", help="cell names: A1 (seed) or r1c1"
    )
    parser.add_argument(
        "--allow-multiple",
        action="store_true",
        help="solve a puzzle with several solutions anyway (uniqueness techniques off)",
    )
    parser.add_argument(
        "--no-guess", action="store_true", help="stop when logic stalls instead of guessing"
    )
    parser.add_argument(
        "--index", type=whole(1), metavar="N", help="only puzzle N of a collection (from 1)"
    )
    parser.add_argument(
        "--list-techniques", action="store_true", help="list the techniques in order and exit"
    )


def answer(args: argparse.Namespace) -> bool:
    """--list-techniques answers without a puzzle."""
    if not args.list_techniques:
        return False
    from puzzleviz.solvers.sudoku.rating import HODOKU, SE  # lazy: --help

    doc = registry.__doc__ or ""
    print(doc[doc.index("Rating scale") :].rstrip() + "\n")
    print("Columns: order, name, abbreviation, our scale, Sudoku Explainer weight (+ for a chain "
          "length bonus), HoDoKu level and points per step (solvers.sudoku.rating)\n")  # fmt: skip
    for number, t in enumerate(registry.ORDERED, start=1):
        extra = "  (needs a unique solution)" if t.needs_unique else ""
        weight, chain = SE.get(t.name, (0.0, ""))
        se = f"{weight:>4.1f}{'+' if chain else ' '}" if t.name in SE else "   - "
        _index, level, points = HODOKU[t.name]
        print(f"{number:>3}. {t.name:<20} {t.abbreviation:<4} {t.rating:>4.1f}  SE {se} "
              f"{level:<7} {points:>5}  {t.title}{extra}")  # fmt: skip
    return True


def problems(args: argparse.Namespace) -> list[SudokuProblem]:
    from puzzleviz.solvers.sudoku.parse import load_argument  # lazy: --help

    if not args.puzzle:
        raise PuzzleInputError("give a puzzle (81 characters, 0 or . for blanks) or a file")
    enabled = parse_selection(args.techniques)
    if args.no_guess:
        enabled = enabled - {"guess"}
    puzzles = load_argument(args.puzzle)
    if args.index is not None:
        if not 1 <= args.index <= len(puzzles):
            raise PuzzleInputError(f"--index {args.index}: the input holds {len(puzzles)} puzzles")
        puzzles = [puzzles[args.index - 1]]
    if args.trace and len(puzzles) > 1:
        raise PuzzleInputError(
            f"a trace holds one puzzle and the input holds {len(puzzles)}: pick one with --index"
        )
    return [SudokuProblem(p, enabled, args.allow_multiple, args.names) for p in puzzles]

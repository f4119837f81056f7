"""`puzzleviz solve sudoku PUZZLE|FILE`: solve with human techniques, print the steps,
write JSON (--json) and a trace for the player (--trace)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from solvers.atomic import write_json
from solvers.commands import PuzzleCommand, register_command
from solvers.errors import PuzzleInputError
from solvers.options import whole
from solvers.progress import Progress
from solvers.sudoku.geometry import NAME_STYLES, digit_char
from solvers.sudoku.parse import Puzzle, load_argument
from solvers.sudoku.solver import SolveResult, solve
from solvers.sudoku.techniques import ORDERED, parse_selection
from solvers.tracefile import save_trace


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
    parser.add_argument("--json", type=str, metavar="OUT", help="write the steps as JSON")
    parser.add_argument("--trace", type=str, metavar="OUT", help="write a trace for the player")
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
    parser.add_argument("-q", "--quiet", action="store_true", help="no step list, only the summary")
    parser.add_argument(
        "--list-techniques", action="store_true", help="list the techniques in order and exit"
    )


def step_document(step, n: int) -> dict[str, Any]:
    return {
        "technique": step.name,
        "placements": [[c // n, c % n, d] for c, d in step.placements],
        "eliminations": [[c // n, c % n, d] for c, d in step.eliminations],
        "pattern": [[c // n, c % n] for c in step.pattern_cells()],
        "caption": step.caption,
    }


def result_document(result: SolveResult) -> dict[str, Any]:
    """The JSON of issue 6: 0-based rows and columns."""
    n = result.puzzle.n
    return {
        "puzzle": result.puzzle.text(),
        "solution": "".join(digit_char(int(v)) for v in result.final),
        "rating": result.rating,
        "fallback_used": result.fallback_used,
        "steps": [step_document(s, n) for s in result.steps],
    }


def grid_text(result: SolveResult) -> str:
    b, n = result.puzzle.b, result.puzzle.n
    lines = []
    for r in range(n):
        if r and r % b == 0:
            lines.append("+".join(["-" * (2 * b + 1)] * b))
        row = [digit_char(int(v)) for v in result.final[r * n : (r + 1) * n]]
        lines.append("|".join(" " + " ".join(row[i : i + b]) + " " for i in range(0, n, b)))
    return "\n".join(lines)


def summary(result: SolveResult) -> str:
    used = ", ".join(f"{name} x{k}" for name, k in result.techniques_used().items())
    if not result.solved:
        open_cells = int((result.final == 0).sum())
        return (
            f"logic stalled after {len(result.steps)} steps with {open_cells} cells open "
            f"(enable more techniques, or allow guessing); techniques: {used or 'none'}"
        )
    guesses = sum(1 for s in result.steps if s.name == "guess")
    how = f"with {guesses} guess{'es' if guesses != 1 else ''}" if guesses else "by logic"
    return (
        f"solved {how} in {len(result.steps)} steps, rating {result.rating:.1f} "
        f"({result.level}); techniques: {used or 'none'}"
    )


def _list_techniques() -> int:
    import solvers.sudoku.techniques as registry

    doc = registry.__doc__ or ""
    print(doc[doc.index("Rating scale") :].rstrip() + "\n")
    for number, t in enumerate(ORDERED, start=1):
        extra = "  (needs a unique solution)" if t.needs_unique else ""
        print(f"{number:>3}. {t.name:<20} {t.abbreviation:<4} {t.rating:>4.1f}  {t.title}{extra}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.list_techniques:
        return _list_techniques()
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
    if len(puzzles) == 1:
        return _run_one(args, puzzles[0], enabled)
    return _run_many(args, puzzles, enabled)


def _solve(args: argparse.Namespace, puzzle: Puzzle, enabled: frozenset[str]) -> SolveResult:
    return solve(puzzle, enabled, allow_multiple=args.allow_multiple, names=args.names)


def _run_one(args: argparse.Namespace, puzzle: Puzzle, enabled: frozenset[str]) -> int:
    result = _solve(args, puzzle, enabled)
    trace = None
    if args.trace:
        from solvers.sudoku.record import record

        trace = record(result)
    out = sys.stdout
    if not args.quiet:
        width = len(str(len(result.steps)))
        for number, step in enumerate(result.steps, start=1):
            out.write(f"{number:>{width}}. {step.caption}\n")
        out.write(grid_text(result) + "\n")
    out.write(summary(result) + "\n")
    if args.json:
        write_json(args.json, result_document(result))
        out.write(f"wrote {args.json}\n")
    if trace is not None:
        save_trace(trace, args.trace)
        out.write(f"wrote {args.trace} ({trace.n_events:,} events, {trace.n_steps:,} steps)\n")
    return 0


def _run_many(args: argparse.Namespace, puzzles: list[Puzzle], enabled: frozenset[str]) -> int:
    documents = []
    out = sys.stdout
    with Progress(len(puzzles), "solving", unit="puzzles") as progress:
        for number, puzzle in enumerate(puzzles, start=1):
            try:
                result = _solve(args, puzzle, enabled)
            except PuzzleInputError as exc:
                raise PuzzleInputError(f"puzzle {number}: {exc}") from None
            documents.append(result_document(result))
            name = f" {puzzle.name}" if puzzle.name else ""
            out.write(f"{number}.{name}: {summary(result)}\n")
            progress.advance()
    if args.json:
        write_json(args.json, documents)
        out.write(f"wrote {args.json}\n")
    return 0


COMMAND = register_command(
    PuzzleCommand(
        path=("solve", "sudoku"),
        help="solve a sudoku with human techniques, step by step",
        add_arguments=add_arguments,
        run=run,
    )
)

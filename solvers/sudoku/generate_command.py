"""`puzzleviz sudoku generate`: practice puzzles that need one technique (issue 35).

Light on purpose, as hint_command: --help reads the options without loading the solver.
The generation runs through solvers.interrupt.run_stoppable, so Ctrl-C stops it between two
candidates (a few milliseconds each, on every worker thread) and the puzzles found so far
are kept on stdout.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from puzzleviz.solvers.options import whole


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Generate puzzles with a unique solution whose logical solution (easiest technique "
        "first) needs TECHNIQUE, each with the step where it first applies: puzzles to "
        "practise one technique, as HoDoKu's practising mode makes them."
    )
    parser.add_argument(
        "--needs", required=True, metavar="TECHNIQUE",
        help="the technique to practise, as the captions name it ('X-Wing', 'xy-wing', "
        "'unique rectangle type 1', 'als-xz'; case, spaces and hyphens do not matter)",
    )  # fmt: skip
    parser.add_argument(
        "--level", metavar="LEVEL",
        help="the puzzle's level instead (easy, medium, hard, expert, master, extreme): harder "
        "steps may follow; default: TECHNIQUE is the hardest step (for Unique Rectangle Type "
        "5, Franken and Mutant fish, too rare for that, chains and ALS may follow; each "
        "puzzle names its hardest technique)",
    )  # fmt: skip
    parser.add_argument("--count", type=whole(1, 1000), default=3, metavar="N",
                        help="how many puzzles (default 3)")  # fmt: skip
    parser.add_argument("--seed", type=whole(0, 2**31 - 1), default=1, metavar="S",
                        help="the same seed gives the same puzzles (default 1)")  # fmt: skip
    parser.add_argument(
        "--workers", type=whole(1, 64), default=None, metavar="N",
        help="threads trying candidates (default: the machine's cores, at most 4); the same "
        "seed gives the same puzzles with any number",
    )  # fmt: skip
    parser.add_argument(
        "--json", metavar="OUT", help="also write the puzzles as JSON (- for stdout)"
    )


def run(args: argparse.Namespace) -> int:
    from puzzleviz.solvers.atomic import write_json  # lazy: --help
    from puzzleviz.solvers.interrupt import run_stoppable  # lazy: --help
    from puzzleviz.solvers.progress import Progress  # lazy: --help
    from puzzleviz.solvers.sudoku.practice import (  # lazy: --help (numba)
        DEFAULT_WORKERS,
        PracticePuzzle,
        level_named,
        practice_puzzles,
        slow_notice,
        technique_named,
    )

    technique = technique_named(args.needs)
    level = None if args.level is None else level_named(args.level)
    notice = slow_notice(technique)
    if notice is not None:
        print(f"{notice}; the puzzles found are kept", file=sys.stderr)
    found: list[PracticePuzzle] = []
    to_stdout = args.json == "-"
    with Progress(args.count, f"puzzles needing {technique}", unit="puzzles") as bar:

        def seen(tried: int, made: int) -> None:
            bar.update(made, f"{tried:,} candidates")

        def work() -> None:
            workers = args.workers or DEFAULT_WORKERS
            for practice in practice_puzzles(technique, args.count, args.seed, level, seen,
                                             workers):  # fmt: skip
                found.append(practice)
                if not to_stdout:
                    bar.break_line()
                    print(practice.line(), flush=True)

        run_stoppable(work)
    if args.json is not None:
        document: dict[str, Any] = {
            "technique": technique,
            "level": level,
            "seed": args.seed,
            "puzzles": [p.to_json() for p in found],
        }
        write_json(args.json, document)
    return 0

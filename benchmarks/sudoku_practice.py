"""Practice puzzles (issue 35): for each technique, the time to generate 3 puzzles that need
it, and whether hodoku-py's own solution path of each puzzle contains the technique too.

    .venv/bin/python benchmarks/sudoku_practice.py [--count 3] [--seed 1] [--limit 120]
        [--only x_wing,als_xz] [--workers N]

hodoku-py (PyPI, GPL) is a peer here only, never a dependency: pip install it into the venv
to get the peer column (a puzzle counts when one of its steps is of a HoDoKu type of the same
technique, see HODOKU). The peer runs with its default configuration, except that the types
of the practised technique are switched on where HoDoKu's defaults leave them off (Death
Blossom, Mutant and Kraken fish, Franken Jellyfish): HoDoKu's path cannot contain a
technique it never tries. Those rows also give the count with the defaults untouched.
Targets: 3 puzzles for each technique within 60 s each; HoDoKu's path contains the
technique for at least 90% of them.
`--limit` stops a technique after that many seconds (what it found by then is counted).

HoDoKu's training list offers only the steps its solver has on (ConfigTrainigPanel: "allow
only steps, that are enabled (or we would never find a suitable puzzle)"), so with HoDoKu's
defaults it has neither Death Blossom nor Mutant or Kraken fish (hodoku_order.OFF); the
summary gives the targets for that list and for all of ours. The "then" column names the
hardest technique of puzzles whose path needs harder steps after the practised one
(practice.THEN_HARDER).
"""

from __future__ import annotations

import argparse
import time

from puzzleviz.solvers.interrupt import SearchStopped
from puzzleviz.solvers.sudoku.hodoku_order import OFF
from puzzleviz.solvers.sudoku.practice import (
    DEFAULT_WORKERS,
    PRACTICE,
    PracticePuzzle,
    practice_puzzles,
)

FISH = ("X_WING", "SWORDFISH", "JELLYFISH")
# Our technique -> the names of HoDoKu's SolutionTypes that are the same technique.
HODOKU: dict[str, tuple[str, ...]] = {
    "naked_single": ("NAKED_SINGLE", "FULL_HOUSE"),
    "hidden_single": ("HIDDEN_SINGLE",),
    "pointing_pair": ("LOCKED_CANDIDATES_1",),
    "pointing_triple": ("LOCKED_CANDIDATES_1",),
    "box_line_pair": ("LOCKED_CANDIDATES_2",),
    "box_line_triple": ("LOCKED_CANDIDATES_2",),
    "naked_pair": ("NAKED_PAIR", "LOCKED_PAIR"),
    "hidden_pair": ("HIDDEN_PAIR",),
    "naked_triple": ("NAKED_TRIPLE", "LOCKED_TRIPLE"),
    "hidden_triple": ("HIDDEN_TRIPLE",),
    "naked_quad": ("NAKED_QUADRUPLE",),
    "hidden_quad": ("HIDDEN_QUADRUPLE",),
    "x_wing": ("X_WING",),
    "swordfish": ("SWORDFISH",),
    "jellyfish": ("JELLYFISH",),
    "skyscraper": ("SKYSCRAPER",),
    "two_string_kite": ("TWO_STRING_KITE", "DUAL_TWO_STRING_KITE"),
    "turbot_fish": ("TURBOT_FISH",),
    "empty_rectangle": ("EMPTY_RECTANGLE", "DUAL_EMPTY_RECTANGLE"),
    "y_wing": ("XY_WING",),
    "xyz_wing": ("XYZ_WING",),
    "w_wing": ("W_WING",),
    **{f"unique_rectangle_{k}": (f"UNIQUENESS_{k}",) for k in range(1, 7)},
    "hidden_rectangle": ("HIDDEN_RECTANGLE",),
    "avoidable_rectangle": ("AVOIDABLE_RECTANGLE_1", "AVOIDABLE_RECTANGLE_2"),
    "bug_plus_1": ("BUG_PLUS_1",),
    "simple_colouring": ("SIMPLE_COLORS_TRAP", "SIMPLE_COLORS_WRAP"),
    "finned_x_wing": ("FINNED_X_WING", "SASHIMI_X_WING"),
    "finned_swordfish": ("FINNED_SWORDFISH", "SASHIMI_SWORDFISH"),
    "finned_jellyfish": ("FINNED_JELLYFISH", "SASHIMI_JELLYFISH"),
    "franken_fish": tuple(f"{p}FRANKEN_{f}" for p in ("", "FINNED_") for f in FISH),
    "mutant_fish": tuple(f"{p}MUTANT_{f}" for p in ("", "FINNED_") for f in FISH),
    "sue_de_coq": ("SUE_DE_COQ",),
    "x_chain": ("X_CHAIN",),
    "xy_chain": ("XY_CHAIN", "REMOTE_PAIR"),
    "continuous_nice_loop": ("CONTINUOUS_NICE_LOOP",),
    "aic": ("AIC", "DISCONTINUOUS_NICE_LOOP"),
    "grouped_aic": (
        "GROUPED_AIC",
        "GROUPED_DISCONTINUOUS_NICE_LOOP",
        "GROUPED_CONTINUOUS_NICE_LOOP",
    ),
    "als_xz": ("ALS_XZ",),
    "als_xy_wing": ("ALS_XY_WING",),
    "als_chain": ("ALS_XY_CHAIN",),
    "death_blossom": ("DEATH_BLOSSOM",),
    "kraken_fish": ("KRAKEN_FISH_TYPE_1", "KRAKEN_FISH_TYPE_2"),
    "forcing_chain": ("FORCING_CHAIN_CONTRADICTION", "FORCING_CHAIN_VERITY"),
    "forcing_net": ("FORCING_NET_CONTRADICTION", "FORCING_NET_VERITY"),
}


def ours(
    technique: str, count: int, seed: int, limit: float, workers: int
) -> tuple[list[float], int]:
    """Seconds at which each puzzle was found (at most `count`, within `limit`), candidates."""
    start = time.perf_counter()
    times: list[float] = []
    tried = [0]

    def seen(n: int, found: int) -> None:
        tried[0] = n
        if time.perf_counter() - start > limit:
            raise SearchStopped("time limit")

    found: list[PracticePuzzle] = []
    try:
        for p in practice_puzzles(technique, count, seed, on_candidate=seen, workers=workers):
            found.append(p)
            times.append(time.perf_counter() - start)
    except SearchStopped:
        pass
    ours.found = found  # type: ignore[attr-defined]
    return times, tried[0]


def peer_for(technique: str) -> object | None:
    """hodoku-py's solver with the practised technique's types on (None: the defaults have
    them on already)."""
    from hodoku.config import SolverConfig
    from hodoku.core.scoring import DEFAULT_STEPS

    off = [s.solution_type for s in DEFAULT_STEPS
           if s.solution_type.name in HODOKU[technique] and not s.enabled]  # fmt: skip
    if not off:
        return None
    from hodoku import Solver

    return Solver(SolverConfig(step_overrides={t: {"enabled": True} for t in off}))


def peer_agrees(solver: object, puzzles: list[PracticePuzzle], technique: str) -> int | None:
    if solver is None:
        return None
    names = set(HODOKU[technique])
    agree = 0
    for p in puzzles:
        result = solver.solve(p.puzzle.text().replace(".", "0"))  # type: ignore[attr-defined]
        agree += any(s.type.name in names for s in result.steps)
    return agree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=120.0)
    parser.add_argument("--only", help="techniques, comma-separated (default: all)")
    parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS,
                        help=f"threads (default {DEFAULT_WORKERS}, as the command)")  # fmt: skip
    args = parser.parse_args()
    try:
        from hodoku import Solver  # lazy: the peer is optional, installed by hand

        solver: object = Solver()
    except ImportError:
        print("hodoku-py is not installed (pip install hodoku-py into the venv): no peer column")
        solver = None
    techniques = args.only.split(",") if args.only else list(PRACTICE)
    practice_puzzles("naked_single", 1, 1).__next__()  # compile the kernels outside the timing
    print(f"| technique | puzzles | s to {args.count} (each) | candidates | HoDoKu agrees | then |")
    print("|---|---|---|---|---|---|")
    rows: list[tuple[str, int, int, bool]] = []  # technique, found, agreed, in time
    for technique in techniques:
        times, tried = ours(technique, args.count, args.seed, args.limit, args.workers)
        found = ours.found  # type: ignore[attr-defined]
        switched = None if solver is None else peer_for(technique)
        agree = peer_agrees(switched or solver, found, technique)
        rows.append((technique, len(found), agree or 0, len(found) == args.count))
        each = ", ".join(f"{t:.1f}" for t in times)
        last = f"{times[-1]:.1f}" if len(times) == args.count else f">{args.limit:.0f}"
        peer = "-" if agree is None else f"{agree}/{len(found)}"
        if switched is not None:
            peer += f" (defaults: {peer_agrees(solver, found, technique)}/{len(found)})"
        then = ", ".join(sorted({p.hardest for p in found if p.hardest != technique})) or "-"
        print(f"| {technique} | {len(found)} | {last} ({each}) | {tried:,} | {peer} | {then} |",
              flush=True)  # fmt: skip
    default_list = [r for r in rows if r[0] not in OFF]
    for title, chosen in (("all of ours", rows), ("HoDoKu's default training list", default_list)):
        made, agreed = sum(r[1] for r in chosen), sum(r[2] for r in chosen)
        line = f"\n{title}: {sum(r[3] for r in chosen)} of {len(chosen)} techniques get "
        line += f"{args.count} puzzles within {args.limit:.0f} s"
        if solver is not None and made:
            line += f"; HoDoKu's path has the technique for {agreed}/{made}"
            line += f" ({100 * agreed / made:.0f}%)"
        print(line)


if __name__ == "__main__":
    main()

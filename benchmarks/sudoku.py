"""Sudoku by human techniques: full step lists on 100+ hard puzzles, against hodoku-py.

hodoku-py (PyPI, GPL) is a peer here only, never a dependency: pip install it into the venv
by hand. Two comparisons on the same puzzles:

1. Same techniques: hodoku-py restricted to the techniques we implement (its X-chain
   special cases Skyscraper, 2-String Kite, Turbot Fish, Remote Pair and its locked pairs
   and triples are kept: our X-chains, XY-chains and subsets cover them; for our AIC it
   gets its nice loops, which include AICs and find more), with brute force as its
   fallback, against our solver with all techniques and the guess fallback.
2. Each at full strength: hodoku-py's default configuration (ALS, nice loops, forcing
   chains, finned and Franken fish ...) against ours: who solves more without guessing.

Both produce full step lists: ours with a caption per step. Our time includes the input
check (brute-force uniqueness) and the captions; numba compilation is warmed up first.
Times are CPU seconds of this process (both solvers run in it), so that other work on a
shared machine does not tilt the comparison.
Every one of our solves is also checked for soundness (no true digit ever removed).
Target (issue 6): >= 20x faster than hodoku-py.

Last measured (2 shared cores, load 7-8, CPU seconds): 230 puzzles, ours 1.17 s (median
2.0 ms a puzzle), 183 solved without guessing, 0 unsound eliminations; hodoku-py with the
same techniques 91.0 s, also 183 without guessing: 78x in total, 45x median per puzzle.
First 30 (famous) at full strength: ours 0.32 s, 18 without guessing; hodoku-py default
76.4 s, 24 without guessing: 236x in total, 54x median.

    .venv/bin/python benchmarks/sudoku.py [--limit N] [--skip-peer] [--skip-same]
                                          [--default-limit 40] [--files A B ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from solvers.sudoku.parse import Puzzle, read_puzzles
from solvers.sudoku.search import solve
from solvers.sudoku.soundness import unsound_steps

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "puzzles" / "sudoku"
DEFAULT_FILES = ("famous_hard.txt", "generated_hard.txt")

SAME_AS_OURS = [
    "FULL_HOUSE",
    "NAKED_SINGLE",
    "HIDDEN_SINGLE",
    "LOCKED_PAIR",
    "LOCKED_TRIPLE",
    "LOCKED_CANDIDATES_1",
    "LOCKED_CANDIDATES_2",
    "NAKED_PAIR",
    "NAKED_TRIPLE",
    "HIDDEN_PAIR",
    "HIDDEN_TRIPLE",
    "NAKED_QUADRUPLE",
    "HIDDEN_QUADRUPLE",
    "X_WING",
    "SWORDFISH",
    "JELLYFISH",
    "REMOTE_PAIR",
    "BUG_PLUS_1",
    "SKYSCRAPER",
    "TWO_STRING_KITE",
    "TURBOT_FISH",
    "W_WING",
    "XY_WING",
    "XYZ_WING",
    "UNIQUENESS_1",
    "UNIQUENESS_2",
    "UNIQUENESS_4",
    "SIMPLE_COLORS_TRAP",
    "X_CHAIN",
    "XY_CHAIN",
    "CONTINUOUS_NICE_LOOP",
    "FINNED_X_WING",
    "SASHIMI_X_WING",
    "FINNED_SWORDFISH",
    "SASHIMI_SWORDFISH",
    "FINNED_JELLYFISH",
    "SASHIMI_JELLYFISH",
    "BRUTE_FORCE",
    "GIVE_UP",
    "INCOMPLETE",
]


def ours(puzzles: list[Puzzle]) -> dict:
    solve(puzzles[0])  # compile / load the numba kernels
    times, guessed, counts, unsound, stalled = [], [], [], 0, []
    for p in puzzles:
        t0 = time.process_time()
        result = solve(p, names="a1")
        times.append(time.process_time() - t0)
        guessed.append(result.fallback_used)
        counts.append(len(result.steps))
        unsound += len(unsound_steps(result))
        assert result.solved
        if result.fallback_used:
            stalled.append(p.name)
    return {
        "times": times,
        "logic": guessed.count(False),
        "steps": sum(counts),
        "unsound": unsound,
        "guessed": guessed,
        "step_counts": counts,
        "stalled": stalled,
    }


def hodoku_solver(restricted: bool):
    from hodoku import Solver, SolverConfig
    from hodoku.core.scoring import DEFAULT_STEPS

    if not restricted:
        return Solver()
    keep = set(SAME_AS_OURS)
    overrides = {s.solution_type: {"enabled": s.solution_type.name in keep} for s in DEFAULT_STEPS}
    return Solver(SolverConfig(step_overrides=overrides))


def peer(puzzles: list[Puzzle], restricted: bool) -> dict | None:
    try:
        solver = hodoku_solver(restricted)
    except ImportError:
        print("  hodoku-py is not installed (pip install hodoku-py into the venv): skipped")
        return None
    times, logic, steps = [], 0, 0
    for p in puzzles:
        t0 = time.process_time()
        result = solver.solve(p.text().replace(".", "0"))
        times.append(time.process_time() - t0)
        logic += result.solved and not any(s.type.name == "BRUTE_FORCE" for s in result.steps)
        steps += len(result.steps)
    return {"times": times, "logic": logic, "steps": steps}


def row(name: str, r: dict, n: int) -> str:
    total = sum(r["times"])
    return (
        f"  {name:<34} {total:8.2f} s CPU  {1000 * total / n:8.2f} ms/puzzle  "
        f"median {1000 * statistics.median(r['times']):7.2f} ms  "
        f"no guess {r['logic']:>3}/{n} ({100 * r['logic'] / n:4.1f}%)  steps {r['steps']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="*", default=[str(ASSETS / f) for f in DEFAULT_FILES])
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    parser.add_argument("--skip-peer", action="store_true", help="time only our solver")
    parser.add_argument(
        "--skip-same", action="store_true", help="skip hodoku-py with our techniques"
    )
    parser.add_argument(
        "--default-limit",
        type=int,
        default=40,
        help="puzzles for hodoku-py's default configuration (it takes seconds per puzzle)",
    )
    args = parser.parse_args()
    puzzles = [p for f in args.files if Path(f).exists() for p in read_puzzles(f)]
    if args.limit:
        puzzles = puzzles[: args.limit]
    n = len(puzzles)
    print(f"{n} hard puzzles from {', '.join(Path(f).name for f in args.files)}")
    mine = ours(puzzles)
    print(row("puzzleviz (all techniques)", mine, n))
    print(f"  unsound eliminations: {mine['unsound']}")
    famous = [name for name in mine["stalled"] if not name.startswith("seed=")]
    print(f"  famous puzzles that still need a guess: {', '.join(famous) or 'none'}")
    if args.skip_peer:
        return
    if not args.skip_same:
        same = peer(puzzles, restricted=True)
        if same is None:
            return
        print(row("hodoku-py (same techniques)", same, n))
        compare("same techniques", same["times"], mine["times"])
    k = min(args.default_limit, n)
    if k <= 0:
        return
    print(f"the first {k} puzzles, each solver at full strength:")
    subset = {
        "times": mine["times"][:k],
        "logic": mine["guessed"][:k].count(False),
        "steps": sum(mine["step_counts"][:k]),
    }
    print(row("puzzleviz (all techniques)", subset, k))
    full = peer(puzzles[:k], restricted=False)
    if full is None:
        return
    print(row("hodoku-py (default)", full, k))
    compare("default", full["times"], subset["times"])


def compare(label: str, peer_times: list[float], our_times: list[float]) -> None:
    ratio = sum(peer_times) / sum(our_times)
    per = statistics.median(p / m for p, m in zip(peer_times, our_times, strict=True))
    print(f"    speed-up vs hodoku-py ({label}): {ratio:.1f}x in total, {per:.1f}x median")


if __name__ == "__main__":
    main()

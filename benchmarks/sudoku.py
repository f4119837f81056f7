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

3. The issue-21 rows (--hard-sets): top95, Norvig's 11 "hardest" and 150 puzzles from
   HoDoKu's own generator at its EXTREME level; for each, how many each solver finishes
   without a guess (HoDoKu: without a BRUTE_FORCE step), and the CPU time of each at full
   strength. hodoku-py runs in its own venv (HODOKU_PYTHON, default
   /work/peers/hodoku-venv/bin/python) in one child process that times each solve with
   process_time; ours runs in this process, numba warmed up. Skipped with a message if the
   peer or the EXTREME file (HODOKU_EXTREME, default /work/peers/puzzles/
   hodoku_extreme_150.txt; else the 30 in assets/) is absent.

    .venv/bin/python benchmarks/sudoku.py [--limit N] [--skip-peer] [--skip-same]
                                          [--default-limit 40] [--files A B ...]
    .venv/bin/python benchmarks/sudoku.py --hard-sets [--skip-peer]
    .venv/bin/python benchmarks/sudoku.py --se [...]   # against Sudoku Explainer: sudoku_se.py

Measured figures: benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import time
from pathlib import Path

from puzzleviz.solvers.sudoku.parse import Puzzle, read_puzzles
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.soundness import unsound_steps

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
    from hodoku import Solver, SolverConfig  # lazy: the peer is optional, installed by hand
    from hodoku.core.scoring import DEFAULT_STEPS  # lazy: as above

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


HODOKU_PYTHON = Path(os.environ.get("HODOKU_PYTHON", "/work/peers/hodoku-venv/bin/python"))
HODOKU_EXTREME = Path(
    os.environ.get("HODOKU_EXTREME", "/work/peers/puzzles/hodoku_extreme_150.txt")
)
NORVIG_11 = ["Arto Inkala 2006", "hardest 2", "hardest 3", "hardest 4", "hardest 5"]
NORVIG_11 += ["AI Escargot", "hardest 7", "hardest 8", "hardest 9", "hardest 10", "hardest 11"]
# Run in the peer's interpreter: one solve per puzzle line on stdin, CPU time of each.
PEER_SCRIPT = """
import json, sys, time
from hodoku import SolutionType, Solver
solver = Solver()
for line in sys.stdin:
    t0 = time.process_time()
    r = solver.solve(line.strip())
    cpu = time.process_time() - t0
    bf = any(s.type is SolutionType.BRUTE_FORCE for s in r.steps)
    print(json.dumps({"cpu": cpu, "no_guess": bool(r.solved and not bf)}), flush=True)
"""


def hard_sets() -> dict[str, list[Puzzle]]:
    famous = read_puzzles(ASSETS / "famous_hard.txt")
    by_name = {p.name: p for p in famous}
    extreme = HODOKU_EXTREME if HODOKU_EXTREME.exists() else ASSETS / "hodoku_extreme.txt"
    return {
        "top95": [p for p in famous if p.name.startswith("top95 ")],
        "Norvig 11": [by_name[name] for name in NORVIG_11],
        f"EXTREME ({extreme.name})": read_puzzles(extreme),
    }


def peer_default(puzzles: list[Puzzle]) -> dict | None:
    """hodoku-py's default solve of each puzzle, in its own venv (one child process)."""
    if not HODOKU_PYTHON.exists():
        print(f"  hodoku-py not found at {HODOKU_PYTHON} (set HODOKU_PYTHON): skipped")
        return None
    lines = "".join(p.text().replace(".", "0") + "\n" for p in puzzles)
    done = subprocess.run(
        [str(HODOKU_PYTHON), "-c", PEER_SCRIPT], input=lines, capture_output=True, text=True
    )
    if done.returncode != 0:
        print(f"  hodoku-py failed: {done.stderr.strip().splitlines()[-1:]}")
        return None
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    return {"times": [r["cpu"] for r in rows], "logic": sum(r["no_guess"] for r in rows)}


def main_hard_sets(skip_peer: bool) -> None:
    """The three rows of issue 21, each solver at full strength."""
    print(f"load average {os.getloadavg()[0]:.1f}; CPU seconds of each solver")
    print(f"  {'set':<30} {'ours no guess':>14} {'HoDoKu no BF':>13} {'ours CPU':>10} "
          f"{'HoDoKu CPU':>11} {'ratio':>7}")  # fmt: skip
    for label, puzzles in hard_sets().items():
        n = len(puzzles)
        mine = ours(puzzles)
        assert mine["unsound"] == 0, "an unsound step"
        theirs = None if skip_peer else peer_default(puzzles)
        ours_cpu = sum(mine["times"])
        peer_logic = f"{theirs['logic']}/{n}" if theirs else "-"
        peer_cpu = f"{sum(theirs['times']):.2f} s" if theirs else "-"
        ratio = f"{sum(theirs['times']) / ours_cpu:.0f}x" if theirs else "-"
        print(f"  {label:<30} {mine['logic']:>10}/{n:<3} {peer_logic:>13} {ours_cpu:>8.2f} s "
              f"{peer_cpu:>11} {ratio:>7}")  # fmt: skip
        if mine["stalled"]:
            print(f"    ours needed a guess on: {', '.join(mine['stalled'])}")


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
    parser.add_argument(
        "--hard-sets", action="store_true", help="the issue-21 rows: top95, Norvig 11, EXTREME"
    )
    parser.add_argument(
        "--se",
        action="store_true",
        help="our SE rating against Sudoku Explainer 1.2.1 (sudoku_se.py)",
    )
    parser.add_argument("--generated", type=int, default=800, help="--se: generated puzzles")
    parser.add_argument(
        "--se-timeout",
        type=float,
        default=90.0,
        help="--se: seconds SE may take on one puzzle before it is left out",
    )
    parser.add_argument(
        "--se-files",
        nargs="*",
        default=None,
        help="--se: files of assets/puzzles/sudoku (default: all four)",
    )
    parser.add_argument("--show-misses", action="store_true", help="--se: print disagreements")
    args = parser.parse_args()
    if args.se:
        from sudoku_se import FILES, run  # this folder is on sys.path when run as a script

        files = tuple(args.se_files) if args.se_files is not None else FILES
        raise SystemExit(run(args.generated, args.se_timeout, files, args.show_misses))
    if args.hard_sets:
        main_hard_sets(args.skip_peer)
        return
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

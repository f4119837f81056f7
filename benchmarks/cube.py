"""Cube solvers against a peer and against the seed's own method.

1. All solutions of the seed's cube: our exact solver against xcover (PyPI, Knuth's
   dancing cells in numba) on the usual exact-cover formulation: one primary item per cell
   and per piece instance, and secondary items that order identical pieces (instance k+1
   must take a later placement than instance k) so each filling is found once.
   Target (issue 3): >= 500x faster, in the same run.
2. Time to the first solution: our exact solver against the seed's collision-removal
   search, over several seeds (median). Stochastic runs are capped at --max-steps; a capped
   run counts as "at least" its time, and the ratio is then a lower bound (said so).
   Target: >= 1000x sooner.

    .venv/bin/python benchmarks/cube.py [--seeds 5] [--max-steps 2e9] [--skip-xcover]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from solvers.cube.exact import solve_exact
from solvers.cube.files import load_puzzle
from solvers.cube.placements import build_placements
from solvers.cube.puzzle import CubePuzzle
from solvers.cube.stochastic import StochasticParams, solve_stochastic


def xcover_options(puzzle: CubePuzzle) -> tuple[list[list[str]], list[str], list[str]]:
    """Options, primary and secondary items of the instance formulation with ordering."""
    pl = build_placements(puzzle)
    primary = [f"c{c}" for c in range(puzzle.n_cells)]
    secondary: list[str] = []
    options: list[list[str]] = []
    for t, ptype in enumerate(puzzle.types):
        mine = [p for p in range(pl.n) if pl.type[p] == t]
        primary += [f"p{t}.{k}" for k in range(ptype.count)]
        for k in range(ptype.count - 1):
            secondary += [f"o{t}.{k}.{j}" for j in range(len(mine))]
        for k in range(ptype.count):
            for j, p in enumerate(mine):
                cells = [f"c{c}" for c in pl.cells[p, : pl.volume[p]]]
                # instance k at placement j claims "order" slots q <= j of pair (k, k+1),
                # and instance k+1 claims q >= j of pair (k, k+1): they clash unless j' > j
                order = []
                if k + 1 < ptype.count:
                    order += [f"o{t}.{k}.{q}" for q in range(j + 1)]
                if k > 0:
                    order += [f"o{t}.{k - 1}.{q}" for q in range(j, len(mine))]
                options.append([f"p{t}.{k}", *cells, *order])
    return options, primary, secondary


def time_xcover(puzzle: CubePuzzle) -> tuple[float, int] | None:
    try:
        from xcover import covers
    except ImportError:
        print("  xcover is not installed (pip install xcover into the venv): skipped")
        return None
    tiny = load_puzzle("slothouber-graatsma")
    list(covers(*xcover_options(tiny)))  # compile xcover's kernels first
    options, primary, secondary = xcover_options(puzzle)
    start = time.perf_counter()
    count = sum(1 for _ in covers(options, primary=primary, secondary=secondary))
    return time.perf_counter() - start, count


def median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="stochastic runs (seeds 0..N-1)")
    parser.add_argument("--max-steps", type=float, default=2e9, help="cap per stochastic run")
    parser.add_argument("--skip-xcover", action="store_true")
    args = parser.parse_args()
    puzzle = load_puzzle("fakocka")
    load = os.getloadavg()[0]
    print(f"cube benchmark: {puzzle.describe()}; load average {load:.1f} on {os.cpu_count()} cores")

    solve_exact(puzzle)  # compile or load the numba cache
    result = solve_exact(puzzle)
    ours_all = median_time(lambda: solve_exact(puzzle), 9)
    print(f"\n1. all solutions ({result.count}, {result.nodes:,} nodes)")
    print(f"  puzzleviz exact   {ours_all * 1e3:9.1f} ms  (median of 9)")
    if not args.skip_xcover:
        peer = time_xcover(puzzle)
        if peer is not None:
            seconds, count = peer
            ratio = seconds / ours_all
            verdict = "met" if ratio >= 500 else "NOT met"
            print(f"  xcover            {seconds * 1e3:9.1f} ms  ({count} solutions)")
            print(f"  ratio             {ratio:9.0f}x  (target >= 500x: {verdict})")

    ours_first = median_time(lambda: solve_exact(puzzle, max_solutions=1), 21)
    print(f"\n2. time to the first solution (stochastic capped at {args.max_steps:,.0f} steps)")
    print(f"  puzzleviz exact   {ours_first * 1e3:9.2f} ms  (median of 21)")
    solve_stochastic(puzzle, StochasticParams(max_steps=10))  # compile
    runs = []
    for seed in range(args.seeds):
        params = StochasticParams(seed=seed, max_steps=int(args.max_steps), sample_every=0)
        start = time.perf_counter()
        r = solve_stochastic(puzzle, params)
        seconds = time.perf_counter() - start
        runs.append((seconds, r.solved))
        state = "solved" if r.solved else f"NOT solved (best error {r.best_error})"
        print(
            f"  stochastic seed {seed}: {seconds:8.1f} s, {r.steps:,} steps "
            f"({r.steps / seconds / 1e6:.1f} M steps/s), {r.restarts:,} restarts, {state}"
        )
    med = statistics.median(s for s, _ in runs)
    capped = sum(1 for _, solved in runs if not solved)
    bound = "at least " if capped > len(runs) // 2 else ""
    ratio = med / ours_first
    note = f" ({capped} of {len(runs)} runs hit the cap: a lower bound)" if capped else ""
    verdict = "met" if ratio >= 1000 else "NOT met"
    print(f"  stochastic median {bound}{med:.1f} s{note}")
    print(f"  ratio             {bound}{ratio:,.0f}x  (target >= 1000x: {verdict})")


if __name__ == "__main__":
    main()

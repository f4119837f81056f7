"""Rings benchmarks: state-space BFS against plain Python, and the practical solver.

    .venv/bin/python benchmarks/rings.py            # BFS ratios + 20 scrambles per puzzle
    .venv/bin/python benchmarks/rings.py --quick    # 5 scrambles per puzzle
    .venv/bin/python benchmarks/rings.py --full     # also the 2/16/1 table (155M states)
    .venv/bin/python benchmarks/rings.py --practical-only

Measured figures, before and after issue 23's shortest solutions: benchmarks/RESULTS.md.

Timings are wall-clock and CPU time of this process; the machine may be shared, so the
load average is printed first. The BFS ratio is measured in the same run on the same
configuration. No peer package for Hungarian rings exists on PyPI; the plain-Python BFS
(solvers.rings.stats.reference) is the baseline.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.model import RingsModel
from puzzleviz.solvers.rings.model.shuffle import random_moves, uniform_shuffle
from puzzleviz.solvers.rings.optimal.colour_pdb import tables_ready
from puzzleviz.solvers.rings.practical.practical import practical_moves
from puzzleviz.solvers.rings.search.methods import solve
from puzzleviz.solvers.rings.stats.reference import python_bfs_layers
from puzzleviz.solvers.rings.stats.statespace import distance_layers, state_space_stats
from puzzleviz.solvers.rings.stats.statsview import stats_lines


def timed(fn, *args, **kwargs):
    wall, cpu = time.perf_counter(), time.process_time()
    value = fn(*args, **kwargs)
    return value, time.perf_counter() - wall, time.process_time() - cpu


def bfs_ratios(cases: list[tuple[str, str]]) -> None:
    print("\n== state-space BFS: numba (bit arrays, ranked states) vs plain Python ==")
    print("   (CPU seconds of this process, so other load on the machine cancels out;")
    print("    numba: best of 5 runs, tables built once per configuration beforehand)")
    print(f"{'config':>10} {'metric':>7} {'states':>10} {'python s':>9} {'numba s':>9} "
          f"{'numba states/s':>15} {'ratio':>7}")  # fmt: skip
    for text, metric in cases:
        config = RingConfig.parse(text)
        distance_layers(config, metric)  # compile, build the tables, warm up
        layers, _, py_cpu = timed(python_bfs_layers, config, metric)
        best = min(timed(distance_layers, config, metric)[2] for _ in range(5))
        fast = distance_layers(config, metric).layers
        assert fast == layers, f"{text} {metric}: numba and Python disagree"
        rate = config.state_count / best
        print(f"{text:>10} {metric:>7} {config.state_count:>10,} {py_cpu:>9.3f} {best:>9.4f} "
              f"{rate:>15,.0f} {py_cpu / best:>7.0f}x")  # fmt: skip


def bfs_large(cases: list[str]) -> None:
    print("\n== numba BFS on larger spaces (both metrics, no heuristic) ==")
    for text in cases:
        config = RingConfig.parse(text)
        for metric in ("forgat", "unit"):
            distance_layers(RingConfig.parse("2/6/1/1"), metric)  # compiled beforehand
            dist, wall, cpu = timed(distance_layers, config, metric)
            print(f"{text:>10} {metric:>7} {config.state_count:>13,} states  depth {dist.depth:>3}"
                  f"  {wall:7.1f} s wall {cpu:7.1f} s cpu  "
                  f"{config.state_count / cpu:>12,.0f} states per cpu s")  # fmt: skip


def full_table(text: str, save: Path | None) -> None:
    config = RingConfig.parse(text)
    print(f"\n== full table {text} ({config.state_count:,} states) ==")
    stats, wall, cpu = timed(state_space_stats, config)
    for line in stats_lines(stats, width=40):
        print(line)
    print(f"({wall:.0f} s wall, {cpu:.0f} s cpu)")
    if save:
        from puzzleviz.solvers.atomic import write_json

        target = save / f"stats-{text.replace('/', '-')}.json"
        write_json(target, stats.to_json())
        print(f"wrote {target}")


def practical(puzzles: list[str], samples: int, effort: float) -> None:
    """The practical method before issue 23 (the beam alone at width 1 with the guide of
    then, practical_moves(relaxed=False): the code `--method practical` ran then) and now
    (search.solve 'practical': best_practical), on the same uniform random states (seeds
    0..samples-1)."""
    print(f"\n== practical method: {samples} uniform random states per puzzle, before "
          f"(the beam alone) and now (best_practical, effort {effort}) ==")  # fmt: skip
    print(f"{'config':>10} {'tables':>6} {'before med':>10} {'now med':>8} {'now/before':>10} "
          f"{'worst b/n':>10} {'proven':>6} {'before cpu':>10} {'now cpu':>8} "
          f"{'now wall':>8}")  # fmt: skip
    for text in puzzles:
        config = RingConfig.parse(text)
        model = RingsModel(config)
        warm = uniform_shuffle(config, 10_000)
        practical_moves(config, warm, relaxed=False)  # tables, ball, compile
        solve(config, warm, "practical", effort=effort)
        before, after, cpu_b, cpu_a, wall_a, proven = [], [], [], [], [], 0
        for seed in range(samples):
            state = uniform_shuffle(config, seed)
            (_code, moves), _, cpu = timed(practical_moves, config, state, relaxed=False)
            assert moves and is_goal(config, _played(model, state, moves))
            before.append(len(moves))
            cpu_b.append(cpu)
            result, wall, cpu = timed(solve, config, state, "practical", effort=effort)
            assert result.found and is_goal(config, _played(model, state, result.moves))
            after.append(result.length)
            cpu_a.append(cpu)
            wall_a.append(wall)
            proven += bool(result.optimal)
        mb, ma = statistics.median(before), statistics.median(after)
        ready = "yes" if config.rings == 2 and tables_ready(config) else "no"
        cb, ca, wa = (statistics.median(v) for v in (cpu_b, cpu_a, wall_a))
        print(f"{text:>10} {ready:>6} {mb:>10.1f} {ma:>8.1f} {ma / mb:>10.2f} "
              f"{max(before):>4}/{max(after):<5} {proven:>6} {cb:>10.2f} {ca:>8.2f} "
              f"{wa:>8.2f}", flush=True)  # fmt: skip


def short_scrambles(puzzles: list[str], per_length: int) -> None:
    """Scrambles of N = 1..8 random turns: the practical method's answer has <= N moves."""
    print(f"\n== scrambles of N <= 8 random turns ({per_length} per N): longest answer - N ==")
    for text in puzzles:
        config = RingConfig.parse(text)
        model = RingsModel(config)
        worst, over, total = -99, 0, 0
        for n in range(1, 9):
            for k in range(per_length):
                moves = random_moves(config, n, 1000 * n + k)
                state = _played(model, config.solved_state(), moves)
                result = solve(config, state, "practical")
                assert result.found and is_goal(config, _played(model, state, result.moves))
                worst = max(worst, result.length - n)
                over += result.length > n
                total += 1
        print(f"{text:>10}: {total} scrambles, {over} longer than N (longest - N = {worst})",
              flush=True)  # fmt: skip


def _played(model: RingsModel, state, moves):
    out = state.copy()
    for ring, f in moves:
        model.rotate(out, ring, f)
    return out


PUZZLES = ("2/20/2/4", "3/20/1/4", "3/20/1/2", "3/20/2/4", "5/18/1/2", "5/18/2/2")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 scrambles per puzzle")
    parser.add_argument("--full", action="store_true", help="also the 2/16/1/2 table")
    parser.add_argument("--save", type=Path, help="folder for the full table's JSON")
    parser.add_argument("--practical-only", action="store_true", help="skip the BFS figures")
    parser.add_argument("--effort", type=float, default=1.0, help="the practical method's")
    parser.add_argument("--puzzles", default=",".join(PUZZLES), help="comma list")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if not args.practical_only:
        bfs(args)
    puzzles = args.puzzles.split(",")
    practical(puzzles, 5 if args.quick else 20, args.effort)
    short_scrambles(puzzles, 2 if args.quick else 5)
    return 0


def bfs(args: argparse.Namespace) -> None:
    bfs_ratios([("2/10/1/2", "forgat"), ("2/10/1/2", "unit"), ("2/10/1/3", "forgat"),
                ("2/6/2/1", "forgat"), ("2/8/2/1", "unit")])  # fmt: skip
    bfs_large(["2/14/1/3", "2/8/2/2"] if not args.quick else ["2/12/1/2"])
    if args.full:
        full_table("2/16/1/2", args.save)


if __name__ == "__main__":
    sys.exit(main())

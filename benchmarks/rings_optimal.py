"""Rings, proven shortest solutions: pattern databases, scrambles, and God's number.

    .venv/bin/python benchmarks/rings_optimal.py                  # tables, truth, scrambles
    .venv/bin/python benchmarks/rings_optimal.py --uniform 20 --budget 3600 --each 900
    .venv/bin/python benchmarks/rings_optimal.py --configs        # every 2-ring config
    .venv/bin/python benchmarks/rings_optimal.py --skip tables,truth,scrambles --uniform 16 \
        --max-nodes 5e6 --workers 2                               # as parts on 2 Dask workers

Sections:
- tables: the original's two pattern databases (entries, bytes, build or load time, the
  distribution of their values, peak memory of this process);
- truth: the heuristic's mean against the exact mean distance on configurations whose
  full distance table exists, and optimal length = exact distance on every state tried;
- scrambles: 20 scrambles of 12 random turns of the original (seeds 0..19), each solved
  optimally: length, start estimate, nodes, seconds;
- uniform (--uniform N): uniformly random states of the original solved optimally within
  `--each` seconds each and `--budget` seconds in all; the distribution of optimal
  lengths, the proven lower bounds of the rest, and the best lower bound for God's number
  (the largest distance proved: an exact optimum, or a bound that an exhausted IDA*
  iteration proved; never less than the counting bound);
  With --workers N, --scheduler ADDRESS or --split-log FILE the states are the parts of a
  split run (solvers.rings.optimal.batch: --per-part states each, one thread per worker, on local
  Dask workers or a cluster; --split-log resumes); --budget is then not used, --each and
  --max-nodes bound each state (a node limit gives the same figures on every engine);
- configs (--configs): a 10-turn scramble of every two-ring configuration with at most
  `--max-entries` table entries, solved optimally.

Timings are wall-clock on a shared machine (the load average is printed first); the
search uses two threads.

Measured figures (scrambles, God's number bounds): benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzleviz.solvers.rings.model.config import RingConfig, all_configs
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.model import RingsModel
from puzzleviz.solvers.rings.model.shuffle import random_moves, uniform_shuffle
from puzzleviz.solvers.rings.optimal import colour_pdb as cp
from puzzleviz.solvers.rings.optimal.batch import counting_bound
from puzzleviz.solvers.rings.optimal.optimal import heuristic_value, prepare, solve_optimal
from puzzleviz.solvers.rings.stats import exact
from puzzleviz.solvers.split.options import add_split_arguments, split_options

ORIGINAL = RingConfig.parse("2/20/2/4")


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play(config: RingConfig, state: np.ndarray, moves) -> np.ndarray:
    model = RingsModel(config)
    out = np.array(state, dtype=np.int32)
    for ring, f in moves:
        model.rotate(out, ring, f)
    return out


def tables() -> None:
    print("\n== pattern databases of the original 2/20/2/4 ==")
    patterns, lookups = cp.plan(ORIGINAL)
    for p in patterns:
        start = time.perf_counter()
        t = cp.get_table(p)
        took = time.perf_counter() - start
        how = "loaded" if t.source == "cache" else f"built in {t.seconds:.0f} s"
        print(
            f"  {p.tokens}-ball colour: {p.size:,} entries, {t.data.nbytes / 1e6:.0f} MB "
            f"(4 bits), {how} ({took:.1f} s), mean {t.mean:.2f}, max {len(t.layers) - 1}"
        )
        print(f"     by value: {t.layers}")  # fmt: skip
    print(f"  lookups per node: {len(lookups)} (one per colour); cache {cp.cache_folder()}")
    print(f"  peak memory of this process so far: {rss_mb():.0f} MB")


def truth(cases: list[str], samples: int) -> None:
    print("\n== heuristic against the exact distance (full BFS tables) ==")
    print(f"{'config':>9} {'states':>12} {'mean h':>7} {'mean d':>7} {'h/d':>5} "
          f"{'solved':>7} {'= BFS':>6} {'s each':>7}")  # fmt: skip
    for text in cases:
        config = RingConfig.parse(text)
        table = exact.distance_table(config)
        space = exact.space_for(config)
        rng = np.random.default_rng(0)
        hs, ds, equal, times = [], [], 0, []
        for index in rng.integers(0, table.size, samples):
            state = space.state(int(index))
            d = int(table[index])
            hs.append(heuristic_value(config, state))
            ds.append(d)
            result = solve_optimal(config, state)
            times.append(result.seconds)
            end = play(config, state, result.moves)
            equal += result.optimal and result.length == d and is_goal(config, end)
        mh, md = statistics.mean(hs), statistics.mean(ds)
        print(f"{text:>9} {config.state_count:>12,} {mh:>7.2f} {md:>7.2f} {mh / md:>5.2f} "
              f"{samples:>7} {equal:>6} {statistics.median(times):>7.3f}")  # fmt: skip


def scrambles(turns: int, count: int) -> None:
    print(f"\n== {count} scrambles of {turns} random turns of the original, solved optimally ==")
    print(f"{'seed':>4} {'length':>6} {'h0':>3} {'nodes':>12} {'seconds':>8}")
    warm = play(ORIGINAL, ORIGINAL.solved_state(), random_moves(ORIGINAL, 3, 99))
    solve_optimal(ORIGINAL, warm)  # the kernels compiled (or read from numba's cache) first
    times, lengths = [], []
    for seed in range(count):
        state = play(ORIGINAL, ORIGINAL.solved_state(), random_moves(ORIGINAL, turns, seed))
        r = solve_optimal(ORIGINAL, state)
        assert r.optimal and r.length <= turns and is_goal(ORIGINAL, play(ORIGINAL, state, r.moves))
        times.append(r.seconds)
        lengths.append(r.length)
        print(f"{seed:>4} {r.length:>6} {r.start_h:>3} {r.nodes:>12,} {r.seconds:>8.2f}")
    print(
        f"  lengths {dict(sorted(_count(lengths).items()))}; seconds median "
        f"{statistics.median(times):.2f}, worst {max(times):.2f}, all {sum(times):.1f}"
    )


def _count(values) -> dict[int, int]:
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def uniform(count: int, each: float, budget: float, first_seed: int) -> None:
    print(f"\n== God's number: uniform random states of the original "
          f"({each:.0f} s each, {budget:.0f} s in all) ==")  # fmt: skip
    bound = counting_bound(ORIGINAL)
    print(
        f"  counting bound: {ORIGINAL.state_count:.4e} states, 16 goals, 2 x 19 first "
        f"moves then 19: some state needs >= {bound} moves"
    )
    print(f"{'seed':>5} {'h0':>3} {'optimal':>8} {'proved >=':>9} {'nodes':>15} {'seconds':>8}  "
          f"iterations (bound: nodes)")  # fmt: skip
    started = time.perf_counter()
    solved: list[int] = []
    open_bounds: list[int] = []
    best = bound
    for seed in range(first_seed, first_seed + count):
        left = budget - (time.perf_counter() - started)
        if left <= 1:
            print(f"  budget used up after {seed - first_seed} states")
            break
        state = uniform_shuffle(ORIGINAL, seed)
        r = solve_optimal(ORIGINAL, state, max_seconds=min(each, left))
        its = " ".join(f"{b}:{_short(n)}" for b, n, _ in r.iterations)
        shown = str(r.length) if r.optimal else "-"
        print(f"{seed:>5} {r.start_h:>3} {shown:>8} {r.lower_bound:>9} {r.nodes:>15,} "
              f"{r.seconds:>8.1f}  {its}", flush=True)  # fmt: skip
        if r.optimal:
            assert is_goal(ORIGINAL, play(ORIGINAL, state, r.moves))
            solved.append(r.length)
        else:
            open_bounds.append(r.lower_bound)
        best = max(best, r.lower_bound)
    total = time.perf_counter() - started
    tried = len(solved) + len(open_bounds)
    print(f"  solved optimally: {len(solved)} of {tried} in {total:.0f} s; "
          f"optimal lengths {dict(sorted(_count(solved).items()))}")  # fmt: skip
    if open_bounds:
        print(f"  not finished, proved at least: {dict(sorted(_count(open_bounds).items()))}")
    print(f"  God's number of the original (turn metric) >= {best}")


def uniform_split(count: int, each: float, first_seed: int, args: argparse.Namespace) -> None:
    """The uniform section as a split run: the same rows, in seed order, once every part
    is back (seconds per state are not kept: the parts ran elsewhere)."""
    from puzzleviz.solvers.rings.optimal.batch import solve_batch, uniform_job
    from puzzleviz.solvers.split.options import split_options

    options = split_options(args)
    max_nodes = None if args.max_nodes is None else int(args.max_nodes)
    job = uniform_job(str(ORIGINAL), first_seed, count, per_part=args.per_part,
                      max_nodes=max_nodes, max_seconds=each)  # fmt: skip
    nodes = f"{_short(max_nodes)} nodes" if max_nodes else "no node limit"
    print(f"\n== God's number: {count} uniform random states of the original as parts "
          f"({each:.0f} s and {nodes} each) ==")  # fmt: skip
    started, cpu = time.perf_counter(), time.process_time()
    result, where = solve_batch(job, options)
    wall = time.perf_counter() - started
    print(f"{'seed':>5} {'h0':>3} {'optimal':>8} {'proved >=':>9} {'nodes':>15}  "
          f"iterations (bound: nodes)")  # fmt: skip
    for p in result.positions:
        its = " ".join(f"{b}:{_short(n)}" for b, n in p["iterations"])
        shown = str(p["length"]) if p["optimal"] else "-"
        print(f"{p['seed']:>5} {p['h0']:>3} {shown:>8} {p['lower_bound']:>9} {p['nodes']:>15,}  "
              f"{its}")  # fmt: skip
        if p["optimal"]:
            state = uniform_shuffle(ORIGINAL, p["seed"])
            assert is_goal(ORIGINAL, play(ORIGINAL, state, [tuple(m) for m in p["moves"]]))
    print(f"  on {where}: {wall:.1f} s wall, {time.process_time() - cpu:.1f} CPU s in this "
          f"process, {result.nodes:,} nodes; {load_note()}")  # fmt: skip
    print(f"  solved optimally: {sum(result.lengths.values())} of {len(result.positions)}; "
          f"optimal lengths {result.lengths}")  # fmt: skip
    if result.open_bounds:
        print(f"  not finished, proved at least: {result.open_bounds}")
    best = max(result.best_bound, counting_bound(ORIGINAL))
    print(f"  God's number of the original (turn metric) >= {best}")


def load_note() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f}"


def _short(n: int) -> str:
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= size:
            return f"{n / size:.1f}{unit}"
    return str(n)


def configs(max_entries: int) -> None:
    print(f"\n== a 10-turn scramble of every two-ring configuration (tables <= {max_entries:,}) ==")
    rows = []
    for config in all_configs(thesis_only=False):
        if config.rings != 2:
            continue
        patterns, _ = cp.plan(config)
        entries = sum(p.size for p in patterns)
        if entries > max_entries:
            continue
        start = time.perf_counter()
        prepare(config)
        built = time.perf_counter() - start
        state = play(config, config.solved_state(), random_moves(config, 10, 1))
        r = solve_optimal(config, state)
        ok = r.optimal and r.length <= 10 and is_goal(config, play(config, state, r.moves))
        rows.append(ok)
        print(f"  {config!s:>9} tables {entries:>12,} ({built:5.1f} s)  length {r.length:>2}  "
              f"{r.seconds:6.2f} s  {'ok' if ok else 'FAILED'}", flush=True)  # fmt: skip
        cp.forget_tables()
    print(f"  {sum(rows)} of {len(rows)} solved optimally within 10 moves")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uniform", type=int, default=0, help="uniform random states")
    parser.add_argument("--each", type=float, default=600.0, help="seconds per state")
    parser.add_argument("--budget", type=float, default=3600.0, help="seconds for all")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--configs", action="store_true", help="every two-ring config")
    parser.add_argument("--max-entries", type=int, default=200_000_000)
    parser.add_argument("--skip", default="", help="comma list of sections to skip")
    parser.add_argument("--max-nodes", type=float, help="uniform: node limit per state")
    parser.add_argument("--per-part", type=int, default=1, help="uniform: states per part")
    add_split_arguments(
        parser,
        what="the uniform states",
        note="N > 1, --scheduler or --split-log split the uniform section",
    )
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if "tables" not in skip:
        tables()
    if "truth" not in skip:
        truth(["2/6/2/1", "2/8/2/2", "2/12/1/2", "2/14/1/3"], 200)
    if "scrambles" not in skip:
        scrambles(12, 20)
    if args.uniform and split_options(args).splits:
        uniform_split(args.uniform, args.each, args.first_seed, args)
    elif args.uniform:
        uniform(args.uniform, args.each, args.budget, args.first_seed)
    if args.configs:
        configs(args.max_entries)
    print(
        f"\npeak memory {rss_mb():.0f} MB; counting bound of 2/20/2/4: "
        f"{counting_bound(ORIGINAL)} (log19 of states {math.log(ORIGINAL.state_count, 19):.1f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

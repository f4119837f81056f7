"""SET cap benchmarks: prove the maximum for n = 4 (20 cards), ours against the seed's
TryFrom and OR-tools CP-SAT, in the same run.

    .venv/bin/python benchmarks/setgame.py            # all of it (about two minutes)
    .venv/bin/python benchmarks/setgame.py --quick    # shorter limits for the slow peers

What is timed:
- ours: solvers.setgame.fast.maximum_v3(4) from scratch (caches cleared: the AG(3,3) cap
  classes, n <= 3 maxima, the searches for 19 and 20 cards and the proof that 21 is
  impossible), best and median of several runs, wall and CPU seconds;
- plain frame-fixing B&B: the same bitset kernel with only the frame 0, e1, .., e4 fixed,
  proving that no 21-cap exists (the approach the counting argument replaces);
- the seed's TryFrom (numba, faithful: no bound, no symmetry) under a node budget: it does
  not finish, so we print how far it got;
- CP-SAT (pip install ortools; a peer only): 81 booleans, x_a + x_b + x_c <= 2 for each of
  the 1080 lines, maximise the sum; once with the same frame fixed, once without; with a
  time limit, reporting whether it proved the optimum;
- n = 5: finding a 45-cap; n = 4 --count: all 682,344 20-caps in one class.
The machine is shared: the load average is printed; CPU seconds are less noisy than wall.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzleviz.solvers.setgame.fast import clear_caches, frame_search, maximum_v3
from puzzleviz.solvers.setgame.geometry import affine_space
from puzzleviz.solvers.setgame.kernels.bitsearch import STOP_FIRST
from puzzleviz.solvers.setgame.search import solve


def timed(fn, *args, **kwargs):
    wall, cpu = time.perf_counter(), time.process_time()
    value = fn(*args, **kwargs)
    return value, time.perf_counter() - wall, time.process_time() - cpu


def ours(runs: int) -> float:
    maximum_v3(4)  # compile / load the numba kernels
    walls, cpus = [], []
    for _ in range(runs):
        clear_caches()
        result, wall, cpu = timed(maximum_v3, 4)
        assert result.size == 20 and result.proven
        walls.append(wall)
        cpus.append(cpu)
    print(f"ours (fullest hyperplane)   max {result.size}, proven, {result.nodes:,} nodes; "
          f"wall best {min(walls) * 1e3:.1f} ms median {statistics.median(walls) * 1e3:.1f} ms; "
          f"CPU best {min(cpus) * 1e3:.1f} ms")  # fmt: skip
    return min(cpus)


def plain_frame() -> float:
    space = affine_space(4)
    frame_search(space, STOP_FIRST, 21)  # warm up
    (_, caps, _), wall, cpu = timed(frame_search, space, STOP_FIRST, 21)
    assert not caps
    print(f"plain frame-fixing B&B      no 21-cap, wall {wall:.3f} s, CPU {cpu:.3f} s")
    return cpu


def seed(node_budget: int) -> None:
    solve(3, 2, solver="seed")  # compile
    result, wall, cpu = timed(solve, 3, 4, solver="seed", node_limit=node_budget)
    state = "finished" if result.finished else "did NOT finish"
    print(f"seed TryFrom (no symmetry)  {state}: {result.nodes:,} nodes in {wall:.1f} s wall "
          f"({result.nodes / max(cpu, 1e-9):,.0f} nodes/s), best so far {result.max}")  # fmt: skip


def cp_sat(limit: float, frame: bool) -> float | None:
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        print("CP-SAT                      not installed (pip install ortools into the venv)")
        return None
    space = affine_space(4)
    model = cp_model.CpModel()
    x = [model.NewBoolVar(f"x{i}") for i in range(space.size)]
    for a in range(space.size):
        for b in range(a + 1, space.size):
            c = int(space.third[a, b])
            if c > b:
                model.Add(x[a] + x[b] + x[c] <= 2)
    if frame:
        for card in space.frame:
            model.Add(x[card] == 1)
    model.Maximize(sum(x))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = limit
    solver.parameters.num_workers = os.cpu_count() or 2
    status, wall, cpu = timed(solver.Solve, model)
    proved = status == cp_model.OPTIMAL
    label = "with frame" if frame else "no symmetry"
    workers = solver.parameters.num_workers
    print(f"CP-SAT ({label:<11})       {'proved' if proved else 'NOT proved'} "
          f"objective {solver.ObjectiveValue():.0f} bound {solver.BestObjectiveBound():.0f}, "
          f"wall {wall:.2f} s, CPU {cpu:.2f} s ({workers} workers)")  # fmt: skip
    return cpu if proved else None


def n5() -> None:
    solve(3, 5)  # compile
    result, wall, _ = timed(solve, 3, 5)
    print(f"n = 5                       a {result.max}-cap in {wall:.2f} s wall "
          f"({result.nodes:,} nodes); no cap exceeds {result.upper_bound} (counting); "
          "45 is not proven maximal by this search")  # fmt: skip


def count4() -> None:
    clear_caches()
    result, wall, _ = timed(maximum_v3, 4, count=True)
    print(f"n = 4 --count               {result.count:,} caps of 20 cards in "
          f"{len(result.classes)} class (stabiliser {result.classes[0].stabilizer}), "
          f"wall {wall:.2f} s")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter limits for the peers")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print("== prove that 20 is the maximum for v = 3, n = 4 ==")
    best = ours(5 if args.quick else 20)
    plain = plain_frame()
    seed(20_000_000 if args.quick else 200_000_000)
    sat_frame = cp_sat(20 if args.quick else 120, frame=True)
    cp_sat(10 if args.quick else 60, frame=False)
    print(
        f"ratios (CPU): plain frame B&B / ours = {plain / best:.0f}x"
        + (f"; CP-SAT with frame (wall) / ours = {sat_frame / best:.0f}x" if sat_frame else "")
    )
    print("== more ==")
    n5()
    count4()


if __name__ == "__main__":
    main()

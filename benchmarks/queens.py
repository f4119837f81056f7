"""N-queens counting: the numba bitmask kernel (solvers.queens.kernels.count_all) for
N = 8..16, checked against the published counts (OEIS A000170), and against the plain-Python
search of solvers/queens/reference.py where that finishes in reasonable time.

    .venv/bin/python benchmarks/queens.py              # N = 8..16 (about 10 s of CPU)
    .venv/bin/python benchmarks/queens.py --to 17      # one more (about 30 s more)
    .venv/bin/python benchmarks/queens.py --python 11  # the plain-Python peer up to N = 11

The machine is shared: the load average is printed; CPU (user) seconds are less noisy than
wall seconds. Each count is the best of --runs runs (one run from N = 15 on).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzleviz.solvers.interrupt import new_control
from puzzleviz.solvers.queens.kernels import count_all
from puzzleviz.solvers.queens.reference import count as python_count

PUBLISHED = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596,
             15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624}  # fmt: skip


def user_seconds() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_utime


def timed(fn, *args) -> tuple[object, float, float]:
    wall, cpu = time.perf_counter(), user_seconds()
    value = fn(*args)
    return value, time.perf_counter() - wall, user_seconds() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="low", type=int, default=8)
    parser.add_argument("--to", dest="high", type=int, default=16)
    parser.add_argument("--python", type=int, default=10, help="the plain-Python peer up to N")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    control = new_control()
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; "
          f"{os.cpu_count()} CPUs")  # fmt: skip
    _, wall, cpu = timed(count_all, 4, 1 << 62, control)
    print(f"first call (numba kernel compiled or loaded from its cache): {wall:.2f} s")
    print(f"{'N':>3} {'solutions':>12} {'published':>12} {'nodes':>14} {'ours CPU s':>11} "
          f"{'wall s':>8} {'Mnodes/s':>9} {'python CPU s':>13} {'ratio':>8}")  # fmt: skip
    wrong = 0
    for n in range(args.low, args.high + 1):
        best = None
        for _ in range(args.runs if n < 15 else 1):
            (solutions, nodes, stopped), wall, cpu = timed(count_all, n, 1 << 62, control)
            best = (wall, cpu) if best is None or cpu < best[1] else best
        assert best is not None and not stopped
        published = PUBLISHED.get(n)
        wrong += published is not None and published != solutions
        peer = ratio = ""
        if n <= args.python:
            value, _, python_cpu_s = timed(python_count, n)
            wrong += value != solutions
            peer, ratio = f"{python_cpu_s:.3f}", f"{python_cpu_s / max(best[1], 1e-6):,.0f}x"
        mark = "" if published in (None, solutions) else "  MISMATCH"
        shown = "?" if published is None else f"{published:,}"
        print(f"{n:>3} {solutions:>12,} {shown:>12} {nodes:>14,} {best[1]:>11.3f} "
              f"{best[0]:>8.3f} {nodes / max(best[1], 1e-9) / 1e6:>9.1f} {peer:>13} "
              f"{ratio:>8}{mark}")  # fmt: skip
    print("all counts agree with the published ones" if not wrong else f"{wrong} MISMATCHES")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())

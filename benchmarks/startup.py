"""How fast the command answers, whole process, as a user waits for it: `--help`, each
`solve <puzzle> --help`, and `solve set --v 3 --n 4` (7 ms of search; the rest is Python,
numpy, numba and loading the cached kernels). Run it twice: the first run may compile.

    .venv/bin/python benchmarks/startup.py [--runs 7]

Figures are medians (and the worst) of wall-clock runs of the installed `puzzleviz`
command; the targets of issue 20 are 0.3 s for any --help and 0.5 s for the solve. Results
are kept in benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent / "puzzleviz"
COMMANDS = [
    ["--help"],
    ["solve", "--help"],
    *[["solve", name, "--help"] for name in ("cube", "digits", "rings", "set", "sudoku")],
    ["trace", "show", "--help"],
    ["solve", "set", "--v", "3", "--n", "4"],
]


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([str(BIN), *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)  # fmt: skip
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (default 7)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.runs} runs each (after one warm-up)")
    for command in COMMANDS:
        wall(command)  # warm: file caches, numba's kernel cache
        times = [wall(command) for _ in range(args.runs)]
        target = 0.3 if "--help" in command else 0.5
        verdict = "ok" if statistics.median(times) < target else "OVER"
        print(f"  {' '.join(command):<32} median {statistics.median(times):.3f} s, worst "
              f"{max(times):.3f} s  (target {target} s: {verdict})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Write the built-in puzzles' demo traces into assets/demos/ (what the demo tour plays
without building anything: see solvers/demos.py).

    .venv/bin/python tools/demo_traces.py           # every built-in puzzle with a demo
    .venv/bin/python tools/demo_traces.py sudoku    # one

Run it after changing a demo, a solver a demo uses, or the trace format: the test
tests/test_shipped_demos.py fails until the shipped file equals what the builder makes.
"""

from __future__ import annotations

import sys

from puzzleviz.solvers.demos import build_demo, built_in_demo_kinds, shipped_demo_path
from puzzleviz.solvers.tracefile import save_trace


def main(kinds: list[str]) -> int:
    for kind in kinds or built_in_demo_kinds():
        path = shipped_demo_path(kind)
        path.parent.mkdir(exist_ok=True)
        trace = build_demo(kind)
        save_trace(trace, path)
        print(f"{path}: {trace.n_steps:,} steps, {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

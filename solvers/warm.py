"""A puzzle's kernels compiled ahead of the first click, on a machine that never ran them.

numba compiles a kernel the first time it runs and keeps it in the cache (solvers/jit.py);
on a new machine the sudoku solver's kernels take about two minutes. The window plays
ready-made traces without them, but a click that solves (a technique switched on, a
search started with G) would wait for all of that with the class watching. So a window
opened on such a machine starts one process at the lowest priority that runs each shown
puzzle's demo builder (it runs the kernels the puzzle's solving uses, which is what its
interactions call) and then marks the puzzle warm in the cache folder; the mark goes with
the cache when the sources change. The window stops it when it closes.

    python -m solvers.warm sudoku rings      # what the window starts
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from puzzleviz.solvers.demos import build_demo

SWITCH = "PUZZLEVIZ_WARM"  # "0": never (a kiosk that must not spend the CPU, the tests)


def mark(kind: str) -> Path:
    from puzzleviz.solvers.jit import cache_folder

    return cache_folder() / f"warm-{kind}"


def is_warm(kind: str) -> bool:
    return mark(kind).exists()


def start_warming(kinds: Sequence[str]) -> subprocess.Popen[bytes] | None:
    """A background process compiling the kernels of `kinds` not yet warm (None if all are,
    or if warming is switched off)."""
    if os.environ.get(SWITCH) == "0":
        return None
    cold = [kind for kind in dict.fromkeys(kinds) if not is_warm(kind)]
    if not cold:
        return None
    return subprocess.Popen(
        [sys.executable, "-m", "puzzleviz.solvers.warm", *cold],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def stop_warming(process: subprocess.Popen[bytes] | None) -> None:
    if process is not None and process.poll() is None:
        process.kill()
        process.wait()


def warm(kind: str) -> None:
    """Run `kind`'s demo builder (its kernels compile into the cache), then mark it."""
    build_demo(kind)
    path = mark(kind)
    with contextlib.suppress(OSError):  # an unwritable cache: warm again next time
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()


def main(kinds: Sequence[str]) -> int:
    with contextlib.suppress(OSError):
        os.nice(19)  # the window's frames first
    for kind in kinds:
        try:
            warm(kind)
        except Exception:  # a plugin's builder that fails: its puzzle stays cold, no more
            continue
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

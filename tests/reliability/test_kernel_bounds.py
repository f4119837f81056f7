"""The debug mode for kernels (issue 31): every model's apply/revert kernels run with
numba's bounds checking (NUMBA_BOUNDSCHECK=1) over each puzzle's demo trace and over the
events a crafted file may hold once validation has let them through (the edges of every
declared range, random valid rows in any order). With bounds checking an index out of
range raises IndexError instead of corrupting memory, so a range declared too wide, or a
kernel that trusts the state, fails here. The kernels compile into a cache of their own
(bounds-checked code must never be what the program loads), kept between runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from puzzleviz.solvers.jit import cache_folder

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    normal = cache_folder()
    env = {
        **os.environ,
        "NUMBA_BOUNDSCHECK": "1",
        "NUMBA_CACHE_DIR": str(normal.with_name(normal.name + "-boundscheck")),
        "PUZZLEVIZ_WARM": "0",
    }
    return subprocess.run(
        [sys.executable, "-m", "tests.reliability.bounds_replay", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800, check=False,
    )  # fmt: skip


def test_bounds_checking_is_on_in_the_debug_mode():
    """The control: a row validation would refuse, straight into a kernel, is caught."""
    done = _run("--control")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "IndexError, as it must be" in done.stdout


def test_no_kernel_indexes_out_of_bounds_on_what_validation_lets_through():
    done = _run()
    assert done.returncode == 0, done.stdout + done.stderr
    for puzzle in ("cube", "digits", "queens", "rings", "setgame", "sudoku"):
        assert f"{puzzle}: " in done.stdout, done.stdout

"""On a machine that never ran a puzzle's kernels, the window compiles them in a background
process of the lowest priority, once; the mark goes with the cache folder."""

from __future__ import annotations

import os
import time

from puzzleviz.solvers import warm


def test_a_cold_puzzle_is_warmed_once_in_the_background(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv(warm.SWITCH, "1")
    assert not warm.is_warm("queens")
    process = warm.start_warming(["queens", "queens"])
    assert process is not None
    assert process.args[-1] == "queens" and process.args.count("queens") == 1
    assert process.wait(300) == 0
    assert warm.is_warm("queens") and warm.mark("queens").parent == tmp_path
    assert any(tmp_path.rglob("*.nbi")), "the kernels it ran are in the cache"
    assert warm.start_warming(["queens"]) is None


def test_warming_stops_with_the_window_and_can_be_switched_off(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv(warm.SWITCH, "0")
    assert warm.start_warming(["sudoku"]) is None
    monkeypatch.setenv(warm.SWITCH, "1")
    process = warm.start_warming(["sudoku"])
    assert process is not None
    deadline = time.monotonic() + 20
    while os.getpriority(os.PRIO_PROCESS, process.pid) != 19:  # the window's frames first
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.05)
    warm.stop_warming(process)
    assert process.returncode is not None and not warm.is_warm("sudoku")

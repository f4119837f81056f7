"""Ctrl-C (SIGINT) and SIGTERM stop every long search (issue 19, group 2): each command
below starts a search that would run for minutes or hours, is signalled once its progress
shows it searching, and must end with exit 130 or 143, one line and no traceback, leaving
the output it would have replaced as it was. The searches run in subprocesses, as a user
runs them; a generous wait only guards against a hang (nothing here is timed)."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from solvers import interrupt
from tests.signals import hear_sigint

HANG_GUARD = 120.0  # seconds: far beyond any start-up, only so that a hang fails the test
BIG_FRAME = '{"name": "big", "frame": {"width": 30, "height": 30}}'


def _run_and_signal(argv: list[str], sign: int, ready: str, cwd: Path) -> tuple[int, str]:
    """Start `puzzleviz argv`, wait until stderr matches `ready`, send `sign`; returns the
    exit code and stderr."""
    env = dict(os.environ, PUZZLEVIZ_PROGRESS="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "viz.cli", *argv], cwd=cwd, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=hear_sigint,
    )  # fmt: skip
    err = b""
    end = time.monotonic() + HANG_GUARD
    try:
        while not re.search(ready.encode(), err):
            assert process.poll() is None, f"ended before it was signalled: {err!r}"
            assert time.monotonic() < end, f"no progress: {err!r}"
            if select.select([process.stderr], [], [], 0.5)[0]:
                err += os.read(process.stderr.fileno(), 65536)
        process.send_signal(sign)
        _, rest = process.communicate(timeout=HANG_GUARD)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return process.returncode, (err + rest).decode()


NODES = r"[1-9][\d,]* nodes"
SEARCHES = [
    ("solve set --v 4 --n 3", NODES),
    ("solve digits --puzzle big.json", r"\([1-9][\d,]* nodes\)"),
    ("rings stats --config 2/16/1/2", r"BFS 2/16/1/2 .*\d+/"),
    ("solve rings --config olympic --scramble 40 --method bfs --max-nodes 100000000", NODES),
    ("solve cube --puzzle conway --all --node-limit 0", NODES),
    ("solve cube --method stochastic --seed 0 --pmax 1000", r"[1-9][\d,]*/"),  # 74 s
]


CASES = [(command, ready, signal.SIGINT) for command, ready in SEARCHES] + [
    (command, ready, signal.SIGTERM)
    for command, ready in SEARCHES[:2]  # the same way out
]


@pytest.mark.parametrize(
    ("command", "ready", "sign"), CASES, ids=[f"{c} ({s.name})" for c, _, s in CASES]
)
def test_a_signal_stops_the_search_and_keeps_the_old_output(tmp_path, command, ready, sign):
    argv = command.split()
    (tmp_path / "big.json").write_text(BIG_FRAME)
    old = tmp_path / "old.json"
    old.write_text('{"kept": true}\n')
    code, err = _run_and_signal([*argv, "--json", str(old)], sign, ready, tmp_path)
    expected = {signal.SIGINT: (130, "interrupted"), signal.SIGTERM: (143, "stopped")}[sign]
    assert code == expected[0], err
    assert err.replace("\r", "\n").splitlines()[-1] == f"puzzleviz: {expected[1]}"
    assert "Traceback" not in err
    assert old.read_text() == '{"kept": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json", "old.json"]


def test_run_stoppable_gives_the_value_and_the_error_of_the_call():
    assert interrupt.run_stoppable(lambda: 42) == 42
    with pytest.raises(ValueError, match="inside"):
        interrupt.run_stoppable(lambda: (_ for _ in ()).throw(ValueError("inside")))


def test_off_the_main_thread_the_call_runs_where_it_is():
    seen = []

    def call() -> None:
        seen.append((threading.current_thread().name, interrupt.current_control()))

    control = interrupt.new_control()
    thread = threading.Thread(
        target=lambda: interrupt.run_stoppable(call, control), name="window job"
    )
    thread.start()
    thread.join()
    assert seen[0][0] == "window job" and seen[0][1] is control


def _stopped_from_the_start(call) -> None:
    """A search whose stop was asked for before it began ends at its first look."""
    control = interrupt.new_control()
    control[interrupt.STOP] = 1
    with pytest.raises(interrupt.SearchStopped):
        interrupt._with_control(call, control)


def test_the_set_searches_look_at_the_control():
    from solvers.setgame.search import solve

    _stopped_from_the_start(lambda: solve(4, 3))
    _stopped_from_the_start(lambda: solve(3, 5, forbidden=[1]))  # no shortcut: bitset search


def test_the_digits_search_looks_at_the_control():
    import json

    from solvers.digits.exact import solve
    from solvers.digits.puzzle import DigitsPuzzle

    big = DigitsPuzzle.from_definition(json.loads(BIG_FRAME))
    _stopped_from_the_start(lambda: solve(big, "mesh"))


def test_the_state_space_search_looks_at_the_control():
    from solvers.rings.config import RingConfig
    from solvers.rings.statespace import state_space_stats

    _stopped_from_the_start(lambda: state_space_stats(RingConfig.parse("2/14/1/2")))


def test_the_stop_check_publishes_the_node_count_every_few_thousand_nodes():
    control = np.zeros(2, dtype=np.int64)
    assert not interrupt.stop_requested(control, interrupt.CHECK_EVERY * 3)
    assert control[interrupt.NODES] == interrupt.CHECK_EVERY * 3
    control[interrupt.STOP] = 1
    assert not interrupt.stop_requested(control, interrupt.CHECK_EVERY * 3 + 1)
    assert interrupt.stop_requested(control, interrupt.CHECK_EVERY * 4)

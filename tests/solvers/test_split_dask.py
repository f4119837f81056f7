"""Split runs on real Dask clusters on this machine: a LocalCluster of 2 worker processes
(--workers 2), a scheduler and workers started as separate processes (--scheduler), a
worker killed mid-run, an unreachable scheduler and Ctrl-C. The answer must be the same
bytes as one process gives, whatever the workers and the order they finish in."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from puzzleviz.solvers.cube.split_parts import search_part as cube_part
from puzzleviz.solvers.digits.exact import solve
from puzzleviz.solvers.digits.parallel import digits_job, merge, root_choices, search_part
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.rings.optimal.batch import search_part as rings_part
from puzzleviz.solvers.split.log import SplitLog
from puzzleviz.solvers.split.parts import Key, PartResult
from puzzleviz.solvers.split.run import run_parts

from tests.cli.helpers import assert_one_line_error, run_cli
from tests.digits_fixtures import SMALL as SMALL_DEFINITION
from tests.signals import hear_sigint

pytest.importorskip("distributed")

SMALL = DigitsPuzzle.from_definition(SMALL_DEFINITION)
HANG_GUARD = 120.0  # seconds: only so that a hang fails the test; nothing here is timed
# Eight cards of AG(4,3) in no 20-card cap: the bitset search runs (about 0.5 M nodes), and
# its 18,954 largest caps (18 cards) fall into affine classes.
SET_WITH = "2000,0201,1120,0212,0222,1101,2022,1100"
ROOT = Path(__file__).resolve().parents[2]


def slow_digits_part(job, key: Key) -> PartResult:
    """A digits part that takes long enough for a worker to be killed in the middle."""
    time.sleep(0.4)
    return search_part(job, key)


def slow_cube_part(job, key: Key) -> PartResult:
    time.sleep(0.2)
    return cube_part(job, key)


def slow_rings_part(job, key: Key) -> PartResult:
    time.sleep(0.3)
    return rings_part(job, key)


def _solve_bytes(capsys, tmp_path: Path, name: str, *argv: str) -> bytes:
    out = tmp_path / f"{name}.json"
    code, _, err = run_cli(capsys, "solve", *argv, "--json", str(out))
    assert code == 0, err
    return out.read_bytes()


@pytest.fixture
def small_puzzle(tmp_path: Path) -> str:
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL_DEFINITION))
    return str(path)


def test_two_local_workers_give_the_bytes_of_one_process(tmp_path, capsys, small_puzzle):
    digits = ["digits", "--puzzle", small_puzzle, "--granularity", "block", "--all"]
    one = _solve_bytes(capsys, tmp_path, "one", *digits)
    two = _solve_bytes(capsys, tmp_path, "two", *digits, "--workers", "2")
    assert one == two and json.loads(one)["count"] > 0
    game = ["set", "--n", "4", "--with", SET_WITH, "--count", "--json-caps", "40"]
    one = _solve_bytes(capsys, tmp_path, "set1", *game)
    code, out, err = run_cli(capsys, "solve", *game, "--workers", "2", "--json",
                             str(tmp_path / "set2.json"))  # fmt: skip
    assert code == 0, err
    assert "parts, one per first card, on 2 Dask workers" in out
    data = json.loads(one)
    assert (tmp_path / "set2.json").read_bytes() == one
    assert data["max"] == 18 and data["count"] > 0 and data["classes"] > 0


def test_a_killed_worker_loses_no_part_and_changes_no_count(tmp_path):
    from puzzleviz.solvers.split.dasks import DaskEngine

    whole = solve(SMALL, "block")
    total = root_choices(SMALL, "block")
    job = dataclasses.replace(
        digits_job(SMALL, "block"), runner="tests.solvers.test_split_dask:slow_digits_part"
    )
    killed: list[int] = []
    with DaskEngine(workers=2) as engine:
        pids = sorted(engine._connect().run(os.getpid).values())

        def kill_one(part: PartResult, finished: int, total: int) -> None:
            if not killed:  # the other worker is in the middle of a part
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])

        parts = run_parts(job, [(r,) for r in range(total)], engine,
                          log=SplitLog(tmp_path / "log"), on_part=kill_one)  # fmt: skip
    assert killed
    split = merge(whole.setup, total, parts)
    assert split.solutions == whole.solutions and split.found == whole.found
    rows = [json.loads(line) for line in (tmp_path / "log").read_text().splitlines()[1:]]
    assert sorted(row["key"][0] for row in rows) == list(range(total))


def test_cube_subtrees_and_a_rings_batch_on_two_local_workers(tmp_path, capsys):
    from puzzleviz.solvers.rings.optimal.batch import solve_batch, uniform_job
    from puzzleviz.solvers.split.options import SplitOptions

    cube = ["cube", "--puzzle", "slothouber-graatsma", "--classes"]  # 29 parts
    one = _solve_bytes(capsys, tmp_path, "one", *cube)
    two = _solve_bytes(capsys, tmp_path, "two", *cube, "--workers", "2")
    assert one == two and json.loads(one)["count"] == 8
    job = uniform_job("2/10/1/2", 0, 12, per_part=2)
    alone, _ = solve_batch(job, SplitOptions())
    split, where = solve_batch(job, SplitOptions(workers=2))
    assert where == "2 Dask workers" and split.to_json() == alone.to_json()
    assert sum(split.lengths.values()) == 12


def _kill_once(pid: int, killed: list[int]):
    """Kill worker `pid` when the first part comes back (the other is in mid-part)."""
    done = len(killed)

    def kill(part: PartResult, finished: int, total: int) -> None:
        if len(killed) == done:
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    return kill


def test_a_killed_worker_loses_no_cube_or_rings_part(tmp_path):
    from puzzleviz.solvers.cube.breaking import symmetry_roots
    from puzzleviz.solvers.cube.exact import exact_tables
    from puzzleviz.solvers.cube.files import load_puzzle
    from puzzleviz.solvers.cube.group import puzzle_group
    from puzzleviz.solvers.cube.split_parts import cube_job, part_keys
    from puzzleviz.solvers.cube.split_parts import merge as cube_merge
    from puzzleviz.solvers.rings.optimal.batch import batch_keys, uniform_job
    from puzzleviz.solvers.rings.optimal.batch import merge as rings_merge
    from puzzleviz.solvers.split.dasks import DaskEngine
    from puzzleviz.solvers.split.engines import InProcess

    puzzle = load_puzzle("slothouber-graatsma")  # 26 roots: 29 parts
    tables = exact_tables(puzzle)
    roots = symmetry_roots(puzzle, tables.placements, puzzle_group(puzzle))
    cube = dataclasses.replace(cube_job(puzzle, symmetric=True),
                               runner="tests.solvers.test_split_dask:slow_cube_part")  # fmt: skip
    rings = dataclasses.replace(uniform_job("2/10/1/2", 0, 12, per_part=2),
                                runner="tests.solvers.test_split_dask:slow_rings_part")  # fmt: skip
    cases = [(cube, part_keys(tables, roots)), (rings, batch_keys(rings))]
    with InProcess() as engine:
        alone = [run_parts(job, keys, engine) for job, keys in cases]
    killed: list[int] = []
    with DaskEngine(workers=2) as engine:
        split = []
        for n, (job, keys) in enumerate(cases):
            pid = min(engine._connect().run(os.getpid).values())  # a fresh one the second time
            split.append(run_parts(job, keys, engine, log=SplitLog(tmp_path / f"log{n}"),
                                   on_part=_kill_once(pid, killed)))  # fmt: skip
    assert len(killed) == 2
    whole, parts = cube_merge(tables, alone[0]), cube_merge(tables, split[0])
    assert (whole.count, whole.nodes) == (parts.count, parts.nodes) == (8, 39)
    assert (whole.rows == parts.rows).all()
    assert rings_merge(rings, split[1]).to_json() == rings_merge(rings, alone[1]).to_json()
    for n, (_, keys) in enumerate(cases):
        rows = [json.loads(line) for line in (tmp_path / f"log{n}").read_text().splitlines()[1:]]
        assert sorted(tuple(row["key"]) for row in rows) == sorted(keys)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _cluster_processes(port: int):
    """`dask scheduler` and `dask worker` as a user starts them, as separate processes."""
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT}
    scheduler = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
         "--port", str(port), "--no-dashboard"], **quiet,
    )  # fmt: skip
    workers = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "2",
         "--nthreads", "1", "--no-dashboard"], **quiet,
    )  # fmt: skip
    try:
        yield address
    finally:
        for process in (workers, scheduler):
            process.terminate()
        for process in (workers, scheduler):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def test_a_cluster_by_address_gives_the_same_bytes(tmp_path, capsys, small_puzzle):
    digits = ["digits", "--puzzle", small_puzzle, "--granularity", "block", "--all"]
    one = _solve_bytes(capsys, tmp_path, "one", *digits)
    with _cluster_processes(_free_port()) as address:
        remote = _solve_bytes(capsys, tmp_path, "remote", *digits, "--scheduler", address,
                              "--split-log", str(tmp_path / "log"))  # fmt: skip
        # The same command with its log: nothing left to search, the same answer.
        again = _solve_bytes(capsys, tmp_path, "again", *digits, "--scheduler", address,
                             "--split-log", str(tmp_path / "log"))  # fmt: skip
        cube = ["cube", "--puzzle", "slothouber-graatsma", "--all"]
        cube_remote = _solve_bytes(capsys, tmp_path, "cube", *cube, "--scheduler", address)
    assert one == remote == again
    assert cube_remote == _solve_bytes(capsys, tmp_path, "cube1", *cube)


def test_no_scheduler_at_the_address_is_one_line(capsys, small_puzzle):
    address = f"tcp://127.0.0.1:{_free_port()}"
    line = assert_one_line_error(
        capsys, "solve", "digits", "--puzzle", small_puzzle, "--scheduler", address,
        match=f"no Dask scheduler at {address}",
    )  # fmt: skip
    assert line.startswith("puzzleviz: error: ")


def test_ctrl_c_stops_the_workers_and_keeps_the_finished_parts(tmp_path):
    import psutil

    log = tmp_path / "parts.jsonl"
    env = dict(os.environ, PUZZLEVIZ_PROGRESS="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    argv = ["solve", "digits", "--granularity", "block", "--workers", "2", "--split-log",
            str(log)]  # fmt: skip
    process = subprocess.Popen(
        [sys.executable, "-m", "puzzleviz.viz.cli", *argv],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=hear_sigint,
    )
    err = b""
    end = time.monotonic() + HANG_GUARD
    try:
        while not re.search(rb"\b[1-9]\d*/\d+ parts", err):  # a part or more is finished
            assert process.poll() is None, f"ended before it was signalled: {err!r}"
            assert time.monotonic() < end, f"no progress: {err!r}"
            if select.select([process.stderr], [], [], 0.5)[0]:
                err += os.read(process.stderr.fileno(), 65536)
        children = psutil.Process(process.pid).children(recursive=True)
        process.send_signal(signal.SIGINT)
        _, rest = process.communicate(timeout=HANG_GUARD)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    text = (err + rest).decode()
    assert process.returncode == 130, text
    assert text.replace("\r", "\n").splitlines()[-1] == "puzzleviz: interrupted"
    _, alive = psutil.wait_procs(children, timeout=10)
    assert not alive  # the local workers went with the command
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows[0]["split_log"] == 1 and len(rows) >= 2  # the header and finished parts

"""Split runs without Dask: the log of finished parts (resume, torn lines, another search's
log), the options every splitting command shares, and the in-process engine."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import socket
import struct
import threading

import numpy as np
import pytest
from puzzleviz.solvers.digits.exact import solve
from puzzleviz.solvers.digits.parallel import digits_job, legacy_part, merge, root_choices
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.split.engines import InProcess
from puzzleviz.solvers.split.log import SplitLog
from puzzleviz.solvers.split.options import add_split_arguments, check_split_alone, split_options
from puzzleviz.solvers.split.parts import Job, PartResult, SplitError
from puzzleviz.solvers.split.run import run_parts

from tests.digits_fixtures import SMALL as SMALL_DEFINITION

SMALL = DigitsPuzzle.from_definition(SMALL_DEFINITION)
JOB = Job("toy", "tests.solvers.test_split:square_part", {"size": 6}, 100)


def square_part(job: Job, key: tuple[int, ...]) -> PartResult:
    return PartResult(key, {"square": key[0] ** 2}, nodes=key[0])


class StopAfter(Exception):
    pass


def test_a_log_resumes_and_only_the_missing_parts_run(tmp_path):
    path = tmp_path / "parts.jsonl"
    keys = [(k,) for k in range(6)]
    heard: list[int] = []

    def stop_after_three(part: PartResult, finished: int, total: int) -> None:
        heard.append(part.key[0])
        if finished == 3:
            raise StopAfter

    with pytest.raises(StopAfter):
        run_parts(JOB, keys, InProcess(), log=SplitLog(path), on_part=stop_after_three)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["job"] == JOB.identity() and len(lines) == 4
    again: list[int] = []
    parts = run_parts(JOB, keys, InProcess(), log=SplitLog(path),
                      on_part=lambda part, *_: again.append(part.key[0]))  # fmt: skip
    assert again == [3, 4, 5]
    assert [p.data["square"] for p in parts] == [k * k for k in range(6)]
    assert len(path.read_text().splitlines()) == 7
    # Everything logged: nothing runs, the same parts come back.
    logged = run_parts(JOB, keys, InProcess(), log=SplitLog(path), on_part=pytest.fail)
    assert [(p.key, p.data, p.nodes) for p in logged] == [(p.key, p.data, p.nodes) for p in parts]


def test_a_torn_last_line_is_not_a_finished_part_and_is_cut_off(tmp_path):
    path = tmp_path / "parts.jsonl"
    run_parts(JOB, [(0,), (1,)], InProcess(), log=SplitLog(path))
    whole = path.read_text()
    path.write_text(whole + '{"key":[2],"nodes":2,"cpu_s":0.0,"sto')  # a crash mid-write
    assert sorted(SplitLog(path).read(JOB)) == [(0,), (1,)]
    run_parts(JOB, [(0,), (1,), (2,)], InProcess(), log=SplitLog(path))
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [row["key"] for row in rows[1:]] == [[0], [1], [2]]


def test_the_log_of_another_search_is_refused(tmp_path):
    path = tmp_path / "parts.jsonl"
    run_parts(JOB, [(0,)], InProcess(), log=SplitLog(path))
    other = Job("toy", JOB.runner, {"size": 7}, 100)
    with pytest.raises(SplitError, match="log of another search"):
        SplitLog(path).read(other)
    path.write_text("not json at all\n{}\n")
    with pytest.raises(SplitError, match=r"parts.jsonl is not a split log \(its first line"):
        SplitLog(path).read(JOB)


def test_a_damaged_line_of_a_log_is_refused_with_its_number(tmp_path):
    path = tmp_path / "parts.jsonl"
    run_parts(JOB, [(0,), (1,)], InProcess(), log=SplitLog(path))
    header, first, second = path.read_text().splitlines()
    path.write_text("\n".join([header, first[:-5], second, ""]))  # a line cut in the middle
    with pytest.raises(SplitError, match=r"parts.jsonl:2: a damaged line \(not JSON\)"):
        SplitLog(path).read(JOB)
    path.write_text("\n".join([header, "[1, 2]", second, ""]))
    with pytest.raises(SplitError, match=r"parts.jsonl:2: not a line of a split log"):
        SplitLog(path).read(JOB)


def test_a_log_that_holds_only_a_torn_header_starts_again(tmp_path):
    path = tmp_path / "parts.jsonl"
    path.write_text('{"split_log":1,"job":{"puz')  # a crash while the header was written
    run_parts(JOB, [(0,)], InProcess(), log=SplitLog(path))
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows[0] == {"split_log": 1, "job": JOB.identity()} and rows[1]["key"] == [0]


def test_the_old_digits_benchmark_logs_are_read_as_parts(tmp_path):
    path = tmp_path / "old.jsonl"
    path.write_text('{"root": 1, "found": [[3, 4]], "nodes": 9, "cpu_s": 0.5}\n')
    parts = SplitLog(path, legacy=legacy_part).read(digits_job(SMALL, "block"))
    assert parts[(1,)].data == {"found": [[3, 4]]} and parts[(1,)].nodes == 9


def test_digits_parts_in_process_are_the_whole_search():
    whole = solve(SMALL, "block")
    total = root_choices(SMALL, "block")
    job = digits_job(SMALL, "block")
    parts = run_parts(job, [(r,) for r in range(total)], InProcess())
    split = merge(whole.setup, total, parts)
    assert split.solutions == whole.solutions and split.found == whole.found


@pytest.mark.parametrize(
    ("v", "n", "solver", "with_cards"),
    [
        (5, 2, "fast", ""),  # bounded TryFrom, the first card fixed: parts by the second
        (3, 3, "seed", ""),  # the seed's TryFrom, no bound
        (3, 4, "fast", "2000,0201,1120,0212,0222,1101,2022,1100"),  # the bitset search
    ],
)
def test_set_subtrees_by_the_first_card_are_the_whole_search(
    tmp_path, monkeypatch, v, n, solver, with_cards
):
    from puzzleviz.solvers.setgame import split
    from puzzleviz.solvers.setgame.model import SetGameModel
    from puzzleviz.solvers.setgame.search import solve as solve_set
    from puzzleviz.solvers.split.options import SplitOptions

    monkeypatch.setattr(split, "SPLIT_MIN_CARDS", 16)  # small games split too, for the test
    cards = SetGameModel(v, n).space.parse_list(with_cards)
    limit = 3_000_000
    count = n < 4  # classes of the n = 4 caps: in test_split_dask
    whole = solve_set(v, n, with_cards=cards, solver=solver, count=count, node_limit=limit)
    options = SplitOptions(log_path=tmp_path / "log")
    parts = solve_set(v, n, with_cards=cards, solver=solver, count=count, node_limit=limit,
                      split=options)  # fmt: skip
    assert whole.finished and parts.finished
    assert parts.notes[0].startswith("searched in ")
    assert (parts.max, parts.count, parts.caps) == (whole.max, whole.count, whole.caps)
    assert parts.to_json() == whole.to_json()


@pytest.mark.parametrize(
    ("name", "argv"),
    [
        ("slothouber-graatsma", ["--classes"]),  # 26 symmetry roots, one part each
        ("soma", ["--all", "--no-symmetry-breaking"]),  # the plain search: one root
    ],
)
def test_cube_subtrees_in_a_log_give_the_bytes_of_one_process(tmp_path, capsys, name, argv):
    from tests.cli.helpers import run_cli

    outs = []
    for run, extra in enumerate(([], ["--split-log", str(tmp_path / "log")], ["--split-log",
                                 str(tmp_path / "log")])):  # fmt: skip
        out = tmp_path / f"{run}.json"
        code, _, err = run_cli(capsys, "solve", "cube", "--puzzle", name, *argv, *extra,
                               "--json", str(out))  # fmt: skip
        assert code == 0, err
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] == outs[2] and json.loads(outs[0])["count"] > 0
    rows = [json.loads(line) for line in (tmp_path / "log").read_text().splitlines()]
    assert rows[0]["job"]["puzzle"] == "cube" and len(rows) > 1


def test_cube_parts_are_runs_of_roots_or_the_kernels_first_choices():
    from puzzleviz.solvers.cube.breaking import Roots, symmetry_roots
    from puzzleviz.solvers.cube.exact import exact_tables
    from puzzleviz.solvers.cube.files import load_puzzle
    from puzzleviz.solvers.cube.group import puzzle_group
    from puzzleviz.solvers.cube.split_parts import (
        MAX_PARTS,
        TARGET_PARTS,
        first_choices,
        part_keys,
        puzzle_from_definition,
    )

    for name in ("conway", "bedlam", "fakocka"):
        puzzle = load_puzzle(name)
        assert puzzle_from_definition(json.loads(json.dumps(puzzle.definition()))) == puzzle
    puzzle = load_puzzle("fakocka")  # 2,475 roots: runs of consecutive roots
    tables = exact_tables(puzzle)
    keys = part_keys(tables, symmetry_roots(puzzle, tables.placements, puzzle_group(puzzle)))
    assert len(keys) == MAX_PARTS and keys[0][0] == 0 and keys[-1][1] == 2475
    assert all(a[1] == b[0] for a, b in itertools.pairwise(keys))
    for name in ("soma", "conway"):  # the one-word kernel, the general one: one root each
        tables = exact_tables(load_puzzle(name))
        keys = part_keys(tables, Roots([()], np.ones(1, dtype=np.int64)))
        assert len(keys) >= TARGET_PARTS and all(key[:2] == (0, 1) for key in keys)
        top = first_choices(tables, ())
        assert list(dict.fromkeys(key[2] for key in keys)) == top  # in the kernel's order


def test_a_cube_split_asks_for_every_solution(capsys):
    from tests.cli.helpers import assert_one_line_error

    assert_one_line_error(capsys, "solve", "cube", "--workers", "2", match="add --all or --classes")
    assert_one_line_error(capsys, "solve", "cube", "--all", "--split-log", "x", "--trace", "t",
                          match="--split-log cannot be combined with --trace")  # fmt: skip


def test_a_rings_batch_in_parts_resumes_and_is_the_positions_one_by_one(tmp_path):
    from puzzleviz.solvers.rings.model.config import RingConfig
    from puzzleviz.solvers.rings.model.shuffle import played, uniform_shuffle
    from puzzleviz.solvers.rings.optimal.batch import (
        batch_keys,
        search_part,
        solve_batch,
        uniform_job,
    )
    from puzzleviz.solvers.rings.optimal.optimal import solve_optimal
    from puzzleviz.solvers.split.options import SplitOptions

    config = RingConfig.parse("2/10/1/2")
    job = uniform_job("2/10/1/2", 5, 7, per_part=3)
    assert batch_keys(job) == [(0,), (1,), (2,)]
    first = search_part(job, (0,))  # a run stopped after one part, as a log keeps it
    log = SplitLog(tmp_path / "log")
    log.append(job, first)
    log.close()
    result, where = solve_batch(job, SplitOptions(log_path=tmp_path / "log"))
    assert where == "this process" and not result.stopped
    assert [p["seed"] for p in result.positions] == list(range(5, 12))
    for p in result.positions:
        state = uniform_shuffle(config, p["seed"])
        alone = solve_optimal(config, state, threads=1)
        assert p["optimal"] and p["length"] == alone.length == len(p["moves"])
        assert played(config, state, [tuple(m) for m in p["moves"]]).tolist() == played(
            config, state, alone.moves).tolist()  # fmt: skip
    assert sum(result.lengths.values()) == 7
    assert result.best_bound == max(p["length"] for p in result.positions)
    again, _ = solve_batch(job, SplitOptions(log_path=tmp_path / "log"))
    assert again.to_json() == result.to_json()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("--trace")
    add_split_arguments(parser, "the parts")
    return parser


def _speaks_first(server: socket.socket) -> None:
    """Accept and send what a Dask scheduler sends first: a frame length, 8 bytes."""
    with contextlib.suppress(OSError):
        while True:
            connection, _ = server.accept()
            with connection:
                connection.sendall(struct.pack("Q", 100))


def test_the_shared_options_are_checked_before_any_work(tmp_path):
    parser = _parser()
    with socket.create_server(("127.0.0.1", 0)) as server:
        threading.Thread(target=_speaks_first, args=(server,), daemon=True).start()
        port = server.getsockname()[1]
        args = parser.parse_args(["--scheduler", f"127.0.0.1:{port}", "--split-log",
                                  str(tmp_path / "l")])  # fmt: skip
        options = split_options(args)
    assert options.scheduler == f"tcp://127.0.0.1:{port}" and options.splits
    with socket.create_server(("127.0.0.1", 0)) as closed:
        nobody = closed.getsockname()[1]
    with pytest.raises(SplitError, match=f"no Dask scheduler at tcp://127.0.0.1:{nobody}"):
        split_options(parser.parse_args(["--scheduler", f"127.0.0.1:{nobody}"]))
    assert not split_options(parser.parse_args([])).splits
    assert split_options(parser.parse_args(["--workers", "2"])).workers == 2
    for bad in (["--scheduler", "nowhere"], ["--scheduler", "tcp://h:99999"], ["--workers", "0"]):
        with pytest.raises((argparse.ArgumentError, SystemExit)):
            parser.parse_args(bad)
    with pytest.raises((argparse.ArgumentError, SystemExit)):  # one or the other
        parser.parse_args(["--workers", "2", "--scheduler", "tcp://h:1"])
    with pytest.raises(Exception, match="does not exist"):
        split_options(parser.parse_args(["--split-log", str(tmp_path / "no" / "log")]))
    args = parser.parse_args(["--workers", "3", "--trace", "t.pzvt"])
    with pytest.raises(Exception, match="--workers cannot be combined with --trace"):
        check_split_alone(args, ("--trace", args.trace))

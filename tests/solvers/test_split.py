"""Split runs without Dask: the log of finished parts (resume, torn lines, another search's
log), the options every splitting command shares, and the in-process engine."""

from __future__ import annotations

import argparse
import json

import pytest

from solvers.digits.exact import solve
from solvers.digits.parallel import digits_job, legacy_part, merge, root_choices
from solvers.digits.puzzle import DigitsPuzzle
from solvers.split.engines import InProcess
from solvers.split.log import SplitLog
from solvers.split.options import add_split_arguments, check_split_alone, split_options
from solvers.split.parts import Job, PartResult, SplitError
from solvers.split.run import run_parts
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
    with pytest.raises(SplitError, match=r"parts.jsonl:2: not a line of a split log"):
        SplitLog(path).read(JOB)


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
    from solvers.setgame import split
    from solvers.setgame.model import SetGameModel
    from solvers.setgame.search import solve as solve_set
    from solvers.split.options import SplitOptions

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(exit_on_error=False)
    parser.add_argument("--trace")
    add_split_arguments(parser, "the parts")
    return parser


def test_the_shared_options_are_checked_before_any_work(tmp_path):
    parser = _parser()
    args = parser.parse_args(["--scheduler", "127.0.0.1:8786", "--split-log", str(tmp_path / "l")])
    options = split_options(args)
    assert options.scheduler == "tcp://127.0.0.1:8786" and options.splits
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

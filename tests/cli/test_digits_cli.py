"""`puzzleviz solve digits` end to end: outputs, traces and one-line errors."""

from __future__ import annotations

import json

import pytest
from puzzleviz.solvers.tracefile import load_trace

from tests.cli.helpers import run_cli
from tests.digits_fixtures import SMALL


def run(capsys, *argv):
    return run_cli(capsys, "solve", "digits", *argv)


def test_mesh_solve_writes_the_issue_json(tmp_path, capsys):
    out_file = tmp_path / "digits.json"
    code, out, err = run(capsys, "--json", str(out_file))
    assert code == 0, err
    assert "48 solutions in 3 classes" in out
    assert "12 with the 0 lying as the post fixes it" in out
    data = json.loads(out_file.read_text())
    assert set(data) == {"granularity", "grid", "count", "classes", "solutions"}
    assert (data["granularity"], data["grid"], data["count"], data["classes"]) == (
        "mesh",
        "block",
        48,
        3,
    )
    assert len(data["solutions"]) == 3
    first = data["solutions"][0]
    assert sorted(piece["digit"] for piece in first) == list(range(10))
    assert sum(len(piece["triangles"]) for piece in first) == 296
    x, y, side = first[0]["triangles"][0]
    assert isinstance(x, int) and isinstance(y, int) and side in "LBRT"


def test_all_lists_every_solution(tmp_path, capsys):
    out_file = tmp_path / "all.json"
    code, out, _ = run(capsys, "--all", "--json", str(out_file))
    assert code == 0
    assert out.count("solution 48:") == 1
    assert len(json.loads(out_file.read_text())["solutions"]) == 48


def test_trace_file_replays(tmp_path, capsys):
    trace_file = tmp_path / "first.pzvt"
    code, out, _ = run(capsys, "--first", "--trace", str(trace_file))
    assert code == 0
    assert "first solution" in out
    trace = load_trace(trace_file)
    assert trace.header.kind == "digits"
    assert trace.milestones()[-1][1] == "solution"
    assert trace.header.counters == ("nodes", "placed", "left_empty", "waste_bound", "solutions")


def test_a_node_limit_says_the_counts_are_partial(capsys):
    code, out, _ = run(capsys, "--node-limit", "50")
    assert code == 0
    assert "STOPPED at the node limit" in out
    code, _, err = run(capsys, "--node-limit", "-1")
    assert code == 2 and err.count("\n") == 1


def test_another_puzzle_from_a_file(tmp_path, capsys):
    puzzle = tmp_path / "small.json"
    puzzle.write_text(
        json.dumps(
            {
                "name": "two pieces",
                "frame": {"width": 3, "height": 5},
                "pieces": {"1": {"rows_hex": ["2", "f", "e", "f", "8"]}, "7": ["4f3", "00f"]},
            }
        )
    )
    out_file = tmp_path / "out.json"
    code, _, err = run(
        capsys, "--puzzle", str(puzzle), "--granularity", "block", "--json", str(out_file)
    )
    assert code == 0, err
    data = json.loads(out_file.read_text())
    assert data["count"] > 0
    assert {piece["digit"] for piece in data["solutions"][0]} == {1, 7}


def test_workers_split_the_search_and_find_the_same_solutions(tmp_path, capsys):
    puzzle = tmp_path / "small.json"
    puzzle.write_text(json.dumps(SMALL))
    files = {n: tmp_path / f"w{n}.json" for n in (1, 2)}
    for workers, out_file in files.items():
        code, _, err = run(
            capsys, "--puzzle", str(puzzle), "--granularity", "block", "--all",
            "--workers", str(workers), "--json", str(out_file),
        )  # fmt: skip
        assert code == 0, err
    one, two = (json.loads(f.read_text()) for f in files.values())
    assert one["count"] == two["count"] > 0
    assert sorted(map(str, one["solutions"])) == sorted(map(str, two["solutions"]))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--granularity", "quarter"], "invalid choice"),
        (["--puzzle", "/nonexistent/p.json"], "no such puzzle file"),
        (["--json", "/nonexistent/dir/out.json"], "does not exist"),
        (["--trace", "/nonexistent/dir/t.pzvt"], "does not exist"),
        (["--workers", "0"], "at least 1"),
        (["--workers", "2", "--first", "--node-limit", "9"], "combined with --first"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"pieces": {"x": ["1", "0", "1"]}}', "falls apart"),
        ('{"frame": {"width": 2, "height": 2}}', "frame holds only"),
    ],
)
def test_bad_puzzle_files_leave_no_output(tmp_path, capsys, content, message):
    puzzle = tmp_path / "bad.json"
    puzzle.write_text(content)
    out_file = tmp_path / "out.json"
    code, _, err = run(capsys, "--puzzle", str(puzzle), "--json", str(out_file))
    assert code == 2
    assert message in err and err.count("\n") == 1
    assert not out_file.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]

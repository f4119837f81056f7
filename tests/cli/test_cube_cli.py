from __future__ import annotations

import json

import pytest
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli import main


def test_solve_all_writes_json_search_and_assembly_traces(tmp_path, capsys):
    out, search, assembly = tmp_path / "s.json", tmp_path / "s.trace", tmp_path / "a.trace"
    code = main(["solve", "cube", "--all", "--json", str(out), "--trace", str(search),
                 "--assembly", str(assembly)])  # fmt: skip
    assert code == 0
    text = capsys.readouterr().out
    assert "8 solutions" in text and "1 class(es) under the box's 24 rotations" in text
    assert "space diagonal in 8 of 8" in text and "z=4" in text
    doc = json.loads(out.read_text())
    assert (doc["box"], doc["count"], doc["classes_rotations"], doc["classes_all"]) == (
        [5, 5, 5], 8, 1, 1,
    )  # fmt: skip
    assert len(doc["solutions"]) == 8
    first = doc["solutions"][0]
    assert len(first) == 17 and sum(len(p["cells"]) for p in first) == 125
    assert {p["piece"] for p in first} == {"1x1x1", "1x2x4", "2x2x3"}
    trace = load_trace(search)
    assert trace.header.solver == "cube.exact" and trace.n_milestones == 8
    layers = load_trace(assembly)
    assert layers.n_steps == 17 and layers.step_caption_text(0).startswith("Layer z=0:")


def test_first_solution_of_a_named_puzzle(capsys):
    assert main(["solve", "cube", "--puzzle", "slothouber-graatsma"]) == 0
    text = capsys.readouterr().out
    assert "1 solution(s) found (use --all" in text


def test_stochastic_search_with_trace_and_statistics(tmp_path, capsys):
    out, trace_file = tmp_path / "st.json", tmp_path / "st.trace"
    code = main(["solve", "cube", "--puzzle", "slothouber-graatsma", "--method", "stochastic",
                 "--seed", "2", "--json", str(out), "--trace", str(trace_file)])  # fmt: skip
    assert code == 0
    text = capsys.readouterr().out
    assert "solved after" in text and "steps spent at each error" in text
    doc = json.loads(out.read_text())
    assert doc["solved"] and doc["error"] == 0 and doc["params"]["seed"] == 2
    assert sum(doc["error_histogram"].values()) == doc["steps"]
    trace = load_trace(trace_file)
    assert trace.milestones()[-1][1] == "solution"


def test_holes_need_the_flag(tmp_path, capsys):
    puzzle = tmp_path / "p.json"
    puzzle.write_text(json.dumps({"box": [1, 1, 3], "pieces": [{"size": [1, 1, 2]}]}))
    assert main(["solve", "cube", "--puzzle", str(puzzle), "--all", "--allow-holes"]) == 0
    assert "2 solutions" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--puzzle", "nope"], "no cube puzzle called 'nope'"),
        (["--puzzle", "{holes}"], "--allow-holes"),
        (["--all", "--solution", "9"], "only 8 solutions"),
        (["--method", "stochastic", "--all"], "exact solver"),
        (["--json", "{tmp}/missing/x.json"], "does not exist"),
        (["--trace", "{tmp}"], "is a folder"),
        (["--method", "stochastic", "--max-steps", "0"], "at least 1"),
        (["--method", "stochastic", "--pmax", "5"], "pmax"),
        (["--method", "annealing"], "invalid choice"),
    ],
)
def test_bad_inputs_give_one_line_and_exit_2(tmp_path, capsys, argv, message):
    holes = tmp_path / "holes.json"
    holes.write_text(json.dumps({"box": [1, 1, 3], "pieces": [{"size": [1, 1, 2]}]}))
    argv = [a.format(tmp=tmp_path, holes=holes) for a in argv]
    before = set(tmp_path.iterdir())
    try:
        code = main(["solve", "cube", *argv])
    except SystemExit as exc:  # argparse usage errors
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err
    assert "Traceback" not in err
    assert set(tmp_path.iterdir()) == before  # no partial files

from __future__ import annotations

import json
import re

import pytest
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli import main

EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
ESCARGOT = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."


def test_solve_prints_steps_and_writes_json_and_trace(tmp_path, capsys):
    out_json, out_trace = tmp_path / "s.json", tmp_path / "s.pzt"
    code = main(["solve", "sudoku", EASY, "--json", str(out_json), "--trace", str(out_trace)])
    assert code == 0
    text = capsys.readouterr().out
    assert "1. Hidden Single: in box A4C6, 4 fits only in B6" in text
    assert "solved by logic in 72 steps, rating 1.9 (medium)" in text
    doc = json.loads(out_json.read_text())
    assert list(doc) == ["puzzle", "solution", "rating", "fallback_used", "steps"]
    assert doc["puzzle"] == EASY and "." not in doc["solution"]
    assert doc["rating"] == {"se": 2.6, "se_lower_bound": False, "level": "MEDIUM", "score": 756}
    assert doc["fallback_used"] is False and len(doc["steps"]) == 72
    first = doc["steps"][0]
    assert list(first) == ["technique", "placements", "eliminations", "pattern", "caption"]
    assert first["technique"] == "hidden_single" and first["placements"] == [[5, 1, 4]]
    trace = load_trace(out_trace)
    assert trace.header.kind == "sudoku" and trace.n_steps == 73


def test_r1c1_names_and_guesses(tmp_path, capsys):
    out_json = tmp_path / "g.json"
    assert main(["solve", "sudoku", ESCARGOT, "--names", "r1c1", "--json", str(out_json)]) == 0
    text = capsys.readouterr().out
    assert "Hidden Single: in box 7, 1 fits only in r8c3" in text
    assert re.search(r"solved with [1-9]\d* guesses", text)  # the logic stalls: guesses
    doc = json.loads(out_json.read_text())
    assert doc["fallback_used"] is True and doc["rating"]["level"] == "EXTREME"
    assert doc["rating"]["se_lower_bound"] is True  # a guess has no SE weight


def test_collection_and_no_guess(tmp_path, capsys):
    path = tmp_path / "two.txt"
    path.write_text(f"{EASY} easy one\n{ESCARGOT} escargot\n")
    out_json = tmp_path / "all.json"
    assert main(["solve", "sudoku", str(path), "--no-guess", "--json", str(out_json)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1. easy one: solved by logic")
    assert lines[1].startswith("2. escargot: logic stalled after")
    docs = json.loads(out_json.read_text())
    assert len(docs) == 2 and "." in docs[1]["solution"]
    assert main(["solve", "sudoku", str(path), "--index", "2", "-q"]) == 0
    assert re.search(r"solved with [1-9]\d* guesses", capsys.readouterr().out)


def test_list_techniques(capsys):
    assert main(["solve", "sudoku", "--list-techniques"]) == 0
    text = capsys.readouterr().out
    assert "x_wing" in text and "XW" in text and text.index("y_wing") < text.index("xy_chain")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([EASY[:-1]], "this one has 80"),
        ([EASY[:-1] + "x"], "bad character 'x'"),
        (["44" + EASY[2:]], "conflicting givens"),
        (["12345678." + "........9" + "." * 63], "no solution"),
        (
            [".....6....59.....82....8....45........3........6..3.54...325..6.................."],
            "--allow-multiple",
        ),
        ([EASY, "--techniques", "magic"], "unknown technique 'magic'"),
        (["no/such/file.txt"], "no such file"),
        ([], "give a puzzle"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, capsys, args, message):
    out_json, out_trace = tmp_path / "x.json", tmp_path / "x.pzt"
    code = main(["solve", "sudoku", *args, "--json", str(out_json), "--trace", str(out_trace)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_a_trace_needs_one_puzzle(tmp_path, capsys):
    path = tmp_path / "two.txt"
    path.write_text(f"{EASY}\n{ESCARGOT}\n")
    code = main(["solve", "sudoku", str(path), "--trace", str(tmp_path / "t.pzt")])
    assert code == 2 and "pick one with --index" in capsys.readouterr().err

"""`puzzleviz sudoku generate --needs`: practice puzzles on stdout and as JSON, and the
one-line errors for what a teacher may mistype."""

from __future__ import annotations

import json

from puzzleviz.solvers.sudoku.parse import parse_puzzle
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.techniques import BY_NAME

from tests.cli.helpers import assert_one_line_error, run_cli


def test_generate_writes_puzzles_that_need_the_technique(capsys, tmp_path):
    out = tmp_path / "wing.json"
    code, text, _ = run_cli(capsys, "sudoku", "generate", "--needs", "XY-Wing", "--count", "2",
                            "--seed", "5", "--json", str(out))  # fmt: skip
    assert code == 0
    doc = json.loads(out.read_text())
    assert doc["technique"] == "y_wing" and len(doc["puzzles"]) == 2
    for entry in doc["puzzles"]:
        assert entry["puzzle"] in text and f"step {entry['first_step']}/" in text
        result = solve(parse_puzzle(entry["puzzle"]))  # every technique, guesses allowed
        step = result.steps[entry["first_step"] - 1]
        assert step.technique == BY_NAME["y_wing"].id and step.caption == entry["caption"]


def test_an_unknown_technique_or_level_is_one_line(capsys):
    line = assert_one_line_error(capsys, "sudoku", "generate", "--needs", "X-Wong")
    assert "X-Wing" in line and "ALS-XZ" in line
    assert_one_line_error(capsys, "sudoku", "generate", "--needs", "x-wing", "--level", "hardest",
                          match="easy, medium")  # fmt: skip
    assert_one_line_error(capsys, "sudoku", "generate", "--needs", "x-wing", "--count", "0")


def test_play_without_a_trace_or_practice_is_one_line(capsys):
    assert_one_line_error(capsys, "play", match="--practice")


def test_a_rare_technique_says_before_the_wait_that_it_takes_minutes(capsys, monkeypatch):
    from puzzleviz.solvers.sudoku import practice

    asked = []

    def none_found(technique, *args, **kwargs):  # the wait itself is not what is tested
        asked.append(technique)
        return iter(())

    monkeypatch.setattr(practice, "practice_puzzles", none_found)
    code, _, err = run_cli(capsys, "sudoku", "generate", "--needs", "mutant fish", "--count", "1")
    assert code == 0 and asked == ["mutant_fish"]
    assert "Mutant Fish puzzles are rare: expect a minute or more for each" in err
    _, _, err = run_cli(capsys, "sudoku", "generate", "--needs", "x-wing", "--count", "1")
    assert "rare" not in err

"""`puzzleviz quiz TRACE --answers FILE --json OUT` on the packings: a digits search and a cube
search graded whole, right, right but different and wrong answers each counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import assert_one_line_error, quiz
from tests.digits_fixtures import SMALL


@pytest.fixture(scope="module")
def digits_trace(tmp_path_factory) -> Path:
    """The small puzzle's first packing on the mesh, its pieces in label order: the 1, the 4,
    the 7, three steps."""
    from puzzleviz.viz.cli import main

    folder = tmp_path_factory.mktemp("digits")
    puzzle = folder / "small.json"
    puzzle.write_text(json.dumps({**SMALL, "pieces": dict(sorted(SMALL["pieces"].items()))}))
    path = folder / "small.pzt"
    assert main(["solve", "digits", "--puzzle", str(puzzle), "--first", "--trace", str(path),
                 "-q"]) == 0  # fmt: skip
    return path


@pytest.fixture(scope="module")
def cube_trace(tmp_path_factory) -> Path:
    """The seed's cube searched to its first filling (1,125 steps)."""
    from puzzleviz.viz.cli import main

    path = tmp_path_factory.mktemp("cube") / "fakocka.pzt"
    assert main(["solve", "cube", "--trace", str(path), "-q"]) == 0
    return path


def test_a_digits_quiz_counts_the_search_s_move_and_every_placement_a_packing_follows(
    capsys, tmp_path, digits_trace
):
    answers = ["piece 1 at 0,0", "Piece 4 at 0,2 turned 90", "piece 1 at 4,0", "piece 7 at 0,0",
               "piece 7 at 0,2 turned 90"]  # fmt: skip
    graded = quiz(capsys, tmp_path, digits_trace, answers, "--at", "1,2,2,2,3")
    assert [a["verdict"] for a in graded["answers"]] == [
        "right", "right-but-different", "wrong", "wrong", "right-but-different"]  # fmt: skip
    assert graded["score"] == 3 and graded["questions"] == 5
    assert graded["answers"][2] == {
        "step": 2,
        "answer": "piece 1 at 4,0",
        "verdict": "wrong",
        "reason": "the 1 is already in the frame",
        "recorded": "piece 4 at 0,0 flipped turned 90",
    }
    assert graded["answers"][3]["reason"] == "the 7 fits there, but no packing follows from it"
    assert graded["answers"][1]["reason"] == (
        "also right: the 4 fits there and a packing follows from it")  # fmt: skip


def test_a_digits_quiz_asks_at_the_solution_by_default(capsys, tmp_path, digits_trace):
    graded = quiz(capsys, tmp_path, digits_trace, ["piece 7 at 2,0 flipped turned 180"])
    assert graded["questions"] == 1 and graded["score"] == 1
    assert graded["answers"][0]["step"] == 3


def test_a_cube_quiz_counts_the_search_s_brick_and_every_brick_a_filling_follows(
    capsys, tmp_path, cube_trace
):
    answers = ["1x1x1 at x 0, y 0, z 0", "1x2x4 at x 0, y 0..1, z 0..3",
               "2x2x3 at x 0..1, y 0..1, z 0..2", "2x2x3 at x 0..1, y 0..1, z 0..2",
               "1x2x4 at x 1..4, y 0, z 0..1"]  # fmt: skip
    graded = quiz(capsys, tmp_path, cube_trace, answers, "--at", "1,1,1,4,4")
    assert [a["verdict"] for a in graded["answers"]] == [
        "right", "right-but-different", "wrong", "wrong", "right-but-different"]  # fmt: skip
    assert graded["score"] == 3
    assert graded["answers"][2]["reason"] == (
        "the 2x2x3 fits there, but no filling follows from it")  # fmt: skip
    assert graded["answers"][3] == {
        "step": 4,
        "answer": "2x2x3 at x 0..1, y 0..1, z 0..2",
        "verdict": "wrong",
        "reason": "it overlaps the 1x1x1 at x 0, y 0, z 0",
        "recorded": "1x2x4 at x 1, y 0..1, z 0..3",
    }


def test_a_cube_quiz_asks_at_the_filling_s_last_brick_by_default(capsys, tmp_path, cube_trace):
    graded = quiz(capsys, tmp_path, cube_trace, ["2x2x3 at x 1..2, y 0..1, z 2..4"])
    assert graded["questions"] == 1 and graded["score"] == 1


@pytest.mark.parametrize(
    ("puzzle", "answer", "match"),
    [
        ("digits", "7 2,0", "answers.txt line 1: '7 2,0' is not a digits move (write: piece 7"),
        ("cube", "2x2x3 at x 0..1", "answers.txt line 1: '2x2x3 at x 0..1' is not a cube move"),
        ("cube", "1x2x4 at x 0, y 0..1, z 0..3", "--at 3: that step makes no move to ask about"),
    ],
)
def test_a_bad_packing_answer_is_a_one_line_error(
    capsys, tmp_path, digits_trace, cube_trace, puzzle, answer, match
):
    (tmp_path / "answers.txt").write_text(answer + "\n")
    trace = digits_trace if puzzle == "digits" else cube_trace
    at = "3" if "--at 3" in match else "1"
    assert_one_line_error(capsys, "quiz", str(trace), "--answers", str(tmp_path / "answers.txt"),
                          "--json", "-", "--at", at, match=match)  # fmt: skip

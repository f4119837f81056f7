"""`puzzleviz quiz` on a rings scramble solved by breadth-first search and on the SET
search of AG(3,3): scripted answers graded right, right but different, and wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzleviz.viz.cli import main

from tests.cli.test_quiz_cli import quiz


@pytest.fixture(scope="module")
def rings_bfs(tmp_path_factory) -> Path:
    """2/10/1/2 scrambled by four turns (seed 6), solved by BFS: 655 steps of search, the
    turn back, then the four moves ring 2 +1, ring 1 -4, ring 2 +5, ring 1 +5."""
    path = tmp_path_factory.mktemp("rings") / "bfs.pzt"
    argv = ["solve", "rings", "--config", "2/10/1/2", "--scramble", "4", "--seed", "6",
            "--method", "bfs", "--trace", str(path), "-q"]  # fmt: skip
    assert main(argv) == 0
    return path


@pytest.fixture(scope="module")
def set_search(tmp_path_factory) -> Path:
    """The whole search for the largest caps of AG(3,3) (9 cards)."""
    path = tmp_path_factory.mktemp("set") / "n3.pzt"
    assert main(["solve", "set", "--n", "3", "--trace", str(path), "-q"]) == 0
    return path


def test_a_rings_quiz_asks_the_solution_s_moves_not_the_search_s(capsys, tmp_path, rings_bfs):
    graded = quiz(capsys, tmp_path, rings_bfs, ["ring 2 +1", "ring 1 -4", "ring 2 +5", "ring 1 +5"])
    assert graded["score"] == 4 and graded["questions"] == 4
    assert [a["step"] for a in graded["answers"]] == [657, 658, 659, 660]  # the last four
    assert all(a["verdict"] == "right" for a in graded["answers"])


def test_a_rings_turn_one_closer_to_solved_is_right_but_different(capsys, tmp_path, rings_bfs):
    answers = ["ring 2 +1", "ring 2 -4", "ring 1 +1", "ring 2 +1"]
    graded = quiz(capsys, tmp_path, rings_bfs, answers, "--at", "657,657,657,658")
    assert graded["score"] == 2 and graded["questions"] == 4
    assert [a["verdict"] for a in graded["answers"]] == [
        "right", "right-but-different", "wrong", "wrong"]  # fmt: skip
    right, different, wrong, other_ring = graded["answers"]
    assert right["reason"] == "the turn the solver makes" and right["recorded"] == "ring 2 +1"
    assert different["reason"] == (
        "also right: after ring 2 -4 the rings are 3 turns from solved, one fewer"
    )
    assert wrong["reason"].startswith("ring 1 +1 leaves the rings ")
    assert wrong["reason"].endswith("turns from solved; the best turns leave 3")
    assert other_ring["reason"].endswith("the best turns leave 2")


def test_a_rings_answer_that_is_no_turn_is_a_one_line_error(capsys, tmp_path, rings_bfs):
    from tests.cli.helpers import assert_one_line_error

    (tmp_path / "a.txt").write_text("ring 3 +1\n")
    assert_one_line_error(capsys, "quiz", str(rings_bfs), "--answers", str(tmp_path / "a.txt"),
                          "--json", "-", "--at", "657",
                          match="a.txt line 1: 'ring 3 +1': no such ring (1 to 2)")  # fmt: skip


def test_a_set_quiz_grades_the_search_s_card_another_cap_s_and_a_set(capsys, tmp_path, set_search):
    answers = ["card 101", "card 102", "card 012", "card 110"]
    graded = quiz(capsys, tmp_path, set_search, answers, "--at", "3,3,3,22")
    assert graded["score"] == 2 and graded["questions"] == 4
    assert [(a["verdict"], a["reason"]) for a in graded["answers"]] == [
        ("right", "the card the search adds"),
        ("right-but-different",
         "also right: 102 makes no SET, and a cap of 9 cards follows from it"),
        ("wrong", "012 completes a SET with 010 and 011"),
        ("wrong", "110 makes no SET, but no cap of 9 cards follows from it"),
    ]  # fmt: skip
    assert graded["answers"][3]["recorded"] == "card 112"


def test_a_set_quiz_asks_the_way_to_the_first_largest_cap(capsys, tmp_path, set_search):
    answers = ["card 011", "card 101", "card 112", "card 122", "card 212"]
    graded = quiz(capsys, tmp_path, set_search, answers)
    assert graded["score"] == 5 and graded["questions"] == 5
    assert [a["step"] for a in graded["answers"]] == [2, 3, 22, 23, 24]

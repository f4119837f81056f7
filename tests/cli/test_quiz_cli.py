"""`puzzleviz quiz TRACE --answers FILE --json OUT`: whole quizzes graded, and its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from puzzleviz.solvers import registry
from puzzleviz.solvers.sudoku.judge import SudokuJudge
from puzzleviz.solvers.tracefile import load_trace

from tests.cli.helpers import assert_one_line_error, quiz, run_cli
from tests.entry_points import write_distribution

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sudoku.pzt"


@pytest.fixture(scope="module")
def queens8(tmp_path_factory) -> Path:
    """8 queens: the search starts a1 c2 (a dead end), and its first solution is a1 e2 h3
    f4 c5 g6 b7 d8."""
    from puzzleviz.viz.cli import main

    path = tmp_path_factory.mktemp("queens") / "q8.pzt"
    assert main(["solve", "queens", "--n", "8", "--trace", str(path), "-q"]) == 0
    return path


def test_a_queens_quiz_at_chosen_steps_counts_every_right_answer(capsys, tmp_path, queens8):
    answers = ["queen a1", "queen b1", "queen b2", "queen e2", "queen c2"]
    graded = quiz(capsys, tmp_path, queens8, answers, "--at", "1,1,2,2,2")
    assert graded["score"] == 4 and graded["questions"] == 5
    assert [a["verdict"] for a in graded["answers"]] == [
        "right", "right-but-different", "wrong", "right-but-different", "right"]  # fmt: skip
    assert graded["answers"][2] == {
        "step": 2,
        "answer": "queen b2",
        "verdict": "wrong",
        "reason": "b2 is attacked by the queen on a1",
        "recorded": "queen c2",  # the first safe square; a1 c2 has no solution below
    }


def test_a_queens_quiz_asks_at_the_milestone_by_default(capsys, tmp_path, queens8):
    graded = quiz(capsys, tmp_path, queens8, ["queen d8"])
    assert graded["questions"] == 1 and graded["answers"][0]["recorded"] == "queen d8"
    assert graded["score"] == 1


def test_a_whole_sudoku_quiz_every_explained_step(capsys, tmp_path):
    judge = SudokuJudge(load_trace(EXAMPLE))
    steps = judge.default_steps()
    answers = [str(judge.recorded(s)).split(", ")[0] for s in steps]
    answers[0] = "F7=7"  # another naked single: right but different
    answers[1] = "D6-9"  # removes the cell's digit: wrong
    graded = quiz(capsys, tmp_path, EXAMPLE, answers)
    assert graded["questions"] == len(steps) == 51
    assert graded["score"] == 50
    first, second = graded["answers"][:2]
    assert first["verdict"] == "right-but-different" and first["recorded"] == "E5=5"
    assert second == {"step": 2, "answer": "D6-9", "verdict": "wrong",
                      "reason": "D6 is 9 in the solution", "recorded": "B5=2"}  # fmt: skip
    assert all(a["verdict"] == "right" for a in graded["answers"][2:])


def test_every_n_asks_at_every_nth_move_and_writes_to_stdout(capsys, tmp_path):
    (tmp_path / "a.txt").write_text("B5=2\n\nH5=9\n")
    code, out, err = run_cli(capsys, "quiz", str(EXAMPLE), "--answers", str(tmp_path / "a.txt"),
                             "--json", "-", "--every", "25")  # fmt: skip
    assert code == 0, err
    graded = json.loads(out)
    assert [a["step"] for a in graded["answers"]] == [25, 50]
    assert graded["score"] == 0  # B5 and H5 are filled by then


@pytest.mark.parametrize(
    ("answers", "options", "match"),
    [
        (["E5=5", "nonsense"], ("--at", "1,2"), "answers.txt line 2: 'nonsense' is not a sudoku"),
        (["E5=5"], ("--at", "1,2"), "answers.txt: 1 answer for 2 questions"),
        (["E5=5"], ("--at", "99"), "--at 99: the trace has 52 steps"),
        (["E5=5"], ("--at", "52"), "--at 52: that step makes no move to ask about"),
        (["E5=5"], ("--every", "52"), "--every 52: the trace has 51 moves"),
        (["E5=5"], ("--every", "0"), "--every: 0: a quiz asks at every N-th move, N from 1"),
        (["E5=5"], ("--at", "0"), "numbered from 1"),
    ],
)
def test_bad_answers_and_options_are_one_line_errors(capsys, tmp_path, answers, options, match):
    (tmp_path / "answers.txt").write_text("\n".join(answers) + "\n")
    out = tmp_path / "graded.json"
    assert_one_line_error(capsys, "quiz", str(EXAMPLE), "--answers", str(tmp_path / "answers.txt"),
                          "--json", str(out), *options, match=match)  # fmt: skip
    assert not out.exists()


def test_a_missing_answer_file_is_one_line(capsys, tmp_path):
    assert_one_line_error(capsys, "quiz", str(EXAMPLE), "--answers", str(tmp_path / "none.txt"),
                          "--json", "-", match="none.txt")  # fmt: skip


def test_an_endless_or_huge_answer_file_is_refused_before_it_is_read(capsys, tmp_path):
    huge = tmp_path / "huge.txt"
    huge.write_text("A1=5\n" * 300_000)  # 1.5 MB: no class's answers
    for source, match in (("/dev/zero", "is a device"), (str(huge), "more than a file of answers")):
        assert_one_line_error(capsys, "quiz", str(EXAMPLE), "--answers", source, "--json", "-",
                              match=match)  # fmt: skip


def toy_trace(capsys, tmp_path, name: str) -> Path:
    path = tmp_path / f"{name}.pzt"
    code, _out, err = run_cli(capsys, "solve", name, "--trace", str(path), "-q")
    assert code == 0, err
    return path


def test_a_puzzle_without_a_judge_is_refused_by_name(capsys, tmp_path):
    trace = toy_trace(capsys, tmp_path, "toy")
    (tmp_path / "a.txt").write_text("slot 0\n")
    assert_one_line_error(capsys, "quiz", str(trace), "--answers", str(tmp_path / "a.txt"),
                          "--json", "-", match="Toy (toy) has no quiz judge")  # fmt: skip


JUDGED_TOY = '''
import dataclasses
import re

from puzzleviz import DIFFERENT, RIGHT, WRONG, AnswerError, Ref, Verdict, msg, state_before
from tests.toy import TOY, ToyModel, ToyProblem


class Model(ToyModel):
    kind = "toyq"


class Problem(ToyProblem):
    def model(self):
        return Model(self.size)


def problems(args):
    return [Problem(args.size, args.amount)]


class Judge:
    """Fill the slots in any order: the step's slot is right, another empty one too."""

    def __init__(self, trace):
        self.trace, self.model = trace, Model.from_definition(trace.header.definition)

    def recorded(self, step):
        return f"slot {int(self.trace.rows[self.trace.step_range(step)[0], 1])}"

    def default_steps(self):
        return list(range(self.trace.n_steps))

    def judge(self, step, answer):
        match = re.fullmatch(r"slot (\\d+)", answer)
        if match is None or int(match[1]) >= self.model.size:
            raise AnswerError(f"{answer!r} is not a slot")
        if answer == self.recorded(step):
            return Verdict(RIGHT, msg("the solver's slot"))
        if state_before(self.trace, self.model, step)[int(match[1])] == 0:
            return Verdict(DIFFERENT, msg("also right: that slot is empty too"))
        return Verdict(WRONG, msg("that slot is filled already"))

    def answers(self, step):
        return [f"slot {k}" for k in range(self.model.size)]

    def choices(self, step):
        return self.answers(step)  # the toy's scene takes no clicks: every slot a button

    def hints(self, step):
        return [msg("an empty slot")]


PUZZLE = dataclasses.replace(TOY, kind="toyq", name="toyq", model=Ref("toyquiz:Model"),
                             problems=Ref("toyquiz:problems"), judge=Ref("toyquiz:Judge"))
'''


def test_a_plugin_supplies_its_own_judge_through_its_puzzle_spec(capsys, tmp_path, monkeypatch):
    (tmp_path / "toyquiz.py").write_text(JUDGED_TOY)
    write_distribution(tmp_path, "puzzleviz-toyquiz", {"toyq": "toyquiz:PUZZLE"})
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_installed()
    try:
        trace = toy_trace(capsys, tmp_path, "toyq")
        answers = ["slot 0", "slot 3", "slot 0", "slot 9"]
        graded = quiz(capsys, tmp_path, trace, answers[:3], "--at", "1,2,3")
        assert [a["verdict"] for a in graded["answers"]] == [
            "right", "right-but-different", "wrong"]  # fmt: skip
        assert graded["answers"][1]["reason"] == "also right: that slot is empty too"
        (tmp_path / "answers.txt").write_text("slot 9\n")
        assert_one_line_error(capsys, "quiz", str(trace), "--answers",
                              str(tmp_path / "answers.txt"), "--json", "-", "--at", "1",
                              match="line 1: 'slot 9' is not a slot")  # fmt: skip
    finally:
        registry.forget_installed()

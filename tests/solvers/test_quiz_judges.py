"""The quiz judges on positions made by hand: right, right but different, wrong, malformed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.queens import COUNTERS
from puzzleviz.solvers.queens.judge import QueensJudge, completes
from puzzleviz.solvers.queens.model import Conflict, Place, QueensModel
from puzzleviz.solvers.queens.reference import solutions
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, WRONG, AnswerError, run_quiz, state_before
from puzzleviz.solvers.sudoku.applications import LISTED, Position, applications
from puzzleviz.solvers.sudoku.judge import SudokuJudge
from puzzleviz.solvers.sudoku.search import solve_and_record
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.tracer import RecordingTracer

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sudoku.pzt"
# the examples' pointing-pair puzzle: its path has hidden singles, a pointing pair (step 28)
# and a unique rectangle (step 30) among naked singles
POINTING = "..3..8..28..4..79..712..4.8..487.................269..3.7..925..89..7..31..6..8.."


def five_queens() -> QueensJudge:
    """a1, then c2 (b2 tried and rejected), then e3, by hand: 5 x 5 has two solutions with
    a queen on a1, (a1 c2 e3 b4 d5) and (a1 d2 b3 e4 c5)."""
    tracer = RecordingTracer(QueensModel(5), solver="queens.backtracking", counters=COUNTERS)
    tracer.step("queen on a1")
    tracer.emit(Place(0, 0))
    tracer.step("queen on c2")
    tracer.emit(Conflict(1, 1, 0, 0))
    tracer.emit(Place(1, 2))
    tracer.step("queen on e3")
    tracer.emit(Place(2, 4))
    tracer.milestone("solution", "not yet, but a milestone to ask at")
    return QueensJudge(tracer.finish())


def verdict(judge, step, answer):
    found = judge.judge(step, answer)
    return found.kind, render(found.reason, "en")


def test_a_queens_square_is_right_when_it_is_the_search_s_or_safe_and_leads_on():
    judge = five_queens()
    assert judge.recorded(1) == "queen c2"
    assert verdict(judge, 1, "queen c2")[0] == RIGHT
    assert verdict(judge, 1, "  Queen D2 ") == (
        DIFFERENT,
        "also right: d2 is safe and leads to a solution",
    )
    assert verdict(judge, 1, "queen e2") == (WRONG, "e2 is safe, but no solution follows from it")
    assert verdict(judge, 1, "queen b2") == (WRONG, "b2 is attacked by the queen on a1")
    assert verdict(judge, 1, "queen c3") == (WRONG, "the next queen goes in row 2")
    assert judge.default_steps() == [2]  # the milestone's step


@pytest.mark.parametrize("answer", ["queen", "c2", "queen c", "queen f1", "queen a6", "rook a1"])
def test_a_malformed_queens_answer_is_an_error_not_a_wrong_answer(answer):
    with pytest.raises(AnswerError):
        five_queens().judge(1, answer)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_completes_agrees_with_the_reference_on_every_safe_prefix(n):
    every = list(solutions(n))
    prefixes = {s[:k] for s in every for k in range(n + 1)}
    for first in range(n):
        for second in range(n):
            cols = (first, second)
            safe = first != second and abs(first - second) != 1
            if safe:
                assert completes(n, np.array(cols, dtype=np.int64)) == (cols in prefixes)
    assert completes(n, np.array([], dtype=np.int64)) == bool(every)


def test_a_quiz_goes_on_from_the_recorded_step_after_a_wrong_answer():
    judge = five_queens()
    result = run_quiz(judge, [0, 1, 2], ["queen b1", "queen b2", "queen e3"])
    assert [a.verdict.kind for a in result.answers] == [DIFFERENT, WRONG, RIGHT]
    assert result.to_json()["score"] == 2
    assert result.to_json()["answers"][1] == {
        "step": 2,
        "answer": "queen b2",
        "verdict": WRONG,
        "reason": "b2 is attacked by the queen on a1",
        "recorded": "queen c2",
    }
    with pytest.raises(AnswerError, match="answer 2: 'queen zz'"):
        run_quiz(judge, [0, 1], ["queen a1", "queen zz"])


def test_a_sudoku_move_is_right_when_the_step_makes_it_or_as_easy_a_technique_does():
    judge = SudokuJudge(load_trace(EXAMPLE))
    assert judge.recorded(0) == "E5=5"  # a naked single; its peers' removals are not asked
    assert verdict(judge, 0, "E5=5") == (RIGHT, "the step's own move: Naked Single")
    assert verdict(judge, 0, "f7=7") == (DIFFERENT, "also right: a naked single: F7 can only be 7")
    # true, but D6 holds 5 and 9 here: no naked single shows it (a hidden single is harder)
    assert verdict(judge, 0, "D6=9")[0] == WRONG
    assert verdict(judge, 0, "D6-9") == (WRONG, "D6 is 9 in the solution")
    assert verdict(judge, 0, "A1=1") == (WRONG, "A1 already holds 5")
    assert verdict(judge, 0, "E5=4") == (WRONG, "4 is no longer a candidate of E5")


@pytest.mark.parametrize("answer", ["E5", "E5 5", "J1=5", "A10=1", "E5=0", "E5:5", "five"])
def test_a_malformed_sudoku_answer_is_an_error(answer):
    with pytest.raises(AnswerError):
        SudokuJudge(load_trace(EXAMPLE)).judge(0, answer)


@pytest.fixture(scope="module")
def pointing() -> SudokuJudge:
    return SudokuJudge(solve_and_record(POINTING)[1])


def test_an_easier_technique_elsewhere_is_named_by_its_house(pointing):
    step = 17  # a hidden single in box A1C3 places A1=4; H3=3 is one in box G1I3
    assert pointing.recorded(step) == "A1=4"
    assert verdict(pointing, step, "H3=3") == (
        DIFFERENT,
        "also right: a hidden single in box G1I3",
    )


def test_a_technique_step_s_removals_are_its_moves_and_harder_ones_do_not_count(pointing):
    step = 27
    assert pointing.recorded(step) == "B4-5, B6-5"
    assert verdict(pointing, step, "B4-5")[0] == RIGHT
    assert verdict(pointing, step, "b6-5")[0] == RIGHT
    before_pointing = 24  # a hidden single's step (1.2): the pointing pair is harder
    assert pointing.recorded(before_pointing) == "H6=4"
    kind, reason = verdict(pointing, before_pointing, "B4-5")
    assert kind == WRONG, reason


# the examples' naked-quad puzzle: at step 24 the solver takes a naked pair in row 9 (G9-1,
# I9-3); the naked pair A1, A9 of column A is another one of the same rating
TWO_PAIRS = "...65.72....2.3..4.........4.3..5.87..2...5..67.8..3.1.........9..1.8....56.27..."


def test_another_application_of_the_step_s_technique_is_right_but_different():
    judge = SudokuJudge(solve_and_record(TWO_PAIRS)[1])
    assert judge.recorded(23) == "G9-1, I9-3"
    assert verdict(judge, 23, "I9-3")[0] == RIGHT
    assert verdict(judge, 23, "A3-3") == (
        DIFFERENT,
        "also right: a Naked Pair in column A: A1, A9",
    )


def example_puzzles() -> list[str]:
    lines = (EXAMPLE.parents[1] / "assets" / "puzzles" / "sudoku" / "examples.txt").read_text()
    return [line.split()[0] for line in lines.splitlines() if line[:1] in ".123456789"][:12]


def test_every_step_of_a_listed_technique_is_among_its_listed_applications():
    """The quiz's lists and the solver's finders agree: each move a recorded step of a basic
    technique makes is in an application of that technique listed from the step's grid."""
    checked = 0
    for puzzle in example_puzzles():
        trace = solve_and_record(puzzle)[1]
        judge = SudokuJudge(trace)
        for step in judge.default_steps():
            technique, moves = judge.step(step)
            if technique is None or technique.name not in LISTED:
                continue
            state = state_before(trace, judge.model, step)
            values, cand = judge.model.values(state), judge.model.candidates(state)
            position = Position(judge.geo, values.copy(), cand.copy(), judge.names)
            found = set().union(*(a.moves for a in applications(technique.name, position)))
            assert set(moves) <= found, (puzzle, step + 1, technique.name)
            checked += 1
    assert checked > 300


def test_the_queens_hints_name_the_row_then_its_safe_squares_and_answers_span_the_board():
    judge = five_queens()
    assert [render(h, "en") for h in judge.hints(1)] == [
        "the next queen goes in row 2",
        "row 2 has 3 safe squares: c2, d2, e2",  # a2 and b2 are attacked by a1
    ]
    assert len(judge.answers(1)) == 25 and "queen c2" in judge.answers(1)
    assert judge.choices(1) == []
    kinds = {judge.judge(1, a).kind for a in judge.answers(1)}
    assert kinds == {RIGHT, DIFFERENT, WRONG}


def test_every_sudoku_answer_of_a_question_is_judged_and_its_own_moves_are_among_them(pointing):
    step = 17  # a hidden single in box A1C3 places A1=4; others are right but different
    answers = pointing.answers(step)
    assert {"A1=4", "A1-4", "H3=3"} <= set(answers)
    verdicts = {a: pointing.judge(step, a).kind for a in answers}
    assert verdicts["A1=4"] == RIGHT
    assert {k for k in verdicts.values()} == {RIGHT, DIFFERENT, WRONG}
    # every right-but-different move is true: it agrees with the solution
    solution = pointing.solution()
    for answer, kind in verdicts.items():
        if kind == DIFFERENT:
            cell, digit, placed = pointing.parse(answer)
            assert (int(solution[cell]) == digit) == placed, answer


def test_the_sudoku_hints_are_the_technique_then_where_to_look(pointing):
    first, second = (render(h, "en") for h in pointing.hints(27))
    assert first == "Look for a Pointing Pair."
    assert second.startswith("Pointing Pair: look at")
    assert pointing.choices(27) == []


def generated_hard(count: int) -> list[str]:
    path = (
        Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku" / "generated_hard.txt"
    )
    lines = [ln.split()[0] for ln in path.read_text().splitlines() if ln and not ln.startswith("#")]
    return lines[:count]


@pytest.mark.parametrize("puzzle", generated_hard(3))
def test_the_finders_first_application_is_among_every_listed_one_and_each_is_sound(puzzle):
    """On every third position of three hard solves, for each technique listed in full
    (fish, wings, named chains): the solver's finder's application is one of those listed,
    and no listed application removes a digit of the solution."""
    from puzzleviz.solvers.sudoku.applications_more import MORE, more_applications
    from puzzleviz.solvers.sudoku.geometry import Names, geometry
    from puzzleviz.solvers.sudoku.logic import logic_steps

    judge = SudokuJudge(solve_and_record(puzzle)[1])
    solution, geo, names = judge.solution(), geometry(3), Names(3)
    seen = set()
    for step in range(0, judge.trace.n_steps, 3):
        values, cand = judge._grid(step)
        position = Position(geo, values, cand, names)
        for name in MORE:
            listed = [a.moves for a in more_applications(name, position)]
            for moves in listed:
                for cell, digit, _placed in moves:
                    assert solution[cell] != digit, (name, step, cell, digit)
            _status, found = logic_steps(
                3, values.copy(), cand.copy(), [name], 1, judge.model.puzzle.givens
            )
            if found:
                made = frozenset((c, d, False) for c, d in found[0].eliminations)
                assert made in listed, (name, step)
                seen.add(name)
    assert seen, "these solves use some of the techniques listed in full"

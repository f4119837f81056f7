"""The solver end to end: soundness on famous hard puzzles and generated ones, golden
counts, guesses and backtracking, switches, and the input checks."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import puzzleviz.solvers.sudoku.search as search
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.plugin import Limits
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.sudoku.bruteforce import count_solutions
from puzzleviz.solvers.sudoku.generate import generate
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.model import SudokuModel
from puzzleviz.solvers.sudoku.options import SudokuProblem
from puzzleviz.solvers.sudoku.parse import parse_puzzle, read_puzzles
from puzzleviz.solvers.sudoku.record import COUNTERS, SOLVER_NAME, record, trace_params
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.soundness import unsound_steps
from puzzleviz.solvers.sudoku.techniques import BY_NAME, GROUPS, parse_selection
from puzzleviz.solvers.tracer import RecordingTracer

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"
FAMOUS = read_puzzles(ASSETS / "famous_hard.txt")
NO_GUESS = parse_selection("-guess")


def is_valid_grid(b: int, values: np.ndarray) -> bool:
    geo = geometry(b)
    full = set(range(1, b * b + 1))
    return all(set(values[geo.house_cells[h]].tolist()) == full for h in range(3 * b * b))


def check(result) -> None:
    assert result.solved
    assert np.array_equal(result.final, result.solution)
    assert unsound_steps(result) == []


def test_the_famous_list_is_typed_in_right():
    assert len(FAMOUS) >= 100
    for puzzle in FAMOUS:
        assert count_solutions(3, puzzle.givens)[0] == 1, puzzle.name


def test_famous_hard_puzzles_are_solved_soundly():
    guessed = 0
    for puzzle in FAMOUS:
        result = solve(puzzle, names=None)
        check(result)
        guessed += result.fallback_used
    # golden count: how many of the famous hard puzzles our techniques cannot finish alone
    # (41 before forcing chains and nets: now only the six hardest famous ones, issue 21)
    assert guessed == 6


def test_logic_alone_stalls_where_it_must_and_says_so():
    escargot = next(p for p in FAMOUS if p.name == "AI Escargot")
    result = solve(escargot, NO_GUESS, names=None)
    assert not result.solved and not result.fallback_used and result.level == "stalled"
    assert unsound_steps(result) == []
    assert 0 < int((result.final > 0).sum()) < 81


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3]))
def test_generated_puzzles_are_solved_soundly(seed, b):
    puzzle = generate(b, seed)
    assert count_solutions(b, puzzle.givens)[0] == 1
    check(solve(puzzle, names=None))


def test_4x4_and_16x16_are_solved_soundly():
    small, big = read_puzzles(ASSETS / "sizes.txt")
    assert (small.b, big.b) == (2, 4)
    for puzzle in (small, big):
        result = solve(puzzle, names="a1")
        check(result)
        assert is_valid_grid(puzzle.b, result.final)
    assert any("P16" in s.caption or "box M13P16" in s.caption for s in result.steps)


def test_guesses_pair_with_backtracks_and_label_their_steps():
    escargot = next(p for p in FAMOUS if p.name == "AI Escargot")
    result = solve(escargot)
    names = [s.name for s in result.steps]
    assert names.count("contradiction") == names.count("backtrack") == names.count("guess_refuted")
    assert names.count("guess") == names.count("backtrack") + result.steps[-1].depth
    inside = [s for s in result.steps if s.assumptions and s.is_technique and s.name != "guess"]
    assert inside and all(s.caption.startswith("(assuming ") for s in inside)
    assert result.rating == 10.0 and result.level == "guessing"


def test_switching_techniques_changes_the_path():
    puzzle = parse_puzzle(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    full = solve(puzzle, names=None)
    assert not full.fallback_used and full.rating == 1.9 and full.level == "medium"
    singles = solve(puzzle, parse_selection("singles,guess"), names=None)
    assert singles.fallback_used
    assert set(singles.techniques_used()) <= {"naked_single", "hidden_single", "guess"}
    check(singles)
    seed_only = solve(FAMOUS[2], parse_selection("seed"), names=None)
    assert set(seed_only.techniques_used()) <= set(GROUPS["seed"])


def test_input_errors():
    with pytest.raises(PuzzleInputError, match="no solution"):
        solve(parse_puzzle("12345678." + "........9" + "." * 63))  # I1 can be nothing
    norvig = parse_puzzle(
        ".....6....59.....82....8....45........3........6..3.54...325..6.................."
    )
    with pytest.raises(PuzzleInputError, match=r"more than one solution.*--allow-multiple"):
        solve(norvig)
    result = solve(norvig, allow_multiple=True, names=None)
    assert result.solved and not result.unique and is_valid_grid(3, result.final)
    assert not {t for t in result.techniques_used() if BY_NAME[t].needs_unique}
    givens = norvig.givens > 0
    assert np.array_equal(result.final[givens], norvig.givens[givens])


def test_4x4_and_empty_cells_count():
    puzzle = generate(2, 11)
    result = solve(parse_puzzle(puzzle.text()))
    check(result)
    empty = int((puzzle.givens == 0).sum())
    assert sum(len(s.placements) for s in result.steps) == empty > 0


def test_the_solver_records_into_the_tracer_as_it_goes(monkeypatch):
    """The plugin method hands each step to the tracer as the driver gets it from the
    engine (before the solve is over), and the trace is the same as recording the finished
    solve."""

    puzzle = read_puzzles(ASSETS / "famous_hard.txt")[0]  # needs chains: many steps
    model = SudokuModel(puzzle.text())
    problem = SudokuProblem(puzzle, parse_selection("all"))
    finished = []  # set when the solver builds its result: the solve is over
    real_result = search.SudokuResult

    def result_built(*args):
        finished.append(True)
        return real_result(*args)

    monkeypatch.setattr(search, "SudokuResult", result_built)
    during = []

    class Watching(RecordingTracer):
        def step(self, caption: str) -> None:
            during.append(not finished)
            super().step(caption)

    tracer = Watching(model, solver=SOLVER_NAME, params=trace_params(problem.enabled, True),
                      counters=COUNTERS)  # fmt: skip
    result = search.human(problem, tracer, Limits(), Progress(None, "test", enabled=False))
    assert during == [True] * len(result.steps) + [False]  # the closing "Solved" after
    assert np.array_equal(tracer.finish().rows, record(result).rows)

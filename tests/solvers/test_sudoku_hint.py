"""Hints in three levels from the position the student is at: the technique, where to look,
the whole step; mistakes in the position come first; bad puzzles are one-line errors."""

from __future__ import annotations

import argparse

import numpy as np
import pytest
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import set_language
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.hint import hint_for, hint_for_puzzle, start_grid
from puzzleviz.solvers.sudoku.hint_command import run
from puzzleviz.solvers.sudoku.parse import parse_puzzle
from puzzleviz.solvers.sudoku.search import check_solutions, solve

# from assets/puzzles/sudoku/examples.txt: its path needs an X-Wing early on
XWING = "5..2.37....9...8...6.8...9.....523..4.5...1.9..346.....8...1.7...7...2....16.4..8"


def _args(puzzle: str, level: int = 1, techniques: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(puzzle=puzzle, level=level, techniques=techniques, names="a1",
                              index=None)  # fmt: skip


def test_three_levels_name_then_cells_then_the_solver_step(capsys):
    first = solve(parse_puzzle(XWING)).steps[0]
    texts = []
    for level in (1, 2, 3):
        assert run(_args(XWING, level)) == 0
        texts.append(capsys.readouterr().out.strip())
    assert texts[0] == "Look for a Naked Single." if first.name == "naked_single" else True
    assert texts[0].startswith("Look for") and "look at" in texts[1]
    assert texts[2] == first.caption  # level 3 is the step the solver takes, in full


def _hint_before_the_x_wing():
    """The hint at the position just before the solver's X-Wing (the earlier steps replayed),
    the solve, and the X-Wing's index among its steps."""
    puzzle = parse_puzzle(XWING)
    result = solve(puzzle)
    solution, _ = check_solutions(puzzle, False)
    k = next(i for i, s in enumerate(result.steps) if s.name == "x_wing")
    values, cand = start_grid(puzzle.b, puzzle.givens)

    peers = geometry(3).peers
    for step in result.steps[:k]:
        for c, d in step.eliminations:
            cand[c] &= ~(1 << (d - 1))
        for c, d in step.placements:
            values[c], cand[c] = d, 0
            cand[peers[c]] &= ~np.int32(1 << (d - 1))
    return hint_for(3, values, cand, puzzle.givens, solution), result, k


def test_the_hint_follows_the_position_and_names_the_technique_the_solver_uses():
    hint, result, k = _hint_before_the_x_wing()
    assert hint.kind == "step" and hint.step is not None and hint.step.name == "x_wing"
    assert hint.text(1) == "Look for an X-Wing."
    assert set(hint.step.eliminations) == set(result.steps[k].eliminations)
    assert "remove" in hint.text(3)


def test_a_wrong_digit_or_a_lost_candidate_is_said_first():
    puzzle = parse_puzzle(XWING)
    solution, _ = check_solutions(puzzle, False)
    values, cand = start_grid(puzzle.b, puzzle.givens)
    empty = int(np.flatnonzero(values == 0)[0])
    wrong = next(d for d in range(1, 10) if d != solution[empty] and cand[empty] >> (d - 1) & 1)
    placed = values.copy()
    placed[empty] = wrong
    hint = hint_for(3, placed, cand, puzzle.givens, solution)
    assert hint.kind == "wrong_digit" and "take it back" in hint.text(3)
    lost = cand.copy()
    lost[empty] &= ~(1 << (int(solution[empty]) - 1))
    assert hint_for(3, values, lost, puzzle.givens, solution).kind == "lost_candidate"


def test_stalled_and_complete_positions():
    hint = hint_for_puzzle(XWING, {"bug_plus_1"})  # not at the start
    assert hint.kind == "stalled" and "None of the switched-on techniques" in hint.text(1)
    puzzle = parse_puzzle(XWING)
    solution, _ = check_solutions(puzzle, False)
    full = hint_for(3, solution, np.zeros(81, np.int32), puzzle.givens, solution)
    assert full.kind == "solved"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123", "needs 16, 81 or 256 cells"),
        ("11" + XWING[2:], "conflicting givens"),  # two 1s in row 1
        ("." * 81, "more than one solution"),
    ],
)
def test_bad_puzzles_are_one_line_errors(text, message):
    with pytest.raises(PuzzleInputError, match=message) as error:
        run(_args(text))
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    ("lang", "first", "where"),
    [("de", "Suche nach: X-Wing.", "sieh dir"), ("ja", "X-Wing を探そう。", "を見よう")],
)
def test_a_hint_reads_in_the_readers_language(lang, first, where):
    """`--lang` and the window's I key: every level of a hint is a message, rendered late."""

    hint, _result, _k = _hint_before_the_x_wing()
    english = [hint.text(level) for level in (1, 2, 3)]
    set_language(lang)
    try:
        assert [hint.text(1), where in hint.text(2)] == [first, True]
        assert hint.text(3) != english[2]  # the step itself is translated too
    finally:
        set_language("en")
    assert english[0] == "Look for an X-Wing."

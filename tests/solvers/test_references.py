"""The fast searches agree with the pure-Python references written from the rules alone."""

from __future__ import annotations

import pytest
from puzzleviz.solvers.setgame.cards import CardSpace
from puzzleviz.solvers.setgame.reference import is_cap, is_set, largest_cap
from puzzleviz.solvers.setgame.search import solve as solve_set
from puzzleviz.solvers.sudoku.bruteforce import count_solutions
from puzzleviz.solvers.sudoku.parse import parse_puzzle
from puzzleviz.solvers.sudoku.reference import solutions
from puzzleviz.solvers.sudoku.search import solve as solve_sudoku


def test_the_set_rule():
    assert is_set(((0, 0), (1, 1), (2, 2))) and is_set(((0, 1), (0, 1), (0, 1)))
    assert not is_set(((0, 0), (0, 1), (1, 2)))


@pytest.mark.parametrize(("v", "n"), [(3, 1), (3, 2), (2, 3), (4, 2), (3, 3)])
def test_set_maximum_agrees_with_plain_backtracking(v, n):
    result = solve_set(v, n)
    assert result.max == largest_cap(v, n)
    space = CardSpace(v, n)
    for cap in result.caps[:5]:
        cards = [tuple(int(d) for d in space.word(c)) for c in cap]
        assert len(cards) == result.max and is_cap(cards, v)


PUZZLES = [
    "..3.3..22..3.3.1",  # 4x4
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "...2.38....18...74....1.23.51...4...............1...52.73.5....95...24....26.7...",
]


@pytest.mark.parametrize("text", PUZZLES)
def test_sudoku_solutions_agree_with_plain_backtracking(text):
    puzzle = parse_puzzle(text)
    reference = solutions([int(v) for v in puzzle.givens])
    assert len(reference) == 1 and count_solutions(puzzle.b, puzzle.givens)[0] == 1
    result = solve_sudoku(puzzle)
    assert [int(v) for v in result.final] == reference[0]

"""Unique Rectangle types 3, 5, 6, Hidden and Avoidable Rectangles and BUG+n
(solvers.sudoku.kernels.rectangles): each on a hand-built candidate grid whose eliminations
can be worked out by hand, and every one of them on real puzzles checked against the
unique solution."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from puzzleviz.solvers.sudoku.captions import RECTANGLE_NAMES
from puzzleviz.solvers.sudoku.parse import read_puzzles
from puzzleviz.solvers.sudoku.roles import CELL_PATTERN, CELL_TARGET, HOUSE_BASE
from puzzleviz.solvers.sudoku.search import find_one, solve
from puzzleviz.solvers.sudoku.soundness import unsound_steps
from puzzleviz.solvers.sudoku.techniques import ORDERED, parse_selection

from tests.solvers.test_sudoku_soundness import grids_along_the_path
from tests.solvers.test_sudoku_techniques import elims, grid, remove

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"
RECTANGLES = tuple(sorted(RECTANGLE_NAMES))


def test_unique_rectangle_type_3_makes_a_naked_subset_with_the_roof():
    # floor A1, D1 {1, 2}; roof A2 {1, 2, 3}, D2 {1, 2, 4}; F2 {3, 4}: a pair with the roof
    values, cand = grid(r0c0=12, r0c3=12, r1c0=123, r1c3=124, r1c5=34)
    step = find_one(3, values, cand, "unique_rectangle_3")
    assert elims(step) == {(1, c, d) for c in (1, 2, 4, 6, 7, 8) for d in (3, 4)}
    assert (9 + 5, CELL_PATTERN) in step.cells and step.houses == ((1, HOUSE_BASE),)
    assert step.caption.startswith("Unique Rectangle Type 3: A1, D1 hold only {1, 2}")
    assert "naked subset {3, 4} in row 2" in step.caption


def test_unique_rectangle_type_5_extra_digit_on_a_diagonal():
    values, cand = grid(r0c0=12, r1c3=12, r0c3=125, r1c0=125)
    step = find_one(3, values, cand, "unique_rectangle_5")
    assert elims(step) == {(0, 1, 5), (0, 2, 5), (1, 4, 5), (1, 5, 5)}
    assert "so 5 goes from every cell that sees them all" in step.caption


def test_unique_rectangle_type_6_x_wing_inside_the_rectangle():
    values, cand = grid(r0c0=12, r1c3=12, r0c3=125, r1c0=126)
    remove(cand, 1, [(r, c) for r in (0, 1) for c in range(9) if c not in (0, 3)])
    step = find_one(3, values, cand, "unique_rectangle_6")
    assert elims(step) == {(0, 3, 1), (1, 0, 1)}
    assert {c for c, r in step.cells if r == CELL_TARGET} == {3, 9}
    assert "in row 1 and row 2, 1 fits only in the rectangle" in step.caption


def test_hidden_rectangle_two_strong_links_at_the_far_corner():
    values, cand = grid(r0c0=12, r1c3=1278)
    remove(cand, 1, [(1, c) for c in range(9) if c not in (0, 3)])
    remove(cand, 1, [(r, 3) for r in range(9) if r not in (0, 1)])
    step = find_one(3, values, cand, "hidden_rectangle")
    assert elims(step) == {(1, 3, 2)}
    assert step.caption.startswith("Hidden Rectangle: A1 holds only {1, 2}")


def test_avoidable_rectangle_only_with_cells_that_are_not_givens():
    values, cand = grid()
    for (r, c), d in {(0, 0): 1, (0, 3): 2, (1, 0): 2}.items():
        values[r * 9 + c], cand[r * 9 + c] = d, 0
    no_givens = np.zeros(81, dtype=np.int32)
    step = find_one(3, values, cand, "avoidable_rectangle", givens=no_givens)
    assert elims(step) == {(1, 3, 1)}
    assert step.caption.startswith("Avoidable Rectangle Type 1: A1, D1, A2 were solved")
    assert "crosswise; 1 in D2 would complete a rectangle" in step.caption
    # the same digits as givens: swapping them is no second solution of this puzzle
    assert find_one(3, values, cand, "avoidable_rectangle") is None
    one_given = no_givens.copy()
    one_given[3] = 2
    assert find_one(3, values, cand, "avoidable_rectangle", givens=one_given) is None


def test_avoidable_rectangle_type_2():
    values, cand = grid(r1c0=25, r1c3=15)
    for (r, c), d in {(0, 0): 1, (0, 3): 2}.items():
        values[r * 9 + c], cand[r * 9 + c] = d, 0
    step = find_one(3, values, cand, "avoidable_rectangle", givens=np.zeros(81, np.int32))
    assert elims(step) == {(1, c, 5) for c in (1, 2, 4, 5, 6, 7, 8)}
    assert "unless one of them is 5" in step.caption


def test_the_rectangles_come_in_hodoku_order_among_the_uniqueness_steps():
    names = [t.name for t in ORDERED]
    ur = [names.index(f"unique_rectangle_{k}") for k in range(1, 7)]
    assert ur == sorted(ur)
    assert ur[-1] < names.index("hidden_rectangle") < names.index("avoidable_rectangle")
    assert names.index("bug_plus_1") < names.index("bug_plus_n")


def test_every_rectangle_step_on_hard_grids_keeps_the_solution():
    """Each technique tried alone on grids along the solve paths of hard puzzles (with the
    puzzle's givens, so Avoidable Rectangles can use the digits placed since): every
    elimination checked against the unique solution, and each technique found something,
    except Type 5 (two diagonal or three corners with the same one extra digit), which
    none of the ~400 puzzles we have ever shows: its hand-built test above covers it."""
    examples = [(p, 1) for p in read_puzzles(ASSETS / "examples.txt") if p.b == 3]
    puzzles = examples + [(p, 3) for p in read_puzzles(ASSETS / "famous_hard.txt")[::4]]
    puzzles += [(p, 3) for p in read_puzzles(ASSETS / "generated_hard.txt")[::6]]
    fired = dict.fromkeys(RECTANGLES, 0)
    for puzzle, every in puzzles:
        for values, cand, solution in grids_along_the_path(puzzle, every):
            for technique in RECTANGLES:
                step = find_one(3, values, cand, technique, None, puzzle.givens)
                if step is None:
                    continue
                fired[technique] += 1
                assert all(solution[c] != d for c, d in step.eliminations), technique
    assert [t for t, k in fired.items() if k == 0] == ["unique_rectangle_5"], fired


def test_the_solver_stays_sound_with_the_rectangles_first():
    """A solve that reaches for the rectangles before any chain: every step sound."""
    enabled = parse_selection("-forcing,-kraken_fish,-als,-chains,-sue_de_coq")
    for puzzle in read_puzzles(ASSETS / "famous_hard.txt")[::10]:
        result = solve(puzzle, enabled, names=None)
        assert unsound_steps(result) == []

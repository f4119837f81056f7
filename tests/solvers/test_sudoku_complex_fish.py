"""Franken and Mutant fish (solvers.sudoku.kernels.complex_fish): every step sound on hard
puzzles, the recorded base and cover houses and fins make the fish the caption describes,
and every elimination is one single-digit logic allows (no template of the digit uses it)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.kernels.bits import compute_positions
from puzzleviz.solvers.sudoku.kernels.complex_fish import complex_fish, new_memo
from puzzleviz.solvers.sudoku.kernels.log import new_log
from puzzleviz.solvers.sudoku.logic import logic_steps, start_grid
from puzzleviz.solvers.sudoku.parse import read_puzzles
from puzzleviz.solvers.sudoku.rating import StepFacts, hodoku_points
from puzzleviz.solvers.sudoku.roles import HOUSE_BASE, HOUSE_COVER, ROLE_FIN, ROLE_PATTERN
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.soundness import unsound_steps
from puzzleviz.solvers.sudoku.steps import decode_log
from puzzleviz.solvers.sudoku.techniques import ORDERED, parse_selection

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"
# the techniques up to and including the fish, then a guess: the fish fire often
FISHY = "singles,intersections,subsets,fish,finned_fish,franken_fish,mutant_fish,guess"


def _hard(count: int):
    return read_puzzles(ASSETS / "hodoku_extreme.txt")[:count]


def _sees(a: int, b: int) -> bool:
    geo = geometry(3)
    return a != b and bool(set(geo.cell_houses[a]) & set(geo.cell_houses[b]))


def _check_fish(step, cand_before=None) -> None:
    """The step is a fish: k base and k cover houses, no house both; fins are base cells
    outside the cover or in two base houses; eliminations are cover cells outside the base
    that see every fin."""
    geo = geometry(3)
    k, digit = step.info[0], step.info[1]
    bases = [h for h, r in step.houses if r == HOUSE_BASE]
    covers = [h for h, r in step.houses if r == HOUSE_COVER]
    assert len(bases) == len(covers) == k and not set(bases) & set(covers)
    assert (
        sum(1 << h for h in bases) == step.info[2] and sum(1 << h for h in covers) == step.info[3]
    )
    base_cells = {c for c, d, _r in step.candidates if d == digit}
    cover_cells = {int(c) for h in covers for c in geo.house_cells[h]}
    fins = {c for c, _d, r in step.candidates if r == ROLE_FIN}
    for c in base_cells:
        in_bases = sum(h in bases for h in geo.cell_houses[c])
        assert in_bases >= 1
        assert (c in fins) == (c not in cover_cells or in_bases > 1)
    assert {r for _c, _d, r in step.candidates} <= {ROLE_FIN, ROLE_PATTERN}
    assert step.eliminations
    for c, d in step.eliminations:
        assert d == digit and c in cover_cells and c not in base_cells
        assert all(_sees(c, f) for f in fins)
    kinds = [{h // 9 for h in side} for side in (bases, covers)]
    if step.name == "franken_fish":
        assert 2 in kinds[0] | kinds[1]  # a box somewhere
        assert {0, 1} not in (kinds[0] & {0, 1}, kinds[1] & {0, 1})
    else:
        assert {0, 1} <= kinds[0] or {0, 1} <= kinds[1]  # rows and columns on one side


@pytest.mark.parametrize("technique", ["franken_fish", "mutant_fish"])
def test_fish_steps_are_sound_and_shaped_as_recorded(technique):
    """Franken fish on HoDoKu's EXTREME puzzles; Mutant fish (rarer: Franken fish off) on
    the first top95 puzzles."""
    found = 0
    if technique == "franken_fish":
        puzzles, selection = _hard(30), FISHY
    else:
        puzzles = read_puzzles(ASSETS / "famous_hard.txt")[14:64]
        selection = FISHY.replace("franken_fish,", "")
    for puzzle in puzzles:
        result = solve(puzzle, parse_selection(selection))
        assert unsound_steps(result) == []
        for step in result.steps:
            if step.name == technique:
                _check_fish(step)
                found += 1
                assert step.caption.startswith(("Franken Fish (", "Mutant Fish ("))
    assert found >= 3


def test_a_fish_removes_only_what_no_template_of_its_digit_uses():
    """Single-digit logic can remove a candidate only if no placement of the digit, once
    in every row, column and box on its candidates, uses it: each fish elimination is such
    a candidate (templates counted here in Python, independently of the kernel)."""
    geo = geometry(3)
    order = [t.name for t in ORDERED if t.rating < 5.35]
    pos = np.empty((27, 9), dtype=np.int32)
    checked = 0
    for puzzle in _hard(30) + read_puzzles(ASSETS / "famous_hard.txt")[14:64]:
        values, cand = start_grid(3, puzzle.givens)
        logic_steps(3, values, cand, order, 10**6, puzzle.givens)
        for mutant in (False, True):
            compute_positions(geo, cand, pos)
            log = new_log(4, 4000)
            if not complex_fish(geo, cand, pos, log, mutant, new_memo(9)):
                continue
            (step,) = decode_log(log, 0, ())
            digit = step.info[1]
            used = _template_cells(values, cand, digit)
            assert all(c not in used for c, _d in step.eliminations)
            checked += 1
    assert checked >= 3


def _template_cells(values, cand, digit: int) -> set[int]:
    """Cells some placement of `digit` (one per row, column and box) uses."""
    allowed = [[c for c in range(r * 9, r * 9 + 9) if values[c] == digit or
                (values[c] == 0 and cand[c] >> (digit - 1) & 1)] for r in range(9)]  # fmt: skip
    used: set[int] = set()

    def walk(r: int, cols: int, boxes: int, chosen: list[int]) -> None:
        if r == 9:
            used.update(chosen)
            return
        for c in allowed[r]:
            col, box = c % 9, (r // 3) * 3 + (c % 9) // 3
            if not cols >> col & 1 and not boxes >> box & 1:
                walk(r + 1, cols | 1 << col, 0 if (r + 1) % 3 == 0 else boxes | 1 << box,
                     chosen + [c])  # fmt: skip

    walk(0, 0, 0, [])
    return used


def test_the_memo_skips_a_digit_only_while_its_candidates_stay():
    """A memo holding a digit's current candidates skips it; any other memo does not."""
    geo = geometry(3)
    order = [t.name for t in ORDERED if t.rating < 5.35]
    pos = np.empty((27, 9), dtype=np.int32)
    for puzzle in _hard(30):
        values, cand = start_grid(3, puzzle.givens)
        logic_steps(3, values, cand, order, 10**6, puzzle.givens)
        compute_positions(geo, cand, pos)
        if not complex_fish(geo, cand, pos, new_log(4, 4000), False, new_memo(9)):
            continue
        # the digits' candidate cells as the kernel's two words (cells 0..62, 63..)
        memo = new_memo(9)
        for d in range(9):
            cells = [c for c in range(81) if cand[c] >> d & 1]
            memo[0, d, 0] = sum(1 << c for c in cells if c < 63)
            memo[0, d, 1] = sum(1 << (c - 63) for c in cells if c >= 63)
        assert not complex_fish(geo, cand, pos, new_log(4, 4000), False, memo)
        memo[0, :, :] += 1
        assert complex_fish(geo, cand, pos, new_log(4, 4000), False, memo)
        return
    pytest.fail("no Franken fish")


def test_ratings_follow_hodoku_size_and_fins():
    for puzzle in _hard(30):
        result = solve(puzzle, parse_selection(FISHY))
        for step in result.steps:
            if step.name == "franken_fish":
                fins = any(r == ROLE_FIN for _c, _d, r in step.candidates)
                level, points = hodoku_points(StepFacts.of(step))
                assert level == "UNFAIR"
                assert points == {(2, False): 300, (3, False): 350, (4, False): 370,
                                  (2, True): 390, (3, True): 410, (4, True): 430}[
                                      (step.info[0], fins)]  # fmt: skip
                return
    pytest.fail("no Franken fish")


def test_sixteen_by_sixteen_is_skipped():
    geo = geometry(4)
    cand = np.full(geo.ncell, (1 << 16) - 1, dtype=np.int32)
    pos = np.empty((48, 16), dtype=np.int32)
    compute_positions(geo, cand, pos)
    assert not complex_fish(geo, cand, pos, new_log(4, 4000), True, new_memo(16))

"""ALS techniques beyond ALS-XZ on pinned hard puzzles (forcing tier off, so the ALS step is
the one that fires): every step sound, the recorded sets, nodes and links as the scene
draws them (solvers.sudoku.kernels.als)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.kernels.als import (
    MAX_ALS_CELLS,
    _petal,
    _rcc_mask,
    _victims,
    find_als,
)
from puzzleviz.solvers.sudoku.kernels.als_bits import (
    als_bitboards,
    any_victim_bits,
    has_bit,
    rcc_mask_bits,
)
from puzzleviz.solvers.sudoku.kernels.log import new_log
from puzzleviz.solvers.sudoku.logic import logic_steps, start_grid
from puzzleviz.solvers.sudoku.parse import read_puzzles
from puzzleviz.solvers.sudoku.roles import CELL_ALS, LINK_STRONG, LINK_WEAK
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.soundness import unsound_steps
from puzzleviz.solvers.sudoku.techniques import parse_selection

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"
NCAND = 81 * 9


def _steps(name: str, technique: str):
    (puzzle,) = [p for p in read_puzzles(ASSETS / "famous_hard.txt") if p.name == name]
    # the complex fish and the chains of issue 21 off too: on these puzzles they would come
    # first and take the pinned eliminations
    off = "-forcing,-franken_fish,-mutant_fish,-continuous_nice_loop,-grouped_aic,-als_chain"
    off += ",-als_aic"
    result = solve(puzzle, parse_selection(off))
    assert unsound_steps(result) == []
    return result, [s for s in result.steps if s.name == technique]


def test_als_xy_wing_links_three_sets():
    result, steps = _steps("top95 12", "als_xy_wing")
    assert steps
    step = steps[0]
    # A = E4, G4, I4 {1, 2, 3, 6}; pivot C = A1, C1, G1, I1; B = E1, D3: 3 leaves E3 and D5
    assert set(step.eliminations) == {(4 + 2 * 9, 3), (3 + 4 * 9, 3)}
    assert all(result.solution[c] != d for c, d in step.eliminations)
    x, z, na, nb, nc, y = step.info[:6]
    assert (x, z, y) == (2, 3, 8) and (na, nc, nb) == (3, 4, 2)
    assert [r for _c, r in step.cells] == [CELL_ALS] * (na + nb + nc)
    assert [kind for _a, _b, kind in step.links] == [LINK_STRONG, LINK_WEAK] * 2 + [LINK_STRONG]
    assert [(a, b) for a, b, _k in step.links] == [(NCAND + k, NCAND + k + 1) for k in range(5)]
    # each node holds its digit only: A's Z, A's X, C's X, C's Y, B's Y, B's Z
    for k, digit in enumerate((z, x, x, y, y, z)):
        assert {c % 9 + 1 for c in step.node_candidates(NCAND + k, NCAND)} == {digit}
    assert "(3=2)A-(2=8)C-(8=3)B" in step.caption


def test_death_blossom_petals_for_each_stem_digit():
    result, steps = _steps("top95 51", "death_blossom")
    assert steps
    step = steps[0]
    # stem D2 {2, 5}: if 2, 8 is in D3, F3, H3; if 5, 8 is in F3: 8 leaves G3 and I3
    assert set(step.eliminations) == {(6 + 2 * 9, 8), (8 + 2 * 9, 8)}
    assert all(result.solution[c] != d for c, d in step.eliminations)
    stem, z, petals = step.info[:3]
    assert (stem, z, petals) == (3 + 1 * 9, 8, 2)
    stem_links = [(a, b) for a, b, kind in step.links if kind == LINK_WEAK]
    assert [a for a, _b in stem_links] == [stem * 9 + 1, stem * 9 + 4]
    for j in range(petals):
        zs = step.node_candidates(NCAND + 2 * j + 1, NCAND)
        assert zs and {c % 9 + 1 for c in zs} == {z}
    assert "stem D2 {2, 5}" in step.caption and "if 5, 8 is in F3" in step.caption


def test_sue_de_coq_box_line_intersection():
    result, steps = _steps("top95 22", "sue_de_coq")
    assert steps
    step = steps[0]
    # A4, B4, C4 {1, 3, 4, 6, 7} with G4, H4 {3, 6, 8} in row 4 and A6 {4, 7} in the box
    d4, f4, b6 = 3 + 3 * 9, 5 + 3 * 9, 1 + 5 * 9
    assert set(step.eliminations) == {(d4, 3), (f4, 3), (d4, 6), (f4, 6), (b6, 4), (b6, 7)}
    assert all(result.solution[c] != d for c, d in step.eliminations)
    _box, _line, v, dl, db, kc, kl, kb = step.info
    assert dl & db == 0 and bin(v | dl | db).count("1") == kc + kl + kb == len(step.cells)
    assert "A4, B4, C4 (where box A4C6 meets row 4)" in step.caption


def test_the_bitboards_answer_as_the_cell_by_cell_loops():
    """Restricted digits, overlaps, petals and 'some cell sees every Z of both' read off
    the bitboards (als_bits) equal the loops of als.py, on every pair of sets of positions
    along a hard solve."""

    (puzzle,) = [p for p in read_puzzles(ASSETS / "famous_hard.txt") if p.name == "top95 12"]
    geo = geometry(3)
    log = new_log(4, 64)
    values, cand = start_grid(3, puzzle.givens)
    checked = 0
    for _ in range(6):
        cells = np.empty((4096, MAX_ALS_CELLS), dtype=np.int64)
        size = np.empty(4096, dtype=np.int64)
        mask = np.empty(4096, dtype=np.int64)
        count = find_als(geo, values, cand, cells, size, mask)
        held, dcells, seen, digit_cells = als_bitboards(geo, cand, cells, size, mask, count)
        for a in range(0, count, 3):
            for stem in range(81):  # Death Blossom's petals: every d of a sees the stem
                for d in range(9):
                    petal = _petal(geo, cand, cells, size, a, stem, d)
                    assert has_bit(seen[a, d], stem) == (petal and bool(mask[a] >> d & 1))
            for b in range(count):
                rcc = _rcc_mask(geo, cand, cells, size, mask, a, b)
                assert rcc_mask_bits(held, dcells, seen, mask, a, b) == rcc
                for z in range(9):
                    if (mask[a] & mask[b]) >> z & 1:
                        slow = _victims(geo, values, cand, log, cells, size, a, b, z, False) > 0
                        assert any_victim_bits(seen, digit_cells, a, b, z) == slow
                        checked += 1
        logic_steps(3, values, cand, ["naked_single", "hidden_single", "pointing_pair",
                                      "box_line_pair", "naked_pair", "als_xz"], 8)  # fmt: skip
    assert checked > 1000

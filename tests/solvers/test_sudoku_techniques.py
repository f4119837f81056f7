"""Each technique on a hand-built candidate grid (an empty 9x9 with a few candidates taken
away), so the expected eliminations can be worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.solvers.sudoku.search import find_one
from puzzleviz.solvers.sudoku.techniques import ORDERED, TECHNIQUES, lookup, parse_selection

FULL = 0x1FF


def grid(**cells: int) -> tuple[np.ndarray, np.ndarray]:
    """An empty 9x9 with every candidate; cells given as r0c0={digits}."""
    values = np.zeros(81, dtype=np.int32)
    cand = np.full(81, FULL, dtype=np.int32)
    for key, digits in cells.items():
        r, c = int(key[1]), int(key[3])
        cand[r * 9 + c] = sum(1 << (int(d) - 1) for d in str(digits))
    return values, cand


def remove(cand: np.ndarray, digit: int, cells) -> None:
    for r, c in cells:
        cand[r * 9 + c] &= ~(1 << (digit - 1))


def elims(step) -> set[tuple[int, int, int]]:
    return {(c // 9, c % 9, d) for c, d in step.eliminations}


def test_naked_pair_clears_the_row_and_the_box():
    values, cand = grid(r0c0=12, r0c1=12)
    step = find_one(3, values, cand, "naked_pair")
    expected = {(0, c, d) for c in range(2, 9) for d in (1, 2)}
    expected |= {(r, c, d) for r in (1, 2) for c in range(3) for d in (1, 2)}
    assert elims(step) == expected
    assert "Naked Pair {1, 2} in A1, B1 (row 1 and box A1C3)" in step.caption


def test_hidden_pair_clears_its_two_cells():
    values, cand = grid()
    for d in (1, 2):
        remove(cand, d, [(0, c) for c in range(2, 9)])
    step = find_one(3, values, cand, "hidden_pair")
    assert elims(step) == {(0, c, d) for c in (0, 1) for d in range(3, 10)}


def test_naked_triple_allows_subsets_unlike_the_seed():
    values, cand = grid(r4c0=28, r4c1=89, r4c2=29)  # the seed's A5, B5, C5 with {2,8,9}
    step = find_one(3, values, cand, "naked_triple")
    assert step is not None and len(step.eliminations) == 6 * 3 + 6 * 3
    assert "A5, B5, C5 (row 5 and box A4C6)" in step.caption


def test_pointing_and_box_line():
    values, cand = grid()
    remove(
        cand,
        6,
        [(r, c) for r in range(3) for c in range(6, 9) if (r, c) not in [(2, 6), (2, 7), (2, 8)]],
    )
    step = find_one(3, values, cand, "pointing_triple")  # the seed's example: 6 in G3, H3, I3
    assert elims(step) == {(2, c, 6) for c in range(6)}
    assert step.caption.startswith("Pointing Triple: in box G1I3, 6 lies only in row 3")
    assert find_one(3, values, cand, "pointing_pair") is None
    values, cand = grid()
    remove(cand, 1, [(0, c) for c in range(2, 9)])
    step = find_one(3, values, cand, "box_line_pair")
    assert elims(step) == {(r, c, 1) for r in (1, 2) for c in range(3)}


def test_x_wing_like_the_seed():
    values, cand = grid()  # 9 only at F4, I4, F6, I6 within columns F and I
    remove(cand, 9, [(r, c) for r in range(9) for c in (5, 8) if r not in (3, 5)])
    step = find_one(3, values, cand, "x_wing")
    assert elims(step) == {(r, c, 9) for r in (3, 5) for c in range(9) if c not in (5, 8)}
    assert step.caption.startswith("X-Wing on 9: in column F and column I, 9 lies only in")
    assert "so 9 goes from the rest of row 4 and row 6: remove 9 from A4" in step.caption


def test_swordfish_and_jellyfish_need_their_size():
    values, cand = grid()
    remove(cand, 4, [(r, c) for r in (0, 4, 8) for c in range(9) if c not in (1, 4, 7)])
    assert find_one(3, values, cand, "x_wing") is None
    step = find_one(3, values, cand, "swordfish")
    assert elims(step) == {(r, c, 4) for r in range(9) if r not in (0, 4, 8) for c in (1, 4, 7)}


def test_y_wing_like_the_seed():
    # the seed: G1, D7, G7 with {2,4,8}; D1 loses 2 (the pincers' common digit)
    values, cand = grid(r0c6=24, r6c3=28, r6c6=48)
    step = find_one(3, values, cand, "y_wing")
    assert elims(step) == {(0, 3, 2)}
    assert "pivot G7 {4, 8}" in step.caption


def test_xyz_wing():
    values, cand = grid(r0c0=123, r0c2=13, r4c0=23)
    step = find_one(3, values, cand, "xyz_wing")
    assert elims(step) == {(1, 0, 3), (2, 0, 3)}


def test_w_wing():
    values, cand = grid(r0c0=12, r4c4=12)
    remove(cand, 1, [(8, c) for c in range(9) if c not in (0, 4)])
    step = find_one(3, values, cand, "w_wing")
    assert elims(step) == {(0, 4, 2), (4, 0, 2)}


def test_unique_rectangle_type_1():
    values, cand = grid(r0c0=12, r0c3=12, r1c0=12)
    step = find_one(3, values, cand, "unique_rectangle_1")
    assert elims(step) == {(1, 3, 1), (1, 3, 2)}
    values, cand = grid(r0c0=12, r0c1=12, r1c0=12)  # one box only: no unique rectangle
    assert find_one(3, values, cand, "unique_rectangle_1") is None


def test_x_chain_skyscraper():
    values, cand = grid()
    remove(cand, 1, [(r, 0) for r in range(9) if r not in (0, 6)])
    remove(cand, 1, [(r, 5) for r in range(9) if r not in (1, 6)])
    step = find_one(3, values, cand, "x_chain")
    assert elims(step) == {(0, 3, 1), (0, 4, 1), (1, 1, 1), (1, 2, 1)}
    assert "(3 links, a Skyscraper): A1=A7-F7=F2" in step.caption


def test_xy_chain():
    values, cand = grid(r0c0=12, r0c4=23, r4c4=34, r4c1=14)
    step = find_one(3, values, cand, "xy_chain")
    assert elims(step) == {(0, 1, 1), (1, 1, 1), (2, 1, 1), (4, 0, 1), (3, 0, 1), (5, 0, 1)}
    assert "(2=1)A1" in step.caption or "(1=2)A1" in step.caption


def test_simple_colouring_trap():
    values, cand = grid()
    remove(cand, 1, [(r, 0) for r in range(9) if r not in (0, 6)])
    remove(cand, 1, [(r, 5) for r in range(9) if r not in (1, 6)])
    remove(cand, 1, [(6, c) for c in range(9) if c not in (0, 5)])
    step = find_one(3, values, cand, "simple_colouring")
    assert step is not None and {(0, 3, 1), (1, 2, 1)} <= elims(step)


def test_registry_order_and_selection():
    assert [t.id for t in TECHNIQUES] == list(range(len(TECHNIQUES)))
    ratings = [t.rating for t in ORDERED]
    assert ratings == sorted(ratings) and ORDERED[-1].name == "guess"
    assert lookup("PT") == ["pointing_triple"] and lookup("xy-wing") == ["y_wing"]
    assert parse_selection("singles,XW") == {"naked_single", "hidden_single", "x_wing"}
    everything = parse_selection(None)
    assert parse_selection("-guess,-x_chain") == everything - {"guess", "x_chain"}


@pytest.mark.parametrize("name", [t.name for t in TECHNIQUES if t.name != "guess"])
def test_every_technique_finds_nothing_on_a_fresh_empty_grid(name):
    values, cand = grid()
    assert find_one(3, values, cand, name) is None


def test_aic_generalises_x_and_xy_chains():
    values, cand = grid(r0c0=12, r0c4=23, r4c4=34, r4c1=14)
    xy = find_one(3, values, cand, "xy_chain")
    step = find_one(3, values, cand, "aic")
    assert elims(step) == elims(xy)
    assert step.caption.startswith("AIC (7 links): (1)A1=(2)A1-(2)E1=(3)E1")
    values, cand = grid()
    remove(cand, 1, [(r, 0) for r in range(9) if r not in (0, 6)])
    remove(cand, 1, [(r, 5) for r in range(9) if r not in (1, 6)])
    assert elims(find_one(3, values, cand, "aic")) == elims(find_one(3, values, cand, "x_chain"))


def test_aic_whose_ends_are_two_digits_of_one_cell():
    # 1 and 2 each fit only A1 and E1 in row 1: (1)A1=(1)E1-(2)E1=(2)A1, so A1 is 1 or 2
    values, cand = grid()
    for d in (1, 2):
        remove(cand, d, [(0, c) for c in range(9) if c not in (0, 4)])
    step = find_one(3, values, cand, "aic")
    assert elims(step) == {(0, 0, d) for d in range(3, 10)}
    assert "either A1 is 1 or A1 is 2" in step.caption


def test_finned_x_wing():
    values, cand = grid()  # 1 in rows 1 and 5 only in columns C and G, plus a fin at H1
    remove(cand, 1, [(0, c) for c in range(9) if c not in (2, 6, 7)])
    remove(cand, 1, [(4, c) for c in range(9) if c not in (2, 6)])
    assert find_one(3, values, cand, "x_wing") is None
    step = find_one(3, values, cand, "finned_x_wing")
    assert elims(step) == {(1, 6, 1), (2, 6, 1)}
    assert "or on the fin H1 in box G1I3" in step.caption


def test_unique_rectangle_types_2_and_4():
    values, cand = grid(r0c0=12, r0c3=12, r1c0=125, r1c3=125)
    step = find_one(3, values, cand, "unique_rectangle_2")
    assert elims(step) == {(1, c, 5) for c in (1, 2, 4, 5, 6, 7, 8)}
    assert step.caption.startswith("Unique Rectangle Type 2: A1, D1 hold only {1, 2}")
    values, cand = grid(r0c0=12, r0c3=12)
    remove(cand, 1, [(1, c) for c in range(9) if c not in (0, 3)])
    step = find_one(3, values, cand, "unique_rectangle_4")
    assert elims(step) == {(1, 0, 2), (1, 3, 2)}
    assert "in row 2, 1 fits only in A2, D2" in step.caption


def test_skyscraper_kite_and_their_links():
    values, cand = grid()
    remove(cand, 1, [(r, 0) for r in range(9) if r not in (0, 6)])
    remove(cand, 1, [(r, 5) for r in range(9) if r not in (1, 6)])
    step = find_one(3, values, cand, "skyscraper")
    assert elims(step) == {(0, 3, 1), (0, 4, 1), (1, 1, 1), (1, 2, 1)}
    assert "(1)A1=A7-F7=F2" in step.caption
    assert [kind for _a, _b, kind in step.links] == [1, 2, 1]
    assert find_one(3, values, cand, "two_string_kite") is None
    values, cand = grid()
    remove(cand, 2, [(0, c) for c in range(9) if c not in (2, 7)])
    remove(cand, 2, [(r, 1) for r in range(9) if r not in (1, 6)])
    step = find_one(3, values, cand, "two_string_kite")
    assert elims(step) == {(6, 7, 2)}
    assert "(2)H1=C1-B2=B7" in step.caption


def test_empty_rectangle_with_its_box_as_group_nodes():
    values, cand = grid()
    remove(cand, 3, [(0, 0), (0, 2), (2, 0), (2, 2)])
    remove(cand, 3, [(r, 6) for r in range(9) if r not in (1, 7)])
    step = find_one(3, values, cand, "empty_rectangle")
    assert elims(step) == {(7, 1, 3)}
    assert "(3)G8=G2-(A2, B2, C2)=(B1, B3)" in step.caption
    groups = {code: [c // 9 for c in step.node_candidates(code, 729)] for code in (729, 730)}
    assert groups == {729: [9, 10, 11], 730: [1, 19]}
    assert step.links[1] == ((1 * 9 + 6) * 9 + 2, 729, 2)

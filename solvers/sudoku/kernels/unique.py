"""Uniqueness techniques: valid only when the puzzle has exactly one solution (the driver
switches them off under --allow-multiple)."""

from __future__ import annotations

from numba import njit

from solvers.sudoku.kernels.bits import low_index, popcount
from solvers.sudoku.kernels.log import begin, commit, push, set_info
from solvers.sudoku.roles import (
    CELL_PATTERN,
    CELL_TARGET,
    HOUSE_BASE,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_HOUSE,
    ITEM_PLACE,
    ROLE_PATTERN,
    ROLE_PLACE,
)
from solvers.sudoku.techniques import T_BUG_PLUS_1, T_UNIQUE_RECTANGLE_1


@njit(cache=True)
def unique_rectangle_1(geo, values, cand, log):
    """Four cells in two rows, two columns and two boxes; three hold only {a, b}: if the
    fourth were a or b too, the puzzle would have two solutions, so a and b go from it.
    Info: the three bivalue corners, the fourth corner, a, b."""
    n, b = geo.n, geo.b
    corner = (0, 0, 0, 0)
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            same_band = r1 // b == r2 // b
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    if same_band == (c1 // b == c2 // b):
                        continue  # one box or four boxes: not a unique rectangle
                    corner = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    pair = 0
                    n_pair = 0
                    target = -1
                    ok = True
                    for c in corner:
                        if values[c] != 0:
                            ok = False
                            break
                        if popcount(cand[c]) == 2:
                            if pair == 0:
                                pair = cand[c]
                            elif cand[c] != pair:
                                ok = False
                                break
                            n_pair += 1
                        else:
                            target = c
                    if not ok or n_pair != 3 or cand[target] & pair != pair:
                        continue
                    if not begin(log, T_UNIQUE_RECTANGLE_1):
                        return False
                    da = low_index(pair) + 1
                    db = low_index(pair & (pair - 1)) + 1
                    k = 0
                    for c in corner:
                        if c != target:
                            set_info(log, k, c)
                            k += 1
                            push(log, ITEM_CELL, c, CELL_PATTERN, 0)
                        push(log, ITEM_CAND, c, da, ROLE_PATTERN)
                        push(log, ITEM_CAND, c, db, ROLE_PATTERN)
                    set_info(log, 3, target)
                    set_info(log, 4, da)
                    set_info(log, 5, db)
                    push(log, ITEM_CELL, target, CELL_TARGET, 0)
                    push(log, ITEM_ELIM, target, da, 0)
                    push(log, ITEM_ELIM, target, db, 0)
                    commit(log)
                    return True
    return False


@njit(cache=True)
def bug_plus_1(geo, values, cand, pos, log):
    """Bivalue Universal Grave + 1: every empty cell has two candidates except one with
    three, and every digit has 0 or 2 places in every house except one digit of that cell.
    That digit must go there, or the puzzle would have several solutions. Info: cell, digit.
    """
    n = geo.n
    odd = -1
    for c in range(geo.ncell):
        if values[c] != 0:
            continue
        k = popcount(cand[c])
        if k == 3 and odd < 0:
            odd = c
        elif k != 2:
            return False
    if odd < 0:
        return False
    digit = -1
    for d in range(n):
        if not (cand[odd] >> d) & 1:
            continue
        three = 0
        for k in range(3):
            if popcount(pos[geo.cell_houses[odd, k], d]) == 3:
                three += 1
        if three == 3:
            if digit >= 0:
                return False
            digit = d
    if digit < 0:
        return False
    for h in range(3 * n):
        for d in range(n):
            k = popcount(pos[h, d])
            inside = geo.cell_houses[odd, h // n] == h and d == digit
            if k != 0 and k != (3 if inside else 2):
                return False
    if not begin(log, T_BUG_PLUS_1):
        return False
    set_info(log, 0, odd)
    set_info(log, 1, digit + 1)
    for k in range(3):
        push(log, ITEM_HOUSE, geo.cell_houses[odd, k], HOUSE_BASE, 0)
    push(log, ITEM_CELL, odd, CELL_TARGET, 0)
    x = cand[odd] & ~(1 << digit)
    while x:
        push(log, ITEM_CAND, odd, low_index(x) + 1, ROLE_PATTERN)
        x &= x - 1
    push(log, ITEM_CAND, odd, digit + 1, ROLE_PLACE)
    push(log, ITEM_PLACE, odd, digit + 1, 0)
    commit(log)
    return True

"""Uniqueness techniques: valid only when the puzzle has exactly one solution (the driver
switches them off under --allow-multiple)."""

from __future__ import annotations

from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount, sees
from puzzleviz.solvers.sudoku.kernels.log import (
    StepLog,
    abort,
    begin,
    commit,
    n_items_open,
    push,
    set_info,
)
from puzzleviz.solvers.sudoku.roles import (
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
from puzzleviz.solvers.sudoku.techniques import (
    T_BUG_PLUS_1,
    T_UNIQUE_RECTANGLE_1,
    T_UNIQUE_RECTANGLE_2,
    T_UNIQUE_RECTANGLE_4,
)


@njit(cache=True)
def unique_rectangle_1(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
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
def bug_plus_1(geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog) -> bool:
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


@njit(cache=True)
def _floor_and_roof(
    geo: Geo, values: Grid, cand: Candidates, corner: tuple[int, int, int, int]
) -> tuple[int, int, int]:
    """For a rectangle: the {a, b} mask of its two bivalue corners (the floor, which must
    share a row or column) and the indices of the two others (the roof, holding a and b
    plus more); pair 0 if the rectangle does not have that shape."""
    pair = 0
    floor = 0
    roof1, roof2 = -1, -1
    for i in range(4):
        c = corner[i]
        if values[c] != 0:
            return 0, -1, -1
        if popcount(cand[c]) == 2:
            if pair == 0:
                pair = cand[c]
            elif cand[c] != pair:
                return 0, -1, -1
            floor += 1
        elif roof1 < 0:
            roof1 = c
        else:
            roof2 = c
    if floor != 2 or roof2 < 0 or cand[roof1] & pair != pair or cand[roof2] & pair != pair:
        return 0, -1, -1
    if geo.row[roof1] != geo.row[roof2] and geo.col[roof1] != geo.col[roof2]:
        return 0, -1, -1  # roof on a diagonal: no elimination from these types
    return pair, roof1, roof2


@njit(cache=True)
def unique_rectangle_2_4(
    geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog, kind: int
) -> bool:
    """Two corners of a unique rectangle hold only {a, b}; the two others (the roof, in one
    row or column) hold a, b and more. Type 2: the roof's extra is the same single digit c,
    so one roof cell is c: c goes from every cell that sees both. Type 4: in a house of
    the roof, a fits only in the roof, so one roof cell is a and neither may be b.
    Info: floor cell, floor cell, roof cell, roof cell, a, b, c (type 2) or house (type 4).
    """
    n, b = geo.n, geo.b
    tech = T_UNIQUE_RECTANGLE_2 if kind == 2 else T_UNIQUE_RECTANGLE_4
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            same_band = r1 // b == r2 // b
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    if same_band == (c1 // b == c2 // b):
                        continue
                    corner = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    pair, roof1, roof2 = _floor_and_roof(geo, values, cand, corner)
                    if pair == 0:
                        continue
                    if kind == 2:
                        extra = cand[roof1] & ~pair
                        if popcount(extra) != 1 or cand[roof2] & ~pair != extra:
                            continue
                        if not begin(log, tech):
                            return False
                        d = low_index(extra)
                        for k in range(geo.peers.shape[1]):
                            x = geo.peers[roof1, k]
                            if x != roof2 and cand[x] & extra and sees(geo, x, roof2):
                                push(log, ITEM_ELIM, x, d + 1, 0)
                        if n_items_open(log) == 0:
                            abort(log)
                            continue
                        _ur_pattern(geo, cand, log, corner, pair, roof1, roof2, d + 1)
                        commit(log)
                        return True
                    for h in range(3):
                        house = geo.cell_houses[roof1, h]
                        if geo.cell_houses[roof2, h] != house:
                            continue
                        for which in range(2):
                            a = pair & -pair if which == 0 else pair & (pair - 1)
                            other = pair & ~a
                            da = low_index(a)
                            if popcount(pos[house, da]) != 2:
                                continue
                            if not begin(log, tech):
                                return False
                            do = low_index(other)
                            push(log, ITEM_ELIM, roof1, do + 1, 0)
                            push(log, ITEM_ELIM, roof2, do + 1, 0)
                            push(log, ITEM_HOUSE, house, HOUSE_BASE, 0)
                            _ur_pattern(geo, cand, log, corner, pair, roof1, roof2, house)
                            set_info(log, 4, da + 1)
                            set_info(log, 5, do + 1)
                            commit(log)
                            return True
    return False


@njit(cache=True)
def _ur_pattern(
    geo: Geo,
    cand: Candidates,
    log: StepLog,
    corner: tuple[int, int, int, int],
    pair: int,
    roof1: int,
    roof2: int,
    last: int,
) -> None:
    k = 0
    for i in range(4):
        c = corner[i]
        if c != roof1 and c != roof2:
            set_info(log, k, c)
            k += 1
            push(log, ITEM_CELL, c, CELL_PATTERN, 0)
        else:
            push(log, ITEM_CELL, c, CELL_TARGET, 0)
        push(log, ITEM_CAND, c, low_index(pair) + 1, ROLE_PATTERN)
        push(log, ITEM_CAND, c, low_index(pair & (pair - 1)) + 1, ROLE_PATTERN)
    set_info(log, 2, roof1)
    set_info(log, 3, roof2)
    set_info(log, 4, low_index(pair) + 1)
    set_info(log, 5, low_index(pair & (pair - 1)) + 1)
    set_info(log, 6, last)

"""Singles, intersections (pointing, box-line reduction) and naked/hidden subsets."""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, next_combination, popcount
from puzzleviz.solvers.sudoku.kernels.log import (
    StepLog,
    abort,
    begin,
    commit,
    n_items_open,
    push,
    set_info,
)
from puzzleviz.solvers.sudoku.kernels.scan import lines_with_places, union_of_lines
from puzzleviz.solvers.sudoku.roles import (
    CELL_PATTERN,
    HOUSE_BASE,
    HOUSE_COVER,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_HOUSE,
    ITEM_PLACE,
    ROLE_PATTERN,
    ROLE_PLACE,
)
from puzzleviz.solvers.sudoku.techniques import (
    T_BOX_LINE_PAIR,
    T_BOX_LINE_TRIPLE,
    T_HIDDEN_PAIR,
    T_HIDDEN_SINGLE,
    T_NAKED_PAIR,
    T_NAKED_SINGLE,
    T_POINTING_PAIR,
    T_POINTING_TRIPLE,
)


@njit(cache=True)
def naked_single(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """A cell with one candidate left. Info: cell, digit, the house it completes or -1."""
    n = geo.n
    for c in range(geo.ncell):
        m = cand[c]
        if values[c] == 0 and m != 0 and m & (m - 1) == 0:
            d = low_index(m) + 1
            if not begin(log, T_NAKED_SINGLE):
                return False
            full_house = -1
            for k in range(3):
                h = geo.cell_houses[c, k]
                empty = 0
                for i in range(n):
                    if values[geo.house_cells[h, i]] == 0:
                        empty += 1
                if empty == 1:
                    full_house = h
                    break
            set_info(log, 0, c)
            set_info(log, 1, d)
            set_info(log, 2, full_house)
            if full_house >= 0:
                push(log, ITEM_HOUSE, full_house, HOUSE_BASE, 0)
            push(log, ITEM_CAND, c, d, ROLE_PLACE)
            push(log, ITEM_PLACE, c, d, 0)
            commit(log)
            return True
    return False


@njit(cache=True)
def hidden_single(geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog) -> bool:
    """A digit with one place left in a house (boxes first, as people look). Info: cell,
    digit, house."""
    n = geo.n
    nh = 3 * n
    for hh in range(nh):
        h = (hh + 2 * n) % nh
        for d in range(n):
            m = pos[h, d]
            if m != 0 and m & (m - 1) == 0:
                c = geo.house_cells[h, low_index(m)]
                if not begin(log, T_HIDDEN_SINGLE):
                    return False
                set_info(log, 0, c)
                set_info(log, 1, d + 1)
                set_info(log, 2, h)
                push(log, ITEM_HOUSE, h, HOUSE_BASE, 0)
                push(log, ITEM_CAND, c, d + 1, ROLE_PLACE)
                push(log, ITEM_PLACE, c, d + 1, 0)
                commit(log)
                return True
    return False


@njit(cache=True)
def _size_fits(count: int, want_triple: bool, b: int) -> bool:
    if want_triple:
        return 3 <= count <= b
    return count == 2


@njit(cache=True)
def _locked(
    geo: Geo, cand: Candidates, pos: Positions, log: StepLog, tech: int, h: int, d: int, other: int
) -> bool:
    """Digit d+1 of house h lies only in house `other` too: remove it from the rest of
    `other`. Writes the step and returns True if anything goes."""
    n = geo.n
    bit = 1 << d
    if not begin(log, tech):
        return False
    m = pos[h, d]
    for i in range(n):
        c = geo.house_cells[other, i]
        if cand[c] & bit:
            inside = False
            for j in range(n):
                if (m >> j) & 1 and geo.house_cells[h, j] == c:
                    inside = True
            if not inside:
                push(log, ITEM_ELIM, c, d + 1, 0)
    if n_items_open(log) == 0:
        abort(log)
        return False
    set_info(log, 0, d + 1)
    set_info(log, 1, h)
    set_info(log, 2, other)
    set_info(log, 3, popcount(m))
    push(log, ITEM_HOUSE, h, HOUSE_BASE, 0)
    push(log, ITEM_HOUSE, other, HOUSE_COVER, 0)
    for j in range(n):
        if (m >> j) & 1:
            push(log, ITEM_CAND, geo.house_cells[h, j], d + 1, ROLE_PATTERN)
    commit(log)
    return True


@njit(cache=True)
def _common_house(geo: Geo, h: int, m: int, kind: int) -> int:
    """The house of kind 0 (row), 1 (column) or 2 (box) holding all places `m` of house h,
    or -1."""
    n = geo.n
    found = -1
    for j in range(n):
        if (m >> j) & 1:
            x = geo.cell_houses[geo.house_cells[h, j], kind]
            if found < 0:
                found = x
            elif found != x:
                return -1
    return found


@njit(cache=True)
def pointing(geo: Geo, cand: Candidates, pos: Positions, log: StepLog, want_triple: bool) -> bool:
    """In a box, a digit lies only in one row (column): remove it from the rest of that row
    (column). Info: digit, box, line, count."""
    n, b = geo.n, geo.b
    tech = T_POINTING_TRIPLE if want_triple else T_POINTING_PAIR
    for h in range(2 * n, 3 * n):
        for d in range(n):
            if not _size_fits(popcount(pos[h, d]), want_triple, b):
                continue
            for kind in range(2):
                line = _common_house(geo, h, pos[h, d], kind)
                if line >= 0 and _locked(geo, cand, pos, log, tech, h, d, line):
                    return True
    return False


@njit(cache=True)
def box_line(geo: Geo, cand: Candidates, pos: Positions, log: StepLog, want_triple: bool) -> bool:
    """In a row (column), a digit lies only inside one box: remove it from the rest of the
    box. Info: digit, line, box, count."""
    n, b = geo.n, geo.b
    tech = T_BOX_LINE_TRIPLE if want_triple else T_BOX_LINE_PAIR
    for h in range(2 * n):
        for d in range(n):
            if not _size_fits(popcount(pos[h, d]), want_triple, b):
                continue
            box = _common_house(geo, h, pos[h, d], 2)
            if box >= 0 and _locked(geo, cand, pos, log, tech, h, d, box):
                return True
    return False


@njit(cache=True)
def naked_subset(geo: Geo, values: Grid, cand: Candidates, log: StepLog, k: int) -> bool:
    """k cells of a house whose candidates together are only k digits: those digits go from
    every other cell of each house that holds all k cells (the general rule: a cell may hold
    a subset of the k digits). Info: k, digit mask, house, second house or -1."""
    n = geo.n
    tech = T_NAKED_PAIR + 2 * (k - 2)
    cells = np.empty(n, dtype=np.int64)
    comb = np.empty(k, dtype=np.int64)
    for h in range(3 * n):
        m = 0
        empty = 0
        for i in range(n):
            c = geo.house_cells[h, i]
            if values[c] == 0:
                empty += 1
                if 2 <= popcount(cand[c]) <= k:
                    cells[m] = c
                    m += 1
        if m < k or empty <= k:
            continue
        for i in range(k):
            comb[i] = i
        while True:
            union = 0
            for i in range(k):
                union |= cand[cells[comb[i]]]
            if popcount(union) == k and _naked_step(
                geo, values, cand, log, tech, k, union, cells, comb, h
            ):
                return True
            if not next_combination(comb, k, m):
                break
    return False


@njit(cache=True)
def _naked_step(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    log: StepLog,
    tech: int,
    k: int,
    union: int,
    cells: Int64Array,
    comb: Int64Array,
    h: int,
) -> bool:
    n = geo.n
    if not begin(log, tech):
        return False
    first = cells[comb[0]]
    second = -1
    for kind in range(3):
        x = geo.cell_houses[first, kind]
        if x == h:
            continue
        shared = True
        for i in range(1, k):
            if geo.cell_houses[cells[comb[i]], kind] != x:
                shared = False
        if shared:
            second = x
    for pass_ in range(2):
        house = h if pass_ == 0 else second
        if house < 0:
            continue
        for i in range(n):
            c = geo.house_cells[house, i]
            if values[c] != 0 or cand[c] & union == 0:
                continue
            member = False
            for j in range(k):
                if cells[comb[j]] == c:
                    member = True
            if pass_ == 1 and geo.cell_houses[c, h // n] == h:
                member = True  # a cell of both houses: already handled in the first pass
            if member:
                continue
            x = cand[c] & union
            while x:
                push(log, ITEM_ELIM, c, low_index(x) + 1, 0)
                x &= x - 1
    if n_items_open(log) == 0:
        abort(log)
        return False
    set_info(log, 0, k)
    set_info(log, 1, union)
    set_info(log, 2, h)
    set_info(log, 3, second)
    push(log, ITEM_HOUSE, h, HOUSE_BASE, 0)
    if second >= 0:
        push(log, ITEM_HOUSE, second, HOUSE_BASE, 0)
    for j in range(k):
        c = cells[comb[j]]
        push(log, ITEM_CELL, c, CELL_PATTERN, 0)
        x = cand[c]
        while x:
            push(log, ITEM_CAND, c, low_index(x) + 1, ROLE_PATTERN)
            x &= x - 1
    commit(log)
    return True


@njit(cache=True)
def hidden_subset(geo: Geo, cand: Candidates, pos: Positions, log: StepLog, k: int) -> bool:
    """k digits that in a house fit only into the same k cells: every other candidate goes
    from those cells. Info: k, digit mask, house, place mask."""
    n = geo.n
    tech = T_HIDDEN_PAIR + 2 * (k - 2)
    digits = np.empty(n, dtype=np.int64)
    comb = np.empty(k, dtype=np.int64)
    for h in range(3 * n):
        m = lines_with_places(pos[h], 2, k, digits)
        if m < k:
            continue
        for i in range(k):
            comb[i] = i
        while True:
            places, dmask = union_of_lines(pos[h], digits, comb, k)
            if popcount(places) == k:
                extra = 0
                for j in range(n):
                    if (places >> j) & 1:
                        extra |= cand[geo.house_cells[h, j]] & ~dmask
                if extra:
                    if not begin(log, tech):
                        return False
                    set_info(log, 0, k)
                    set_info(log, 1, dmask)
                    set_info(log, 2, h)
                    set_info(log, 3, places)
                    push(log, ITEM_HOUSE, h, HOUSE_BASE, 0)
                    for j in range(n):
                        if (places >> j) & 1:
                            c = geo.house_cells[h, j]
                            push(log, ITEM_CELL, c, CELL_PATTERN, 0)
                            x = cand[c] & dmask
                            while x:
                                push(log, ITEM_CAND, c, low_index(x) + 1, ROLE_PATTERN)
                                x &= x - 1
                            x = cand[c] & ~dmask
                            while x:
                                push(log, ITEM_ELIM, c, low_index(x) + 1, 0)
                                x &= x - 1
                    commit(log)
                    return True
            if not next_combination(comb, k, m):
                break
    return False

"""More uniqueness techniques: Unique Rectangle types 3, 5 and 6, Hidden Rectangle,
Avoidable Rectangle and BUG+n. Each one rests on the same fact: a puzzle with one solution
never ends in a "deadly pattern", a set of cells whose digits could be swapped to give a
second solution (four corners of a rectangle in two boxes holding a, b / b, a; or a grid
where every empty cell has two candidates and every digit two places in each house). So
whatever would complete such a pattern is false. Valid only when the puzzle has exactly one
solution (the driver switches them off under --allow-multiple).

A rectangle is four cells in two rows, two columns and two boxes, corners A = (r1, c1),
B = (r1, c2), C = (r2, c1), D = (r2, c2): A and D are diagonal, so are B and C.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, next_combination, popcount, sees
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
    ROLE_ON,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.techniques import (
    T_AVOIDABLE_RECTANGLE,
    T_BUG_PLUS_N,
    T_HIDDEN_RECTANGLE,
    T_UNIQUE_RECTANGLE_3,
    T_UNIQUE_RECTANGLE_5,
    T_UNIQUE_RECTANGLE_6,
)

# kinds of `rectangles`
UR3, UR5, UR6, HIDDEN, AVOIDABLE = 3, 5, 6, 7, 8
MAX_SUBSET = 3  # type 3: the roof with at most three more cells as a naked subset


@njit(cache=True)
def _corner_pair(values: Grid, cand: Candidates, corner: Int64Array) -> tuple[int, int]:
    """The {a, b} mask of a rectangle of empty cells that all hold a and b, taken from its
    bivalue corners (which must agree), and which corners are bivalue (bit i = corner i);
    (0, 0) when the rectangle is not a unique-rectangle candidate."""
    pair = 0
    bivalue = 0
    for i in range(4):
        c = corner[i]
        if values[c] != 0:
            return 0, 0
        if popcount(cand[c]) == 2:
            if pair == 0:
                pair = cand[c]
            elif cand[c] != pair:
                return 0, 0
            bivalue |= 1 << i
    if pair == 0:
        return 0, 0
    for i in range(4):
        if cand[corner[i]] & pair != pair:
            return 0, 0
    return pair, bivalue


@njit(cache=True)
def _push_digits(log: StepLog, kind: int, cell: int, mask: int, role: int) -> None:
    """One item of `kind` for each digit of `mask` in `cell`."""
    while mask:
        push(log, kind, cell, low_index(mask) + 1, role)
        mask &= mask - 1


@njit(cache=True)
def _mark_corners(
    log: StepLog, cand: Candidates, corner: Int64Array, pair: int, role_of: int
) -> None:
    """Cells and {a, b} candidates of the four corners; role_of bit i: corner i is a
    target (loses candidates) rather than a pattern cell."""
    for i in range(4):
        c = corner[i]
        push(log, ITEM_CELL, c, CELL_TARGET if (role_of >> i) & 1 else CELL_PATTERN, 0)
        _push_digits(log, ITEM_CAND, c, cand[c] & pair, ROLE_PATTERN)


@njit(cache=True)
def _corner_info(log: StepLog, corner: Int64Array, first: int) -> None:
    """Info 0-3: the corners, the pattern's own cells first (bit i of `first` set)."""
    k = 0
    for i in range(4):
        if (first >> i) & 1:
            set_info(log, k, corner[i])
            k += 1
    for i in range(4):
        if not (first >> i) & 1:
            set_info(log, k, corner[i])
            k += 1


@njit(cache=True)
def _info_4_to_7(log: StepLog, a: int, b: int, c: int, d: int) -> None:
    set_info(log, 4, a)
    set_info(log, 5, b)
    set_info(log, 6, c)
    set_info(log, 7, d)


@njit(cache=True)
def _eliminate_seeing_all(
    geo: Geo, values: Grid, cand: Candidates, log: StepLog, cells: Int64Array, k: int, digit: int
) -> None:
    """Push eliminations of `digit` from every empty cell that sees all cells[0:k]."""
    bit = 1 << (digit - 1)
    first = cells[0]
    for j in range(geo.peers.shape[1]):
        x = geo.peers[first, j]
        if values[x] != 0 or not cand[x] & bit:
            continue
        ok = True
        for i in range(1, k):
            if x == cells[i] or not sees(geo, x, cells[i]):
                ok = False
                break
        if ok:
            push(log, ITEM_ELIM, x, digit, 0)


@njit(cache=True)
def _type_3(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    log: StepLog,
    corner: Int64Array,
    pair: int,
    bivalue: int,
) -> bool:
    """Type 3: the two bivalue corners (the floor) share a row or column; the roof's extra
    digits U, with m more cells of a house both roof cells are in, make m + 1 digits in
    m + 1 "cells" (one of the roof cells holds an extra: a naked subset), so those digits
    go from the rest of the house. Info: floor, floor, roof, roof, a, b, house, the
    subset's digits."""
    if popcount(bivalue) != 2 or bivalue == 9 or bivalue == 6:
        return False
    roof = np.empty(2, dtype=np.int64)
    k = 0
    for i in range(4):
        if not (bivalue >> i) & 1:
            roof[k] = corner[i]
            k += 1
    extra = (cand[roof[0]] | cand[roof[1]]) & ~pair
    n = geo.n
    others = np.empty(n, dtype=np.int64)
    comb = np.empty(MAX_SUBSET, dtype=np.int64)
    for h in range(3):
        house = geo.cell_houses[roof[0], h]
        if geo.cell_houses[roof[1], h] != house:
            continue
        m_cells = 0
        for i in range(n):
            c = geo.house_cells[house, i]
            if values[c] == 0 and c != roof[0] and c != roof[1] and popcount(cand[c]) <= 4:
                others[m_cells] = c
                m_cells += 1
        for size in range(max(1, popcount(extra) - 1), MAX_SUBSET + 1):
            if size > m_cells:
                break
            for i in range(size):
                comb[i] = i
            while True:
                union = extra
                for i in range(size):
                    union |= cand[others[comb[i]]]
                if popcount(union) == size + 1:
                    if not begin(log, T_UNIQUE_RECTANGLE_3):
                        return False
                    for i in range(n):
                        c = geo.house_cells[house, i]
                        if values[c] != 0 or c == roof[0] or c == roof[1]:
                            continue
                        inside = False
                        for j in range(size):
                            if others[comb[j]] == c:
                                inside = True
                        if inside:
                            continue
                        _push_digits(log, ITEM_ELIM, c, cand[c] & union, 0)
                    if n_items_open(log) == 0:
                        abort(log)
                    else:
                        _mark_corners(log, cand, corner, pair, 0)
                        for i in range(2):
                            _push_digits(log, ITEM_CAND, roof[i], cand[roof[i]] & extra, ROLE_ON)
                        for j in range(size):
                            c = others[comb[j]]
                            push(log, ITEM_CELL, c, CELL_PATTERN, 0)
                            _push_digits(log, ITEM_CAND, c, cand[c], ROLE_ON)
                        push(log, ITEM_HOUSE, house, HOUSE_BASE, 0)
                        _corner_info(log, corner, bivalue)
                        da, db = low_index(pair) + 1, low_index(pair & (pair - 1)) + 1
                        _info_4_to_7(log, da, db, house, union)
                        commit(log)
                        return True
                if not next_combination(comb, size, m_cells):
                    break
    return False


@njit(cache=True)
def _type_5(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    log: StepLog,
    corner: Int64Array,
    pair: int,
    bivalue: int,
) -> bool:
    """Type 5: the corners that are not bivalue (two on a diagonal, or three) hold a, b
    and one same extra digit c: one of them is c, so c goes from every cell that sees
    them all. Info: the bivalue corners, the others, a, b, c, how many hold c."""
    nb = popcount(bivalue)
    if nb == 0 or nb == 3 or (nb == 2 and bivalue != 9 and bivalue != 6):
        return False
    extra = 0
    cells = np.empty(3, dtype=np.int64)
    k = 0
    for i in range(4):
        if (bivalue >> i) & 1:
            continue
        e = cand[corner[i]] & ~pair
        if popcount(e) != 1 or (extra != 0 and e != extra):
            return False
        extra = e
        cells[k] = corner[i]
        k += 1
    if not begin(log, T_UNIQUE_RECTANGLE_5):
        return False
    d = low_index(extra) + 1
    _eliminate_seeing_all(geo, values, cand, log, cells, k, d)
    if n_items_open(log) == 0:
        abort(log)
        return False
    _mark_corners(log, cand, corner, pair, 0)
    for i in range(k):
        push(log, ITEM_CAND, cells[i], d, ROLE_ON)
    _corner_info(log, corner, bivalue)
    _info_4_to_7(log, low_index(pair) + 1, low_index(pair & (pair - 1)) + 1, d, k)
    commit(log)
    return True


@njit(cache=True)
def _only_in(geo: Geo, pos: Positions, house: int, digit: int, ca: int, cb: int) -> bool:
    """True if `digit` (0-based) fits in `house` only in cells ca and cb."""
    n = geo.n
    want = 0
    for i in range(n):
        c = geo.house_cells[house, i]
        if c == ca or c == cb:  # noqa: SIM109 (numba)
            want |= 1 << i
    return bool(pos[house, digit] == want)


@njit(cache=True)
def _type_6(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos: Positions,
    log: StepLog,
    corner: Int64Array,
    pair: int,
    bivalue: int,
) -> bool:
    """Type 6: two diagonal corners hold only {a, b}; a fits in both rows (or both
    columns) only in the rectangle, so a is on one diagonal. On the other diagonal (the
    roof) it would leave b on the floor: a, b / b, a. So a goes from the roof. Info:
    floor, floor, roof, roof, a, b, first house, second house."""
    if bivalue != 9 and bivalue != 6:
        return False
    for which in range(2):
        x = pair & -pair if which == 0 else pair & (pair - 1)
        dx = low_index(x)
        for lines in range(2):  # 0 rows, 1 columns
            h1 = geo.cell_houses[corner[0], lines]
            h2 = geo.cell_houses[corner[3], lines]
            if lines == 0:
                ok = _only_in(geo, pos, h1, dx, corner[0], corner[1])
                ok = ok and _only_in(geo, pos, h2, dx, corner[2], corner[3])
            else:
                ok = _only_in(geo, pos, h1, dx, corner[0], corner[2])
                ok = ok and _only_in(geo, pos, h2, dx, corner[1], corner[3])
            if not ok:
                continue
            if not begin(log, T_UNIQUE_RECTANGLE_6):
                return False
            for i in range(4):
                if not (bivalue >> i) & 1:
                    push(log, ITEM_ELIM, corner[i], dx + 1, 0)
            _mark_corners(log, cand, corner, pair, 15 & ~bivalue)
            push(log, ITEM_HOUSE, h1, HOUSE_BASE, 0)
            push(log, ITEM_HOUSE, h2, HOUSE_BASE, 0)
            _corner_info(log, corner, bivalue)
            _info_4_to_7(log, dx + 1, low_index(pair & ~x) + 1, h1, h2)
            commit(log)
            return True
    return False


@njit(cache=True)
def _hidden(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos: Positions,
    log: StepLog,
    corner: Int64Array,
    pair: int,
    bivalue: int,
) -> bool:
    """Hidden Rectangle: a corner P holds only {a, b}; in the row and the column of the
    opposite corner X, a fits only in the rectangle. If X were b, its row and column
    mates would be a and P b: a, b / b, a. So b goes from X. Info: P, X, its row mate,
    its column mate, a, b, X's row, X's column."""
    for p in range(4):
        if not (bivalue >> p) & 1:
            continue
        xi = 3 - p  # the diagonal opposite
        x_cell = corner[xi]
        if (bivalue >> xi) & 1:
            continue
        row_mate = corner[xi ^ 1]  # same row: A-B, C-D
        col_mate = corner[xi ^ 2]  # same column: A-C, B-D
        row = geo.cell_houses[x_cell, 0]
        col = geo.cell_houses[x_cell, 1]
        for which in range(2):
            a = pair & -pair if which == 0 else pair & (pair - 1)
            da = low_index(a)
            if not _only_in(geo, pos, row, da, x_cell, row_mate):
                continue
            if not _only_in(geo, pos, col, da, x_cell, col_mate):
                continue
            if not begin(log, T_HIDDEN_RECTANGLE):
                return False
            db = low_index(pair & ~a)
            push(log, ITEM_ELIM, x_cell, db + 1, 0)
            _mark_corners(log, cand, corner, pair, 1 << xi)
            push(log, ITEM_HOUSE, row, HOUSE_BASE, 0)
            push(log, ITEM_HOUSE, col, HOUSE_BASE, 0)
            set_info(log, 0, corner[p])
            set_info(log, 1, x_cell)
            set_info(log, 2, row_mate)
            set_info(log, 3, col_mate)
            _info_4_to_7(log, da + 1, db + 1, row, col)
            commit(log)
            return True
    return False


@njit(cache=True)
def _avoidable(
    geo: Geo, values: Grid, cand: Candidates, given: Int32Array, log: StepLog, corner: Int64Array
) -> bool:
    """Avoidable Rectangle: corners solved by logic (never givens) already hold a, b / b,
    a in part. Type 1: three are solved, so the fourth may not take its digit of the
    pattern (swapping a and b in four non-given cells would give a second solution).
    Type 2: two solved in a row or column, the two empty ones hold their pattern digit and
    one same extra c: one of them is c, so c goes from every cell that sees both.
    Info: solved corners, empty corners, a, b, type (1 or 2), c."""
    p, q = 0, 0  # A and D hold p, B and C hold q
    solved = 0
    for i in range(4):
        c = corner[i]
        if given[c] != 0:
            return False
        v = values[c]
        if v == 0:
            continue
        solved |= 1 << i
        if i == 0 or i == 3:
            if p != 0 and p != v:
                return False
            p = v
        else:
            if q != 0 and q != v:
                return False
            q = v
    if p == 0 or q == 0 or p == q:
        return False
    ns = popcount(solved)
    if ns == 3:
        e = low_index(15 & ~solved)
        t = p if e == 0 or e == 3 else q
        if not (cand[corner[e]] >> (t - 1)) & 1:
            return False
        if not begin(log, T_AVOIDABLE_RECTANGLE):
            return False
        push(log, ITEM_ELIM, corner[e], t, 0)
        extra = 0
        kind = 1
    elif ns == 2:
        extra = 0
        empties = np.empty(2, dtype=np.int64)
        k = 0
        for i in range(4):
            if (solved >> i) & 1:
                continue
            t = p if i == 0 or i == 3 else q
            c = corner[i]
            if popcount(cand[c]) != 2 or not (cand[c] >> (t - 1)) & 1:
                return False
            e = cand[c] & ~(1 << (t - 1))
            if extra != 0 and e != extra:
                return False
            extra = e
            empties[k] = c
            k += 1
        if not begin(log, T_AVOIDABLE_RECTANGLE):
            return False
        _eliminate_seeing_all(geo, values, cand, log, empties, 2, low_index(extra) + 1)
        if n_items_open(log) == 0:
            abort(log)
            return False
        kind = 2
    else:
        return False
    for i in range(4):
        c = corner[i]
        t = p if i == 0 or i == 3 else q
        if (solved >> i) & 1:
            push(log, ITEM_CELL, c, CELL_PATTERN, 0)
        else:
            push(log, ITEM_CELL, c, CELL_TARGET, 0)
            push(log, ITEM_CAND, c, t, ROLE_PATTERN)
            if extra:
                push(log, ITEM_CAND, c, low_index(extra) + 1, ROLE_ON)
    _corner_info(log, corner, solved)
    _info_4_to_7(log, p, q, kind, low_index(extra) + 1 if extra else 0)
    commit(log)
    return True


@njit(cache=True)
def rectangles(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos: Positions,
    given: Int32Array,
    log: StepLog,
    kind: int,
) -> bool:
    """The first rectangle step of `kind` (UR3, UR5, UR6, HIDDEN, AVOIDABLE), rows then
    columns in reading order."""
    n, b = geo.n, geo.b
    corner = np.empty(4, dtype=np.int64)
    # Cheap tests on a column's two corners first (the scan runs at every step that gets
    # this far, over a thousand rectangles): a unique rectangle's corners are empty and
    # share two digits; an avoidable one has no given corner and at least two solved.
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            same_band = r1 // b == r2 // b
            for c1 in range(n):
                a, c = r1 * n + c1, r2 * n + c1
                if kind == AVOIDABLE:
                    if given[a] or given[c]:
                        continue
                elif popcount(cand[a] & cand[c]) < 2:
                    continue
                for c2 in range(c1 + 1, n):
                    if same_band == (c1 // b == c2 // b):
                        continue  # one box or four boxes: no deadly pattern
                    corner[0] = a
                    corner[1] = r1 * n + c2
                    corner[2] = c
                    corner[3] = r2 * n + c2
                    if kind == AVOIDABLE:
                        if given[corner[1]] or given[corner[3]]:
                            continue
                        if _avoidable(geo, values, cand, given, log, corner):
                            return True
                        continue
                    if popcount(cand[a] & cand[c] & cand[corner[1]] & cand[corner[3]]) < 2:
                        continue
                    pair, bivalue = _corner_pair(values, cand, corner)
                    if pair == 0:
                        continue
                    if kind == UR3:
                        found = _type_3(geo, values, cand, log, corner, pair, bivalue)
                    elif kind == UR5:
                        found = _type_5(geo, values, cand, log, corner, pair, bivalue)
                    elif kind == UR6:
                        found = _type_6(geo, values, cand, pos, log, corner, pair, bivalue)
                    else:
                        found = _hidden(geo, values, cand, pos, log, corner, pair, bivalue)
                    if found:
                        return True
    return False


MAX_POLY = 4  # BUG+n: at most this many cells with more than two candidates
MAX_CHOICES = 4096  # and at most this many ways to pick their two BUG candidates


@njit(cache=True)
def _is_bug(geo: Geo, values: Grid, rest: Int32Array) -> bool:
    """Every empty cell has two candidates in `rest` and every digit 0 or 2 places in
    every house."""
    n = geo.n
    for c in range(geo.ncell):
        if values[c] == 0 and popcount(rest[c]) != 2:
            return False
    for h in range(3 * n):
        count = np.zeros(n, dtype=np.int64)
        for i in range(n):
            x = rest[geo.house_cells[h, i]]
            while x:
                count[low_index(x)] += 1
                x &= x - 1
        for d in range(n):
            if count[d] != 0 and count[d] != 2:
                return False
    return True


@njit(cache=True)
def bug_plus_n(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """BUG+n: taking a few candidates E out of the cells with more than two would leave a
    Bivalue Universal Grave (every empty cell two candidates, every digit two places in
    each house), which has no solution or several. So one of E is true, and a candidate
    that sees every one of E (same digit in a peer cell, or another digit in its cell) is
    false. BUG+1 (one candidate, placed) is its own technique. Info: |E|, cells with more
    than two candidates."""
    poly = np.empty(MAX_POLY, dtype=np.int64)
    npoly = 0
    choices = 1
    for c in range(geo.ncell):
        if values[c] != 0:
            continue
        k = popcount(cand[c])
        if k < 2:
            return False
        if k > 2:
            if npoly == MAX_POLY:
                return False
            poly[npoly] = c
            npoly += 1
            choices *= k * (k - 1) // 2
    if npoly == 0 or choices > MAX_CHOICES:
        return False
    rest = cand.copy()
    # pick[i]: the index of the kept pair of poly[i] among its candidate pairs
    pick = np.zeros(npoly, dtype=np.int64)
    while True:
        for i in range(npoly):
            c = poly[i]
            rest[c] = _nth_pair(cand[c], pick[i])
        if _is_bug(geo, values, rest):
            n_extra = 0
            for i in range(npoly):
                n_extra += popcount(cand[poly[i]] & ~rest[poly[i]])
            if n_extra >= 2 and _bug_step(geo, values, cand, rest, poly, npoly, n_extra, log):
                return True
        i = 0
        while i < npoly:
            pick[i] += 1
            k = popcount(cand[poly[i]])
            if pick[i] < k * (k - 1) // 2:
                break
            pick[i] = 0
            i += 1
        if i == npoly:
            return False


@njit(cache=True)
def _nth_pair(mask: int, index: int) -> int:
    """The index-th two-digit sub-mask of `mask` (in a fixed order)."""
    k = 0
    x = mask
    while x:
        lo = x & -x
        x &= x - 1
        y = x
        while y:
            hi = y & -y
            y &= y - 1
            if k == index:
                return lo | hi
            k += 1
    return 0


@njit(cache=True)
def _bug_step(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    rest: Int32Array,
    poly: Int64Array,
    npoly: int,
    n_extra: int,
    log: StepLog,
) -> bool:
    """Record the BUG+n step of the extra candidates cand - rest, if it removes anything."""
    if not begin(log, T_BUG_PLUS_N):
        return False
    for x in range(geo.ncell):
        if values[x] != 0:
            continue
        m = cand[x]
        while m:
            d = low_index(m)
            m &= m - 1
            hits_all = True
            is_extra = False
            for i in range(npoly):
                c = poly[i]
                e = cand[c] & ~rest[c]
                while e:
                    de = low_index(e)
                    e &= e - 1
                    if c == x and de == d:
                        is_extra = True
                    elif c == x:
                        pass  # another digit of the same cell: false if that one is true
                    elif de == d and sees(geo, x, c):
                        pass
                    else:
                        hits_all = False
            if hits_all and not is_extra:
                push(log, ITEM_ELIM, x, d + 1, 0)
    if n_items_open(log) == 0:
        abort(log)
        return False
    for i in range(npoly):
        c = poly[i]
        push(log, ITEM_CELL, c, CELL_TARGET, 0)
        _push_digits(log, ITEM_CAND, c, cand[c] & ~rest[c], ROLE_ON)
        _push_digits(log, ITEM_CAND, c, rest[c], ROLE_PATTERN)
    set_info(log, 0, n_extra)
    set_info(log, 1, npoly)
    commit(log)
    return True

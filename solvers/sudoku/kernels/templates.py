"""Templates (HoDoKu's Template Set and Template Delete): every way one digit can still go.

A template is one placement of a digit over the whole grid: one cell in every row, column
and box (46,656 of them on a 9x9 grid). The solution puts each digit on one template, and
that template uses only the digit's candidates and placed cells. So a cell that every such
template uses holds the digit (Template Set), and a candidate that none uses is false
(Template Delete). As in HoDoKu, the templates of a digit are also filtered against the
other digits: a template may not use a cell that every template of another digit uses
(that cell holds the other digit); the filtering repeats until nothing changes.

The templates are not stored: a depth-first walk over the rows, keeping the columns and
boxes used so far, visits exactly the templates that fit (per row the columns allowed), and
at each one ORs and ANDs its cells into per-row column masks.

Only for 4x4 and 9x9 grids (a 16x16 digit has far too many templates): skipped on 16x16.

Recorded step, one per digit (the lowest digit with something to do):
    ITEM_PLACE (cell, digit) each cell every template uses   (Template Set)
    ITEM_ELIM  (cell, digit) each candidate no template uses (Template Delete)
    ITEM_CAND  (cell, digit, ROLE_PATTERN) the digit's other candidates, those some template
               still uses
Info: digit, templates of the digit, placements or eliminations.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info
from puzzleviz.solvers.sudoku.roles import ITEM_CAND, ITEM_ELIM, ITEM_PLACE, ROLE_PATTERN
from puzzleviz.solvers.sudoku.techniques import T_TEMPLATE_DELETE, T_TEMPLATE_SET

MAX_BOX = 3


@njit(cache=True)
def _walk(
    n: int,
    b: int,
    allow: Int64Array,
    and_rows: Int64Array,
    or_rows: Int64Array,
    opts: Int64Array,
    chosen: Int64Array,
    used_cols: Int64Array,
    used_boxes: Int64Array,
) -> int:
    """Visit every template whose row r uses a column of allow[r]; and_rows/or_rows get
    the AND/OR of their cells (per row, a column mask). Returns how many there are."""
    full = (1 << n) - 1
    for r in range(n):
        and_rows[r] = full
        or_rows[r] = 0
    count = 0
    r = 0
    used_cols[0] = 0
    used_boxes[0] = 0
    opts[0] = _options(n, b, 0, allow[0], 0, 0)
    while r >= 0:
        if opts[r] == 0:
            r -= 1
            continue
        low = opts[r] & -opts[r]
        opts[r] ^= low
        c = 0
        while not (low >> c) & 1:
            c += 1
        chosen[r] = c
        if r == n - 1:
            count += 1
            for i in range(n):
                m = 1 << chosen[i]
                and_rows[i] &= m
                or_rows[i] |= m
            continue
        box = (r // b) * b + c // b
        used_cols[r + 1] = used_cols[r] | (1 << c)
        # a new band starts with no box used
        nb = 0 if (r + 1) % b == 0 else used_boxes[r] | (1 << box)
        used_boxes[r + 1] = nb
        r += 1
        opts[r] = _options(n, b, r, allow[r], used_cols[r], nb)
    return count


@njit(cache=True)
def _options(n: int, b: int, r: int, allow: int, used_cols: int, used_boxes: int) -> int:
    """Columns row r may use: allowed, not used, in a box of its band not used yet."""
    m = allow & ~used_cols
    band = (r // b) * b
    for i in range(b):
        if (used_boxes >> (band + i)) & 1:
            m &= ~(((1 << b) - 1) << (i * b))
    return m


@njit(cache=True)
def templates(geo: Geo, values: Grid, cand: Candidates, log: StepLog, delete: bool) -> bool:
    """One Template Set step (delete False) or Template Delete step (delete True)."""
    b, n = geo.b, geo.n
    if b > MAX_BOX:
        return False
    allowed = np.zeros((n, n), dtype=np.int64)  # [digit, row] -> column mask
    for c in range(geo.ncell):
        r, col = geo.row[c], geo.col[c]
        if values[c]:
            allowed[values[c] - 1, r] |= 1 << col
        else:
            m = cand[c]
            for d in range(n):
                if (m >> d) & 1:
                    allowed[d, r] |= 1 << col
    and_rows = np.zeros((n, n), dtype=np.int64)
    or_rows = np.zeros((n, n), dtype=np.int64)
    counts = np.zeros(n, dtype=np.int64)
    # the walk's rows: allowed columns, options left, column chosen, columns and boxes used
    work = np.empty((5, n), dtype=np.int64)
    allow, opts, chosen, used_cols, used_boxes = work[0], work[1], work[2], work[3], work[4]
    for d in range(n):
        counts[d] = _walk(n, b, allowed[d], and_rows[d], or_rows[d], opts, chosen,
                          used_cols, used_boxes)  # fmt: skip
        if counts[d] == 0:
            return False  # the grid contradicts itself: left to the contradiction check
    changed = True
    while changed:
        # a template may not use a cell every template of another digit uses
        changed = False
        for d in range(n):
            for r in range(n):
                other = 0
                for e in range(n):
                    if e != d:
                        other |= and_rows[e, r]
                allow[r] = allowed[d, r] & ~other
            before = counts[d]
            same = True
            for r in range(n):
                if allow[r] != allowed[d, r]:
                    same = False
            if same:
                continue
            for r in range(n):
                allowed[d, r] = allow[r]
            counts[d] = _walk(n, b, allow, and_rows[d], or_rows[d], opts, chosen,
                              used_cols, used_boxes)  # fmt: skip
            if counts[d] == 0:
                return False
            changed = changed or counts[d] != before
    tech = T_TEMPLATE_DELETE if delete else T_TEMPLATE_SET
    for d in range(n):
        bit = 1 << d
        found = 0
        for c in range(geo.ncell):
            if values[c] or not cand[c] & bit:
                continue
            inside = (or_rows[d, geo.row[c]] >> geo.col[c]) & 1
            every = (and_rows[d, geo.row[c]] >> geo.col[c]) & 1
            if (delete and not inside) or (not delete and every):
                found += 1
        if found == 0:
            continue
        if not begin(log, tech):
            return False
        for c in range(geo.ncell):
            if values[c] or not cand[c] & bit:
                continue
            inside = (or_rows[d, geo.row[c]] >> geo.col[c]) & 1
            every = (and_rows[d, geo.row[c]] >> geo.col[c]) & 1
            if delete and not inside:
                push(log, ITEM_ELIM, c, d + 1, 0)
            elif not delete and every:
                push(log, ITEM_PLACE, c, d + 1, 0)
            else:
                push(log, ITEM_CAND, c, d + 1, ROLE_PATTERN)
        set_info(log, 0, d + 1)
        set_info(log, 1, counts[d])
        set_info(log, 2, found)
        commit(log)
        return True
    return False

"""Sue de Coq: two or three cells where a box meets a line, helped by cells of each.

C: cells of the box-line intersection holding digits V, at least two more digits than
cells. L: cells of the line outside the box (digits DL), B: cells of the box outside the
line (digits DB), DL and DB disjoint, and C, L and B together as many cells as digits in
V + DL + DB. Then those cells hold every one of those digits exactly once (L and B share
no digit, and C + L, C + B are each in one house). A digit of DL, or of V but not DB, can
only sit in C + L: it goes from the rest of the line. A digit of DB, or of V but not DL,
sits in C + B: it goes from the rest of the box.

Recorded: ITEM_HOUSE the box and the line (HOUSE_BASE); ITEM_CELL the cells of C
(CELL_PATTERN), then L and B (CELL_ALS); ITEM_CAND their candidates (C: ROLE_PATTERN, L and
B: ROLE_ALS). Info: box, line, V, DL, DB, cells in C, L, B.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info, stopping
from puzzleviz.solvers.sudoku.roles import (
    CELL_ALS,
    CELL_PATTERN,
    HOUSE_BASE,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_HOUSE,
    ROLE_ALS,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.techniques import T_SUE_DE_COQ


@njit(cache=True)
def _union(cand: Candidates, cells: Int64Array, sub: int) -> int:
    m = 0
    while sub:
        m |= cand[cells[low_index(sub)]]
        sub &= sub - 1
    return m


@njit(cache=True)
def sue_de_coq(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """Sue de Coq; see the module docstring. The first pattern that removes something."""
    n = geo.n
    inter = np.empty(n, dtype=np.int64)
    lrest = np.empty(n, dtype=np.int64)
    brest = np.empty(n, dtype=np.int64)
    for bx in range(n):
        box_h = 2 * n + bx
        for line in range(2 * n):
            ni = nl = nb = 0
            for i in range(n):
                c = geo.house_cells[line, i]
                if values[c] == 0:
                    if geo.box[c] == bx:
                        inter[ni] = c
                        ni += 1
                    else:
                        lrest[nl] = c
                        nl += 1
            if ni < 2:
                continue
            for i in range(n):
                c = geo.house_cells[box_h, i]
                if values[c] == 0 and geo.cell_houses[c, 0 if line < n else 1] != line:
                    brest[nb] = c
                    nb += 1
            for cs in range(1, 1 << ni):
                kc = popcount(cs)
                if kc < 2:
                    continue
                v = _union(cand, inter, cs)
                if popcount(v) < kc + 2:
                    continue
                for ls in range(1, 1 << nl):
                    if stopping(log):
                        return False
                    dl = _union(cand, lrest, ls)
                    if dl & v == 0:
                        continue
                    kl = popcount(ls)
                    for bs in range(1, 1 << nb):
                        db = _union(cand, brest, bs)
                        if db & dl or db & v == 0:
                            continue
                        kb = popcount(bs)
                        if popcount(v | dl | db) != kc + kl + kb:
                            continue
                        line_out = dl | (v & ~db)
                        box_out = db | (v & ~dl)
                        hits = 0
                        for i in range(nl):
                            if not (ls >> i) & 1 and cand[lrest[i]] & line_out:
                                hits += 1
                        for i in range(nb):
                            if not (bs >> i) & 1 and cand[brest[i]] & box_out:
                                hits += 1
                        for i in range(ni):
                            c = inter[i]
                            if not (cs >> i) & 1 and cand[c] & (line_out | box_out):
                                hits += 1
                        if hits == 0 or not begin(log, T_SUE_DE_COQ):
                            continue
                        for i in range(nl):
                            if not (ls >> i) & 1:
                                _elim(log, lrest[i], cand[lrest[i]] & line_out)
                        for i in range(nb):
                            if not (bs >> i) & 1:
                                _elim(log, brest[i], cand[brest[i]] & box_out)
                        for i in range(ni):
                            if not (cs >> i) & 1:
                                _elim(log, inter[i], cand[inter[i]] & (line_out | box_out))
                        push(log, ITEM_HOUSE, box_h, HOUSE_BASE, 0)
                        push(log, ITEM_HOUSE, line, HOUSE_BASE, 0)
                        _cells(cand, log, inter, cs, CELL_PATTERN, ROLE_PATTERN)
                        _cells(cand, log, lrest, ls, CELL_ALS, ROLE_ALS)
                        _cells(cand, log, brest, bs, CELL_ALS, ROLE_ALS)
                        set_info(log, 0, bx)
                        set_info(log, 1, line)
                        set_info(log, 2, v)
                        set_info(log, 3, dl)
                        set_info(log, 4, db)
                        set_info(log, 5, kc)
                        set_info(log, 6, kl)
                        set_info(log, 7, kb)
                        commit(log)
                        return True
    return False


@njit(cache=True)
def _elim(log: StepLog, c: int, m: int) -> None:
    while m:
        push(log, ITEM_ELIM, c, low_index(m) + 1, 0)
        m &= m - 1


@njit(cache=True)
def _cells(
    cand: Candidates, log: StepLog, cells: Int64Array, sub: int, cell_role: int, cand_role: int
) -> None:
    s = sub
    while s:
        push(log, ITEM_CELL, cells[low_index(s)], cell_role, 0)
        s &= s - 1
    s = sub
    while s:
        c = cells[low_index(s)]
        s &= s - 1
        m = cand[c]
        while m:
            push(log, ITEM_CAND, c, low_index(m) + 1, cand_role)
            m &= m - 1

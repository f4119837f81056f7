"""Short single-digit chains with names of their own (HoDoKu's): Skyscraper, 2-String Kite,
Turbot Fish (X-chains of three links), and the Empty Rectangle (a box node in the chain).

All four read: strong link, weak link, strong link. If the first cell is not the digit the
last one is, so the digit goes from every cell that sees both ends.
    Skyscraper       two strong links in parallel lines (rows, or columns) whose inner ends
                     share a line
    2-String Kite    a strong link in a row and one in a column whose inner ends share a box
    Turbot Fish      any other three-link X-chain (a strong link in a box, say)
    Empty Rectangle  in a box the digit lies only in one row r and one column c (in both,
                     not in one line alone): a strong link "row part = column part"; with a
                     conjugate pair of the digit in a line outside the box, one of whose
                     cells lies on r (or c), the digit goes from the cell where the pair's
                     other line meets c (or r)

Recorded: ITEM_CAND (cell, digit, ROLE_OFF / ROLE_ON) for the chain's cells in order (first
end false, then alternating), ITEM_HOUSE (house, HOUSE_BASE) for the strong links' houses,
ITEM_LINK (a, b, kind) for the three links in order. The Empty Rectangle's box parts are
group nodes: ITEM_NODE (ncand + k, candidate, ROLE_GROUP) per candidate of node k (0: the
part the chain enters, 1: the part it leaves by), and its links name them by ncand + k.
Info: digit, first cell, last cell, strong house 1, strong house 2, kind (0 skyscraper,
1 kite, 2 turbot, 3 empty rectangle), box (empty rectangle), target.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Positions
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
    HOUSE_BASE,
    ITEM_CAND,
    ITEM_ELIM,
    ITEM_HOUSE,
    ITEM_LINK,
    ITEM_NODE,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_GROUP,
    ROLE_OFF,
    ROLE_ON,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.techniques import T_EMPTY_RECTANGLE, T_SKYSCRAPER

KIND_SKYSCRAPER, KIND_KITE, KIND_TURBOT, KIND_EMPTY_RECTANGLE = 0, 1, 2, 3


@njit(cache=True)
def _kind(geo: Geo, h1: int, h2: int, a2: int, b1: int) -> int:
    """Which named chain strong links in h1, h2 joined by the weak link a2 - b1 make."""
    n = geo.n
    t1, t2 = h1 // n, h2 // n
    # parallel lines: the inner ends must share the crossing line
    same_col = geo.col[a2] == geo.col[b1]
    same_row = geo.row[a2] == geo.row[b1]
    if t1 == t2 and ((t1 == 0 and same_col) or (t1 == 1 and same_row)):
        return KIND_SKYSCRAPER
    if t1 < 2 and t2 < 2 and t1 != t2 and geo.box[a2] == geo.box[b1]:
        return KIND_KITE
    return KIND_TURBOT


@njit(cache=True)
def three_link_chain(geo: Geo, cand: Candidates, pos: Positions, log: StepLog, want: int) -> bool:
    """The first Skyscraper (want 0), 2-String Kite (1) or Turbot Fish (2) that eliminates
    something; see the module docstring."""
    n = geo.n
    tech = T_SKYSCRAPER + want
    ends = np.empty((3 * n, 2), dtype=np.int64)
    house = np.empty(3 * n, dtype=np.int64)
    for d in range(n):
        bit = 1 << d
        k = 0
        for h in range(3 * n):
            m = pos[h, d]
            if popcount(m) == 2:
                ends[k, 0] = geo.house_cells[h, low_index(m)]
                ends[k, 1] = geo.house_cells[h, low_index(m & (m - 1))]
                house[k] = h
                k += 1
        for i in range(k):
            for j in range(k):
                if i == j:
                    continue
                for oi in range(2):
                    a1, a2 = ends[i, oi], ends[i, 1 - oi]
                    for oj in range(2):
                        b1, b2 = ends[j, oj], ends[j, 1 - oj]
                        if b1 in (a1, a2) or b2 in (a1, a2):
                            continue
                        if not sees(geo, a2, b1) or sees(geo, a1, b2):
                            continue
                        if _kind(geo, house[i], house[j], a2, b1) != want:
                            continue
                        if i > j and _kind(geo, house[j], house[i], b1, a2) == want:
                            continue  # the same chain read backward was tried already
                        if not begin(log, tech):
                            return False
                        for q in range(geo.peers.shape[1]):
                            x = geo.peers[a1, q]
                            if (
                                x != b2
                                and x != a2
                                and x != b1
                                and cand[x] & bit
                                and sees(geo, x, b2)
                            ):
                                push(log, ITEM_ELIM, x, d + 1, 0)
                        if n_items_open(log) == 0:
                            abort(log)
                            continue
                        set_info(log, 0, d + 1)
                        set_info(log, 1, a1)
                        set_info(log, 2, b2)
                        set_info(log, 3, house[i])
                        set_info(log, 4, house[j])
                        set_info(log, 5, want)
                        chain = (a1, a2, b1, b2)
                        for s in range(4):
                            push(log, ITEM_CAND, chain[s], d + 1, ROLE_ON if s % 2 else ROLE_OFF)
                        push(log, ITEM_HOUSE, house[i], HOUSE_BASE, 0)
                        push(log, ITEM_HOUSE, house[j], HOUSE_BASE, 0)
                        push(log, ITEM_LINK, a1 * n + d, a2 * n + d, LINK_STRONG)
                        push(log, ITEM_LINK, a2 * n + d, b1 * n + d, LINK_WEAK)
                        push(log, ITEM_LINK, b1 * n + d, b2 * n + d, LINK_STRONG)
                        commit(log)
                        return True
    return False


@njit(cache=True)
def empty_rectangle(geo: Geo, cand: Candidates, pos: Positions, log: StepLog) -> bool:
    """Empty Rectangle with a conjugate pair; see the module docstring."""
    n, b = geo.n, geo.b
    ncand = geo.ncell * n
    for d in range(n):
        bit = 1 << d
        for bx in range(n):
            bm = pos[2 * n + bx, d]
            if popcount(bm) < 3:
                continue
            r0, c0 = (bx // b) * b, (bx % b) * b
            for rr in range(b):
                for cc in range(b):
                    r, c = r0 + rr, c0 + cc
                    # the box's cells of d: all in row r or column c, some off each line
                    ok = True
                    off_row = 0
                    off_col = 0
                    m = bm
                    while m:
                        x = geo.house_cells[2 * n + bx, low_index(m)]
                        m &= m - 1
                        if geo.row[x] != r and geo.col[x] != c:
                            ok = False
                        if geo.row[x] != r:
                            off_row += 1
                        if geo.col[x] != c:
                            off_col += 1
                    if not ok or off_row == 0 or off_col == 0:
                        continue
                    for orient in range(2):
                        # orient 0: a conjugate pair in a column c2 with one end on row r;
                        # orient 1: in a row r2 with one end on column c
                        for line in range(n):
                            if orient == 0 and c0 <= line < c0 + b:
                                continue
                            if orient == 1 and r0 <= line < r0 + b:
                                continue
                            h = n + line if orient == 0 else line
                            pm = pos[h, d]
                            if popcount(pm) != 2:
                                continue
                            u = geo.house_cells[h, low_index(pm)]
                            v = geo.house_cells[h, low_index(pm & (pm - 1))]
                            for w in range(2):
                                p, q = (u, v) if w == 0 else (v, u)
                                if orient == 0:
                                    if geo.row[p] != r or r0 <= geo.row[q] < r0 + b:
                                        continue
                                    target = geo.row[q] * n + c
                                else:
                                    if geo.col[p] != c or c0 <= geo.col[q] < c0 + b:
                                        continue
                                    target = r * n + geo.col[q]
                                if not cand[target] & bit:
                                    continue
                                if not begin(log, T_EMPTY_RECTANGLE):
                                    return False
                                push(log, ITEM_ELIM, target, d + 1, 0)
                                set_info(log, 0, d + 1)
                                set_info(log, 1, q)
                                set_info(log, 2, target)
                                set_info(log, 3, h)
                                set_info(log, 4, 2 * n + bx)
                                set_info(log, 5, KIND_EMPTY_RECTANGLE)
                                set_info(log, 6, bx)
                                set_info(log, 7, r * n + c)
                                push(log, ITEM_CAND, q, d + 1, ROLE_OFF)
                                push(log, ITEM_CAND, p, d + 1, ROLE_ON)
                                m = bm
                                while m:
                                    x = geo.house_cells[2 * n + bx, low_index(m)]
                                    m &= m - 1
                                    push(log, ITEM_CAND, x, d + 1, ROLE_PATTERN)
                                    # node 0: the part on p's line (row r or column c)
                                    on_line = geo.row[x] == r if orient == 0 else geo.col[x] == c
                                    push(log, ITEM_NODE, ncand + (0 if on_line else 1), x * n + d,
                                         ROLE_GROUP)  # fmt: skip
                                push(log, ITEM_HOUSE, h, HOUSE_BASE, 0)
                                push(log, ITEM_HOUSE, 2 * n + bx, HOUSE_BASE, 0)
                                push(log, ITEM_LINK, q * n + d, p * n + d, LINK_STRONG)
                                push(log, ITEM_LINK, p * n + d, ncand, LINK_WEAK)
                                push(log, ITEM_LINK, ncand, ncand + 1, LINK_STRONG)
                                commit(log)
                                return True
    return False

"""Simple colouring, X-chains and XY-chains.

Chains are found by breadth-first search from every start, so the chain shown is the
shortest one that eliminates anything (ties: first digit, first start cell). A node of an
X-chain is (cell, parity): parity 1 = "reached through a strong link, so true if the start
is false". A node of an XY-chain is (bivalue cell, the digit it would then hold).
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
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
from puzzleviz.solvers.sudoku.kernels.walk import reach, start_walk, walked_chain
from puzzleviz.solvers.sudoku.roles import (
    CELL_PATTERN,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_LINK,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_OFF,
    ROLE_ON,
)
from puzzleviz.solvers.sudoku.techniques import T_SIMPLE_COLOURING, T_X_CHAIN, T_XY_CHAIN

MAX_LINKS = 24  # longer chains exist but are no fun to watch; the guess takes over


@njit(cache=True)
def _conjugates(geo: Geo, pos: Positions, d: int, adj: Int64Array, deg: Int64Array) -> None:
    """adj[c, :deg[c]] = the cells that form a conjugate pair (strong link) with c on d+1."""
    n = geo.n
    deg[:] = 0
    for h in range(3 * n):
        m = pos[h, d]
        if popcount(m) != 2:
            continue
        u = geo.house_cells[h, low_index(m)]
        v = geo.house_cells[h, low_index(m & (m - 1))]
        for a, b in ((u, v), (v, u)):
            known = False
            for e in range(deg[a]):
                if adj[a, e] == b:
                    known = True
            if not known:
                adj[a, deg[a]] = b
                deg[a] += 1


@njit(cache=True)
def simple_colouring(
    geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog
) -> bool:
    """Colour the conjugate pairs of one digit in two colours; exactly one colour is true.
    Wrap: two cells of one colour see each other, so that colour is false everywhere.
    Trap: a cell that sees both colours cannot hold the digit.
    Info: digit, kind (0 trap, 1 wrap), cells coloured, false colour (wrap)."""
    n, ncell = geo.n, geo.ncell
    adj = np.empty((ncell, 3), dtype=np.int64)
    deg = np.zeros(ncell, dtype=np.int64)
    colour = np.full(ncell, -1, dtype=np.int64)
    comp = np.full(ncell, -1, dtype=np.int64)
    queue = np.empty(ncell, dtype=np.int64)
    for d in range(n):
        bit = 1 << d
        _conjugates(geo, pos, d, adj, deg)
        colour[:] = -1
        comp[:] = -1
        for s in range(ncell):
            if deg[s] == 0 or colour[s] >= 0:
                continue
            queue[0] = s
            colour[s] = 0
            comp[s] = s
            qn, qi = 1, 0
            while qi < qn:
                u = queue[qi]
                qi += 1
                for e in range(deg[u]):
                    v = adj[u, e]
                    if colour[v] < 0:
                        colour[v] = 1 - colour[u]
                        comp[v] = s
                        queue[qn] = v
                        qn += 1
            if qn < 3:
                continue
            wrap = -1
            for i in range(qn):
                for j in range(i + 1, qn):
                    a, b = queue[i], queue[j]
                    if colour[a] == colour[b] and sees(geo, a, b):
                        wrap = colour[a]
            if not begin(log, T_SIMPLE_COLOURING):
                return False
            if wrap >= 0:
                for i in range(qn):
                    if colour[queue[i]] == wrap:
                        push(log, ITEM_ELIM, queue[i], d + 1, 0)
            else:
                for c in range(ncell):
                    if not cand[c] & bit or comp[c] == s:
                        continue
                    seen0 = False
                    seen1 = False
                    for i in range(qn):
                        if sees(geo, c, queue[i]):
                            if colour[queue[i]] == 0:
                                seen0 = True
                            else:
                                seen1 = True
                    if seen0 and seen1:
                        push(log, ITEM_ELIM, c, d + 1, 0)
            if n_items_open(log) == 0:
                abort(log)
                continue
            set_info(log, 0, d + 1)
            set_info(log, 1, 1 if wrap >= 0 else 0)
            set_info(log, 2, qn)
            set_info(log, 3, wrap)
            for i in range(qn):
                c = queue[i]
                push(log, ITEM_CAND, c, d + 1, ROLE_ON if colour[c] == 0 else ROLE_OFF)
            for i in range(qn):
                u = queue[i]
                for e in range(deg[u]):
                    if u < adj[u, e]:
                        push(log, ITEM_LINK, u * n + d, adj[u, e] * n + d, LINK_STRONG)
            commit(log)
            return True
    return False


@njit(cache=True)
def _has_common_victim(geo: Geo, cand: Candidates, bit: int, a: int, b: int) -> bool:
    for k in range(geo.peers.shape[1]):
        x = geo.peers[a, k]
        if x != b and cand[x] & bit and sees(geo, x, b):
            return True
    return False


@njit(cache=True)
def x_chain(geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog) -> bool:
    """One digit, strong links (conjugate pairs) alternating with weak links (peers),
    starting and ending with a strong link: one end is the digit, so it goes from every
    cell that sees both ends. Info: digit, start, end, links."""
    n, ncell = geo.n, geo.ncell
    npeer = geo.peers.shape[1]
    adj = np.empty((ncell, 3), dtype=np.int64)
    deg = np.zeros(ncell, dtype=np.int64)
    dist = np.empty(2 * ncell, dtype=np.int64)
    parent = np.empty(2 * ncell, dtype=np.int64)
    queue = np.empty(2 * ncell, dtype=np.int64)
    path = np.empty(2 * ncell, dtype=np.int64)
    best = np.empty(MAX_LINKS + 1, dtype=np.int64)
    best_len = MAX_LINKS + 1
    best_d = -1
    for d in range(n):
        bit = 1 << d
        _conjugates(geo, pos, d, adj, deg)
        for s in range(ncell):
            if deg[s] == 0:
                continue
            start_walk(dist, parent, queue, 2 * s)
            qn, qi = 1, 0
            found = False
            while qi < qn and not found:
                st = queue[qi]
                qi += 1
                u, par = st // 2, st % 2
                du = dist[st]
                if du + 1 >= best_len:
                    break
                count = deg[u] if par == 0 else npeer
                for e in range(count):
                    if par == 0:
                        v = adj[u, e]
                    else:
                        v = geo.peers[u, e]
                        if not cand[v] & bit:
                            continue
                    ns = 2 * v + 1 - par
                    grown = reach(dist, parent, queue, qn, st, ns)
                    if grown == qn:
                        continue
                    qn = grown
                    if (
                        par == 0
                        and du + 1 >= 3
                        and v != s
                        and _has_common_victim(geo, cand, bit, s, v)
                        and walked_chain(parent, ns, 2, path, best) > 0
                    ):
                        best_len = du + 1
                        best_d = d
                        found = True
                        break
    if best_d < 0:
        return False
    if not begin(log, T_X_CHAIN):
        return False
    d = best_d
    bit = 1 << d
    s = best[0] // 2
    e = best[best_len] // 2
    for k in range(npeer):
        x = geo.peers[s, k]
        if x != e and cand[x] & bit and sees(geo, x, e):
            push(log, ITEM_ELIM, x, d + 1, 0)
    set_info(log, 0, d + 1)
    set_info(log, 1, s)
    set_info(log, 2, e)
    set_info(log, 3, best_len)
    for i in range(best_len + 1):
        c, par = best[i] // 2, best[i] % 2
        push(log, ITEM_CAND, c, d + 1, ROLE_ON if par == 1 else ROLE_OFF)
    for i in range(best_len):
        a, b = best[i] // 2, best[i + 1] // 2
        kind = LINK_STRONG if best[i] % 2 == 0 else LINK_WEAK
        push(log, ITEM_LINK, a * n + d, b * n + d, kind)
    commit(log)
    return True


@njit(cache=True)
def xy_chain(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """Bivalue cells, each seeing the next and sharing a digit with it: if the first cell is
    not Z, the last one is Z; so Z goes from every cell that sees both ends.
    Info: Z, start, end, number of cells."""
    n, ncell = geo.n, geo.ncell
    npeer = geo.peers.shape[1]
    nstate = ncell * n
    dist = np.empty(nstate, dtype=np.int64)
    parent = np.empty(nstate, dtype=np.int64)
    queue = np.empty(nstate, dtype=np.int64)
    path = np.empty(nstate, dtype=np.int64)
    best = np.empty(MAX_LINKS + 1, dtype=np.int64)
    best_len = MAX_LINKS // 2 + 1  # cells
    best_z = -1
    best_s = -1
    for s in range(ncell):
        ms = cand[s]
        if values[s] != 0 or popcount(ms) != 2:
            continue
        for which in range(2):
            zbit = ms & -ms if which == 0 else ms & (ms - 1)
            z = low_index(zbit)
            a = low_index(ms & ~zbit)
            st0 = s * n + a
            start_walk(dist, parent, queue, st0)
            dist[st0] = 1  # counted in cells
            qn, qi = 1, 0
            found = False
            while qi < qn and not found:
                st = queue[qi]
                qi += 1
                u, v = st // n, st % n
                du = dist[st]
                if du + 1 >= best_len:
                    break
                for k in range(npeer):
                    w = geo.peers[u, k]
                    mw = cand[w]
                    if popcount(mw) != 2 or not (mw >> v) & 1:
                        continue
                    v2 = low_index(mw & ~(1 << v))
                    ns = w * n + v2
                    grown = reach(dist, parent, queue, qn, st, ns)
                    if grown == qn:
                        continue
                    qn = grown
                    if (
                        v2 == z
                        and w != s
                        and du + 1 >= 3
                        and _has_common_victim(geo, cand, zbit, s, w)
                        and walked_chain(parent, ns, n, path, best) > 0
                    ):
                        best_len = du + 1
                        best_z = z
                        best_s = s
                        found = True
                        break
    if best_z < 0:
        return False
    if not begin(log, T_XY_CHAIN):
        return False
    zbit = 1 << best_z
    s = best_s
    e = best[best_len - 1] // n
    for k in range(npeer):
        x = geo.peers[s, k]
        if x != e and cand[x] & zbit and sees(geo, x, e):
            push(log, ITEM_ELIM, x, best_z + 1, 0)
    set_info(log, 0, best_z + 1)
    set_info(log, 1, s)
    set_info(log, 2, e)
    set_info(log, 3, best_len)
    previous_on = -1
    for i in range(best_len):
        c, on = best[i] // n, best[i] % n
        off = low_index(cand[c] & ~(1 << on))
        push(log, ITEM_CELL, c, CELL_PATTERN, 0)
        push(log, ITEM_CAND, c, off + 1, ROLE_OFF)
        push(log, ITEM_CAND, c, on + 1, ROLE_ON)
        if previous_on >= 0:
            push(log, ITEM_LINK, previous_on, c * n + off, LINK_WEAK)
        push(log, ITEM_LINK, c * n + off, c * n + on, LINK_STRONG)
        previous_on = c * n + on
    commit(log)
    return True

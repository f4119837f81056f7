"""ALS chains: ALS-XZ stretched over three or more almost locked sets.

Sets A1, A2, ..., Ak, no two sharing a cell, each tied to the next by a restricted common
candidate x_i (every x_i of A_i sees every x_i of A_i+1, so at most one of them holds it),
with consecutive x_i different. If A1 lacks a digit Z it is locked and holds x1, so A2
lacks x1, is locked and holds x2, ... and Ak holds Z. So Z (common to A1 and Ak, neither
x1 nor the last x) is in A1 or Ak, and goes from every cell that sees all their Z cells.
Three sets are an ALS-XY-Wing (tried before); the chain is found breadth-first over
(set, digit it was entered by), shortest first, up to MAX_SETS sets.

Recorded like solvers.sudoku.kernels.grouped's ALS nodes, so one notation serves both:
ITEM_CELL (cell, CELL_ALS) for each set's cells in chain order; ITEM_CAND (cell, digit,
ROLE_ALS) for their candidates; ITEM_NODE (ncand + ALS_CODE + 2j, candidate, ROLE_ALS) for
set j's entry digit (Z for the first), + 1 for its exit digit (Z for the last); links
entry = exit (strong) inside each set, exit - next entry (weak) between sets.
Info: Z, sets, the sets' sizes (info[2:]).
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.als import _overlap, _victims, all_als
from puzzleviz.solvers.sudoku.kernels.als_bits import als_bitboards, any_victim_bits, rcc_mask_bits
from puzzleviz.solvers.sudoku.kernels.bits import low_index
from puzzleviz.solvers.sudoku.kernels.grouped import ALS_CODE
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info
from puzzleviz.solvers.sudoku.roles import (
    CELL_ALS,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_LINK,
    ITEM_NODE,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_ALS,
)
from puzzleviz.solvers.sudoku.techniques import T_ALS_CHAIN

MAX_SETS = 6  # info holds six sizes
MAX_CHAIN_CELLS = 3


@njit(cache=True)
def _distinct(cells: Int64Array, size: Int64Array, mask: Int64Array, count: int) -> int:
    """Keep each set of cells once (find_als lists a set once per house it lies in);
    returns the new count."""
    kept = 0
    for a in range(count):
        repeat = False
        for o in range(kept):
            if size[o] == size[a] and mask[o] == mask[a]:
                same = True
                for i in range(size[a]):
                    if cells[o, i] != cells[a, i]:
                        same = False
                if same:
                    repeat = True
                    break
        if not repeat:
            for i in range(size[a]):
                cells[kept, i] = cells[a, i]
            size[kept] = size[a]
            mask[kept] = mask[a]
            kept += 1
    return kept


@njit(cache=True)
def als_chain(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """ALS chain; see the module docstring."""
    n = geo.n
    ncand = geo.ncell * n
    cells, size, mask, count = all_als(geo, values, cand)
    count = _distinct(cells, size, mask, count)
    # sets of up to MAX_CHAIN_CELLS cells only: the four-cell ones are the most numerous
    # and every pair of sets is compared
    kept = 0
    for a in range(count):
        if size[a] <= MAX_CHAIN_CELLS:
            cells[kept, :] = cells[a, :]
            size[kept] = size[a]
            mask[kept] = mask[a]
            kept += 1
    count = kept
    if count < 3:
        return False
    held, dcells, seen, digit_cells = als_bitboards(geo, cand, cells, size, mask, count)
    # the restricted common candidates of every pair, as adjacency lists
    deg = np.zeros(count, dtype=np.int64)
    for a in range(count):
        for b in range(a + 1, count):
            if mask[a] & mask[b] and rcc_mask_bits(held, dcells, seen, mask, a, b):
                deg[a] += 1
                deg[b] += 1
    start = np.zeros(count + 1, dtype=np.int64)
    for a in range(count):
        start[a + 1] = start[a] + deg[a]
    adj = np.empty(max(start[count], 1), dtype=np.int64)
    rcc = np.empty(max(start[count], 1), dtype=np.int64)
    fill = start[:-1].copy()
    for a in range(count):
        for b in range(a + 1, count):
            if mask[a] & mask[b]:
                r = rcc_mask_bits(held, dcells, seen, mask, a, b)
                if r:
                    adj[fill[a]], rcc[fill[a]] = b, r
                    fill[a] += 1
                    adj[fill[b]], rcc[fill[b]] = a, r
                    fill[b] += 1
    nstate = count * n
    stamp = np.full(nstate, -1, dtype=np.int64)
    dist = np.empty(nstate, dtype=np.int64)
    parent = np.empty(nstate, dtype=np.int64)
    first = np.empty(nstate, dtype=np.int64)
    queue = np.empty(nstate, dtype=np.int64)
    seq = np.empty(MAX_SETS, dtype=np.int64)
    best_seq = np.empty(MAX_SETS, dtype=np.int64)
    best_x = np.empty(MAX_SETS, dtype=np.int64)
    xs = np.empty(MAX_SETS, dtype=np.int64)
    best_len = MAX_SETS + 1  # sets
    best_z = -1
    for a0 in range(count):
        qn, qi = 0, 0
        for e in range(start[a0], start[a0 + 1]):
            b = adj[e]
            r = rcc[e]
            while r:
                x = low_index(r)
                r &= r - 1
                st = b * n + x
                if stamp[st] != a0:
                    stamp[st] = a0
                    dist[st] = 2  # sets in the chain so far
                    parent[st] = -1
                    first[st] = x
                    queue[qn] = st
                    qn += 1
        found = False
        while qi < qn and not found:
            st = queue[qi]
            qi += 1
            a, x = st // n, st % n
            if dist[st] + 1 >= best_len:
                break
            for e in range(start[a], start[a + 1]):
                b = adj[e]
                r = rcc[e] & ~(1 << x)
                if b == a0:
                    continue
                while r:
                    y = low_index(r)
                    r &= r - 1
                    ns = b * n + y
                    if stamp[ns] == a0:
                        continue
                    stamp[ns] = a0
                    dist[ns] = dist[st] + 1
                    parent[ns] = st
                    first[ns] = first[st]
                    queue[qn] = ns
                    qn += 1
                    zs = mask[a0] & mask[b] & ~(1 << first[ns]) & ~(1 << y)
                    if zs == 0:
                        continue
                    k = _walk(parent, ns, n, a0, seq, xs)
                    if not _apart(cells, size, seq, k):
                        continue
                    while zs:
                        z = low_index(zs)
                        zs &= zs - 1
                        if any_victim_bits(seen, digit_cells, a0, b, z):
                            best_len = k
                            best_z = z
                            best_seq[:k] = seq[:k]
                            best_x[:k] = xs[:k]
                            found = True
                            break
                    if found:
                        break
                if found:
                    break
    if best_z < 0 or not begin(log, T_ALS_CHAIN):
        return False
    k = best_len
    _victims(geo, values, cand, log, cells, size, best_seq[0], best_seq[k - 1], best_z, True)
    set_info(log, 0, best_z + 1)
    set_info(log, 1, k)
    for j in range(k):
        set_info(log, 2 + j, size[best_seq[j]])
        for i in range(size[best_seq[j]]):
            push(log, ITEM_CELL, cells[best_seq[j], i], CELL_ALS, 0)
    for j in range(k):
        s = best_seq[j]
        for i in range(size[s]):
            m = cand[cells[s, i]]
            while m:
                push(log, ITEM_CAND, cells[s, i], low_index(m) + 1, ROLE_ALS)
                m &= m - 1
    for j in range(k):
        s = best_seq[j]
        entry = best_z if j == 0 else best_x[j]
        leave = best_z if j == k - 1 else best_x[j + 1]
        for side in range(2):
            d = entry if side == 0 else leave
            for i in range(size[s]):
                c = cells[s, i]
                if (cand[c] >> d) & 1:
                    push(log, ITEM_NODE, ncand + ALS_CODE + 2 * j + side, c * n + d, ROLE_ALS)
    for j in range(k):
        code = ncand + ALS_CODE + 2 * j
        push(log, ITEM_LINK, code, code + 1, LINK_STRONG)
        if j + 1 < k:
            push(log, ITEM_LINK, code + 1, code + 2, LINK_WEAK)
    commit(log)
    return True


@njit(cache=True)
def _walk(parent: Int64Array, st: int, n: int, a0: int, seq: Int64Array, xs: Int64Array) -> int:
    """The chain's sets into seq[0..k) and the digit each was entered by into xs (xs[0]
    unused); returns k."""
    k = 0
    s = st
    while s >= 0:
        k += 1
        s = parent[s]
    k += 1
    seq[0] = a0
    s = st
    for j in range(k - 1, 0, -1):
        seq[j] = s // n
        xs[j] = s % n
        s = parent[s]
    return k


@njit(cache=True)
def _apart(cells: Int64Array, size: Int64Array, seq: Int64Array, k: int) -> bool:
    for i in range(k):
        for j in range(i + 1, k):
            if seq[i] == seq[j] or _overlap(cells, size, seq[i], seq[j]):
                return False
    return True

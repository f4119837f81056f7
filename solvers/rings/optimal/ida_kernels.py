"""The numba kernels of the optimal search (solvers.rings.optimal.optimal): heuristic lookups and a
batched depth-first walk under a bound on g + h.

A node is one bit mask of places per colour. Its children for one ring are read from one
orbit per lookup (solvers.rings.optimal.colour_pdb): the lookup with the largest value at the node
is read for all Gsz - 1 turns, the others only for the turns that survive it.

Batched depth-first: every depth holds the nodes generated there and not yet expanded.
The deepest depth with such nodes hands out a batch (up to `batch` nodes); the table
lines of all of them are prefetched before any is read, so the reads overlap instead of
waiting for main memory one node at a time (5 to 6 times faster on the original). Their
children go to the next depth, which was empty. A node's parent stays where it is until
all of its descendants are done, so a solution is read back through the parent links.
The order is fixed by the inputs alone: the same start and bound give the same nodes in
the same order, whatever the timing.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int8Array, Int32Array, Int64Array, UInt8Array, UInt64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.layouts import ColourMasks, KernelInt
from puzzleviz.solvers.rings.optimal.colour_pdb import (
    SEL_ALL,
    SEL_HIGH,
    SEL_LOW,
    orbit_base,
    popcount,
    swap_rings,
    turn_mask,
)
from puzzleviz.solvers.rings.optimal.prefetch import prefetch

RUNNING, EXHAUSTED, FOUND = 0, 1, 2
NO_BOUND = 1 << 30
# slots of a search's `st` array
ST_DEPTH, ST_ROOT, ST_NODES, ST_NEXT, ST_STATUS, ST_LENGTH, ST_SLOT = 0, 1, 2, 3, 4, 5, 6


class Heuristic(NamedTuple):
    """Everything the kernels read: the geometry, the tables and the lookups."""

    geo: Int64Array  # int64 [g, n, foreign, h, want changes, colours]
    posw: Int32Array  # the orbit layout of colour_pdb.Geometry
    tposw: Int8Array
    perw: Int8Array
    rankr: Int32Array
    data0: UInt8Array  # uint8, 4 bits per entry
    data1: UInt8Array  # the second table (data0 again when there is one)
    offsets: Int64Array  # int64 (2, g + 2)
    binomg: Int64Array  # int64 (g + 1,)
    lk_colour: Int64Array  # int64 (L,)
    lk_table: Int64Array
    lk_sel: Int64Array
    lk_tokens: Int64Array
    lk_count: Int64Array  # balls of the lookup's colour


@njit(cache=True, inline="always")
def _lowest(m: KernelInt, k: KernelInt) -> KernelInt:
    """The k lowest set bits of m."""
    out: KernelInt = np.uint64(0)
    for _ in range(k):
        b = m & (~m + np.uint64(1))
        out |= b
        m ^= b
    return out


@njit(cache=True, inline="always")
def _select(m: KernelInt, sel: KernelInt, tokens: KernelInt, count: KernelInt) -> KernelInt:
    if sel == SEL_ALL:
        return m
    if sel == SEL_LOW:
        return _lowest(m, tokens)
    if sel == SEL_HIGH:
        return m ^ _lowest(m, count - tokens)
    return _lowest(m, (tokens + 1) // 2) | (m ^ _lowest(m, count - tokens // 2))


@njit(cache=True, inline="always")
def _entry(data: UInt8Array, idx: KernelInt) -> np.int64:
    return np.int64((data[idx >> 1] >> ((idx & 1) << 2)) & 15)


@njit(cache=True, inline="always")
def _lookup(
    masks: ColourMasks, k: int, ring: KernelInt, H: Heuristic
) -> tuple[int, np.int64, np.int64, np.int64]:
    """(table, rotation-0 entry, t, period) of lookup k's orbit for turns of `ring`."""
    geo = H.geo
    m = _select(masks[H.lk_colour[k]], H.lk_sel[k], H.lk_tokens[k], H.lk_count[k])
    if ring == 1:
        m = swap_rings(m, geo)
    tb = H.lk_table[k]
    base, t, per = orbit_base(m, geo, H.posw, H.tposw, H.perw, H.rankr, H.offsets[tb], H.binomg)
    return tb, base, t, per


@njit(cache=True)
def ring_values(masks: ColourMasks, ring: int, H: Heuristic, out: Int64Array) -> None:
    """out[f] = h of the child that turns `ring` by f (f = 0: the node itself)."""
    g = H.geo[0]
    for f in range(g):
        out[f] = 0
    for k in range(H.lk_colour.shape[0]):
        tb, base, t, per = _lookup(masks, k, ring, H)
        data = H.data0 if tb == 0 else H.data1
        q: KernelInt = t
        for f in range(g):
            out[f] = max(out[f], _entry(data, base + q))
            q += 1
            if q == per:
                q = 0


@njit(cache=True)
def node_h(H: Heuristic, masks: ColourMasks, hbuf: Int64Array) -> int:
    ring_values(masks, 0, H, hbuf)
    return int(hbuf[0])


@njit(cache=True, inline="always")
def masks_goal(ms: ColourMasks, geo: Int64Array) -> bool:
    """Every ring's own balls show Szsz - 1 colour changes (changes are counted twice,
    once in the mask of each colour beside them)."""
    g1 = geo[0] - 1
    own = (np.uint64(1) << np.uint64(g1)) - np.uint64(1)
    inner = (np.uint64(1) << np.uint64(g1 - 1)) - np.uint64(1)
    for ring in range(2):
        total: KernelInt = 0
        for c in range(ms.shape[0]):
            o = (ms[c] >> np.uint64(ring * g1)) & own
            total += popcount((o ^ (o >> np.uint64(1))) & inner)
        if total != 2 * geo[4]:
            return False
    return True


@njit(cache=True)
def is_goal_masks(ms: ColourMasks, geo: Int64Array) -> bool:
    return masks_goal(ms, geo)


@njit(cache=True)
def turn_all(masks: ColourMasks, ring: int, f: int, geo: Int64Array) -> ColourMasks:
    out = np.empty_like(masks)
    for c in range(masks.shape[0]):
        out[c] = turn_mask(masks[c], ring, f, geo)
    return out


@njit(cache=True, inline="always")
def _survivors(
    H: Heuristic, orbs: Int64Array, i: int, g: KernelInt, room: KernelInt, alive: Int64Array,
    hval: Int64Array,
) -> tuple[int, KernelInt]:  # fmt: skip
    """Turns whose child has h <= room (alive[:n], h in hval[f]) and the least h above
    room among the others, from the orbits of node i (orbs[i, k] = tb, base, t, per)."""
    nl = orbs.shape[1]
    first = 0
    best: KernelInt = -1
    for k in range(nl):
        tb, base, t = orbs[i, k, 0], orbs[i, k, 1], orbs[i, k, 2]
        v = _entry(H.data0 if tb == 0 else H.data1, base + t)
        if v > best:
            best = v
            first = k
    tb, base, t, per = orbs[i, first, 0], orbs[i, first, 1], orbs[i, first, 2], orbs[i, first, 3]
    data = H.data0 if tb == 0 else H.data1
    n = 0
    over: KernelInt = NO_BOUND
    q = t
    for f in range(1, g):
        q += 1
        if q == per:
            q = 0
        v = _entry(data, base + q)
        if v <= room:
            alive[n] = f
            hval[f] = v
            n += 1
        elif v < over:
            over = v
    for k in range(nl):
        if k == first or n == 0:
            continue
        tb, base, t, per = orbs[i, k, 0], orbs[i, k, 1], orbs[i, k, 2], orbs[i, k, 3]
        data = H.data0 if tb == 0 else H.data1
        kept = 0
        for a in range(n):
            f = alive[a]
            q = t + f
            while q >= per:
                q -= per
            v = _entry(data, base + q)
            if v <= room:
                if v > hval[f]:
                    hval[f] = v
                alive[kept] = f
                kept += 1
            elif v < over:
                over = v
        n = kept
    return n, over


@njit(cache=True, nogil=True)
def batch_search(
    H: Heuristic, lm: UInt64Array, lring: Int64Array, lpar: Int64Array, lf: Int64Array,
    ln: Int64Array, ltop: Int64Array, orbs: Int64Array, path: Int64Array, st: Int64Array,
    bound: int, batch: int, budget: int, control: Int64Array, wp: int, wq: int,
) -> None:  # fmt: skip
    """Resume the batched walk for up to `budget` expanded nodes (see the module
    docstring). Depth d's nodes are lm[d, :ln[d]] (masks), lring (the ring that made them),
    lpar (parent slot at d - 1), lf (the turn); the first ltop[d] are
    still to expand; d0 = st[ST_ROOT] >= 1 holds the starting nodes. A solution's moves
    after depth d0 go to path[d0:length] as (ring, f) rows, and st[ST_SLOT] says which
    starting node it came from. The bound is on wq x g + wp x h (1, 1: IDA*; wp > wq:
    weighted, solutions at most wp / wq times the shortest)."""
    geo = H.geo
    g = geo[0]
    nl = orbs.shape[1]
    ncol = lm.shape[2]
    d, d0, nodes, nb = st[ST_DEPTH], st[ST_ROOT], st[ST_NODES], st[ST_NEXT]
    alive = np.empty(g, dtype=np.int64)
    hval = np.zeros(g, dtype=np.int64)
    used = 0
    while True:
        while d >= d0 and ltop[d] == 0:
            d -= 1
        if d < d0:
            st[ST_STATUS] = EXHAUSTED
            break
        k = min(batch, ltop[d])
        lo = ltop[d] - k
        ltop[d] = lo
        ln[d + 1] = 0
        room = (bound - wq * (d + 1)) // wp
        deeper = wq * (d + 2) <= bound  # may the children have children?
        # every line this batch will read, announced before any is read
        for i in range(k):
            s = lo + i
            ring = 1 - lring[d, s]
            for q in range(nl):
                tb, base, t, per = _lookup(lm[d, s], q, ring, H)
                orbs[i, q, 0] = tb
                orbs[i, q, 1] = base
                orbs[i, q, 2] = t
                orbs[i, q, 3] = per
                data = H.data0 if tb == 0 else H.data1
                prefetch(data, base >> 1)
                prefetch(data, (base + per - 1) >> 1)
        for i in range(k):
            s = lo + i
            ring = 1 - lring[d, s]
            n, over = _survivors(H, orbs, i, g, room, alive, hval)
            if over < NO_BOUND and wq * (d + 1) + wp * over < nb:
                nb = wq * (d + 1) + wp * over
            # children by decreasing h, so the most promising are expanded first
            for hv in range(room, -1, -1):
                for a in range(n):
                    f = alive[a]
                    if hval[f] != hv:
                        continue
                    c = ln[d + 1]
                    for col in range(ncol):
                        lm[d + 1, c, col] = turn_mask(lm[d, s, col], ring, f, geo)
                    if hv == 0 and masks_goal(lm[d + 1, c], geo):
                        path[d, 0] = ring
                        path[d, 1] = f
                        p = s
                        for e in range(d, d0, -1):
                            path[e - 1, 0] = lring[e, p]
                            path[e - 1, 1] = lf[e, p]
                            p = lpar[e, p]
                        st[ST_SLOT] = p
                        st[ST_STATUS] = FOUND
                        st[ST_LENGTH] = d + 1
                        st[ST_DEPTH] = d
                        st[ST_NODES] = nodes + i + 1
                        st[ST_NEXT] = nb
                        return
                    if deeper:
                        lring[d + 1, c] = ring
                        lpar[d + 1, c] = s
                        lf[d + 1, c] = f
                        ln[d + 1] = c + 1
        nodes += k
        used += k
        ltop[d + 1] = ln[d + 1]
        if ln[d + 1] > 0:
            d += 1
        if used >= budget or control[0] != 0:
            break
    st[ST_DEPTH] = d
    st[ST_NODES] = nodes
    st[ST_NEXT] = nb

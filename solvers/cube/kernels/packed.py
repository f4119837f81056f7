"""The exact search for spaces of at most 64 cells: every bitboard is one uint64.

The same tree as `exact` (branch on the empty cell with the fewest options, lowest cell
first among equals, or on a piece with fewer places left; the same dead ends), node for
node, but about four times cheaper per node (the Bedlam cube: 47.7 million nodes, 0.65
instead of 2.6 microseconds each). It runs untraced only; traces come from `exact`.

- The placements still possible at depth d are kept as their masks (`amask[d]`, ids in
  `aid[d]`), grouped by piece type (`seg[d, t]` .. `seg[d, t + 1]`), so making a child is
  one pass over them that skips the types used up: one AND per placement, written without
  branches (about half of them fail, which a predictor cannot guess).
- The same pass counts every cell's options in bit-sliced threshold counters: `c1` = the
  cells covered by at least one placement, `c2` by two, `c3` by three, `c4` by four. The
  cell with the fewest options is the lowest bit of `free & ~c2` (one option), else of
  `free & ~c3`, else `free & ~c4`; only when every empty cell has four or more (one node in
  ten on Bedlam) a second pass counts exactly, in bit-sliced binary counters.
- Dead ends: an empty cell with no option (`free & ~c1`), a type with fewer places than
  pieces, more cells that only unit pieces reach than unit pieces left, and the slab parity
  bound (`bounds`). (A check of regions cut off from the rest, by a flood fill with bit
  shifts, was tried: on Bedlam it removed 0.2% of the nodes and cost 3% of the time.)
- Occupied cells, parity and parity limits live per depth, so taking a piece back is
  only giving its count back.

Resumable like `exact`: the caller keeps the arrays, the kernel returns after a node budget,
when the solution buffer is full, or when done.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.bits import popcount64
from puzzleviz.solvers.cube.arrays import FillingRows
from puzzleviz.solvers.jit import njit

# regs (the same slots as `exact`'s, so one driver reads both)
R_DEPTH, R_PHASE, R_NODES, R_SOLUTIONS, R_STORED = 0, 1, 2, 3, 4
N_REGS = 6
PHASE_SETUP, PHASE_BRANCH, PHASE_DONE = 0, 1, 2

ZERO = np.uint64(0)
ONE = np.uint64(1)
N_PLANES = 12  # bit-sliced option counters: exact up to 4095 (beyond, only the choice suffers)


@njit(cache=True)
def _fewest_options(
    masks: UInt64Array, n: int, free: np.uint64, planes: UInt64Array
) -> tuple[int, np.uint64]:
    """(count, cells) of the free cells covered by the fewest of masks[:n]: exact counts in
    bit-sliced counters (`planes[j]` holds bit j of every cell's count), then the cells
    whose counts are least, read from the highest plane down."""
    planes[:] = ZERO
    for i in range(n):
        m = masks[i]
        j = 0
        while m and j < N_PLANES:  # add 1 to the counters of m's cells
            carry = planes[j] & m
            planes[j] ^= m
            m = carry
            j += 1
    x = free
    for j in range(N_PLANES - 1, -1, -1):
        y = x & ~planes[j]
        if y:
            x = y
    bit = x & (ZERO - x)
    level = 0
    for j in range(N_PLANES):
        if planes[j] & bit:
            level += 1 << j
    return level, x


@njit(cache=True)
def _child(
    d: int, o: np.uint64, counts: Int64Array, unit: BoolArray, amask: UInt64Array,
    aid: Int32Array, seg: Int64Array, full: np.uint64, units_left: int, branches: Int32Array,
    nbranch: Int64Array, planes: UInt64Array,
) -> bool:  # fmt: skip
    """Fill row d + 1 from row d with the placements that miss `o` (the cells now
    occupied), and choose its branches; False at a dead end."""
    n_types = counts.shape[0]
    c1 = ZERO
    c2 = ZERO
    c3 = ZERO
    c4 = ZERO
    big = ZERO
    k = 0
    e = d + 1
    best_piece = -1
    for u in range(n_types):
        seg[e, u] = k
        if counts[u] == 0:
            continue
        union = ZERO
        for i in range(seg[d, u], seg[d, u + 1]):  # branch-free: half of them fail
            m = amask[d, i]
            amask[e, k] = m
            aid[e, k] = aid[d, i]
            fits = int(m & o == ZERO)
            k += fits
            m &= ZERO - np.uint64(fits)  # m, or nothing when it does not fit
            c4 |= c3 & m
            c3 |= c2 & m
            c2 |= c1 & m
            c1 |= m
            union |= m
        if k - seg[e, u] < counts[u]:
            return False
        if not unit[u]:
            big |= union
    seg[e, n_types] = k
    free = full & ~o
    if free & ~c1:
        return False
    # mypy reads numba's @intrinsic as its typing function, (typingctx, x)
    if units_left >= 0 and popcount64(free & ~big) > units_left:  # type: ignore[call-arg]
        return False
    level = 1
    x = free & ~c2
    if x == ZERO:
        level, x = 2, free & ~c3
    if x == ZERO:
        level, x = 3, free & ~c4
    if x == ZERO:
        level, x = _fewest_options(amask[e], k, free, planes)
    bit = x & (ZERO - x)
    for u in range(n_types):
        if counts[u] == 1 and seg[e, u + 1] - seg[e, u] < level:
            level, best_piece = seg[e, u + 1] - seg[e, u], u
    n = 0
    if best_piece >= 0:
        for i in range(seg[e, best_piece], seg[e, best_piece + 1]):
            branches[e, n] = i
            n += 1
    else:
        for i in range(k):
            branches[e, n] = i
            n += int(amask[e, i] & bit != ZERO)
    nbranch[e] = n
    return True


@njit(cache=True)
def packed_search(
    # tables
    ptype: Int64Array, flips: UInt64Array, max_flips: Int64Array, unit: BoolArray,
    full: np.uint64,
    # state
    counts: Int64Array, amask: UInt64Array, aid: Int32Array, seg: Int64Array,
    occ: UInt64Array, par: UInt64Array, limit: Int64Array, branches: Int32Array,
    nbranch: Int64Array, pos: Int64Array, chosen: Int64Array, regs: Int64Array,
    # limits
    sol_out: FillingRows, node_budget: int, max_solutions: int,
) -> None:  # fmt: skip
    """The search below a root. Row 0 of the per-depth arrays is the caller's: the
    placements that fit the root (amask[0], aid[0], seg[0]), its occupied cells occ[0],
    parity par[0] and parity limits limit[0]. Row e > 0 is the node with e - 1 pieces
    placed below the root; regs[R_DEPTH] is that row."""
    n_pieces = chosen.shape[0]
    n_types = counts.shape[0]
    has_units = False
    for t in range(n_types):
        if unit[t]:
            has_units = True
    planes = np.zeros(N_PLANES, dtype=np.uint64)
    nodes_at_start = regs[R_NODES]
    e = regs[R_DEPTH]
    while regs[R_PHASE] != PHASE_DONE:
        if regs[R_STORED] >= sol_out.shape[0]:
            break
        if regs[R_PHASE] == PHASE_SETUP:  # the root: row 1 from row 0
            regs[R_NODES] += 1
            occ[1] = occ[0]
            for a in range(3):
                par[1, a] = par[0, a]
                limit[1, a] = limit[0, a]
            units_left = _units_left(has_units, unit, counts)
            if n_pieces == 0 or not _child(0, occ[0], counts, unit, amask, aid, seg, full,
                                           units_left, branches, nbranch, planes):  # fmt: skip
                regs[R_PHASE] = PHASE_DONE
                break
            e = 1
            pos[1] = 0
            regs[R_PHASE] = PHASE_BRANCH
            continue
        if pos[e] >= nbranch[e]:
            if e == 1:
                regs[R_PHASE] = PHASE_DONE
                break
            e -= 1
            counts[ptype[chosen[e - 1]]] += 1
            continue
        if regs[R_NODES] - nodes_at_start >= node_budget:
            break
        i = branches[e, pos[e]]
        pos[e] += 1
        p = aid[e, i]
        chosen[e - 1] = p
        if e == n_pieces:
            s = regs[R_SOLUTIONS]
            regs[R_SOLUTIONS] = s + 1
            for j in range(n_pieces):
                sol_out[regs[R_STORED], j] = chosen[j]
            regs[R_STORED] += 1
            if max_solutions > 0 and s + 1 >= max_solutions:
                regs[R_PHASE] = PHASE_DONE
                break
            continue
        t = ptype[p]
        bad = False
        for a in range(3):
            par[e + 1, a] = par[e, a] ^ flips[p, a]
            limit[e + 1, a] = limit[e, a] - max_flips[t, a]
            if popcount64(par[e + 1, a]) > limit[e + 1, a]:  # type: ignore[call-arg]
                bad = True
        if bad:
            continue
        o = occ[e] | amask[e, i]
        counts[t] -= 1
        regs[R_NODES] += 1
        units_left = _units_left(has_units, unit, counts)
        if not _child(e, o, counts, unit, amask, aid, seg, full, units_left, branches,
                      nbranch, planes):  # fmt: skip
            counts[t] += 1
            continue
        e += 1
        occ[e] = o
        pos[e] = 0
    regs[R_DEPTH] = e


@njit(cache=True, inline="always")
def _units_left(has_units: bool, unit: BoolArray, counts: Int64Array) -> int:
    """Unit pieces left, or -1 when the puzzle has none (the check is then skipped)."""
    if not has_units:
        return -1
    n = 0
    for t in range(counts.shape[0]):
        if unit[t]:
            n += counts[t]
    return n

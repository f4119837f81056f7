"""Almost locked sets as bitboards: each set's cells and, per digit, the cells of the set
holding it and the cells that see every one of those.

Why: ALS-XZ and the ALS-XY-Wing ask two questions of thousands of pairs of sets: is digit
X restricted (every X of one sees every X of the other), and does any cell see every Z of
both. Asked cell by cell and peer by peer, the ALS-XY-Wing alone took a quarter of the
solver's time on top95. With each set's answers kept as words of 64 cells, a question is
a few ANDs. The loop versions in als.py (`_rcc_mask`, `_victims`) stay the reference the
tests compare against, and still record the step that is found.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array, UInt64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index

ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
ONE = np.uint64(1)


@njit(cache=True)
def _bit(c: int) -> np.uint64:
    return ONE << np.uint64(c & 63)


@njit(cache=True)
def als_bitboards(
    geo: Geo, cand: Candidates, cells: Int64Array, size: Int64Array, mask: Int64Array, count: int
) -> tuple[UInt64Array, UInt64Array, UInt64Array, UInt64Array]:
    """(held, dcells, seen, digit_cells) for the first `count` sets: held[a] the set's
    cells; dcells[a, d] its cells holding d; seen[a, d] the cells outside the set that see
    all of those; digit_cells[d] every cell with candidate d. Words of 64 cells."""
    n, ncell = geo.n, geo.ncell
    words = (ncell + 63) // 64
    peer = np.zeros((ncell, words), dtype=np.uint64)
    for c in range(ncell):
        for k in range(geo.peers.shape[1]):
            p = geo.peers[c, k]
            peer[c, p >> 6] |= _bit(p)
    digit_cells = np.zeros((n, words), dtype=np.uint64)
    for c in range(ncell):
        m = cand[c]
        while m:
            digit_cells[low_index(m), c >> 6] |= _bit(c)
            m &= m - 1
    held = np.zeros((count, words), dtype=np.uint64)
    dcells = np.zeros((count, n, words), dtype=np.uint64)
    seen = np.zeros((count, n, words), dtype=np.uint64)
    for a in range(count):
        for d in range(n):
            if (mask[a] >> d) & 1:
                seen[a, d, :] = ALL
        for i in range(size[a]):
            c = cells[a, i]
            held[a, c >> 6] |= _bit(c)
            m = cand[c]
            while m:
                d = low_index(m)
                m &= m - 1
                dcells[a, d, c >> 6] |= _bit(c)
                for w in range(words):
                    seen[a, d, w] &= peer[c, w]
        for d in range(n):
            for w in range(words):
                seen[a, d, w] &= ~held[a, w]
    return held, dcells, seen, digit_cells


@njit(cache=True)
def has_bit(row: UInt64Array, c: int) -> bool:
    """Cell c is in the bitboard `row` (e.g. seen[a, z]: c sees every z of set a)."""
    return bool((row[c >> 6] >> np.uint64(c & 63)) & ONE != 0)


@njit(cache=True)
def overlap_bits(held: UInt64Array, a: int, b: int) -> bool:
    for w in range(held.shape[1]):  # noqa: SIM110  (numba: no generators)
        if held[a, w] & held[b, w]:
            return True
    return False


@njit(cache=True)
def restricted_bits(dcells: UInt64Array, seen: UInt64Array, a: int, b: int, x: int) -> bool:
    """Every cell of A holding x sees every cell of B holding x."""
    for w in range(dcells.shape[2]):  # noqa: SIM110  (numba: no generators)
        if dcells[b, x, w] & ~seen[a, x, w]:
            return False
    return True


@njit(cache=True)
def rcc_mask_bits(
    held: UInt64Array, dcells: UInt64Array, seen: UInt64Array, mask: Int64Array, a: int, b: int
) -> int:
    """The restricted common candidates of two sets that share no cell (0 if they do)."""
    if overlap_bits(held, a, b):
        return 0
    out = 0
    common = mask[a] & mask[b]
    while common:
        x = low_index(common)
        common &= common - 1
        if restricted_bits(dcells, seen, a, b, x):
            out |= 1 << x
    return out


@njit(cache=True)
def any_victim_bits(seen: UInt64Array, digit_cells: UInt64Array, a: int, b: int, z: int) -> bool:
    """Some cell outside A and B with candidate z sees every z of both."""
    for w in range(seen.shape[2]):  # noqa: SIM110  (numba: no generators)
        if seen[a, z, w] & seen[b, z, w] & digit_cells[z, w]:
            return True
    return False

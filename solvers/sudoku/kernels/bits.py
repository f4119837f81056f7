"""Bit helpers for candidate masks (bit d-1 = digit d) and house position masks."""

from __future__ import annotations

from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit, typeof, types
from puzzleviz.solvers.sudoku.arrays import Candidates, Positions
from puzzleviz.solvers.sudoku.geometry import Geo, geometry

GEO_TYPE = typeof(geometry(3))  # type: ignore[no-untyped-call]  # numba.typeof is unannotated
_I = types.int64


@njit(_I(_I), cache=True)
def popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(_I(_I), cache=True)
def low_index(x: int) -> int:
    """Index of the lowest set bit (x > 0)."""
    i = 0
    while not (x >> i) & 1:
        i += 1
    return i


@njit(types.boolean(GEO_TYPE, _I, _I), cache=True)
def sees(geo: Geo, a: int, b: int) -> bool:
    return a != b and (
        geo.row[a] == geo.row[b] or geo.col[a] == geo.col[b] or geo.box[a] == geo.box[b]
    )


@njit(cache=True)
def compute_positions(geo: Geo, cand: Candidates, pos: Positions) -> None:
    """pos[h, d] = mask of the places (0..n-1) in house h where digit d+1 is a candidate."""
    nh, n = geo.house_cells.shape
    for h in range(nh):
        for d in range(n):
            pos[h, d] = 0
    for h in range(nh):
        for i in range(n):
            m = cand[geo.house_cells[h, i]]
            while m:
                d = low_index(m)
                m &= m - 1
                pos[h, d] |= 1 << i


@njit(cache=True)
def next_combination(comb: Int64Array, k: int, m: int) -> bool:
    """Advance comb[0:k] to the next k-subset of range(m); False after the last."""
    i = k - 1
    while i >= 0 and comb[i] == m - k + i:
        i -= 1
    if i < 0:
        return False
    comb[i] += 1
    for j in range(i + 1, k):
        comb[j] = comb[j - 1] + 1
    return True

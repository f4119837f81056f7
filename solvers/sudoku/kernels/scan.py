"""The fish scan, shared by basic fish, finned and Kraken fish and hidden subsets.

All of them look at one mask per line (a digit's places in each row or column; in a house,
each digit's places), keep the lines with few enough places, and try every k of those lines
together: what matters is the union of their places. These two helpers are that scan; the
kernels keep only what they do with a union. They are inlined into the kernels (numba's
inline="always"), so the scan costs no call.

    m = lines_with_places(masks, lo, hi, lines)
    ... comb = 0..k-1; while True:
        union, chosen = union_of_lines(masks, lines, comb, k)
        ...; if not next_combination(comb, k, m): break

A finned fish then tries k of the union's places as its cover lines:
    nc = bit_positions(union, cols); ... covers = chosen_lines(cols, ccomb, k)
"""

from __future__ import annotations

from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount


@njit(inline="always", cache=True)
def lines_with_places(masks: Int32Array, lo: int, hi: int, lines: Int64Array) -> int:
    """The lines i whose mask has lo..hi places, into lines[0:m]; returns m."""
    m = 0
    for i in range(masks.shape[0]):
        if lo <= popcount(masks[i]) <= hi:
            lines[m] = i
            m += 1
    return m


@njit(inline="always", cache=True)
def union_of_lines(
    masks: Int32Array, lines: Int64Array, comb: Int64Array, k: int
) -> tuple[int, int]:
    """The k lines lines[comb[0:k]]: the union of their places, and the lines as a mask."""
    union = 0
    for i in range(k):
        union |= masks[lines[comb[i]]]
    return union, chosen_lines(lines, comb, k)


@njit(inline="always", cache=True)
def chosen_lines(lines: Int64Array, comb: Int64Array, k: int) -> int:
    """The k lines lines[comb[0:k]] as a mask."""
    chosen = 0
    for i in range(k):
        chosen |= 1 << lines[comb[i]]
    return chosen


@njit(inline="always", cache=True)
def bit_positions(mask: int, out: Int64Array) -> int:
    """The positions of the set bits of `mask`, lowest first, into out[0:count]; returns
    count."""
    count = 0
    while mask:
        out[count] = low_index(mask)
        mask &= mask - 1
        count += 1
    return count

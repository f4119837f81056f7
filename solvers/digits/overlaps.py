"""Which placements cover each cell, and which overlap each placement, as rows of bits.

The search filters its lists of still-possible placements at every child: the placements
that overlap the piece just placed go, as do those that cover a cell just left empty. With
these rows that test is one bit per placement (`row[p >> 6] >> (p & 63) & 1`), read from one
contiguous row, instead of a loop over the placements' words. The rows are one bit per
placement pair: 13 MB for the 10,166 placements of the half-block search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.digits.bits import lowest_bit_index


@njit(cache=True)
def placement_rows(bits: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> tuple:
    """(cover, overlap): cover[c] has bit p set when placement p covers cell c;
    overlap[q] has bit p set when placements p and q share a cell (q itself included)."""
    n, n_words = bits.shape
    row_words = (n + 63) // 64
    cover = np.zeros((64 * n_words, row_words), dtype=np.uint64)
    for p in range(n):
        mark = np.uint64(1) << np.uint64(p & 63)
        for w in range(lo[p], hi[p]):
            x = bits[p, w]
            while x:
                cover[64 * w + lowest_bit_index(x), p >> 6] |= mark
                x &= x - np.uint64(1)
    overlap = np.zeros((n, row_words), dtype=np.uint64)
    for q in range(n):
        for w in range(lo[q], hi[q]):
            x = bits[q, w]
            while x:
                c = 64 * w + lowest_bit_index(x)
                x &= x - np.uint64(1)
                for r in range(row_words):
                    overlap[q, r] |= cover[c, r]
    return cover, overlap


@njit(cache=True, inline="always")
def has_bit(row: np.ndarray, p) -> bool:
    return (row[p >> 6] >> np.uint64(p & 63)) & np.uint64(1) != 0

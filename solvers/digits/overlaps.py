"""Which placements cover each cell, and which overlap each placement, as rows of bits.

The search filters its lists of still-possible placements at every child: the placements
that overlap the piece just placed go, as do those that cover a cell just left empty. With
these rows that test is one bit per placement (`row[p >> 6] >> (p & 63) & 1`), read from one
contiguous row, instead of a loop over the placements' words. The rows are one bit per
placement pair: 13 MB for the 10,166 placements of the half-block search.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.digits.arrays import PlacementCells, PlacementSets
from puzzleviz.solvers.jit import njit


@njit(cache=True)
def placement_rows(cells: PlacementCells, n_cells: int) -> tuple[PlacementSets, PlacementSets]:
    """(cover, overlap) from each placement's cell indices (PlacementTable.cells, padded
    with -1): cover[c] has bit p set when placement p covers cell c; overlap[q] has bit p
    set when placements p and q share a cell (q itself included)."""
    n = cells.shape[0]
    row_words = (n + 63) // 64
    cover = np.zeros((n_cells, row_words), dtype=np.uint64)
    for p in range(n):
        mark = np.uint64(1) << np.uint64(p & 63)
        for c in cells[p]:
            if c >= 0:
                cover[c, p >> 6] |= mark
    overlap = np.zeros((n, row_words), dtype=np.uint64)
    for q in range(n):
        for c in cells[q]:
            if c >= 0:
                for r in range(row_words):
                    overlap[q, r] |= cover[c, r]
    return cover, overlap


@njit(cache=True, inline="always")
def has_bit(row: PlacementSets, p: int) -> bool:
    return bool((row[p >> 6] >> np.uint64(p & 63)) & np.uint64(1) != 0)

"""Every placement of every piece, as bitboards over the frame's cells.

A placement is (piece, orientation, x, y): the orientation's bounding box put with its
top-left corner on square (x, y) of the grid, all of its cells inside the frame. Its cells
are one row of a uint64 bitboard array (7 words for the 396 block triangles, 25 for the 1584
quarter triangles of the unit grid), so a collision test is a few ANDs.

Each placement also gets its HOLES: the pockets of the frame that this piece alone walls off
and that are too small for any piece (the 8's two windows, the notch between a chamfered
corner and the frame's edge...). Two pieces that do not overlap never share a hole (the
pocket's whole border would have to belong to both), so the holes of the pieces still to
place add up to waste the search must still pay for; see search.py.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.bits import words_for
from puzzleviz.solvers.digits.arrays import CellBits, PlacementBits, PlacementCells
from puzzleviz.solvers.digits.grid import Grid, step_in_blocks
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.jit import njit


@dataclasses.dataclass(frozen=True, eq=False)
class PlacementTable:
    grid: Grid
    granularity: str
    piece: Int32Array  # (n,)
    orientation: Int32Array  # (n,)
    x: Int32Array  # (n,), grid squares
    y: Int32Array  # (n,)
    cells: PlacementCells
    bits: PlacementBits
    holes: PlacementBits  # the pockets too small for any piece that each placement walls off
    piece_start: Int64Array  # (n_pieces + 1,): placements of piece k are a slice

    @property
    def n(self) -> int:
        return int(self.piece.shape[0])

    @property
    def n_words(self) -> int:
        return int(self.bits.shape[1])

    def of_piece(self, k: int) -> range:
        return range(int(self.piece_start[k]), int(self.piece_start[k + 1]))

    def counts(self) -> list[int]:
        return [int(n) for n in np.diff(self.piece_start)]

    def find(self, piece: int, orientation: int, x: int, y: int) -> int:
        """The index of a placement, or -1 if it is not one of this table's."""
        r = self.of_piece(piece)
        hit = np.flatnonzero(
            (self.orientation[r.start : r.stop] == orientation)
            & (self.x[r.start : r.stop] == x)
            & (self.y[r.start : r.stop] == y)
        )
        return r.start + int(hit[0]) if hit.size else -1

    def cell_indices(self, p: int) -> Int32Array:
        row = self.cells[p]
        cells: Int32Array = row[row >= 0]
        return cells

    @cached_property
    def frame_bits(self) -> CellBits:
        return _pack(np.flatnonzero(self.grid.frame_mask), self.n_words)


def _pack(indices: Int64Array, n_words: int) -> CellBits:
    words = np.zeros(n_words, dtype=np.uint64)
    np.bitwise_or.at(
        words, indices >> 6, np.left_shift(np.uint64(1), (indices & 63).astype(np.uint64))
    )
    return words


def build_placements(grid: Grid, granularity: str) -> PlacementTable:
    step = round(step_in_blocks(granularity) * grid.squares_per_block)
    if step < 1:
        raise PuzzleInputError(f"the {granularity} granularity needs the unit grid")
    n_words = words_for(grid.n_cells)
    mask = grid.frame_mask
    rows: list[tuple[int, int, int, int]] = []
    cell_rows: list[np.ndarray] = []
    piece_start = [0]
    for k, orientations in enumerate(grid.orientations):
        for o, orientation in enumerate(orientations):
            base = np.array([grid.index(c) for c in orientation.cells], dtype=np.int64)
            # Offsets that keep the piece's block lattice on the granularity's lattice.
            px, py = orientation.phase
            for y in range(py % step, grid.height - orientation.height + 1, step):
                for x in range(px % step, grid.width - orientation.width + 1, step):
                    indices = base + 4 * (y * grid.width + x)
                    if mask[indices].all():
                        rows.append((k, o, x, y))
                        cell_rows.append(indices)
        piece_start.append(len(rows))
    n = len(rows)
    max_area = max((len(c) for c in cell_rows), default=1)
    cells = np.full((n, max_area), -1, dtype=np.int32)
    bits = np.zeros((n, n_words), dtype=np.uint64)
    for p, indices in enumerate(cell_rows):
        cells[p, : len(indices)] = indices
        bits[p] = _pack(indices, n_words)
    meta = np.array(rows, dtype=np.int32).reshape(n, 4)
    min_area = min(p.area for p in grid.puzzle.pieces) * grid.squares_per_block**2
    holes = _holes(cells, grid.neighbour_table, min_area, n_words)
    return PlacementTable(
        grid=grid,
        granularity=granularity,
        piece=meta[:, 0].copy(),
        orientation=meta[:, 1].copy(),
        x=meta[:, 2].copy(),
        y=meta[:, 3].copy(),
        cells=cells,
        bits=bits,
        holes=holes,
        piece_start=np.array(piece_start, dtype=np.int64),
    )


@njit(cache=True)
def _holes(
    cells: PlacementCells, neighbours: Int64Array, min_area: int, n_words: int
) -> PlacementBits:
    """For each placement, the frame pockets it walls off that hold fewer than `min_area`
    cells (so no piece fits), found by a flood fill that gives up at `min_area` cells."""
    n, width = cells.shape
    n_cells = neighbours.shape[0]
    holes = np.zeros((n, n_words), dtype=np.uint64)
    occupied = np.zeros(n_cells, dtype=np.int64) - 1
    # seen[c] = the flood that reached c. Floods of placement p are numbered from first_flood
    # on; a flood that runs into an earlier flood of the same placement has met a pocket that
    # was too big (small pockets are flooded whole, so no other flood can reach them).
    seen = np.zeros(n_cells, dtype=np.int64) - 1
    queue = np.empty(n_cells, dtype=np.int64)
    flood = 0
    for p in range(n):
        first_flood = flood
        for i in range(width):
            if cells[p, i] >= 0:
                occupied[cells[p, i]] = p
        for i in range(width):
            c = cells[p, i]
            if c < 0:
                continue
            for k in range(3):
                start = neighbours[c, k]
                if start < 0 or occupied[start] == p or seen[start] >= first_flood:
                    continue
                flood += 1
                head, tail = 0, 1
                queue[0] = start
                seen[start] = flood
                big = False
                while head < tail and not big:
                    cur = queue[head]
                    head += 1
                    for j in range(3):
                        nb = neighbours[cur, j]
                        if nb < 0 or occupied[nb] == p or seen[nb] == flood:
                            continue
                        if seen[nb] >= first_flood or tail + 1 >= min_area:
                            big = True
                            break
                        seen[nb] = flood
                        queue[tail] = nb
                        tail += 1
                if not big:
                    for q in range(tail):
                        cell = queue[q]
                        holes[p, cell >> 6] |= np.uint64(1) << np.uint64(cell & 63)
    return holes

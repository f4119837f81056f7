"""Every way a piece fits inside the box, as bitboards for the exact solver.

A placement is (piece type, orientation, min corner) with all its cells in the box (in
the result shape when it is not a box; an empty cell only on an optional cell, if any). Its
cells are bits of a bitboard of `words` uint64 words (125 cells of a 5x5x5 box need two),
so "does it collide with what is already placed" is one AND per word.
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.cube.arrays import PlacementCells, PlacementMasks
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.space import Space


@dataclasses.dataclass(frozen=True)
class Placements:
    space: Space  # the box itself (margin 0): pose numbers are those of the exact traces
    type: Int64Array  # (P,) piece type
    pose: Int64Array  # (P,)
    cells: PlacementCells
    volume: Int64Array  # (P,)
    masks: PlacementMasks

    @property
    def n(self) -> int:
        return int(self.type.shape[0])

    @property
    def words(self) -> int:
        return int(self.masks.shape[1])


def words_for(n_cells: int) -> int:
    return max(1, -(-n_cells // 64))


def build_placements(puzzle: CubePuzzle) -> Placements:
    space = Space(puzzle.box, 0)
    bx, by, bz = puzzle.box
    n_words = words_for(puzzle.n_cells)
    rows: list[tuple[int, int, list[int]]] = []
    inside = puzzle.inside
    holes_at = np.zeros(puzzle.n_cells, dtype=np.bool_)
    holes_at[sorted(puzzle.optional)] = True
    for t, ptype in enumerate(puzzle.types):
        allowed = holes_at if ptype.is_hole and puzzle.optional else inside
        for o, shape in enumerate(ptype.orientations):
            arr = np.asarray(shape, dtype=np.int64)
            ex, ey, ez = arr.max(axis=0) + 1
            for z, y, x in itertools.product(
                range(bz - ez + 1), range(by - ey + 1), range(bx - ex + 1)
            ):
                cells = sorted(puzzle.cell_index(x + dx, y + dy, z + dz) for dx, dy, dz in shape)
                if not allowed[cells].all():  # outside the shape, or a hole off `optional`
                    continue
                rows.append((t, space.pose(o, x, y, z), cells))
    max_vol = max(len(c) for _, _, c in rows)
    n = len(rows)
    cells_arr = np.full((n, max_vol), -1, dtype=np.int64)
    masks = np.zeros((n, n_words), dtype=np.uint64)
    for i, (_, _, cells) in enumerate(rows):
        cells_arr[i, : len(cells)] = cells
        for c in cells:
            masks[i, c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return Placements(
        space=space,
        type=np.array([t for t, _, _ in rows], dtype=np.int64),
        pose=np.array([p for _, p, _ in rows], dtype=np.int64),
        cells=cells_arr,
        volume=np.array([len(c) for _, _, c in rows], dtype=np.int64),
        masks=masks,
    )

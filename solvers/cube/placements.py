"""Every way a piece fits inside the box, as bitboards for the exact solver.

A placement is (piece type, orientation, min corner) with all its cells in the box (in
the result shape when it is not a box; an empty cell only on an optional cell, if any). Its
cells are bits of a bitboard of `words` uint64 words (125 cells of a 5x5x5 box need two),
so "does it collide with what is already placed" is one AND per word.
"""

from __future__ import annotations

import dataclasses

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
    colours: PlacementCells | None = None  # (P, V) colour of the piece at each of `cells`

    @property
    def n(self) -> int:
        return int(self.type.shape[0])

    @property
    def words(self) -> int:
        return int(self.masks.shape[1])


def words_for(n_cells: int) -> int:
    return max(1, -(-n_cells // 64))


def build_placements(puzzle: CubePuzzle) -> Placements:
    """Every placement, type by type, orientation by orientation, corner by corner (z
    slowest, x fastest), all corners of one orientation at once: a cell's index is linear
    in its coordinates, so a placement's cells are its orientation's cell offsets plus its
    corner's index (Dracula's coloured 152-voxel pieces took 0.4 s one placement at a
    time)."""
    space = Space(puzzle.box, 0)
    bx, by, bz = puzzle.box
    n_words = words_for(puzzle.n_cells)
    coloured = puzzle.coloured
    cell_colour = np.array(puzzle.cell_colours or (0,) * puzzle.n_cells, dtype=np.int64)
    fits = _colour_table(puzzle, int(cell_colour.max()))
    inside = puzzle.inside
    holes_at = np.zeros(puzzle.n_cells, dtype=np.bool_)
    holes_at[sorted(puzzle.optional)] = True
    types, poses, all_cells, paints = [], [], [], []
    for t, ptype in enumerate(puzzle.types):
        allowed = holes_at if ptype.is_hole and puzzle.optional else inside
        for o, shape in enumerate(ptype.orientations):
            arr = np.asarray(shape, dtype=np.int64)
            ex, ey, ez = arr.max(axis=0) + 1
            if ex > bx or ey > by or ez > bz:
                continue
            zz, yy, xx = np.meshgrid(np.arange(bz - ez + 1), np.arange(by - ey + 1),
                                     np.arange(bx - ex + 1), indexing="ij")  # fmt: skip
            x, y, z = xx.ravel(), yy.ravel(), zz.ravel()
            offsets = arr[:, 0] + bx * (arr[:, 1] + by * arr[:, 2])
            at = (x + bx * (y + by * z))[:, None] + offsets[None, :]  # (corners, V)
            keep = allowed[at].all(axis=1)  # outside the shape, or a hole off `optional`
            paint = np.asarray(ptype.orientation_colours[o], dtype=np.int64)
            if coloured:  # BurrTools' colour constraints: each voxel on a cell it may fill
                keep &= fits[paint[None, :], cell_colour[at]].all(axis=1)
            at, x, y, z = at[keep], x[keep], y[keep], z[keep]
            order = np.argsort(at, axis=1, kind="stable")
            all_cells.append(np.take_along_axis(at, order, axis=1))
            if coloured:
                paints.append(paint[order])
            types.append(np.full(len(at), t, dtype=np.int64))
            poses.append(((o * bz + z) * by + y) * bx + x)
    max_vol = max(c.shape[1] for c in all_cells)
    n = sum(len(c) for c in all_cells)
    cells_arr = np.full((n, max_vol), -1, dtype=np.int64)
    colours = np.zeros((n, max_vol), dtype=np.int64) if coloured else None
    start = 0
    for k, c in enumerate(all_cells):
        cells_arr[start : start + len(c), : c.shape[1]] = c
        if colours is not None:
            colours[start : start + len(c), : c.shape[1]] = paints[k]
        start += len(c)
    masks = np.zeros((n, n_words), dtype=np.uint64)
    rows, cols = np.nonzero(cells_arr >= 0)
    cells = cells_arr[rows, cols]
    np.bitwise_or.at(masks, (rows, cells >> 6),
                     np.left_shift(np.uint64(1), (cells & 63).astype(np.uint64)))  # fmt: skip
    return Placements(
        colours=colours,
        space=space,
        type=np.concatenate(types) if types else np.zeros(0, dtype=np.int64),
        pose=np.concatenate(poses) if poses else np.zeros(0, dtype=np.int64),
        cells=cells_arr,
        volume=(cells_arr >= 0).sum(axis=1).astype(np.int64),
        masks=masks,
    )


def _colour_table(puzzle: CubePuzzle, most: int) -> np.ndarray:
    """fits[p, c]: may a piece voxel of colour p fill a cell of colour c (`colour_fits`)."""
    top = max([most, *(max(t.colours, default=0) for t in puzzle.types)]) + 1
    fits = np.zeros((top, top), dtype=np.bool_)
    for p in range(top):
        for c in range(top):
            fits[p, c] = puzzle.colour_fits(p, c)
    return fits

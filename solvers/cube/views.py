"""Reading a cube state the way the seed showed it: z-slices of cell codes with the bad
cells marked, the seed's error count, and the face groupings of the placed pieces."""

from __future__ import annotations

import dataclasses

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int64Array
from puzzleviz.solvers.cube.arrays import CubeState, VoxelGrid
from puzzleviz.solvers.cube.model import CubeModel
from puzzleviz.solvers.cube.solution import FaceGroups, face_groups

EMPTY, OVERLAP = -1, -2


@dataclasses.dataclass(frozen=True)
class SliceView:
    """Arrays of shape (Z, Y, X), index [z][y][x]: slice k is the layer z = k (+ z0).

    counts   how many pieces cover the cell
    codes    the seed's cell value: the sum of the codes of the covering pieces (24 unit
             cube, 3 for a 1x2x4 brick, 2 for a 2x2x3 brick; 0 = empty, '.' in the seed)
    types    the type of the single covering piece, EMPTY (-1) or OVERLAP (-2)
    pieces   the instance of the single covering piece, EMPTY or OVERLAP
    bad      inside the box: True where the cell is empty or overlapped (the seed's red
             cells); outside the box: True where any piece sticks out
    origin   box coordinates (x, y, z) of element [0][0][0]

    Shown as the seed printed them: slice by slice, row y = 0 first (at the top), x to the
    right, by both the command (report.slice_lines) and the window (scenes.cube).
    """

    counts: Int64Array
    codes: Int64Array
    types: VoxelGrid
    pieces: Int64Array
    bad: BoolArray
    origin: tuple[int, int, int]


def slices(model: CubeModel, state: CubeState, *, whole_space: bool = False) -> SliceView:
    """The box's z-slices (or the whole space around it, margin included)."""
    space = model.space
    sx, sy, sz = space.dims
    counts = model.coverage(state).astype(np.int64)
    codes = np.zeros((sz, sy, sx), dtype=np.int64)
    types = np.full((sz, sy, sx), EMPTY, dtype=np.int64)
    pieces = np.full((sz, sy, sx), EMPTY, dtype=np.int64)
    m = space.margin
    for piece in model.pieces(state):
        cx, cy, cz = (piece.cells + m).T
        codes[cz, cy, cx] += model.puzzle.types[piece.type].code
        types[cz, cy, cx] = piece.type
        pieces[cz, cy, cx] = piece.instance
    types[counts > 1] = OVERLAP
    pieces[counts > 1] = OVERLAP
    inside = space.box_mask().reshape(sz, sy, sx).astype(bool)
    bad = np.where(inside, counts != 1, counts > 0)
    origin = (-m, -m, -m)
    if not whole_space and m:
        cut = (slice(m, sz - m), slice(m, sy - m), slice(m, sx - m))
        counts, codes, types, pieces, bad = (a[cut] for a in (counts, codes, types, pieces, bad))
        origin = (0, 0, 0)
    return SliceView(counts, codes, types, pieces, bad, origin)


def seed_error(model: CubeModel, state: CubeState, *, outside_weights: np.ndarray) -> int:
    """The seed's error: box cells not covered exactly once, plus every piece cell outside
    the box weighted by its type's weight (the seed used the cell codes 24 / 3 / 2)."""
    space = model.space
    counts = model.coverage(state).ravel()
    inside = space.box_mask().astype(bool)
    error = int(np.count_nonzero(counts[inside] != 1))
    for piece in model.pieces(state):
        outside = ~np.array([space.inside_box(*map(int, c)) for c in piece.cells], dtype=bool)
        error += int(outside.sum()) * int(outside_weights[piece.type])
    return error


def state_face_groups(model: CubeModel, state: CubeState, axis: str = "z") -> FaceGroups:
    """The seed's groupings of the placed pieces: axis "z" gives bottom / top / inside,
    axis "x" left / right / inside."""
    return face_groups(model.puzzle, model.pieces(state), axis)

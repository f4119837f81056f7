"""A filling of the box and the ways to look at it: its pieces' cells, the JSON form, the
seed's face groupings and the layer order of an assembly."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
from puzzleviz.solvers.cube.arrays import VoxelGrid
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.space import Space

AXES = "xyz"


@dataclasses.dataclass(frozen=True, order=True)
class Solution:
    """(piece type, pose) pairs, sorted; poses are poses of the box itself (margin 0)."""

    pieces: tuple[tuple[int, int], ...]


@dataclasses.dataclass(frozen=True)
class PlacedPiece:
    """One piece of a filling, ready to draw: `instance` numbers the pieces of the puzzle
    (types in file order, then by `number` within the type)."""

    instance: int
    type: int
    name: str
    number: int  # 1-based within its type
    orient: int
    origin: tuple[int, int, int]  # min corner (x, y, z)
    extent: tuple[int, int, int]  # size of its bounding box along x, y, z
    cells: np.ndarray  # (volume, 3) int64

    @property
    def label(self) -> str:
        return f"{self.name} #{self.number}"

    @property
    def low(self) -> tuple[int, int, int]:
        return self.origin

    @property
    def high(self) -> tuple[int, int, int]:
        """Max corner (inclusive)."""
        ox, oy, oz = self.origin
        ex, ey, ez = self.extent
        return ox + ex - 1, oy + ey - 1, oz + ez - 1


def placed_piece(puzzle: CubePuzzle, space: Space, instance: int, pose: int) -> PlacedPiece:
    t = int(puzzle.instance_type[instance])
    ptype = puzzle.types[t]
    orient, x, y, z = space.unpack_pose(pose)
    shape = np.asarray(ptype.orientations[orient], dtype=np.int64)
    cells = shape + np.array([x, y, z], dtype=np.int64)
    ex, ey, ez = (int(v) + 1 for v in shape.max(axis=0))
    return PlacedPiece(
        instance=instance,
        type=t,
        name=ptype.name,
        number=instance - int(puzzle.first_instance[t]) + 1,
        orient=orient,
        origin=(x, y, z),
        extent=(ex, ey, ez),
        cells=cells,
    )


def solution_pieces(puzzle: CubePuzzle, solution: Solution) -> list[PlacedPiece]:
    """The pieces of a filling, numbered within each type in the solution's pose order."""
    space = Space(puzzle.box, 0)
    used = [0] * len(puzzle.types)
    pieces = []
    for t, pose in solution.pieces:
        instance = int(puzzle.first_instance[t]) + used[t]
        used[t] += 1
        pieces.append(placed_piece(puzzle, space, instance, pose))
    return pieces


def piece_json(puzzle: CubePuzzle, piece_type: int, pose: int) -> str:
    """One piece of a filling as JSON text ({"piece": name, "cells": [[x, y, z], ...]}): the
    same in every filling that holds this piece in this pose, so it is written once."""
    first = int(puzzle.first_instance[piece_type])
    piece = placed_piece(puzzle, Space(puzzle.box, 0), first, pose)
    return json.dumps({"piece": piece.name, "cells": piece.cells.tolist()},
                      ensure_ascii=False, separators=(", ", ": "))  # fmt: skip


def cell_grid(puzzle: CubePuzzle, solution: Solution) -> VoxelGrid:
    """(Z, Y, X) array of the piece type in each cell (z-slices first, like the seed)."""
    grid = np.full(puzzle.box[::-1], -1, dtype=np.int64)
    for p in solution_pieces(puzzle, solution):
        grid[p.cells[:, 2], p.cells[:, 1], p.cells[:, 0]] = p.type
    return grid


def unit_cells(puzzle: CubePuzzle, solution: Solution) -> list[tuple[int, int, int]]:
    """Cells of the real unit cubes (pieces of volume 1 that are not holes)."""
    units = [
        p.cells[0]
        for p in solution_pieces(puzzle, solution)
        if p.cells.shape[0] == 1 and not puzzle.types[p.type].is_hole
    ]
    return sorted((int(x), int(y), int(z)) for x, y, z in units)


def on_a_space_diagonal(cells: list[tuple[int, int, int]], box: tuple[int, int, int]) -> bool:
    """True if the cells lie on one of the four space diagonals of a cubic box."""
    n = box[0]
    if not box[0] == box[1] == box[2]:
        return False
    for sx, sy, sz in ((1, 1, 1), (1, 1, -1), (1, -1, 1), (-1, 1, 1)):

        def on(c: tuple[int, int, int], sx: int = sx, sy: int = sy, sz: int = sz) -> bool:
            x, y, z = (v if s > 0 else n - 1 - v for v, s in zip(c, (sx, sy, sz), strict=True))
            return x == y == z

        if all(on(c) for c in cells):
            return True
    return False


@dataclasses.dataclass(frozen=True)
class FaceGroups:
    """The seed's groupings along one axis: pieces touching the low face (bottom / left),
    those touching the high face (top / right) but not the low one, and the inner rest."""

    axis: str
    low: list[PlacedPiece]
    high: list[PlacedPiece]
    inner: list[PlacedPiece]


def face_groups(puzzle: CubePuzzle, pieces: list[PlacedPiece], axis: str = "z") -> FaceGroups:
    """axis "z": bottom / top / inside; axis "x": left / right / inside; "y": front / back."""
    a = AXES.index(axis)
    top = puzzle.box[a] - 1
    low = [p for p in pieces if p.low[a] == 0]
    high = [p for p in pieces if p.low[a] != 0 and p.high[a] == top]
    inner = [p for p in pieces if p.low[a] != 0 and p.high[a] != top]
    return FaceGroups(axis, low, high, inner)


def assembly_order(pieces: list[PlacedPiece]) -> list[PlacedPiece]:
    """Bottom-up: by the lowest z a piece reaches, then y, then x, so every piece is laid
    after the pieces it rests on."""
    return sorted(pieces, key=lambda p: (p.low[2], p.low[1], p.low[0], p.type))

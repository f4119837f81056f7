"""Symmetry classes of fillings: two fillings are alike if a symmetry of the box maps one
onto the other (same piece types on the same cells).

A filling is a row of placement indices; its canonical form is its smallest image under
the puzzle's group (`classes`, `group`). The box's rotations (24 for a cube) and all its
symmetries (48, mirror images included when they are fillings) give the two
classifications the seed asks for. `cell_maps` and `transformed` look at one symmetry on
the cells, for tests and for drawing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.cube.classes import classify_rows
from puzzleviz.solvers.cube.geometry import box_symmetries, normalize
from puzzleviz.solvers.cube.group import puzzle_group
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.solution import Solution, solution_pieces
from puzzleviz.solvers.cube.space import Space
from puzzleviz.solvers.cube.tables import exact_tables


def cell_maps(puzzle: CubePuzzle, *, rotations_only: bool) -> np.ndarray:
    """(G, n_cells) int64: the cell each cell goes to, for each symmetry of the box."""
    xyz = np.array([puzzle.cell_xyz(c) for c in range(puzzle.n_cells)], dtype=np.int64)
    homog = np.concatenate([xyz, np.ones((len(xyz), 1), dtype=np.int64)], axis=1)
    maps = []
    for affine in box_symmetries(puzzle.box, rotations_only=rotations_only):
        moved = homog @ affine.T
        sx, sy, _ = puzzle.box
        maps.append(moved[:, 0] + sx * (moved[:, 1] + sy * moved[:, 2]))
    return np.array(maps, dtype=np.int64)


def solution_rows(puzzle: CubePuzzle, solutions: Sequence[Solution]) -> np.ndarray:
    """(S, N) int32: each filling as the sorted row of its placement indices."""
    rows = getattr(solutions, "rows", None)
    if rows is not None:  # already rows (results.SolutionRows)
        return np.asarray(rows)
    pl = exact_tables(puzzle).placements
    stride = int(pl.pose.max()) + 1
    keys = pl.type * stride + pl.pose  # increasing: placements are built type by type
    wanted = np.array([[t * stride + pose for t, pose in s.pieces] for s in solutions],
                      dtype=np.int64).reshape(len(solutions), -1)  # fmt: skip
    return np.sort(np.searchsorted(keys, wanted), axis=1).astype(np.int32)


@dataclasses.dataclass(frozen=True)
class Classes:
    """`of[i]` is the class of solution i (classes numbered in order of first appearance)."""

    of: list[int]
    group_order: int

    @property
    def count(self) -> int:
        return max(self.of) + 1 if self.of else 0

    def sizes(self) -> list[int]:
        return [self.of.count(k) for k in range(self.count)]


def classify(puzzle: CubePuzzle, solutions: Sequence[Solution], *, rotations_only: bool) -> Classes:
    """The classes of these fillings under the puzzle's rotations, or under its whole
    group (mirror images included when they are fillings: see `group`)."""
    group = puzzle_group(puzzle)
    order = group.rotations if rotations_only else group.order
    if len(solutions) == 0:
        return Classes([], order)
    found = classify_rows(solution_rows(puzzle, solutions), group)
    return Classes((found.rotations_of if rotations_only else found.of).tolist(), order)


def transformed(puzzle: CubePuzzle, solution: Solution, cell_map: np.ndarray) -> Solution:
    """The image of a filling under one symmetry (as a cell map), as a Solution."""
    space = Space(puzzle.box, 0)
    pieces = []
    sx, sy, _ = puzzle.box
    for piece in solution_pieces(puzzle, solution):
        c = piece.cells
        moved = cell_map[c[:, 0] + sx * (c[:, 1] + sy * c[:, 2])]
        xyz = np.array([puzzle.cell_xyz(int(m)) for m in moved], dtype=np.int64)
        shape = normalize(xyz)
        ptype = puzzle.types[piece.type]
        orient = ptype.orientations.index(shape)  # ValueError if mirrored chiral piece
        x, y, z = (int(v) for v in xyz.min(axis=0))
        pieces.append((piece.type, space.pose(orient, x, y, z)))
    return Solution(tuple(sorted(pieces)))

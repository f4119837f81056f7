"""Symmetry classes of fillings: two fillings are alike if a symmetry of the box maps one
onto the other (same piece types on the same cells).

Each filling gets a canonical form: for every symmetry g, label each cell of g(filling)
with (piece type, lowest cell of its piece); the smallest such labelling over the group is
the canonical one. Fillings with equal canonical forms are in the same class. The box's
rotations (24 for a cube) and all its symmetries (48, mirror images included) give the two
classifications the seed asks for.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from solvers.cube.geometry import box_symmetries
from solvers.cube.puzzle import CubePuzzle
from solvers.cube.solution import Solution, solution_pieces
from solvers.jit import njit


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


def solution_arrays(puzzle: CubePuzzle, solutions: list[Solution]) -> tuple[np.ndarray, np.ndarray]:
    """(S, N) piece types and (S, N, max volume) cell indices (-1 padded) of each filling."""
    n = puzzle.n_pieces
    max_vol = max(t.volume for t in puzzle.types)
    types = np.zeros((len(solutions), n), dtype=np.int64)
    cells = np.full((len(solutions), n, max_vol), -1, dtype=np.int64)
    sx, sy, _ = puzzle.box
    for s, solution in enumerate(solutions):
        for i, piece in enumerate(solution_pieces(puzzle, solution)):
            types[s, i] = piece.type
            c = piece.cells
            cells[s, i, : len(c)] = c[:, 0] + sx * (c[:, 1] + sy * c[:, 2])
    return types, cells


@njit(cache=True)
def canonical_forms(types, cells, maps):
    """(S, n_cells) int64: the smallest cell labelling of each filling over the maps."""
    n_sol, n_pieces, max_vol = cells.shape
    n_cells = maps.shape[1]
    out = np.empty((n_sol, n_cells), dtype=np.int64)
    grid = np.empty(n_cells, dtype=np.int64)
    for s in range(n_sol):
        for g in range(maps.shape[0]):
            for i in range(n_pieces):
                anchor = n_cells
                for k in range(max_vol):
                    c = cells[s, i, k]
                    if c >= 0 and maps[g, c] < anchor:
                        anchor = maps[g, c]
                for k in range(max_vol):
                    c = cells[s, i, k]
                    if c >= 0:
                        grid[maps[g, c]] = types[s, i] * n_cells + anchor
            smaller = g == 0
            if not smaller:
                for c in range(n_cells):
                    if grid[c] != out[s, c]:
                        smaller = grid[c] < out[s, c]
                        break
            if smaller:
                out[s, :] = grid
    return out


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


def classify(puzzle: CubePuzzle, solutions: list[Solution], *, rotations_only: bool) -> Classes:
    maps = cell_maps(puzzle, rotations_only=rotations_only)
    if not solutions:
        return Classes([], len(maps))
    types, cells = solution_arrays(puzzle, solutions)
    forms = canonical_forms(types, cells, maps)
    index: dict[bytes, int] = {}
    of = [index.setdefault(row.tobytes(), len(index)) for row in forms]
    return Classes(of, len(maps))


def transformed(puzzle: CubePuzzle, solution: Solution, cell_map: np.ndarray) -> Solution:
    """The image of a filling under one symmetry (as a cell map), as a Solution."""
    from solvers.cube.geometry import normalize
    from solvers.cube.space import Space

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

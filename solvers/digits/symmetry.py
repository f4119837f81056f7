"""The frame's symmetries, acting on cells, placements and whole solutions.

The 9 x 11 frame is kept by four of the eight symmetries of the square (identity, the two
mirrors, the half turn); a square frame by all eight. The search uses them to place one
piece in only one position of each orbit, then maps the solutions it finds by every
symmetry to recover all of them. Classes of solutions are orbits under the frame's
symmetries together with swapping congruent pieces (the 2 with the 5, the 6 with the 9).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cached_property

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int64Array
from puzzleviz.solvers.digits.geometry import transform_cells
from puzzleviz.solvers.digits.pieces import congruent
from puzzleviz.solvers.digits.placements import PlacementTable

Solution = tuple[int, ...]  # placement index per piece, in piece order
ShapeKey = tuple[bytes, ...]  # the cells of each piece of a packing, as bitboard bytes


class FrameSymmetry:
    """The symmetries of one placement table's frame, with placement permutations."""

    def __init__(self, table: PlacementTable):
        self.table = table
        grid = table.grid
        frame = grid.frame_cells
        frame_set = set(frame)
        self._symmetries: list[int] = []
        self._cell_maps: list[np.ndarray] = []
        for g in range(8):
            image = transform_cells(frame, g)
            dx = -min(c[0] for c in image)
            dy = -min(c[1] for c in image)
            moved = [(x + dx, y + dy, s) for x, y, s in image]
            if set(moved) != frame_set:
                continue
            cell_map = np.full(grid.n_cells, -1, dtype=np.int64)
            for before, after in zip(frame, moved, strict=True):
                cell_map[grid.index(before)] = grid.index(after)
            self._symmetries.append(g)
            self._cell_maps.append(cell_map)

    @property
    def order(self) -> int:
        return int(self.placement_maps.shape[0])

    @property
    def symmetries(self) -> list[int]:
        """The symmetry indices (geometry.symmetry_matrix) kept by frame and placements."""
        self.placement_maps  # noqa: B018  (computing the maps drops unusable symmetries)
        return list(self._symmetries)

    @cached_property
    def placement_maps(self) -> Int64Array:
        """(order, n_placements) int64: the placement each symmetry sends each one to.

        Symmetries of the frame that do not map the placements onto placements (the mesh
        lattice of a frame of even width is not kept by the left-right mirror) are dropped
        here, so `symmetries` lists only the ones the search may use."""
        table = self.table
        index = {(int(table.piece[p]), table.bits[p].tobytes()): p for p in range(table.n)}
        kept, maps = [], []
        for g, cell_map in zip(self._symmetries, self._cell_maps, strict=True):
            images = np.full(table.n, -1, dtype=np.int64)
            for p in range(table.n):
                cells = cell_map[table.cell_indices(p)]
                words = np.zeros(table.n_words, dtype=np.uint64)
                np.bitwise_or.at(
                    words, cells >> 6, np.left_shift(np.uint64(1), (cells & 63).astype(np.uint64))
                )
                images[p] = index.get((int(table.piece[p]), words.tobytes()), -1)
            if np.all(images >= 0):
                kept.append((g, cell_map))
                maps.append(images)
        self._symmetries = [g for g, _ in kept]
        self._cell_maps = [m for _, m in kept]
        return np.array(maps, dtype=np.int64).reshape(len(kept), table.n)

    @cached_property
    def row_mirror(self) -> Int64Array | None:
        """The placement map of the left-right mirror, the symmetry other than the identity
        that keeps every cell in its row (and so keeps bands of rows), if the frame has it."""
        maps = self.placement_maps
        rows = np.arange(self.table.grid.n_cells) // 4 // self.table.grid.width
        images: Int64Array
        for images, cell_map in zip(maps, self._cell_maps, strict=True):
            moved = cell_map >= 0
            if np.any(cell_map[moved] != np.flatnonzero(moved)) and np.all(
                rows[cell_map[moved]] == rows[moved]
            ):
                return images
        return None

    def orbit_representatives(self, piece: int) -> BoolArray:
        """A boolean mask over placements: every placement of `piece` that is the smallest
        index of its orbit, and every placement of the other pieces."""
        maps = self.placement_maps
        keep = np.ones(self.table.n, dtype=bool)
        for p in self.table.of_piece(piece):
            keep[p] = p == maps[:, p].min()
        return keep

    def images(self, solution: Solution) -> list[Solution]:
        maps = self.placement_maps
        return [tuple(int(maps[s, p]) for p in solution) for s in range(self.order)]

    def expand(self, solutions: Sequence[Solution]) -> list[Solution]:
        """All images of the given solutions, each once, sorted."""
        seen: set[Solution] = set()
        for solution in solutions:
            seen.update(self.images(solution))
        return sorted(seen)


def congruent_swaps(table: PlacementTable) -> list[list[int]]:
    """Groups of pieces with the same shape (each group of size >= 2)."""
    pieces = table.grid.puzzle.pieces
    groups: list[list[int]] = []
    for k, piece in enumerate(pieces):
        for group in groups:
            if congruent(pieces[group[0]], piece):
                group.append(k)
                break
        else:
            groups.append([k])
    return [g for g in groups if len(g) > 1]


class SolutionClasses:
    """Solutions up to the frame's symmetries and swaps of congruent pieces."""

    def __init__(self, symmetry: FrameSymmetry):
        self.symmetry = symmetry
        table = symmetry.table
        self._table = table
        self.groups = congruent_swaps(table)

    def _shape_key(self, solution: Solution) -> ShapeKey:
        table = self._table
        return tuple(table.bits[p].tobytes() for p in solution)

    def _relabelings(self) -> list[list[int]]:
        """Every permutation of piece slots that swaps pieces only within congruent groups."""
        n = len(self._table.grid.puzzle.pieces)
        options = [list(itertools.permutations(g)) for g in self.groups]
        out = []
        for choice in itertools.product(*options):
            perm = list(range(n))
            for group, image in zip(self.groups, choice, strict=True):
                for src, dst in zip(group, image, strict=True):
                    perm[dst] = src
            out.append(perm)
        return out

    def canonical(self, solution: Solution) -> ShapeKey:
        """The smallest key among all images and relabelings: equal for equivalent ones."""
        keys = []
        for image in self.symmetry.images(solution):
            for perm in self._relabelings():
                keys.append(self._shape_key(tuple(image[perm[k]] for k in range(len(image)))))
        return min(keys)

    def up_to_symmetry(self, solution: Solution) -> ShapeKey:
        return min(self._shape_key(image) for image in self.symmetry.images(solution))

    def classes(self, solutions: Sequence[Solution]) -> list[list[Solution]]:
        """Solutions grouped by class, classes in order of their first member."""
        by_key: dict[ShapeKey, list[Solution]] = {}
        for solution in solutions:
            by_key.setdefault(self.canonical(solution), []).append(solution)
        return list(by_key.values())

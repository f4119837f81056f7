"""The symmetries of a puzzle: the box's symmetries that map every filling to a filling.

A symmetry of the box (or of the result shape, when it is not a box) moves cells; it maps a
filling to a filling when it also maps every piece to a piece of the puzzle. A rotation
always does (a rotated brick is the same brick). A mirror image does only when every
piece's mirror image is a piece of the puzzle with the same count: a mirror-symmetric piece
is its own image, and a chiral piece needs its mirror twin (the Soma cube's two screw
pieces). When some chiral piece has no twin (the Bedlam cube), no mirror image of a filling
is a filling and the group keeps only the rotations.

Each element also acts on placements: `placement_map[g, p]` is the placement g makes of
placement p. Two fillings are in one class when an element maps one onto the other; a
filling (a sorted row of placement indices) is mapped by mapping each of its placements.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import numpy as np
from puzzleviz.solvers.arrays import UInt64Array
from puzzleviz.solvers.cube.geometry import box_symmetries, normalize
from puzzleviz.solvers.cube.placements import Placements
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.tables import exact_tables

MIRROR_X = np.diag([-1, 1, 1])


@dataclasses.dataclass(frozen=True)
class PuzzleGroup:
    cell_map: np.ndarray  # (G, n_cells) int64: the cell each cell goes to
    type_map: np.ndarray  # (G, T) int64: the piece type each type becomes
    rotation: np.ndarray  # (G,) bool: a rotation (not a mirror image)
    placement_map: np.ndarray  # (G, P) int32; element 0 is the identity

    @property
    def order(self) -> int:
        return int(self.cell_map.shape[0])

    @property
    def rotations(self) -> int:
        return int(self.rotation.sum())

    @property
    def has_mirrors(self) -> bool:
        return self.rotations < self.order


def mirror_types(puzzle: CubePuzzle) -> np.ndarray | None:
    """The type each type's mirror image is, or None if some mirror image is no piece of
    the puzzle (or a piece with another count)."""
    by_shape = {(min(t.orientations), t.is_hole): i for i, t in enumerate(puzzle.types)}
    out = np.zeros(len(puzzle.types), dtype=np.int64)
    for i, t in enumerate(puzzle.types):
        image = normalize(np.asarray(t.shape, dtype=np.int64) @ MIRROR_X.T)
        twin = by_shape.get((min(type(t)(t.name, image, 1).orientations), t.is_hole))
        if twin is None or puzzle.types[twin].count != t.count:
            return None
        out[i] = twin
    return out


def _cell_maps(puzzle: CubePuzzle) -> tuple[list[np.ndarray], list[bool]]:
    xyz = np.array([puzzle.cell_xyz(c) for c in range(puzzle.n_cells)], dtype=np.int64)
    homog = np.concatenate([xyz, np.ones((len(xyz), 1), dtype=np.int64)], axis=1)
    sx, sy, _ = puzzle.box
    optional = np.zeros(puzzle.n_cells, dtype=np.bool_)
    optional[sorted(puzzle.optional)] = True
    maps, rotation = [], []
    for affine in box_symmetries(puzzle.box, rotations_only=False):
        moved = homog @ affine.T
        cmap = moved[:, 0] + sx * (moved[:, 1] + sy * moved[:, 2])
        if not np.array_equal(puzzle.inside[cmap], puzzle.inside):
            continue
        if not np.array_equal(optional[cmap], optional):
            continue
        maps.append(cmap)
        rotation.append(round(np.linalg.det(affine[:3, :3])) == 1)
    return maps, rotation


def _placement_hashes(types: np.ndarray, cells: np.ndarray, n_types: int, n_cells: int,
                      seed: int) -> np.ndarray:  # fmt: skip
    """An order-free 64-bit hash of each placement's (type, cell set)."""
    rng = np.random.default_rng(seed)
    per_type = rng.integers(0, 2**63, n_types, dtype=np.int64).astype(np.uint64)
    per_cell = rng.integers(0, 2**63, n_cells + 1, dtype=np.int64).astype(np.uint64)
    per_cell[n_cells] = 0  # the -1 padding
    padded = np.where(cells < 0, n_cells, cells)
    with np.errstate(over="ignore"):
        hashes: UInt64Array = per_type[types] + per_cell[padded].sum(axis=1, dtype=np.uint64)
    return hashes


def placement_maps(
    puzzle: CubePuzzle, pl: Placements, cell_maps: np.ndarray, type_maps: np.ndarray
) -> np.ndarray:
    """(G, P) int32: the placement each element makes of each placement (two independent
    hashes of the image's type and cells must both match one placement)."""
    n_types, n_cells = len(puzzle.types), puzzle.n_cells
    out = np.empty((len(cell_maps), pl.n), dtype=np.int32)
    keys = [_placement_hashes(pl.type, pl.cells, n_types, n_cells, s) for s in (1, 2)]
    order = np.argsort(keys[0])
    sorted_key = keys[0][order]
    for g, (cmap, tmap) in enumerate(zip(cell_maps, type_maps, strict=True)):
        image = np.where(pl.cells < 0, -1, cmap[np.maximum(pl.cells, 0)])
        itypes = tmap[pl.type]
        first = _placement_hashes(itypes, image, n_types, n_cells, 1)
        at = np.minimum(np.searchsorted(sorted_key, first), pl.n - 1)
        found = order[at]
        second = _placement_hashes(itypes, image, n_types, n_cells, 2)
        if not (np.array_equal(sorted_key[at], first) and np.array_equal(keys[1][found], second)):
            raise AssertionError("a symmetry maps a placement outside the placement table")
        out[g] = found
    return out


@lru_cache(maxsize=16)
def puzzle_group(puzzle: CubePuzzle) -> PuzzleGroup:
    pl = exact_tables(puzzle).placements
    maps, rotation = _cell_maps(puzzle)
    twins = mirror_types(puzzle)
    keep = [g for g, rot in enumerate(rotation) if rot or twins is not None]
    identity = np.arange(len(puzzle.types), dtype=np.int64)
    cell_map = np.array([maps[g] for g in keep], dtype=np.int64)
    type_map = np.array([identity if rotation[g] else twins for g in keep], dtype=np.int64).reshape(
        len(keep), len(puzzle.types)
    )
    return PuzzleGroup(
        cell_map=cell_map,
        type_map=type_map,
        rotation=np.array([rotation[g] for g in keep], dtype=np.bool_),
        placement_map=placement_maps(puzzle, pl, cell_map, type_map),
    )

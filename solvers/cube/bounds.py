"""Necessary conditions the exact search checks at every node, precomputed per placement.

Slab parity (the argument behind Conway's and the seed's cube): cut the box into slabs
x = 0, x = 1, ... A 1x2x4 or 2x2x3 brick meets every slab in an even number of cells, so it
never changes whether a slab's count of empty cells is odd; a unit cube changes it for
exactly one slab per axis. So with u unit cubes left, at most u slabs per axis may have an
odd number of empty cells. In general each piece type t can fix at most `max_flips[t, a]`
odd slabs along axis a, and the sum over the pieces left bounds the odd slabs. For the
seed's cube this forces one unit cube per slab along every axis, and cuts the search from
about 670,000 nodes to about 12,000.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from puzzleviz.solvers.cube.placements import Placements
from puzzleviz.solvers.cube.puzzle import CubePuzzle


@dataclasses.dataclass(frozen=True)
class SlabParity:
    flips: np.ndarray  # (P, 3) uint64: bit s set if placement meets slab s an odd number of times
    max_flips: np.ndarray  # (T, 3) int64: most slabs one piece of a type can flip, per axis
    start: np.ndarray  # (3,) uint64: slabs of the empty box with an odd number of cells


def slab_parity(puzzle: CubePuzzle, placements: Placements) -> SlabParity:
    n = placements.n
    flips = np.zeros((n, 3), dtype=np.uint64)
    max_flips = np.zeros((len(puzzle.types), 3), dtype=np.int64)
    xyz = np.array([puzzle.cell_xyz(c) for c in range(puzzle.n_cells)], dtype=np.int64)
    for p in range(n):
        cells = placements.cells[p, : placements.volume[p]]
        for axis in range(3):
            per_slab = np.bincount(xyz[cells, axis], minlength=puzzle.box[axis])
            odd = np.flatnonzero(per_slab % 2)
            flips[p, axis] = np.uint64(sum(1 << int(s) for s in odd))
            t = placements.type[p]
            max_flips[t, axis] = max(max_flips[t, axis], len(odd))
    start = np.zeros(3, dtype=np.uint64)
    inside = xyz[puzzle.inside]
    for axis in range(3):
        per_slab = np.bincount(inside[:, axis], minlength=puzzle.box[axis])
        start[axis] = np.uint64(sum(1 << int(s) for s in np.flatnonzero(per_slab % 2)))
    return SlabParity(flips=flips, max_flips=max_flips, start=start)

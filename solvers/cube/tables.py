"""The tables the exact search works on, built once per puzzle: the placements as
bitboards, the slab parity bound, which types are unit pieces, and the cells to fill."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import numpy as np
from puzzleviz.solvers.arrays import BoolArray
from puzzleviz.solvers.cube.arrays import Bitboard
from puzzleviz.solvers.cube.bounds import SlabParity, slab_parity
from puzzleviz.solvers.cube.placements import Placements, build_placements
from puzzleviz.solvers.cube.puzzle import CubePuzzle


@dataclasses.dataclass(frozen=True)
class ExactTables:
    puzzle: CubePuzzle
    placements: Placements
    parity: SlabParity
    unit: BoolArray  # (T,): types of volume 1 (unit cubes and holes)
    full: Bitboard  # the box's cells


@lru_cache(maxsize=16)
def exact_tables(puzzle: CubePuzzle) -> ExactTables:
    placements = build_placements(puzzle)
    full = np.zeros(placements.words, dtype=np.uint64)
    for c in np.flatnonzero(puzzle.inside):
        full[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return ExactTables(
        puzzle=puzzle,
        placements=placements,
        parity=slab_parity(puzzle, placements),
        unit=np.array([t.volume == 1 for t in puzzle.types], dtype=np.bool_),
        full=full,
    )

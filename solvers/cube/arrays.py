"""Names for the cube's array layouts (built on solvers.arrays), so a signature says which
one it takes.

Cells are numbered x fastest, z slowest (`CubePuzzle.cell_index`); a placement is one
piece type at one pose in the box (`placements.Placements`, P of them, T piece types).
"""

from __future__ import annotations

from typing import TypeAlias

from puzzleviz.solvers.arrays import Int64Array, StateArray, UInt64Array

CubeState: TypeAlias = StateArray
"""The model's state (model.py): the pose of each piece (-1: out of play), then how many
pieces cover each space cell."""

Bitboard: TypeAlias = UInt64Array
"""(words,) uint64: a set of box cells, bit c & 63 of word c >> 6 standing for cell c."""

PlacementMasks: TypeAlias = UInt64Array
"""(P, words) uint64: the cells of each placement as a bitboard, one row a placement."""

PlacementCells: TypeAlias = Int64Array
"""(P, max volume) int64: the box cells of each placement, -1 padded."""

VoxelGrid: TypeAlias = Int64Array
"""(Z, Y, X) int64: the piece type in each cell (-1 empty), z-slices first as the seed
prints them."""

FillingRows: TypeAlias = Int64Array
"""(S, N) int64: the fillings found, one row a filling, its N placement indices sorted."""

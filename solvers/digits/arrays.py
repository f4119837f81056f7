"""Names for the digits' array layouts (built on solvers.arrays), so a signature says which
one it takes.

The frame is a grid of triangle cells, numbered 4 * (y * width + x) + side (grid.py); a
placement is one piece in one orientation at one place (placements.PlacementTable, n of
them). Sets of cells are bitboards: bit c & 63 of word c >> 6 stands for cell c.
"""

from __future__ import annotations

from typing import TypeAlias

from puzzleviz.solvers.arrays import BoolArray, Int32Array, StateArray, UInt64Array

DigitsState: TypeAlias = StateArray
"""The model's state (model.py): per piece its orientation, x and y (-1 in the tray), then
per cell the piece covering it, FREE, LEFT_EMPTY or OUTSIDE."""

CellBits: TypeAlias = UInt64Array
"""(n_words,) uint64: a set of the grid's cells (the frame, the cells covered so far)."""

PlacementBits: TypeAlias = UInt64Array
"""(n, n_words) uint64: a set of cells per placement (its cells, its forced waste, ...)."""

PlacementSets: TypeAlias = UInt64Array
"""(rows, ceil(n / 64)) uint64: per row a set of placements, bit p & 63 of word p >> 6 for
placement p (overlaps.py: the placements over a cell, or overlapping a placement)."""

PlacementCells: TypeAlias = Int32Array
"""(n, max area) int32: the cells of each placement, padded with -1."""

FrameMask: TypeAlias = BoolArray
"""(n cells,) bool: True on the cells inside the frame."""

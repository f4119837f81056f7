"""The sudoku's array layouts, named, for typed signatures (kernels, driver, model).

n = b * b digits, ncell = n * n cells numbered row by row, houses 0..3n-1 (rows, columns,
boxes: solvers.sudoku.geometry). Every layout is int32, the element type the kernels were
compiled for; the scratch arrays of a kernel (queues, parents, combinations) are plain
Int64Array.
"""

from __future__ import annotations

from typing import TypeAlias

from puzzleviz.solvers.arrays import Int32Array

Grid: TypeAlias = Int32Array
"""(ncell,): each cell's digit 1..n, 0 where it is empty."""

Candidates: TypeAlias = Int32Array
"""(ncell,): each cell's candidates as a bitmask, bit d-1 for digit d (0 for a filled cell)."""

Positions: TypeAlias = Int32Array
"""(3n, n): pos[h, d] = the places 0..n-1 in house h where digit d+1 is a candidate, as a
bitmask (solvers.sudoku.kernels.bits.compute_positions)."""

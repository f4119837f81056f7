"""Names for the N-queens array layouts (built on solvers.arrays), so a signature says which
one it takes. Row 0 is the top row, column 0 is "a" (model.py)."""

from __future__ import annotations

from typing import TypeAlias

from puzzleviz.solvers.arrays import Int32Array, StateArray

QueensState: TypeAlias = StateArray
"""The model's state (model.py): the queens' columns, then the marks, N + N * N int32."""

Columns: TypeAlias = Int32Array
"""(N,) int32: per row the column of its queen, -1 for none (the state's first N)."""

Marks: TypeAlias = Int32Array
"""(N, N) int32: per square 1 + the row of the queen that attacks it, if the search
rejected it; 0 otherwise."""

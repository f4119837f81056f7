"""Names for the arrays that solvers, models and scenes pass to one another.

A numba kernel takes and returns plain numpy arrays; these aliases say in a signature which
element type a function expects, so mypy checks the calls between typed Python and the
kernels, and a reader sees a state's layout by its name. A puzzle names its own layouts
(e.g. a sudoku grid) after these, in its own package.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = [
    "BoolArray",
    "EventRows",
    "Float32Array",
    "Float64Array",
    "Int8Array",
    "Int16Array",
    "Int32Array",
    "Int64Array",
    "StateArray",
    "UInt8Array",
    "UInt16Array",
    "UInt32Array",
    "UInt64Array",
]

BoolArray: TypeAlias = npt.NDArray[np.bool_]
Int8Array: TypeAlias = npt.NDArray[np.int8]
Int16Array: TypeAlias = npt.NDArray[np.int16]
Int32Array: TypeAlias = npt.NDArray[np.int32]
Int64Array: TypeAlias = npt.NDArray[np.int64]
UInt8Array: TypeAlias = npt.NDArray[np.uint8]
UInt16Array: TypeAlias = npt.NDArray[np.uint16]
UInt32Array: TypeAlias = npt.NDArray[np.uint32]
UInt64Array: TypeAlias = npt.NDArray[np.uint64]
Float32Array: TypeAlias = npt.NDArray[np.float32]
Float64Array: TypeAlias = npt.NDArray[np.float64]

StateArray: TypeAlias = npt.NDArray[np.int32]
"""A puzzle state as PuzzleModel keeps it (model.STATE_DTYPE): one int32 vector."""

EventRows: TypeAlias = npt.NDArray[np.int32]
"""A trace's events, one row an event: the op code, then the event's fields."""

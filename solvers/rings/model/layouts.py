"""The rings' own array layouts, named after solvers.arrays' element types, so a signature
says which layout a function takes (a model state, a kernel state, a packed key, ...)."""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
from puzzleviz.solvers.arrays import Int8Array, Int32Array, Int64Array, StateArray, UInt64Array

RingState: TypeAlias = StateArray
"""A state as RingsModel keeps it: int32, one colour (1..Ksz*Szsz) per ball, balls numbered
ring by ring in own-ball order (index config.ball(r, j) is C{r+1}_{j})."""

KernelState: TypeAlias = Int8Array
"""A state inside the numba kernels: int8, every ball's 0-based colour (RingState - 1), in
the same ball order."""

Circuits: TypeAlias = Int32Array
"""(Ksz, Gsz) int32: circuits[r, p] is the ball at position p + 1 of ring r's circuit,
counter-clockwise (config.circuits)."""

PackedKey: TypeAlias = UInt64Array
"""A KernelState packed into uint64 words, `bits` bits per ball (search.kernels.pack)."""

ColourMasks: TypeAlias = UInt64Array
"""One bit mask of ball places per colour (the optimal search's node: optimal.colour_pdb)."""

Gather: TypeAlias = Int64Array
"""A move as a gather: after it, ball place i holds what place gather[i] held
(model.macros: a sequence composes by indexing, total = total[gather])."""

Status: TypeAlias = Int64Array
"""The counters a search kernel publishes while it runs (expanded, open, closed, depth, h,
bound, ...; search.graphsearch's N_STATUS slots), read by progress and background."""

KernelInt: TypeAlias = int | np.integer[Any]
"""An integer a numba kernel passes around (a bit mask, an index, a count): numba types it
int64 or uint64 where Python code sees an int, and the kernels mix the two freely."""

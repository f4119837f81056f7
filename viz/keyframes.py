"""Snapshots of the model state every K events, so that any cursor is reachable fast.

Built lazily and incrementally: a seek past the last snapshot extends them from there with
the model's bulk `apply_rows` (a numba kernel for puzzles with long traces), so even the
first seek to the end of a 10-million-event trace costs one pass, and every later seek
costs one copy plus at most K applied events.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel

DEFAULT_INTERVAL = 1024
SNAPSHOT_BYTES = 256 << 20  # at most this much memory for the snapshots


class Keyframes:
    def __init__(
        self,
        model: PuzzleModel,
        initial_state: np.ndarray,
        rows: np.ndarray,
        interval: int = DEFAULT_INTERVAL,
    ):
        self.model = model
        self.rows = rows
        # A long trace of a large state would take more memory in snapshots than the
        # trace itself (100 million events of a 66,000-int state: 26 GB every 1,024
        # events), so the snapshots thin out instead; a seek applies more events, still
        # milliseconds at the kernels' speed.
        state_bytes = max(initial_state.size, 1) * np.dtype(STATE_DTYPE).itemsize
        self.interval = max(interval, -(-int(rows.shape[0]) * state_bytes // SNAPSHOT_BYTES))
        count = rows.shape[0] // self.interval + 1
        self._snapshots = np.empty((count, initial_state.size), dtype=STATE_DTYPE)
        self._snapshots[0] = initial_state
        self.built = 1  # snapshots [0, built) are valid

    def _build_through(self, index: int) -> None:
        if index < self.built:
            return
        state = self._snapshots[self.built - 1].copy()
        k = self.interval
        for j in range(self.built, index + 1):
            self.model.apply_rows(state, self.rows[(j - 1) * k : j * k])
            self._snapshots[j] = state
        self.built = index + 1

    def restore(self, cursor: int, out: np.ndarray) -> None:
        """Set `out` to the state after the first `cursor` events."""
        index = cursor // self.interval
        self._build_through(index)
        out[:] = self._snapshots[index]
        self.model.apply_rows(out, self.rows[index * self.interval : cursor])

    def distance_from_snapshot(self, cursor: int) -> int:
        """Events to apply after restoring the nearest snapshot at or before `cursor`."""
        index = cursor // self.interval
        if index >= self.built:
            return cursor - (self.built - 1) * self.interval
        return cursor - index * self.interval

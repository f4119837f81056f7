"""Units of playback: events, steps or milestone intervals, mapped to event positions.

The player keeps one truth, the event position p (a float in [0, n]: cursor = floor(p),
tween t = frac(p)). Playing at a level moves through that level's units at `speed` units
per second; inside a unit the events are spread evenly, and at the step and milestone levels
the last `hold` fraction of each unit rests on its result so a viewer can read it.
"""

from __future__ import annotations

import enum

import numpy as np

from solvers.trace import Trace


class Level(enum.StrEnum):
    EVENT = "event"
    STEP = "step"
    MILESTONE = "milestone"


class Units:
    """Boundaries B[0]=0 < B[1] < ... < B[m]=n; unit k spans events B[k]..B[k+1]."""

    def __init__(self, boundaries: np.ndarray | None, n_events: int, hold: float = 0.0):
        self.n_events = n_events
        self.hold = hold if boundaries is not None else 0.0
        self._b = None if boundaries is None else boundaries.astype(np.float64)

    @classmethod
    def for_level(cls, trace: Trace, level: Level, hold: float = 0.0) -> Units:
        n = trace.n_events
        if level is Level.EVENT:
            return cls(None, n)
        cuts = trace.step_start if level is Level.STEP else trace.milestone_pos
        b = np.unique(np.concatenate([[0], cuts, [n]]).astype(np.int64))
        return cls(b, n, hold)

    @property
    def count(self) -> int:
        return self.n_events if self._b is None else len(self._b) - 1

    def boundary(self, k: int) -> int:
        if self._b is None:
            return k
        return int(self._b[k])

    def to_events(self, u: float) -> float:
        """Event position of unit position u."""
        if self._b is None:
            return min(max(u, 0.0), float(self.n_events))
        m = self.count
        if m == 0 or u <= 0:
            return 0.0
        if u >= m:
            return float(self.n_events)
        k = int(u)
        f = u - k
        moving = 1.0 - self.hold
        f = 1.0 if f >= moving else f / moving
        lo, hi = self._b[k], self._b[k + 1]
        return float(lo + f * (hi - lo))

    def to_units(self, p: float) -> float:
        """Unit position of event position p (the inverse of to_events, outside holds)."""
        if self._b is None:
            return min(max(p, 0.0), float(self.n_events))
        m = self.count
        if m == 0 or p <= 0:
            return 0.0
        if p >= self.n_events:
            return float(m)
        k = int(np.searchsorted(self._b, p, side="right")) - 1
        lo, hi = self._b[k], self._b[k + 1]
        return k + (p - lo) / (hi - lo) * (1.0 - self.hold)

    def next_boundary(self, p: float) -> int:
        """The first boundary strictly after event position p (n at the end)."""
        if self._b is None:
            return min(int(np.floor(p)) + 1, self.n_events)
        k = int(np.searchsorted(self._b, p, side="right"))
        return int(self._b[min(k, self.count)])

    def previous_boundary(self, p: float) -> int:
        """The last boundary strictly before event position p (0 at the start)."""
        if self._b is None:
            return max(int(np.ceil(p)) - 1, 0)
        k = int(np.searchsorted(self._b, p, side="left")) - 1
        return int(self._b[max(k, 0)])

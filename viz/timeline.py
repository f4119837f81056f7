"""Units of playback: events, steps or milestone intervals, mapped to event positions.

The player's position is an event position p (a float in [0, n]: cursor = floor(p), tween
t = frac(p)). Playing moves a clock measured in *beats*: unit k (an event, a step or the
stretch up to the next milestone) lasts `weight[k]` beats (1 unless a pace says otherwise),
and the player moves `speed` beats a second. Inside a unit the first (1 - hold) of its beats
move through its events evenly and the rest holds on its result, so a viewer can read it.

Why beats, not positions: inside a hold every beat maps to the same position (the unit's
end), so a position cannot say where in the hold the clock is. A player that turned its
position back into beats every frame would skip every hold going forward and stay stuck
in one going backward; it keeps the beat instead (see viz.player).
"""

from __future__ import annotations

import enum

import numpy as np
from puzzleviz.solvers.trace import Trace


class Level(enum.StrEnum):
    EVENT = "event"
    STEP = "step"
    MILESTONE = "milestone"


UNIT_NAMES = {Level.EVENT: ("event", "events"), Level.STEP: ("step", "steps"),
              Level.MILESTONE: ("milestone", "milestones")}  # fmt: skip


class Units:
    """Boundaries B[0]=0 < B[1] < ... < B[m]=n; unit k spans events B[k]..B[k+1].

    `boundaries=None` means every event is a unit (kept implicit: a trace may have tens of
    millions of events). `weights` (m,) gives each unit's length in beats.
    """

    def __init__(
        self,
        boundaries: np.ndarray | None,
        n_events: int,
        hold: float = 0.0,
        weights: np.ndarray | None = None,
    ):
        self.n_events = n_events
        self.hold = hold
        self._b = None if boundaries is None else boundaries.astype(np.float64)
        if weights is not None and (self._b is None or len(weights) != len(self._b) - 1):
            raise ValueError("unit weights need explicit boundaries, one weight per unit")
        self._w = self._start = None
        if weights is not None:
            self._w = np.asarray(weights, dtype=np.float64)
            self._start = np.concatenate([[0.0], np.cumsum(self._w)])

    @classmethod
    def for_level(
        cls,
        trace: Trace,
        level: Level,
        hold: float = 0.0,
        weights: np.ndarray | None = None,
        tidying: np.ndarray | None = None,
    ) -> Units:
        """The units of `level`; at the event level, a run of `tidying` events (the model's
        PuzzleModel.tidying) joins the event after it."""
        n = trace.n_events
        if level is Level.EVENT:
            return cls(event_boundaries(tidying, n), n, hold)
        return cls(level_boundaries(trace, level), n, hold, weights)

    # -- units -------------------------------------------------------------------------

    @property
    def count(self) -> int:
        return self.n_events if self._b is None else len(self._b) - 1

    def boundary(self, k: int) -> int:
        return k if self._b is None else int(self._b[k])

    def unit_of(self, p: float) -> int:
        """The unit that holds event position p (at a boundary: the unit starting there)."""
        if self._b is None:
            return min(int(p), self.count - 1)
        return min(int(np.searchsorted(self._b, p, side="right")) - 1, self.count - 1)

    # -- beats -------------------------------------------------------------------------

    @property
    def total(self) -> float:
        """The length of the whole trace in beats."""
        return float(self.count) if self._start is None else float(self._start[-1])

    def width(self, k: int) -> float:
        return 1.0 if self._w is None else float(self._w[k])

    def beat_start(self, k: int) -> float:
        return float(k) if self._start is None else float(self._start[k])

    def _unit_at_beat(self, beat: float) -> int:
        if self._start is None:
            return min(int(beat), self.count - 1)
        return min(int(np.searchsorted(self._start, beat, side="right")) - 1, self.count - 1)

    def to_events(self, beat: float) -> float:
        """The event position shown at `beat`."""
        m = self.count
        if m == 0 or beat <= 0:
            return 0.0
        if beat >= self.total:
            return float(self.n_events)
        k = self._unit_at_beat(beat)
        f = (beat - self.beat_start(k)) / self.width(k)
        moving = 1.0 - self.hold
        f = 1.0 if f >= moving - 1e-9 else f / moving  # round-off must not undo a rest
        lo, hi = self.boundary(k), self.boundary(k + 1)
        return float(lo + f * (hi - lo))

    def to_beats(self, p: float, backward: bool = False) -> float:
        """The beat at which the clock stands at event position p, ready to move on.

        At a boundary (resting on a unit's result) moving forward starts the next unit's
        motion at once; moving backward starts at the end of the previous unit's motion, so
        it moves back at once and then rests on what it came back to."""
        m = self.count
        if m == 0:
            return 0.0
        p = min(max(p, 0.0), float(self.n_events))
        k = self.unit_of(p)
        lo, hi = self.boundary(k), self.boundary(k + 1)
        if p >= hi:  # the very end
            k, lo, hi = m, hi, hi
        if p == lo:
            if backward and k > 0:
                return self.beat_start(k) - self.hold * self.width(k - 1)
            return self.beat_start(k) if k < m else self.total
        return self.beat_start(k) + (p - lo) / (hi - lo) * (1.0 - self.hold) * self.width(k)

    # -- stepping ----------------------------------------------------------------------

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

    def nearest_boundary(self, p: float) -> int:
        if self._b is None:
            return round(p)
        k = int(np.searchsorted(self._b, p))
        candidates = self._b[max(k - 1, 0) : k + 1]
        return int(candidates[np.argmin(np.abs(candidates - p))])


def event_boundaries(tidying: np.ndarray | None, n: int) -> np.ndarray | None:
    """Every event a unit (None, kept implicit), except that a tidying event ends no unit:
    it is shown together with the events after it, up to the first that is not tidying."""
    if tidying is None or not tidying[:n].any():
        return None
    ends = np.flatnonzero(~np.asarray(tidying[:n], dtype=bool)) + 1
    return np.unique(np.concatenate([[0], ends, [n]]).astype(np.int64))


def level_boundaries(trace: Trace, level: Level) -> np.ndarray:
    """B[0]=0 < ... < B[m]=n for the step or milestone level."""
    n = trace.n_events
    cuts = trace.step_start if level is Level.STEP else trace.milestone_pos
    return np.unique(np.concatenate([[0], cuts, [n]]).astype(np.int64))

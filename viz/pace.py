"""The automatic pace: a search plays fast and slows to a readable pace where it matters.

A trace of a few hundred steps is all worth reading (an assembly, a sudoku explained step by
step, a rings solution), so every step gets one beat: at the classroom speed of 1 beat a
second each step can be read. A long search is mostly the same few moves again and again;
a class should see it rush by and slow down at what it found. Which steps are worth
reading is read off the trace itself, so every solver gets this for free:

- a step whose caption is rare (used once or twice in the whole trace: "Move 12 of 141",
  "Solution 3 found", a summary) is worth reading; the search's own steps repeat the same
  few captions thousands of times;
- so are the steps around every milestone (a solution, a restart, a best so far).

Readable steps get one beat each; the others share about SEARCH_BEATS beats in all, and a
few steps on either side of each readable stretch ease between the two paces, so the
search visibly slows down as it nears a solution.
"""

from __future__ import annotations

import weakref

import numpy as np
import numpy.typing as npt
from puzzleviz.solvers.trace import NO_CAPTION, Trace

ALL_READABLE = 200  # a trace with at most this many steps is read step by step
RARE = 2  # a caption used at most this often marks a step worth reading
BEFORE, AFTER = 2, 1  # steps before and after a milestone's step that are read too
MAX_READABLE = 240  # beats for the readable steps of one trace, at most
SEARCH_BEATS = 20.0  # beats the rest of a long search shares
RAMP = 8  # steps on each side of a readable stretch that ease between the paces

_CACHE: weakref.WeakKeyDictionary[Trace, np.ndarray | None] = weakref.WeakKeyDictionary()


def auto_weights(trace: Trace) -> np.ndarray | None:
    """Beats per step, or None when every step gets one (a short trace). Cached per trace."""
    if trace in _CACHE:
        return _CACHE[trace]
    weights = _compute(trace)
    _CACHE[trace] = weights
    return weights


def readable_steps(trace: Trace) -> npt.NDArray[np.bool_]:
    """(S,) bool: the steps worth reading at a classroom pace."""
    ids = trace.step_caption
    rare: npt.NDArray[np.bool_] = np.zeros(trace.n_steps, dtype=bool)
    if len(trace.strings):
        uses = np.bincount(ids[ids != NO_CAPTION], minlength=len(trace.strings))
        rare = (ids != NO_CAPTION) & (uses[np.maximum(ids, 0)] <= RARE)
    readable = rare | _milestone_windows(trace, BEFORE, AFTER)
    if readable.sum() > MAX_READABLE:  # too many to read: only the milestones' own steps
        readable = rare | _milestone_windows(trace, 0, 0)
    return readable


def _milestone_windows(trace: Trace, before: int, after: int) -> npt.NDArray[np.bool_]:
    n = trace.n_steps
    window = np.zeros(n, dtype=bool)
    if not trace.n_milestones or not n:
        return window
    reached = np.maximum(trace.milestone_pos - 1, 0)  # the event that reaches it
    steps = np.searchsorted(trace.step_start, reached, side="right") - 1
    for offset in range(-before, after + 1):
        window[np.clip(steps + offset, 0, n - 1)] = True
    return window


def _compute(trace: Trace) -> np.ndarray | None:
    n = trace.n_steps
    if n <= ALL_READABLE:
        return None
    readable = readable_steps(trace)
    n_read = int(readable.sum())
    n_search = n - n_read
    weights = np.ones(n, dtype=np.float64)
    if n_read > MAX_READABLE:
        weights[readable] = MAX_READABLE / n_read
    if n_search == 0:
        return weights
    fast = min(1.0, SEARCH_BEATS / n_search)
    distance = _distance_to(readable)
    ramp = (distance >= 1) & (distance <= RAMP)
    weights[~readable] = fast
    weights[ramp] = fast ** (distance[ramp] / (RAMP + 1))
    return weights


def _distance_to(mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """For each index, how many steps away the nearest True is (large if there is none)."""
    n = len(mask)
    where = np.flatnonzero(mask)
    if not len(where):
        return np.full(n, n + RAMP + 1, dtype=np.int64)
    index = np.arange(n)
    right = np.searchsorted(where, index)
    after = where[np.minimum(right, len(where) - 1)]
    before = where[np.maximum(right - 1, 0)]
    distance: npt.NDArray[np.int64] = np.minimum(np.abs(after - index), np.abs(index - before))
    return distance

"""Which moments of a trace the page can show, and how long each unit plays at each level.

The page shows baked frames only, so the exporter chooses them here. A "stop" is an event
position where the page can rest (a frame baked there); between stops the page shows the
baked moment nearest to the position it plays at, as the window would show that position.

- A trace that fits the moment budget is baked whole: every step boundary (where the window
  rests after Right, Left, Home, End or a timeline click) and inside each step a few
  moments of its motion (what the window's glide and playback pass through: 1 to `tweens`,
  as many as playing the step at the trace's pace shows at MOTION_FPS), evenly spaced in
  event position, the step's event boundaries (`,` and `.`; at most EVENT_STOPS a step,
  evenly chosen) taking the places of the nearest ones.
- A trace that does not fit (digits' 1,200 steps, a 108,929-step SET count, a 36,640-step
  rings search: hours of drawing otherwise) first gets fewer motion frames, then is
  sampled as the window plays it: the automatic pace (viz.pace) gives the readable steps
  (rare captions, milestones and the steps around them) a beat each and rushes the search
  through the rest at thousands of steps a second, where no single step can be seen. So
  every step at least READABLE beats long is baked whole (if that fits half the budget,
  else the slowest that do), every milestone is a stop (at most half the budget's worth),
  and
  the fast stretches are sampled evenly in beats (one stop every `spacing` beats, the
  finest spacing that fits the budget), each sample a burst of BURST consecutive single
  steps that Right and Left walk one by one before jumping to the next sample.

The timing is the window's own (viz.player.Player, viz.timeline.Units): per level, each
unit's length in beats between consecutive stops of that level, the speed in beats a
second, HOLD and GLIDE_SECONDS, so Up/Down, A and L behave as in the window.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import math

import numpy as np
import numpy.typing as npt
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.viz.pace import auto_weights
from puzzleviz.viz.player import GLIDE_SECONDS, HOLD, SPEEDS, Player
from puzzleviz.viz.timeline import Level

__all__ = ["BURST", "DEFAULT_TWEENS", "EVENT_STOPS", "READABLE", "Schedule", "schedule"]

DEFAULT_TWEENS = 6  # at most this many frames inside a step's motion, besides its rests
MOTION_FPS = 30.0  # a step's motion gets the frames playback at its pace shows at this rate
EVENT_STOPS = 6  # at most this many event boundaries baked inside one step (for `,` `.`)
READABLE = 0.5  # a step at least this many beats long (auto pace) is always baked whole
BURST = 3  # single steps baked at each sample of a fast stretch (Right walks them)

Ints = npt.NDArray[np.int64]


@dataclasses.dataclass(frozen=True)
class Schedule:
    """The baked moments, in time order, and the pace to play them at.

    `positions[rest[k]]` is step stop k (`boundaries[k]`, the end of step `steps[k]` - 1);
    `positions[event_rest[j]]` is event stop j. Slots between stops are motion frames."""

    boundaries: tuple[int, ...]  # event position of each step stop: 0 .. n
    positions: tuple[float, ...]  # the event position of each slot, rising
    rest: tuple[int, ...]  # the slot of each step stop
    beats: tuple[float, ...]  # beats between step stops on the automatic pace
    speed: float  # beats a second, the window's starting pace
    milestones: tuple[int, ...]  # the step stops (indices) where Shift+arrows stop
    steps: tuple[int, ...] = ()  # steps done at each step stop (its HUD counter)
    steady_beats: tuple[float, ...] = ()  # beats between step stops on a steady pace
    event_rest: tuple[int, ...] = ()  # the slot of each event stop (step stops included)
    event_beats: tuple[float, ...] = ()  # event units between consecutive event stops
    auto: bool = False  # whether the automatic pace is on at the start
    sampled: bool = False  # whether some steps have no stop of their own
    hold: float = HOLD
    glide_seconds: float = GLIDE_SECONDS
    speeds: tuple[float, ...] = SPEEDS


@dataclasses.dataclass(frozen=True)
class _Trace:
    """The arrays sampling reads: step boundaries, beats, motion frames and event stops."""

    bounds: Ints  # (m + 1,) event position of each step boundary
    starts: npt.NDArray[np.float64]  # (m + 1,) beat at each step boundary (auto pace)
    weights: npt.NDArray[np.float64]  # (m,) each step's beats (auto pace)
    tweens: Ints  # (m,) motion frames of each step
    events: Ints  # (e + 1,) the event level's boundaries
    inner: Ints  # (m,) event stops baked inside each step
    must: npt.NDArray[np.bool_]  # (m + 1,) stops always baked: the ends, the milestones


def schedule(
    player: Player[PuzzleModel], tweens: int = DEFAULT_TWEENS, budget: int | None = None
) -> Schedule:
    """The schedule of `player`'s trace at its pace, in at most `budget` moments (None:
    every step, with up to `tweens` motion frames each)."""
    if player.level is not Level.STEP:
        player.set_level(Level.STEP)
    t = _arrays(player, tweens)
    m = len(t.bounds) - 1
    keep = np.ones(m + 1, dtype=bool)
    if budget is not None:
        for cap in range(tweens, 0, -1):  # fewer motion frames first, then fewer stops
            t = dataclasses.replace(t, tweens=np.minimum(t.tweens, cap),
                                    inner=np.minimum(t.inner, cap))  # fmt: skip
            if _moments(t, keep) <= budget:
                break
        else:
            t = _fewer_milestones(t, budget // 2)
            keep = _sampled(t, budget)
    return _build(player, t, keep)


def _arrays(player: Player[PuzzleModel], tweens: int) -> _Trace:
    trace = player.trace
    units = player.units_of(Level.STEP)
    m = units.count
    bounds = np.array([units.boundary(k) for k in range(m + 1)] if m else [0], dtype=np.int64)
    auto = auto_weights(trace)
    weights = np.ones(m) if auto is None else np.asarray(auto, dtype=np.float64)
    starts = np.concatenate([[0.0], np.cumsum(weights)])
    # playing at the trace's pace: a step moves for (1 - HOLD) of its beats
    motion = (1.0 - HOLD) * weights / player.speed
    frames = np.clip(np.ceil(motion * MOTION_FPS), 1, tweens).astype(np.int64)
    ev = player.units_of(Level.EVENT)
    events = np.array([ev.boundary(k) for k in range(ev.count + 1)], dtype=np.int64)
    inside = np.searchsorted(events, bounds[1:], "left")
    inside -= np.searchsorted(events, bounds[:-1], "right")
    inner = np.minimum(np.maximum(inside, 0), EVENT_STOPS)
    must = np.zeros(m + 1, dtype=bool)
    must[[0, m]] = True
    must[list(_milestones(player, tuple(int(b) for b in bounds)))] = True
    return _Trace(bounds, starts, weights, frames, events, inner, must)


def _moments(t: _Trace, keep: npt.NDArray[np.bool_]) -> int:
    """Slots baked for the step stops `keep`: the stops, and the motion frames and event
    stops of every step whose both ends are stops."""
    whole = keep[:-1] & keep[1:]
    return int(keep.sum() + np.maximum(t.tweens[whole], t.inner[whole]).sum())


def _fewer_milestones(t: _Trace, most: int) -> _Trace:
    """At most `most` milestone stops, evenly chosen (the ends kept): a search that
    records a milestone per solution may have a hundred thousand, which the budget
    cannot all buy; Shift+arrows then jump between the ones baked."""
    marks = np.flatnonzero(t.must)
    if len(marks) <= most:
        return t
    must = np.zeros_like(t.must)
    must[marks[np.round(np.linspace(0, len(marks) - 1, max(most, 2))).astype(np.int64)]] = True
    return dataclasses.replace(t, must=must)


def _sampled(t: _Trace, budget: int) -> npt.NDArray[np.bool_]:
    """The step stops of a sampled schedule: the finest spacing in beats that fits."""

    def whole(threshold: float) -> npt.NDArray[np.bool_]:
        keep = t.must.copy()
        readable = t.weights >= threshold
        keep[:-1] |= readable
        keep[1:] |= readable
        return keep

    # the steps baked whole: those of READABLE beats or more, unless they cost more than
    # half the budget (a search with a solution every few steps: the automatic pace's
    # ramps make most of its steps slow), then only the slowest that fit
    base = t.must.copy()
    for threshold in np.unique(t.weights[t.weights >= READABLE]):
        if _moments(t, whole(float(threshold))) <= budget // 2:
            base = whole(float(threshold))
            break

    def stops(spacing: float) -> npt.NDArray[np.bool_]:
        bucket = np.floor(t.starts / spacing)
        first = np.flatnonzero(np.diff(bucket) > 0) + 1  # first boundary of each bucket
        keep = base.copy()
        for offset in range(BURST):
            keep[np.minimum(first + offset, len(keep) - 1)] = True
        return keep

    lo, hi = 1e-6, max(float(t.starts[-1]), 1e-6) * 2  # spacing: too fine .. coarse enough
    best = stops(hi)
    for _ in range(40):
        mid = math.sqrt(lo * hi)
        keep = stops(mid)
        if _moments(t, keep) <= budget:
            hi, best = mid, keep
        else:
            lo = mid
    return best


def _build(player: Player[PuzzleModel], t: _Trace, keep: npt.NDArray[np.bool_]) -> Schedule:
    kept = np.flatnonzero(keep)
    positions: set[float] = set()
    for a, b in itertools.pairwise(kept):
        lo, hi = int(t.bounds[a]), int(t.bounds[b])
        positions.add(float(lo))
        if b == a + 1:  # a single step: its motion frames and event stops
            positions.update(_motion(t.events, lo, hi, int(t.tweens[a]), int(t.inner[a])))
    positions.add(float(t.bounds[kept[-1]]))
    ordered = sorted(positions)
    slot = {p: i for i, p in enumerate(ordered)}
    bounds = [int(t.bounds[k]) for k in kept]
    event_stops = [p for p in ordered if p.is_integer() and _is_event_stop(t.events, int(p))]
    event_index = np.searchsorted(t.events, np.array(event_stops, dtype=np.int64))
    return Schedule(
        boundaries=tuple(bounds),
        positions=tuple(ordered),
        rest=tuple(slot[float(b)] for b in bounds),
        beats=tuple(float(x) for x in np.diff(t.starts[kept])),
        speed=float(player.speed),
        milestones=tuple(int(i) for i in np.flatnonzero(t.must[kept])),
        steps=tuple(int(k) for k in kept),
        steady_beats=tuple(float(x) for x in np.diff(kept)),
        event_rest=tuple(slot[p] for p in event_stops),
        event_beats=tuple(float(x) for x in np.diff(event_index)),
        auto=player.auto_applies,
        sampled=not bool(keep.all()),
    )


def _motion(events: Ints, lo: int, hi: int, tweens: int, inner: int) -> list[float]:
    """The slots inside a step: `tweens` evenly spaced positions, each of the `inner`
    event stops taking the place of the one nearest it (an event boundary is on the
    motion's path too), so a step costs max(tweens, inner) moments."""
    spots = [lo + (hi - lo) * i / (tweens + 1) for i in range(1, tweens + 1)]
    stops = [float(e) for e in _inner_events(events, lo, hi, inner)]
    for e in stops:
        if spots:
            spots.pop(min(range(len(spots)), key=lambda i: abs(spots[i] - e)))
    return spots + stops


def _inner_events(events: Ints, lo: int, hi: int, count: int) -> list[int]:
    """`count` of the event boundaries strictly inside (lo, hi), evenly chosen."""
    inside = events[np.searchsorted(events, lo, "right") : np.searchsorted(events, hi, "left")]
    if count >= len(inside):
        return [int(e) for e in inside]
    picks = np.round(np.linspace(0, len(inside) - 1, count)).astype(np.int64)
    return [int(inside[i]) for i in picks]


def _is_event_stop(events: Ints, p: int) -> bool:
    i = int(np.searchsorted(events, p))
    return i < len(events) and int(events[i]) == p


def _milestones(player: Player[PuzzleModel], boundaries: tuple[int, ...]) -> tuple[int, ...]:
    """The step boundaries the window's Shift+Right / Shift+Left stop at (its milestone
    units' boundaries). A milestone inside a step (no trace made so far has one) stops at
    that step's end, where the page has a rest frame."""
    units = player.units_of(Level.MILESTONE)
    found = {bisect.bisect_left(boundaries, units.boundary(k)) for k in range(units.count + 1)}
    return tuple(sorted(min(k, len(boundaries) - 1) for k in found))

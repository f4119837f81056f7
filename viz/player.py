"""The player: owns (trace, cursor) and the model state there, and moves through time.

Modes form an explicit state machine:

    PAUSED <-> PLAYING <-> REVERSING       (space, R; reaching either end pauses)
    any    ->  SCRUBBING -> the mode before (timeline drag)
    RECORDING                              (the recorder's virtual clock; never pauses)

Time is never read here: the window passes wall-clock deltas to `advance`, the recorder
passes 1/fps, so a recording is exact and reproducible.

While playing, the truth is a clock in beats (see viz.timeline): `speed` beats a second,
one beat per unit of the level (or the automatic pace's weight per step), each unit's
motion followed by a rest on its result, in both directions. The event position shown is
derived from the beat, never the other way round, so holds are kept going forward and
backward alike. Pausing finishes the step under way, so board and caption always show one
and the same step.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Generic, TypeVar

import numpy as np
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.defaults import READING_SPEED
from puzzleviz.viz.keyframes import DEFAULT_INTERVAL, Keyframes
from puzzleviz.viz.pace import auto_weights
from puzzleviz.viz.timeline import Level, Units

__all__ = [
    "GLIDE_SECONDS",
    "HOLD",
    "SPEEDS",
    "Frame",
    "Mode",
    "Player",
    "speed_for_seconds",
]

SPEEDS = (
    0.25, 0.5, 1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200, 300, 500, 800,
    1200, 2000, 3000, 5000, 8000, 12000, 20000, 50000, 100000, 200000, 500000, 1000000,
)  # fmt: skip
GLIDE_SECONDS = 0.45  # a single step/back animates this long, whatever the speed
HOLD = 0.3  # share of each unit that rests on its result

# The puzzle model a player, scene or interaction works with, so that a scene declared as
# `class RingsScene(Scene[RingsModel])` sees `frame.model` as a RingsModel. A Frame only
# reads its model, so a Frame[RingsModel] is also a Frame[PuzzleModel] (the HUD's).
M = TypeVar("M", bound=PuzzleModel)
M_co = TypeVar("M_co", bound=PuzzleModel, covariant=True)


class Mode(enum.StrEnum):
    PAUSED = "paused"
    PLAYING = "playing"
    REVERSING = "reversing"
    SCRUBBING = "scrubbing"
    RECORDING = "recording"


@dataclasses.dataclass(frozen=True)
class Frame(Generic[M_co]):
    """What a scene and the HUD see at one instant. `state` must not be modified."""

    trace: Trace
    model: M_co
    state: np.ndarray  # the state after `cursor` events
    event: Event | None  # the event in progress (None when resting between events)
    t: float  # tween of `event`, in [0, 1)
    cursor: int
    step: int  # the step shown: in progress, or last completed; -1 before the first
    caption: str
    counters: Mapping[str, int]
    milestones_reached: int
    mode: Mode
    level: Level
    speed: float  # beats a second
    rate: float = 0.0  # units of `level` a second here (differs from speed on an auto pace)
    auto: bool = False  # whether the automatic pace is on

    @property
    def n_events(self) -> int:
        return self.trace.n_events

    @property
    def n_steps(self) -> int:
        return self.trace.n_steps


@dataclasses.dataclass
class _Glide:
    """An animated move to a target position, used by single steps and by pausing."""

    start: float
    target: float
    seconds: float = GLIDE_SECONDS
    elapsed: float = 0.0


class Player(Generic[M]):
    def __init__(
        self,
        trace: Trace,
        model: M,
        *,
        keyframe_interval: int = DEFAULT_INTERVAL,
        level: Level | None = None,
        speed: float | None = None,
        auto: bool | None = None,
    ):
        """`speed` (beats a second) given alone means a steady pace; with no speed the
        automatic pace plays a long search fast and slows down where there is something
        to read (viz.pace)."""
        self.trace = trace
        self.model = model
        start = np.array(trace.header.initial_state, dtype=STATE_DTYPE)
        model.check_state(start)
        self.state = start.copy()
        self.keyframes = Keyframes(model, start, trace.rows, keyframe_interval)
        self._tidying = model.tidying(trace.rows) if trace.n_events else None
        self.cursor = 0
        self.position = 0.0
        self.mode = Mode.PAUSED
        self._mode_before_scrub = Mode.PAUSED
        self._glide: _Glide | None = None
        self._beat: float | None = None  # the play clock; None: derive from the position
        self.level = level or Level.STEP
        self.auto = (speed is None) if auto is None else auto
        self.speed = READING_SPEED if speed is None else speed
        self._units = self._make_units()

    # -- pace --------------------------------------------------------------------------

    def _make_units(self) -> Units:
        weights = auto_weights(self.trace) if self.auto and self.level is Level.STEP else None
        return self.units_of(self.level, HOLD, weights)

    @property
    def units(self) -> Units:
        return self._units

    def units_of(self, level: Level, hold: float = 0.0, weights: np.ndarray | None = None) -> Units:
        """The trace's units of `level`, the model's tidying events joined at the event
        level."""
        return Units.for_level(self.trace, level, hold, weights, self._tidying)

    @property
    def auto_applies(self) -> bool:
        """Whether the automatic pace changes anything here (a long trace, by step)."""
        return self.auto and self.level is Level.STEP and auto_weights(self.trace) is not None

    def set_pace(
        self, *, level: Level | None = None, speed: float | None = None, auto: bool | None = None
    ) -> None:
        if level is not None:
            self.level = level
        if speed is not None:
            self.speed = speed
        if auto is not None:
            self.auto = auto
        self._units = self._make_units()
        self._beat = None

    def set_level(self, level: Level) -> None:
        self.set_pace(level=level)

    def cycle_level(self) -> None:
        order = list(Level)
        self.set_level(order[(order.index(self.level) + 1) % len(order)])

    def toggle_auto(self) -> None:
        self.set_pace(auto=not self.auto)

    def faster(self) -> None:
        self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])

    def slower(self) -> None:
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])

    def rate(self) -> float:
        """Units of the level a second at the current position."""
        units = self._units
        if not units.count:
            return self.speed
        return self.speed / units.width(units.unit_of(self.position))

    def seconds_between(self, start: float, end: float) -> float:
        """How long playing forward from event position `start` to `end` takes."""
        units = self._units
        return max(units.to_beats(end) - units.to_beats(start), 0.0) / self.speed

    # -- time --------------------------------------------------------------------------

    @property
    def at_end(self) -> bool:
        return self.position >= self.trace.n_events

    @property
    def at_start(self) -> bool:
        return self.position <= 0

    def advance(self, dt: float) -> None:
        """Move time on by dt seconds (wall clock or virtual)."""
        if self._glide is not None:
            self._advance_glide(dt)
            return
        if self.mode not in (Mode.PLAYING, Mode.REVERSING, Mode.RECORDING):
            return
        backward = self.mode is Mode.REVERSING
        units = self._units
        beat = self._beat
        if beat is None:
            beat = units.to_beats(self.position, backward=backward)
        beat += (-1.0 if backward else 1.0) * self.speed * dt
        beat = min(max(beat, 0.0), units.total)
        self._go(units.to_events(beat))
        self._beat = beat
        if self.mode is not Mode.RECORDING and (
            (not backward and beat >= units.total) or (backward and beat <= 0.0)
        ):
            self.mode = Mode.PAUSED
            self._beat = None

    def _advance_glide(self, dt: float) -> None:
        glide = self._glide
        assert glide is not None
        glide.elapsed += dt
        if glide.elapsed >= glide.seconds:
            self._glide = None
            self._go(glide.target)
            return
        f = glide.elapsed / glide.seconds
        self._go(glide.start + (glide.target - glide.start) * f)

    def _go(self, position: float) -> None:
        """Set the event position and bring the state to its cursor. The play clock is
        dropped: whoever moves the position by other means than playing owns it."""
        n = self.trace.n_events
        position = min(max(position, 0.0), float(n))
        self._move_state(min(int(position), n))
        self.position = position
        self._beat = None

    def _move_state(self, cursor: int) -> None:
        delta = cursor - self.cursor
        if delta == 0:
            return
        rows = self.trace.rows
        from_snapshot = self.keyframes.distance_from_snapshot(cursor)
        if 0 < delta <= from_snapshot:
            self.model.apply_rows(self.state, rows[self.cursor : cursor])
        elif delta < 0 and -delta <= from_snapshot:
            self.model.revert_rows(self.state, rows[cursor : self.cursor])
        else:
            self.keyframes.restore(cursor, self.state)
        self.cursor = cursor

    # -- commands ----------------------------------------------------------------------

    def play(self) -> None:
        self._finish_glide()
        if self.at_end:
            self._go(0.0)
        self.mode = Mode.PLAYING

    def pause(self) -> None:
        """Stop; a step under way is finished first (a short glide to its end in the
        direction of travel), so the board never rests between two captions."""
        if self.mode in (Mode.PLAYING, Mode.REVERSING):
            target = self._end_of_step_under_way(backward=self.mode is Mode.REVERSING)
            self.mode = Mode.PAUSED
            if target != self.position:
                remaining = abs(target - self.position) / max(self.rate(), 1e-9)
                self._glide = _Glide(self.position, float(target), min(GLIDE_SECONDS, remaining))
        self.mode = Mode.PAUSED
        self._beat = None

    def settle(self) -> None:
        """Pause, with any step under way finished at once (before acting on the state)."""
        self.pause()
        self._finish_glide()

    def _end_of_step_under_way(self, backward: bool) -> float:
        p = self.position
        level = Level.EVENT if self.level is Level.EVENT else Level.STEP
        units = self.units_of(level)
        if units.count == 0 or p in (0.0, float(self.trace.n_events)):
            return p
        k = units.unit_of(p)
        if p == units.boundary(k):
            return p
        return float(units.boundary(k) if backward else units.boundary(k + 1))

    def toggle_play(self) -> None:
        if self.mode in (Mode.PLAYING, Mode.REVERSING):
            self.pause()
        else:
            self.play()

    def reverse(self) -> None:
        """Play backward (or forward again if already playing backward)."""
        self._finish_glide()
        if self.mode is Mode.REVERSING:
            self.mode = Mode.PLAYING
        else:
            if self.at_start:
                self._go(float(self.trace.n_events))
            self.mode = Mode.REVERSING
        self._beat = None

    def seek(self, cursor: float) -> None:
        """Jump to an event position at once (keyframes make this milliseconds)."""
        self._glide = None
        self._go(float(cursor))

    def seek_fraction(self, fraction: float) -> None:
        """Jump to a share of the timeline, at the nearest step's end unless playing by
        event: a scrub never stops in the middle of a step."""
        target = min(max(fraction, 0.0), 1.0) * self.trace.n_events
        level = Level.EVENT if self.level is Level.EVENT else Level.STEP
        self.seek(self.units_of(level).nearest_boundary(target))

    def seek_step(self, step: int) -> None:
        """Jump to the end of `step` (0-based), so that it is shown done; -1 is the start."""
        if step < 0 or self.trace.n_steps == 0:
            self.seek(0)
        else:
            step = min(step, self.trace.n_steps - 1)
            self.seek(self.trace.step_range(step)[1])

    def step_forward(self, level: Level = Level.STEP) -> None:
        """Animate to the end of the next unit of `level`, then pause."""
        self._step(self.units_of(level).next_boundary(self._resting_position()))

    def step_backward(self, level: Level = Level.STEP) -> None:
        self._step(self.units_of(level).previous_boundary(self._resting_position()))

    def _resting_position(self) -> float:
        """Where a step starts from: a glide in progress counts as already arrived."""
        return self._glide.target if self._glide is not None else self.position

    def _step(self, target: int) -> None:
        self._finish_glide()
        self.mode = Mode.PAUSED
        if target != self.position:
            self._glide = _Glide(start=self.position, target=float(target))

    def jump_milestone(self, forward: bool) -> None:
        units = self.units_of(Level.MILESTONE)
        here = self._resting_position()
        self.seek(units.next_boundary(here) if forward else units.previous_boundary(here))

    def _finish_glide(self) -> None:
        if self._glide is not None:
            target = self._glide.target
            self._glide = None
            self._go(target)

    def begin_scrub(self) -> None:
        if self.mode is not Mode.SCRUBBING:
            self._mode_before_scrub = self.mode
        self._glide = None
        self.mode = Mode.SCRUBBING

    def scrub_to(self, fraction: float) -> None:
        self.seek_fraction(fraction)

    def end_scrub(self) -> None:
        if self.mode is Mode.SCRUBBING:
            self.mode = self._mode_before_scrub
            if (self.mode is Mode.PLAYING and self.at_end) or (
                self.mode is Mode.REVERSING and self.at_start
            ):
                self.mode = Mode.PAUSED

    def start_recording(self) -> None:
        self._glide = None
        self.mode = Mode.RECORDING
        self._beat = None

    # -- what is shown -----------------------------------------------------------------

    def frame(self) -> Frame[M]:
        trace, cursor = self.trace, self.cursor
        t = self.position - cursor
        event = None
        if t > 1e-9 and cursor < trace.n_events:
            event = self.model.events.decode(trace.rows[cursor])
        else:
            t = 0.0
        if event is not None:
            step = trace.step_of(cursor)
        elif cursor > 0:
            step = trace.step_of(cursor - 1)
        else:
            step = -1
        return Frame(
            trace=trace,
            model=self.model,
            state=self.state,
            event=event,
            t=t,
            cursor=cursor,
            step=step,
            caption=self._caption(step, event),
            counters=trace.counters_at(cursor),
            milestones_reached=int(np.searchsorted(trace.milestone_pos, cursor, side="right")),
            mode=self.mode,
            level=self.level,
            speed=self.speed,
            rate=self.rate(),
            auto=self.auto_applies,
        )

    def _caption(self, step: int, event: Event | None) -> str:
        if step < 0:
            return ""
        caption = self.trace.step_caption_text(step)
        if caption:
            return caption
        if event is None and self.cursor > 0:
            event = self.model.events.decode(self.trace.rows[self.cursor - 1])
        return self.model.describe(event) if event is not None else ""


def speed_for_seconds(
    trace: Trace, seconds: float, level: Level = Level.STEP, auto: bool = True
) -> float:
    """The speed (beats a second) that plays the whole trace in about `seconds`."""
    weights = auto_weights(trace) if auto and level is Level.STEP else None
    beats = Units.for_level(trace, level, HOLD, weights).total
    return max(beats / seconds, SPEEDS[0]) if beats else READING_SPEED

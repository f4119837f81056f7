"""The player: owns (trace, cursor) and the model state there, and moves through time.

Modes form an explicit state machine:

    PAUSED <-> PLAYING <-> REVERSING       (space, R; reaching either end pauses)
    any    ->  SCRUBBING -> the mode before (timeline drag)
    RECORDING                              (the recorder's virtual clock; never pauses)

Time is never read here: the window passes wall-clock deltas to `advance`, the recorder
passes 1/fps, so a recording is exact and reproducible.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping

import numpy as np

from solvers.events import Event
from solvers.model import STATE_DTYPE, PuzzleModel
from solvers.trace import Trace
from viz.keyframes import DEFAULT_INTERVAL, Keyframes
from viz.timeline import Level, Units

SPEEDS = (
    0.25, 0.5, 1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 120, 200, 300, 500, 800,
    1200, 2000, 3000, 5000, 8000, 12000, 20000, 50000, 100000, 200000, 500000, 1000000,
)  # fmt: skip
GLIDE_SECONDS = 0.45  # a single step/back animates this long, whatever the speed
HOLD = 0.3  # share of each step or milestone interval that rests on its result


class Mode(enum.StrEnum):
    PAUSED = "paused"
    PLAYING = "playing"
    REVERSING = "reversing"
    SCRUBBING = "scrubbing"
    RECORDING = "recording"


@dataclasses.dataclass(frozen=True)
class Frame:
    """What a scene and the HUD see at one instant. `state` must not be modified."""

    trace: Trace
    model: PuzzleModel
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
    speed: float

    @property
    def n_events(self) -> int:
        return self.trace.n_events

    @property
    def n_steps(self) -> int:
        return self.trace.n_steps


@dataclasses.dataclass
class _Glide:
    """An animated move to a target position, used by single steps."""

    start: float
    target: float
    elapsed: float = 0.0


class Player:
    def __init__(
        self,
        trace: Trace,
        model: PuzzleModel,
        *,
        keyframe_interval: int = DEFAULT_INTERVAL,
        level: Level | None = None,
        speed: float | None = None,
    ):
        self.trace = trace
        self.model = model
        start = np.array(trace.header.initial_state, dtype=STATE_DTYPE)
        model.check_state(start)
        self.state = start.copy()
        self.keyframes = Keyframes(model, start, trace.rows, keyframe_interval)
        self.cursor = 0
        self.position = 0.0
        self.mode = Mode.PAUSED
        self._mode_before_scrub = Mode.PAUSED
        self._glide: _Glide | None = None
        auto_level, auto_speed = default_pace(trace)
        self.level = level or auto_level
        self.speed = speed if speed is not None else auto_speed
        self._units = self._make_units(self.level)

    # -- time --------------------------------------------------------------------------

    def _make_units(self, level: Level) -> Units:
        return Units.for_level(self.trace, level, HOLD)

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
        direction = -1.0 if self.mode is Mode.REVERSING else 1.0
        u = self._units.to_units(self.position) + direction * self.speed * dt
        u = min(max(u, 0.0), float(self._units.count))
        self._go(self._units.to_events(u))
        if self.mode is not Mode.RECORDING and (
            (direction > 0 and self.at_end) or (direction < 0 and self.at_start)
        ):
            self.mode = Mode.PAUSED

    def _advance_glide(self, dt: float) -> None:
        glide = self._glide
        assert glide is not None
        glide.elapsed += dt
        if glide.elapsed >= GLIDE_SECONDS:
            self._glide = None
            self._go(glide.target)
            return
        f = glide.elapsed / GLIDE_SECONDS
        self._go(glide.start + (glide.target - glide.start) * f)

    def _go(self, position: float) -> None:
        """Set the event position and bring the state to its cursor."""
        n = self.trace.n_events
        position = min(max(position, 0.0), float(n))
        cursor = min(int(position), n)
        self._move_state(cursor)
        self.position = position

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
        self._finish_glide()
        self.mode = Mode.PAUSED

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

    def seek(self, cursor: float) -> None:
        """Jump to an event position at once (keyframes make this milliseconds)."""
        self._glide = None
        self._go(float(cursor))

    def seek_fraction(self, fraction: float) -> None:
        self.seek(round(min(max(fraction, 0.0), 1.0) * self.trace.n_events))

    def seek_step(self, step: int) -> None:
        """Jump to the end of `step` (0-based), so that it is shown done; -1 is the start."""
        if step < 0 or self.trace.n_steps == 0:
            self.seek(0)
        else:
            step = min(step, self.trace.n_steps - 1)
            self.seek(self.trace.step_range(step)[1])

    def step_forward(self, level: Level = Level.STEP) -> None:
        """Animate to the end of the next unit of `level`, then pause."""
        self._step(Units.for_level(self.trace, level).next_boundary(self._resting_position()))

    def step_backward(self, level: Level = Level.STEP) -> None:
        self._step(Units.for_level(self.trace, level).previous_boundary(self._resting_position()))

    def _resting_position(self) -> float:
        """Where a step starts from: a glide in progress counts as already arrived."""
        return self._glide.target if self._glide is not None else self.position

    def _step(self, target: int) -> None:
        self._finish_glide()
        self.mode = Mode.PAUSED
        if target != self.position:
            self._glide = _Glide(start=self.position, target=float(target))

    def jump_milestone(self, forward: bool) -> None:
        units = Units.for_level(self.trace, Level.MILESTONE)
        here = self._resting_position()
        self.seek(units.next_boundary(here) if forward else units.previous_boundary(here))

    def _finish_glide(self) -> None:
        if self._glide is not None:
            target = self._glide.target
            self._glide = None
            self._go(target)

    def faster(self) -> None:
        self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])

    def slower(self) -> None:
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])

    def set_level(self, level: Level) -> None:
        self.level = level
        self._units = self._make_units(level)

    def cycle_level(self) -> None:
        order = list(Level)
        self.set_level(order[(order.index(self.level) + 1) % len(order)])

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
            if self.mode is Mode.PLAYING and self.at_end:
                self.mode = Mode.PAUSED

    def start_recording(self) -> None:
        self._glide = None
        self.mode = Mode.RECORDING

    # -- what is shown -----------------------------------------------------------------

    def frame(self) -> Frame:
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


DEFAULT_SECONDS = 60.0  # a trace plays in about a minute unless told otherwise
TOUR_SECONDS = 15.0  # each puzzle of the demo tour


def default_pace(trace: Trace, seconds: float = DEFAULT_SECONDS) -> tuple[Level, float]:
    """A level and speed that show the whole trace in about `seconds`, or a watchable
    1 step per second for short solutions."""
    steps = trace.n_steps
    if steps == 0:
        return Level.STEP, 1.0
    wanted = steps / seconds
    speed = next((s for s in SPEEDS if s >= wanted), SPEEDS[-1])
    return Level.STEP, max(speed, 1.0)

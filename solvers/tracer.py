"""How solvers report what they do: the `Tracer` protocol and its two implementations.

A solver takes a tracer argument and defaults to `NULL_TRACER`, so untraced solving costs
one attribute check per event. The recording tracer appends into growable numpy columns;
numba kernels get a `KernelBuffer` of preallocated arrays (see `solvers.kernel_trace`) and
hand it back with `absorb`, so a search records events at native speed.

Every captioned step holds at least one event: a step whose caption a viewer would never
read (another captioned step started before any event, or a step started after the last
event) is a solver's mistake, and recording it raises `EmptyStepError` naming the caption,
rather than dropping it silently. A step started with no caption may stay empty: it names
nothing (a caption set later takes its place).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from puzzleviz.solvers.arrays import StateArray
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.kernel_trace import (
    FILL_EMPTY_STEP,
    MAX_COUNTERS,
    KernelBuffer,
    new_kernel_buffer,
)
from puzzleviz.solvers.memory import fitting
from puzzleviz.solvers.trace import NO_CAPTION, Trace, TraceHeader

if TYPE_CHECKING:
    from puzzleviz.solvers.model import PuzzleModel

__all__ = [
    "NULL_TRACER",
    "PEAK_COPIES",
    "EmptyStepError",
    "NullTracer",
    "RecordingTracer",
    "Tracer",
]


class EmptyStepError(ValueError):
    """A solver started a captioned step and recorded no event in it."""

    def __init__(self, caption: str, why: str):
        self.caption = caption
        super().__init__(
            f"the step {render(caption, 'en')!r} has no events ({why}): a step must record "
            "at least one event, or its caption is never shown"
        )


class Tracer(Protocol):
    """What a solver may tell a tracer."""

    enabled: bool

    def emit(self, event: Event) -> None: ...
    def step(self, caption: str = "") -> None: ...
    def milestone(self, kind: str, caption: str = "") -> None: ...
    def count(self, **values: int) -> None: ...
    def start_counts(self, **values: int) -> None: ...
    def begin(self, state: StateArray, **params: Any) -> None: ...
    def annotate(self, **params: Any) -> None: ...
    def intern(self, text: str) -> int: ...
    def kernel_buffer(self, capacity: int | None = None) -> KernelBuffer: ...
    def absorb(self, buffer: KernelBuffer) -> None: ...


class NullTracer:
    """The default tracer: records nothing, costs (almost) nothing."""

    enabled = False

    def emit(self, event: Event) -> None:
        pass

    def step(self, caption: str = "") -> None:
        pass

    def milestone(self, kind: str, caption: str = "") -> None:
        pass

    def count(self, **values: int) -> None:
        pass

    def start_counts(self, **values: int) -> None:
        pass

    def begin(self, state: StateArray, **params: Any) -> None:
        pass

    def annotate(self, **params: Any) -> None:
        pass

    def intern(self, text: str) -> int:
        return NO_CAPTION

    def kernel_buffer(self, capacity: int | None = None) -> KernelBuffer:
        """Room for nothing, but `current` is large enough for any kernel's counters."""
        return new_kernel_buffer(0, width=1, n_counters=MAX_COUNTERS)

    def absorb(self, buffer: KernelBuffer) -> None:
        pass


NULL_TRACER = NullTracer()


PEAK_COPIES = 4  # a kernel buffer, a column and its doubled copy, the finished trace


class _Column:
    """A growable numpy column (amortised doubling), one or two dimensional."""

    def __init__(self, dtype: type[np.integer], width: int | None = None, capacity: int = 1024):
        shape = (capacity,) if width is None else (capacity, width)
        self._data: np.ndarray = np.zeros(shape, dtype=dtype)
        self.size = 0

    def _reserve(self, extra: int) -> None:
        need = self.size + extra
        if need > self._data.shape[0]:
            capacity = max(need, 2 * self._data.shape[0])
            grown = np.zeros((capacity, *self._data.shape[1:]), dtype=self._data.dtype)
            grown[: self.size] = self._data[: self.size]
            self._data = grown

    def append(self, value: Any) -> None:
        self._reserve(1)
        self._data[self.size] = value
        self.size += 1

    def extend(self, values: np.ndarray) -> None:
        self._reserve(len(values))
        self._data[self.size : self.size + len(values)] = values
        self.size += len(values)

    @property
    def last(self) -> Any:
        return self._data[self.size - 1]

    def set_last(self, value: Any) -> None:
        self._data[self.size - 1] = value

    def array(self) -> np.ndarray:
        return self._data[: self.size].copy()


class RecordingTracer:
    """Records events, steps, milestones and counters into a `Trace`.

    `max_events` bounds memory for long searches: beyond it the run continues but nothing
    more is recorded, and the trace says it was truncated. So does the memory budget
    (solvers.memory): the events kept are at most what half of it holds, counting each
    event as often as recording holds it at its peak (a kernel's buffer, the columns while
    they double, the finished trace); `memory_bound` says the budget was the tighter limit.
    """

    enabled = True

    def __init__(
        self,
        model: PuzzleModel,
        *,
        solver: str,
        params: Mapping[str, Any] | None = None,
        seed: int | None = None,
        counters: Sequence[str] = (),
        initial_state: StateArray | None = None,
        max_events: int = 50_000_000,
    ):
        self.model = model
        self.events: EventSet = model.events
        start = model.initial_state() if initial_state is None else initial_state
        self._header = TraceHeader(
            kind=model.kind,
            definition=model.definition(),
            initial_state=tuple(int(v) for v in np.asarray(start).ravel()),
            solver=solver,
            params=dict(params or {}),
            seed=seed,
            counters=tuple(counters),
        )
        self._counter_index = {name: i for i, name in enumerate(counters)}
        self._current = np.zeros(len(counters), dtype=np.int64)
        self._rows = _Column(np.int32, self.events.width)
        self._counters = _Column(np.int64, len(counters))
        self._step_start = _Column(np.int64)
        self._step_caption = _Column(np.int32)
        self._ms_pos = _Column(np.int64)
        self._ms_kind = _Column(np.int32)
        self._ms_caption = _Column(np.int32)
        self._strings: list[str] = []
        self._string_ids: dict[str, int] = {}
        self.max_events = fitting(max_events, PEAK_COPIES * self.event_bytes(), share=0.5)
        self.memory_bound = self.max_events < max_events
        self.truncated = False
        self._initial = np.zeros(len(counters), dtype=np.int64)  # before the first event

    @property
    def n_events(self) -> int:
        return self._rows.size

    def event_bytes(self) -> int:
        """What one kept event takes: its row, its counters, a step and a milestone."""
        return 4 * self.events.width + 8 * len(self._counter_index) + 28

    def intern(self, text: str) -> int:
        if not text:
            return NO_CAPTION
        index = self._string_ids.get(text)
        if index is None:
            index = self._string_ids[text] = len(self._strings)
            self._strings.append(text)
        return index

    def emit(self, event: Event) -> None:
        if self._rows.size >= self.max_events:
            self.truncated = True
            return
        self._rows.append(self.events.encode(event))
        self._counters.append(self._current)

    def step(self, caption: str = "") -> None:
        """Start a new step at the next event; a step with no events yet is renamed (but
        not un-named: a step started without a caption keeps the one it had)."""
        if self.truncated:
            return
        self._begin_step(self._rows.size, self.intern(caption))

    def _begin_step(self, position: int, caption: int) -> None:
        if self._step_start.size and self._step_start.last == position:
            if caption != NO_CAPTION:  # an uncaptioned start keeps the caption already set
                self._check_replaced(int(self._step_caption.last), caption)
                self._step_caption.set_last(caption)
        else:
            self._step_start.append(position)
            self._step_caption.append(caption)

    def milestone(self, kind: str, caption: str = "") -> None:
        """Mark the cursor after the last event; the counters set since that event are its
        statistics (as in solvers.kernel_trace.record_milestone)."""
        if self.truncated:
            return
        if self._rows.size and len(self._current):
            self._counters.set_last(self._current.copy())
        self._ms_pos.append(self._rows.size)
        self._ms_kind.append(self.intern(kind))
        self._ms_caption.append(self.intern(caption))

    def count(self, **values: int) -> None:
        """The statistics that the following events carry."""
        self._set(self._current, values)

    def begin(self, state: StateArray, **params: Any) -> None:
        """The trace starts from `state`, with `params` added to its header: for a search
        that records only part of its run (a window of a long random search), which starts
        where that part starts. Only before the first event."""
        if self._rows.size:
            raise ValueError("a trace's start cannot move once it has events")
        initial = tuple(int(v) for v in np.asarray(state).ravel())
        self._header = dataclasses.replace(
            self._header, initial_state=initial, params={**self._header.params, **params}
        )

    def annotate(self, **params: Any) -> None:
        """Add `params` to the header at any time: what is known only once the run is over
        (a sudoku's rating), so that a player need not work it out again."""
        self._header = dataclasses.replace(self._header, params={**self._header.params, **params})

    def start_counts(self, **values: int) -> None:
        """The statistics before the first event (the givens of a puzzle, say), shown at
        the start of the trace; they also carry over to the first events."""
        self._set(self._initial, values)
        self._set(self._current, values)

    def _set(self, target: np.ndarray, values: Mapping[str, int]) -> None:
        for name, value in values.items():
            try:
                target[self._counter_index[name]] = value
            except KeyError:
                raise ValueError(f"counter {name!r} was not declared") from None

    def kernel_buffer(self, capacity: int | None = None) -> KernelBuffer:
        """Preallocated arrays for a numba kernel; hand them back with `absorb`."""
        room = self.max_events - self._rows.size
        capacity = room if capacity is None else min(capacity, room)
        buffer = new_kernel_buffer(max(capacity, 0), self.events.width, len(self._current))
        buffer.current[:] = self._current
        return buffer

    def absorb(self, buffer: KernelBuffer) -> None:
        """Append what a kernel recorded, continuing the current step."""
        n_events, n_steps, n_milestones, truncated = (int(v) for v in buffer.fill[:4])
        base = self._rows.size
        self._rows.extend(buffer.rows[:n_events])
        self._counters.extend(buffer.counters[:n_events])
        starts = buffer.step_start[:n_steps] + base
        captions = buffer.step_caption[:n_steps]
        if int(buffer.fill[FILL_EMPTY_STEP]):
            lost = self._strings[int(buffer.fill[FILL_EMPTY_STEP]) - 1]
            raise EmptyStepError(lost, "the kernel started another step before any event")
        if n_steps and self._step_start.size and self._step_start.last == starts[0]:
            if captions[0] != NO_CAPTION:  # the kernel renamed our empty step
                self._check_replaced(int(self._step_caption.last), int(captions[0]))
                self._step_caption.set_last(captions[0])
            starts, captions = starts[1:], captions[1:]
        self._step_start.extend(starts)
        self._step_caption.extend(captions)
        self._ms_pos.extend(buffer.milestone_pos[:n_milestones] + base)
        self._ms_kind.extend(buffer.milestone_kind[:n_milestones])
        self._ms_caption.extend(buffer.milestone_caption[:n_milestones])
        self._current[:] = buffer.current
        self.truncated = self.truncated or bool(truncated)

    def _check_replaced(self, old: int, new: int) -> None:
        """A captioned step about to be renamed before any event: an error, as it would
        never be seen (the same caption again loses nothing)."""
        if old != NO_CAPTION and old != new:
            raise EmptyStepError(self._strings[old], "another step started before any event")

    def finish(self) -> Trace:
        n = self._rows.size
        starts = self._step_start.array()
        captions = self._step_caption.array()
        keep = starts < n  # a step opened after the last event holds nothing
        for caption in captions[~keep]:
            if caption != NO_CAPTION and not self.truncated:
                raise EmptyStepError(self._strings[caption], "it was started after the last event")
        starts, captions = starts[keep], captions[keep]
        if n and (starts.size == 0 or starts[0] != 0):
            starts = np.concatenate([[0], starts]).astype(np.int64)
            captions = np.concatenate([[NO_CAPTION], captions]).astype(np.int32)
        header = self._header
        initial = self._initial
        if self.truncated or initial.any():
            header = dataclasses.replace(
                header,
                truncated=self.truncated,
                initial_counters=tuple(int(v) for v in initial) if initial.any() else (),
            )
        return Trace(
            header=header,
            rows=self._rows.array(),
            counters=self._counters.array(),
            step_start=starts,
            step_caption=captions,
            milestone_pos=self._ms_pos.array(),
            milestone_kind=self._ms_kind.array(),
            milestone_caption=self._ms_caption.array(),
            strings=tuple(self._strings),
        )

"""Checks every puzzle's tests run on its model: the trace contract, as assertions.

    assert_invertible(model, state, event)     revert(apply(s, e)) == s, and apply changes
                                               nothing it should not (the event round-trips
                                               through its encoded row)
    assert_walk_invertible(model, start, evs)  the same along a whole sequence of events
    assert_trace_replays(trace, model, final)  replaying every row reaches the solver's final
                                               state, per event and in bulk, and reverting
                                               everything returns to the start; the rows pass
                                               the model's declared ranges

Puzzle tests feed these from hypothesis strategies of their own.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from puzzleviz.solvers.arrays import StateArray
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracecheck import check_rows


def _diff(a: StateArray, b: StateArray) -> str:
    where = np.flatnonzero(a != b)[:8]
    return ", ".join(f"[{i}] {a[i]} != {b[i]}" for i in where)


def assert_invertible(model: PuzzleModel, state: StateArray, event: Event) -> StateArray:
    """Apply then revert `event` on a copy of `state`; return the state after applying."""
    row = np.asarray(model.events.encode(event), dtype=np.int32)
    assert model.events.decode(row) == event, f"{event!r} does not survive encoding"
    before = np.array(state, dtype=STATE_DTYPE, copy=True)
    work = before.copy()
    model.apply(work, event)
    after = work.copy()
    model.revert(work, event)
    assert np.array_equal(work, before), f"revert does not undo {event!r}: {_diff(work, before)}"
    bulk = before.copy()
    model.apply_rows(bulk, row[None, :])
    assert np.array_equal(bulk, after), f"apply_rows disagrees with apply on {event!r}"
    model.revert_rows(bulk, row[None, :])
    assert np.array_equal(bulk, before), f"revert_rows does not undo {event!r}"
    return after


def assert_walk_invertible(model: PuzzleModel, start: StateArray, events: Iterable[Event]) -> None:
    state = np.array(start, dtype=STATE_DTYPE, copy=True)
    applied: list[Event] = []
    for event in events:
        state = assert_invertible(model, state, event)
        applied.append(event)
    for event in reversed(applied):
        model.revert(state, event)
    assert np.array_equal(state, start), "reverting the whole walk does not reach its start"


def assert_trace_replays(trace: Trace, model: PuzzleModel, final_state: StateArray) -> None:
    start = np.array(trace.header.initial_state, dtype=STATE_DTYPE)
    model.check_state(start)
    check_rows(model, trace)  # a file of this very trace would load
    one_by_one = start.copy()
    for event in model.events.decode_rows(trace.rows):
        model.apply(one_by_one, event)
    final = np.asarray(final_state, dtype=STATE_DTYPE)
    assert np.array_equal(one_by_one, final), (
        f"replaying the trace does not reach the solver's final state: {_diff(one_by_one, final)}"
    )
    bulk = start.copy()
    model.apply_rows(bulk, trace.rows)
    assert np.array_equal(bulk, final), "apply_rows on the whole trace disagrees with apply"
    model.revert_rows(bulk, trace.rows)
    assert np.array_equal(bulk, start), "reverting the whole trace does not reach its start"

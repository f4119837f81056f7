from __future__ import annotations

import json

import numpy as np
import pytest
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import record_event, record_milestone, record_step
from puzzleviz.solvers.modelcheck import assert_trace_replays, assert_walk_invertible
from puzzleviz.solvers.trace import NO_CAPTION, TraceHeader
from puzzleviz.solvers.tracer import NULL_TRACER, RecordingTracer

from tests.toy import Add, Swap, ToyModel

ADD_OP = Add.OP


def record_small() -> RecordingTracer:
    tracer = RecordingTracer(ToyModel(3), solver="test", counters=("nodes",), seed=7)
    tracer.step("first")
    tracer.count(nodes=1)
    tracer.emit(Add(0, 5))
    tracer.emit(Swap(0, 2))
    tracer.milestone("solution", "found one")
    tracer.step()  # an uncaptioned start names nothing: the next caption takes it
    tracer.step("second")
    tracer.count(nodes=2)
    tracer.emit(Add(1, 1))
    tracer.step()  # an uncaptioned step after the last event holds nothing: dropped
    return tracer


def test_recording_tracer_builds_steps_milestones_and_counters():
    trace = record_small().finish()
    assert trace.n_events == 3
    assert trace.rows.tolist() == [[0, 0, 5], [1, 0, 2], [0, 1, 1]]
    assert trace.step_start.tolist() == [0, 2]
    assert [trace.step_caption_text(s) for s in range(2)] == ["first", "second"]
    assert trace.step_range(1) == (2, 3)
    assert trace.step_of(0) == 0 and trace.step_of(2) == 1 and trace.step_of(3) == 1
    assert trace.milestones() == [(2, "solution", "found one")]
    assert trace.counters_at(0) == {"nodes": 0}
    assert trace.counters_at(2) == {"nodes": 1}
    assert trace.counters_at(3) == {"nodes": 2}
    assert trace.header.seed == 7 and trace.header.counters == ("nodes",)


def test_start_counts_are_the_statistics_before_the_first_event():
    tracer = RecordingTracer(ToyModel(3), solver="test", counters=("placed", "nodes"))
    tracer.start_counts(placed=17)
    tracer.step("first")
    tracer.emit(Add(0, 1))
    tracer.count(nodes=1)
    tracer.emit(Add(1, 1))
    trace = tracer.finish()
    assert trace.counters_at(0) == {"placed": 17, "nodes": 0}
    assert trace.counters_at(1) == {"placed": 17, "nodes": 0}
    assert trace.counters_at(2) == {"placed": 17, "nodes": 1}
    again = TraceHeader.from_json(json.loads(json.dumps(trace.header.to_json())))
    assert again.initial_counters == (17, 0)


def test_events_before_the_first_step_get_an_untitled_step():
    tracer = RecordingTracer(ToyModel(), solver="test")
    tracer.emit(Add(0, 1))
    tracer.step("later")
    tracer.emit(Add(0, 1))
    trace = tracer.finish()
    assert trace.step_start.tolist() == [0, 1]
    assert trace.step_caption[0] == NO_CAPTION


def test_max_events_truncates_instead_of_failing():
    tracer = RecordingTracer(ToyModel(), solver="test", max_events=2)
    for _ in range(5):
        tracer.emit(Add(0, 1))
    trace = tracer.finish()
    assert trace.n_events == 2 and trace.header.truncated


def test_undeclared_counter_is_an_error():
    tracer = RecordingTracer(ToyModel(), solver="test", counters=("nodes",))
    with pytest.raises(ValueError, match="depth"):
        tracer.count(depth=3)


def test_null_tracer_accepts_everything():
    NULL_TRACER.step("x")
    NULL_TRACER.emit(Add(0, 1))
    NULL_TRACER.milestone("solution")
    NULL_TRACER.count(nodes=3)
    buffer = NULL_TRACER.kernel_buffer()
    assert _fill_kernel(buffer, 10, 0, 0) == 0
    NULL_TRACER.absorb(buffer)


@njit(cache=True)
def _fill_kernel(buf, n, step_caption, kind):
    """Adds 1 to slot i % 3 for i < n, a step every 4 events, a milestone at the end."""
    recorded = 0
    for i in range(n):
        if i % 4 == 0:
            record_step(buf, step_caption)
        buf.current[0] = i + 1
        if record_event(buf, ADD_OP, i % 3, 1):
            recorded += 1
    record_milestone(buf, kind, -1)
    return recorded


def test_kernel_events_continue_the_python_trace():
    model = ToyModel(3)
    tracer = RecordingTracer(model, solver="test", counters=("nodes",))
    tracer.step("python")
    tracer.emit(Swap(0, 1))
    buffer = tracer.kernel_buffer()
    caption, kind = tracer.intern("kernel step"), tracer.intern("done")
    assert _fill_kernel(buffer, 10, caption, kind) == 10
    tracer.absorb(buffer)
    tracer.emit(Swap(1, 2))
    trace = tracer.finish()
    assert trace.n_events == 12
    # The kernel's first step starts at row 1; then every 4 events.
    assert trace.step_start.tolist() == [0, 1, 5, 9]
    assert trace.step_caption_text(2) == "kernel step"
    assert trace.milestones() == [(11, "done", "")]
    assert trace.counters_at(11) == {"nodes": 10}
    final = np.array([4, 3, 3], dtype=np.int32)  # slots 0, 1, 2 got 4, 3, 3 adds
    assert_trace_replays(trace, model, final)


def test_kernel_buffer_truncates_at_the_tracers_limit():
    tracer = RecordingTracer(ToyModel(3), solver="test", counters=("nodes",), max_events=6)
    tracer.emit(Swap(0, 1))
    buffer = tracer.kernel_buffer()
    assert _fill_kernel(buffer, 20, -1, 0) == 5
    tracer.absorb(buffer)
    trace = tracer.finish()
    assert trace.n_events == 6 and trace.header.truncated
    assert trace.n_milestones == 0  # nothing is recorded once the buffer is full


def test_modelcheck_catches_a_broken_revert():
    class Broken(ToyModel):
        def revert(self, state, event):  # forgets Swap
            if isinstance(event, Add):
                state[event.slot] -= event.amount

    start = np.array([1, 2, 3, 4], dtype=np.int32)
    assert_walk_invertible(ToyModel(), start, [Add(0, 2), Swap(1, 3), Add(3, -1)])
    with pytest.raises(AssertionError, match="revert does not undo Swap"):
        assert_walk_invertible(Broken(), start, [Add(0, 2), Swap(1, 3)])


def test_an_uncaptioned_step_start_keeps_the_caption_already_set():
    tracer = RecordingTracer(ToyModel(3), solver="test", counters=("nodes",))
    tracer.step("the solver's own words")
    buffer = tracer.kernel_buffer()
    _fill_kernel(buffer, 4, -1, tracer.intern("done"))  # its first step has no caption
    tracer.absorb(buffer)
    tracer.step("named")
    tracer.step("")
    tracer.emit(Add(0, 1))
    trace = tracer.finish()
    assert trace.step_caption_text(0) == "the solver's own words"
    assert trace.step_caption_text(1) == "named"


def test_a_milestone_shows_the_counts_it_was_reached_with():
    """A solver counts what it found, then marks it: the title row at the milestone already
    shows the count, in Python as from a kernel."""
    tracer = RecordingTracer(ToyModel(3), solver="test", counters=("nodes", "found"))
    tracer.step("search")
    tracer.emit(Add(0, 1))
    tracer.count(found=1)
    tracer.milestone("solution", "the first")
    tracer.emit(Add(1, 1))
    buffer = tracer.kernel_buffer()
    _kernel_finds_one(buffer, tracer.intern("solution"))
    tracer.absorb(buffer)
    trace = tracer.finish()
    assert trace.milestone_pos.tolist() == [1, 3]
    assert trace.counters_at(1) == {"nodes": 0, "found": 1}
    assert trace.counters_at(3) == {"nodes": 7, "found": 2}


@njit(cache=True)
def _kernel_finds_one(buffer, kind):
    record_event(buffer, ADD_OP, 2, 1, 0, 0, 0, 0)
    buffer.current[0] = 7
    buffer.current[1] = 2
    record_milestone(buffer, kind, -1)

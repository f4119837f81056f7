"""A step with no events is an error when it is recorded, not a caption that vanishes.

A captioned step that another captioned step replaces before any event, or that is
started after the last event, would never be shown: the tracer raises EmptyStepError
naming its caption, whether Python or a numba kernel recorded it.
"""

from __future__ import annotations

import pytest
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import KernelBuffer, record_event, record_step
from puzzleviz.solvers.tracer import EmptyStepError, RecordingTracer

from tests.toy import Add, ToyModel

ADD_OP = Add.OP


def tracer() -> RecordingTracer:
    return RecordingTracer(ToyModel(3), solver="toy.test")


def test_a_captioned_step_replaced_before_any_event_is_an_error_naming_it():
    recording = tracer()
    recording.step("Row 1: a dead end")
    with pytest.raises(EmptyStepError, match="'Row 1: a dead end' has no events"):
        recording.step("Row 2")


def test_a_captioned_step_after_the_last_event_is_an_error_at_finish():
    recording = tracer()
    recording.step("first")
    recording.emit(Add(0, 1))
    recording.step(msg("Finished: {n} moves", n=3))
    with pytest.raises(EmptyStepError, match="'Finished: 3 moves' has no events"):
        recording.finish()


def test_steps_that_lose_no_caption_are_allowed():
    recording = tracer()
    recording.step()  # no caption: names nothing
    recording.step("first")
    recording.step("first")  # the same caption again
    recording.step("")  # an uncaptioned start keeps "first"
    recording.emit(Add(0, 1))
    recording.step()  # an uncaptioned step after the last event
    trace = recording.finish()
    assert trace.step_start.tolist() == [0]
    assert trace.step_caption_text(0) == "first"


def test_a_truncated_trace_may_end_on_an_empty_step():
    recording = RecordingTracer(ToyModel(3), solver="toy.test", max_events=1)
    recording.step("first")
    recording.emit(Add(0, 1))
    recording.step("cut off")
    recording.emit(Add(0, 1))  # beyond max_events: the trace is truncated here
    assert recording.finish().header.truncated


@njit(cache=True)
def _two_steps(buf: KernelBuffer, first: int, second: int, events_between: int) -> None:
    record_step(buf, first)
    for _ in range(events_between):
        record_event(buf, ADD_OP, 0, 1)
    record_step(buf, second)
    record_event(buf, ADD_OP, 1, 1)


def test_a_kernel_step_replaced_before_any_event_is_an_error_at_absorb():
    recording = tracer()
    buffer = recording.kernel_buffer()
    _two_steps(buffer, recording.intern("Kernel row 1"), recording.intern("Kernel row 2"), 0)
    with pytest.raises(EmptyStepError, match="'Kernel row 1' has no events"):
        recording.absorb(buffer)


def test_a_kernel_step_with_events_records_as_before():
    recording = tracer()
    buffer = recording.kernel_buffer()
    _two_steps(buffer, recording.intern("Kernel row 1"), recording.intern("Kernel row 2"), 2)
    recording.absorb(buffer)
    trace = recording.finish()
    assert trace.step_start.tolist() == [0, 2]
    assert [trace.step_caption_text(s) for s in range(2)] == ["Kernel row 1", "Kernel row 2"]


def test_a_kernel_step_that_renames_a_captioned_python_step_is_an_error():
    recording = tracer()
    recording.step("the Python step")
    buffer = recording.kernel_buffer()
    _two_steps(buffer, recording.intern("Kernel row 1"), recording.intern("Kernel row 2"), 1)
    with pytest.raises(EmptyStepError, match="'the Python step' has no events"):
        recording.absorb(buffer)


def test_the_null_tracer_checks_nothing():
    from puzzleviz.solvers.tracer import NULL_TRACER

    NULL_TRACER.step("a")
    NULL_TRACER.step("b")
    buffer = NULL_TRACER.kernel_buffer()
    _two_steps(buffer, 0, 1, 0)
    NULL_TRACER.absorb(buffer)

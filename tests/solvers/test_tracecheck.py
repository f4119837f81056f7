"""A loaded trace's contents checked against its model (solvers.tracecheck): the first event
a model could not replay is named in one line, by its number, kind and fields."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from puzzleviz.solvers.errors import TraceError
from puzzleviz.solvers.queens.model import Conflict, Place, QueensModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracecheck import RowTable, check_contents, check_rows
from puzzleviz.solvers.tracer import RecordingTracer

from tests.toy import Add, Swap, ToyModel


def _toy_trace(*events) -> Trace:
    tracer = RecordingTracer(ToyModel(4), solver="t")
    tracer.step("s")
    for event in events:
        tracer.emit(event)
    return tracer.finish()


def _with_rows(trace: Trace, rows: list[list[int]]) -> Trace:
    return dataclasses.replace(trace, rows=np.array(rows, dtype=np.int32))


def test_a_model_that_declares_nothing_is_checked_by_replaying_its_events():
    trace = _toy_trace(Add(1, 5), Swap(0, 3))
    check_contents(trace)
    broken = _with_rows(trace, [[0, 1, 5], [1, 0, 99]])
    with pytest.raises(TraceError, match=r"^event 1 \(Swap i=0 j=99\) cannot be replayed"):
        check_contents(broken)


def test_an_unknown_op_code_is_named_with_the_ops_there_are():
    trace = _toy_trace(Add(1, 5), Swap(0, 3))
    with pytest.raises(TraceError, match=r"event 0 \(op code 7\) cannot be replayed"):
        check_contents(_with_rows(trace, [[7, 1, 5], [1, 0, 3]]))


def _queens_trace(rows: list[list[int]]) -> Trace:
    model = QueensModel(4)
    tracer = RecordingTracer(model, solver="t")
    tracer.step("s")
    for _ in rows:
        tracer.emit(Place(0, 1))
    return _with_rows(tracer.finish(), rows)


@pytest.mark.parametrize(
    ("row", "said"),
    [
        ([0, 4, 1, 0, 0], r"event 0 \(Place row=4 col=1\): row is 4, not 0\.\.3"),
        ([0, 0, -1, 0, 0], r"col is -1, not 0\.\.3"),
        ([2, 0, 1, 0, 9], r"\(Conflict row=0 col=1 by_row=0 by_col=9\): by_col is 9"),
        ([4, 0, 1, 0, 0], r"event 0 \(op code 4\): no event has this op code \(they are 0 "),
        ([-7, 0, 1, 0, 0], r"op code -7"),
    ],
)
def test_a_field_out_of_its_range_is_named_with_the_range(row, said):
    with pytest.raises(TraceError, match=said):
        check_rows(QueensModel(4), _queens_trace([row]))


def test_padding_columns_take_anything_and_the_first_bad_row_is_named():
    """Place has two fields: its last two columns are padding, which no kernel reads."""
    check_rows(QueensModel(4), _queens_trace([[0, 1, 2, 77, -5], [2, 3, 3, 0, 0]]))
    rows = [[0, 1, 2, 0, 0]] * 5 + [[1, 9, 0, 0, 0], [0, 9, 0, 0, 0]]
    with pytest.raises(TraceError, match=r"^event 5 \(Remove"):
        check_rows(QueensModel(4), _queens_trace(rows))


def test_a_declared_field_that_the_event_lacks_is_a_programming_error():
    with pytest.raises(ValueError, match="Conflict has no field 'square'"):
        RowTable.of(QueensModel(4).events, {Conflict: {"square": range(4)}})


def test_a_cross_field_fault_is_named_at_its_row():
    """The digits demo's pieces have different numbers of orientations: one beyond a
    piece's own is refused though it is within the largest."""
    from puzzleviz.solvers.digits.model import DigitsModel
    from puzzleviz.solvers.digits.model import Place as DigitPlace

    model = DigitsModel()
    _, _, _, counts = model._shapes
    piece = int(np.argmin(counts))
    tracer = RecordingTracer(model, solver="t")
    tracer.step("s")
    tracer.emit(DigitPlace(0, 0, 0, 0))
    tracer.emit(DigitPlace(0, 0, 0, 0))
    trace = _with_rows(tracer.finish(), [[0, 0, 0, 0, 0], [0, piece, int(counts[piece]), 0, 0]])
    with pytest.raises(TraceError, match=r"^event 1 \(Place .*no such orientation"):
        check_rows(model, trace)

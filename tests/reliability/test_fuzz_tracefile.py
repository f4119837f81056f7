"""The trace reader against damaged files: truncated anywhere, any bit flipped, bytes
appended. Each is one TraceError line; a file that is not what was written is never
accepted (issue 19: a trace with junk appended used to load silently)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import TraceError
from puzzleviz.solvers.tracefile import load_trace, parse_trace, trace_bytes
from puzzleviz.solvers.tracer import RecordingTracer

from tests.toy import Add, ToyModel


def _good() -> bytes:
    tracer = RecordingTracer(ToyModel(4), solver="fuzz", counters=("n",), params={"p": 1})
    for i in range(7):
        tracer.step(f"step {i}")
        tracer.emit(Add(i % 4, i))
        tracer.count(n=i)
    tracer.milestone("solution", "done")
    return trace_bytes(tracer.finish())


GOOD = _good()


def _refused(data: bytes) -> str:
    with pytest.raises(TraceError) as caught:
        parse_trace(data)
    message = str(caught.value)
    assert message and "\n" not in message
    return message


def test_the_good_file_loads():
    assert parse_trace(GOOD).n_events == 7


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(GOOD) - 1))
def test_a_truncated_file_is_refused(length):
    _refused(GOOD[:length])


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(GOOD) * 8 - 1))
def test_any_flipped_bit_is_refused(bit):
    data = bytearray(GOOD)
    data[bit // 8] ^= 1 << (bit % 8)
    _refused(bytes(data))


@settings(max_examples=60, deadline=None)
@given(st.binary(min_size=1, max_size=200))
def test_appended_bytes_are_refused(junk):
    assert "after its end" in _refused(GOOD + junk)


def test_two_files_joined_are_refused():
    assert "joined with another file" in _refused(GOOD + GOOD)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_are_refused(data):
    _refused(data)


def test_the_error_names_the_file(tmp_path):
    path = tmp_path / "damaged.pzt"
    path.write_bytes(GOOD + b"junk")
    with pytest.raises(TraceError, match=f"^{path}: damaged trace file"):
        load_trace(path)


def test_every_byte_is_covered_by_a_check():
    """No byte of the file escapes: flipping the top bit of any one of them is refused."""
    for position in range(len(GOOD)):
        data = bytearray(GOOD)
        data[position] ^= 0x80
        _refused(bytes(data))

from __future__ import annotations

import json
import struct

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import TraceError
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracefile import MAGIC, load_trace, parse_trace, save_trace, trace_bytes
from puzzleviz.solvers.tracer import RecordingTracer

from tests.toy import Add, ToyModel


def assert_same_trace(a: Trace, b: Trace) -> None:
    assert a.header == b.header
    assert a.strings == b.strings
    for name in Trace.ARRAY_FIELDS:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
        assert getattr(a, name).dtype == getattr(b, name).dtype, name


# A program of tracer calls: ("e", slot, amount) | ("s", caption) | ("m", kind) | ("c", n);
# each step gets an event after it (a step with no event is refused when recorded)
_AN_EVENT = (("e", 0, 1),)
calls = st.lists(
    st.one_of(
        st.tuples(st.just("e"), st.integers(0, 3), st.integers(-(2**31), 2**31 - 1)),
        st.tuples(st.just("s"), st.sampled_from(["", "a", "b", "ünïcødé ✓"])),
        st.tuples(st.just("m"), st.sampled_from(["solution", "restart"])),
        st.tuples(st.just("c"), st.integers(0, 2**62)),
    ),
    max_size=60,
).map(lambda program: [c for call in program for c in (call, *_AN_EVENT * (call[0] == "s"))])


def run_program(program) -> Trace:
    tracer = RecordingTracer(ToyModel(4), solver="prog", counters=("n",), params={"p": 1})
    for call in program:
        if call[0] == "e":
            tracer.emit(Add(call[1], call[2]))
        elif call[0] == "s":
            tracer.step(call[1])
        elif call[0] == "m":
            tracer.milestone(call[1], "caption")
        else:
            tracer.count(n=call[1])
    return tracer.finish()


@settings(max_examples=60, deadline=None)
@given(calls)
def test_any_recorded_trace_survives_the_file_unchanged(program):
    trace = run_program(program)
    assert_same_trace(parse_trace(trace_bytes(trace)), trace)


def test_same_run_gives_the_same_bytes(tmp_path):
    program = [("s", "x"), ("e", 1, 3), ("m", "solution"), ("e", 2, 4)]
    first = save_trace(run_program(program), tmp_path / "a.pzt").read_bytes()
    second = save_trace(run_program(program), tmp_path / "b.pzt").read_bytes()
    assert first == second


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path):
    trace = run_program([("e", 0, 1)])
    target = tmp_path / "t.pzt"
    target.write_bytes(b"old contents")
    save_trace(trace, target)
    assert [p.name for p in tmp_path.iterdir()] == ["t.pzt"]
    assert_same_trace(load_trace(target), trace)


@pytest.fixture
def good_bytes() -> bytes:
    return trace_bytes(run_program([("s", "x"), ("e", 1, 3), ("e", 2, 4), ("m", "solution")]))


def test_missing_file(tmp_path):
    with pytest.raises(TraceError, match="no such trace file"):
        load_trace(tmp_path / "nope.pzt")


def test_not_a_trace(tmp_path):
    (tmp_path / "x.pzt").write_text("hello, I am a text file")
    with pytest.raises(TraceError, match="not a puzzleviz trace file"):
        load_trace(tmp_path / "x.pzt")


@pytest.mark.parametrize("keep", [4, 20, 100, -1])
def test_truncated_anywhere(good_bytes, keep):
    with pytest.raises(TraceError, match="truncated"):
        parse_trace(good_bytes[:keep])


def array_offset(data: bytes, name: str) -> int:
    length = struct.unpack_from("<I", data, 12)[0]
    document = json.loads(data[24 : 24 + length])
    (descriptor,) = [a for a in document["arrays"] if a["name"] == name]
    return -(-(24 + length) // 64) * 64 + descriptor["offset"]


def test_corrupt_array_bytes_fail_their_checksum(good_bytes):
    damaged = bytearray(good_bytes)
    damaged[array_offset(good_bytes, "rows") + 5] ^= 0xFF
    with pytest.raises(TraceError, match=r"corrupt trace file .*checksum"):
        parse_trace(bytes(damaged))


def test_corrupt_header_fails_its_checksum(good_bytes):
    damaged = bytearray(good_bytes)
    damaged[30] ^= 0x01
    with pytest.raises(TraceError, match="header checksum"):
        parse_trace(bytes(damaged))


def test_other_format_version(good_bytes):
    newer = good_bytes[:8] + struct.pack("<I", 99) + good_bytes[12:]
    with pytest.raises(TraceError, match="version 99 is newer"):
        parse_trace(newer)


def rewrite_header(data: bytes, change) -> bytes:
    import zlib

    length = struct.unpack_from("<I", data, 12)[0]
    document = json.loads(data[24 : 24 + length])
    change(document)
    header = json.dumps(document, sort_keys=True, separators=(",", ":")).encode()
    assert len(header) <= length, "test helper keeps the header from growing"
    header = header + b" " * (length - len(header))
    prefix = MAGIC + struct.pack("<III4x", 1, length, zlib.crc32(header))
    return prefix + header + data[24 + length :]


def test_unknown_puzzle_kind(good_bytes):
    data = rewrite_header(good_bytes, lambda d: d["trace"].update(kind="zzz"))
    with pytest.raises(TraceError, match="unknown puzzle kind 'zzz'"):
        parse_trace(data)


def test_inconsistent_arrays_are_refused(good_bytes):
    def break_steps(document):
        for array in document["arrays"]:
            if array["name"] == "milestone_pos":
                array["shape"] = [0]
                array["nbytes"] = 0
                array["crc32"] = 0

    with pytest.raises(TraceError, match="milestone arrays have different lengths"):
        parse_trace(rewrite_header(good_bytes, break_steps))


# -- files from anyone (issue 31) ---------------------------------------------------------


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe.pzt")
    with pytest.raises(TraceError, match="is a FIFO"):
        load_trace(tmp_path / "pipe.pzt")


def test_a_device_is_refused_before_it_is_read():
    with pytest.raises(TraceError, match="/dev/zero: is a device"):
        load_trace("/dev/zero")


def test_a_file_over_the_limit_is_refused_by_its_size(tmp_path, monkeypatch, good_bytes):
    import puzzleviz.solvers.tracefile as tracefile

    path = tmp_path / "t.pzt"
    path.write_bytes(good_bytes)
    monkeypatch.setattr(tracefile, "MAX_TRACE_BYTES", len(good_bytes) - 1)
    with pytest.raises(TraceError, match=r"more than the .* a trace file may hold"):
        load_trace(path)


def test_a_big_file_has_its_checksums_checked_while_streaming(tmp_path, monkeypatch, good_bytes):
    """Above the streaming threshold a damaged array is refused by the streaming pass, and
    a whole file loads the same as in one read."""
    import puzzleviz.solvers.tracefile as tracefile

    monkeypatch.setattr(tracefile, "_STREAM_CHECK", 0)
    seen = []
    stream = tracefile._stream_checksums
    monkeypatch.setattr(tracefile, "_stream_checksums", lambda *a: seen.append(stream(*a)))
    path = tmp_path / "t.pzt"
    path.write_bytes(good_bytes)
    assert_same_trace(load_trace(path), parse_trace(good_bytes))
    assert seen, "the streaming pass did not run"
    damaged = bytearray(good_bytes)
    damaged[array_offset(good_bytes, "rows") + 5] ^= 0xFF
    path.write_bytes(bytes(damaged))
    with pytest.raises(TraceError, match="rows array fails its checksum"):
        load_trace(path)


@pytest.mark.parametrize("number", [float("nan"), float("inf"), -float("inf")])
def test_a_non_finite_number_in_a_header_is_refused_on_load_and_never_written(number):
    import dataclasses

    from tests.reliability.crafted import Parts

    trace = run_program([("e", 1, 3)])
    crafted = Parts.of(trace)
    crafted.header["params"]["se"] = number
    with pytest.raises(TraceError, match="is not allowed in a trace"):
        parse_trace(crafted.to_bytes())
    header = dataclasses.replace(trace.header, params={"se": number})
    arrays = {name: getattr(trace, name) for name in Trace.ARRAY_FIELDS}
    with pytest.raises(TraceError, match="cannot be written"):
        trace_bytes(Trace(header=header, strings=trace.strings, **arrays))


def test_a_header_entry_of_the_wrong_type_is_not_coerced(good_bytes):
    data = rewrite_header(good_bytes, lambda d: d["trace"].update(seed="7"))
    with pytest.raises(TraceError, match="seed must hold whole numbers"):
        parse_trace(data)

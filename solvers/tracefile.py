"""Trace files: one versioned file per trace, written atomically, validated on load.

Layout (little-endian):

    bytes 0-7    magic b"PZVTRACE"
    bytes 8-11   format version (uint32)
    bytes 12-15  length of the header in bytes (uint32)
    bytes 16-19  CRC-32 of the header (uint32)
    bytes 20-23  reserved, zero
    header       UTF-8 JSON: the TraceHeader, the string table and, per array,
                 its dtype, shape, offset, byte length and CRC-32
    arrays       raw little-endian arrays, each starting on a 64-byte boundary

The bytes depend only on the trace, never on the time or machine, so the same solver run
gives the same file. Every way a file can be wrong maps to one clear TraceError line.

Traces come from anyone (a download, a mail), so reading trusts nothing: only a regular
file is read (a FIFO would wait for a writer, /dev/zero would fill the memory), at most
MAX_TRACE_BYTES of it, and in order of cost: the 24 first bytes, then the header, then the
arrays only once the header says they fill the file exactly; a big file's checksums are
checked in a streaming pass before any memory is given to its arrays. What the arrays hold
is checked against the puzzle's model (solvers.tracecheck) before anything replays them.
"""

from __future__ import annotations

import json
import math
import os
import stat
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from puzzleviz.solvers.atomic import write_bytes
from puzzleviz.solvers.errors import OutputError, TraceError, UnknownPuzzleError
from puzzleviz.solvers.model import PuzzleModel, model_class
from puzzleviz.solvers.trace import FORMAT_VERSION, Trace, TraceHeader

MAGIC = b"PZVTRACE"
_PREFIX = struct.Struct("<8sIII4x")
_ALIGN = 64
MAX_TRACE_BYTES = 2 << 30  # 2 GiB: some 40 million events with their counters
_PIECE = 16 << 20  # bytes read at a time
_STREAM_CHECK = 64 << 20  # files above this have their checksums checked before loading
# The arrays of a trace, in file order, with the one dtype and number of axes each has.
_ARRAYS: dict[str, tuple[str, int]] = {
    "rows": ("<i4", 2),
    "counters": ("<i8", 2),
    "step_start": ("<i8", 1),
    "step_caption": ("<i4", 1),
    "milestone_pos": ("<i8", 1),
    "milestone_kind": ("<i4", 1),
    "milestone_caption": ("<i4", 1),
}


def _aligned(offset: int) -> int:
    return -(-offset // _ALIGN) * _ALIGN


def _no_constant(name: str) -> float:
    raise ValueError(f"the number {name} is not allowed in a trace (JSON has no such number)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} is too large for a trace")
    return value


def strict_json(text: str) -> Any:
    """JSON as the standard defines it: Python's reader also takes NaN and Infinity, and
    reads 1e999 as infinity, which no other reader (nor our own export) would accept back."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite)


def file_bytes(document: dict[str, Any], arrays: Sequence[np.ndarray]) -> bytes:
    """The bytes of a trace file holding `document` (its "trace" and "strings" entries)
    and `arrays` in the order of Trace.ARRAY_FIELDS, with the descriptors and checksums
    filled in. trace_bytes writes every trace through it; tests craft files with it."""
    arrays = [np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<"), copy=False) for a in arrays]
    # Offsets depend on the header's length, which depends on the offsets: lay the arrays
    # out relative to the first array, then shift them once the header length is known.
    relative, position = [], 0
    for array in arrays:
        relative.append(position)
        position = _aligned(position + array.nbytes)
    descriptors = [
        {
            "name": name,
            "dtype": array.dtype.str,
            "shape": list(array.shape),
            "offset": offset,
            "nbytes": array.nbytes,
            "crc32": zlib.crc32(array.data),
        }
        for name, array, offset in zip(Trace.ARRAY_FIELDS, arrays, relative, strict=True)
    ]
    header = json.dumps(
        {**document, "arrays": descriptors},
        sort_keys=True,
        ensure_ascii=False,
        separators=(",", ":"),
        allow_nan=False,
    )
    header_bytes = header.encode("utf-8")
    data_start = _aligned(_PREFIX.size + len(header_bytes))
    parts = [
        _PREFIX.pack(MAGIC, FORMAT_VERSION, len(header_bytes), zlib.crc32(header_bytes)),
        header_bytes,
        b"\0" * (data_start - _PREFIX.size - len(header_bytes)),
    ]
    written = 0
    for array, offset in zip(arrays, relative, strict=True):
        parts.append(b"\0" * (offset - written))
        parts.append(array.tobytes())
        written = offset + array.nbytes
    return b"".join(parts)


def trace_bytes(trace: Trace) -> bytes:
    """The exact bytes of the file for `trace`."""
    document = {"trace": trace.header.to_json(), "strings": list(trace.strings)}
    try:
        data = file_bytes(document, [getattr(trace, name) for name in Trace.ARRAY_FIELDS])
    except ValueError as exc:  # a NaN among the parameters: no reader could take it back
        raise TraceError(f"the trace cannot be written: its header {exc}") from None
    if len(data) > MAX_TRACE_BYTES:
        raise OutputError(
            f"the trace would take {len(data):,} bytes, more than the {_limit_words()} a trace "
            f"file may hold: record fewer events (--max-events)"
        )
    return data


def save_trace(trace: Trace, path: str | os.PathLike[str]) -> Path:
    """Write the trace file atomically (the old file stays whole until the new one is)."""
    return write_bytes(path, trace_bytes(trace))


def _limit_words() -> str:
    return f"{MAX_TRACE_BYTES / (1 << 30):g} GiB"


# -- reading ---------------------------------------------------------------------------------


class _Source(Protocol):
    """Where the bytes come from: a file read in pieces, or bytes in memory."""

    size: int

    def read(self, offset: int, length: int) -> bytes | bytearray | memoryview: ...


class _Memory:
    def __init__(self, data: bytes | bytearray | memoryview):
        self.view = memoryview(data)
        self.size = len(self.view)

    def read(self, offset: int, length: int) -> memoryview:
        return self.view[offset : offset + length]


class _File:
    """A regular file read with pread, a piece at a time (no read asks for more than
    _PIECE bytes, so a short read or an I/O error is seen where it happens)."""

    def __init__(self, fd: int, size: int):
        self.fd = fd
        self.size = size

    def read(self, offset: int, length: int) -> memoryview:
        length = max(0, min(length, self.size - offset))
        out = np.empty(length, dtype=np.uint8)  # not zeroed first: it is read over at once
        view = out.data.cast("B")
        self.read_into(offset, view)
        return view

    def read_into(self, offset: int, view: memoryview) -> None:
        done, length = 0, len(view)
        while done < length:
            piece = os.preadv(self.fd, [view[done : done + _PIECE]], offset + done)
            if piece == 0:  # the file shrank while it was read
                raise TraceError("the file changed while it was read (it is shorter now)")
            done += piece


_KINDS = (
    (stat.S_ISDIR, "is a folder, not a trace file"),
    (stat.S_ISFIFO, "is a FIFO (a named pipe), not a trace file: save the trace to a file first"),
    (stat.S_ISCHR, "is a device, not a trace file"),
    (stat.S_ISBLK, "is a device, not a trace file"),
    (stat.S_ISSOCK, "is a socket, not a trace file"),
)


def _open_regular(source: Path) -> tuple[int, int]:
    """(descriptor, size) of a regular trace file, opened without blocking: a FIFO or a
    device is refused by what it is before a byte is read from it."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(source, flags)
    except FileNotFoundError:
        raise TraceError("no such trace file") from None
    except IsADirectoryError:
        raise TraceError("is a folder, not a trace file") from None
    except OSError as exc:
        raise TraceError(f"cannot read ({(exc.strerror or str(exc)).lower()})") from None
    try:
        info = os.fstat(fd)
        for test, words in _KINDS:
            if test(info.st_mode):
                raise TraceError(words)
        if not stat.S_ISREG(info.st_mode):
            raise TraceError("is not a regular file, not a trace file")
        if info.st_size > MAX_TRACE_BYTES:
            raise TraceError(
                f"the file has {info.st_size:,} bytes, more than the {_limit_words()} a trace "
                f"file may hold"
            )
    except BaseException:
        os.close(fd)
        raise
    return fd, info.st_size


def load_trace(path: str | os.PathLike[str], *, check_kind: bool = True) -> Trace:
    """Read and validate a trace file; every failure is one TraceError line naming it.
    `check_kind=False` reads a trace of a puzzle no installed model knows (its header and
    arrays checked, its events not: such a trace can be summarised, never replayed)."""
    source = Path(path)
    try:
        fd, size = _open_regular(source)
        try:
            return _parse(_File(fd, size), check_kind=check_kind)
        except OSError as exc:
            raise TraceError(f"cannot read ({(exc.strerror or str(exc)).lower()})") from None
        finally:
            os.close(fd)
    except TraceError as exc:
        raise TraceError(f"{source}: {exc}") from None


def parse_trace(data: bytes | bytearray, *, check_kind: bool = True) -> Trace:
    """The trace in `data` (the bytes of a file), validated as load_trace validates it."""
    return _parse(_Memory(data), check_kind=check_kind)


def _parse(source: _Source, *, check_kind: bool) -> Trace:
    header_length, header_crc = _check_prefix(bytes(source.read(0, _PREFIX.size)), source.size)
    header_end = _PREFIX.size + header_length
    header, strings, descriptors = _read_header(
        source.read(_PREFIX.size, header_length), header_crc
    )
    model = _model(header, strings) if check_kind else None
    layout = _layout(descriptors, _aligned(header_end), header_end, source.size)
    streamed = False
    if isinstance(source, _File) and source.size > _STREAM_CHECK:
        _stream_checksums(source, layout)
        streamed = True
    body = source.read(header_end, source.size - header_end)
    arrays = {
        name: _array(body, header_end, name, span, checked=streamed)
        for name, span in layout.items()
    }
    trace = Trace(header=header, strings=strings, **arrays)
    _check_gaps(body, header_end, layout)
    if model is not None:
        from puzzleviz.solvers.tracecheck import check_rows

        check_rows(model, trace)
    return trace


def _model(header: TraceHeader, strings: tuple[str, ...]) -> PuzzleModel:
    """The header's puzzle, its definition, initial state and strings checked before the
    arrays are read (a definition the model refuses costs no reading of gigabytes)."""
    try:
        model_class(header.kind)
    except UnknownPuzzleError as exc:
        raise TraceError(str(exc)) from None
    from puzzleviz.solvers.tracecheck import check_header  # numba's import: only to check contents

    return check_header(header, strings)


def _check_prefix(prefix: bytes, size: int) -> tuple[int, int]:
    """The header's length and checksum, once the first bytes say this is a trace of our
    version whose header the file holds."""
    if size == 0:
        raise TraceError("the file is empty, not a trace")
    if len(prefix) < _PREFIX.size or not prefix.startswith(MAGIC):
        if MAGIC.startswith(prefix[:8]) and len(prefix) < _PREFIX.size:
            raise TraceError("truncated trace file (it ends inside its first bytes)")
        raise TraceError("not a puzzleviz trace file")
    _, version, header_length, header_crc = _PREFIX.unpack_from(prefix)
    if prefix[20:24] != b"\0\0\0\0":
        raise TraceError("corrupt trace file (its reserved bytes are not zero)")
    if version != FORMAT_VERSION:
        newer = "newer" if version > FORMAT_VERSION else "older"
        raise TraceError(
            f"trace format version {version} is {newer} than this puzzleviz reads "
            f"(version {FORMAT_VERSION}); record the trace again with this version"
        )
    if _PREFIX.size + header_length > size:
        raise TraceError("truncated trace file (it ends inside its header)")
    return int(header_length), int(header_crc)


def _read_header(
    raw: bytes | bytearray | memoryview, crc: int
) -> tuple[TraceHeader, tuple[str, ...], dict[str, Any]]:
    header_bytes = bytes(raw)
    if zlib.crc32(header_bytes) != crc:
        raise TraceError("corrupt trace file (its header checksum does not match)")
    try:
        document = strict_json(header_bytes.decode("utf-8"))
        if not isinstance(document, dict):
            raise ValueError("the header is not a JSON object")
        header = TraceHeader.from_json(document["trace"])
        strings = document["strings"]
        if not isinstance(strings, list) or not all(isinstance(s, str) for s in strings):
            raise ValueError("the string table is not a list of strings")
        arrays = document["arrays"]
        if not isinstance(arrays, list) or not all(isinstance(d, dict) for d in arrays):
            raise ValueError("the array list is not a list of objects")
        descriptors = {str(d.get("name")): d for d in arrays}
    except TraceError:
        raise  # the header's own entries, said by TraceHeader.from_json
    except RecursionError:
        raise TraceError("corrupt trace header (its JSON is nested too deeply)") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise TraceError(f"corrupt trace header ({exc})") from None
    unknown = sorted(set(descriptors) - set(_ARRAYS))
    if unknown or len(descriptors) != len(arrays):
        what = f"unknown array {unknown[0]!r}" if unknown else "an array listed twice"
        raise TraceError(f"corrupt trace header ({what})")
    return header, tuple(strings), descriptors


class _Span:
    """Where one array lies in the file, and what it must hold."""

    __slots__ = ("crc", "dtype", "nbytes", "shape", "start")

    def __init__(self, start: int, nbytes: int, crc: int, dtype: np.dtype[Any],
                 shape: tuple[int, ...]):  # fmt: skip
        self.start, self.nbytes, self.crc, self.dtype, self.shape = start, nbytes, crc, dtype, shape


def _layout(
    descriptors: dict[str, Any], data_start: int, header_end: int, size: int
) -> dict[str, _Span]:
    """Every array's span, checked against the header's own rules and against the file's
    size before any array is read: a header that promises more than the file holds is
    truncated, a file longer than its last array has something appended."""
    spans: dict[str, _Span] = {}
    for name in Trace.ARRAY_FIELDS:
        if name not in descriptors:
            raise TraceError(f"corrupt trace header (array {name} is missing)")
        spans[name] = _span(name, descriptors[name], data_start)
    position = header_end
    for name, span in sorted(spans.items(), key=lambda item: item[1].start):
        if span.start < position:
            raise TraceError("corrupt trace header (its arrays overlap)")
        if span.start + span.nbytes > size:
            raise TraceError(f"truncated trace file (it ends inside the {name} array)")
        position = span.start + span.nbytes
    if size > position:
        extra = size - position
        raise TraceError(
            f"damaged trace file ({extra:,} unexpected byte{'s' if extra != 1 else ''} after "
            f"its end: appended to, or joined with another file)"
        )
    return spans


def _span(name: str, d: dict[str, Any], data_start: int) -> _Span:
    dtype_text, axes = _ARRAYS[name]
    fields = (d.get("offset"), d.get("nbytes"), d.get("crc32"))
    shape = d.get("shape")
    numbers = [*fields, *(shape if isinstance(shape, list) else [None])]
    if not all(type(v) is int and v >= 0 for v in numbers):
        raise TraceError(f"corrupt trace header (array {name}: its shape, offset, size and "
                         f"checksum must be whole numbers of at least 0)")  # fmt: skip
    assert isinstance(shape, list)
    if d.get("dtype") != dtype_text or len(shape) != axes:
        raise TraceError(
            f"corrupt trace header (array {name} must be {axes}-D {np.dtype(dtype_text).name}, "
            f"not {d.get('dtype')!r} of shape {shape})"
        )
    offset, nbytes, crc = (int(v) for v in fields)  # type: ignore[arg-type]
    dtype = np.dtype(dtype_text)
    if nbytes != math.prod(shape) * dtype.itemsize:
        raise TraceError(f"corrupt trace header (array {name} has a wrong size)")
    if offset % _ALIGN:
        raise TraceError(f"corrupt trace header (array {name} does not start on a boundary)")
    return _Span(data_start + offset, nbytes, crc, dtype, tuple(shape))


def _stream_checksums(source: _File, layout: dict[str, _Span]) -> None:
    """Every array's checksum, read a piece at a time into one reused buffer: a big
    damaged file (a sparse file dressed as a trace) is refused without being held in
    memory."""
    buffer = memoryview(bytearray(_PIECE))
    for name, span in layout.items():
        crc, done = 0, 0
        while done < span.nbytes:
            piece = buffer[: min(_PIECE, span.nbytes - done)]
            source.read_into(span.start + done, piece)
            crc = zlib.crc32(piece, crc)
            done += len(piece)
        if crc != span.crc:
            raise TraceError(f"corrupt trace file (the {name} array fails its checksum)")


def _array(
    body: bytes | bytearray | memoryview, base: int, name: str, span: _Span, *, checked: bool
) -> np.ndarray:
    """The array in its span of the body; its checksum compared unless the streaming
    pass did (the file is read through one descriptor: an atomic save replacing it
    meanwhile replaces another inode)."""
    raw = memoryview(body)[span.start - base : span.start - base + span.nbytes]
    if not checked and zlib.crc32(raw) != span.crc:
        raise TraceError(f"corrupt trace file (the {name} array fails its checksum)")
    array = np.frombuffer(raw, dtype=span.dtype).reshape(span.shape)
    return array.astype(span.dtype.newbyteorder("="), copy=False)


def _check_gaps(body: bytes | bytearray | memoryview, base: int, layout: dict[str, _Span]) -> None:
    """The bytes no checksum covers: the padding after the header and between arrays must
    be zero, so that a damaged file (a flipped bit in the padding) is never read as if it
    were whole. (Bytes after the last array were refused before the arrays were read.)"""
    position = 0
    view = memoryview(body)
    for span in sorted(layout.values(), key=lambda s: s.start):
        start = span.start - base
        if np.frombuffer(view[position:start], dtype=np.uint8).any():
            raise TraceError("corrupt trace file (bytes between its parts are not zero)")
        position = start + span.nbytes

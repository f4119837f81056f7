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
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from solvers.atomic import write_bytes
from solvers.errors import TraceError, UnknownPuzzleError
from solvers.model import model_class
from solvers.trace import FORMAT_VERSION, Trace, TraceHeader

MAGIC = b"PZVTRACE"
_PREFIX = struct.Struct("<8sIII4x")
_ALIGN = 64


def _aligned(offset: int) -> int:
    return -(-offset // _ALIGN) * _ALIGN


def trace_bytes(trace: Trace) -> bytes:
    """The exact bytes of the file for `trace`."""
    arrays = [
        np.ascontiguousarray(getattr(trace, name)).astype(
            getattr(trace, name).dtype.newbyteorder("<"), copy=False
        )
        for name in Trace.ARRAY_FIELDS
    ]
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
    document = {
        "trace": trace.header.to_json(),
        "strings": list(trace.strings),
        "arrays": descriptors,
    }
    header = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
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


def save_trace(trace: Trace, path: str | os.PathLike[str]) -> Path:
    """Write the trace file atomically (the old file stays whole until the new one is)."""
    return write_bytes(path, trace_bytes(trace))


def load_trace(path: str | os.PathLike[str], *, check_kind: bool = True) -> Trace:
    """Read and validate a trace file; every failure is one TraceError line."""
    source = Path(path)
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise TraceError(f"{source}: no such trace file") from None
    except IsADirectoryError:
        raise TraceError(f"{source}: is a folder, not a trace file") from None
    except OSError as exc:
        raise TraceError(f"{source}: cannot read ({exc.strerror})") from None
    try:
        return parse_trace(data, check_kind=check_kind)
    except TraceError as exc:
        raise TraceError(f"{source}: {exc}") from None


def parse_trace(data: bytes, *, check_kind: bool = True) -> Trace:
    if not data:
        raise TraceError("the file is empty, not a trace")
    if len(data) < _PREFIX.size or not data.startswith(MAGIC):
        if MAGIC.startswith(data[:8]) and len(data) < _PREFIX.size:
            raise TraceError("truncated trace file (it ends inside its first bytes)")
        raise TraceError("not a puzzleviz trace file")
    _, version, header_length, header_crc = _PREFIX.unpack_from(data)
    if data[20:24] != b"\0\0\0\0":
        raise TraceError("corrupt trace file (its reserved bytes are not zero)")
    if version != FORMAT_VERSION:
        newer = "newer" if version > FORMAT_VERSION else "older"
        raise TraceError(
            f"trace format version {version} is {newer} than this puzzleviz reads "
            f"(version {FORMAT_VERSION}); record the trace again with this version"
        )
    header_bytes = data[_PREFIX.size : _PREFIX.size + header_length]
    if len(header_bytes) < header_length:
        raise TraceError("truncated trace file (it ends inside its header)")
    if zlib.crc32(header_bytes) != header_crc:
        raise TraceError("corrupt trace file (its header checksum does not match)")
    try:
        document = json.loads(header_bytes.decode("utf-8"))
        header = TraceHeader.from_json(document["trace"])
        strings = tuple(str(s) for s in document["strings"])
        descriptors = {d["name"]: d for d in document["arrays"]}
    except (ValueError, KeyError, TypeError) as exc:
        raise TraceError(f"corrupt trace header ({exc})") from None
    if check_kind:
        try:
            model_class(header.kind)
        except UnknownPuzzleError as exc:
            raise TraceError(str(exc)) from None
    data_start = _aligned(_PREFIX.size + header_length)
    arrays = {name: _read_array(data, data_start, descriptors, name) for name in Trace.ARRAY_FIELDS}
    trace = Trace(header=header, strings=strings, **arrays)
    _check_gaps(data, data_start, _PREFIX.size + header_length, descriptors)
    return trace


def _check_gaps(data: bytes, data_start: int, header_end: int, descriptors: dict[str, Any]) -> None:
    """The bytes no checksum covers: the padding after the header and between arrays must
    be zero and nothing may follow the last array, so that a damaged file (a flipped bit in
    the padding, bytes appended, two files joined) is never read as if it were whole."""
    spans = sorted(
        (data_start + int(d["offset"]), data_start + int(d["offset"]) + int(d["nbytes"]))
        for name, d in descriptors.items()
        if name in Trace.ARRAY_FIELDS
    )
    position = header_end
    for start, end in spans:
        if start < position:
            raise TraceError("corrupt trace header (its arrays overlap)")
        if data[position:start].count(0) != start - position:
            raise TraceError("corrupt trace file (bytes between its parts are not zero)")
        position = end
    if len(data) > position:
        extra = len(data) - position
        raise TraceError(
            f"damaged trace file ({extra:,} unexpected byte{'s' if extra != 1 else ''} after "
            f"its end: appended to, or joined with another file)"
        )


def _read_array(data: bytes, base: int, descriptors: dict[str, Any], name: str) -> np.ndarray:
    try:
        d = descriptors[name]
        dtype = np.dtype(d["dtype"])
        shape = tuple(int(v) for v in d["shape"])
        start, nbytes, crc = base + int(d["offset"]), int(d["nbytes"]), int(d["crc32"])
    except (KeyError, TypeError, ValueError) as exc:
        raise TraceError(f"corrupt trace header (array {name}: {exc})") from None
    if nbytes != int(np.prod(shape, dtype=np.int64)) * dtype.itemsize:
        raise TraceError(f"corrupt trace header (array {name} has a wrong size)")
    if start + nbytes > len(data):
        raise TraceError(f"truncated trace file (it ends inside the {name} array)")
    raw = memoryview(data)[start : start + nbytes]
    if zlib.crc32(raw) != crc:
        raise TraceError(f"corrupt trace file (the {name} array fails its checksum)")
    array = np.frombuffer(raw, dtype=dtype).reshape(shape)
    return array.astype(dtype.newbyteorder("="), copy=False)

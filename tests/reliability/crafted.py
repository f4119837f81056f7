"""Trace files as an attacker crafts them: any contents at all, with valid checksums.

A trace's checksums prove only that the file is whole, so the hostile corpus, the fuzzer
and the bounds-checked replay all start from a real trace (assets/demos/*.pzt), change
what they like (a field of an event, an op code, the initial state, a header entry, the
string table) and write it out again with correct checksums, by hand: the production
writer refuses some of what an attacker writes (NaN).
"""

from __future__ import annotations

import dataclasses
import json
import struct
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from puzzleviz.solvers.trace import FORMAT_VERSION, Trace
from puzzleviz.solvers.tracefile import MAGIC, load_trace

DEMOS = Path(__file__).resolve().parents[2] / "assets" / "demos"
PUZZLES = ("cube", "digits", "queens", "rings", "setgame", "sudoku")


@cache
def demo(name: str) -> Trace:
    return load_trace(DEMOS / f"{name}.pzt")


@dataclasses.dataclass
class Parts:
    """A trace taken apart: its header document (the "trace" and "strings" entries) and
    its arrays, all free to change."""

    document: dict[str, Any]
    arrays: dict[str, np.ndarray]

    @classmethod
    def of(cls, trace: Trace) -> Parts:
        document = json.loads(json.dumps({"trace": trace.header.to_json(),
                                          "strings": list(trace.strings)}))  # fmt: skip
        arrays = {name: np.array(getattr(trace, name)) for name in Trace.ARRAY_FIELDS}
        return cls(document, arrays)

    @property
    def header(self) -> dict[str, Any]:
        return self.document["trace"]

    @property
    def rows(self) -> np.ndarray:
        return self.arrays["rows"]

    def to_bytes(self, edit: Callable[[str], str] | None = None) -> bytes:
        return craft(self.document, self.arrays, edit)


def parts(name: str) -> Parts:
    return Parts.of(demo(name))


def craft(
    document: dict[str, Any],
    arrays: dict[str, np.ndarray],
    edit: Callable[[str], str] | None = None,
) -> bytes:
    """The file's bytes with correct checksums and layout; `edit` may rewrite the header's
    JSON text before its checksum is taken (to nest it 20,000 deep, say)."""
    ordered = [np.ascontiguousarray(a) for a in arrays.values()]
    relative, position = [], 0
    for array in ordered:
        relative.append(position)
        position = -(-(position + array.nbytes) // 64) * 64
    descriptors = [
        {"name": name, "dtype": array.dtype.str, "shape": list(array.shape), "offset": offset,
         "nbytes": array.nbytes, "crc32": zlib.crc32(array.tobytes())}
        for name, array, offset in zip(arrays, ordered, relative, strict=True)
    ]  # fmt: skip
    text = json.dumps({**document, "arrays": descriptors}, sort_keys=True)
    header = (edit(text) if edit else text).encode("utf-8", "surrogatepass")
    return frame(header, ordered, relative)


def frame(header: bytes, arrays: list[np.ndarray], offsets: list[int]) -> bytes:
    """Prefix, header, padding and arrays at their offsets (after the header's padding)."""
    start = -(-(24 + len(header)) // 64) * 64
    out = bytearray(struct.pack("<8sIII4x", MAGIC, FORMAT_VERSION, len(header),
                                zlib.crc32(header)))  # fmt: skip
    out += header + b"\0" * (start - 24 - len(header))
    for array, offset in zip(arrays, offsets, strict=True):
        out += b"\0" * (start + offset - len(out)) + array.tobytes()
    return bytes(out)


def beyond(allowed: range) -> int:
    """A value just outside `allowed`: above it, or below it when nothing is above."""
    return allowed.stop if allowed.stop <= 2**31 - 1 else allowed.start - 1


def row_of(trace: Trace, kind: type, model: Any) -> np.ndarray:
    """A row of event kind `kind` that the model accepts: the trace's first, else one made
    of each field's lowest allowed value (where that is a real placement, cross checks
    aside: the caller changes one field anyway)."""
    found = np.flatnonzero(trace.rows[:, 0] == kind.OP)
    if found.size:
        return np.array(trace.rows[found[0]])
    ranges = model.field_ranges().get(kind, {})
    row = np.zeros(model.events.width, dtype=np.int32)
    row[0] = kind.OP
    for column, name in enumerate(kind.field_names(), start=1):
        if name in ranges:
            row[column] = max(ranges[name].start, -(2**31))
    return row

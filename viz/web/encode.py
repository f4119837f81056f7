"""Frames as a compact, lossless payload: a table of unique instances per run kind, and
each frame as the list of the instances it draws, gzipped as a whole.

A frame is the window's `DrawList2D.finish()`: runs of float32 instance rows ("shapes"
(N, 20), "tris" (3N, 6) vertices, "dots" and "glyphs" (N, 12)). Consecutive frames of a
solve share almost all their rows (a board, its digits, the HUD) and differ in a few (a
queen moves, a candidate goes), but rows come and go in the middle of a run, so a
word-by-word delta against the frame before is mostly noise (measured: 1.3 MB for a
6-queens trace). Instead every distinct row is stored once, in a table per kind, and a
frame is its run table plus one u32 row index per instance (the same trace: 72 kB).

A frame's index list is stored run by run: a run equal to some run of the frame before
(same kind, same rows; found by content, as a run inserted earlier in the frame shifts the
rest) is two words, COPY and that run's number, and any other run is its indices. Without
this, gzip's 32 kB window cannot reach the previous frame once a frame has more than
8,192 instances (a SET frame has about 9,300: 11.6 MB for the SET demo), and copies cost
little where frames are small. (Storing differences position by position was tried:
worse for sudoku, 2.3x, as an inserted row turns the rest of its run into noise; so was
copying only the run at the same position: 3.0 MB for SET, as a run inserted early shifts
all the others.) Every KEYFRAME_EVERY-th frame is stored whole, so the page decodes any
frame from at most that many index lists: a seek costs the same anywhere.

- Lossless: the page gathers the very float32 bits the window drew, so no quantisation
  needs arguing and a frame is the window's draw list exactly.
- Identical frames (a step whose motion does not change the picture) are stored once.

The payload is several gzip members, so the page shows its first picture after unpacking
the first two, and unpacks the rest as they are needed (a long trace's 10 MB is never
unpacked at once): a directory (CHUNKED, u32 count, u32 offsets, u32 lengths), then the
members, each at a multiple of 3 bytes, so each is its own stretch of the page's base64.
Member 0: MAGIC, u32 length of the JSON header, the header (UTF-8, padded with spaces to 4
bytes), the atlas rows (u8, zero-padded to 4 bytes), then per kind in KINDS order its row
table (little-endian float32, column by column). Member 1 + c: the stored indices
(little-endian u32) of frames c * CHUNK_FRAMES .. (c + 1) * CHUNK_FRAMES - 1, a frame's
`at` counted from its member's start (CHUNK_FRAMES is a multiple of KEYFRAME_EVERY: a
decode never leaves its member). Decoded by assets/web/decode.js and by `decode` here.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import struct
from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = [
    "CHUNKED",
    "CHUNK_FRAMES",
    "COPY",
    "KEYFRAME_EVERY",
    "KINDS",
    "MAGIC",
    "WIDTHS",
    "Decoded",
    "FrameStore",
    "Interned",
    "Runs",
    "decode",
    "members",
    "pack",
]

MAGIC = b"PZW8"
CHUNKED = b"PZWC"  # the directory of the gzip members
CHUNK_FRAMES = 8 * 16  # unique frames a member of indices holds
KINDS = ("shapes", "tris", "dots", "glyphs")  # a run's kind, by its index in the header
WIDTHS = {"shapes": 20, "tris": 6, "dots": 12, "glyphs": 12}  # floats per row
KEYFRAME_EVERY = 16  # unique frames; the longest chain of index lists a decode walks
COPY = 0xFFFFFFFF  # then a run number of the frame before: "the same rows" (no row has it)

Runs = list[tuple[str, np.ndarray]]


def _pad4(data: bytes, fill: bytes = b"\0") -> bytes:
    return data + fill * (-len(data) % 4)


class _RowTable:
    """The distinct rows of one kind, in order of first use."""

    def __init__(self, width: int):
        self.width = width
        self.index: dict[bytes, int] = {}
        self.rows: list[bytes] = []

    def indices(self, block: np.ndarray) -> np.ndarray:
        """Each row's number, new rows numbered in order. The rows are looked up as bytes
        all at once (map over the dict's get), only the new ones one by one: this runs
        for every row of every frame (8.5 s of a 45 s SET count export as a loop)."""
        data = np.ascontiguousarray(block, dtype="<f4").reshape(-1, self.width)
        keys = data.view(f"V{self.width * 4}").ravel().tolist()
        found = list(map(self.index.get, keys))
        if None in found:
            for i, key in enumerate(keys):
                if found[i] is None:
                    number = self.index.get(key)
                    if number is None:
                        number = self.index[key] = len(self.rows)
                        self.rows.append(key)
                    found[i] = number
        return np.array(found, dtype="<u4")


@dataclasses.dataclass(frozen=True)
class Interned:
    """A frame's run table and row indices, not yet given a unique index."""

    table: list[list[int]]
    parts: list[np.ndarray]
    key: bytes


class FrameStore:
    """Frames added in time order become unique frames and the slots that show them."""

    def __init__(self) -> None:
        self.slots: list[int] = []  # slot -> unique frame
        self.tables = {kind: _RowTable(WIDTHS[kind]) for kind in KINDS}
        self._seen: dict[bytes, int] = {}
        self._frames: list[tuple[list[list[int]], list[np.ndarray]]] = []  # runs, indices
        self._recent: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # the last frame's runs

    def add(self, runs: Runs) -> int:
        """Store the next slot's frame; returns its unique index."""
        unique = self.store(runs)
        self.slots.append(unique)
        return unique

    def store(self, runs: Runs) -> int:
        """Store a frame (or find it stored) without giving it a slot; its unique index."""
        return self.commit(self.intern(runs))

    def intern(self, runs: Runs) -> Interned:
        """A frame's rows numbered in the tables, its place among the frames not given yet
        (`commit` gives it): frames drawn in one order can be stored in another, so that
        each follows the frame it is most like (a page's languages: drawn moment by
        moment, stored language by language, each frame after the same language's frame
        before, which its COPY runs can reach)."""
        table = [[KINDS.index(kind), len(block)] for kind, block in runs]
        parts = self._numbered(runs)
        key = hashlib.blake2b(json.dumps(table).encode(), digest_size=16)
        for part in parts:
            key.update(part.tobytes())
        return Interned(table, parts, key.digest())

    def _numbered(self, runs: Runs) -> list[np.ndarray]:
        """Each run's row numbers, looked up kind by kind in one call (a SET frame has
        about 250 runs, and a lookup's fixed cost was most of an export's encoding)."""
        parts: list[np.ndarray] = [np.empty(0, "<u4")] * len(runs)
        recent, self._recent = self._recent, {}
        for i, (_, block) in enumerate(runs):
            known = recent.get(id(block))
            if known is not None and known[0] is block:  # the very array, numbered before
                parts[i] = known[1]
        for kind in KINDS:
            mine = [i for i, (k, _) in enumerate(runs) if k == kind and not len(parts[i])]
            if not mine:
                continue
            numbers = self.tables[kind].indices(np.concatenate([runs[i][1] for i in mine]))
            ends = np.cumsum([len(runs[i][1]) for i in mine])
            for i, part in zip(mine, np.split(numbers, ends[:-1]), strict=True):
                parts[i] = part
        # the runs of this frame, by identity (kept alive with them, so no id is reused):
        # a moment's paused and playing frames share their scene's arrays
        self._recent = {
            id(block): (block, part) for (_, block), part in zip(runs, parts, strict=True)
        }
        return parts

    def commit(self, frame: Interned) -> int:
        """The unique index of an interned frame, stored next if it is new."""
        unique = self._seen.get(frame.key)
        if unique is None:
            unique = self._seen[frame.key] = len(self._frames)
            self._frames.append((frame.table, frame.parts))
        return unique

    def add_interned(self, frame: Interned) -> int:
        """`add` of an interned frame: the next slot shows it."""
        unique = self.commit(frame)
        self.slots.append(unique)
        return unique

    @property
    def unique_count(self) -> int:
        return len(self._frames)

    def encoded(self) -> tuple[list[dict[str, Any]], list[bytes]]:
        """Each unique frame's runs, where its stored indices start in its chunk and
        whether it is a keyframe (no COPY in it); each chunk's stored indices."""
        entries: list[dict[str, Any]] = []
        members: list[bytes] = []
        chunks: list[bytes] = []
        offset = 0
        before: dict[tuple[int, bytes], int] = {}  # the frame before's runs by content
        for i, (table, parts) in enumerate(self._frames):
            if i % CHUNK_FRAMES == 0 and i:
                members.append(b"".join(chunks))
                chunks, offset = [], 0
            key = i % KEYFRAME_EVERY == 0
            entries.append({"runs": table, "at": offset, "key": key})
            runs: dict[tuple[int, bytes], int] = {}
            for j, ((kind, _), part) in enumerate(zip(table, parts, strict=True)):
                content = (kind, part.tobytes())
                runs.setdefault(content, j)
                same = None if key else before.get(content)
                stored = _rising(part) if same is None else np.array([COPY, same], "<u4")
                chunks.append(stored.tobytes())
                offset += len(stored)
            before = runs
        members.append(b"".join(chunks))
        return entries, members


def _rising(part: np.ndarray) -> np.ndarray:
    """A run's indices as its first and then each one's difference from the one before
    (u32, wrapping): rows first drawn together were numbered together, so a run of new
    rows (a card moving, a piece placed) becomes 1, 1, 1, ... (SET: 1.9 -> 0.43 MB)."""
    out = part.astype("<u4", copy=True)
    out[1:] -= part[:-1]
    return out


def _columns(table: _RowTable) -> bytes:
    """A row table stored column by column: a column (a kind, a colour channel, a stroke
    width) repeats its values far more than a row does, which gzip finds (SET's shapes:
    187 kB by rows, 59 kB by columns)."""
    rows = np.frombuffer(b"".join(table.rows), dtype="<f4").reshape(-1, table.width)
    return np.ascontiguousarray(rows.T).tobytes()


def pack(header: Mapping[str, Any], atlas_rows: np.ndarray, store: FrameStore) -> bytes:
    """The payload: the directory, then the gzip members (header with the frames' table
    added, atlas rows and row tables; then each chunk of frame indices)."""
    entries, indices = store.encoded()
    counts = {kind: len(store.tables[kind].rows) for kind in KINDS}
    full = {**header, "frames": entries, "slots": store.slots, "rowCounts": counts,
            "atlasRows": int(atlas_rows.shape[0]), "chunkFrames": CHUNK_FRAMES}  # fmt: skip
    text = _pad4(json.dumps(full, separators=(",", ":")).encode(), b" ")
    first = [MAGIC, struct.pack("<I", len(text)), text,
             _pad4(np.ascontiguousarray(atlas_rows, dtype=np.uint8).tobytes())]  # fmt: skip
    first += [_columns(store.tables[kind]) for kind in KINDS]
    members = [gzip.compress(b"".join(first), compresslevel=9, mtime=0)]
    members += [gzip.compress(chunk, compresslevel=9, mtime=0) for chunk in indices]
    return _directory(members)


def _pad3(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 3)


def _directory(members: list[bytes]) -> bytes:
    """The members behind their directory, each at a multiple of 3 bytes (a base64 quad
    boundary: the page decodes each member's stretch of the base64 alone)."""
    size = len(CHUNKED) + 4 + 8 * len(members)
    offsets, at = [], size + (-size % 3)
    for member in members:
        offsets.append(at)
        at += len(member) + (-len(member) % 3)
    lengths = [len(member) for member in members]
    head = CHUNKED + struct.pack(f"<{1 + 2 * len(members)}I", len(members), *offsets, *lengths)
    return _pad3(head) + b"".join(_pad3(member) for member in members)


def members(payload: bytes) -> list[bytes]:
    """The gzip members of a payload, unpacked."""
    if payload[:4] != CHUNKED:
        raise ValueError("not a puzzleviz web payload")
    (count,) = struct.unpack_from("<I", payload, 4)
    where = struct.unpack_from(f"<{2 * count}I", payload, 8)
    spans = zip(where[:count], where[count:], strict=True)
    return [gzip.decompress(payload[at : at + length]) for at, length in spans]


@dataclasses.dataclass(frozen=True)
class Decoded:
    header: dict[str, Any]
    atlas_rows: np.ndarray
    frames: list[Runs]  # unique frames, decoded

    def frame_at(self, slot: int) -> Runs:
        return self.frames[int(self.header["slots"][slot])]


def decode(payload: bytes) -> Decoded:
    """The inverse of `pack`, done as the page does it (for tests of the format)."""
    body, *chunks = members(payload)
    if body[:4] != MAGIC:
        raise ValueError("not a puzzleviz web payload")
    (length,) = struct.unpack_from("<I", body, 4)
    header = json.loads(body[8 : 8 + length])
    at = 8 + length
    rows, width = int(header["atlasRows"]), int(header["atlasSize"])
    atlas = np.frombuffer(body, np.uint8, rows * width, at).reshape(rows, width)
    at += rows * width + (-(rows * width) % 4)
    tables: dict[str, np.ndarray] = {}
    for kind in KINDS:
        count = int(header["rowCounts"][kind])
        floats = count * WIDTHS[kind]
        columns = np.frombuffer(body, "<f4", floats, at).reshape(WIDTHS[kind], count)
        tables[kind] = np.ascontiguousarray(columns.T)
        at += floats * 4
    frames: list[Runs] = []
    before: list[np.ndarray] = []  # the frame before's runs' indices
    for i, entry in enumerate(header["frames"]):
        stored = np.frombuffer(chunks[i // int(header["chunkFrames"])], "<u4")
        start = int(entry["at"])
        runs: Runs = []
        parts: list[np.ndarray] = []
        for kind_index, count in entry["runs"]:
            kind = KINDS[kind_index]
            if not entry["key"] and stored[start] == COPY:
                part = before[int(stored[start + 1])]
                start += 2
            else:
                part = np.cumsum(stored[start : start + count], dtype="<u4")
                start += count
            parts.append(part)
            runs.append((kind, tables[kind][part]))
        frames.append(runs)
        before = parts
    return Decoded(header, atlas, frames)

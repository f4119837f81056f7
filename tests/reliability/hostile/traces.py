"""Hostile inputs: trace files (see __init__.py).

Crafted traces with valid checksums for every puzzle: each event kind with each of its
fields just outside what the puzzle allows, unknown op codes, checks across fields, bad
initial states and definitions, NaN and deep nesting in the header, string indices and
milestones out of place, arrays of the wrong shape or type; and files that are not trace
files: a FIFO, devices, a folder, links, sparse files of 2 and 3 GB. Each is tried against
one of the commands that read traces (trace info / show / export, record, play, and present
with a lesson naming it), the commands in turn; the issue's own file against all of them,
and a printed handout's too.
A few hostile captions must instead be shown, at once and in bounded memory (exit 0).
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from tests.reliability.crafted import PUZZLES, Parts, beyond, demo, frame, parts, row_of
from tests.reliability.hostile.case import Case

HERE = "tr"  # this area's files, in a folder of the shared corpus folder
BIG = "../tr-big"  # sparse files beside the corpus folder, whose snapshot reads every file
COMMANDS = ("info", "show", "export", "record", "play", "present")
Make = Callable[[], bytes]

# The fields each event kind constrains (a table, so that a field that stops being checked
# is a failing case, not a case that quietly disappears).
FIELDS: dict[str, dict[str, tuple[str, ...]]] = {
    "queens": {"Place": ("row", "col"), "Remove": ("row", "col"),
               "Conflict": ("row", "col", "by_row", "by_col"),
               "Clear": ("row", "col", "by_row", "by_col")},
    "rings": {"Rotate": ("ring", "f"), "Examine": ("node", "depth")},
    "sudoku": {"Place": ("cell", "digit", "previous_mask", "origin"),
               "Unplace": ("cell", "digit", "mask", "origin"),
               "Eliminate": ("cell", "digit"), "Restore": ("cell", "digit"),
               "Mark": ("layer", "index", "value", "previous"),
               "UseTechnique": ("technique", "previous"), "SetDepth": ("depth", "previous")},
    "setgame": {"Add": ("card", "level"), "Remove": ("card", "level"),
                "Exclude": ("card", "level"), "Unexclude": ("card", "level"),
                "Prune": ("card", "level", "reason"), "Unprune": ("card", "level", "reason"),
                "Forbid": ("card",), "Unforbid": ("card",)},
    "cube": {"Place": ("piece", "pose"), "Remove": ("piece", "pose"),
             "Move": ("piece", "old_pose", "new_pose")},
    "digits": {"Place": ("piece", "orientation", "x", "y"),
               "Remove": ("piece", "orientation", "x", "y"),
               "LeaveEmpty": ("cell",), "Reopen": ("cell",)},
}  # fmt: skip

_turn = itertools.cycle(COMMANDS)


def _argv(command: str, name: str) -> tuple[str, ...]:
    path = f"{HERE}/{name}.pzt"
    return {
        "info": ("trace", "info", path),
        "show": ("trace", "show", path),
        "export": ("trace", "export", path, "--json", f"{HERE}/out.json"),
        "record": ("record", path, "-o", f"{HERE}/out.mp4"),
        "play": ("play", path),
        "present": ("present", f"{HERE}/{name}.toml"),
        "handout": ("handout", path, "-o", f"{HERE}/out.pdf"),
    }[command]


def _case(group: str, name: str, match: str, command: str = "", **options: Any) -> Case:
    """The crafted file `name` against `command` (default: the next command in turn)."""
    argv = _argv(command or next(_turn), name)
    return Case.of(f"trace-{group}", *argv, match=match, **options)


def _file(*argv: str, match: str, timeout: float = 10) -> Case:
    return Case.of("trace-file", *argv, match=match, timeout=timeout)


CASES: list[Case] = [
    # The file, against every command that reads a trace.
    *(
        _case("issue", "rings-ring-615237680", "ring is 615237680, not 0..1", c)
        for c in (*COMMANDS, "handout")
    ),
    # A printed handout reads its traces as the other commands do (not in the rotation).
    _case("handout", "queens-op-huge", "op code 2147483647", "handout"),
    _case("handout", "sudoku-narrow", "events have 3 columns; sudoku events have 5", "handout"),
    _case("handout", "cube-outside", "stick out of the space", "handout"),
    # Every constrained field of every event kind of every puzzle, just out of its range.
    *(
        _case("field", f"{puzzle}-{kind}-{field}", f"): {field} is ")
        for puzzle, kinds in FIELDS.items()
        for kind, fields in kinds.items()
        for field in fields
    ),
    *(_case("op", f"{puzzle}-op", "no event has this op code") for puzzle in PUZZLES),
    _case("op", "sudoku-op-negative", "op code -1"),
    _case("op", "queens-op-huge", "op code 2147483647"),
    # Checks across fields.
    _case("cross", "digits-orientation", "no such orientation"),
    _case("cross", "digits-outside", "stick out"),
    _case("cross", "cube-orientation", "no such orientation"),
    _case("cross", "cube-outside", "stick out of the space"),
    _case("cross", "cube-move-outside", "stick out of the space"),
    _case("cross", "sudoku-mark-index", "beyond its layer"),
    # The rows' array itself.
    _case("rows", "sudoku-narrow", "its events have 3 columns; sudoku events have 5"),
    _case("rows", "rings-float", "array rows must be 2-D int32"),
    _case("rows", "queens-flat", "array rows must be 2-D int32"),
    _case("rows", "setgame-counters", "counter columns do not match the events"),
    # Initial states.
    _case("state", "sudoku-99", "a digit of 99"),
    _case("state", "sudoku-box", "box size"),
    _case("state", "sudoku-mask", "candidate mask"),
    _case("state", "sudoku-technique", "current technique"),
    _case("state", "queens-column", "queen must be in column"),
    _case("state", "queens-mark", "mark must be"),
    _case("state", "rings-colour", "colours must be"),
    _case("state", "rings-count", "initial state is not a state of its puzzle"),
    _case("state", "setgame-level", "a level outside"),
    _case("state", "setgame-order", "initial state is not a state of its puzzle"),
    _case("state", "cube-pose", "outside the space"),
    _case("state", "cube-coverage", "coverage does not match"),
    _case("state", "digits-cell", "a cell holds neither"),
    _case("state", "digits-piece", "a piece is neither"),
    _case("state", "rings-short", "entries, this one has"),
    # Puzzle definitions.
    _case("definition", "queens-n-0", "1 to"),
    _case("definition", "queens-n-text", "a whole number"),
    _case("definition", "queens-n-huge", "not 1000000"),
    _case("definition", "rings-config", "2, 3 or 5 rings"),
    _case("definition", "rings-config-digits", "rings definition needs"),
    _case("definition", "sudoku-conflict", "conflicting givens"),
    _case("definition", "sudoku-count", "16, 81 or 256 cells"),
    _case("definition", "sudoku-techniques", "list of at most"),
    _case("definition", "setgame-power", "more than this program handles"),
    _case("definition", "setgame-v", "v must be at least 2"),
    _case("definition", "cube-box", "box"),
    _case("definition", "cube-margin", "margin"),
    _case("definition", "digits-granularity", "unknown granularity"),
    _case("definition", "digits-pieces", "at most 256 pieces"),
    _case("definition", "not-object", "definition must be a dict"),
    _case("definition", "kind", "unknown puzzle kind 'chess'"),
    # The header's JSON.
    _case("header", "nan", "NaN is not allowed"),
    _case("header", "infinity", "Infinity is not allowed"),
    _case("header", "minus-infinity", "-Infinity is not allowed"),
    _case("header", "overflow", "too large"),
    _case("header", "deep", "nested too deeply"),
    _case("header", "seed", "seed must hold whole numbers"),
    _case("header", "state-float", "initial_state must hold whole numbers"),
    _case("header", "state-huge", "beyond 32-bit"),
    _case("header", "counters", "counters must be a list of strings"),
    _case("header", "truncated", "truncated must be a bool"),
    _case("header", "initial-counters", "initial counters do not match"),
    _case("header", "list", "the header is not a JSON object"),
    _case("header", "utf8", "corrupt trace header"),
    _case("header", "object-dtype", "must be 2-D int32"),
    _case("header", "unknown-array", "unknown array"),
    _case("header", "missing-array", "array milestone_kind is missing"),
    _case("header", "twice", "an array listed twice"),
    _case("header", "unaligned", "does not start on a boundary"),
    _case("header", "overlap", "arrays overlap"),
    _case("header", "terabyte", "truncated trace file"),
    _case("header", "negative-shape", "whole numbers of at least 0"),
    # The string table, steps and milestones.
    _case("strings", "caption-index", "step_caption points outside the string table"),
    _case("strings", "kind-index", "milestone_kind points outside the string table"),
    _case("strings", "caption-negative", "milestone_caption points outside"),
    _case("strings", "long", "longer than a trace may hold"),
    _case("strings", "number", "not a list of strings"),
    _case("strings", "milestone-order", "milestones are out of order"),
    _case("strings", "milestone-end", "milestones are out of order or out of range"),
    _case("strings", "steps-start", "steps do not partition the events"),
    _case("strings", "steps-order", "steps do not partition the events"),
    _case("strings", "steps-lengths", "step arrays have different lengths"),
    # Files that are not trace files.
    *(_case("file", "fifo", "is a FIFO", c, timeout=10) for c in ("info", "show", "record")),
    _case("file", "fifo", "is a FIFO", "present", timeout=10),
    _file("trace", "info", "/dev/zero", match="is a device"),
    _file("trace", "show", "/dev/urandom", match="is a device"),
    _file("record", "/dev/zero", "-o", f"{HERE}/out.mp4", match="is a device"),
    _file("play", "/dev/null", match="is a device"),
    _file("trace", "export", "/dev/stdin", "--json", f"{HERE}/out.json", match="is a device"),
    _file("trace", "info", HERE, match="is a folder"),
    _file("trace", "info", f"{BIG}/3GB.pzt", match="more than the 2 GiB"),
    _file("trace", "show", f"{BIG}/2GB-zeros.pzt", match="not a puzzleviz trace file"),
    _file(
        "record",
        f"{BIG}/1900MB-dressed.pzt",
        "-o",
        f"{HERE}/out.mp4",
        match="the rows array fails its checksum",
        timeout=60,
    ),
    _case("file", "empty", "the file is empty", "info"),
    _case("file", "loop", "too many levels of symbolic links", "show"),
    _case("file", "dangling", "no such trace file", "export"),
    _file("trace", "info", f"{HERE}/empty.pzt/x.pzt", match="not a directory"),
    # Hostile captions are shown as text, at once and in little memory.
    *(
        _case("caption", f"caption-{name}", "", "show", code=0)
        for name in ("escape", "wide", "decimals", "attribute")
    ),
    _case("caption", "caption-nested", "", "info", code=0),
]


# -- changes to a demo trace, each a function of no arguments giving the file's bytes ---------


def _changed(puzzle: str, change: Callable[[Parts], object]) -> Make:
    def make() -> bytes:
        p = parts(puzzle)
        change(p)
        return p.to_bytes()

    return make


def _row(puzzle: str, values: list[int] | Callable[[], list[int]]) -> Make:
    def change(p: Parts) -> None:
        p.rows[0] = values() if callable(values) else values

    return _changed(puzzle, change)


def _state(puzzle: str, index: int | slice, value: object) -> Make:
    return _changed(puzzle, lambda p: p.header["initial_state"].__setitem__(index, value))


def _define(puzzle: str, /, **entries: object) -> Make:
    return _changed(puzzle, lambda p: p.header["definition"].update(entries))


def _head(key: str, value: object) -> Make:
    return _changed("queens", lambda p: p.header.__setitem__(key, value))


def _param(value: object) -> Make:
    return _changed("queens", lambda p: p.header["params"].__setitem__("se", value))


def _array(name: str, index: int, value: int, puzzle: str = "queens") -> Make:
    return _changed(puzzle, lambda p: p.arrays[name].__setitem__(index, value))


def _replace(name: str, make: Callable[[np.ndarray], np.ndarray], puzzle: str = "queens") -> Make:
    return _changed(puzzle, lambda p: p.arrays.__setitem__(name, make(p.arrays[name])))


def _text(edit: Callable[[str], str]) -> Make:
    """The queens demo with its header's JSON text rewritten before the checksum."""
    return lambda: parts("queens").to_bytes(edit)


def _params(extra: str) -> Make:
    return _text(lambda text: text.replace('"params": {', '"params": {' + extra + ", "))


def _arrays(change: Callable[[list[dict[str, Any]]], object]) -> Make:
    """The queens demo with its array descriptors changed (checksums of the header kept)."""

    def edit(text: str) -> str:
        document = json.loads(text)
        change(document["arrays"])
        return json.dumps(document)

    return _text(edit)


def _caption(text: str) -> Make:
    """The queens demo with the caption of its first step `text`."""
    index = int(demo("queens").step_caption[0])
    return _changed("queens", lambda p: p.document["strings"].__setitem__(index, text))


def _field(puzzle: str, kind_name: str, field: str) -> Make:
    """The demo with its first event replaced by one of this kind (as the trace has one, or
    of each field's lowest value), this field just outside its range."""

    def values() -> list[int]:
        model = _model(puzzle)
        (kind,) = [k for k in model.events.kinds if k.__name__ == kind_name]
        allowed = model.field_ranges()[kind][field]
        assert (allowed.start, allowed.stop) != (-(2**31), 2**31), f"{kind_name}.{field} is free"
        row = row_of(demo(puzzle), kind, model)
        row[1 + kind.field_names().index(field)] = beyond(allowed)
        return row.tolist()

    return _row(puzzle, values)


def _model(puzzle: str) -> Any:
    from puzzleviz.solvers.traceview import model_for

    return model_for(demo(puzzle))


def _unknown_op(puzzle: str, op: int | None = None) -> Make:
    def values() -> list[int]:
        known = max(kind.OP for kind in _model(puzzle).events.kinds)
        return [known + 1 if op is None else op, *demo(puzzle).rows[0, 1:].tolist()]

    return _row(puzzle, values)


def _digits(*, orientation_beyond: bool) -> list[int]:
    """A Place of the piece with the fewest orientations in one beyond them, or of piece 0
    one column past where it still fits."""
    model = _model("digits")
    _, width, _, counts = model._shapes
    if orientation_beyond:
        piece = int(np.argmin(counts))
        return [0, piece, int(counts[piece]), 0, 0]
    return [0, 0, 0, model.grid.width - int(width[0, 0]) + 1, 0]


def _cube(*, orientation_beyond: bool, move: bool = False) -> list[int]:
    """A Place (or Move) at a pose in range: of a unit cube (instance 0, one orientation) in
    its second orientation, or of a brick past the space's far corner."""
    model = _model("cube")
    sx, sy, sz = model.space.dims
    if orientation_beyond:
        piece, pose = 0, model.space.pose(1, 0, 0, 0)
    else:
        piece = next(i for i in range(model.n_pieces) if model.puzzle.instance_type[i] != 0)
        pose = model.space.pose(0, sx - 1, sy - 1, sz - 1)
    return [2, piece, model.space.pose(0, 0, 0, 0), pose] if move else [0, piece, pose, 0]


def _files() -> dict[str, Make]:
    deep = "[" * 20000 + "]" * 20000
    pieces = {str(i): {"rows_hex": ["f"]} for i in range(300)}
    return {
        "rings-ring-615237680": _row("rings", [0, 615237680, 1, 0]),
        **{
            f"{puzzle}-{kind}-{field}": _field(puzzle, kind, field)
            for puzzle, kinds in FIELDS.items()
            for kind, fields in kinds.items()
            for field in fields
        },
        **{f"{puzzle}-op": _unknown_op(puzzle) for puzzle in PUZZLES},
        "sudoku-op-negative": _unknown_op("sudoku", -1),
        "queens-op-huge": _unknown_op("queens", 2**31 - 1),
        "digits-orientation": _row("digits", lambda: _digits(orientation_beyond=True)),
        "digits-outside": _row("digits", lambda: _digits(orientation_beyond=False)),
        "cube-orientation": _row("cube", lambda: _cube(orientation_beyond=True)),
        "cube-outside": _row("cube", lambda: _cube(orientation_beyond=False)),
        "cube-move-outside": _row("cube", lambda: _cube(orientation_beyond=False, move=True)),
        "sudoku-mark-index": _row("sudoku", [4, 2, 27, 1, 0]),  # house 27 of 27
        "sudoku-narrow": _replace("rows", lambda a: a[:, :3].copy(), "sudoku"),
        "rings-float": _replace("rows", lambda a: a.astype("<f4"), "rings"),
        "queens-flat": _replace("rows", lambda a: a.ravel().copy()),
        "setgame-counters": _replace("counters", lambda a: a[:-1].copy(), "setgame"),
        "sudoku-99": _state("sudoku", 1, 99),
        "sudoku-box": _state("sudoku", 0, 5),
        "sudoku-mask": _state("sudoku", 82, 1 << 20),
        "sudoku-technique": _state("sudoku", -2, 9999),
        "queens-column": _state("queens", 0, 6),
        "queens-mark": _state("queens", 7, -1),
        "rings-colour": _state("rings", 0, 0),
        "rings-count": _changed(
            "rings",
            lambda p: p.header["initial_state"].__setitem__(
                0, p.header["initial_state"][0] % 4 + 1
            ),
        ),
        "setgame-level": _state("setgame", 0, 82),
        "setgame-order": _state("setgame", 1 + 3 * 81, 5),
        "cube-pose": _state("cube", 0, 10**6),
        "cube-coverage": _state("cube", 20, 1),
        "digits-cell": _state("digits", 40, 999),
        "digits-piece": _state("digits", slice(0, 3), [0, 99, 99]),
        "rings-short": _state("rings", slice(-1, None), []),
        "queens-n-0": _define("queens", n=0),
        "queens-n-text": _define("queens", n="8"),
        "queens-n-huge": _define("queens", n=10**6),
        "rings-config": _define("rings", config="9/20/2/4"),
        "rings-config-digits": _define("rings", config="1" * 5000 + "/20/2/4"),
        "sudoku-conflict": _define("sudoku", givens="11" + "." * 79),
        "sudoku-count": _define("sudoku", givens="." * 80),
        "sudoku-techniques": _define("sudoku", techniques=[f"t{i}" for i in range(2000)]),
        "setgame-power": _define("setgame", v=10**9, n=10**9),
        "setgame-v": _define("setgame", v=1),
        "cube-box": _define("cube", box=[1000, 1000, 1000]),
        "cube-margin": _define("cube", margin=99),
        "digits-granularity": _define("digits", granularity="atoms"),
        "digits-pieces": _define("digits", puzzle={"pieces": pieces}),
        "not-object": _head("definition", [8]),
        "kind": _head("kind", "chess"),
        "nan": _param(float("nan")),
        "infinity": _param(float("inf")),
        "minus-infinity": _param(-float("inf")),
        "overflow": _params('"x": 1e999'),
        "deep": _params(f'"x": {deep}'),
        "seed": _head("seed", "seven"),
        "state-float": _changed("queens", lambda p: p.header["initial_state"].__setitem__(0, 2.5)),
        "state-huge": _state("queens", 0, 2**40),
        "counters": _head("counters", [1, 2, 3]),
        "truncated": _head("truncated", "yes"),
        "initial-counters": _head("initial_counters", [1]),
        "list": _text(lambda text: f"[{text}]"),
        "utf8": _text(lambda text: text.replace('"solver": "', '"solver": "\udcff')),
        "object-dtype": _arrays(lambda ds: ds[0].update(dtype="|O")),
        "unknown-array": _arrays(lambda ds: ds.append({**ds[-1], "name": "keys"})),
        "missing-array": _arrays(lambda ds: ds.pop(5)),
        "twice": _arrays(lambda ds: ds.append(dict(ds[-1]))),
        "unaligned": _arrays(lambda ds: ds[1].update(offset=ds[1]["offset"] + 4)),
        "overlap": _arrays(lambda ds: ds[1].update(offset=0)),
        "terabyte": _arrays(lambda ds: ds[0].update(shape=[2**38, 5], nbytes=2**38 * 20)),
        "negative-shape": _arrays(lambda ds: ds[0].update(shape=[-1, 5])),
        "caption-index": _array("step_caption", 0, 10**6),
        "kind-index": _array("milestone_kind", 0, 10**6),
        "caption-negative": _array("milestone_caption", 0, -2),
        "long": _caption("x" * 30_000),
        "number": _changed("queens", lambda p: p.document["strings"].__setitem__(0, 42)),
        "milestone-order": _array("milestone_pos", 0, 300, "digits"),
        "milestone-end": _array("milestone_pos", -1, 10**9, "digits"),
        "steps-start": _array("step_start", 0, 1),
        "steps-order": _array("step_start", 2, 1),
        "steps-lengths": _replace("step_caption", lambda a: a[:-1].copy()),
        "empty": lambda: b"",
        "caption-escape": _caption("\x1b]0;owned\x07\x1b[2J\x1b[31mred\u202etxt.exe"),
        "caption-wide": _caption('\x1f["{n:>999999999}", {"n": 1}]'),
        "caption-decimals": _caption('\x1f["{n:.999999999f}", {"n": 1.5}]'),
        "caption-attribute": _caption('\x1f["{n.__class__.__mro__}", {"n": 1}]'),
        "caption-nested": _caption("\x1f" + "[" * 9000 + "]" * 9000),
    }


def make_files(folder: Path) -> None:
    """The crafted traces (with a lesson naming each), a FIFO, links, and sparse files of
    2 and 3 GB beside the folder."""
    here = folder / HERE
    here.mkdir()
    for name, make in _files().items():
        (here / f"{name}.pzt").write_bytes(make())
        _lesson(here, name)
    os.mkfifo(here / "fifo.pzt")
    _lesson(here, "fifo")
    (here / "loop.pzt").symlink_to("loop.pzt")
    (here / "dangling.pzt").symlink_to("gone.pzt")
    big = folder.parent / "tr-big"
    big.mkdir(exist_ok=True)
    _sparse(big / "3GB.pzt", b"", 3 << 30)
    _sparse(big / "2GB-zeros.pzt", b"", 2_000_000_000)
    _sparse(big / "1900MB-dressed.pzt", *_dressed(1_900_000_000))


def _lesson(here: Path, name: str) -> None:
    text = f'title = "hostile"\n[[slide]]\ntitle = "{name}"\ntrace = "{name}.pzt"\n'
    (here / f"{name}.toml").write_text(text)


def _sparse(path: Path, head: bytes, size: int) -> None:
    """`head`, then nothing (a hole) up to `size` bytes."""
    with path.open("wb") as out:
        out.write(head)
        out.truncate(size)


def _dressed(size: int) -> tuple[bytes, int]:
    """A real trace header that declares events filling `size` bytes, which are zeros (a
    hole) with a checksum they do not have: (the header's bytes, the file's size)."""
    p = parts("queens")
    events = (size - 4096) // 44  # 20 bytes of row and 24 of counters an event
    rows_end = -(-events * 20 // 64) * 64
    counters_end = rows_end + -(-events * 24 // 64) * 64
    descriptors = []
    for name, array in p.arrays.items():
        grows = name in ("rows", "counters")
        descriptors.append({
            "name": name, "dtype": array.dtype.str,
            "shape": [events, *array.shape[1:]] if grows else [0],
            "offset": {"rows": 0, "counters": rows_end}.get(name, counters_end),
            "nbytes": {"rows": events * 20, "counters": events * 24}.get(name, 0),
            "crc32": 12345 if grows else 0,
        })  # fmt: skip
    head = frame(json.dumps({**p.document, "arrays": descriptors}).encode(), [], [])
    return head, len(head) + counters_end

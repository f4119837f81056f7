"""JSON for `--json`: indented where a reader walks the structure, one line where it is a
row of numbers, and fast for tens of thousands of solutions.

Why not `json.dump(indent=1)`: with an indent the standard library encodes in pure Python
and puts every number of every list on a line of its own, so Conway's 27,456 cube fillings
became 167 MB written in 26 s for a 0.4 s search. Here a list holding no objects (numbers,
strings, lists of them: a solution's cells, a per-solution fact) is written on one line by
the C encoder, and a solver may hand over pre-written items as `RawJSON` (a cube piece in a
given pose is the same text in every filling that holds it, so it is written once).

    write_json_to(out, {"count": 3, "cells": [[0, 1], [2, 3]], "items": [RawJSON("{}")]})

gives

    {
     "count": 3,
     "cells": [[0, 1], [2, 3]],
     "items": [
      {}
     ]
    }
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any, TextIO

INDENT = " "
_compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode


class RawJSON(str):
    """Text that is already one JSON value, written as it is (it must be valid JSON)."""

    __slots__ = ()


def _is_row(value: list[Any] | tuple[Any, ...]) -> bool:
    """A list to write on one line: no objects in it, and nothing pre-written."""
    for item in value:
        if isinstance(item, (dict, RawJSON)):
            return False
        if isinstance(item, (list, tuple)) and not _is_row(item):
            return False
    return True


def _chunks(value: Any, depth: int) -> Iterator[str]:
    if isinstance(value, RawJSON):
        yield value
    elif isinstance(value, Mapping):
        if not value:
            yield "{}"
            return
        inner = "\n" + INDENT * (depth + 1)
        yield "{"
        for n, (key, item) in enumerate(value.items()):
            yield ("," if n else "") + inner + _compact(str(key)) + ": "
            yield from _chunks(item, depth + 1)
        yield "\n" + INDENT * depth + "}"
    elif isinstance(value, (list, tuple)):
        if type(value) in (list, tuple) and _is_row(value):  # a subclass may stream its items
            yield _compact(value)
            return
        inner = "\n" + INDENT * (depth + 1)
        yield "["
        empty = True
        for n, item in enumerate(value):
            empty = False
            yield ("," if n else "") + inner
            yield from _chunks(item, depth + 1)
        yield "]" if empty else "\n" + INDENT * depth + "]"
    else:
        yield _compact(value)


def write_json_to(out: TextIO, document: object) -> None:
    """Write `document` (dicts, lists, tuples, scalars, RawJSON) to `out`, then a newline."""
    batch: list[str] = []
    for chunk in _chunks(document, 0):
        batch.append(chunk)
        if len(batch) >= 4096:
            out.write("".join(batch))
            batch.clear()
    batch.append("\n")
    out.write("".join(batch))


def dumps(document: object) -> str:
    """The text `write_json_to` writes, without the final newline."""
    return "".join(_chunks(document, 0))

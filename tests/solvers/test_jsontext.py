"""--json's writer: the same document json.loads reads back, rows of numbers on one line."""

from __future__ import annotations

import io
import json

from hypothesis import given
from hypothesis import strategies as st
from puzzleviz.solvers.jsontext import RawJSON, dumps, write_json_to

scalars = st.none() | st.booleans() | st.integers() | st.text(max_size=5)
documents = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(documents)
def test_any_document_reads_back_as_itself(document: object) -> None:
    assert json.loads(dumps(document)) == document


def test_rows_of_numbers_stay_on_one_line_and_objects_are_indented() -> None:
    text = dumps({"box": [5, 5, 5], "cells": [[0, 1], [2, 3]], "pieces": [{"n": 1}]})
    assert text.splitlines() == [
        "{",
        ' "box": [5, 5, 5],',
        ' "cells": [[0, 1], [2, 3]],',
        ' "pieces": [',
        "  {",
        '   "n": 1',
        "  }",
        " ]",
        "}",
    ]


class Streamed(list):  # type: ignore[type-arg]
    """Like the cube's streamed solutions: items made while they are written."""

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter([RawJSON('{"piece": "A"}'), RawJSON("[1, 2]")])


def test_pre_written_items_are_written_as_they_are_one_per_line() -> None:
    out = io.StringIO()
    write_json_to(out, {"solutions": Streamed(), "empty": [], "none": {}})
    text = out.getvalue()
    assert text.endswith("}\n")
    assert '  {"piece": "A"},\n  [1, 2]\n' in text
    assert json.loads(text) == {"solutions": [{"piece": "A"}, [1, 2]], "empty": [], "none": {}}

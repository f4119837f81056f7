from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from puzzleviz.solvers.events import Event, EventSet

from tests.toy import Add, Swap


def test_rows_have_the_width_of_the_widest_event_and_round_trip():
    events = EventSet([Add, Swap])
    assert events.width == 3
    row = events.encode(Add(2, -7))
    assert row == (0, 2, -7)
    assert events.decode(np.array(row, dtype=np.int32)) == Add(2, -7)
    assert events.name(1) == "Swap"


def test_values_outside_int32_are_refused():
    with pytest.raises(ValueError, match="int32"):
        EventSet([Add]).encode(Add(0, 2**31))


def test_duplicate_op_codes_and_non_int_fields_are_refused():
    @dataclasses.dataclass(frozen=True)
    class Other(Event):
        OP = 0
        x: int

    with pytest.raises(ValueError, match="taken"):
        EventSet([Add, Other])

    @dataclasses.dataclass(frozen=True)
    class Floaty(Event):
        OP = 5
        x: float

    with pytest.raises(TypeError, match="int"):
        EventSet([Floaty])


def test_unknown_op_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown event op code 9"):
        EventSet([Add]).decode([9, 0, 0])

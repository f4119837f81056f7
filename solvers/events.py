"""Typed, invertible events and the vocabulary (`EventSet`) of one puzzle.

An event is a frozen dataclass of int fields with a class-level op code. In a trace it is
stored as one int32 row `op, field0, field1, ...`, so that numba kernels can record events
at native speed and a 10-million-event trace stays a few hundred megabytes at most.
Every event carries what it changes (a removal names what it removes), so a model can both
apply and revert it without looking anywhere else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import ClassVar

import numpy as np

__all__ = [
    "INT32_MAX",
    "INT32_MIN",
    "Event",
    "EventSet",
]

INT32_MIN = -(2**31)
INT32_MAX = 2**31 - 1


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base class of all events. Subclasses set `OP` and declare only int fields."""

    OP: ClassVar[int] = -1

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(cls))

    def args(self) -> tuple[int, ...]:
        return tuple(getattr(self, name) for name in self.field_names())


class EventSet:
    """The event kinds one puzzle model understands, indexed by op code."""

    def __init__(self, kinds: Iterable[type[Event]]):
        self._by_op: dict[int, type[Event]] = {}
        self._arity: dict[int, int] = {}
        for kind in kinds:
            if not (dataclasses.is_dataclass(kind) and issubclass(kind, Event)):
                raise TypeError(f"{kind!r} is not an Event dataclass")
            if kind.OP < 0 or kind.OP in self._by_op:
                raise ValueError(f"{kind.__name__}: op code {kind.OP} is negative or taken")
            for field in dataclasses.fields(kind):
                if field.type not in (int, "int"):
                    raise TypeError(f"{kind.__name__}.{field.name}: event fields must be int")
            self._by_op[kind.OP] = kind
            self._arity[kind.OP] = len(dataclasses.fields(kind))
        if not self._by_op:
            raise ValueError("an EventSet needs at least one event kind")
        self.width = 1 + max(self._arity.values())

    def __contains__(self, op: int) -> bool:
        return op in self._by_op

    @property
    def kinds(self) -> tuple[type[Event], ...]:
        return tuple(self._by_op[op] for op in sorted(self._by_op))

    def kind(self, op: int) -> type[Event]:
        try:
            return self._by_op[op]
        except KeyError:
            raise ValueError(f"unknown event op code {op}") from None

    def name(self, op: int) -> str:
        return self.kind(op).__name__

    def encode(self, event: Event) -> tuple[int, ...]:
        """The int32 row of `event`, padded with zeros to this set's width."""
        if type(event) is not self._by_op.get(event.OP):
            raise ValueError(f"{type(event).__name__} is not part of this event set")
        args = event.args()
        for value in args:
            if not INT32_MIN <= value <= INT32_MAX:
                raise ValueError(f"{event!r}: field value {value} does not fit in int32")
        return (event.OP, *args) + (0,) * (self.width - 1 - len(args))

    def decode(self, row: Sequence[int] | np.ndarray) -> Event:
        values = row.tolist() if isinstance(row, np.ndarray) else list(row)
        op = values[0]
        kind = self.kind(op)
        return kind(*values[1 : 1 + self._arity[op]])

    def decode_rows(self, rows: np.ndarray) -> list[Event]:
        return [self.decode(values) for values in rows.tolist()]

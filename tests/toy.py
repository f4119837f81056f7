"""A tiny puzzle model used to test the trace machinery without any real puzzle."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel, register_model


@dataclasses.dataclass(frozen=True, slots=True)
class Add(Event):
    OP = 0
    slot: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Swap(Event):
    OP = 1
    i: int
    j: int


@register_model
class ToyModel(PuzzleModel):
    """`size` integer slots; events add to a slot or swap two slots."""

    kind = "toy"
    events = EventSet([Add, Swap])

    def __init__(self, size: int = 4):
        if size < 2:
            raise PuzzleInputError("a toy puzzle needs at least 2 slots")
        self.size = size

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> ToyModel:
        return cls(int(definition["size"]))

    def definition(self) -> dict[str, Any]:
        return {"size": self.size}

    def initial_state(self) -> np.ndarray:
        return np.zeros(self.size, dtype=STATE_DTYPE)

    def apply(self, state: np.ndarray, event: Event) -> None:
        if isinstance(event, Add):
            state[event.slot] += event.amount
        elif isinstance(event, Swap):
            state[[event.i, event.j]] = state[[event.j, event.i]]

    def revert(self, state: np.ndarray, event: Event) -> None:
        if isinstance(event, Add):
            state[event.slot] -= event.amount
        else:
            self.apply(state, event)

"""The state and its one event.

A state is one flat int32 array, the peg of each disk, the smallest disk first:

    [0 : n]   peg[disk]: 0 (left), 1 (middle) or 2 (right)

A `Move` says which disk goes from which peg to which: it carries what it changes, so
that it can be applied and reverted without looking anywhere else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeAlias

import numpy as np

from puzzleviz import STATE_DTYPE, Event, EventSet, PuzzleInputError, PuzzleModel, StateArray

PEGS = 3
Pegs: TypeAlias = StateArray
"""A Hanoi state: the peg (0, 1, 2) of each disk, the smallest disk first."""


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Event):
    """The top disk of peg `source`, `disk`, goes onto peg `target`."""

    OP = 0
    disk: int
    source: int
    target: int


class HanoiModel(PuzzleModel):
    kind = "hanoi"
    events = EventSet([Move])

    def __init__(self, disks: int):
        from puzzleviz_hanoi import MAX_DISKS

        if not 1 <= disks <= MAX_DISKS:
            raise PuzzleInputError(f"a tower has 1 to {MAX_DISKS} disks, not {disks}")
        self.disks = disks

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> HanoiModel:
        disks = definition.get("disks")
        if not isinstance(disks, int):
            raise PuzzleInputError(f"a Hanoi definition names its disks, not {definition!r}")
        return cls(disks)

    def definition(self) -> dict[str, Any]:
        return {"disks": self.disks}

    def initial_state(self) -> Pegs:
        return np.zeros(self.disks, dtype=STATE_DTYPE)  # the whole tower on the left peg

    def apply(self, state: Pegs, event: Event) -> None:
        assert isinstance(event, Move)
        state[event.disk] = event.target

    def revert(self, state: Pegs, event: Event) -> None:
        assert isinstance(event, Move)
        state[event.disk] = event.source

    def describe(self, event: Event) -> str:
        assert isinstance(event, Move)
        return f"disk {event.disk + 1}: peg {peg_name(event.source)} -> {peg_name(event.target)}"

    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]]:
        """What a trace file's moves may hold (checked before they are replayed)."""
        return {Move: {"disk": range(self.disks), "source": range(PEGS), "target": range(PEGS)}}

    def check_state(self, state: Pegs) -> None:
        super().check_state(state)
        if not ((state >= 0) & (state < PEGS)).all():
            raise PuzzleInputError("every disk of a Hanoi state is on peg 0, 1 or 2")


def peg_name(peg: int) -> str:
    return "ABC"[peg]


def tower(state: Pegs, peg: int) -> list[int]:
    """The disks on `peg`, bottom first (the largest disk is the last of the state)."""
    return [disk for disk in range(len(state) - 1, -1, -1) if state[disk] == peg]

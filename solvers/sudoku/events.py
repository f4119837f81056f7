"""The sudoku event vocabulary. Every event carries what it changes, so it can be undone
from the event alone: a Place remembers the candidates it wiped, a Mark the value it
replaced. Backtracking is recorded as the inverse events (Unplace, Restore) in reverse
order, so the player never needs to search the trace to step backward."""

from __future__ import annotations

import dataclasses

from solvers.events import Event, EventSet

# Cell origins (state ORIGIN block)
EMPTY, GIVEN, LOGIC, GUESSED = 0, 1, 2, 3

# Mark layers
MARK_CELL, MARK_CANDIDATE, MARK_HOUSE, MARK_LINK = 0, 1, 2, 3
LAYER_NAMES = ("cell", "candidate", "house", "link")


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Event):
    """Write `digit` into an empty cell; its candidates (`previous_mask`) disappear.
    `origin` is LOGIC (2) or GUESSED (3)."""

    OP = 0
    cell: int
    digit: int
    previous_mask: int
    origin: int


@dataclasses.dataclass(frozen=True, slots=True)
class Unplace(Event):
    """Backtracking: empty a cell again and give it back the candidates `mask`."""

    OP = 1
    cell: int
    digit: int
    mask: int
    origin: int


@dataclasses.dataclass(frozen=True, slots=True)
class Eliminate(Event):
    """Remove candidate `digit` from `cell` (it must be there)."""

    OP = 2
    cell: int
    digit: int


@dataclasses.dataclass(frozen=True, slots=True)
class Restore(Event):
    """Backtracking: give candidate `digit` back to `cell` (it must be missing)."""

    OP = 3
    cell: int
    digit: int


@dataclasses.dataclass(frozen=True, slots=True)
class Mark(Event):
    """Set a highlight: `layer` MARK_CELL / MARK_CANDIDATE (index = cell * n + digit - 1) /
    MARK_HOUSE / MARK_LINK (index = slot, value = encoded link); value 0 clears it.
    Roles are in solvers.sudoku.roles."""

    OP = 4
    layer: int
    index: int
    value: int
    previous: int


@dataclasses.dataclass(frozen=True, slots=True)
class UseTechnique(Event):
    """A step of `technique` begins: its counter goes up, it becomes the current one."""

    OP = 5
    technique: int
    previous: int


@dataclasses.dataclass(frozen=True, slots=True)
class SetDepth(Event):
    """The number of guesses in force changes (a guess or a backtrack)."""

    OP = 6
    depth: int
    previous: int


SUDOKU_EVENTS = EventSet([Place, Unplace, Eliminate, Restore, Mark, UseTechnique, SetDepth])

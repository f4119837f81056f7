"""The events of the SET game: every change to the board, each carrying what it changes.

Levels number the placements: the card placed k-th has level k (1-based). Every exclusion
and prune remembers the level that made it, the seed's "VerbotenVon", so taking placements
back in reverse order lifts exactly their marks.
"""

from __future__ import annotations

import dataclasses

from solvers.events import Event, EventSet

# Why a card that is not chosen is unavailable (the `reason` of Prune / Unprune).
REASON_BOUND = 1  # the search's bound: e.g. a hyperplane already holds its maximum
REASON_SYMMETRY = 2  # symmetry breaking: this card may be left out without losing a class


@dataclasses.dataclass(frozen=True, slots=True)
class Add(Event):
    """Place `card` as placement number `level` (levels are 1, 2, 3, ... in order)."""

    OP = 0
    card: int
    level: int


@dataclasses.dataclass(frozen=True, slots=True)
class Remove(Event):
    """Take back the last placement: `card`, which was placed as `level`."""

    OP = 1
    card: int
    level: int


@dataclasses.dataclass(frozen=True, slots=True)
class Exclude(Event):
    """`card` would now complete a SET; placement `level` (with earlier cards) made it so."""

    OP = 2
    card: int
    level: int


@dataclasses.dataclass(frozen=True, slots=True)
class Unexclude(Event):
    """Lift the exclusion of `card` that placement `level` made (it is being taken back)."""

    OP = 3
    card: int
    level: int


@dataclasses.dataclass(frozen=True, slots=True)
class Prune(Event):
    """The search rules `card` out below placement `level` for `reason` (bound/symmetry)."""

    OP = 4
    card: int
    level: int
    reason: int


@dataclasses.dataclass(frozen=True, slots=True)
class Unprune(Event):
    """Undo a Prune."""

    OP = 5
    card: int
    level: int
    reason: int


@dataclasses.dataclass(frozen=True, slots=True)
class Forbid(Event):
    """The user forbids `card`: no solution may use it."""

    OP = 6
    card: int


@dataclasses.dataclass(frozen=True, slots=True)
class Unforbid(Event):
    """The user allows `card` again."""

    OP = 7
    card: int


SET_EVENTS = EventSet([Add, Remove, Exclude, Unexclude, Prune, Unprune, Forbid, Unforbid])

OP_ADD = Add.OP
OP_REMOVE = Remove.OP
OP_EXCLUDE = Exclude.OP
OP_UNEXCLUDE = Unexclude.OP
OP_PRUNE = Prune.OP
OP_UNPRUNE = Unprune.OP
OP_FORBID = Forbid.OP
OP_UNFORBID = Unforbid.OP

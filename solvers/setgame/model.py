"""The SET game board as a flat int32 state, and how events change it.

State layout for N = v**n cards (all blocks of length N, indexed by card):

    [0]                 level: how many cards are placed
    [1 : 1+N]           forbidden: 1 if the user forbade the card
    [1+N : 1+2N]        status: FREE, CHOSEN, EXCLUDED, PRUNED_BOUND, PRUNED_SYMMETRY
    [1+2N : 1+3N]       by: the level that placed (CHOSEN), excluded or pruned the card
    [1+3N : 1+4N]       order: order[k-1] is the card placed as level k, else -1

A card has one status at a time: the first reason that made it unavailable. Forbidding is a
separate flag because it is the user's constraint and outlives placements and exclusions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, EventRows, Int32Array
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.setgame.arrays import SetState
from puzzleviz.solvers.setgame.cards import CardSpace

# -- events: every change to the board, each carrying what it changes ------------------------
#
# Levels number the placements: the card placed k-th has level k (1-based). Every exclusion
# and prune remembers the level that made it, the seed's "VerbotenVon", so taking placements
# back in reverse order lifts exactly their marks.

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


# -- the state ---------------------------------------------------------------------------

FREE, CHOSEN, EXCLUDED, PRUNED_BOUND, PRUNED_SYMMETRY = 0, 1, 2, 3, 4
_PRUNED = {REASON_BOUND: PRUNED_BOUND, REASON_SYMMETRY: PRUNED_SYMMETRY}


@njit(cache=True)
def _apply_row(state: SetState, n: int, op: int, a: int, b: int, c: int) -> None:
    forbidden, status, by, order = 1, 1 + n, 1 + 2 * n, 1 + 3 * n
    if op == 0:  # Add
        state[status + a] = 1
        state[by + a] = b
        state[order + b - 1] = a
        state[0] = b
    elif op == 1:  # Remove
        state[status + a] = 0
        state[by + a] = 0
        state[order + b - 1] = -1
        state[0] = b - 1
    elif op == 2:  # Exclude
        state[status + a] = 2
        state[by + a] = b
    elif op == 3 or op == 5:  # Unexclude, Unprune
        state[status + a] = 0
        state[by + a] = 0
    elif op == 4:  # Prune
        state[status + a] = 2 + c
        state[by + a] = b
    elif op == 6:
        state[forbidden + a] = 1
    elif op == 7:
        state[forbidden + a] = 0


@njit(cache=True)
def _inverse_op(op: int) -> int:
    if op % 2 == 0:
        return op + 1
    return op - 1


@njit(cache=True)
def apply_rows_kernel(state: SetState, n: int, rows: EventRows) -> None:
    for i in range(rows.shape[0]):
        _apply_row(state, n, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])


@njit(cache=True)
def revert_rows_kernel(state: SetState, n: int, rows: EventRows) -> None:
    for i in range(rows.shape[0] - 1, -1, -1):
        op = _inverse_op(rows[i, 0])
        _apply_row(state, n, op, rows[i, 1], rows[i, 2], rows[i, 3])


class SetGameModel(PuzzleModel):
    """The board of v**n cards: chosen, excluded (with who excluded them), forbidden."""

    kind = "setgame"
    events = SET_EVENTS

    def __init__(self, v: int = 3, n: int = 4):
        self.space = CardSpace(v, n)
        self.v, self.n, self.size = v, n, self.space.size

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> SetGameModel:
        v, n = (definition.get(key) if isinstance(definition, dict) else None for key in "vn")
        if type(v) is not int or type(n) is not int:
            raise PuzzleInputError("a setgame definition needs whole numbers v and n")
        return cls(v, n)

    def definition(self) -> dict[str, Any]:
        return {"v": self.v, "n": self.n}

    def initial_state(self) -> SetState:
        state = np.zeros(1 + 4 * self.size, dtype=STATE_DTYPE)
        state[1 + 3 * self.size :] = -1
        return state

    # -- events -----------------------------------------------------------------------
    def apply(self, state: SetState, event: Event) -> None:
        self._change(state, event.OP, event)

    def revert(self, state: SetState, event: Event) -> None:
        op = event.OP + 1 if event.OP % 2 == 0 else event.OP - 1
        self._change(state, op, event)

    def _change(self, state: SetState, op: int, event: Event) -> None:
        """The Python twin of _apply_row (single events: no kernel call overhead)."""
        n = self.size
        card = event.card  # type: ignore[attr-defined]
        level = getattr(event, "level", 0)
        if op == OP_ADD:
            state[1 + n + card] = CHOSEN
            state[1 + 2 * n + card] = level
            state[1 + 3 * n + level - 1] = card
            state[0] = level
        elif op == OP_REMOVE:
            state[1 + n + card] = FREE
            state[1 + 2 * n + card] = 0
            state[1 + 3 * n + level - 1] = -1
            state[0] = level - 1
        elif op == OP_EXCLUDE:
            state[1 + n + card] = EXCLUDED
            state[1 + 2 * n + card] = level
        elif op in (OP_UNEXCLUDE, OP_UNPRUNE):
            state[1 + n + card] = FREE
            state[1 + 2 * n + card] = 0
        elif op == OP_PRUNE:
            state[1 + n + card] = _PRUNED[event.reason]  # type: ignore[attr-defined]
            state[1 + 2 * n + card] = level
        elif op == OP_FORBID:
            state[1 + card] = 1
        elif op == OP_UNFORBID:
            state[1 + card] = 0

    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]]:
        """Cards index the board's blocks; a placement's level indexes the order block
        (level - 1), so it counts from 1; a mark's level may be 0 (a prune before the
        first placement)."""
        n = self.size
        card, placed, level = range(n), range(1, n + 1), range(n + 1)
        reason = range(REASON_BOUND, REASON_SYMMETRY + 1)
        return {
            Add: {"card": card, "level": placed},
            Remove: {"card": card, "level": placed},
            Exclude: {"card": card, "level": level},
            Unexclude: {"card": card, "level": level},
            Prune: {"card": card, "level": level, "reason": reason},
            Unprune: {"card": card, "level": level, "reason": reason},
            Forbid: {"card": card},
            Unforbid: {"card": card},
        }

    def check_state(self, state: SetState) -> None:
        super().check_state(state)
        problem = state_problem(self, state)
        if problem is not None:
            raise PuzzleInputError(problem)

    def apply_rows(self, state: SetState, rows: EventRows) -> None:
        apply_rows_kernel(state, self.size, np.ascontiguousarray(rows, dtype=np.int32))

    def revert_rows(self, state: SetState, rows: EventRows) -> None:
        revert_rows_kernel(state, self.size, np.ascontiguousarray(rows, dtype=np.int32))

    def describe(self, event: Event) -> str:
        match event:
            case Add(card=card, level=level):
                return f"place {self.space.word(card)} as #{level}"
            case Remove(card=card, level=level):
                return f"take back {self.space.word(card)} (#{level})"
            case Exclude(card=card, level=level):
                return f"{self.space.word(card)} would complete a SET: excluded by #{level}"
            case Unexclude(card=card, level=level):
                return f"{self.space.word(card)} is allowed again (#{level} taken back)"
            case (
                Prune(card=card, level=level, reason=reason)
                | Unprune(card=card, level=level, reason=reason)
            ):
                why = "bound" if reason == REASON_BOUND else "symmetry"
                verb = "ruled out" if isinstance(event, Prune) else "back in play"
                return f"{self.space.word(card)} {verb} by the search ({why}, at #{level})"
            case Forbid(card=card):
                return f"{self.space.word(card)} forbidden by the user"
            case Unforbid(card=card):
                return f"{self.space.word(card)} allowed again by the user"
        return super().describe(event)

    # -- reading a state (for scenes, sessions and tests) -------------------------------
    def level(self, state: SetState) -> int:
        return int(state[0])

    def forbidden(self, state: SetState) -> BoolArray:
        return state[1 : 1 + self.size].astype(bool)

    def status(self, state: SetState) -> Int32Array:
        return state[1 + self.size : 1 + 2 * self.size]

    def by(self, state: SetState) -> Int32Array:
        return state[1 + 2 * self.size : 1 + 3 * self.size]

    def chosen(self, state: SetState) -> list[int]:
        """The placed cards in placement order (level 1 first)."""
        level = self.level(state)
        return [int(c) for c in state[1 + 3 * self.size : 1 + 3 * self.size + level]]

    def card_at_level(self, state: SetState, level: int) -> int:
        return int(state[1 + 3 * self.size + level - 1])

    def available(self, state: SetState) -> list[int]:
        """Cards that could be placed now: free and not forbidden."""
        ok = (self.status(state) == FREE) & ~self.forbidden(state)
        return [int(c) for c in np.flatnonzero(ok)]

    def excluded_by_card(self, state: SetState, card: int) -> int:
        """The placed card whose placement excluded or pruned `card` (or -1)."""
        if self.status(state)[card] in (FREE, CHOSEN):
            return -1
        return self.card_at_level(state, int(self.by(state)[card]))

    def exclusion_links(self, state: SetState, card: int) -> list[tuple[int, ...]]:
        """Every group of v - 1 placed cards that forms a SET with `card`: the links a scene
        draws from a greyed card to the placements that exclude it (there may be several;
        `by` names the first)."""
        chosen = self.chosen(state)
        if card in chosen:
            return []
        links = []
        for new_index, new in enumerate(chosen):
            for completing, partners in self.space.completions(new, chosen[:new_index]):
                if completing == card:
                    links.append((*partners, new))
        return links

    def exclusion_map(self, state: SetState) -> dict[int, list[tuple[int, ...]]]:
        """exclusion_links for every card at once: card -> the groups of v - 1 placed cards
        (in placement order) that form a SET with it. One pass over the placed cards, so a
        scene can call it every frame."""
        chosen = self.chosen(state)
        links: dict[int, list[tuple[int, ...]]] = {}
        if self.v == 3 and len(chosen) >= 2:
            space = self.space
            d = space.digits[chosen]
            thirds = ((-(d[:, None, :] + d[None, :, :])) % 3) @ space.weights
            for j in range(1, len(chosen)):
                for i in range(j):
                    links.setdefault(int(thirds[i, j]), []).append((chosen[i], chosen[j]))
            return links
        for new_index, new in enumerate(chosen):
            for completing, partners in self.space.completions(new, chosen[:new_index]):
                links.setdefault(completing, []).append((*partners, new))
        return links

    def check_consistent(self, state: SetState) -> None:
        """Raise AssertionError unless statuses, levels and the placement order agree."""
        problem = state_problem(self, state)
        assert problem is None, problem


def state_problem(model: SetGameModel, state: SetState) -> str | None:
    """What makes `state` no board of `model` (None: nothing): every block in its range,
    the placed cards those of the order block, each marked with its own level."""
    n = model.size
    level = model.level(state)
    ranges = (
        ("level", state[:1], 0, n),
        ("forbidden flag", state[1 : 1 + n], 0, 1),
        ("status", model.status(state), FREE, PRUNED_SYMMETRY),
        ("level mark", model.by(state), 0, n),
        ("placement", state[1 + 3 * n :], -1, n - 1),
    )
    for what, block, low, high in ranges:
        if np.any((block < low) | (block > high)):
            return f"a {what} outside {low}..{high}"
    status, by = model.status(state), model.by(state)
    chosen = model.chosen(state)
    if len(set(chosen)) != level or any(c < 0 for c in chosen):
        return "bad placement order"
    if np.any(state[1 + 3 * n + level :] != -1):
        return "a placement beyond the level"
    for k, card in enumerate(chosen, start=1):
        if status[card] != CHOSEN or by[card] != k:
            return f"card {card} is not placed at {k}"
    if int((status == CHOSEN).sum()) != level:
        return "a chosen card is missing from the order"
    marked = (status != FREE) & (status != CHOSEN)
    if not np.all((by[marked] >= 1) & (by[marked] <= level)):
        return "a mark names no placement"
    if not np.all(by[status == FREE] == 0):
        return "a free card remembers a level"
    return None

"""A board that changes only through events: what the session and the search drivers use
to place, take back, forbid and prune cards in Python while a tracer records every change.

Placing a card runs the seed's SchliesseAus: every free card that would complete a SET
with the new card and v - 2 placed cards is excluded, tagged with the new card's level.
Taking back the last card lifts exactly the marks of its level, in reverse order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int32Array
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.setgame.arrays import SetState
from puzzleviz.solvers.setgame.model import (
    CHOSEN,
    EXCLUDED,
    FREE,
    PRUNED_BOUND,
    Add,
    Exclude,
    Forbid,
    Prune,
    Remove,
    SetGameModel,
    Unexclude,
    Unforbid,
    Unprune,
)
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer


class Board:
    def __init__(
        self,
        model: SetGameModel,
        tracer: Tracer = NULL_TRACER,
        state: SetState | None = None,
    ):
        self.model = model
        self.space = model.space
        self.tracer = tracer
        self.state = model.initial_state() if state is None else np.array(state, dtype=np.int32)
        self.log: list[Event] = []

    # -- the only way the state changes --------------------------------------------------
    def emit(self, event: Event) -> None:
        self.model.apply(self.state, event)
        self.log.append(event)
        self.tracer.emit(event)

    # -- reading ---------------------------------------------------------------------------
    @property
    def level(self) -> int:
        return int(self.state[0])

    @property
    def chosen(self) -> list[int]:
        return self.model.chosen(self.state)

    @property
    def status(self) -> Int32Array:
        return self.model.status(self.state)

    @property
    def by(self) -> Int32Array:
        return self.model.by(self.state)

    @property
    def forbidden(self) -> BoolArray:
        return self.model.forbidden(self.state)

    def can_place(self, card: int) -> bool:
        return self.status[card] == FREE and not self.forbidden[card]

    # -- changes ---------------------------------------------------------------------------
    def place(self, card: int) -> None:
        """Add `card` (it must be free) and exclude what it now completes."""
        if self.status[card] != FREE:
            raise PuzzleInputError(f"card {self.space.word(card)} cannot be placed")
        before = self.chosen
        level = self.level + 1
        self.emit(Add(card, level))
        for completing, _ in self.space.completions(card, before):
            if self.status[completing] == FREE:
                self.emit(Exclude(completing, level))

    def take_back(self) -> int:
        """Remove the last placed card and lift the marks its level made."""
        level = self.level
        if level == 0:
            raise PuzzleInputError("no card is placed")
        card = self.model.card_at_level(self.state, level)
        status, by = self.status, self.by
        for c in np.flatnonzero((by == level) & (status != CHOSEN))[::-1].tolist():
            if status[c] == EXCLUDED:
                self.emit(Unexclude(c, level))
            else:
                self.emit(Unprune(c, level, int(status[c]) - PRUNED_BOUND + 1))
        self.emit(Remove(card, level))
        return card

    def show(self, cards: list[int], caption: str) -> None:
        """One step, captioned, that lays `cards` out: how a search's trace ends, on what it
        found (its own take-backs leave the board empty)."""
        self.tracer.step(caption)
        for card in cards:
            if self.status[card] == FREE:
                self.place(card)

    def take_back_to(self, level: int) -> list[int]:
        """Take back placements until `level` remain; returns them, last first."""
        taken = []
        while self.level > level:
            taken.append(self.take_back())
        return taken

    def prune(self, cards: Iterable[int], reason: int) -> None:
        level = self.level
        for c in cards:
            if self.status[c] == FREE:
                self.emit(Prune(int(c), level, reason))

    def forbid(self, card: int) -> None:
        if not self.forbidden[card]:
            self.emit(Forbid(card))

    def unforbid(self, card: int) -> None:
        if self.forbidden[card]:
            self.emit(Unforbid(card))


def prepare_board(
    model: SetGameModel, with_cards: Sequence[int], forbidden: Sequence[int], tracer: Tracer
) -> Board:
    """Forbid and place the user's cards (the seed's "machine" cards), checking them."""
    space = model.space
    clash = set(with_cards) & set(forbidden)
    if clash:
        raise PuzzleInputError(f"card {space.word(min(clash))} is both required and forbidden")
    board = Board(model, tracer)
    if forbidden:
        tracer.step(msg("Cards the user forbade"))
    for card in forbidden:
        board.forbid(card)
    for card in with_cards:
        if not board.can_place(card):
            links = model.exclusion_links(board.state, card)
            partners = " ".join(space.word(c) for c in links[0]) if links else "?"
            raise PuzzleInputError(
                f"the required cards contain a SET: {space.word(card)} with {partners}"
            )
        tracer.step(msg("Required card {card}", card=space.word(card)))
        board.place(card)
    return board

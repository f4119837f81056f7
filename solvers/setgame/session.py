"""The seed's interactive game as an object: add, remove, forbid, un-forbid, and compute
the maximum under the current constraints. Every change is an event on one board, recorded
in a trace the window app can replay; `maximum` can record its search as a second trace
that starts from the session's board.

    s = SetSession(3, 4)
    s.add("0000"); s.add("1201"); s.forbid("2222")
    result = s.maximum(count=True)           # largest cap with 0000 and 1201, without 2222
    result, trace = s.maximum(record=True)   # the same, with the search as a trace
    s.remove("0000")                         # later placements are re-placed after it
    s.trace()                                # everything the user did, as a Trace
"""

from __future__ import annotations

from functools import partial
from typing import Literal, overload

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.i18n import msg, render
from puzzleviz.solvers.setgame.arrays import SetState
from puzzleviz.solvers.setgame.board import Board
from puzzleviz.solvers.setgame.kernels.bitsearch import COUNTERS
from puzzleviz.solvers.setgame.model import CHOSEN, EXCLUDED, SetGameModel
from puzzleviz.solvers.setgame.results import SetResult
from puzzleviz.solvers.setgame.search import solve
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer


def _refused(message: str) -> PuzzleInputError:
    """A move the board refuses: English for the command line, the message for a window."""
    return PuzzleInputError(render(message, "en"), message=message)


class SetSession:
    def __init__(self, v: int = 3, n: int = 4, state: np.ndarray | None = None):
        """A new game, or one that continues from `state` (where a window's player stands:
        its trace and event log then start there)."""
        self.model = SetGameModel(v, n)
        self.space = self.model.space
        if state is not None:
            self.model.check_state(np.asarray(state))
        self._tracer = RecordingTracer(
            self.model, solver="setgame.session", params={"v": v, "n": n}, initial_state=state
        )
        self.board = Board(self.model, self._tracer, state)

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> SetState:
        return self.board.state

    @property
    def chosen(self) -> list[str]:
        return self.space.words(self.board.chosen)

    @property
    def forbidden(self) -> list[str]:
        return self.space.words(i for i, f in enumerate(self.board.forbidden) if f)

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order (the session's log)."""
        return list(self.board.log)

    def trace(self) -> Trace:
        return self._tracer.finish()

    def card(self, card: int | str) -> int:
        if isinstance(card, str):
            return self.space.parse(card)
        if not 0 <= card < self.space.size:
            raise _refused(msg("there is no card number {card}", card=str(card)))
        return int(card)

    # -- the seed's operations ---------------------------------------------------------------
    def add(self, card: int | str) -> None:
        c = self.card(card)
        word = self.space.word(c)
        status = self.board.status[c]
        if status == CHOSEN:
            raise _refused(msg("{card} is already on the board", card=word))
        if self.board.forbidden[c]:
            raise _refused(msg("{card} is forbidden; allow it again first", card=word))
        if status == EXCLUDED:
            partners = self.model.exclusion_links(self.state, c)[0]
            raise _refused(
                msg(
                    "{card} would complete a SET with {others}",
                    card=word,
                    others=" ".join(self.space.words(partners)),
                )
            )
        self._tracer.step(msg("add {card}", card=word))
        self.board.place(c)

    def remove(self, card: int | str) -> None:
        """Take a card off the board. Marks are undone in reverse: later cards are taken
        back first, then placed again in their old order."""
        c = self.card(card)
        if self.board.status[c] != CHOSEN:
            raise _refused(msg("{card} is not on the board", card=self.space.word(c)))
        level = int(self.board.by[c])
        self._tracer.step(msg("remove {card}", card=self.space.word(c)))
        later = self.board.take_back_to(level - 1)[::-1][1:]
        for other in later:
            self.board.place(other)

    def forbid(self, card: int | str) -> None:
        c = self.card(card)
        if self.board.status[c] == CHOSEN:
            raise _refused(msg("{card} is on the board; remove it first", card=self.space.word(c)))
        if self.board.forbidden[c]:
            return  # forbidden already: nothing to do, and no step without events
        self._tracer.step(msg("forbid {card}", card=self.space.word(c)))
        self.board.forbid(c)

    def unforbid(self, card: int | str) -> None:
        c = self.card(card)
        if not self.board.forbidden[c]:
            return  # allowed already: nothing to do, and no step without events
        self._tracer.step(msg("allow {card} again", card=self.space.word(c)))
        self.board.unforbid(c)

    @overload
    def maximum(
        self,
        *,
        count: bool = ...,
        solver: str = ...,
        record: Literal[False] = ...,
        node_limit: int | None = ...,
        max_events: int = ...,
    ) -> SetResult: ...
    @overload
    def maximum(
        self,
        *,
        count: bool = ...,
        solver: str = ...,
        record: Literal[True],
        node_limit: int | None = ...,
        max_events: int = ...,
    ) -> tuple[SetResult, Trace]: ...
    def maximum(
        self,
        *,
        count: bool = False,
        solver: str = "fast",
        record: bool = False,
        node_limit: int | None = None,
        max_events: int = 5_000_000,
    ) -> SetResult | tuple[SetResult, Trace]:
        """The largest cap with the board's cards and without the forbidden ones. With
        record=True also the search's trace, starting from this board."""
        tracer = (
            RecordingTracer(
                self.model,
                solver=f"setgame.{solver}",
                params={"count": count, "node_limit": node_limit},
                counters=COUNTERS,
                initial_state=self.state,
                max_events=max_events,
            )
            if record
            else None
        )
        search = partial(
            solve, self.model.v, self.model.n, count=count, solver=solver, node_limit=node_limit,
            board=self.board,
        )  # fmt: skip
        if tracer is None:
            return search()
        result = search(tracer=tracer)
        return result, tracer.finish()

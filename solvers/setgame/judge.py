"""The SET quiz judge: "which card does the search add next?", answered `card 0121`.

A question is the board before a step that places one card (a placement of the search, or
a symmetry choice of one card; a card the user required with --with, and a step that lays
out several cards at once, a hyperplane's cap or the cap shown at the end, are not asked
about). The recorded card is right, even one
the search later takes back: the quiz asks what the search does next. Another card is right
but different when it can join the cap (it completes no SET with the cards placed, is not
forbidden) and the cards placed with it still grow to a cap of the size the trace reaches
(its largest level): the recorded result still follows from it.

How "still grows to a cap of that size" is decided, fast (v = 3 only; for other v only the
recorded card is right): by the fast kernel's search (kernels.bitsearch, its bounds on,
stopping at the first cap of that size) from the cards placed with it, within NODE_LIMIT
nodes (well under a millisecond a card on the real game); should that run out, and the
size be the known maximum (20 for the real game) with no card forbidden, from the classes
of the maximum caps (constrained.caps_through: no search, but a few seconds to get the
classes once). Where neither decides, the card is judged as the search's choice only, and
the reason says so.
"""

from __future__ import annotations

import re

import numpy as np
from puzzleviz.solvers.i18n import msg, nmsg, words
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, WRONG, AnswerError, LastPosition, Verdict
from puzzleviz.solvers.setgame.model import CHOSEN, Add, SetGameModel
from puzzleviz.solvers.trace import Trace

ANSWER = re.compile(r"\s*card\s+([0-9-]+)\s*", re.IGNORECASE)
NODE_LIMIT = 200_000  # nodes a search may take to decide one card (a few milliseconds)
UNKNOWN = -1  # a search that ran out of nodes


class SetJudge:
    """Judges `card 0121` answers on one SET trace."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.model = SetGameModel.from_definition(trace.header.definition)
        self.space = self.model.space
        adds = trace.rows[trace.rows[:, 0] == Add.OP]
        self.target = int(adds[:, 2].max()) if adds.size else 0  # the largest cap reached
        required = trace.header.params.get("with")  # --with: placed first, as levels 1..k
        self.required = len(required) if isinstance(required, list) else 0
        self._added: dict[int, int | None] = {}
        self._grows: dict[tuple[int, ...], int] = {}
        self._positions = LastPosition(self.trace, self.model)

    def added(self, step: int) -> int | None:
        """The card the step places, when it places one card and no other, and the card
        is the search's (not one the user required)."""
        if step not in self._added:
            lo, hi = self.trace.step_range(step)
            rows = self.trace.rows[lo:hi]
            adds = rows[rows[:, 0] == Add.OP]
            one = adds.shape[0] == 1 and int(adds[0, 2]) > self.required
            self._added[step] = int(adds[0, 1]) if one else None
        return self._added[step]

    def word(self, card: int) -> str:
        return self.space.word(card)

    # -- the protocol --------------------------------------------------------------------
    def recorded(self, step: int) -> str | None:
        card = self.added(step)
        return None if card is None else f"card {self.word(card)}"

    def default_steps(self) -> list[int]:
        """The placements on the way to the first cap of the size the trace reaches: the
        cards of that cap that the search chose one by one. Levels are the depth of the
        search's stack, so the last placement of each level before that cap is in it (read
        from the rows at once: a search trace may have millions of steps)."""
        rows = self.trace.rows
        adds = np.flatnonzero(rows[:, 0] == Add.OP)
        if not adds.size:
            return []
        reached = adds[int(np.argmax(rows[adds, 2] >= self.target))]
        before = adds[adds <= reached]
        _levels, last = np.unique(rows[before[::-1], 2], return_index=True)
        placing = before[::-1][last]
        steps = np.searchsorted(self.trace.step_start, placing, side="right") - 1
        return sorted({int(s) for s in steps if self.added(int(s)) is not None})

    def answers(self, step: int) -> list[str]:
        """Every card of the deck: a click on any card is an answer."""
        if self.added(step) is None:
            return []
        return [f"card {w}" for w in self.space.all_words]

    def choices(self, step: int) -> list[str]:
        return []  # a click on a card answers (scenes.setgame)

    def hints(self, step: int) -> list[str]:
        """That the card must stay out of every SET, then how its code begins."""
        card = self.added(step)
        if card is None:
            return []
        word = self.word(card)
        head = word[: max(1, len(word) // 2)] if self.space.v <= 10 else word.split("-")[0]
        return [
            msg("the next card makes no SET with the cards chosen: it is not grey"),
            msg("the next card's code begins {digits}", digits=head),
        ]

    def parse(self, answer: str) -> int:
        match = ANSWER.fullmatch(answer)
        if match is None:
            raise AnswerError(f"{answer.strip()!r} is not a SET card (write: card 0121)")
        try:
            return self.space.parse(match[1])
        except Exception as exc:  # PuzzleInputError: the word's own fault, in its words
            raise AnswerError(str(exc)) from None

    def judge(self, step: int, answer: str) -> Verdict:
        card = self.parse(answer)
        recorded = self.added(step)
        if recorded is None:
            raise AnswerError(f"step {step + 1} places no card")
        if card == recorded:
            return Verdict(RIGHT, msg("the card the search adds"))
        state = self.state(step)
        word = self.word(card)
        if self.model.status(state)[card] == CHOSEN:
            return Verdict(WRONG, msg("{card} is in the cap already", card=word))
        if self.model.forbidden(state)[card]:
            return Verdict(WRONG, msg("{card} is forbidden", card=word))
        links = self.model.exclusion_links(state, card)
        if links:
            return Verdict(WRONG, msg("{card} completes a SET with {cards}", card=word,
                                      cards=words(self.space.words(sorted(links[0])))))  # fmt: skip
        grows = self.grows(state, card)
        size = self.target
        if grows == UNKNOWN:
            return Verdict(WRONG, nmsg(
                "{card} makes no SET, but the search adds another card (whether a cap of "
                "{n} card follows from it is not known quickly)",
                "{card} makes no SET, but the search adds another card (whether a cap of "
                "{n} cards follows from it is not known quickly)", size, card=word))  # fmt: skip
        if grows:
            return Verdict(DIFFERENT, nmsg(
                "also right: {card} makes no SET, and a cap of {n} card follows from it",
                "also right: {card} makes no SET, and a cap of {n} cards follows from it",
                size, card=word))  # fmt: skip
        return Verdict(WRONG, nmsg("{card} makes no SET, but no cap of {n} card follows from it",
                                   "{card} makes no SET, but no cap of {n} cards follows from it",
                                   size, card=word))  # fmt: skip

    def state(self, step: int) -> np.ndarray:
        """The question's board, replayed once a question (the page judges all 81 cards
        of it, and a search's trace may have a million events before it)."""
        return self._positions.before(step).copy()

    # -- does a cap of the size reached follow? ------------------------------------------
    def grows(self, state: np.ndarray, card: int) -> int:
        """1 if the placed cards and `card` (which completes no SET with them) grow to a
        cap of `target` cards avoiding the forbidden ones, 0 if not, UNKNOWN if no fast
        way decides (v other than 3, or a search out of nodes)."""
        cards = (*sorted(self.model.chosen(state)), card)
        forbidden = tuple(int(c) for c in np.flatnonzero(self.model.forbidden(state)))
        key = (*cards, -1, *forbidden)
        if key not in self._grows:
            self._grows[key] = self._decide(list(cards), list(forbidden))
        return self._grows[key]

    def _decide(self, cards: list[int], forbidden: list[int]) -> int:
        if len(cards) >= self.target:
            return 1
        if self.space.v != 3:
            return UNKNOWN
        found = search_grows(self.model, cards, forbidden, self.target)
        n = self.space.n
        if found != UNKNOWN or forbidden or n > 4:
            return found
        from puzzleviz.solvers.setgame.constrained import caps_through
        from puzzleviz.solvers.setgame.fast import known_maximum
        from puzzleviz.solvers.setgame.geometry import affine_space

        known = known_maximum(n, count=True)
        if self.target != known.size:
            return UNKNOWN
        return int(caps_through(affine_space(n), known.classes or [], cards, keep=0) is not None)


def search_grows(model: SetGameModel, cards: list[int], forbidden: list[int], target: int) -> int:
    """The fast kernel's search, from `cards` placed and `forbidden` out, for a cap of
    `target` cards: 1 found, 0 none, UNKNOWN out of nodes (v = 3)."""
    from puzzleviz.solvers.setgame.board import Board
    from puzzleviz.solvers.setgame.geometry import affine_space
    from puzzleviz.solvers.setgame.kernels.bitsearch import STOP_FIRST
    from puzzleviz.solvers.setgame.runner import Captions, SearchStats, bit_run, free_candidates
    from puzzleviz.solvers.tracer import NULL_TRACER

    board = Board(model, NULL_TRACER)
    for card in forbidden:
        board.forbid(card)
    for card in cards:
        board.place(card)
    space = affine_space(model.space.n)
    stats = SearchStats()
    best, _caps, _found = bit_run(
        space, board, Captions(NULL_TRACER, model.space.all_words), stats,
        free_candidates(board), target, STOP_FIRST, node_limit=NODE_LIMIT, keep=1,
    )  # fmt: skip
    if best >= target:
        return 1
    return 0 if stats.finished else UNKNOWN


def judge_for(trace: Trace) -> SetJudge:
    """The PuzzleSpec's judge factory."""
    return SetJudge(trace)

"""The rings quiz judge: "which turn comes next?", answered `ring 2 +3`.

A question is the position before a step that is one turn and nothing else: a move of a
replayed solution or a turn played by hand (a search's steps, which walk between the
positions it expands, and the turn back to the start are not asked about). A turn is
written as the captions say it: the ring (1-based) and the signed number of single steps
the short way round, + counter-clockwise and - clockwise (solvers.rings.model.geometry.
short_way: on 20 positions +1..+10 and -1..-9; -10 is read as +10, the same turn).

The recorded turn is right. Another turn is right but different when it keeps a shortest
solution: the exact distance to solved drops by one. That distance is known exactly, at
once, for the two-ring configurations of at most EXACT_STATES states (2/6/x/1, 2/8/1/x,
2/10/1/x, 2/12/1/x), whose whole distance table (solvers.rings.stats.exact, half a second
to build, once a process) is read; a turn that solves the rings is right everywhere. On
the larger configurations (2/8/2/x: 4.2 million states, a table of one and a half seconds;
2/14/1/x; the original 2/20/2/4; three and five rings) no exact distance is cheap enough
for a question (the optimal solver's pattern databases take minutes to build and its
search seconds), so there only the recorded turn, or one that solves, is right.
"""

from __future__ import annotations

import re

import numpy as np
from puzzleviz.solvers.i18n import msg, nmsg
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, WRONG, AnswerError, LastPosition, Verdict
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.geometry import short_way
from puzzleviz.solvers.rings.model.model import RingsModel, Rotate
from puzzleviz.solvers.trace import Trace

ANSWER = re.compile(r"\s*ring\s*(\d{1,2})\s*([+-])\s*(\d{1,3})\s*", re.IGNORECASE)
EXACT_STATES = 1_000_000  # the largest table read: 705,432 states (2/12/1/x), half a second
MAX_DEFAULT = 12  # questions a quiz asks by default on a long solution

Turn = tuple[int, int]  # (ring 0-based, f in 1..Gsz-1), as the Rotate event has it


def turn_text(config: RingConfig, ring: int, f: int) -> str:
    """`ring 2 +3`: the answer notation of a turn."""
    return f"ring {ring + 1} {short_way(config, f):+d}"


def exact(config: RingConfig) -> bool:
    """Whether the distance table of `config` is exact and cheap enough to read."""
    return config.rings == 2 and config.state_count <= EXACT_STATES


def distance(config: RingConfig, state: np.ndarray) -> int:
    """The exact number of turns from `state` to solved (configurations `exact` covers)."""
    from puzzleviz.solvers.rings.stats.exact import distance as table_distance

    return table_distance(config, state)


class RingsJudge:
    """Judges `ring 2 +3` answers on one rings trace."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.model = RingsModel.from_definition(trace.header.definition)
        self.config = self.model.config
        self._turns: dict[int, Turn | None] = {}
        self._after: dict[int, tuple[int, dict[Turn, int]]] = {}
        self._positions = LastPosition(self.trace, self.model)

    def turn(self, step: int) -> Turn | None:
        """The step's turn, when the step is one turn and nothing else."""
        if step not in self._turns:
            lo, hi = self.trace.step_range(step)
            rows = self.trace.rows[lo:hi]
            found = None
            if hi - lo == 1 and int(rows[0, 0]) == Rotate.OP:
                found = int(rows[0, 1]), int(rows[0, 2]) % self.config.size
            self._turns[step] = found if found is None or found[1] else None
        return self._turns[step]

    def turn_steps(self) -> list[int]:
        """Every step that is one turn and nothing else, read from the rows at once (a
        search's trace may have millions of steps)."""
        trace = self.trace
        if not trace.n_events:
            return []
        starts = trace.step_start
        ends = np.append(starts[1:], trace.n_events)
        first = trace.rows[np.minimum(starts, trace.n_events - 1)]
        one = (
            (ends - starts == 1)
            & (first[:, 0] == Rotate.OP)
            & (first[:, 2] % self.config.size != 0)
        )
        return [int(s) for s in np.flatnonzero(one)]

    def every_turn(self) -> list[Turn]:
        """Every turn of every ring, each ring's from the most clockwise to the most
        counter-clockwise (the order its buttons are offered in)."""
        g = self.config.size
        return [(ring, f) for ring in range(self.config.rings)
                for f in sorted(range(1, g), key=lambda f: short_way(self.config, f))]  # fmt: skip

    # -- the protocol --------------------------------------------------------------------
    def recorded(self, step: int) -> str | None:
        turn = self.turn(step)
        return None if turn is None else turn_text(self.config, *turn)

    def default_steps(self) -> list[int]:
        """Every turn of a short solution; of a longer one MAX_DEFAULT spread evenly,
        the turn that solves the rings last among them."""
        steps = self.turn_steps()
        if len(steps) <= MAX_DEFAULT:
            return steps
        last = len(steps) - 1
        return sorted({steps[last - round(k * last / (MAX_DEFAULT - 1))]
                       for k in range(MAX_DEFAULT)})  # fmt: skip

    def answers(self, step: int) -> list[str]:
        if self.turn(step) is None:
            return []
        return [turn_text(self.config, *t) for t in self.every_turn()]

    def choices(self, step: int) -> list[str]:
        return []  # a click on a ring answers, then its turns are offered (scenes.rings)

    def hints(self, step: int) -> list[str]:
        """The ring, then the way it turns; then the window shows the turn."""
        turn = self.turn(step)
        if turn is None:
            return []
        return [msg("the next turn is of ring {ring}", ring=turn[0] + 1), self.way(*turn)]

    def way(self, ring: int, f: int) -> str:
        steps = short_way(self.config, f)
        if 2 * f == self.config.size:
            return msg("ring {ring} turns half way round next", ring=ring + 1)
        if steps > 0:
            return msg("ring {ring} turns counter-clockwise next", ring=ring + 1)
        return msg("ring {ring} turns clockwise next", ring=ring + 1)

    def parse(self, answer: str) -> Turn:
        match = ANSWER.fullmatch(answer)
        if match is None:
            raise AnswerError(f"{answer.strip()!r} is not a rings turn (write: ring 2 +3)")
        ring, steps = int(match[1]) - 1, int(match[3]) * (1 if match[2] == "+" else -1)
        rings, g = self.config.rings, self.config.size
        if not 0 <= ring < rings:
            raise AnswerError(f"{answer.strip()!r}: no such ring (1 to {rings})")
        if steps % g == 0:
            raise AnswerError(f"{answer.strip()!r} turns the ring all the way round: no move")
        return ring, steps % g

    def judge(self, step: int, answer: str) -> Verdict:
        ring, f = self.parse(answer)
        turn = self.turn(step)
        if turn is None:
            raise AnswerError(f"step {step + 1} is not a turn")
        if (ring, f) == turn:
            return Verdict(RIGHT, msg("the turn the solver makes"))
        text = turn_text(self.config, ring, f)
        if not exact(self.config):
            return self._recorded_only(step, turn, (ring, f), text)
        now, after = self.distances(step)
        left = after[ring, f]
        if left == now - 1:
            return Verdict(DIFFERENT, nmsg(
                "also right: after {turn} the rings are {n} turn from solved, one fewer",
                "also right: after {turn} the rings are {n} turns from solved, one fewer",
                left, turn=text))  # fmt: skip
        return Verdict(WRONG, nmsg(
            "{turn} leaves the rings {n} turn from solved; the best turns leave {best}",
            "{turn} leaves the rings {n} turns from solved; the best turns leave {best}",
            left, turn=text, best=now - 1))  # fmt: skip

    def _recorded_only(self, step: int, turn: Turn, answer: Turn, text: str) -> Verdict:
        """Where no exact distance is cheap: a turn that solves the rings is right, any
        other is told where it parts from the solver's."""
        state = self.state(step)
        self.model.rotate(state, *answer)
        if self.model.is_goal(state):
            return Verdict(DIFFERENT, msg("also right: {turn} solves the rings", turn=text))
        if answer[0] != turn[0]:
            return Verdict(WRONG, msg("the next turn is of ring {ring}", ring=turn[0] + 1))
        if short_way(self.config, answer[1]) * short_way(self.config, turn[1]) < 0:
            return Verdict(WRONG, self.way(*turn))
        return Verdict(WRONG, msg("ring {ring} turns that way, but by another number of steps",
                                  ring=turn[0] + 1))  # fmt: skip

    # -- the position --------------------------------------------------------------------
    def state(self, step: int) -> np.ndarray:
        """The question's position, replayed once a question (a search's trace may have
        millions of events before its solution's moves)."""
        return self._positions.before(step).copy()

    def distances(self, step: int) -> tuple[int, dict[Turn, int]]:
        """The question's distance to solved and each turn's, read once a question (the
        page judges every answer of the answer space when it is exported)."""
        if step not in self._after:
            before = self.state(step)
            after = {}
            for ring, f in self.every_turn():
                state = before.copy()
                self.model.rotate(state, ring, f)
                after[ring, f] = distance(self.config, state)
            self._after[step] = distance(self.config, before), after
        return self._after[step]


def judge_for(trace: Trace) -> RingsJudge:
    """The PuzzleSpec's judge factory."""
    return RingsJudge(trace)

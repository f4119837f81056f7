"""The queens quiz judge: "where does the next queen go?", answered `queen c4`.

A question is the board before a step that places a queen (the first safe square of a
fresh row, or the square a queen moves on to after a backtrack). A square is right when it
is in that row, no queen above attacks it, and the board with it still has a solution: the
search from there (`completes`, the bitmask search of kernels.count_from, started from the
queens above instead of an empty board) finds one. The recorded square is right by
definition, even one the search later takes back: the quiz asks "what does the solver do
next?", and the first safe square is what backtracking does.
Squares are named as the board's edges label them: column letter, row number from the top.
"""

from __future__ import annotations

import re

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.i18n import msg, nmsg
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.queens.model import FILES, Place, QueensModel, square
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, WRONG, AnswerError, Verdict, milestone_steps
from puzzleviz.solvers.quiz import state_before as _state_before
from puzzleviz.solvers.trace import Trace

ANSWER = re.compile(r"\s*queen\s+([a-z])\s*(\d{1,2})\s*", re.IGNORECASE)


@njit(cache=True)
def completes(n: int, cols: Int64Array) -> bool:
    """Whether queens on columns `cols` (rows 0..len-1, no two attacking) extend to a
    solution: a depth-first search over each row's free squares as one bitmask."""
    full = (1 << n) - 1
    taken, left, right = 0, 0, 0
    for col in cols:  # the diagonals shift one square per row as the search goes down
        bit = 1 << col
        taken, left, right = taken | bit, ((left | bit) << 1) & full, (right | bit) >> 1
    first = cols.shape[0]
    if first == n:
        return True
    depth = n - first
    t, lft = np.zeros(depth + 1, np.int64), np.zeros(depth + 1, np.int64)
    rgt, free = np.zeros(depth + 1, np.int64), np.zeros(depth + 1, np.int64)
    t[0], lft[0], rgt[0] = taken, left, right
    free[0] = full & ~(taken | left | right)
    k = 0
    while k >= 0:
        if free[k] == 0:
            k -= 1
            continue
        bit = free[k] & -free[k]
        free[k] ^= bit
        if k + 1 == depth:
            return True
        t[k + 1] = t[k] | bit
        lft[k + 1] = ((lft[k] | bit) << 1) & full
        rgt[k + 1] = (rgt[k] | bit) >> 1
        free[k + 1] = full & ~(t[k + 1] | lft[k + 1] | rgt[k + 1])
        k += 1
    return False


def attacker(above: list[int], col: int) -> tuple[int, int] | None:
    """The first of the queens `above` (one a row, by column) that attacks the square in
    column `col` of the next row, as (row, col)."""
    row = len(above)
    for r, c in enumerate(above):
        if c == col or abs(c - col) == row - r:
            return r, c
    return None


class QueensJudge:
    """Judges `queen c4` answers on one queens trace."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.model = QueensModel.from_definition(trace.header.definition)
        self._placed: dict[int, tuple[int, int] | None] = {}

    def placed(self, step: int) -> tuple[int, int] | None:
        """(row, col) of the queen the step places, if it places one."""
        if step not in self._placed:
            lo, hi = self.trace.step_range(step)
            found = None
            for row in self.trace.rows[lo:hi]:
                if int(row[0]) == Place.OP:
                    found = int(row[1]), int(row[2])
            self._placed[step] = found
        return self._placed[step]

    def above(self, step: int, row: int) -> list[int]:
        """The columns of the queens in the rows above `row` before `step`."""
        state = _state_before(self.trace, self.model, step)
        return [int(c) for c in self.model.queens(state)[:row]]

    def recorded(self, step: int) -> str | None:
        placed = self.placed(step)
        return None if placed is None else f"queen {square(*placed)}"

    def default_steps(self) -> list[int]:
        return milestone_steps(self.trace, lambda s: self.placed(s) is not None)

    def answers(self, step: int) -> list[str]:
        """Every square of the board: a square in another row is an answer too (wrong)."""
        if self.placed(step) is None:
            return []
        n = self.model.n
        return [f"queen {square(row, col)}" for row in range(n) for col in range(n)]

    def choices(self, step: int) -> list[str]:
        return []  # a click on a square answers (scenes.queens)

    def hints(self, step: int) -> list[str]:
        """The row, then its safe squares (some of which may lead nowhere)."""
        placed = self.placed(step)
        if placed is None:
            return []
        row = placed[0]
        above = self.above(step, row)
        safe = [square(row, col) for col in range(self.model.n) if attacker(above, col) is None]
        return [
            msg("the next queen goes in row {row}", row=row + 1),
            nmsg("row {row} has {n} safe square: {squares}",
                 "row {row} has {n} safe squares: {squares}", len(safe),
                 row=row + 1, squares=", ".join(safe)),
        ]  # fmt: skip

    def parse(self, answer: str) -> tuple[int, int]:
        n = self.model.n
        match = ANSWER.fullmatch(answer)
        if match is None:
            raise AnswerError(f"{answer.strip()!r} is not a queens move (write: queen c4)")
        col, row = FILES.index(match[1].lower()), int(match[2]) - 1
        if not (0 <= col < n and 0 <= row < n):
            last = square(n - 1, n - 1)
            raise AnswerError(f"{answer.strip()!r} is off the board (a1 to {last})")
        return row, col

    def judge(self, step: int, answer: str) -> Verdict:
        row, col = self.parse(answer)
        placed = self.placed(step)
        if placed is None:
            raise AnswerError(f"step {step + 1} places no queen")
        if (row, col) == placed:
            return Verdict(RIGHT, msg("the queen the search places"))
        want = placed[0]
        if row != want:
            return Verdict(WRONG, msg("the next queen goes in row {row}", row=want + 1))
        above = self.above(step, row)
        attacking = attacker(above, col)
        if attacking is not None:
            return Verdict(
                WRONG,
                msg("{square} is attacked by the queen on {attacker}",
                    square=square(row, col), attacker=square(*attacking)),
            )  # fmt: skip
        if not completes(self.model.n, np.array([*above, col], dtype=np.int64)):
            return Verdict(
                WRONG,
                msg("{square} is safe, but no solution follows from it", square=square(row, col)),
            )
        return Verdict(
            DIFFERENT,
            msg("also right: {square} is safe and leads to a solution", square=square(row, col)),
        )


def judge_for(trace: Trace) -> QueensJudge:
    """The PuzzleSpec's judge factory."""
    return QueensJudge(trace)

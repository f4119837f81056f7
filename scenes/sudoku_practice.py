"""The sudoku window's practice puzzles (issue 35): P makes the next puzzle that needs the
technique practised, in the background, and shows it from the start with the hints (I) on.

Which technique: the one the shown trace was made for (`play --practice X-Wing`), else the
next of a short default list, one of each family (solvers.sudoku.practice.DEFAULT_CYCLE), so
a teacher who never named one still gets a round of practice puzzles.
"""

from __future__ import annotations

import secrets

from puzzleviz.solvers.i18n import N_, msg, render
from puzzleviz.solvers.sudoku.model import SudokuModel
from puzzleviz.solvers.sudoku.practice import (
    DEFAULT_CYCLE,
    SLOW,
    practice_trace,
    practised,
    practised_where,
)
from puzzleviz.solvers.sudoku.techniques import BY_NAME
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.interaction import Job, Session

PRACTICE_HELP = ("P", N_("a new practice puzzle for the technique practised (else the next of a "
                        "few: X-Wing, Y-Wing, ...)"))  # fmt: skip


class Practice:
    """What P needs to remember: the place in the default list, and the seeds it drew."""

    def __init__(self, seed: int | None = None) -> None:
        self.cycled = -1
        self._seed = seed  # None: a fresh random seed for each puzzle (tests pass one)

    def technique_for(self, trace: Trace) -> str:
        return self.technique_for_name(practised(trace))

    def technique_for_name(self, name: str | None) -> str:
        """`name` (the shown trace's), else the next of the default list."""
        if name is not None:
            return name
        self.cycled = (self.cycled + 1) % len(DEFAULT_CYCLE)
        return DEFAULT_CYCLE[self.cycled]

    def next_seed(self) -> int:
        if self._seed is None:
            return secrets.randbelow(2**31)
        self._seed += 1
        return self._seed

    def start(self, session: Session[SudokuModel]) -> None:
        technique = self.technique_for(session.player.trace)
        title = msg(BY_NAME[technique].title)
        seed = self.next_seed()
        head = msg("Making a practice puzzle for {technique}", technique=title)
        if technique in SLOW:
            head = msg("Making a practice puzzle for {technique} (they are rare: this can take "
                       "minutes)", technique=title)  # fmt: skip

        def work(job: Job[Trace]) -> Trace:
            return practice_trace(technique, seed, cancelled=lambda: job.cancelled)[1]

        def done(trace: Trace) -> None:
            session.show(trace, 0.0, play=False)
            session.report(practice_notice(trace) or "")

        session.start(Job(render(head), work, done))


def practice_notice(trace: Trace) -> str | None:
    """What the window says of a practice puzzle (a message), when it opens on one and when
    P brings the next: the technique, and the step where it first applies."""
    technique = practised(trace)
    if technique is None:
        return None
    step, hardest = practised_where(trace)
    title = msg(BY_NAME[technique].title)
    if hardest != technique:  # harder steps follow (THEN_HARDER)
        return msg("Practice puzzle for {technique}: it first applies at step {step}, and "
                   "{hardest} comes later; I gives a hint, P the next puzzle",
                   technique=title, step=step, hardest=msg(BY_NAME[hardest].title))  # fmt: skip
    return msg("Practice puzzle for {technique}: it first applies at step {step}; I gives a "
               "hint, P the next puzzle", technique=title, step=step)  # fmt: skip

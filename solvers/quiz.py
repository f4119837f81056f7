"""Quizzes on a recorded trace: stop before a step, take the student's move, judge it.

A question is the position before a recorded step (step numbers are 0-based here, 1-based
for people, as the HUD counts). Each puzzle judges answers itself (a `Judge`, supplied by
its PuzzleSpec's `judge` factory), because only the puzzle knows which moves other than the
recorded one are right: a queens square that still leads to a solution, a sudoku move that
an easier technique justifies. This module only asks the questions and keeps the score, so
a window, a page or the command line can share it; after a wrong answer the quiz goes on
from the recorded step, as every question's position is the trace's own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.trace import Trace

__all__ = [
    "DIFFERENT",
    "RIGHT",
    "WRONG",
    "AnswerError",
    "Judge",
    "JudgeFactory",
    "LastPosition",
    "PlacingJudge",
    "QuizAnswer",
    "QuizResult",
    "Verdict",
    "milestone_steps",
    "run_quiz",
    "state_before",
]

RIGHT, DIFFERENT, WRONG = "right", "right-but-different", "wrong"
M = TypeVar("M")  # a puzzle's placement (PlacingJudge)


class AnswerError(PuzzlevizError):
    """An answer that is not a move in the puzzle's notation (the CLI adds its line)."""


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What a judge says of one answer; `reason` is a message (solvers.i18n), one line."""

    kind: str  # RIGHT, DIFFERENT or WRONG
    reason: str

    @property
    def counts(self) -> bool:
        """Every right answer scores, the recorded one or another."""
        return self.kind != WRONG


class Judge(Protocol):
    """One puzzle's judge over one trace."""

    def recorded(self, step: int) -> str | None:
        """The step's move in the answer notation ("queen c4", "E5=5"), or None when the
        step makes no move a student could be asked for (a dead end, a backtrack)."""
        ...

    def default_steps(self) -> list[int]:
        """The steps a quiz asks about when none are chosen."""
        ...

    def judge(self, step: int, answer: str) -> Verdict:
        """The verdict on `answer` before `step`; AnswerError if it is not a move."""
        ...

    def answers(self, step: int) -> list[str]:
        """Every move a student could answer before `step`, in the notation, whatever its
        verdict (every square of the row, every pencil mark placed or removed): the browser
        page judges each of them when it is exported, as it cannot run the judge."""
        ...

    def choices(self, step: int) -> list[str]:
        """The answers to offer as buttons, for a puzzle whose scene cannot make the move by
        a click (the next piece of a packing among its candidates); [] when the scene's own
        interaction answers (a click on a square, a ring, a card, a pencil mark)."""
        ...

    def hints(self, step: int) -> list[str]:
        """What a student is told after each wrong answer, vaguest first (messages: "the
        next queen goes in row 5", then which squares are safe); after the last, the
        recorded move is shown."""
        ...


JudgeFactory = Callable[[Trace], Judge]


def state_before(trace: Trace, model: PuzzleModel, step: int) -> np.ndarray:
    """The model state a question shows: the trace's events before `step` applied."""
    state = np.array(trace.header.initial_state, dtype=STATE_DTYPE)
    lo, _hi = trace.step_range(step)
    if lo:
        model.apply_rows(state, trace.rows[:lo])
    return state


class LastPosition:
    """The state before a step, replayed once for the last step asked about: a question's
    verdicts, choices and hints all start from it, and a search's trace may hold millions
    of events before it."""

    def __init__(self, trace: Trace, model: PuzzleModel) -> None:
        self.trace, self.model = trace, model
        self._step, self._state = -1, np.empty(0, dtype=STATE_DTYPE)

    def before(self, step: int) -> np.ndarray:
        """The state before `step`: the kept array (copy it before changing it)."""
        if self._step != step:
            self._step, self._state = step, state_before(self.trace, self.model, step)
        return self._state


class PlacingJudge(Generic[M]):
    """What the packing puzzles' judges share: the one placement a recorded step makes
    (read from its rows once per step), that placement in words as the answer, the
    milestones' moves as the default questions, and the position before a step. A
    subclass says how a Place row reads (`placement`) and how a placement is written
    (`text`)."""

    def __init__(self, trace: Trace, model: PuzzleModel) -> None:
        self.trace = trace
        self._placed: dict[int, M | None] = {}
        self._positions = LastPosition(trace, model)

    def placement(self, row: np.ndarray) -> M | None:
        """The placement of a step's only row, None if it is no Place."""
        raise NotImplementedError

    def text(self, placement: M) -> str:
        raise NotImplementedError

    def placed(self, step: int) -> M | None:
        """The placement a step makes, when the step is that one Place."""
        if step not in self._placed:
            lo, hi = self.trace.step_range(step)
            rows = self.trace.rows[lo:hi]
            self._placed[step] = self.placement(rows[0]) if len(rows) == 1 else None
        return self._placed[step]

    def recorded(self, step: int) -> str | None:
        placed = self.placed(step)
        return None if placed is None else self.text(placed)

    def default_steps(self) -> list[int]:
        return milestone_steps(self.trace, lambda s: self.placed(s) is not None)

    def state(self, step: int) -> np.ndarray:
        """The state before `step`, kept for the last step asked about (a question's
        verdicts, choices and hints all start from it)."""
        return self._positions.before(step)


def milestone_steps(trace: Trace, askable: Callable[[int], bool]) -> list[int]:
    """For each milestone, the last step with a move at or before the step that reaches
    it: the move that brings the milestone about (the last queen of a solution)."""
    steps: list[int] = []
    for pos in trace.milestone_pos.tolist():
        step = trace.step_of(max(int(pos) - 1, 0))
        while step >= 0 and not askable(step):
            step -= 1
        if step >= 0 and step not in steps:
            steps.append(step)
    return steps


@dataclasses.dataclass(frozen=True)
class QuizAnswer:
    step: int  # 0-based
    answer: str
    verdict: Verdict
    recorded: str

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step + 1,
            "answer": self.answer,
            "verdict": self.verdict.kind,
            "reason": render(self.verdict.reason),
            "recorded": self.recorded,
        }


@dataclasses.dataclass(frozen=True)
class QuizResult:
    answers: tuple[QuizAnswer, ...]

    @property
    def score(self) -> int:
        return sum(a.verdict.counts for a in self.answers)

    def to_json(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "questions": len(self.answers),
            "answers": [a.to_json() for a in self.answers],
        }


def mismatch(answers: int, questions: int) -> str:
    """Why a set of answers does not fit the quiz: "1 answer for 51 questions"."""
    return (f"{answers} answer{'' if answers == 1 else 's'} for {questions} "
            f"question{'' if questions == 1 else 's'}")  # fmt: skip


def run_quiz(
    judge: Judge, steps: Sequence[int], answers: Sequence[str], where: Sequence[str] = ()
) -> QuizResult:
    """Judge `answers[i]` at `steps[i]`; each question starts from the recorded position,
    whatever the answer before it was. AnswerError names where the bad answer is
    (`where[i]`, "line 7" of a file; else "answer 3")."""
    if len(answers) != len(steps):
        raise AnswerError(mismatch(len(answers), len(steps)))
    judged = []
    for number, (step, answer) in enumerate(zip(steps, answers, strict=True), 1):
        recorded = judge.recorded(step)
        if recorded is None:
            raise AnswerError(f"step {step + 1} makes no move to ask about")
        try:
            verdict = judge.judge(step, answer)
        except AnswerError as exc:
            place = where[number - 1] if where else f"answer {number}"
            raise AnswerError(f"{place}: {exc}") from None
        judged.append(QuizAnswer(step, answer, verdict, recorded))
    return QuizResult(tuple(judged))

"""A quiz in the window: playback stops before chosen steps and the student makes the move.

`QuizMode` is the state of one quiz over one trace, as plain logic (no pygame, no GL, no
clock): which question is open, what the student answered, the hints told, the score. The
App routes time, keys and clicks to it (viz.app) and the HUD draws what it says
(viz.quiz_panel), so a test can play a whole quiz by calling its methods.

A question opens when playback reaches the start of its step. The student answers with the
scene's own interaction (a click on a square, a ring, a card, a pencil mark: the scene's
`quiz_answer` names the move in the judge's notation) or, where the scene cannot make the
move, with the judge's choices drawn as buttons. A click that names only part of a move (a
ring, without its turn) offers the moves it begins as buttons. Right, or right but
different: the step then plays and the quiz goes on. Wrong: the judge's next hint, and the
student tries again; after the last hint (or on Space) the recorded move is shown. The
score counts the questions whose first answer was right, as a graded answer file would.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.i18n import msg, nmsg
from puzzleviz.solvers.quiz import AnswerError, Judge, QuizAnswer, Verdict
from puzzleviz.solvers.trace import Trace


class Phase(enum.StrEnum):
    PLAYING = "playing"  # the recorded steps play on to the next question (or the end)
    ASKING = "asking"  # stopped before a step: the student's move is awaited
    ANSWERED = "answered"  # a right answer: going on plays the step
    SHOWN = "shown"  # the recorded move was shown (hints used up, or asked for)
    FINISHED = "finished"  # the trace has played to its end after the last question


class Tone(enum.StrEnum):
    """How the feedback line is coloured."""

    ASK = "ask"
    RIGHT = "right"
    WRONG = "wrong"
    SHOWN = "shown"


@dataclasses.dataclass
class Question:
    step: int  # 0-based
    recorded: str
    attempts: list[QuizAnswer] = dataclasses.field(default_factory=list)
    hints: int = 0  # hints told so far
    shown: bool = False  # the recorded move was shown before a right answer

    @property
    def right_first(self) -> bool:
        """The score's rule: the first answer counted (right, or right but different)."""
        return bool(self.attempts) and self.attempts[0].verdict.counts

    @property
    def solved(self) -> bool:
        return any(a.verdict.counts for a in self.attempts)

    def to_json(self) -> dict[str, Any]:
        first = self.attempts[0].to_json() if self.attempts else {
            "step": self.step + 1, "answer": None, "verdict": None, "reason": "",
            "recorded": self.recorded,
        }  # fmt: skip
        return {
            **first,
            "attempts": [a.answer for a in self.attempts],
            "hints": self.hints,
            "shown": self.shown,
        }


def completions(prefix: str, answers: Sequence[str]) -> list[str]:
    """The answers that `prefix` begins, where the next character ends a word: "ring 2"
    begins "ring 2 +1" but not "ring 21 +1", "A1" begins "A1=5" but not "A10=5"."""
    n = len(prefix)
    return [a for a in answers if a.startswith(prefix) and len(a) > n and not a[n].isalnum()]


class QuizMode:
    """One quiz over one trace, asked before `steps` (0-based; each makes a move)."""

    def __init__(self, judge: Judge, trace: Trace, steps: Sequence[int], *, start: int = 0):
        self.judge, self.trace = judge, trace
        chosen = sorted(set(steps))
        self.questions = [Question(s, judge.recorded(s) or "") for s in chosen]
        # the first question whose step starts at or after the position `start` (an event)
        self.index = next((k for k, s in enumerate(chosen) if self.start_of(s) >= start),
                          len(chosen))  # fmt: skip
        self.phase = Phase.PLAYING
        self.pending = ""  # part of a move, clicked: the moves it begins are offered
        self.feedback: tuple[str, ...] = ()  # messages: what was said of the last answer
        self.tone = Tone.ASK
        self._answers: dict[int, list[str]] = {}

    # -- where it stops ------------------------------------------------------------------
    def start_of(self, step: int) -> int:
        return int(self.trace.step_range(step)[0])

    @property
    def question(self) -> Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    def stop_position(self) -> int | None:
        """The event position playback stops at, while it plays on to a question."""
        question = self.question
        if self.phase is not Phase.PLAYING or question is None:
            return None
        return self.start_of(question.step)

    def arrive(self) -> None:
        """Playback reached the open question's step: ask."""
        self.phase, self.pending = Phase.ASKING, ""
        self.feedback, self.tone = (), Tone.ASK

    def reached_end(self) -> None:
        if self.question is None:
            self.phase = Phase.FINISHED

    # -- answering -----------------------------------------------------------------------
    def answers(self) -> list[str]:
        """The open question's answer space (the judge's, kept once a question)."""
        question = self.question
        if question is None:
            return []
        if question.step not in self._answers:
            self._answers[question.step] = self.judge.answers(question.step)
        return self._answers[question.step]

    def choices(self) -> list[str]:
        """The moves to offer as buttons now: those a clicked part begins, or the judge's
        own choices where the scene cannot make the move by a click."""
        question = self.question
        if self.phase is not Phase.ASKING or question is None:
            return []
        if self.pending:
            return completions(self.pending, self.answers())
        return self.judge.choices(question.step)

    def answer(self, text: str) -> Verdict | None:
        """The student's move (a whole answer, or part of one): its verdict, or None when
        it was only part of a move (its completions are now offered) or no move here."""
        question = self.question
        if self.phase is not Phase.ASKING or question is None:
            return None
        begun = completions(text, self.answers())
        if text not in self.answers() and begun:
            self.pending = text
            return None
        self.pending = ""
        try:
            verdict = self.judge.judge(question.step, text)
        except AnswerError as exc:
            self.feedback, self.tone = (f"{text}: {exc}",), Tone.ASK
            return None
        question.attempts.append(QuizAnswer(question.step, text, verdict, question.recorded))
        if verdict.counts:
            self.phase, self.tone = Phase.ANSWERED, Tone.RIGHT
            self.feedback = (right_words(verdict, question.recorded),)
        elif not self._tell_hint(msg("Not right: {reason}.", reason=verdict.reason)):
            self._show(msg("Not right: {reason}.", reason=verdict.reason))
        return verdict

    def hint(self) -> None:
        """A hint asked for without an answer; past the last one, the move is shown."""
        if self.phase is Phase.ASKING and not self._tell_hint(""):
            self._show("")

    def reveal(self) -> None:
        """Show the recorded move now (the student gives up, or the teacher moves on)."""
        if self.phase is Phase.ASKING:
            self._show("")

    def _tell_hint(self, before: str) -> bool:
        question = self.question
        assert question is not None
        hints = self.judge.hints(question.step)
        if question.hints >= len(hints):
            return False
        question.hints += 1
        hint = msg("Hint {level}/{levels}: {hint}", level=question.hints, levels=len(hints),
                   hint=hints[question.hints - 1])  # fmt: skip
        self.feedback = (before, hint) if before else (hint,)
        self.tone = Tone.WRONG if before else Tone.ASK
        return True

    def _show(self, before: str) -> None:
        question = self.question
        assert question is not None
        question.shown = not question.solved
        shown = msg("The solver's move: {move}.", move=question.recorded)
        self.feedback = (before, shown) if before else (shown,)
        self.phase, self.tone = Phase.SHOWN, Tone.SHOWN

    def go_on(self) -> bool:
        """After a right answer or a shown move: on to the next question (the App plays
        the step). False when there is nothing to go on from."""
        if self.phase not in (Phase.ANSWERED, Phase.SHOWN):
            return False
        self.index += 1
        self.phase, self.pending, self.feedback, self.tone = Phase.PLAYING, "", (), Tone.ASK
        return True

    # -- the score -----------------------------------------------------------------------
    @property
    def score(self) -> int:
        return sum(q.right_first for q in self.questions)

    @property
    def asked(self) -> int:
        return sum(bool(q.attempts) or q.shown for q in self.questions)

    def to_json(self) -> dict[str, Any]:
        """What `puzzleviz quiz TRACE --json OUT` writes when the window closes: the graded
        file's shape, each question with every attempt, the hints told and whether the
        move had to be shown."""
        return {
            "score": self.score,
            "questions": len(self.questions),
            "finished": self.phase is Phase.FINISHED,
            "answers": [q.to_json() for q in self.questions],
        }

    def summary(self) -> str:
        return nmsg("Quiz over: {score} of {n} question right at the first answer",
                    "Quiz over: {score} of {n} questions right at the first answer",
                    len(self.questions), score=self.score)  # fmt: skip


def right_words(verdict: Verdict, recorded: str) -> str:
    if verdict.kind == "right":
        return msg("Right: {reason}.", reason=verdict.reason)
    # a right-but-different reason says so itself ("also right: d2 is safe and ...")
    return msg("{reason}. The solver chose {move}.", reason=verdict.reason, move=recorded)


def quiz_for(trace: Trace, steps: Sequence[int] | None = None, *, start: int = 0) -> QuizMode:
    """A quiz on `trace` with its puzzle's judge, at `steps` or the judge's default ones.
    PuzzlevizError (one line) for a puzzle with no judge, or a trace with no question."""
    from puzzleviz.solvers.registry import by_kind, load

    spec = by_kind(trace.header.kind)
    if spec.judge is None:
        raise PuzzlevizError(f"{spec.title} ({spec.name}) has no quiz judge: it cannot be quizzed")
    judge = load(spec, "judge", spec.judge)(trace)
    chosen = judge.default_steps() if steps is None else list(steps)
    if not chosen:
        raise PuzzlevizError("this trace has no step to ask about")
    return QuizMode(judge, trace, chosen, start=start)

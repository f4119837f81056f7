"""The sudoku quiz judge: one move before an explained step, `A1=5` placed or `A1-5` removed.

A question is the grid before a logic step outside any guess (a step inside a guessed
branch rests on an assumption, so no move there is right for sure). An answer is right
when it is one of the step's own moves (a placement, or a removal the technique makes; a
removal that only follows a placement in a peer cell is not the step's idea), and right but
different when a technique at most as hard as the step's (its rating, and switched on in the
trace) justifies that very move from the question's grid; the reason names it ("also
right: a hidden single in box A1C3").

How the other techniques are searched: up to the subsets (rating 3.5) every application is
listed (solvers.sudoku.applications), and so are those of the basic fish, the wings and the
named three-link chains (solvers.sudoku.applications_more: X-Wing to Jellyfish, Y-, XYZ- and
W-Wing, Skyscraper, 2-String Kite, Turbot Fish), so any such pattern the student saw counts.
Any other technique is asked for its first application from the question's grid with the
solver's own finder (logic.logic_steps, one technique, one step), and the move is right if
that application makes it: another Empty Rectangle or chain the student saw is judged wrong
with the reason "true, but no technique as easy as ... finds it here" (never "it is false":
a move against the solution is told apart and said so).
"""

from __future__ import annotations

import re

import numpy as np
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, WRONG, AnswerError, Verdict, state_before
from puzzleviz.solvers.sudoku.applications import LISTED, Move, Position, applications
from puzzleviz.solvers.sudoku.applications_more import MORE, more_applications
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.bruteforce import count_solutions
from puzzleviz.solvers.sudoku.captions import caption_message
from puzzleviz.solvers.sudoku.geometry import DIGIT_CHARS, Names, geometry
from puzzleviz.solvers.sudoku.hint import step_hint
from puzzleviz.solvers.sudoku.logic import logic_steps
from puzzleviz.solvers.sudoku.model import (
    MARK_CANDIDATE,
    Eliminate,
    Mark,
    Place,
    SetDepth,
    SudokuModel,
    UseTechnique,
)
from puzzleviz.solvers.sudoku.record import enabled_techniques
from puzzleviz.solvers.sudoku.roles import ROLE_PEER
from puzzleviz.solvers.sudoku.steps import Step
from puzzleviz.solvers.sudoku.techniques import BY_NAME, LOGIC, Technique
from puzzleviz.solvers.trace import Trace

ANSWER = re.compile(r"\s*([A-Za-z])\s*(\d{1,2})\s*([=-])\s*([0-9A-Ga-g]{1,2})\s*")


def move_text(move: Move, names: Names) -> str:
    cell, digit, placed = move
    return f"{names.cell(cell)}{'=' if placed else '-'}{DIGIT_CHARS[digit - 1]}"


class SudokuJudge:
    """Judges `A1=5` / `A1-5` answers on one sudoku trace."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self.model = SudokuModel.from_definition(trace.header.definition)
        self.names = Names(self.model.b)
        self.geo = geometry(self.model.b)
        unique = bool(trace.header.params.get("unique", True))
        enabled = enabled_techniques(trace)
        self.allowed = [t for t in LOGIC if t.name in enabled and (unique or not t.needs_unique)]
        self._steps: dict[int, tuple[Technique | None, tuple[Move, ...]]] = {}
        self._solution: Grid | None = None
        self._justified: dict[int, dict[Move, str]] = {}

    # -- the recorded step ---------------------------------------------------------------
    def step(self, step: int) -> tuple[Technique | None, tuple[Move, ...]]:
        """The step's technique (None: not a logic step, or inside a guess) and its moves."""
        if step not in self._steps:
            self._steps[step] = self._read(step)
        return self._steps[step]

    def _read(self, step: int) -> tuple[Technique | None, tuple[Move, ...]]:
        lo, hi = self.trace.step_range(step)
        n = self.model.n
        technique, moves, peers = None, [], set()
        for row in self.trace.rows[lo:hi].tolist():
            op = row[0]
            if op == UseTechnique.OP:
                technique = BY_NAME.get(self.model.technique_names[row[1]])
            elif op == Mark.OP and row[1] == MARK_CANDIDATE and row[3] == ROLE_PEER:
                peers.add(divmod(row[2], n))
            elif op == Place.OP:
                moves.append((row[1], row[2], True))
            elif op == Eliminate.OP and (row[1], row[2] - 1) not in peers:
                moves.append((row[1], row[2], False))
        if technique is None or technique not in self.allowed or not moves:
            return None, ()
        if self._depth_at(lo):
            return None, ()  # inside a guessed branch
        return technique, tuple(moves)

    def _depth_at(self, cursor: int) -> int:
        """The guesses in force before event `cursor`: the last SetDepth's (no replay)."""
        rows = self.trace.rows[:cursor]
        changes = np.flatnonzero(rows[:, 0] == SetDepth.OP)
        return int(rows[changes[-1], 1]) if changes.size else 0

    def recorded(self, step: int) -> str | None:
        technique, moves = self.step(step)
        if technique is None:
            return None
        return ", ".join(move_text(m, self.names) for m in moves)

    def default_steps(self) -> list[int]:
        """Every explained step: a sudoku is taught one technique at a time."""
        return [s for s in range(self.trace.n_steps) if self.step(s)[0] is not None]

    # -- an answer -----------------------------------------------------------------------
    def parse(self, answer: str) -> Move:
        n = self.model.n
        match = ANSWER.fullmatch(answer)
        if match is None:
            raise AnswerError(f"{answer.strip()!r} is not a sudoku move (write A1=5 or A1-5)")
        col, row = ord(match[1].upper()) - ord("A"), int(match[2]) - 1
        digit = DIGIT_CHARS.find(match[4].upper()) + 1 if len(match[4]) == 1 else 0
        if len(match[4]) == 2 and match[4].isdigit():
            digit = int(match[4])
        if not (0 <= col < n and 0 <= row < n):
            last = self.names.cell(n * n - 1)
            raise AnswerError(f"{answer.strip()!r}: no such cell (A1 to {last})")
        if not 1 <= digit <= n:
            raise AnswerError(f"{answer.strip()!r}: digits go from 1 to {DIGIT_CHARS[n - 1]}")
        return row * n + col, digit, match[3] == "="

    def solution(self) -> Grid:
        if self._solution is None:
            _count, solution = count_solutions(self.model.b, self.model.puzzle.givens, limit=1)
            assert solution is not None  # a trace's puzzle was solved when it was recorded
            self._solution = solution
        return self._solution

    def judge(self, step: int, answer: str) -> Verdict:
        move = self.parse(answer)
        technique, moves = self.step(step)
        if technique is None:
            raise AnswerError(f"step {step + 1} is not an explained step outside a guess")
        cell, digit, placed = move
        title = technique.title
        if move in moves:
            return Verdict(RIGHT, msg("the step's own move: {technique}", technique=title))
        state = state_before(self.trace, self.model, step)
        values, cand = self.model.values(state).copy(), self.model.candidates(state).copy()
        where = self.names.cell(cell)
        if values[cell]:
            return Verdict(WRONG, msg("{cell} already holds {digit}", cell=where,
                                      digit=DIGIT_CHARS[values[cell] - 1]))  # fmt: skip
        if not cand[cell] >> (digit - 1) & 1:
            return Verdict(WRONG, msg("{digit} is no longer a candidate of {cell}",
                                      cell=where, digit=DIGIT_CHARS[digit - 1]))  # fmt: skip
        truth = int(self.solution()[cell])
        if (truth == digit) != placed:
            return Verdict(WRONG, msg("{cell} is {digit} in the solution", cell=where,
                                      digit=DIGIT_CHARS[truth - 1]))  # fmt: skip
        found = self.justified(step).get(move)
        if found is not None:
            return Verdict(DIFFERENT, msg("also right: {reason}", reason=found))
        return Verdict(WRONG, msg("true, but no technique as easy as {technique} finds it here",
                                  technique=title))  # fmt: skip

    def answers(self, step: int) -> list[str]:
        """Every pencil mark of the question's grid, written in (A1=5) or removed (A1-5)."""
        if self.step(step)[0] is None:
            return []
        state = state_before(self.trace, self.model, step)
        cand = self.model.candidates(state)
        return [
            move_text((cell, digit, placed), self.names)
            for cell in np.flatnonzero(self.model.values(state) == 0).tolist()
            for digit in range(1, self.model.n + 1)
            if cand[cell] >> (digit - 1) & 1
            for placed in (True, False)
        ]

    def choices(self, step: int) -> list[str]:
        return []  # a click on a pencil mark answers (scenes.sudoku)

    def hints(self, step: int) -> list[str]:
        """The window's hint levels before the whole step: the technique, then where."""
        technique, _moves = self.step(step)
        if technique is None:
            return []
        values, cand = self._grid(step)
        found = self._first(values, cand, technique)
        if found is None:  # a step the finder does not find again (it always should)
            return [msg("Look for a {technique}.", technique=technique.title)]
        return list(step_hint(found, self.names).texts[:2])

    def _grid(self, step: int) -> tuple[Grid, Candidates]:
        state = state_before(self.trace, self.model, step)
        return self.model.values(state).copy(), self.model.candidates(state).copy()

    def justified(self, step: int) -> dict[Move, str]:
        """Every move that a technique at most as hard as the step's makes from the
        question's grid, with the words of the easiest that makes it ("a hidden single in
        box A1C3"). Found once a question, so judging every answer of the answer space
        (the page's export) costs one pass of the finders."""
        if step not in self._justified:
            technique, _moves = self.step(step)
            self._justified[step] = {} if technique is None else self._justify(step, technique)
        return self._justified[step]

    def _justify(self, step: int, hardest: Technique) -> dict[Move, str]:
        values, cand = self._grid(step)
        position = Position(self.geo, values, cand, self.names)
        found: dict[Move, str] = {}
        for technique in self.allowed:
            if technique.rating > hardest.rating:
                continue  # harder than the step: not what the question asks for
            if technique.name in LISTED or technique.name in MORE:
                every = applications if technique.name in LISTED else more_applications
                for application in every(technique.name, position):
                    for move in application.moves:
                        found.setdefault(move, application.words)
                continue
            first = self._first(values, cand, technique)
            if first is not None:
                words = caption_message(first, self.names)
                for cell, digit in first.placements:
                    found.setdefault((cell, digit, True), words)
                for cell, digit in first.eliminations:
                    found.setdefault((cell, digit, False), words)
        return found

    def _first(self, values: Grid, cand: Candidates, technique: Technique) -> Step | None:
        """The solver's finder for `technique` stops at its first application (a later one
        is not looked for, see the module's note)."""
        _status, steps = logic_steps(
            self.model.b, values.copy(), cand.copy(), [technique.name], 1,
            self.model.puzzle.givens,
        )  # fmt: skip
        return steps[0] if steps else None


def judge_for(trace: Trace) -> SudokuJudge:
    """The PuzzleSpec's judge factory."""
    return SudokuJudge(trace)

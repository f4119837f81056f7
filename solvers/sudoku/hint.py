"""Hints as a student asks for them: first the technique's name, then where to look, then
the whole step with what it removes or places.

A hint is the next step from the position the student is at (their own digits included),
found with the same techniques in the same order as the solver, so a hint never suggests
something the step-by-step solution would not have done there. Before any technique, the
position is checked against the solution: a digit placed wrongly, or a candidate removed
that is in fact the cell's digit, is what the student needs to hear first.

    puzzleviz sudoku hint PUZZLE [--level 1|2|3] [--names a1|r1c1] [--techniques LIST]

The window offers the same on a key (scenes.sudoku), from the position shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import msg, nmsg, render, words
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.captions import caption, caption_message, house_words
from puzzleviz.solvers.sudoku.geometry import Names
from puzzleviz.solvers.sudoku.kernels.engine import STALLED
from puzzleviz.solvers.sudoku.logic import logic_steps, start_grid
from puzzleviz.solvers.sudoku.parse import Puzzle, parse_puzzle
from puzzleviz.solvers.sudoku.roles import HOUSE_BASE, HOUSE_COVER
from puzzleviz.solvers.sudoku.search import check_solutions
from puzzleviz.solvers.sudoku.steps import Step
from puzzleviz.solvers.sudoku.techniques import BY_NAME, LOGIC

LEVELS = (1, 2, 3)


@dataclasses.dataclass(frozen=True)
class Hint:
    """The three levels of one hint, as messages (solvers.i18n: `text` gives them in the
    reader's language). `step` is the step it describes (None when the hint is about a
    mistake, a stall or a full grid)."""

    kind: str  # "step", "wrong_digit", "lost_candidate", "stalled", "solved"
    texts: tuple[str, str, str]
    step: Step | None = None
    cells: tuple[int, ...] = ()  # the cells a mistake's hint names (the window marks them)

    def text(self, level: int) -> str:
        """The level's words in the reader's language (the texts are messages)."""
        if level not in LEVELS:
            raise PuzzleInputError(f"hint level {level}: choose 1, 2 or 3")
        return render(self.texts[level - 1])


def technique_title(step: Step) -> str:
    if step.name == "naked_single" and step.houses:
        return "Full House"
    return BY_NAME[step.name].title


def step_hint(step: Step, names: Names) -> Hint:
    """The hint of one technique step: name, where to look, the step in full."""
    title = technique_title(step)
    houses = [h for h, role in step.houses if role in (HOUSE_BASE, HOUSE_COVER)]
    cells = step.pattern_cells()
    placed = {c for c, _d in step.placements}
    if step.eliminations:
        cells = [c for c in cells if c not in {c for c, _d in step.eliminations}] or cells
    where = []
    if houses:
        where.append(house_words(names, dict.fromkeys(houses)))
    shown = [c for c in cells if c not in placed] or cells
    if shown and not (houses and step.name in ("hidden_single", "naked_single")):
        where.append(nmsg("the cell {cells}", "the cells {cells}", len(shown),
                          cells=names.cells(shown)))  # fmt: skip
    if not where:
        where.append(names.cells(cells))
    first = (msg("Look for an {technique}.", technique=title)
             if title[:1].upper() in "AEIOUX"
             else msg("Look for a {technique}.", technique=title))  # fmt: skip
    second = msg("{technique}: look at {where}.", technique=title, where=words(where))
    step.caption = step.caption or caption(step, names)
    return Hint("step", (first, second, caption_message(step, names)), step)


def check_position(
    values: Grid, cand: Candidates, givens: Grid, solution: Grid, names: Names
) -> Hint | None:
    """A hint about a mistake in the position, if there is one: a digit that is not the
    solution's, or a cell whose candidates no longer hold its digit."""
    wrong = np.flatnonzero((values > 0) & (values != solution) & (givens == 0))
    if len(wrong):
        c = int(wrong[0])
        cell, digit = names.cell(c), int(values[c])
        text = msg("{cell} holds {digit}, but {digit} is not its digit: take it back.",
                   cell=cell, digit=digit)  # fmt: skip
        return Hint("wrong_digit", (msg("Check your digits: one of them is wrong."),
                                    msg("Check {cell}: its digit is wrong.", cell=cell),
                                    text), cells=(c,))  # fmt: skip
    bits = np.left_shift(1, np.maximum(solution, 1) - 1)
    lost = np.flatnonzero((values == 0) & ((cand & bits) == 0))
    if len(lost):
        c = int(lost[0])
        cell, digit = names.cell(c), int(solution[c])
        text = msg("{digit} was removed from {cell}, but it is the digit that belongs there.",
                   cell=cell, digit=digit)  # fmt: skip
        return Hint("lost_candidate", (msg("Check your pencil marks: a right one was removed."),
                                       msg("Check the pencil marks of {cell}.", cell=cell),
                                       text), cells=(c,))  # fmt: skip
    return None


def hint_for(
    b: int,
    values: Grid,
    cand: Candidates,
    givens: Grid,
    solution: Grid,
    enabled: Iterable[str] | None = None,
    *,
    unique: bool = True,
    style: str = "a1",
) -> Hint:
    """The hint at a position (`values`, `cand`; neither is changed) of the puzzle with these
    `givens` and `solution`, using the enabled techniques in the solver's order."""
    names = Names(b, style)
    mistake = check_position(values, cand, givens, solution, names)
    if mistake is not None:
        return mistake
    if np.all(values > 0):
        done = msg("The grid is complete: nothing left to find.")
        return Hint("solved", (done, done, done))
    allowed = {t.name for t in LOGIC} if enabled is None else set(enabled)
    order = [t.name for t in LOGIC if t.name in allowed and (unique or not t.needs_unique)]
    status, steps = logic_steps(b, values.copy(), cand.copy(), order, 1, givens)
    if status == STALLED or not steps:
        texts = (
            msg("None of the switched-on techniques applies here."),
            msg("None of the switched-on techniques applies: switch more on, or guess a cell "
                "with two candidates."),
            msg("Logic stalls here with these techniques: the solver would guess now (and "
                "come back if the guess leads to a contradiction)."),
        )  # fmt: skip
        return Hint("stalled", texts)
    return step_hint(steps[0], names)


def hint_for_puzzle(
    puzzle_text_or_puzzle: object,
    enabled: Iterable[str] | None = None,
    *,
    style: str = "a1",
) -> Hint:
    """The hint at the start of a puzzle (its givens may include the student's digits)."""
    puzzle = (
        puzzle_text_or_puzzle
        if isinstance(puzzle_text_or_puzzle, Puzzle)
        else parse_puzzle(str(puzzle_text_or_puzzle))
    )
    remedy = "a hint needs a position with exactly one (check the digits it holds)"
    solution, unique = check_solutions(puzzle, False, remedy)
    values, cand = start_grid(puzzle.b, puzzle.givens)
    return hint_for(puzzle.b, values, cand, puzzle.givens, solution, enabled, unique=unique,
                    style=style)  # fmt: skip

"""Playing sudoku in the window: the student's own digits and hints from where they are.

Both become steps of the trace shown (so U takes them back, and the timeline keeps them):
a digit the student places is a Place with its peer eliminations; a hint at level 2 marks
the houses and cells to look at; at level 3 it is the whole step, marked, removed and placed
exactly as the solver's own steps are. The hint itself comes from solvers.sudoku.hint, from
the state on screen: the givens, the solver's steps up to here and the student's digits.
"""

from __future__ import annotations

import functools

import numpy as np
from puzzleviz.solvers.arrays import StateArray
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.sudoku.arrays import Grid
from puzzleviz.solvers.sudoku.hint import Hint, hint_for
from puzzleviz.solvers.sudoku.model import (
    MARK_CANDIDATE,
    MARK_CELL,
    MARK_HOUSE,
    STUDENT,
    Eliminate,
    Mark,
    Place,
    SudokuModel,
    UseTechnique,
)
from puzzleviz.solvers.sudoku.parse import parse_puzzle
from puzzleviz.solvers.sudoku.record import pattern_marks
from puzzleviz.solvers.sudoku.roles import (
    CELL_NAMED,
    CELL_PATTERN,
    ROLE_ELIMINATE,
    ROLE_PEER,
    ROLE_PLACE,
)
from puzzleviz.solvers.sudoku.search import check_solutions
from puzzleviz.solvers.sudoku.steps import Step


@functools.lru_cache(maxsize=16)
def _solution(givens: str) -> Grid:
    return check_solutions(parse_puzzle(givens), True)[0]


def hint_at(model: SudokuModel, state: StateArray, enabled: frozenset[str], unique: bool) -> Hint:
    """The hint from the position `state` shows."""
    puzzle = model.puzzle
    values = model.values(state).astype(np.int32)
    cand = model.candidates(state).astype(np.int32)
    solution = _solution(puzzle.text())
    return hint_for(model.b, values, cand, puzzle.givens, solution, enabled - {"guess"},
                    unique=unique)  # fmt: skip


class _Events:
    """Events built against a copy of the state, so each one knows what it replaces."""

    def __init__(self, model: SudokuModel, state: StateArray):
        self.model = model
        self.state = state.copy()
        self.events: list[Event] = []

    def add(self, event: Event) -> None:
        self.model.apply(self.state, event)
        self.events.append(event)

    def mark(self, layer: int, index: int, value: int) -> None:
        offset = self.model.layout.mark_offset(layer)
        previous = int(self.state[offset + index])
        if previous != value:
            self.add(Mark(layer, index, value, previous))

    def clear_marks(self) -> None:
        lay = self.model.layout
        sizes = (lay.ncell, lay.ncell * lay.n, 3 * lay.n, lay.tech_count - lay.links)
        for layer, size in enumerate(sizes):
            offset = lay.mark_offset(layer)
            for index in np.flatnonzero(self.state[offset : offset + size]).tolist():
                self.mark(layer, index, 0)

    def place(self, cell: int, digit: int, origin: int) -> None:
        n = self.model.n
        self.mark(MARK_CANDIDATE, cell * n + digit - 1, ROLE_PLACE)
        mask = int(self.model.candidates(self.state)[cell])
        self.add(Place(cell, digit, mask, origin))
        cands = self.model.candidates(self.state)
        for peer in self.model.geo.peers[cell].tolist():
            if cands[peer] >> (digit - 1) & 1:
                self.mark(MARK_CANDIDATE, peer * n + digit - 1, ROLE_PEER)
                self.add(Eliminate(peer, digit))

    def counters(self) -> dict[str, int]:
        values = self.model.values(self.state)
        masks = self.model.candidates(self.state)
        return {"placed": int(np.count_nonzero(values)),
                "candidates": int(sum(bin(int(m)).count("1") for m in masks.tolist()))}  # fmt: skip


def placement_events(
    model: SudokuModel, state: StateArray, cell: int, digit: int
) -> tuple[list[Event], dict[str, int]]:
    """The student writes `digit` into `cell` (marked as their own: its own colour, not the
    solver's logic or guesses)."""
    out = _Events(model, state)
    out.clear_marks()
    out.place(cell, digit, STUDENT)
    return out.events, out.counters()


def named_events(
    model: SudokuModel, state: StateArray, cells: tuple[int, ...]
) -> tuple[list[Event], dict[str, int]]:
    """A hint about a mistake ("Check A2"): the cells it names, marked."""
    out = _Events(model, state)
    out.clear_marks()
    for cell in cells:
        out.mark(MARK_CELL, cell, CELL_NAMED)
    return out.events, out.counters()


def hint_events(
    model: SudokuModel, state: StateArray, step: Step, level: int
) -> tuple[list[Event], dict[str, int]]:
    """Level 2: the houses and cells to look at, marked. Level 3: the whole step."""
    out = _Events(model, state)
    out.clear_marks()
    n = model.n
    for house, role in step.houses:
        out.mark(MARK_HOUSE, house, role)
    if level == 2:
        removed = {c for c, _d in step.eliminations}
        for cell in step.pattern_cells():
            if cell not in removed:
                out.mark(MARK_CELL, cell, CELL_PATTERN)
        return out.events, out.counters()
    current = int(out.state[model.layout.current_tech])
    out.add(UseTechnique(step.technique, current))
    for cell, role in step.cells:
        out.mark(MARK_CELL, cell, role)
    slots = model.layout.tech_count - model.layout.links
    for layer, index, value in pattern_marks(step, n, model.layout.ncell * n, slots):
        out.mark(layer, index, value)  # as a recorded solve draws it: nodes and all
    for cell, digit in step.eliminations:
        out.mark(MARK_CANDIDATE, cell * n + digit - 1, ROLE_ELIMINATE)
    for cell, digit in step.eliminations:
        out.add(Eliminate(cell, digit))
    for cell, digit in step.placements:
        out.place(cell, digit, 2)  # model.LOGIC: found by a technique
    return out.events, out.counters()

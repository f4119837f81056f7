"""The human-style solver: logic first, a labelled guess with backtracking when it stalls.

    result = solve(parse_puzzle("4.....8.5.3..."), techniques=parse_selection("all"))
    result.steps     # every step: technique, pattern, eliminations, placements, caption
    result.rating    # the hardest technique needed (solvers.sudoku.techniques scale)

The input is checked first by brute force (no solution, several solutions). Then the numba
engine applies techniques until it stalls; the driver then guesses the first candidate of a
cell with the fewest candidates, records the guess, and carries on with logic inside the
branch. A contradiction there is recorded, the branch is undone ("backtrack"), and the
refuted candidate is removed from the cell: a sound step again. Steps taken inside a branch
carry the guesses they assumed, so their eliminations are never mistaken for facts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import numpy as np
from puzzleviz.solvers.arrays import Int32Array
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.interrupt import raise_if_stopped
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.bruteforce import count_solutions
from puzzleviz.solvers.sudoku.captions import caption_message
from puzzleviz.solvers.sudoku.geometry import Geo, Names, geometry
from puzzleviz.solvers.sudoku.geometry import names as name_tables
from puzzleviz.solvers.sudoku.kernels.engine import (
    OVERFLOW,
    SOLVED,
    STALLED,
    STOPPED,
    initial_candidates,
    run_logic,
)
from puzzleviz.solvers.sudoku.kernels.log import new_log
from puzzleviz.solvers.sudoku.logic import given_flags
from puzzleviz.solvers.sudoku.model import SudokuModel
from puzzleviz.solvers.sudoku.parse import Puzzle, parse_puzzle
from puzzleviz.solvers.sudoku.record import StepRecorder, record
from puzzleviz.solvers.sudoku.results import SudokuResult
from puzzleviz.solvers.sudoku.techniques import parse_selection
from puzzleviz.solvers.trace import Trace

if TYPE_CHECKING:
    from puzzleviz.solvers.plugin import Limits
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.sudoku.options import SudokuProblem
    from puzzleviz.solvers.tracer import Tracer
from puzzleviz.solvers.sudoku.roles import CELL_GUESS, ROLE_PLACE
from puzzleviz.solvers.sudoku.steps import Guess, Step, decode_log
from puzzleviz.solvers.sudoku.techniques import (
    BY_NAME,
    LOGIC,
    T_BACKTRACK,
    T_GUESS,
    T_REFUTED,
    TECHNIQUES,
)

BRANCH_MAX_RATING = 4.8
POPCOUNT = np.array([bin(m).count("1") for m in range(1 << 16)], dtype=np.int8)


class _Run:
    """One solve: the grid, the log buffers and the guess stack."""

    def __init__(
        self,
        puzzle: Puzzle,
        order: Int32Array,
        guessing: bool,
        names: Names | None,
        on_step: Callable[[Step], None] | None = None,
    ):
        self.geo = geometry(puzzle.b)
        self.on_step = on_step
        self.given = given_flags(puzzle.givens)
        self.order = order
        # Inside a guessed branch the job is to reach a contradiction or the solution
        # quickly: chains are left out there (they cost the most when they find nothing).
        ids = [t for t in order.tolist() if TECHNIQUES[t].rating <= BRANCH_MAX_RATING]
        self.branch_order = np.array(ids, dtype=np.int32)
        self.guessing = guessing
        self.names = names
        g = self.geo
        self.log = new_log(g.ncell * (g.n + 1) + 8, 32 * g.ncell * (g.n + 1))
        self.steps: list[Step] = []
        self.assumptions: tuple[Guess, ...] = ()

    def add(self, step: Step) -> None:
        if self.names is not None:
            step.message = caption_message(step, self.names)
            step.caption = render(step.message, "en")
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step)

    def logic(self, values: Grid, cand: Candidates) -> int:
        while True:
            saved_values, saved_cand = values.copy(), cand.copy()
            self.log.fill[:] = 0
            order = self.branch_order if self.assumptions else self.order
            status = run_logic(self.geo, values, cand, self.given, order, self.log, 1 << 30)
            if status == STOPPED:
                raise_if_stopped(self.log.control)
            if status != OVERFLOW:
                break
            values[:], cand[:] = saved_values, saved_cand
            old = self.log
            self.log = new_log(4 * old.tech.shape[0], 4 * old.items.shape[0])
        for step in decode_log(self.log, 0, self.assumptions):
            self.add(step)
        return status

    def search(self, values: Grid, cand: Candidates) -> int:
        """Logic, and guesses while it stalls; SOLVED, STALLED or CONTRADICTION."""
        while True:
            status = self.logic(values, cand)
            if status != STALLED or not self.guessing:
                return status
            cell = self.pick_cell(cand)
            mask = int(cand[cell])
            digit = (mask & -mask).bit_length()
            guess = (cell, digit)
            self.add(
                Step(
                    T_GUESS,
                    (cell, digit, mask, 0, 0, 0, 0, 0),
                    placements=((cell, digit),),
                    candidates=((cell, digit, ROLE_PLACE),),
                    cells=((cell, CELL_GUESS),),
                    assumptions=self.assumptions,
                )
            )
            saved_values, saved_cand = values.copy(), cand.copy()
            outer = self.assumptions
            self.assumptions = (*outer, guess)
            place(self.geo, values, cand, cell, digit)
            result = self.search(values, cand)
            if result == SOLVED:
                return SOLVED
            self.add(
                Step(
                    T_BACKTRACK,
                    (cell, digit),
                    cells=((cell, CELL_GUESS),),
                    assumptions=self.assumptions,
                )
            )
            self.assumptions = outer
            values[:], cand[:] = saved_values, saved_cand
            self.add(
                Step(
                    T_REFUTED,
                    (cell, digit),
                    eliminations=((cell, digit),),
                    cells=((cell, CELL_GUESS),),
                    assumptions=outer,
                )
            )
            cand[cell] &= ~(1 << (digit - 1))

    def pick_cell(self, cand: Candidates) -> int:
        """The first cell with the fewest candidates (at least two)."""
        counts = POPCOUNT[cand]
        counts[counts < 2] = 127
        return int(np.argmin(counts))


def place(geo: Geo, values: Grid, cand: Candidates, cell: int, digit: int) -> None:
    values[cell] = digit
    cand[cell] = 0
    cand[geo.peers[cell]] &= ~np.int32(1 << (digit - 1))


def technique_order(enabled: frozenset[str], unique: bool) -> Int32Array:
    ids = [t.id for t in LOGIC if t.name in enabled and (unique or not t.needs_unique)]
    return np.array(ids, dtype=np.int32)


ALLOW_MULTIPLE = "pass --allow-multiple to solve it anyway (with guesses)"


def check_solutions(
    puzzle: Puzzle, allow_multiple: bool, remedy: str = ALLOW_MULTIPLE
) -> tuple[Grid, bool]:
    """The solution (or the first of several) and whether it is unique; raises for a puzzle
    with none, or with several unless `allow_multiple` (saying `remedy`: what the command
    that asks can do about it)."""
    count, solution = count_solutions(puzzle.b, puzzle.givens, limit=2)
    if count == 0 or solution is None:
        raise PuzzleInputError("this puzzle has no solution")
    if count > 1 and not allow_multiple:
        raise PuzzleInputError(
            f"this puzzle has more than one solution, so logic alone cannot solve it: {remedy}"
        )
    return solution, count == 1


def solve(
    puzzle: Puzzle,
    techniques: frozenset[str] | None = None,
    *,
    allow_multiple: bool = False,
    names: str | None = "a1",
    on_step: Callable[[Step], None] | None = None,
) -> SudokuResult:
    """Solve `puzzle` with the enabled techniques (all by default); 'guess' in the set
    allows the fallback. `names` is the caption style ('a1', 'r1c1') or None for no
    captions (faster). `on_step` sees each step as soon as the driver has it (the tracer
    records while the solve goes on): the numba engine hands back a stretch of logic at a
    time, up to the next stall (a guess) or the end."""
    enabled = frozenset(BY_NAME) if techniques is None else techniques
    solution, unique = check_solutions(puzzle, allow_multiple)
    geo = geometry(puzzle.b)
    values = puzzle.givens.astype(np.int32).copy()
    cand = np.zeros(geo.ncell, dtype=np.int32)
    initial_candidates(geo, values, cand)
    run = _Run(
        puzzle,
        technique_order(enabled, unique),
        "guess" in enabled,
        name_tables(puzzle.b, names) if names else None,
        on_step,
    )
    run.search(values, cand)
    return SudokuResult(puzzle, run.steps, values, solution, unique, enabled)


def solve_and_record(
    puzzle: Puzzle | str,
    techniques: str | Iterable[str] | None = None,
    *,
    allow_multiple: bool = False,
    names: str = "a1",
) -> tuple[SudokuResult, Trace]:
    """Solve and record in one go. `techniques`: a selection string ('all,-x_chain') or a
    set of technique names (None: all)."""
    if isinstance(puzzle, str):
        puzzle = parse_puzzle(puzzle)
    if techniques is None or isinstance(techniques, str):
        enabled = parse_selection(techniques)
    else:
        enabled = frozenset(techniques)
        unknown = enabled - set(BY_NAME)
        if unknown:
            raise PuzzleInputError(f"unknown technique {sorted(unknown)[0]!r}")
    result = solve(puzzle, enabled, allow_multiple=allow_multiple, names=names)
    return result, record(result)


def resolve_trace(trace: Trace, techniques: str | Iterable[str] | None) -> Trace:
    """The same puzzle solved again with other techniques switched on (for a scene's
    technique toggles): a puzzle that was recorded with several solutions stays allowed."""
    model = SudokuModel.from_definition(trace.header.definition)
    allow = not trace.header.params.get("unique", True)
    return solve_and_record(model.puzzle, techniques, allow_multiple=allow)[1]


def human(
    problem: SudokuProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> SudokuResult:
    """The plugin API's method: solve by the enabled techniques, recording into `tracer`
    as the solver goes (a trace step per solver step, written when the solver has it)."""
    progress.label = "solving"
    recorder = StepRecorder(tracer, SudokuModel(problem.puzzle.text())) if tracer.enabled else None
    result = solve(problem.puzzle, problem.enabled, allow_multiple=problem.allow_multiple,
                   names=problem.names, on_step=recorder.step if recorder else None)  # fmt: skip
    if recorder is not None:
        recorder.finish(result)
    return result


__all__ = ["check_solutions", "find_one", "human", "resolve_trace", "solve", "solve_and_record"]


def find_one(
    b: int,
    values: Grid,
    cand: Candidates,
    technique: str,
    names: str | None = "a1",
    givens: Grid | None = None,
) -> Step | None:
    """The first step of one technique on a given grid and candidate masks, or None.
    Neither array is changed. For tests and hints: the grid need not come from a puzzle.
    `givens` are the puzzle's clues (every filled cell counts as one without them)."""
    geo = geometry(b)
    values = np.array(values, dtype=np.int32)
    cand = np.array(cand, dtype=np.int32)
    log = new_log(4, 64 * geo.ncell)
    order = np.array([BY_NAME[technique].id], dtype=np.int32)
    run_logic(geo, values, cand, given_flags(values if givens is None else givens), order, log, 1)
    steps = [s for s in decode_log(log, 0, ()) if s.technique == order[0]]
    if not steps:
        return None
    if names:
        steps[0].message = caption_message(steps[0], name_tables(b, names))
        steps[0].caption = render(steps[0].message, "en")
    return steps[0]

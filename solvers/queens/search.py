"""The N-queens method, in the plugin API's one signature (solvers.plugin):

    backtracking(problem, tracer, limits, progress) -> QueensResult

Every solution is counted by the bitmask kernel; the first one (or, with --all, every one)
comes from the search a class can follow, the classroom kernel, which records each square
it tries into `tracer` (the no-op tracer, unless --trace, --play or --video asked for a
trace). The captions are worded here, once per row and square, and handed to the kernel
as ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from puzzleviz.solvers.arrays import Int32Array
from puzzleviz.solvers.i18n import msg, nmsg
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped
from puzzleviz.solvers.queens import COUNTERS
from puzzleviz.solvers.queens.arrays import QueensState
from puzzleviz.solvers.queens.kernels import (
    DEAD_END,
    FIRST_SAFE,
    LOOK_FOR_MORE,
    MOVES_ON,
    NONE_AFTER,
    classroom,
    count_all,
)
from puzzleviz.solvers.queens.model import Clear, Place, QueensModel, Remove, square
from puzzleviz.solvers.queens.results import QueensResult

if TYPE_CHECKING:
    from puzzleviz.solvers.plugin import Limits
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.queens.options import QueensProblem
    from puzzleviz.solvers.tracer import Tracer

NO_LIMIT = 1 << 62


def backtracking(
    problem: QueensProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> QueensResult:
    """Count every solution, then find the first (traced) or list them all."""
    n, node_limit, control = problem.n, limits.nodes or NO_LIMIT, current_control()
    progress.label, progress.unit = f"counting the solutions of {n} queens", "nodes"
    count, count_nodes, count_stopped = count_all(n, node_limit, control)
    raise_if_stopped(control)  # Ctrl-C, or a window's job cancelled: not the node limit
    listing = problem.all and not count_stopped
    progress.label = f"searching {n} queens row by row"
    model = problem.model()
    state = model.initial_state()
    buf = tracer.kernel_buffer()
    if buf.current.shape[0] < len(COUNTERS):
        raise ValueError(f"the tracer must declare the counters {COUNTERS}")
    found = np.zeros((count if listing else 1, n), dtype=np.int32)
    milestone = np.array([tracer.intern("solution"),
                          tracer.intern(msg("All queens placed, none attacks another"))],
                         dtype=np.int32)  # fmt: skip
    solved, nodes, stopped = classroom(
        n, 0 if listing else 1, node_limit, control, buf, captions(tracer, n), milestone,
        state, found,
    )  # fmt: skip
    raise_if_stopped(control)
    tracer.absorb(buf)
    listed = tuple(tuple(solution) for solution in found[:solved].tolist())
    result = QueensResult(n, None if count_stopped else count, listed, nodes, count_nodes,
                          stopped or count_stopped)  # fmt: skip
    if tracer.enabled:
        finish(tracer, model, state, result, stopped)
    return result


def finish(tracer: Tracer, model: QueensModel, state: QueensState, result: QueensResult,
           stopped: bool) -> None:  # fmt: skip
    """End the trace on what the search found, never on a dead end or an empty board: one
    step that says so, lifts the marks and sets the first solution out (again)."""
    nodes, found = result.nodes, len(result.solutions)
    if not found and not stopped:  # its last step already says every square has been tried
        return
    if not found:
        caption = nmsg(
            "Stopped after {n:,} queen placed, before a solution",
            "Stopped after {n:,} queens placed, before a solution",
            nodes,
        )
    elif stopped:
        caption = msg("Stopped after {nodes:,} queens placed, {found:,} solutions found so far: "
                      "here is the first", nodes=nodes, found=found) if found > 1 else msg(
                      "Stopped after {nodes:,} queens placed, one solution found so far",
                      nodes=nodes)  # fmt: skip
    elif found > 1:
        caption = msg(
            "Finished: all {found:,} solutions found, {nodes:,} queens placed: here is the first",
            found=found,
            nodes=nodes,
        )
    elif result.count is None:
        caption = msg(
            "Finished: a solution, after {nodes:,} queens placed: no queen attacks another",
            nodes=nodes,
        )
    else:
        caption = nmsg(
            "Finished: the only solution, after {nodes:,} queens placed: no queen attacks another",
            "Finished: one of the {n:,} solutions, after {nodes:,} queens placed: "
            "no queen attacks another",
            result.count,
            nodes=nodes,
        )
    tracer.step(caption)
    queens, marks = model.queens(state), model.marks(state)
    for row, col in zip(*np.nonzero(marks), strict=True):
        by = int(marks[row, col]) - 1
        tracer.emit(Clear(int(row), int(col), by, int(queens[by])))
    on_board = int(np.count_nonzero(queens >= 0))
    for row, col in enumerate(result.solutions[0] if found else ()):  # the board: empty or not
        if queens[row] != col:
            if queens[row] >= 0:
                on_board -= 1
                tracer.count(queens=on_board)
                tracer.emit(Remove(row, int(queens[row])))
            on_board += 1
            tracer.count(queens=on_board)
            tracer.emit(Place(row, col))


def captions(tracer: Tracer, n: int) -> Int32Array:
    """captions[kind, row, col]: the id of what the step about (row, col) says, in plain
    words ("Queen on e4: safe from the 3 queens above"); -1 (none) when not recording."""
    table = np.full((5, n, n), -1, dtype=np.int32)
    if not tracer.enabled:
        return table
    for row in range(n):
        for col in range(n):
            here = square(row, col)
            words = {
                FIRST_SAFE: _first_safe(row, col),
                DEAD_END: msg("Row {row}: every square is attacked, a dead end: back to row "
                              "{back}", row=row + 1, back=row) if row else
                msg("Row {row}: every square is attacked, a dead end: every square has been "
                    "tried", row=row + 1),
                MOVES_ON: nmsg("Back in row {row}: the queen moves on to {square}, safe from "
                               "the queen above",
                               "Back in row {row}: the queen moves on to {square}, safe from "
                               "the {n} queens above", row, row=row + 1, square=here) if row else
                msg("Back in row {row}: the queen moves on to {square}, nothing attacks it",
                    row=row + 1, square=here),
                NONE_AFTER: msg("Back in row {row}: no safe square right of {square}: take the "
                                "queen off, back to row {back}", row=row + 1, square=here,
                                back=row) if row else
                msg("Back in row {row}: no safe square right of {square}: take the queen off, "
                    "every square has been tried", row=row + 1, square=here),
                LOOK_FOR_MORE: msg("Back to look for more: the queen on {square} moves on",
                                   square=here),
            }  # fmt: skip
            for kind, text in words.items():
                table[kind, row, col] = tracer.intern(text)
    return table


def _first_safe(row: int, col: int) -> str:
    """'Queen on d2: safe from the queen above (a2 to c2 attacked)', as one sentence."""
    here = square(row, col)
    if col == 0:
        if row == 0:
            return msg("Queen on {square}: nothing attacks it", square=here)
        return nmsg("Queen on {square}: safe from the queen above",
                    "Queen on {square}: safe from the {n} queens above",
                    row, square=here)  # fmt: skip
    first, last = square(row, 0), square(row, col - 1)
    attacked = (first if col == 1 else msg("{first} and {second}", first=first, second=last)
                if col == 2 else msg("{first} to {last}", first=first, last=last))  # fmt: skip
    if row == 0:
        return msg("Queen on {square}: nothing attacks it ({attacked} attacked)",
                   square=here, attacked=attacked)  # fmt: skip
    return nmsg("Queen on {square}: safe from the queen above ({attacked} attacked)",
                "Queen on {square}: safe from the {n} queens above ({attacked} attacked)",
                row, square=here, attacked=attacked)  # fmt: skip

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

from solvers.interrupt import current_control, raise_if_stopped
from solvers.queens import COUNTERS
from solvers.queens.kernels import (
    DEAD_END,
    FIRST_SAFE,
    LOOK_FOR_MORE,
    MOVES_ON,
    NONE_AFTER,
    classroom,
    count_all,
)
from solvers.queens.model import Clear, Place, QueensModel, Remove, square
from solvers.queens.results import QueensResult

if TYPE_CHECKING:
    from solvers.plugin import Limits
    from solvers.progress import Progress
    from solvers.queens.options import QueensProblem
    from solvers.tracer import Tracer

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
                          tracer.intern("All queens placed, none attacks another")],
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


def finish(tracer: Tracer, model: QueensModel, state: np.ndarray, result: QueensResult,
           stopped: bool) -> None:  # fmt: skip
    """End the trace on what the search found, never on a dead end or an empty board: one
    step that says so, lifts the marks and sets the first solution out (again)."""
    nodes, found = result.nodes, len(result.solutions)
    if not found and not stopped:  # its last step already says every square has been tried
        return
    if not found:
        caption = f"Stopped after {nodes:,} queens placed, before a solution"
    elif stopped:
        caption = f"Stopped after {nodes:,} queens placed, {found:,} solutions found so far"
    elif found > 1:
        caption = f"Finished: all {found:,} solutions found, {nodes:,} queens placed"
    else:
        what = "a solution" if result.count is None else f"one of the {result.count:,} solutions"
        caption = f"Finished: {what}, after {nodes:,} queens placed: no queen attacks another"
    tracer.step(caption + (": here is the first" if found > 1 else ""))
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


def captions(tracer: Tracer, n: int) -> np.ndarray:
    """captions[kind, row, col]: the id of what the step about (row, col) says, in plain
    words ("Queen on e4: safe from the 3 queens above"); -1 (none) when not recording."""
    table = np.full((5, n, n), -1, dtype=np.int32)
    if not tracer.enabled:
        return table
    for row in range(n):
        above = "the queen above" if row == 1 else f"the {row} queens above"
        safe = "nothing attacks it" if row == 0 else f"safe from {above}"
        up = f"back to row {row}" if row else "every square has been tried"
        for col in range(n):
            here = square(row, col)
            rejected = [square(row, c) for c in range(col)]
            span = " and ".join(rejected) if col <= 2 else f"{rejected[0]} to {rejected[-1]}"
            span = f" ({span} attacked)" if col else ""
            words = {
                FIRST_SAFE: f"Queen on {here}: {safe}{span}",
                DEAD_END: f"Row {row + 1}: every square is attacked, a dead end: {up}",
                MOVES_ON: f"Back in row {row + 1}: the queen moves on to {here}, {safe}",
                NONE_AFTER: f"Back in row {row + 1}: no safe square right of {here}: "
                f"take the queen off, {up}",
                LOOK_FOR_MORE: f"Back to look for more: the queen on {here} moves on",
            }
            for kind, text in words.items():
                table[kind, row, col] = tracer.intern(text)
    return table

"""The technique solver one step at a time, from any position: the grid of the givens, and
the next steps of chosen techniques applied to it. Hints (hint.py) take the next step from
the student's position; the Sudoku Explainer rating (rating.py) re-solves with the lighter
techniques only. Below both, so that neither imports the other's command.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.arrays import Int32Array
from puzzleviz.solvers.interrupt import raise_if_stopped
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo, geometry
from puzzleviz.solvers.sudoku.kernels.engine import OVERFLOW, STOPPED, initial_candidates, run_logic
from puzzleviz.solvers.sudoku.kernels.log import StepLog, new_log
from puzzleviz.solvers.sudoku.steps import Step, decode_log
from puzzleviz.solvers.sudoku.techniques import BY_NAME


def start_grid(b: int, givens: Grid) -> tuple[Grid, Candidates]:
    """Digits and candidate masks of a grid holding only `givens` (int32 arrays)."""
    geo = geometry(b)
    values = np.asarray(givens, dtype=np.int32).copy()
    cand = np.zeros(geo.ncell, dtype=np.int32)
    initial_candidates(geo, values, cand)
    return values, cand


def given_flags(values: Grid) -> Int32Array:
    """1 for each filled cell of `values`: the cells an Avoidable Rectangle may not use."""
    flags: Int32Array = (np.asarray(values) != 0).astype(np.int32)
    return flags


def logic_steps(
    b: int,
    values: Grid,
    cand: Candidates,
    order: Sequence[str],
    max_steps: int,
    givens: Grid | None = None,
) -> tuple[int, list[Step]]:
    """Up to `max_steps` steps of the techniques in `order` (easiest first), applied to
    `values` and `cand` in place; the engine's status and the steps (without captions).
    `givens` are the puzzle's clues; without them every filled cell counts as one."""
    geo = geometry(b)
    given = given_flags(values if givens is None else givens)
    ids = np.array([BY_NAME[name].id for name in order], dtype=np.int32)
    size = geo.ncell * (geo.n + 1) + 8
    log = new_log(min(size, max_steps + 8), 32 * geo.ncell * (geo.n + 1))
    status, log = run_grown(geo, values, cand, given, ids, log, max_steps)
    return status, decode_log(log, 0, ())


def run_grown(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    given: Int32Array,
    ids: Int32Array,
    log: StepLog,
    steps: int,
) -> tuple[int, StepLog]:
    """At most `steps` steps of the kernels `ids` (easiest first) applied to `values` and
    `cand` in place, in a log grown (and the stretch run again) until it is big enough;
    the engine's status and that log."""
    while True:
        saved_values, saved_cand = values.copy(), cand.copy()
        log.fill[:] = 0
        status = run_logic(geo, values, cand, given, ids, log, steps)
        if status == STOPPED:
            raise_if_stopped(log.control)
        if status != OVERFLOW:
            return status, log
        values[:], cand[:] = saved_values, saved_cand
        log = new_log(4 * log.tech.shape[0], 4 * log.items.shape[0])

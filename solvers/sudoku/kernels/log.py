"""The step log: preallocated arrays a kernel fills with steps and their items.

A step is a technique id, eight ints of technique-specific info (digits, houses, ...) and a
run of items (kind, a, b, c): eliminations, placements, pattern candidates, cells, houses
and links (codes in solvers.sudoku.roles). When an array is full the kernel sets the
overflow flag and stops; the Python driver grows the log and runs that stretch again.

The log also carries the control array of the search it belongs to (solvers.interrupt),
so that the techniques that can search for minutes on a 16 x 16 grid (Sue de Coq, forcing
chains and nets, kraken fish) look at the stop request without another argument through
every layer: `stopping(log)`.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.interrupt import STOP, current_control
from puzzleviz.solvers.jit import njit, typeof, types

INFO_WIDTH = 8
FILL_STEPS, FILL_ITEMS, FILL_OVERFLOW = 0, 1, 2


class StepLog(NamedTuple):
    tech: Int32Array  # (S,)
    info: Int32Array  # (S, INFO_WIDTH)
    item_start: Int64Array  # (S + 1,)
    items: Int32Array  # (I, 4)
    fill: Int64Array  # (3,): steps, items, overflow
    control: Int64Array  # (2,): solvers.interrupt's control of the running search


def new_log(steps: int, items: int, control: Int64Array | None = None) -> StepLog:
    """Room for `steps` steps and `items` items; `control` defaults to the control of the
    search this thread runs (solvers.interrupt.current_control)."""
    return StepLog(
        tech=np.zeros(steps, dtype=np.int32),
        info=np.zeros((steps, INFO_WIDTH), dtype=np.int32),
        item_start=np.zeros(steps + 1, dtype=np.int64),
        items=np.zeros((items, 4), dtype=np.int32),
        fill=np.zeros(3, dtype=np.int64),
        control=current_control() if control is None else control,
    )


# Explicit signatures: these helpers are called with every mix of int32 and int64
# arguments, and without a signature numba compiles one copy per mix (31 for `push`).
LOG_TYPE = typeof(new_log(1, 1))  # type: ignore[no-untyped-call]  # numba.typeof is unannotated
_I = types.int64


@njit(types.boolean(LOG_TYPE, _I), cache=True)
def begin(log: StepLog, tech: int) -> bool:
    """Open a step; returns False (and flags overflow) when no step fits any more."""
    s = log.fill[FILL_STEPS]
    if s >= log.tech.shape[0]:
        log.fill[FILL_OVERFLOW] = 1
        return False
    log.tech[s] = tech
    for k in range(INFO_WIDTH):
        log.info[s, k] = 0
    log.item_start[s] = log.fill[FILL_ITEMS]
    return True


@njit(types.none(LOG_TYPE, _I, _I), cache=True)
def set_info(log: StepLog, k: int, value: int) -> None:
    log.info[log.fill[FILL_STEPS], k] = value


@njit(types.boolean(LOG_TYPE, _I, _I, _I, _I), cache=True)
def push(log: StepLog, kind: int, a: int, b: int, c: int) -> bool:
    i = log.fill[FILL_ITEMS]
    if i >= log.items.shape[0]:
        log.fill[FILL_OVERFLOW] = 1
        return False
    log.items[i, 0] = kind
    log.items[i, 1] = a
    log.items[i, 2] = b
    log.items[i, 3] = c
    log.fill[FILL_ITEMS] = i + 1
    return True


@njit(_I(LOG_TYPE), cache=True)
def n_items_open(log: StepLog) -> int:
    """Items written so far into the open step."""
    return int(log.fill[FILL_ITEMS] - log.item_start[log.fill[FILL_STEPS]])


@njit(types.none(LOG_TYPE), cache=True)
def commit(log: StepLog) -> None:
    s = log.fill[FILL_STEPS] + 1
    log.fill[FILL_STEPS] = s
    log.item_start[s] = log.fill[FILL_ITEMS]


@njit(cache=True, inline="always")
def stopping(log: StepLog) -> bool:
    """Whether the search was asked to stop: a technique then gives up (finds nothing)."""
    return bool(log.control[STOP] != 0)


@njit(types.none(LOG_TYPE), cache=True)
def abort(log: StepLog) -> None:
    log.fill[FILL_ITEMS] = log.item_start[log.fill[FILL_STEPS]]

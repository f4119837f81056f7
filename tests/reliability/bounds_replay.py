"""Replays traces through every model's numba kernels, to be run with NUMBA_BOUNDSCHECK=1
(tests/reliability/test_kernel_bounds.py runs it in a subprocess with its own cache): with
bounds checking, an index out of range raises IndexError where it would otherwise read or
write outside the state.

    python -m tests.reliability.bounds_replay [--control]

For each puzzle: its demo trace applied and reverted whole; then the events a file may
hold that pass validation, at the edges of the model's declared ranges (every field at its
lowest and highest value, in every combination) and in random order from random valid
rows (so that a piece is removed that is not placed, a card excluded at a level not yet
reached), each applied and reverted one at a time and as one run. Prints one line per
puzzle; exits 1 on the first failure. --control runs a row that fails validation through
a kernel instead: with bounds checking it must raise IndexError (the mode is on).
"""

from __future__ import annotations

import itertools
import sys

import numpy as np
from puzzleviz.solvers.errors import TraceError
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.tracecheck import RowTable, _cross_fault
from puzzleviz.solvers.traceview import model_for

from tests.reliability.crafted import PUZZLES, demo

RANDOM_ROWS = 3000


def valid(model: PuzzleModel, table: RowTable, rows: np.ndarray) -> np.ndarray:
    """The rows that validation lets through, in order."""
    keep = np.ones(len(rows), dtype=bool)
    for i in range(len(rows)):
        one = rows[i : i + 1]
        keep[i] = table.first_fault(one) is None and _cross_fault(model, one) is None
    return rows[keep]


def edge_rows(model: PuzzleModel) -> np.ndarray:
    """Every event kind with each field at the lowest or highest value it may take."""
    ranges = model.field_ranges()
    assert ranges is not None
    out = []
    for kind in model.events.kinds:
        choices = []
        for name in kind.field_names():
            allowed = ranges.get(kind, {}).get(name, range(-(2**31), 2**31))
            choices.append(
                sorted({v for v in (allowed.start, allowed.stop - 1, 0) if v in allowed})
            )
        for values in itertools.product(*choices):
            row = [kind.OP, *values]
            out.append(row + [0] * (model.events.width - len(row)))
    return np.array(out, dtype=np.int32)


def random_rows(model: PuzzleModel, rng: np.random.Generator) -> np.ndarray:
    ranges = model.field_ranges()
    assert ranges is not None
    kinds = model.events.kinds
    rows = np.zeros((RANDOM_ROWS, model.events.width), dtype=np.int32)
    for i in range(RANDOM_ROWS):
        kind = kinds[rng.integers(len(kinds))]
        rows[i, 0] = kind.OP
        for column, name in enumerate(kind.field_names(), start=1):
            allowed = ranges.get(kind, {}).get(name, range(-(2**31), 2**31))
            high = min(allowed.stop, allowed.start + 4096)
            rows[i, column] = rng.integers(allowed.start, high)
    return rows


def replay(model: PuzzleModel, start: np.ndarray, rows: np.ndarray) -> None:
    """Each row applied and reverted alone, then all of them forward and back."""
    for i in range(len(rows)):
        state = start.copy()
        model.apply_rows(state, rows[i : i + 1])
        model.revert_rows(state, rows[i : i + 1])
    state = start.copy()
    model.apply_rows(state, rows)
    model.revert_rows(state, rows)


def check(name: str, rng: np.random.Generator) -> str:
    trace = demo(name)
    model = model_for(trace)
    start = np.array(trace.header.initial_state, dtype=STATE_DTYPE)
    replay(model, start, np.ascontiguousarray(trace.rows))
    ranges = model.field_ranges()
    assert ranges is not None
    table = RowTable.of(model.events, ranges)
    edges = valid(model, table, edge_rows(model))
    randoms = valid(model, table, random_rows(model, rng))
    replay(model, start, edges)
    replay(model, start, randoms)
    return (
        f"{name}: {trace.n_events} demo events, {len(edges)} edge rows, {len(randoms)} random rows"
    )


def control() -> None:
    """A ring far beyond the rings' two, straight into the kernel (no validation)."""
    trace = demo("rings")
    model = model_for(trace)
    state = np.array(trace.header.initial_state, dtype=STATE_DTYPE)
    try:
        model.apply_rows(state, np.array([[0, 2**20, 1, 0]], dtype=np.int32))
    except IndexError:
        print("control: IndexError, as it must be")
        return
    print("control: no IndexError: bounds checking is off")
    sys.exit(1)


def main() -> None:
    if "--control" in sys.argv:
        control()
        return
    rng = np.random.default_rng(31)
    for name in PUZZLES:
        try:
            print(check(name, rng), flush=True)
        except (IndexError, TraceError) as exc:
            print(f"{name}: {type(exc).__name__}: {exc}")
            sys.exit(1)


if __name__ == "__main__":
    main()

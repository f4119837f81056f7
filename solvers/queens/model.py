"""The N-queens board as a flat int32 state, and the four events that change it.

State, for an N x N board (row 0 is the top row: the search goes down the board as a page
is read, so the queens placed are "above"; column 0 is "a"; a square is named by its column
letter and its row number from the top, as the board's edges label them: "e4"):

    [0 : N]          queen[row]: the column of that row's queen, or -1
    [N : N + N*N]    mark[row * N + col]: 1 + the row of the queen that attacks this
                     square, for a square the search tried and rejected; 0 otherwise

The marks make the search visible: a class sees which squares were rejected, and by which
queen. Every change is an event that carries what it changes, so the player can step back:
Place / Remove a queen, Conflict / Clear a mark (op codes in pairs: an event's inverse is
op ^ 1). `change` is the one place that edits a state: the model applies events with it,
and the search kernel (kernels.py) makes its moves with it, so the two cannot disagree.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
from puzzleviz.solvers.arrays import EventRows
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.queens import MAX_N
from puzzleviz.solvers.queens.arrays import Columns, Marks, QueensState

FILES = "abcdefghijklmnopqrstuvwxyz"


def square(row: int, col: int) -> str:
    """The name of a square: column letter, row number from 1 at the top ("e2")."""
    return f"{FILES[col]}{row + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Event):
    """A queen goes on (row, col)."""

    OP = 0
    row: int
    col: int


@dataclasses.dataclass(frozen=True, slots=True)
class Remove(Event):
    """The queen on (row, col) is taken back."""

    OP = 1
    row: int
    col: int


@dataclasses.dataclass(frozen=True, slots=True)
class Conflict(Event):
    """The search tried (row, col) and rejects it: the queen on (by_row, by_col) attacks it.
    The attacker rides on the event so that a scene can draw the line of attack."""

    OP = 2
    row: int
    col: int
    by_row: int
    by_col: int


@dataclasses.dataclass(frozen=True, slots=True)
class Clear(Event):
    """The mark of a Conflict is lifted: the search goes back above this row."""

    OP = 3
    row: int
    col: int
    by_row: int
    by_col: int


QUEENS_EVENTS = EventSet([Place, Remove, Conflict, Clear])


@njit(cache=True, inline="always")
def change(state: QueensState, n: int, op: int, row: int, col: int, by_row: int) -> None:
    """Make one event's change (op: 0 Place, 1 Remove, 2 Conflict, 3 Clear)."""
    if op == 0:
        state[row] = col
    elif op == 1:
        state[row] = -1
    elif op == 2:
        state[n + row * n + col] = by_row + 1
    else:
        state[n + row * n + col] = 0


@njit(cache=True)
def _apply_rows(state: QueensState, n: int, rows: EventRows, backward: bool) -> None:
    for k in range(rows.shape[0]):
        i = rows.shape[0] - 1 - k if backward else k
        op = rows[i, 0] ^ 1 if backward else rows[i, 0]
        change(state, n, op, rows[i, 1], rows[i, 2], rows[i, 3])


class QueensModel(PuzzleModel):
    """N queens on an N x N board, with the squares the search rejected."""

    kind = "queens"
    events = QUEENS_EVENTS

    def __init__(self, n: int):
        if not 1 <= n <= MAX_N:
            raise PuzzleInputError(f"a queens board has 1 to {MAX_N} rows, not {n}")
        self.n = n

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> QueensModel:
        n = definition.get("n") if isinstance(definition, dict) else None
        if type(n) is not int:
            raise PuzzleInputError("a queens definition needs the board size n, a whole number")
        return cls(n)

    def definition(self) -> dict[str, Any]:
        return {"n": self.n}

    def initial_state(self) -> QueensState:
        state = np.zeros(self.n + self.n * self.n, dtype=STATE_DTYPE)
        state[: self.n] = -1
        return state

    def apply(self, state: QueensState, event: Event) -> None:
        self.apply_rows(state, np.array([self.events.encode(event)], dtype=np.int32))

    def revert(self, state: QueensState, event: Event) -> None:
        self.revert_rows(state, np.array([self.events.encode(event)], dtype=np.int32))

    def apply_rows(self, state: QueensState, rows: EventRows) -> None:
        _apply_rows(state, self.n, np.ascontiguousarray(rows, dtype=np.int32), False)

    def revert_rows(self, state: QueensState, rows: EventRows) -> None:
        _apply_rows(state, self.n, np.ascontiguousarray(rows, dtype=np.int32), True)

    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]]:
        """Every field is a row or a column of the board: the kernel indexes the state
        with all four."""
        board = range(self.n)
        square = {"row": board, "col": board}
        attack = {**square, "by_row": board, "by_col": board}
        return {Place: square, Remove: square, Conflict: attack, Clear: attack}

    def check_state(self, state: QueensState) -> None:
        super().check_state(state)
        n = self.n
        if np.any((state[:n] < -1) | (state[:n] >= n)):
            raise PuzzleInputError(f"a row's queen must be in column 0..{n - 1}, or -1 for none")
        if np.any((state[n:] < 0) | (state[n:] > n)):
            raise PuzzleInputError(
                f"a square's mark must be 0 (none) or 1..{n} (a queen's row + 1)"
            )

    def describe(self, event: Event) -> str:
        assert isinstance(event, Place | Remove | Conflict | Clear)
        where = f"row {event.row + 1}: "
        if isinstance(event, Place):
            return where + f"queen on {square(event.row, event.col)}"
        if isinstance(event, Remove):
            return where + f"take the queen off {square(event.row, event.col)}"
        attacker = square(event.by_row, event.by_col)
        if isinstance(event, Conflict):
            return where + f"{square(event.row, event.col)} is attacked by the queen on {attacker}"
        return where + f"{square(event.row, event.col)} is free again"

    # -- reading a state (for the scene and the tests) -----------------------------------
    def queens(self, state: QueensState) -> Columns:
        """(N,) the column of each row's queen, -1 for none."""
        return state[: self.n]

    def marks(self, state: QueensState) -> Marks:
        """(N, N) for each square: 1 + the row of the queen that attacks it, if rejected."""
        return state[self.n :].reshape(self.n, self.n)

"""The digits model: state layout, the four event kinds, apply/revert (also as numba kernels).

State (flat int32), for P pieces and a grid of C triangle cells:

    [3k], [3k+1], [3k+2]   piece k: orientation, x, y (grid squares); -1, -1, -1 in the tray
    [3P + c]               cell c: the piece covering it, FREE (-1), LEFT_EMPTY (-2, the
                           search chose to leave it empty) or OUTSIDE (-3, not in the frame)

Cells are numbered 4 * (y * width + x) + side (side 0..3 = L, B, R, T) on the grid of the
granularity: blocks for "mesh" and "block", unit squares (half blocks) for "half".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from functools import cached_property
from typing import Any

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, EventRows, Int32Array, Int64Array
from puzzleviz.solvers.digits import kernels
from puzzleviz.solvers.digits.arrays import DigitsState
from puzzleviz.solvers.digits.geometry import SIDE_NAMES, symmetry_angle_and_flip, triangle_corners
from puzzleviz.solvers.digits.grid import GRANULARITIES, Grid, check_granularity, resolution_of
from puzzleviz.solvers.digits.pieces import affine_of
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle, default_puzzle
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel

FREE, LEFT_EMPTY, OUTSIDE = -1, -2, -3
PIECE_FIELDS = 3
MAX_PIECES = 256  # pieces a definition may bring (the digits are ten)

Corner = tuple[float, float]
Triangle = tuple[Corner, Corner, Corner]


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Event):
    """Put piece `piece` in orientation `orientation` with its box's corner on (x, y)."""

    OP = kernels.OP_PLACE
    piece: int
    orientation: int
    x: int
    y: int


@dataclasses.dataclass(frozen=True, slots=True)
class Remove(Event):
    """Take piece `piece` (which lies as given) back to the tray."""

    OP = kernels.OP_REMOVE
    piece: int
    orientation: int
    x: int
    y: int


@dataclasses.dataclass(frozen=True, slots=True)
class LeaveEmpty(Event):
    """The search decides that free cell `cell` stays empty in this branch."""

    OP = kernels.OP_LEAVE_EMPTY
    cell: int


@dataclasses.dataclass(frozen=True, slots=True)
class Reopen(Event):
    """Undo LeaveEmpty: the cell is free again."""

    OP = kernels.OP_REOPEN
    cell: int


class DigitsModel(PuzzleModel):
    kind = "digits"
    events = EventSet([Place, Remove, LeaveEmpty, Reopen])

    def __init__(self, puzzle: DigitsPuzzle | None = None, granularity: str = "mesh"):
        check_granularity(granularity)
        self.puzzle = puzzle or default_puzzle()
        self.granularity = granularity
        self.grid = Grid(self.puzzle, resolution_of(granularity))

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> DigitsModel:
        if not isinstance(definition, dict) or "puzzle" not in definition:
            raise PuzzleInputError("a digits definition needs 'puzzle' and 'granularity'")
        granularity = definition.get("granularity", "mesh")
        if granularity not in GRANULARITIES:
            raise PuzzleInputError(f"unknown granularity {granularity!r:.40}")
        pieces = (
            definition["puzzle"].get("pieces") if isinstance(definition["puzzle"], dict) else None
        )
        if isinstance(pieces, dict) and len(pieces) > MAX_PIECES:
            raise PuzzleInputError(f"a digits puzzle has at most {MAX_PIECES} pieces")
        return cls(DigitsPuzzle.from_definition(definition["puzzle"]), granularity)

    def definition(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle.definition(), "granularity": self.granularity}

    # -- layout ---------------------------------------------------------------------------

    @property
    def n_pieces(self) -> int:
        return len(self.puzzle.pieces)

    @property
    def cells_offset(self) -> int:
        return PIECE_FIELDS * self.n_pieces

    def initial_state(self) -> DigitsState:
        state = np.full(self.cells_offset + self.grid.n_cells, FREE, dtype=STATE_DTYPE)
        state[self.cells_offset :][~self.grid.frame_mask] = OUTSIDE
        return state

    @cached_property
    def _shapes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per (piece, orientation): cell indices at offset (0, 0), and the box size."""
        orientations = self.grid.orientations
        n_orient = max(len(o) for o in orientations)
        area = max(len(o.cells) for os in orientations for o in os)
        cells = np.full((self.n_pieces, n_orient, area), -1, dtype=np.int64)
        width = np.zeros((self.n_pieces, n_orient), dtype=np.int64)
        height = np.zeros((self.n_pieces, n_orient), dtype=np.int64)
        for k, options in enumerate(orientations):
            for o, orientation in enumerate(options):
                idx = [self.grid.index(c) for c in orientation.cells]
                cells[k, o, : len(idx)] = idx
                width[k, o] = orientation.width
                height[k, o] = orientation.height
        counts = np.array([len(o) for o in orientations], dtype=np.int64)
        return cells, width, height, counts

    # -- what a trace may hold -------------------------------------------------------------

    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]]:
        """A piece, one of its orientations, a corner on the grid (that the orientation
        is the piece's and that it stays inside the grid is `row_faults`' part); a cell."""
        _, _, _, counts = self._shapes
        placement = {
            "piece": range(self.n_pieces),
            "orientation": range(int(counts.max())),
            "x": range(self.grid.width),
            "y": range(self.grid.height),
        }
        cell = {"cell": range(self.grid.n_cells)}
        return {Place: placement, Remove: placement, LeaveEmpty: cell, Reopen: cell}

    def placements_fit(
        self,
        pieces: Int64Array,
        orients: Int32Array | Int64Array,
        xs: Int32Array | Int64Array,
        ys: Int32Array | Int64Array,
    ) -> BoolArray:
        """Per entry: an orientation its piece has, at a corner that keeps it in the grid."""
        _, width, height, counts = self._shapes
        exists = orients < counts[pieces]
        o = np.where(exists, orients, 0)
        inside = (xs + width[pieces, o] <= self.grid.width) & (
            ys + height[pieces, o] <= self.grid.height
        )
        fit: BoolArray = exists & inside
        return fit

    def row_faults(self, rows: EventRows) -> Iterator[tuple[BoolArray, str]]:
        placing = rows[:, 0] <= Remove.OP
        pieces = np.where(placing, rows[:, 1], 0)
        fits = self.placements_fit(pieces, rows[:, 2] * placing, rows[:, 3] * placing,
                                   rows[:, 4] * placing)  # fmt: skip
        yield placing & ~fits, "the piece has no such orientation, or it would stick out"

    def check_state(self, state: DigitsState) -> None:
        """Each piece in the tray (-1, -1, -1) or placed as a Place could place it, and
        each cell free, left empty, outside or a piece's."""
        super().check_state(state)
        pieces = state[: self.cells_offset].reshape(-1, PIECE_FIELDS).astype(np.int64)
        tray = np.all(pieces == -1, axis=1)
        placed = pieces[~tray]
        if (
            np.any(placed < 0)
            or np.any(placed[:, 1] >= self.grid.width)
            or np.any(placed[:, 2] >= self.grid.height)
        ):
            raise PuzzleInputError("a piece is neither in the tray nor on the grid")
        if not np.all(self.placements_fit(np.flatnonzero(~tray), *placed.T)):
            raise PuzzleInputError("a piece lies in no orientation it has, or off the grid")
        cells = state[self.cells_offset :]
        if np.any((cells < OUTSIDE) | (cells >= self.n_pieces)):
            raise PuzzleInputError("a cell holds neither a piece nor free, empty or outside")

    # -- apply / revert -------------------------------------------------------------------

    def _check(self, event: Event) -> None:
        if isinstance(event, (Place, Remove)):
            _, width, height, counts = self._shapes
            k, o = event.piece, event.orientation
            if not (0 <= k < self.n_pieces and 0 <= o < counts[k]):
                raise PuzzleInputError(f"{event}: no such piece or orientation")
            if not (
                0 <= event.x <= self.grid.width - width[k, o]
                and 0 <= event.y <= self.grid.height - height[k, o]
            ):
                raise PuzzleInputError(f"{event}: the piece would stick out of the grid")
        elif isinstance(event, LeaveEmpty | Reopen) and not 0 <= event.cell < self.grid.n_cells:
            raise PuzzleInputError(f"{event}: no such cell")

    def apply(self, state: DigitsState, event: Event) -> None:
        self._check(event)
        row = np.asarray(self.events.encode(event), dtype=np.int32)[None, :]
        self.apply_rows(state, row)

    def revert(self, state: DigitsState, event: Event) -> None:
        self._check(event)
        row = np.asarray(self.events.encode(event), dtype=np.int32)[None, :]
        self.revert_rows(state, row)

    def apply_rows(self, state: DigitsState, rows: EventRows) -> None:
        cells, width, height, counts = self._shapes
        _apply_rows(state, rows, cells, width, height, counts, self.grid.width, False)

    def revert_rows(self, state: DigitsState, rows: EventRows) -> None:
        cells, width, height, counts = self._shapes
        _apply_rows(state, rows, cells, width, height, counts, self.grid.width, True)

    # -- reading a state (for scenes and tests) -------------------------------------------

    def placement_of(self, state: DigitsState, piece: int) -> tuple[int, int, int] | None:
        """(orientation, x, y) of a piece on the board, None if it is in the tray."""
        o, x, y = (int(v) for v in state[PIECE_FIELDS * piece : PIECE_FIELDS * piece + 3])
        return None if o < 0 else (o, x, y)

    def owners(self, state: DigitsState) -> Int32Array:
        """Per cell: the covering piece, FREE, LEFT_EMPTY or OUTSIDE."""
        return np.asarray(state[self.cells_offset :])

    def state_with(
        self, placements: dict[int, tuple[int, int, int]], left_empty: tuple[int, ...] = ()
    ) -> np.ndarray:
        """The state with the given pieces placed and cells left empty (no overlap check)."""
        state = self.initial_state()
        for k, (o, x, y) in sorted(placements.items()):
            self.apply(state, Place(k, o, x, y))
        for cell in left_empty:
            self.apply(state, LeaveEmpty(cell))
        return state

    # -- geometry for drawing -------------------------------------------------------------

    def label(self, piece: int) -> str:
        return self.puzzle.pieces[piece].label

    def placement_triangles(self, piece: int, orientation: int, x: int, y: int) -> list[Triangle]:
        """The piece's triangles, each as its three corners in BLOCK units (x right, y down).

        On the unit grid (granularity "half") x, y are unit squares (half blocks)."""
        cells = self.grid.placement_cells(piece, orientation, x, y)
        return [triangle_corners(c, self.grid.square_size) for c in cells]

    def tray_triangles(self, piece: int) -> list[Triangle]:
        """The piece as it lies in the tray: its base (upright) shape at (0, 0), block units,
        cut into the triangles of this grid (so that orientation_affine maps it exactly)."""
        cells = self.grid.refine(self.puzzle.pieces[piece].cells)
        return [triangle_corners(c, self.grid.square_size) for c in cells]

    def cell_triangle(self, cell: int) -> Triangle:
        return triangle_corners(self.grid.cell(cell), self.grid.square_size)

    def orientation_turn(self, piece: int, orientation: int) -> tuple[int, bool]:
        """(clockwise angle in degrees, flipped) that turns the tray shape into this
        orientation: first mirror left-right if flipped, then turn clockwise on screen."""
        symmetry = self.grid.orientations[piece][orientation].symmetry
        return symmetry_angle_and_flip(symmetry)

    def orientation_affine(
        self, piece: int, orientation: int
    ) -> tuple[tuple[int, int, int, int], tuple[float, float]]:
        """(a, b, c, d), (tx, ty): a tray point (u, v) in block units lands at
        (a u + b v + tx, c u + d v + ty) relative to the placement's (x, y) corner."""
        matrix, shift = affine_of(self.grid.orientations[piece][orientation])
        s = self.grid.square_size
        return matrix, (shift[0] * s, shift[1] * s)

    def frame_triangles(self) -> list[Triangle]:
        return [triangle_corners(c, self.grid.square_size) for c in self.grid.frame_cells]

    def describe(self, event: Event) -> str:
        if isinstance(event, (Place, Remove)):
            turn, flipped = self.orientation_turn(event.piece, event.orientation)
            if turn and flipped:
                how = f"flipped, turned {turn}°"
            elif flipped:
                how = "flipped"
            else:
                how = f"turned {turn}°" if turn else "upright"
            verb = "Place" if isinstance(event, Place) else "Take back"
            return f"{verb} the {self.label(event.piece)} ({how}) at ({event.x}, {event.y})"
        if not isinstance(event, LeaveEmpty | Reopen):
            return super().describe(event)
        x, y, side = self.grid.cell(event.cell)
        what = f"triangle {SIDE_NAMES[side]} of square ({x}, {y})"
        if isinstance(event, LeaveEmpty):
            return f"Leave the {what} empty"
        return f"The {what} is free again"


@njit(cache=True)
def _apply_rows(
    state: DigitsState, rows: EventRows, cells: Int64Array, width: Int64Array,
    height: Int64Array, counts: Int64Array, grid_width: int, backwards: bool,
) -> None:  # fmt: skip
    n_pieces = counts.shape[0]
    base = 3 * n_pieces
    n_cells = state.shape[0] - base
    n = rows.shape[0]
    for r in range(n):
        row = rows[n - 1 - r] if backwards else rows[r]
        op = row[0]
        if backwards:  # revert = apply the opposite event
            if op == 0:
                op = 1
            elif op == 1:
                op = 0
            elif op == 2:
                op = 3
            elif op == 3:
                op = 2
        if op == 0 or op == 1:
            k, o, x, y = row[1], row[2], row[3], row[4]
            if not (0 <= k < n_pieces and 0 <= o < counts[k]):
                raise ValueError("digits event names no such piece or orientation")
            if x < 0 or y < 0 or x + width[k, o] > grid_width:
                raise ValueError("digits event puts a piece outside the grid")
            shift = 4 * (y * grid_width + x)
            owner = k if op == 0 else -1
            for i in range(cells.shape[2]):
                c = cells[k, o, i]
                if c < 0:
                    break
                if c + shift >= n_cells:
                    raise ValueError("digits event puts a piece outside the grid")
                state[base + c + shift] = owner
            if op == 0:
                state[3 * k] = o
                state[3 * k + 1] = x
                state[3 * k + 2] = y
            else:
                state[3 * k] = -1
                state[3 * k + 1] = -1
                state[3 * k + 2] = -1
        elif op == 2 or op == 3:
            c = row[1]
            if not 0 <= c < n_cells:
                raise ValueError("digits event names no such cell")
            state[base + c] = -2 if op == 2 else -1
        else:
            raise ValueError("unknown digits event")

"""The cube model: where each piece is, and how many pieces cover each cell.

State (flat int32), for a puzzle with N pieces (instances) in a space of SX x SY x SZ cells
(the box plus `margin` cells on every side; margin 0 for exact solving and assemblies, 3
for the seed's stochastic search; for a disassembly (`apart`), room for the parts that
come out, up to MAX_ROOM cells):

    state[0 : N]          pose of piece i, or -1 while it is not placed (see `space`)
    state[N : N + S]      how many pieces cover each space cell, in space cell order
                          (x fastest, z slowest: reshape to (SZ, SY, SX) for z-slices)

Events (each names the pose it changes, so revert needs nothing else):

    Place(piece, pose)               put a piece that was out of play at `pose`
    Remove(piece, pose)              take it out of play again (it was at `pose`)
    Move(piece, old_pose, new_pose)  the stochastic search's jump of one piece
    Slide(pieces, direction, amount) a disassembly's move: the pieces of the bit mask
                                     `pieces` slide together `amount` whole units in
                                     `direction` (0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z); one
                                     event, so the group moves as one and one row reverts it
                                     (past the space's edge a piece wraps: see _slide)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, EventRows, Int32Array, Int64Array
from puzzleviz.solvers.cube.arrays import CubeState
from puzzleviz.solvers.cube.puzzle import CubePuzzle, puzzle_from_json
from puzzleviz.solvers.cube.solution import PlacedPiece, Solution, placed_piece, solution_pieces
from puzzleviz.solvers.cube.space import Space, orientation_table
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel

OP_PLACE, OP_REMOVE, OP_MOVE, OP_SLIDE = 0, 1, 2, 3
MAX_SLIDING = 31  # a Slide's pieces are bits of an int32 field
MAX_ROOM = 64  # cells around the box a disassembly's parts may be carried


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Event):
    OP = OP_PLACE
    piece: int
    pose: int


@dataclasses.dataclass(frozen=True, slots=True)
class Remove(Event):
    OP = OP_REMOVE
    piece: int
    pose: int


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Event):
    OP = OP_MOVE
    piece: int
    old_pose: int
    new_pose: int


@dataclasses.dataclass(frozen=True, slots=True)
class Slide(Event):
    OP = OP_SLIDE
    pieces: int  # bit mask of piece instances (bit i: instance i)
    direction: int
    amount: int

    def members(self) -> list[int]:
        """The instances that slide, in order."""
        return [i for i in range(MAX_SLIDING) if self.pieces >> i & 1]


@njit(cache=True)
def _pose_parts(pose: int, dims: Int64Array) -> tuple[int, int, int, int]:
    """A pose's corner x, y, z in the space and its orientation (the pose is
    ((orient * sz + z) * sy + y) * sx + x)."""
    x = pose % dims[0]
    rest = pose // dims[0]
    y = rest % dims[1]
    rest //= dims[1]
    return x, y, rest % dims[2], rest // dims[2]


@njit(cache=True)
def _slide(
    state: CubeState, n_pieces: int, inst_type: Int64Array, obase: Int64Array,
    ovol: Int64Array, ocells: Int64Array, dims: Int64Array, margin: int, mask: int,
    direction: int, amount: int,
) -> bool:  # fmt: skip
    """Move every placed piece of `mask` by `amount` units along `direction` (its sign
    already turned for a revert); False only for a row outside the declared ranges.

    A slide is total, so that any row a file may hold applies and reverts exactly
    whatever the state: a piece out of play stays out, and a piece carried past the
    space's edge comes back in at the other side (origins count modulo the places the
    piece has along the axis). A recorded disassembly never wraps: its space has room
    for every place the plan gives."""
    if direction < 0 or direction > 5 or amount <= 0 or mask <= 0:
        return False
    if n_pieces < MAX_SLIDING and mask >= (1 << n_pieces):
        return False
    axis = direction // 2
    step = -amount if direction % 2 else amount
    sx, sy, sz = dims[0], dims[1], dims[2]
    for piece in range(min(n_pieces, MAX_SLIDING)):
        if not (mask >> piece) & 1:
            continue
        pose = state[piece]
        if pose < 0:
            continue
        x, y, z, orient = _pose_parts(pose, dims)
        row = obase[inst_type[piece]] + orient
        extent = 1
        for k in range(ovol[row]):
            extent = max(extent, ocells[row, k, axis] + 1)
        places = dims[axis] - extent + 1
        if places <= 0:
            return False
        if axis == 0:
            x = (x + step) % places
        elif axis == 1:
            y = (y + step) % places
        else:
            z = (z + step) % places
        new = ((orient * sz + z) * sy + y) * sx + x
        _cover(state, n_pieces, inst_type, obase, ovol, ocells, dims, margin, piece, pose, -1)
        state[piece] = new
        if not _cover(state, n_pieces, inst_type, obase, ovol, ocells, dims, margin, piece,
                      new, 1):  # fmt: skip
            return False
    return True


@njit(cache=True)
def _cover(
    state: CubeState, n_pieces: int, inst_type: Int64Array, obase: Int64Array,
    ovol: Int64Array, ocells: Int64Array, dims: Int64Array, margin: int, piece: int, pose: int,
    delta: int,
) -> bool:  # fmt: skip
    """Add `delta` to the coverage of the cells of `piece` at `pose`; False if off-space."""
    sx, sy, sz = dims[0], dims[1], dims[2]
    x, y, z, orient = _pose_parts(pose, dims)
    t = inst_type[piece]
    row = obase[t] + orient
    if orient >= obase[t + 1] - obase[t]:
        return False
    for k in range(ovol[row]):
        cx = x + ocells[row, k, 0]
        cy = y + ocells[row, k, 1]
        cz = z + ocells[row, k, 2]
        if cx >= sx or cy >= sy or cz >= sz:
            return False
        state[n_pieces + cx + sx * (cy + sy * cz)] += delta
    return True


@njit(cache=True)
def _run_rows(
    state: CubeState, rows: EventRows, forward: bool, n_pieces: int, inst_type: Int64Array,
    obase: Int64Array, ovol: Int64Array, ocells: Int64Array, dims: Int64Array, margin: int,
) -> int:  # fmt: skip
    """Apply (forward) or revert (backward, last row first) encoded rows; return the index
    of the first row that does not fit this puzzle, or -1."""
    n = rows.shape[0]
    for j in range(n):
        i = j if forward else n - 1 - j
        op = rows[i, 0]
        piece = rows[i, 1]
        if op == 3:
            d = rows[i, 2]
            if not forward:
                d = d ^ 1  # the opposite direction: 0 <-> 1, 2 <-> 3, 4 <-> 5
            if not _slide(state, n_pieces, inst_type, obase, ovol, ocells, dims, margin,
                          piece, d, rows[i, 3]):  # fmt: skip
                return i
            continue
        if piece < 0 or piece >= n_pieces or op < 0 or op > 2:
            return i
        a = rows[i, 2]
        b = rows[i, 3]
        if a < 0 or (op == 2 and b < 0):
            return i
        if op == 0 or op == 1:
            placing = (op == 0) == forward
            if placing:
                state[piece] = a
            else:
                state[piece] = -1
            d = 1 if placing else -1
            if not _cover(
                state, n_pieces, inst_type, obase, ovol, ocells, dims, margin, piece, a, d
            ):
                return i
        else:
            old, new = (a, b) if forward else (b, a)
            state[piece] = new
            if not _cover(
                state, n_pieces, inst_type, obase, ovol, ocells, dims, margin, piece, old, -1
            ):
                return i
            if not _cover(
                state, n_pieces, inst_type, obase, ovol, ocells, dims, margin, piece, new, 1
            ):
                return i
    return -1


class CubeModel(PuzzleModel):
    """A packing puzzle in a box; see the module docstring for state and events."""

    kind = "cube"
    events = EventSet([Place, Remove, Move, Slide])

    def __init__(self, puzzle: CubePuzzle, margin: int = 0, apart: bool = False):
        """`apart`: a disassembly's space, whose margin is room for the parts taken out
        (up to MAX_ROOM cells) rather than the stochastic search's overhang (up to 8)."""
        top = MAX_ROOM if apart else 8
        if not 0 <= margin <= top:
            raise PuzzleInputError(
                f"the margin around the box must be 0..{top} cells, not {margin}"
            )
        self.apart = apart
        self.puzzle = puzzle
        self.space = Space(puzzle.box, margin)
        table = orientation_table(puzzle)
        self._obase = np.concatenate([table.base, [table.base[-1] + table.n_orient[-1]]])
        self._ovol = table.volume
        self._ocells = table.cells
        self._extent = table.extent
        self._n_orient = table.n_orient
        self._inst_type = puzzle.instance_type.astype(np.int64)
        self._dims = np.array(self.space.dims, dtype=np.int64)
        n_orient_max = int(table.n_orient.max())
        self._max_pose = self.space.n_cells * n_orient_max

    @property
    def n_pieces(self) -> int:
        return self.puzzle.n_pieces

    @property
    def margin(self) -> int:
        return self.space.margin

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> CubeModel:
        if not isinstance(definition, dict):
            raise PuzzleInputError("a cube definition must be an object")
        doc = {k: v for k, v in definition.items() if k not in ("margin", "apart")}
        holes = any(isinstance(p, dict) and p.get("hole") for p in doc.get("pieces", []))
        puzzle = puzzle_from_json(doc, allow_holes=holes)
        margin = definition.get("margin", 0)
        if isinstance(margin, bool) or not isinstance(margin, int):
            raise PuzzleInputError(f"the margin must be a whole number, not {margin!r}")
        apart = definition.get("apart", False)
        if not isinstance(apart, bool):
            raise PuzzleInputError(f"'apart' must be true or false, not {apart!r}")
        return cls(puzzle, margin, apart)

    def definition(self) -> dict[str, Any]:
        apart = {"apart": True} if self.apart else {}  # older traces' definitions unchanged
        return {**self.puzzle.definition(), "margin": self.margin, **apart}

    def initial_state(self) -> CubeState:
        state = np.zeros(self.n_pieces + self.space.n_cells, dtype=STATE_DTYPE)
        state[: self.n_pieces] = -1
        return state

    # what a trace may hold ---------------------------------------------------------------

    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]]:
        """A piece of the puzzle, poses of the space (whether the piece's orientation
        exists and its cells stay in the space is `row_faults`' part)."""
        piece, pose = range(self.n_pieces), range(self._max_pose)
        return {
            Place: {"piece": piece, "pose": pose},
            Remove: {"piece": piece, "pose": pose},
            Move: {"piece": piece, "old_pose": pose, "new_pose": pose},
            Slide: {"pieces": range(1, 2 ** min(self.n_pieces, MAX_SLIDING)),
                    "direction": range(6), "amount": range(1, max(self.space.dims))},
        }  # fmt: skip

    def poses_fit(
        self, pieces: Int32Array | Int64Array, poses: Int32Array | Int64Array
    ) -> BoolArray:
        """Per entry: is `poses` an orientation that its piece has, at a place where all
        its cells are inside the space (pieces and poses already in range)."""
        sx, sy, sz = (int(v) for v in self._dims)
        x, rest = poses % sx, poses // sx
        y, rest = rest % sy, rest // sy
        z, orient = rest % sz, rest // sz
        types = self._inst_type[pieces]
        exists = orient < self._n_orient[types]
        row = self._obase[types] + np.where(exists, orient, 0)
        ext = self._extent[row]
        inside = (x + ext[:, 0] <= sx) & (y + ext[:, 1] <= sy) & (z + ext[:, 2] <= sz)
        fit: BoolArray = exists & inside
        return fit

    def row_faults(self, rows: EventRows) -> Iterator[tuple[BoolArray, str]]:
        why = "the piece has no such orientation, or it would stick out of the space"
        single = rows[:, 0] != OP_SLIDE  # a slide's fit depends on where its pieces are
        pieces = np.where(single, rows[:, 1], 0)
        yield single & ~self.poses_fit(pieces, np.where(single, rows[:, 2], 0)), why
        moves = rows[:, 0] == OP_MOVE
        yield moves & ~self.poses_fit(pieces, np.where(moves, rows[:, 3], 0)), why

    def check_state(self, state: CubeState) -> None:
        """Poses each a pose of its piece (or -1), and the coverage exactly what they cover:
        the scene draws the pieces from their poses and the empty cells from the counts."""
        super().check_state(state)
        poses = state[: self.n_pieces].astype(np.int64)
        placed = poses >= 0
        if np.any(poses < -1) or np.any(poses[placed] >= self._max_pose):
            raise PuzzleInputError("a piece's pose is outside the space")
        pieces = np.flatnonzero(placed)
        if not np.all(self.poses_fit(pieces, poses[placed])):
            raise PuzzleInputError("a piece lies outside the space or in no orientation it has")
        expected = self.initial_state()
        self._run(expected, np.array([[OP_PLACE, p, poses[p], 0] for p in pieces.tolist()],
                                     dtype=np.int32).reshape(-1, 4), True)  # fmt: skip
        if not np.array_equal(expected[self.n_pieces :], state[self.n_pieces :]):
            raise PuzzleInputError("the cells' coverage does not match where the pieces are")

    # applying events -------------------------------------------------------------------

    def _run(self, state: CubeState, rows: EventRows, forward: bool) -> None:
        rows = np.ascontiguousarray(rows, dtype=np.int32).reshape(-1, self.events.width)
        bad = _run_rows(
            state, rows, forward, self.n_pieces, self._inst_type, self._obase, self._ovol,
            self._ocells, self._dims, self.margin,
        )  # fmt: skip
        if bad >= 0:
            raise PuzzleInputError(
                f"event {self.events.decode(rows[bad])!r} does not fit this cube puzzle"
            )

    def apply(self, state: CubeState, event: Event) -> None:
        self._run(state, np.asarray([self.events.encode(event)], dtype=np.int32), True)

    def revert(self, state: CubeState, event: Event) -> None:
        self._run(state, np.asarray([self.events.encode(event)], dtype=np.int32), False)

    def apply_rows(self, state: CubeState, rows: EventRows) -> None:
        self._run(state, rows, True)

    def revert_rows(self, state: CubeState, rows: EventRows) -> None:
        self._run(state, rows, False)

    # reading states ----------------------------------------------------------------------

    def pose(self, orient: int, x: int, y: int, z: int) -> int:
        return self.space.pose(orient, x, y, z)

    def piece_at(self, instance: int, pose: int) -> PlacedPiece:
        """A piece with its type, orientation, min corner, extent and cells at `pose`."""
        return placed_piece(self.puzzle, self.space, instance, pose)

    def pieces(self, state: CubeState) -> list[PlacedPiece]:
        """The placed pieces of a state, in instance order."""
        return [
            self.piece_at(i, int(pose))
            for i, pose in enumerate(state[: self.n_pieces])
            if pose >= 0
        ]

    def solution_state(self, solution: Solution) -> CubeState:
        """The state with every piece of a filling in place (instances numbered as in
        `solution.solution_pieces`)."""
        state = self.initial_state()
        for piece in solution_pieces(self.puzzle, solution):
            self.apply(state, Place(piece.instance, self.space.pose(piece.orient, *piece.origin)))
        return state

    def coverage(self, state: CubeState) -> Int32Array:
        """(SZ, SY, SX) view: how many pieces cover each space cell."""
        sx, sy, sz = self.space.dims
        return state[self.n_pieces :].reshape(sz, sy, sx)

    def describe(self, event: Event) -> str:
        if isinstance(event, Slide):
            names = ", ".join(self.puzzle.instance_name(i) for i in event.members())
            way = ("+x", "-x", "+y", "-y", "+z", "-z")[event.direction]
            return f"slide {names} {event.amount} along {way}"
        if isinstance(event, Move):
            old = self.piece_at(event.piece, event.old_pose)
            new = self.piece_at(event.piece, event.new_pose)
            turned = f" ({posture(new).strip()})" if posture(new) != posture(old) else ""
            return f"move {old.label} from {spans(old)} to {spans(new)}{turned}"
        if isinstance(event, Place | Remove):
            piece = self.piece_at(event.piece, event.pose)
            verb = "place" if isinstance(event, Place) else "remove"
            return f"{verb} {piece.label} {where(piece)}"
        return super().describe(event)


def where(piece: PlacedPiece) -> str:
    """Where a piece is, e.g. "lying along x at x 0..3, y 1..2, z 0", to read aloud."""
    return f"{posture(piece)}at {spans(piece)}"


def spans(piece: PlacedPiece) -> str:
    """The cells a piece spans, e.g. "x 0..3, y 1..2, z 0"."""
    parts = []
    for axis, lo, hi in zip("xyz", piece.low, piece.high, strict=True):
        parts.append(f"{axis} {lo}" if lo == hi else f"{axis} {lo}..{hi}")
    return ", ".join(parts)


def posture(piece: PlacedPiece) -> str:
    ext = piece.extent
    if len(piece.cells) == 1 or len(set(ext)) == 1:
        return ""
    longest = max(ext)
    if ext.count(longest) > 1:  # e.g. a 2x2x1 slab: name its thin axis
        thin = "xyz"[ext.index(min(ext))]
        return "flat " if thin == "z" else f"on edge across {thin} "
    axis = "xyz"[ext.index(longest)]
    return "standing " if axis == "z" else f"lying along {axis} "

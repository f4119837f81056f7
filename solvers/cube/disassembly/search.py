"""Taking an assembly apart: the shortest sequence of moves to its first separation, then
each part the same way, as BurrTools' disassembler does (breadth-first over positions).

A move slides one or several pieces together by whole units along one of the six axis
directions; sliding 3 units is one move, as a hand does it. A position is the pieces'
offsets from the assembly, the same position wherever the whole is shifted. The search
stops at the first position from which a set of pieces slides out for good: the assembly
splits into the pieces that stay and the ones that went, each taken apart in turn (the
staying part first; if one part cannot be taken apart, neither can the whole, as BurrTools
decides it). Moves of one position are tried in BurrTools' order (kernels.moves), so the
first separation, and with it the parts and their levels, is the one BurrTools finds.

The level counts the moves to each separation: "98.2.4.2" is 98 moves to the first (the
last of them the one that takes the part out), then the staying part's levels, then the
removed part's, each written only when it needs more than one move somewhere.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.cube.disassembly.bfs import search
from puzzleviz.solvers.cube.disassembly.kernels import DIRECTIONS, voxel_lines
from puzzleviz.solvers.errors import PuzzleInputError

AXIS_NAMES = ("x", "y", "z")
MAX_PIECES = 62  # moving sets are bit masks in an int64


@dataclasses.dataclass(frozen=True)
class Move:
    """`pieces` (indices into the assembly's pieces) slide together `amount` units in
    `direction` (0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z); amount None: out for good."""

    pieces: tuple[int, ...]
    direction: int
    amount: int | None

    @property
    def axis(self) -> str:
        return AXIS_NAMES[self.direction // 2]

    @property
    def sign(self) -> int:
        return -1 if self.direction & 1 else 1

    @property
    def vector(self) -> tuple[int, int, int]:
        x, y, z = (int(v) for v in DIRECTIONS[self.direction])
        return x, y, z

    def as_json(self) -> dict[str, object]:
        return {"pieces": list(self.pieces), "axis": self.axis, "direction": self.sign,
                "amount": self.amount}  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Separation:
    """The moves that split `pieces` into `left` (the ones that stay) and `removed`; a
    part of one piece, or of one group, needs no further separation (None)."""

    pieces: tuple[int, ...]
    moves: tuple[Move, ...]
    left: Separation | None
    removed: Separation | None

    @property
    def multi_moves(self) -> bool:
        """True if some separation in this tree takes more than one move (BurrTools writes
        a part's levels only then)."""
        return len(self.moves) > 1 or any(p is not None and p.multi_moves for p in self._parts)

    @property
    def _parts(self) -> tuple[Separation | None, Separation | None]:
        return self.left, self.removed

    @property
    def level(self) -> str:
        text = str(len(self.moves))
        for part in self._parts:
            if part is not None and part.multi_moves:
                text += "." + part.level
        return text

    def all_moves(self) -> list[Move]:
        """Every move of the disassembly in order: this separation's, then the staying
        part's, then the removed part's."""
        out = list(self.moves)
        for part in self._parts:
            if part is not None:
                out += part.all_moves()
        return out

    @property
    def total_moves(self) -> int:
        return len(self.all_moves())


class TooManyPieces(PuzzleInputError):
    """More pieces than a move's bit mask holds (the CLI says it in one line)."""


def disassemble(
    pieces: Sequence[np.ndarray | Sequence[Sequence[int]]],
    *,
    weights: Sequence[int] | None = None,
    groups: Sequence[int] | None = None,
) -> Separation | None:
    """The disassembly of an assembly given as each piece's voxels (x, y, z), or None if
    it cannot be taken apart. `weights` (default 1): the heavier side of a move stays, as
    BurrTools' weights say (a frame that should not move). `groups` (0: none): a part whose
    pieces all share one group number is done without being taken apart (pieces meant to
    stay together)."""
    n = len(pieces)
    if n > MAX_PIECES:
        raise TooManyPieces(f"at most {MAX_PIECES} pieces can be taken apart, not {n}")
    if n < 2:
        return None  # BurrTools: nothing to take apart is no disassembly
    arrays = [np.asarray(p, dtype=np.int64).reshape(-1, 3) for p in pieces]
    voxels = np.concatenate(arrays)
    spans = voxel_spans(arrays)
    w = np.ones(n, dtype=np.int64) if weights is None else np.asarray(weights, dtype=np.int64)
    g = [0] * n if groups is None else [int(v) for v in groups]
    return _Solver(voxels, spans, w, g).separate(list(range(n)), np.zeros((n, 3), np.int64))


def voxel_spans(pieces: Sequence[np.ndarray]) -> Int64Array:
    """(n, 2): where each piece's voxels lie in the pieces' voxels concatenated."""
    lengths = np.array([len(p) for p in pieces], dtype=np.int64)
    ends = np.cumsum(lengths)
    return np.stack([ends - lengths, ends], axis=1)


class _Solver:
    def __init__(self, voxels: Int64Array, spans: Int64Array, weights: Int64Array,
                 groups: list[int]) -> None:  # fmt: skip
        self.voxels = voxels
        self.spans = spans  # piece i: voxels[spans[i, 0] : spans[i, 1]]
        self.weights = weights
        self.groups = groups
        self.lines = voxel_lines(voxels, spans)  # once per assembly, for every part

    def _done(self, ids: list[int]) -> bool:
        first = self.groups[ids[0]]
        return len(ids) == 1 or (first != 0 and all(self.groups[i] == first for i in ids))

    def separate(self, ids: list[int], start: Int64Array) -> Separation | None:
        """Breadth-first from `start` (offsets of the pieces `ids`) to the first position
        with a way out; then the two parts, recursively."""
        found = _bfs(self.voxels, self.spans[ids], self.weights[ids], start, self.lines)
        if found is None:
            return None
        path, last, row = found
        n = len(ids)
        mask = int(row[2])
        moves = [_move(ids, r) for r in path]
        moves.append(Move(tuple(ids[i] for i in range(n) if mask >> i & 1), int(row[0]), None))
        parts: list[Separation | None] = []
        for side in (0, 1):  # the staying pieces first, as BurrTools
            sub = [i for i in range(n) if (mask >> i & 1) == side]
            part_ids = [ids[i] for i in sub]
            if self._done(part_ids):
                parts.append(None)
                continue
            part = self.separate(part_ids, last[sub])
            if part is None:
                return None
            parts.append(part)
        return Separation(tuple(ids), tuple(moves), parts[0], parts[1])


def _move(ids: list[int], row: Int64Array) -> Move:
    mask = int(row[2])
    moving = tuple(ids[i] for i in range(len(ids)) if mask >> i & 1)
    return Move(moving, int(row[0]), int(row[1]))


def _bfs(voxels: Int64Array, spans: Int64Array, weights: Int64Array, start: Int64Array,
         lines: Int64Array) -> tuple[list[Int64Array], Int64Array, Int64Array] | None:  # fmt: skip
    """(moves from start, the position before the way out, the way out's row), or None
    when every reachable position is locked (bfs.search, compiled)."""
    found, path, last, row, _ = search(voxels, spans, weights, np.ascontiguousarray(start), lines)
    if not found:
        return None
    return list(path), last, row

"""Assemblies versus solutions, as `burrTxt -d` counts them: the packing search finds every
filling; an assembly is one filling and its images under the result's rotations (one class,
counted once); a solution is an assembly that the disassembler can take apart, with its
level. `puzzleviz solve cube --all --disassemble` reports them (keys `assemblies`,
`solutions`, `levels` of its JSON)."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers.cube.disassembly.search import Move, Separation, disassemble
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.solution import Solution
from puzzleviz.solvers.cube.space import Space
from puzzleviz.solvers.jsontext import RawJSON

if TYPE_CHECKING:
    from puzzleviz.solvers.cube.xmpuzzle import XmSource

_compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode


@dataclasses.dataclass(frozen=True)
class DisassemblyReport:
    """`assemblies` classes; per class that comes apart, in class order: its level, the
    index (into the search's solutions) of the filling taken apart, and its moves with the
    pieces' labels ("S3 #1")."""

    assemblies: int
    levels: tuple[str, ...]
    taken_apart: tuple[int, ...]
    seconds: float
    moves: tuple[tuple[Move, ...], ...] = ()
    labels: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The JSON keys (no time: the same run writes the same JSON): `disassemblies`
        holds each solution's filling index, level and moves (pieces by label; amount
        null for the move that takes them out)."""
        # each move pre-written on its line (Conway's 572 solutions have 9,724 moves: as
        # objects for the writer to indent, writing them took 0.4 s)
        plans = [
            {"filling": i, "level": level,
             "moves": [_move_json(m, names) for m in moves]}
            for i, level, moves, names in zip(self.taken_apart, self.levels, self.moves,
                                              self.labels, strict=True)
        ]  # fmt: skip
        return {"assemblies": self.assemblies, "solutions": len(self.levels),
                "levels": list(self.levels), "disassemblies": plans}  # fmt: skip

    def line(self) -> str:
        shown = ", ".join(self.levels[:10]) + (", ..." if len(self.levels) > 10 else "")
        levels = f"; level{'s' if len(self.levels) > 1 else ''} {shown}" if self.levels else ""
        return (f"disassembled: {self.assemblies:,} assemblies, {len(self.levels):,} "
                f"solution(s) that come apart{levels} ({self.seconds:.3f} s)")  # fmt: skip


def _move_json(move: Move, names: Sequence[str]) -> RawJSON:
    """`move.as_json()` with the pieces by label, as one line of JSON."""
    amount = "null" if move.amount is None else str(move.amount)
    pieces = _compact([names[p] for p in move.pieces])
    return RawJSON(f'{{"pieces": {pieces}, "axis": "{move.axis}", "direction": {move.sign}, '
                   f'"amount": {amount}}}')  # fmt: skip


def piece_traits(puzzle: CubePuzzle, source: XmSource | None) -> tuple[list[int], list[int]]:
    """Weight and group of each piece type, from the BurrTools file (1 and 0 without one)."""
    n = len(puzzle.types)
    weights, groups = [1] * n, [0] * n
    if source is None:
        return weights, groups
    from puzzleviz.solvers.cube.xmpuzzle import _problems  # lazy: --help

    shapes = source.root.find("shapes")
    voxels = [] if shapes is None else shapes.findall("voxel")
    problem = _problems(source.root)[source.problem]
    entries = {int(s.get("id", "-1")): s for s in problem.iter("shape")}
    for t, sid in enumerate(source.type_shape):
        if 0 <= sid < len(voxels):
            weights[t] = int(voxels[sid].get("weight", "1"))
        if sid in entries:
            groups[t] = int(entries[sid].get("group", "0"))
    return weights, groups


def take_apart(
    puzzle: CubePuzzle,
    solution: Solution,
    source: XmSource | None = None,
    traits: tuple[list[int], list[int]] | None = None,
    shapes: dict[tuple[int, int], np.ndarray] | None = None,
) -> tuple[Separation | None, tuple[str, ...]]:
    """The disassembly of one filling (its empty cells are no pieces), and the labels of
    the pieces its moves number. `traits`: piece_traits, when the caller has them;
    `shapes`: a cache of orientations' voxels the caller keeps across fillings."""
    weights, groups = traits or piece_traits(puzzle, source)
    # the empty cells left out before the pieces are built (Dracula's 84 assemblies have
    # hundreds each); instances are numbered within their type, so the labels stay
    real = [(t, pose) for t, pose in solution.pieces if not puzzle.types[t].is_hole]
    cells, labels = _pieces(puzzle, real, shapes if shapes is not None else {})
    sep = disassemble(cells, weights=[weights[t] for t, _ in real],
                      groups=[groups[t] for t, _ in real])  # fmt: skip
    return sep, labels


def _pieces(
    puzzle: CubePuzzle, pieces: list[tuple[int, int]], shapes: dict[tuple[int, int], np.ndarray]
) -> tuple[list[np.ndarray], tuple[str, ...]]:
    """Each piece's cells and label ("S3 #1", numbered within its type as
    solution.solution_pieces numbers them), with each orientation's voxels made into an
    array once (`shapes`, kept by the caller across fillings: Conway's 572 took 0.11 s as
    PlacedPieces)."""
    space = Space(puzzle.box, 0)
    used = [0] * len(puzzle.types)
    cells, labels = [], []
    for t, pose in pieces:
        orient, x, y, z = space.unpack_pose(pose)
        shape = shapes.get((t, orient))
        if shape is None:
            shape = shapes[t, orient] = np.asarray(puzzle.types[t].orientations[orient],
                                                   dtype=np.int64)  # fmt: skip
        cells.append(shape + np.array([x, y, z], dtype=np.int64))
        used[t] += 1
        labels.append(f"{puzzle.types[t].name} #{used[t]}")
    return cells, tuple(labels)


def disassemble_classes(
    puzzle: CubePuzzle,
    solutions: Sequence[Solution],
    class_of: np.ndarray | Sequence[int],
    source: XmSource | None = None,
) -> DisassemblyReport:
    """Take apart the first filling of each class (`class_of[i]`: the class of
    solutions[i])."""
    started = time.perf_counter()
    first: dict[int, int] = {}
    for i, c in enumerate(np.asarray(class_of).tolist()):
        first.setdefault(int(c), i)
    levels, taken, moves, labels = [], [], [], []
    traits = piece_traits(puzzle, source)
    shapes: dict[tuple[int, int], np.ndarray] = {}
    for c in sorted(first):
        sep, names = take_apart(puzzle, solutions[first[c]], traits=traits, shapes=shapes)
        if sep is not None:
            levels.append(sep.level)
            taken.append(first[c])
            moves.append(tuple(sep.all_moves()))
            labels.append(names)
    seconds = time.perf_counter() - started
    return DisassemblyReport(len(first), tuple(levels), tuple(taken), seconds, tuple(moves),
                             tuple(labels))  # fmt: skip

"""A disassembly as a sequence of whole-puzzle positions, ready to animate or to check.

The search's moves are relative: "these pieces slide 2 units up" (the rest stays), and a
move that takes pieces out has no amount. Here each move gets one: a part that comes out
slides until it is past every other piece along its way, plus a gap, so that every part
ends apart from every other, and the next parts' moves are played where their parts lie.
Each step holds every piece's offset from the assembly after the move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.cube.disassembly.kernels import DIRECTIONS
from puzzleviz.solvers.cube.disassembly.search import Move, Separation

GAP = 2  # empty units between a part that came out and the rest


@dataclasses.dataclass(frozen=True)
class Step:
    """One move, the units it slides (`amount`: the move's own, or how far a part that
    comes out is carried), and every piece's offset from the assembly after it."""

    move: Move
    amount: int
    offsets: np.ndarray  # (pieces, 3) int64
    separation: bool  # the move takes a part out


def _distance(cells: Sequence[np.ndarray], moving: Sequence[int], rest: Sequence[int],
              axis: int, sign: int) -> int:  # fmt: skip
    """Units that carry the `moving` pieces past every other piece along the axis, GAP
    units clear."""
    ahead = np.concatenate([cells[i][:, axis] for i in moving]) * sign
    behind = np.concatenate([cells[i][:, axis] for i in rest]) * sign
    return int(behind.max() - ahead.min()) + 1 + GAP


def plan(pieces: Sequence[np.ndarray | Sequence[Sequence[int]]], sep: Separation) -> list[Step]:
    """The steps of the whole disassembly in `Separation.all_moves` order."""
    voxels = [np.asarray(p, dtype=np.int64).reshape(-1, 3) for p in pieces]
    offsets = np.zeros((len(voxels), 3), dtype=np.int64)
    steps: list[Step] = []

    def play(node: Separation) -> None:
        for move in node.moves:
            vector = DIRECTIONS[move.direction]
            amount = move.amount
            if amount is None:
                cells = [voxels[i] + offsets[i] for i in range(len(voxels))]
                rest = [i for i in range(len(voxels)) if i not in move.pieces]
                amount = _distance(cells, move.pieces, rest, move.direction // 2, move.sign)
            for i in move.pieces:
                offsets[i] += amount * vector
            steps.append(Step(move, amount, offsets.copy(), move.amount is None))
        for part in (node.left, node.removed):
            if part is not None:
                play(part)

    play(sep)
    return steps

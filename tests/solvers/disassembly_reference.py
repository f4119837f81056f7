"""A plain-Python disassembler to check the real one against: breadth-first over positions
with every subset of pieces, every direction and every amount, one unit step at a time,
nothing shared with solvers.cube.disassembly (no movement matrix, no closures, no merges).

Slow (2^n subsets per position), meant for assemblies of a few pieces of a few voxels.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

Voxel = tuple[int, int, int]
Position = tuple[Voxel, ...]  # each piece's offset, piece 0 at (0, 0, 0)
STEPS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


def _cells(piece: frozenset[Voxel], off: Voxel) -> set[Voxel]:
    return {(x + off[0], y + off[1], z + off[2]) for x, y, z in piece}


def _free(pieces: Sequence[frozenset[Voxel]], pos: Position) -> bool:
    seen: set[Voxel] = set()
    for piece, off in zip(pieces, pos, strict=True):
        cells = _cells(piece, off)
        if seen & cells:
            return False
        seen |= cells
    return True


def _shift(pos: Position, moving: Sequence[int], step: Voxel, k: int) -> Position:
    out = [
        (x + k * step[0], y + k * step[1], z + k * step[2]) if i in moving else (x, y, z)
        for i, (x, y, z) in enumerate(pos)
    ]
    ox, oy, oz = out[0]
    return tuple((x - ox, y - oy, z - oz) for x, y, z in out)


def _span(pieces: Sequence[frozenset[Voxel]], pos: Position) -> int:
    cells = [c for p, o in zip(pieces, pos, strict=True) for c in _cells(p, o)]
    return max(max(c[a] for c in cells) - min(c[a] for c in cells) for a in range(3)) + 1


def slides(pieces: Sequence[frozenset[Voxel]], pos: Position, moving: Sequence[int],
           step: Voxel, k: int) -> bool:  # fmt: skip
    """True if the `moving` pieces slide k units along `step` without any overlap on the
    way (every unit position checked)."""
    return all(_free(pieces, _shift(pos, moving, step, t)) for t in range(1, k + 1))


def comes_out(pieces: Sequence[frozenset[Voxel]], pos: Position, moving: Sequence[int],
              step: Voxel) -> bool:  # fmt: skip
    """True if the `moving` pieces slide along `step` past everything else."""
    return slides(pieces, pos, moving, step, _span(pieces, pos) + 1)


def first_separations(
    pieces: Sequence[frozenset[Voxel]], start: Position
) -> tuple[int, list[tuple[Position, frozenset[int]]]] | None:
    """(moves to the first separation, counting the move out, and every (position, pieces
    that come out) at that distance), or None when no position lets any part out."""
    n = len(pieces)
    subsets = [s for r in range(1, n) for s in itertools.combinations(range(n), r)]
    ox, oy, oz = start[0]
    start = tuple((x - ox, y - oy, z - oz) for x, y, z in start)
    front, seen, depth = [start], {start}, 0
    while front:
        found = [
            (pos, frozenset(s))
            for pos in front
            for s in subsets
            for step in STEPS
            if comes_out(pieces, pos, s, step)
        ]
        if found:
            return depth + 1, found
        nxt = []
        for pos in front:
            for s in subsets:
                for step in STEPS:
                    k = 1
                    while slides(pieces, pos, s, step, k):
                        child = _shift(pos, s, step, k)
                        if child not in seen:
                            seen.add(child)
                            nxt.append(child)
                        k += 1
        front, depth = nxt, depth + 1
    return None

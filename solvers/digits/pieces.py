"""Pieces: shapes made of block triangles, their orientations, and reading them from JSON.

A piece is given once (the post's "tate v0", upright) and turned and flipped here: all eight
symmetries of the square grid, keeping each distinct shape once. Orientation numbers are
positions in that deduplicated list, so they are small and stable; `Orientation.symmetry`
says which of the eight symmetries made it (see geometry.symmetry_matrix), which is what a
scene needs to animate the turn and the flip.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from puzzleviz.solvers.digits.geometry import (
    SIDE_NAMES,
    SIDE_OF_NAME,
    Cell,
    edge_neighbours,
    normalized,
    symmetry_matrix,
    transform_cells,
)
from puzzleviz.solvers.errors import PuzzleInputError

MAX_SIDE = 64  # blocks along each side of a frame or a piece (puzzle.MAX_FRAME_BLOCKS)


@dataclasses.dataclass(frozen=True)
class Orientation:
    """One distinct way a piece can lie: its cells (block grid, normalised to x, y >= 0)
    and the symmetry that makes them from the base shape: oriented = M @ base + shift."""

    symmetry: int  # 0..7 = 4 * flip + clockwise quarter turns
    cells: tuple[Cell, ...]
    shift: tuple[int, int]  # in squares of the grid, applied after the symmetry
    # Where the block lattice sits in this orientation's grid: 0 on the block grid; on the
    # unit grid, 1 when the refined shape's first column (row) of unit squares is empty and
    # was cut off, so the piece's blocks start at odd unit coordinates.
    phase: tuple[int, int] = (0, 0)

    @property
    def width(self) -> int:
        return 1 + max(c[0] for c in self.cells)

    @property
    def height(self) -> int:
        return 1 + max(c[1] for c in self.cells)


@dataclasses.dataclass(frozen=True)
class Piece:
    label: str
    cells: tuple[Cell, ...]  # the base shape, block grid

    @property
    def area(self) -> int:
        """In triangles of a block, i.e. in unit squares of the picture."""
        return len(self.cells)

    def orientations(self) -> tuple[Orientation, ...]:
        return _orientations(self.cells)


_ORIENTATION_CACHE: dict[tuple[Cell, ...], tuple[Orientation, ...]] = {}


def _orientations(cells: tuple[Cell, ...]) -> tuple[Orientation, ...]:
    cached = _ORIENTATION_CACHE.get(cells)
    if cached is None:
        seen: set[tuple[Cell, ...]] = set()
        found = []
        for symmetry in range(8):
            shape, dx, dy = normalized(transform_cells(cells, symmetry))
            if shape not in seen:
                seen.add(shape)
                found.append(Orientation(symmetry, shape, (dx, dy)))
        cached = _ORIENTATION_CACHE[cells] = tuple(found)
    return cached


def affine_of(orientation: Orientation) -> tuple[tuple[int, int, int, int], tuple[int, int]]:
    """The map base -> oriented on POINTS in block units: p' = M p + shift.

    Cells move with their points, so a scene can tween a piece's polygons from the base
    shape (in a tray) to the placed shape by interpolating this map.
    """
    return symmetry_matrix(orientation.symmetry), orientation.shift


def congruent(a: Piece, b: Piece) -> bool:
    """Same shape once turned or flipped (the 2 and the 5; the 6 and the 9)."""
    return {o.cells for o in a.orientations()} == {o.cells for o in b.orientations()}


def cells_from_rows_hex(rows: Sequence[str]) -> tuple[Cell, ...]:
    """The post's encoding: one hex nibble per block, bits 1=L 2=B 4=R 8=T, rows top down.
    Measured before it is built: no frame or piece is more than MAX_SIDE blocks a side."""
    if not isinstance(rows, list | tuple):
        raise PuzzleInputError(f"rows_hex must be a list of rows of hex digits, not {rows!r:.40}")
    widest = max((len(str(row)) for row in rows), default=0)
    if len(rows) > MAX_SIDE or widest > MAX_SIDE:
        raise PuzzleInputError(
            f"rows_hex of {widest} x {len(rows)} blocks: each side must be 1..{MAX_SIDE}"
        )
    cells: list[Cell] = []
    for y, row in enumerate(rows):
        for x, char in enumerate(str(row)):
            try:
                nibble = int(char, 16)
            except ValueError:
                raise PuzzleInputError(f"{char!r} in row {row!r} is not a hex digit") from None
            cells.extend((x, y, side) for side in range(4) if nibble >> side & 1)
    return tuple(sorted(cells))


def cells_from_triangles(triangles: Sequence[Any]) -> tuple[Cell, ...]:
    if not isinstance(triangles, list | tuple):
        raise PuzzleInputError(f"triangles must be a list of [x, y, side], not {triangles!r:.40}")
    cells = set()
    for item in triangles:
        try:
            x, y, side = item
            cell = (int(x), int(y), SIDE_OF_NAME[str(side).upper()])
        except (KeyError, TypeError, ValueError):
            raise PuzzleInputError(
                f"triangle {item!r:.60} is not [x, y, side] with side one of L, B, R, T"
            ) from None
        cells.add(cell)
    for axis in (0, 1):
        span = max((c[axis] for c in cells), default=0) - min((c[axis] for c in cells), default=0)
        if span >= MAX_SIDE:
            raise PuzzleInputError(
                f"triangles {span + 1} blocks apart: a piece spans at most {MAX_SIDE} blocks"
            )
    return tuple(sorted(cells))


def rows_hex_of(cells: Sequence[Cell]) -> list[str]:
    """The inverse of cells_from_rows_hex (for definitions stored in trace headers)."""
    width = 1 + max(c[0] for c in cells)
    height = 1 + max(c[1] for c in cells)
    nibbles = [[0] * width for _ in range(height)]
    for x, y, side in cells:
        nibbles[y][x] |= 1 << side
    return ["".join(f"{n:x}" for n in row) for row in nibbles]


def shape_from_spec(label: str, spec: Any) -> tuple[Cell, ...]:
    """A piece from {"rows_hex": [...]} or {"triangles": [...]}, or the shipped per-variant
    form {"T0": {...}, ...} (the upright variant T0 is the base shape)."""
    if isinstance(spec, Mapping) and "T0" in spec:
        spec = spec["T0"]
    if isinstance(spec, Mapping) and "rows_hex" in spec:
        cells = cells_from_rows_hex(spec["rows_hex"])
    elif isinstance(spec, Mapping) and "triangles" in spec:
        cells = cells_from_triangles(spec["triangles"])
    elif isinstance(spec, list) and all(isinstance(r, str) for r in spec):
        cells = cells_from_rows_hex(spec)
    else:
        raise PuzzleInputError(
            f"piece {label!r}: give its shape as rows_hex (hex nibbles per block) or triangles"
        )
    if not cells:
        raise PuzzleInputError(f"piece {label!r} has no triangles")
    shape, _, _ = normalized(cells)
    if not edge_connected(shape):
        raise PuzzleInputError(f"piece {label!r} falls apart: its triangles must join edge to edge")
    return shape


def edge_connected(cells: Sequence[Cell]) -> bool:
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        for n in edge_neighbours(stack.pop()):
            if n in todo:
                todo.remove(n)
                stack.append(n)
    return not todo


def triangles_json(cells: Sequence[Cell]) -> list[list[Any]]:
    return [[x, y, SIDE_NAMES[s]] for x, y, s in cells]

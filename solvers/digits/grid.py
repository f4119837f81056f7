"""The puzzle laid on a grid of triangle cells, and the three search granularities.

- "mesh":  the post's search. Block grid (396 cells in the 9 x 11 frame), pieces at even
           block offsets only, so every piece's chamfers interlock with its neighbours'.
- "block": block grid, every block offset.
- "half":  pieces may move by one grid square of the picture (half a block). A block triangle
           shifted by half a block no longer lines up with the block triangles, so this
           granularity works on the unit-square grid: each unit square cut by both diagonals
           (1584 quarter triangles in the frame); a block triangle is four of them.

Cells are numbered `4 * (y * width + x) + side` over the frame's bounding box, so a
translation by (dx, dy) squares adds `4 * (dy * width + dx)` to every index.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property

import numpy as np
from puzzleviz.solvers.digits.arrays import FrameMask
from puzzleviz.solvers.digits.geometry import Cell, normalized, refine_to_unit_squares
from puzzleviz.solvers.digits.pieces import Orientation
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.errors import PuzzleInputError

GRANULARITIES = ("mesh", "block", "half")
RESOLUTIONS = ("block", "unit")


def resolution_of(granularity: str) -> str:
    return "unit" if granularity == "half" else "block"


def check_granularity(granularity: str) -> None:
    if granularity not in GRANULARITIES:
        raise PuzzleInputError(
            f"unknown granularity {granularity!r} (choose {', '.join(GRANULARITIES)})"
        )


def step_in_blocks(granularity: str) -> float:
    """Pieces move by multiples of this many blocks."""
    check_granularity(granularity)
    return {"mesh": 2.0, "block": 1.0, "half": 0.5}[granularity]


@dataclasses.dataclass(frozen=True, eq=False)
class Grid:
    """`puzzle` on the block grid (squares_per_block 1) or the unit grid (2)."""

    puzzle: DigitsPuzzle
    resolution: str = "block"

    def __post_init__(self) -> None:
        if self.resolution not in RESOLUTIONS:
            raise PuzzleInputError(f"unknown grid {self.resolution!r} (block or unit)")

    @property
    def squares_per_block(self) -> int:
        return 2 if self.resolution == "unit" else 1

    @property
    def square_size(self) -> float:
        """The side of one grid square in block units (for drawing)."""
        return 1.0 / self.squares_per_block

    @cached_property
    def width(self) -> int:
        return self.puzzle.width * self.squares_per_block

    @cached_property
    def height(self) -> int:
        return self.puzzle.height * self.squares_per_block

    @property
    def n_cells(self) -> int:
        return 4 * self.width * self.height

    def index(self, cell: Cell) -> int:
        x, y, side = cell
        return 4 * (y * self.width + x) + side

    def cell(self, index: int) -> Cell:
        square, side = divmod(int(index), 4)
        y, x = divmod(square, self.width)
        return (x, y, side)

    def refine(self, block_cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
        if self.resolution == "block":
            return tuple(block_cells)
        return tuple(refine_to_unit_squares(block_cells))

    @cached_property
    def frame_cells(self) -> tuple[Cell, ...]:
        return self.refine(self.puzzle.frame)

    @cached_property
    def frame_mask(self) -> FrameMask:
        mask = np.zeros(self.n_cells, dtype=bool)
        mask[[self.index(c) for c in self.frame_cells]] = True
        return mask

    @cached_property
    def orientations(self) -> tuple[tuple[Orientation, ...], ...]:
        """Per piece, its distinct orientations with cells on THIS grid."""
        out = []
        for piece in self.puzzle.pieces:
            mine = []
            for o in piece.orientations():
                # A refined shape can start later than its blocks did (the 3's left column
                # holds only R triangles, i.e. only the right half of each block).
                cells, dx, dy = normalized(self.refine(o.cells))
                k = self.squares_per_block
                shift = (k * o.shift[0] + dx, k * o.shift[1] + dy)
                mine.append(dataclasses.replace(o, cells=cells, shift=shift, phase=(-dx, -dy)))
            out.append(tuple(mine))
        return tuple(out)

    def placement_cells(self, piece: int, orientation: int, x: int, y: int) -> tuple[Cell, ...]:
        """The cells of a piece placed with its orientation's bounding box corner at (x, y)."""
        try:
            shape = self.orientations[piece][orientation].cells
        except IndexError:
            raise PuzzleInputError(
                f"piece {piece} has no orientation {orientation} on this grid"
            ) from None
        return tuple((cx + x, cy + y, s) for cx, cy, s in shape)

    @cached_property
    def neighbour_table(self) -> np.ndarray:
        """(n_cells, 3) int32: the edge neighbours of each cell inside the frame, or -1."""
        table = np.full((self.n_cells, 3), -1, dtype=np.int32)
        mask = self.frame_mask
        w, h = self.width, self.height
        for index in np.flatnonzero(mask).tolist():
            x, y, side = self.cell(index)
            beyond = {0: (x - 1, y, 2), 1: (x, y + 1, 3), 2: (x + 1, y, 0), 3: (x, y - 1, 1)}
            neighbours = [(x, y, (side + 1) % 4), (x, y, (side + 3) % 4), beyond[side]]
            for k, (nx, ny, ns) in enumerate(neighbours):
                if 0 <= nx < w and 0 <= ny < h:
                    j = self.index((nx, ny, ns))
                    if mask[j]:
                        table[index, k] = j
        return table

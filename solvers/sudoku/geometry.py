"""The shape of a sudoku of box size b (b = 2, 3, 4: 4x4, 9x9, 16x16 grids) and its names.

Cells are numbered row by row: cell = row * n + col, with n = b * b digits. Houses ("rooms"
in the seed) are numbered rows 0..n-1, columns n..2n-1, boxes 2n..3n-1, so one int names any
house in a trace or a step. Every solver kernel gets these tables instead of computing
coordinates, which keeps the numba code general for all three sizes.

Names follow the seed (column letter + row number: A1 .. I9; a box by its corners: "G1I3")
or, as an option, the r1c1 style used by HoDoKu and most forums ("r1c1", "b3").
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int32Array

SIZES = {16: 2, 81: 3, 256: 4}  # number of cells -> box size
DIGIT_CHARS = "123456789ABCDEFG"
NAME_STYLES = ("a1", "r1c1")


class Geo(NamedTuple):
    """The geometry tables a numba kernel needs (a NamedTuple numba can take as argument)."""

    b: int
    n: int
    ncell: int
    row: Int32Array  # (ncell,)
    col: Int32Array  # (ncell,)
    box: Int32Array  # (ncell,)
    house_cells: Int32Array  # (3n, n): cells of each house, in reading order
    cell_houses: Int32Array  # (ncell, 3): row, column and box house of each cell
    peers: Int32Array  # (ncell, npeer): the other cells that share a house


@functools.cache
def names(b: int, style: str = "a1") -> Names:
    """Shared, immutable name tables (building one costs a few hundred microseconds)."""
    return Names(b, style)


@functools.cache
def geometry(b: int) -> Geo:
    if b not in (2, 3, 4):
        raise ValueError(f"box size must be 2, 3 or 4, not {b}")
    n = b * b
    ncell = n * n
    cells = np.arange(ncell, dtype=np.int32)
    row, col = cells // n, cells % n
    box = (row // b) * b + col // b
    house_cells = np.zeros((3 * n, n), dtype=np.int32)
    for i in range(n):
        house_cells[i] = i * n + np.arange(n)
        house_cells[n + i] = np.arange(n) * n + i
        r0, c0 = (i // b) * b, (i % b) * b
        house_cells[2 * n + i] = [(r0 + k // b) * n + c0 + k % b for k in range(n)]
    cell_houses = np.stack([row, n + col, 2 * n + box], axis=1).astype(np.int32)
    sees = (row[:, None] == row[None, :]) | (col[:, None] == col[None, :])
    sees |= box[:, None] == box[None, :]
    np.fill_diagonal(sees, False)
    peers = np.array([np.flatnonzero(s) for s in sees], dtype=np.int32)
    tables = [row, col, box, house_cells, cell_houses, peers]
    for t in tables:
        t.setflags(write=False)
    return Geo(b, n, ncell, *(np.ascontiguousarray(t, dtype=np.int32) for t in tables))


def digit_char(d: int) -> str:
    return DIGIT_CHARS[d - 1] if d > 0 else "."


class Names:
    """Cell, house and digit names for captions, in one of two styles."""

    def __init__(self, b: int, style: str = "a1"):
        if style not in NAME_STYLES:
            raise ValueError(f"unknown name style {style!r} (use one of {', '.join(NAME_STYLES)})")
        self.b, self.n, self.style = b, b * b, style
        self._cells = [self._cell_name(c) for c in range(self.n**4)]

    def _cell_name(self, cell: int) -> str:
        r, c = divmod(cell, self.n)
        if self.style == "r1c1":
            return f"r{r + 1}c{c + 1}"
        return f"{chr(ord('A') + c)}{r + 1}"

    def cell(self, cell: int) -> str:
        return self._cells[cell]

    def cells(self, cells: Iterable[int]) -> str:
        return ", ".join(self.cell(c) for c in cells)

    def house(self, house: int) -> str:
        """'row 3', 'column F' / 'column 6', 'box G1I3' / 'box 3'."""
        n, b = self.n, self.b
        kind, i = divmod(int(house), n)
        if kind == 0:
            return f"row {i + 1}"
        if kind == 1:
            return f"column {i + 1}" if self.style == "r1c1" else f"column {chr(ord('A') + i)}"
        if self.style == "r1c1":
            return f"box {i + 1}"
        r0, c0 = (i // b) * b, (i % b) * b
        first, last = r0 * n + c0, (r0 + b - 1) * n + c0 + b - 1
        return f"box {self.cell(first)}{self.cell(last)}"


def mask_digits(mask: int) -> list[int]:
    """Digits (1-based) whose bits are set in a candidate mask."""
    return [d + 1 for d in range(16) if mask >> d & 1]

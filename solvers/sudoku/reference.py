"""A pure-Python reference, written from the rules alone for the tests: a sudoku's solutions
by plain backtracking (fine for 4x4 and most 9x9; the fast brute force is bruteforce.py).

A grid is a list of n*n ints, 0 for an empty cell, filled row by row; box size b, n = b*b.
"""

from __future__ import annotations

import math


def candidates(grid: list[int], cell: int) -> set[int]:
    """The digits that no peer of `cell` (its row, column and box) holds."""
    n = math.isqrt(len(grid))
    b = math.isqrt(n)
    r, c = divmod(cell, n)
    seen = {grid[r * n + k] for k in range(n)} | {grid[k * n + c] for k in range(n)}
    top, left = r - r % b, c - c % b
    seen |= {grid[(top + i) * n + left + j] for i in range(b) for j in range(b)}
    return set(range(1, n + 1)) - seen


def solutions(grid: list[int], limit: int = 2) -> list[list[int]]:
    """Up to `limit` solutions, filling the empty cell with the fewest candidates first."""
    found: list[list[int]] = []
    work = list(grid)

    def fill() -> None:
        empty = [i for i, v in enumerate(work) if v == 0]
        if not empty:
            found.append(list(work))
            return
        cell = min(empty, key=lambda i: len(candidates(work, i)))
        for digit in sorted(candidates(work, cell)):
            work[cell] = digit
            fill()
            if len(found) >= limit:
                return
        work[cell] = 0

    fill()
    return found

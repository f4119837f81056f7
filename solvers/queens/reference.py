"""A plain-Python N-queens search, for tests: slow, obviously right, no bitmasks.

Row by row, a queen goes on every column that no queen above shares, nor a diagonal
(row - col or row + col); the solutions come out in the order the kernels give them.
"""

from __future__ import annotations

from collections.abc import Iterator


def solutions(n: int) -> Iterator[tuple[int, ...]]:
    """Every solution of the n x n board, as the column of each row's queen, in order."""

    def place(queens: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        row = len(queens)
        if row == n:
            yield queens
            return
        for col in range(n):
            if all(c != col and abs(c - col) != row - r for r, c in enumerate(queens)):
                yield from place((*queens, col))

    return place(())


def count(n: int) -> int:
    return sum(1 for _ in solutions(n))

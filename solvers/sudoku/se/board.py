"""Sudoku Explainer's 9x9 grid: its regions and the order it visits them in.

SE scans regions by type (blocks, then columns, then rows for most rules) and within a type
by number; a block's cells run row by row. Which hint SE finds first depends on that order,
so the tables here keep it. A cell is y * 9 + x; a candidate set is a 9-bit mask (bit v-1
for value v), as in our own engine.
"""

from __future__ import annotations

BLOCK, COLUMN, ROW = 0, 1, 2


def _block(i: int) -> tuple[int, ...]:
    top, left = 3 * (i // 3), 3 * (i % 3)
    return tuple((top + j // 3) * 9 + left + j % 3 for j in range(9))


# REGIONS[kind][i]: the cells of region i of that kind, in SE's order
REGIONS: tuple[tuple[tuple[int, ...], ...], ...] = (
    tuple(_block(i) for i in range(9)),
    tuple(tuple(y * 9 + x for y in range(9)) for x in range(9)),
    tuple(tuple(y * 9 + x for x in range(9)) for y in range(9)),
)
REGION_SETS = tuple(tuple(frozenset(cells) for cells in kind) for kind in REGIONS)


def block_of(cell: int) -> int:
    return (cell // 27) * 3 + (cell % 9) // 3


def region_of(kind: int, cell: int) -> int:
    """The number of the region of `kind` holding `cell`."""
    return block_of(cell) if kind == BLOCK else (cell % 9 if kind == COLUMN else cell // 9)


# PEERS[c]: the cells sharing a block, row or column with c (c itself excluded)
PEERS: tuple[frozenset[int], ...] = tuple(
    frozenset(REGIONS[BLOCK][block_of(c)] + REGIONS[COLUMN][c % 9] + REGIONS[ROW][c // 9]) - {c}
    for c in range(81)
)


def crosses(kind1: int, i1: int, kind2: int, i2: int) -> bool:
    return bool(REGION_SETS[kind1][i1] & REGION_SETS[kind2][i2])


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def bits(mask: int) -> list[int]:
    """The set bits of `mask`, lowest first."""
    return [k for k in range(mask.bit_length()) if mask >> k & 1]

"""Sudoku Explainer's simple rules, each as SE looks for it, returning SE's first hint.

Written from SE 1.2.1's rules (diuf.sudoku.solver.rules: HiddenSingle, Locking, HiddenSet,
NakedSingle, NakedSet, Fisherman, XYWing), keeping what decides the rating: the order in
which regions, values and tuples are tried, and SE's own limits, some of which look like
slips but are what SE rates by (a naked set is looked for only in a region with at least
twice as many empty cells as its size, a hidden set only with more than that, a fish only
for a value placed at most 9 - 2 * size times, and no member of a set may be a single).
The "direct" rules are SE's: a pointing, claiming or hidden set that is only counted when it
leaves a hidden single, and whose hint places that single and removes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from itertools import combinations

from puzzleviz.solvers.sudoku.se.board import (
    BLOCK,
    COLUMN,
    PEERS,
    REGION_SETS,
    REGIONS,
    ROW,
    crosses,
    popcount,
)

ALL_VALUES = range(1, 10)


@dataclasses.dataclass(frozen=True)
class Hint:
    """One of SE's hints: its weight, and what applying it does to the grid."""

    difficulty: float
    rule: str
    place: tuple[int, int] | None = None  # (cell, value)
    remove: tuple[tuple[int, int], ...] = ()  # (cell, mask of values)


class Board:
    """Values and candidate masks of SE's grid, as Python lists (the rules are small
    loops; lists are the fastest thing Python has for them)."""

    def __init__(self, values: list[int], cand: list[int]):
        self.values = values
        self.cand = cand

    def empty_count(self, kind: int, i: int) -> int:
        return sum(1 for c in REGIONS[kind][i] if self.values[c] == 0)

    def positions(self, kind: int, i: int, value: int) -> int:
        """A mask of the indexes (0..8) in region i of `kind` where `value` may go."""
        bit, cand, out = 1 << (value - 1), self.cand, 0
        for j, c in enumerate(REGIONS[kind][i]):
            if cand[c] & bit:
                out |= 1 << j
        return out

    def apply(self, hint: Hint) -> None:
        for cell, mask in hint.remove:
            self.cand[cell] &= ~mask
        if hint.place is not None:
            cell, value = hint.place
            self.values[cell] = value
            self.cand[cell] = 0
            bit = ~(1 << (value - 1))
            for other in PEERS[cell]:
                self.cand[other] &= bit


def _cells_at(kind: int, i: int, mask: int) -> list[int]:
    cells = REGIONS[kind][i]
    return [cells[j] for j in range(9) if mask >> j & 1]


def hidden_single(board: Board) -> Hint | None:
    """Last empty cells first (1.0), then hidden singles in blocks (1.2), columns and
    rows (1.5)."""
    for alone in (True, False):
        for kind in (BLOCK, COLUMN, ROW):
            for i in range(9):
                is_alone = board.empty_count(kind, i) == 1
                if is_alone != alone:
                    continue
                for value in ALL_VALUES:
                    pos = board.positions(kind, i, value)
                    if popcount(pos) == 1:
                        (cell,) = _cells_at(kind, i, pos)
                        weight = 1.0 if alone else (1.2 if kind == BLOCK else 1.5)
                        return Hint(weight, "hidden_single", (cell, value))
    return None


def naked_single(board: Board) -> Hint | None:
    for cell in range(81):
        mask = board.cand[cell]
        if mask and mask & (mask - 1) == 0:
            return Hint(2.3, "naked_single", (cell, mask.bit_length()))
    return None


LOCKING_PAIRS = ((BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK))


def _locked(board: Board) -> list[tuple[int, int, int, int, int]]:
    """Every (kind1, i1, kind2, i2, value) whose places in region 1 all lie in region 2, in
    SE's order (pointing first, then claiming)."""
    out = []
    for kind1, kind2 in LOCKING_PAIRS:
        for i1 in range(9):
            for i2 in range(9):
                if not crosses(kind1, i1, kind2, i2):
                    continue
                inside = REGION_SETS[kind2][i2]
                for value in ALL_VALUES:
                    pos = board.positions(kind1, i1, value)
                    if popcount(pos) > 1 and all(c in inside for c in _cells_at(kind1, i1, pos)):
                        out.append((kind1, i1, kind2, i2, value))
    return out


def direct_locking(board: Board) -> Hint | None:
    """A pointing (1.7) or claiming (1.9) counted only when it leaves a hidden single in
    another region of the first region's kind."""
    for kind1, i1, kind2, i2, value in _locked(board):
        inside = REGION_SETS[kind2][i2]
        for i3 in range(9):
            if i3 == i1 or not crosses(kind1, i3, kind2, i2):
                continue
            pos = board.positions(kind1, i3, value)
            if popcount(pos) > 1:
                left = [c for c in _cells_at(kind1, i3, pos) if c not in inside]
                if len(left) == 1:
                    weight = 1.7 if kind1 == BLOCK else 1.9
                    return Hint(weight, "direct_locking", (left[0], value))
    return None


def locking(board: Board) -> Hint | None:
    """Pointing (2.6) and claiming (2.8)."""
    for kind1, i1, kind2, i2, value in _locked(board):
        bit = 1 << (value - 1)
        own = REGION_SETS[kind1][i1]
        gone = tuple((c, bit) for c in REGIONS[kind2][i2] if c not in own and board.cand[c] & bit)
        if gone:
            return Hint(2.6 if kind1 == BLOCK else 2.8, "locking", remove=gone)
    return None


def _common_tuple(masks: list[int], degree: int) -> int:
    """SE's CommonTuples.searchCommonTuple: the union of `masks` if it has `degree` members
    and none of the masks has fewer than two; else 0."""
    union = 0
    for mask in masks:
        if popcount(mask) <= 1:
            return 0
        union |= mask
    return union if popcount(union) == degree else 0


def _hidden_sets(
    board: Board, degree: int, direct: bool
) -> Iterator[tuple[int, int, tuple[int, ...], int]]:
    for kind in (BLOCK, COLUMN, ROW):
        for i in range(9):
            empty = board.empty_count(kind, i)
            if not (empty > 2 * degree or (direct and empty > degree)):
                continue
            for values in combinations(ALL_VALUES, degree):
                union = _common_tuple([board.positions(kind, i, v) for v in values], degree)
                if union:
                    yield kind, i, values, union


HIDDEN_WEIGHT = {2: 3.4, 3: 4.0, 4: 5.4}
DIRECT_HIDDEN_WEIGHT = {2: 2.0, 3: 2.5}
NAKED_WEIGHT = {2: 3.0, 3: 3.6, 4: 5.0}
FISH_WEIGHT = {2: 3.2, 3: 3.8, 4: 5.2}


def direct_hidden_set(degree: int) -> Callable[[Board], Hint | None]:
    def rule(board: Board) -> Hint | None:
        for kind, i, values, union in _hidden_sets(board, degree, True):
            for value in ALL_VALUES:
                if value in values:
                    continue
                pos = board.positions(kind, i, value)
                if popcount(pos) > 1 and popcount(pos & ~union) == 1:
                    (cell,) = _cells_at(kind, i, pos & ~union)
                    return Hint(DIRECT_HIDDEN_WEIGHT[degree], "direct_hidden_set", (cell, value))
        return None

    return rule


def hidden_set(degree: int) -> Callable[[Board], Hint | None]:
    def rule(board: Board) -> Hint | None:
        for kind, i, values, union in _hidden_sets(board, degree, False):
            keep = sum(1 << (v - 1) for v in values)
            gone = tuple((c, board.cand[c] & ~keep) for c in _cells_at(kind, i, union)
                         if board.cand[c] & ~keep)  # fmt: skip
            if gone:
                return Hint(HIDDEN_WEIGHT[degree], "hidden_set", remove=gone)
        return None

    return rule


def naked_set(degree: int) -> Callable[[Board], Hint | None]:
    def rule(board: Board) -> Hint | None:
        for kind in (BLOCK, COLUMN, ROW):
            for i in range(9):
                if board.empty_count(kind, i) < 2 * degree:
                    continue
                cells = REGIONS[kind][i]
                for picked in combinations(cells, degree):
                    union = _common_tuple([board.cand[c] for c in picked], degree)
                    if not union:
                        continue
                    gone = tuple((c, board.cand[c] & union) for c in cells
                                 if c not in picked and board.cand[c] & union)  # fmt: skip
                    if gone:
                        return Hint(NAKED_WEIGHT[degree], "naked_set", remove=gone)
        return None

    return rule


def fish(degree: int) -> Callable[[Board], Hint | None]:
    """X-Wing, Swordfish, Jellyfish: base lines columns first, then rows."""

    def rule(board: Board) -> Hint | None:
        placed = [0] * 10
        for v in board.values:
            placed[v] += 1
        for base, cover in ((COLUMN, ROW), (ROW, COLUMN)):
            for lines in combinations(range(9), degree):
                line_mask = sum(1 << k for k in lines)
                for value in ALL_VALUES:
                    if placed[value] + degree * 2 > 9:
                        continue
                    union = _common_tuple([board.positions(base, k, value) for k in lines], degree)
                    if not union:
                        continue
                    bit = 1 << (value - 1)
                    gone = []
                    for j in range(9):
                        if union >> j & 1:
                            extra = board.positions(cover, j, value) & ~line_mask
                            gone += [(c, bit) for c in _cells_at(cover, j, extra)]
                    if gone:
                        return Hint(FISH_WEIGHT[degree], "fish", remove=tuple(gone))
        return None

    return rule


def xy_wing(xyz: bool) -> Callable[[Board], Hint | None]:
    """XY-Wing (4.2) and XYZ-Wing (4.4), pivot cells in row order."""
    size = 3 if xyz else 2

    def rule(board: Board) -> Hint | None:
        cand = board.cand
        for pivot in range(81):
            xy = cand[pivot]
            if popcount(xy) != size:
                continue
            wings = [c for c in sorted(PEERS[pivot]) if popcount(cand[c]) == 2]
            for xz in wings:
                if popcount(xy & ~cand[xz]) != 1:
                    continue
                for yz in wings:
                    a, b = cand[xz], cand[yz]
                    union, inter = xy | a | b, xy & a & b
                    if popcount(union) != 3 or popcount(inter) != (1 if xyz else 0):
                        continue
                    z = a & b & -(a & b)  # SE takes the lowest common value
                    victims = PEERS[xz] & PEERS[yz]
                    if xyz:
                        victims &= PEERS[pivot]
                    gone = tuple((c, z) for c in sorted(victims - {pivot, xz, yz}) if cand[c] & z)
                    if gone:
                        return Hint(4.4 if xyz else 4.2, "xy_wing", remove=gone)
        return None

    return rule

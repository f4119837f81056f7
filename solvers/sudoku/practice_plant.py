"""Planted candidates: practice puzzles for the techniques random puzzles almost never need.

Why. A Hidden Quad is found only in a house whose nine cells are all still open when every
easier technique has stalled: in a house with k open cells a hidden quad is the complement
of a naked (k - 4)-set, which the solver finds first unless k = 9. A Naked Quad likewise
needs eight or nine open cells. Random minimal puzzles come there about once in 5,000
(measured: 4 in 5,498 puzzles with an empty box, none in 5,976 without one, and none of
those finished by the techniques up to the quad), so filtering them finds nothing in a
minute.

The method plants the pattern instead. Take a random solution grid and leave one box
empty (nothing of it given, nothing of it added back by the steering). For a Hidden Quad,
choose a 2x2 corner of the box and rule its four digits out of the box's five other
cells: each (cell, digit) by a clue of that digit in the cell's row or column outside the
box, as few clues as cover them all, kept. The other clues outside the box are removed in
random order while the solution stays unique. The result is a candidate like any other:
the solver's path and HoDoKu's order decide whether it practises the technique; the plant
only makes that likely. Measured (30 s each, with practice's steering): Hidden Quad 7
puzzles from 4,717 planted candidates, none from random ones; Naked Quad 3 from 5,554 with
the empty box alone (ruling the other five digits out of a corner crowded them into the
box's third row, where hidden pairs and triples came first: 0 in 4,911). A Jellyfish
needs its digit nearly unplaced (_absent_digit): with the digit never given, 3 puzzles in
10-42 s on three seeds, against 1-3 in 60 s from random candidates.

Not planted: the patterns whose candidates clues cannot make. A Unique Rectangle Type 5
needs the extra digit c kept in both diagonal corners p and q and ruled out of the two
others, but every clue of c that sees a bivalue corner sees p or q too (the rectangle's
rows, columns and boxes are shared), so only logic can take it out there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np
from puzzleviz.solvers.sudoku.arrays import Grid
from puzzleviz.solvers.sudoku.bruteforce import random_grid
from puzzleviz.solvers.sudoku.generate import remove_clues
from puzzleviz.solvers.sudoku.parse import Puzzle

N = 9  # planting is for the classic 9x9 grid, as practice is


@dataclasses.dataclass(frozen=True)
class Plant:
    """Where a pattern lies in a solution grid: cells left open (never given, never
    steered into) and clues that make it (never removed)."""

    open_cells: frozenset[int]
    keep: frozenset[int]


def _box(index: int) -> list[int]:
    r0, c0 = 3 * (index // 3), 3 * (index % 3)
    return [(r0 + i) * N + c0 + j for i in range(3) for j in range(3)]


def _sees(a: int, b: int) -> bool:
    """Whether cells a and b share a row, a column or a box."""
    (ra, ca), (rb, cb) = divmod(a, N), divmod(b, N)
    return ra == rb or ca == cb or (ra // 3 == rb // 3 and ca // 3 == cb // 3)


def _ruling_out(
    grid: Grid, pairs: list[tuple[int, int]], shut: set[int], rng: np.random.Generator
) -> set[int]:
    """Few clues, none in `shut`, that rule each (cell, digit) of `pairs` out: a clue of
    that digit in the cell's row, column or box. Chosen greedily, the clue that rules out
    the most pairs first (ties at random): the fewer clues the plant keeps, the less the
    puzzle's easy steps fill the pattern's cells before it is needed (measured: covering
    each pair by its own random clue gave a quad a fifth as often). Every pair must have
    such a clue (a digit that is not the cell's solution lies in its row outside the box,
    or in its column)."""
    left = set(pairs)
    keep: set[int] = set()
    while left:
        options = [x for x in range(N * N) if x not in shut
                   if any(grid[x] == d and _sees(x, c) for c, d in left)]  # fmt: skip
        covered = [sum(grid[x] == d and _sees(x, c) for c, d in left) for x in options]
        best = [x for x, k in zip(options, covered, strict=True) if k == max(covered)]
        clue = int(best[rng.integers(len(best))])
        keep.add(clue)
        left = {(c, d) for c, d in left if not (grid[clue] == d and _sees(clue, c))}
    return keep


def _hidden_quad(grid: Grid, rng: np.random.Generator) -> Plant:
    """An empty box whose 2x2 corner holds a hidden quad: its four digits ruled out of
    the box's other cells."""
    box = _box(int(rng.integers(N)))
    rows, cols = rng.permutation(3)[:2], rng.permutation(3)[:2]
    corner = {box[3 * i + j] for i in rows for j in cols}
    rest = [c for c in box if c not in corner]
    quad = {int(grid[c]) for c in corner}
    pairs = [(c, d) for c in rest for d in quad]
    return Plant(frozenset(box), frozenset(_ruling_out(grid, pairs, set(box), rng)))


def _empty_box(grid: Grid, rng: np.random.Generator) -> Plant:
    """One box left open, nothing kept."""
    return Plant(frozenset(_box(int(rng.integers(N)))), frozenset())


def _absent_digit(grid: Grid, rng: np.random.Generator) -> Plant:
    """One digit never given: its nine cells left open. A Jellyfish (four rows whose
    digit lies in four columns) is the complement of a fish of k - 4 lines, where k is the
    number of lines still without the digit, which X-Wing and Swordfish find first unless
    k >= 8: the digit must be placed at most once when the Jellyfish is needed (Sudoku
    Explainer looks for one only then). A digit without clues stays unplaced longest."""
    digit = int(rng.integers(1, N + 1))
    return Plant(frozenset(int(c) for c in np.flatnonzero(grid == digit)), frozenset())


PLANTS: dict[str, Callable[[Grid, np.random.Generator], Plant]] = {
    "hidden_quad": _hidden_quad,
    "naked_quad": _empty_box,
    "jellyfish": _absent_digit,
}


def planted(technique: str, seed: int, rng: np.random.Generator) -> tuple[Puzzle, Plant]:
    """A puzzle with one solution (the grid of `seed`) and `technique`'s pattern planted:
    its open cells empty (one box: the rest of the grid still decides it), its clues
    kept, every other clue removed that can be while the solution stays unique (in an
    order drawn from `rng`)."""
    grid = random_grid(3, seed)
    plant = PLANTS[technique](grid, rng)
    start = grid.copy()
    start[sorted(plant.open_cells)] = 0
    order = rng.permutation(N * N)
    givens = remove_clues(3, start, order, fixed=plant.keep, symmetric=False)
    return Puzzle(3, givens, f"planted {technique}"), plant

"""Every application of the basic techniques in one grid, not only the first.

The solver's finders (kernels.basic) stop at the first application, which is all solving
needs; a quiz needs more: a student may see another hidden single, another pointing pair,
and that move is right too. Up to the subsets (rating 3.5) the patterns are small enough to
list them all here in plain Python, with the same rules as the finders: singles, pointing
and box-line reduction (pair: the digit in 2 cells; triple: 3 up to the box size), naked
and hidden pairs, triples and quads. Each application is given as the moves it justifies
and the words a student reads ("a hidden single in box A1C3").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from itertools import combinations

from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo, Names
from puzzleviz.solvers.sudoku.techniques import BY_NAME, GROUPS

Move = tuple[int, int, bool]  # (cell, digit, placed: True for A1=5, False for A1-5)

# the techniques listed application by application: singles to quads (rated up to 3.5)
LISTED = GROUPS["singles"] + GROUPS["intersections"] + GROUPS["subsets"]
SIZES = {"pair": 2, "triple": 3, "quad": 4}


@dataclasses.dataclass(frozen=True)
class Application:
    moves: frozenset[Move]
    words: str  # a message (solvers.i18n)


class Position:
    """A grid's digits and candidates with the geometry to read them by house."""

    def __init__(self, geo: Geo, values: Grid, cand: Candidates, names: Names) -> None:
        self.geo, self.values, self.cand, self.names = geo, values, cand, names

    def cells(self, house: int) -> list[int]:
        return [int(c) for c in self.geo.house_cells[house]]

    def places(self, house: int, digit: int) -> list[int]:
        """The cells of `house` where `digit` is still a candidate."""
        bit = 1 << (digit - 1)
        return [c for c in self.cells(house) if self.cand[c] & bit]

    def houses(self, kind: int) -> range:
        """Rows (0), columns (1) or boxes (2)."""
        n = self.geo.n
        return range(kind * n, (kind + 1) * n)

    def house_of(self, cells: list[int], kind: int) -> int:
        """The house of `kind` holding all `cells`, or -1."""
        found = {int(self.geo.cell_houses[c, kind]) for c in cells}
        return found.pop() if len(found) == 1 else -1


def applications(name: str, grid: Position) -> Iterator[Application]:
    """Every application of the technique `name` (one of LISTED) in `grid`."""
    if name == "naked_single":
        yield from _naked_singles(grid)
    elif name == "hidden_single":
        yield from _hidden_singles(grid)
    elif name.startswith(("pointing_", "box_line_")):
        yield from _locked(grid, name.startswith("pointing_"), name.endswith("_triple"))
    else:
        yield from _subsets(grid, name)


def _naked_singles(grid: Position) -> Iterator[Application]:
    for cell in range(grid.geo.ncell):
        m = int(grid.cand[cell])
        if grid.values[cell] == 0 and m and m & (m - 1) == 0:
            digit = m.bit_length()
            yield Application(frozenset({(cell, digit, True)}),
                              msg("a naked single: {cell} can only be {digit}",
                                  cell=grid.names.cell(cell), digit=digit))  # fmt: skip


def _hidden_singles(grid: Position) -> Iterator[Application]:
    for kind in (2, 0, 1):  # boxes first, as the finder looks
        for house in grid.houses(kind):
            for digit in range(1, grid.geo.n + 1):
                places = grid.places(house, digit)
                if len(places) == 1:
                    yield Application(frozenset({(places[0], digit, True)}),
                                      msg("a hidden single in {house}",
                                          house=grid.names.house(house)))  # fmt: skip


def _words(grid: Position, house: int, triple: bool, pointing: bool) -> str:
    name = ("pointing_" if pointing else "box_line_") + ("triple" if triple else "pair")
    return msg("a {technique} in {house}", technique=BY_NAME[name].title,
               house=grid.names.house(house))  # fmt: skip


def _fits(count: int, triple: bool, b: int) -> bool:
    return 3 <= count <= b if triple else count == 2


def _locked(grid: Position, pointing: bool, triple: bool) -> Iterator[Application]:
    """A digit of a box only in one line (pointing), or of a line only in one box (box-line
    reduction): it goes from the rest of the other house."""
    bases = grid.houses(2) if pointing else [*grid.houses(0), *grid.houses(1)]
    for house in bases:
        for digit in range(1, grid.geo.n + 1):
            places = grid.places(house, digit)
            if not _fits(len(places), triple, grid.geo.b):
                continue
            for kind in (0, 1) if pointing else (2,):
                other = grid.house_of(places, kind)
                if other < 0:
                    continue
                gone = [c for c in grid.places(other, digit) if c not in places]
                if gone:
                    yield Application(frozenset((c, digit, False) for c in gone),
                                      _words(grid, house, triple, pointing))  # fmt: skip


def _subsets(grid: Position, name: str) -> Iterator[Application]:
    """k cells of a house with only k digits among them (naked: the digits go from the
    house's other cells), or k digits of a house in only k cells (hidden: the cells lose
    their other digits)."""
    kind, _, size = name.partition("_")
    n, k, title = grid.geo.n, SIZES[size], BY_NAME[name].title
    for house in range(3 * n):
        empty = [c for c in grid.cells(house) if grid.values[c] == 0]
        if kind == "naked":
            for cells in combinations(empty, k):
                union = 0
                for c in cells:
                    union |= int(grid.cand[c])
                if union.bit_count() != k:
                    continue
                gone = {(c, d, False) for c in empty if c not in cells
                        for d in digits_of(int(grid.cand[c]) & union)}  # fmt: skip
                if gone:
                    words = _subset_words(grid, title, house, cells)
                    yield Application(frozenset(gone), words)
        else:
            missing = [d for d in range(1, n + 1) if grid.places(house, d)]
            for digits in combinations(missing, k):
                where = sorted({c for d in digits for c in grid.places(house, d)})
                if len(where) != k:
                    continue
                mask = sum(1 << (d - 1) for d in digits)
                gone = {(c, d, False) for c in where for d in digits_of(int(grid.cand[c]) & ~mask)}
                if gone:
                    words = _subset_words(grid, title, house, where)
                    yield Application(frozenset(gone), words)


def _subset_words(grid: Position, title: str, house: int, cells: Sequence[int]) -> str:
    return msg("a {technique} in {house}: {cells}", technique=title,
               house=grid.names.house(house), cells=grid.names.cells(cells))  # fmt: skip


def digits_of(mask: int) -> list[int]:
    """The digits of a candidate mask, lowest first."""
    return [d + 1 for d in range(mask.bit_length()) if mask >> d & 1]

"""Every application of the techniques a class practises after the subsets: basic fish
(X-Wing, Swordfish, Jellyfish), the wings (Y-, XYZ-, W-Wing) and the three-link chains
with names (Skyscraper, 2-String Kite, Turbot Fish).

As for the easier techniques (solvers.sudoku.applications), the solver's finders stop at
the first application, and a quiz needs them all: another X-Wing the student saw is right
too. The rules are the finders' own (kernels.fish, kernels.wings, kernels.turbot), written
here in plain Python; a test holds every step the solver takes with these techniques to
be among the applications listed here.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.sudoku.applications import Application, Move, Position, digits_of
from puzzleviz.solvers.sudoku.techniques import BY_NAME

FISH = {"x_wing": 2, "swordfish": 3, "jellyfish": 4}
WINGS = ("y_wing", "xyz_wing", "w_wing")
CHAINS = {"skyscraper": 0, "two_string_kite": 1, "turbot_fish": 2}  # kernels.turbot's kinds
MORE = (*FISH, *WINGS, *CHAINS)


def more_applications(name: str, grid: Position) -> Iterator[Application]:
    """Every application of the technique `name` (one of MORE) in `grid`."""
    if name in FISH:
        yield from _fish(grid, name)
    elif name == "y_wing":
        yield from _y_wings(grid)
    elif name == "xyz_wing":
        yield from _xyz_wings(grid)
    elif name == "w_wing":
        yield from _w_wings(grid)
    else:
        yield from _chains(grid, name)


def _words(grid: Position, name: str, cells: list[int], digit: int | None = None) -> str:
    """ "an X-Wing on 4: B2, B7, F2, F7", "a Y-Wing: E5, E8, H5"."""
    title = BY_NAME[name].title
    an = title[:1].upper() in "AEIOUX"
    cells_text = grid.names.cells(sorted(cells))
    if digit is None:
        return (msg("an {technique}: {cells}", technique=title, cells=cells_text) if an else
                msg("a {technique}: {cells}", technique=title, cells=cells_text))  # fmt: skip
    return (
        msg("an {technique} on {digit}: {cells}", technique=title, digit=digit, cells=cells_text)
        if an else
        msg("a {technique} on {digit}: {cells}", technique=title, digit=digit, cells=cells_text)
    )  # fmt: skip


def _sees(grid: Position, a: int, b: int) -> bool:
    houses = grid.geo.cell_houses
    return a != b and bool((houses[a] == houses[b]).any())


def _peers(grid: Position, cell: int) -> list[int]:
    return [int(c) for c in grid.geo.peers[cell]]


def _removals(grid: Position, digit: int, cells: list[int]) -> frozenset[Move]:
    bit = 1 << (digit - 1)
    return frozenset((c, digit, False) for c in cells if grid.cand[c] & bit)


def _fish(grid: Position, name: str) -> Iterator[Application]:
    """k base lines (rows, or columns) in which the digit lies only in the same k cover
    lines: it goes from the rest of the cover lines."""
    k = FISH[name]
    for digit in range(1, grid.geo.n + 1):
        for base_kind in (0, 1):
            cover_kind = 1 - base_kind
            lines = [h for h in grid.houses(base_kind) if 2 <= len(grid.places(h, digit)) <= k]
            for bases in combinations(lines, k):
                inside = [c for h in bases for c in grid.places(h, digit)]
                covers = {int(grid.geo.cell_houses[c, cover_kind]) for c in inside}
                if len(covers) != k:
                    continue
                gone = [c for h in covers for c in grid.places(h, digit) if c not in inside]
                if gone:
                    yield Application(_removals(grid, digit, gone),
                                      _words(grid, name, inside, digit))  # fmt: skip


def _bivalue(grid: Position, cell: int) -> bool:
    return grid.values[cell] == 0 and int(grid.cand[cell]).bit_count() == 2


def _seen_by_all(grid: Position, cells: list[int], z: int) -> list[int]:
    """The cells with digit mask `z` that see every one of `cells`."""
    first, *rest = cells
    return [
        x
        for x in _peers(grid, first)
        if x not in cells and grid.cand[x] & z and all(_sees(grid, x, c) for c in rest)
    ]


def _y_wings(grid: Position) -> Iterator[Application]:
    """Pivot XY seeing pincers XZ and YZ: Z goes from every cell that sees both pincers."""
    for p in range(grid.geo.ncell):
        m = int(grid.cand[p])
        if not _bivalue(grid, p):
            continue
        peers = _peers(grid, p)
        for q in peers:
            mq = int(grid.cand[q])
            if not _bivalue(grid, q) or (mq & m).bit_count() != 1:
                continue
            z = mq & ~m
            for r in peers:
                if r != q and int(grid.cand[r]) == (m & ~mq) | z:
                    yield from _wing(grid, "y_wing", [p, q, r], [q, r], z)


def _xyz_wings(grid: Position) -> Iterator[Application]:
    """Pivot XYZ seeing pincers XZ and YZ: Z goes from every cell that sees all three."""
    for p in range(grid.geo.ncell):
        m = int(grid.cand[p])
        if grid.values[p] or m.bit_count() != 3:
            continue
        pincers = [q for q in _peers(grid, p) if _bivalue(grid, q) and not grid.cand[q] & ~m]
        for q, r in combinations(pincers, 2):
            if grid.cand[q] != grid.cand[r]:
                z = int(grid.cand[q]) & int(grid.cand[r])
                yield from _wing(grid, "xyz_wing", [p, q, r], [p, q, r], z)


def _w_wings(grid: Position) -> Iterator[Application]:
    """Two cells XZ that do not see each other, and a house where X has two places, one
    seeing each cell: Z goes from every cell that sees both."""
    n = grid.geo.n
    for a, b in combinations(range(grid.geo.ncell), 2):
        m = int(grid.cand[a])
        if not _bivalue(grid, a) or grid.cand[b] != m or grid.values[b] or _sees(grid, a, b):
            continue
        for x in digits_of(m):
            z = m & ~(1 << (x - 1))
            for h in range(3 * n):
                places = grid.places(h, x)
                if len(places) != 2 or {a, b} & set(places):
                    continue
                u, v = places
                if (_sees(grid, u, a) and _sees(grid, v, b)) or (
                    _sees(grid, u, b) and _sees(grid, v, a)
                ):
                    yield from _wing(grid, "w_wing", [a, b, u, v], [a, b], z)


def _wing(
    grid: Position, name: str, pattern: list[int], seen: list[int], z: int
) -> Iterator[Application]:
    gone = _seen_by_all(grid, seen, z)
    if gone:
        digit = z.bit_length()
        yield Application(_removals(grid, digit, gone), _words(grid, name, pattern))


def _chains(grid: Position, name: str) -> Iterator[Application]:
    """Strong link a1 = a2, weak link a2 - b1, strong link b1 = b2 on one digit: it goes
    from every cell that sees both ends (the kind as kernels.turbot names it)."""
    n, want = grid.geo.n, CHAINS[name]
    for digit in range(1, n + 1):
        links = [(h, *grid.places(h, digit)) for h in range(3 * n)
                 if len(grid.places(h, digit)) == 2]  # fmt: skip
        for (h1, *ends1), (h2, *ends2) in ((i, j) for i in links for j in links if i != j):
            for a1, a2 in (ends1, ends1[::-1]):
                for b1, b2 in (ends2, ends2[::-1]):
                    if {b1, b2} & {a1, a2} or not _sees(grid, a2, b1) or _sees(grid, a1, b2):
                        continue
                    if _chain_kind(grid, h1, h2, a2, b1) != want:
                        continue
                    gone = [x for x in _peers(grid, a1)
                            if x not in (a2, b1, b2) and _sees(grid, x, b2)]  # fmt: skip
                    removals = _removals(grid, digit, gone)
                    if removals:
                        words = _words(grid, name, [a1, a2, b1, b2], digit)
                        yield Application(removals, words)


def _chain_kind(grid: Position, h1: int, h2: int, a2: int, b1: int) -> int:
    """kernels.turbot._kind: 0 a Skyscraper, 1 a 2-String Kite, 2 a Turbot Fish."""
    n, geo = grid.geo.n, grid.geo
    t1, t2 = h1 // n, h2 // n
    same_col, same_row = geo.col[a2] == geo.col[b1], geo.row[a2] == geo.row[b1]
    if t1 == t2 and ((t1 == 0 and same_col) or (t1 == 1 and same_row)):
        return 0
    if t1 < 2 and t2 < 2 and t1 != t2 and geo.box[a2] == geo.box[b1]:
        return 1
    return 2

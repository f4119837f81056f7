"""A short pure-Python packing search, for tests: slow, obviously right, no bounds at all.

It tries every placement of piece 0, then of piece 1 that does not overlap, and so on, with
placements as frozensets of cells: the post's own method, without its fixed starting pieces.
"""

from __future__ import annotations

from puzzleviz.solvers.digits.placements import PlacementTable

Cells = frozenset[int]  # the cells one piece covers


def reference_solutions(table: PlacementTable) -> set[tuple[Cells, ...]]:
    """Every packing, as a tuple (per piece) of the cells it covers."""
    n_pieces = len(table.grid.puzzle.pieces)
    options = [
        [frozenset(table.cell_indices(p).tolist()) for p in table.of_piece(k)]
        for k in range(n_pieces)
    ]
    found: set[tuple[Cells, ...]] = set()

    def place(k: int, used: Cells, chosen: tuple[Cells, ...]) -> None:
        if k == n_pieces:
            found.add(chosen)
            return
        for cells in options[k]:
            if not cells & used:
                place(k + 1, used | cells, (*chosen, cells))

    place(0, frozenset(), ())
    return found

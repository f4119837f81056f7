"""Shared digits test material: a small puzzle that solves in milliseconds, and solutions
as cell sets (comparable across placement tables and grids)."""

from __future__ import annotations

# Three pieces in a 6 x 5-block frame: it has packings at every granularity, and the 1 (the
# fewest placements) gives the root a few choices to split.
SMALL = {
    "name": "small",
    "frame": {"width": 6, "height": 5},
    "pieces": {
        "1": {"rows_hex": ["2", "f", "e", "f", "8"]},
        "7": {"rows_hex": ["4f3", "00f", "00e", "00f", "008"]},
        "4": {"rows_hex": ["202", "f0f", "cfb", "00f", "008"]},
    },
}


def cell_sets(table, solutions) -> set[tuple[frozenset[int], ...]]:
    """Solutions as the cells each piece covers: comparable across placement tables."""
    return {tuple(frozenset(table.cell_indices(p).tolist()) for p in s) for s in solutions}

"""The recorded classes of the long searches (known.py): packings, and counts that add up."""

from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.solvers.digits.exact import prepare, solve
from puzzleviz.solvers.digits.known import known_entry, known_representatives, solutions_of
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle, default_puzzle
from puzzleviz.solvers.digits.solutions import on_mesh

from tests.digits_fixtures import cell_sets

RECORDED = [g for g in ("block", "half") if known_entry(g) is not None]


def test_the_block_search_is_recorded():
    assert "block" in RECORDED


@pytest.mark.parametrize("granularity", RECORDED)
def test_recorded_solutions_are_packings_whose_images_make_the_count(granularity):
    entry = known_entry(granularity)
    representatives = known_representatives(default_puzzle(), granularity)
    assert representatives is not None and len(representatives) == len(entry["classes"])
    table = prepare(default_puzzle(), granularity).table
    frame = set(np.flatnonzero(table.grid.frame_mask).tolist())
    for placements in representatives:
        assert sorted(placements) == list(range(10))
        cells = [set(table.cell_indices(table.find(k, *w)).tolist()) for k, w in placements.items()]
        union = set().union(*cells)
        assert sum(map(len, cells)) == len(union)  # no overlap
        assert union <= frame
    every = solutions_of(granularity, representatives)
    assert len(every) == entry["count"] == sum(c["size"] for c in entry["classes"])


def test_the_block_record_is_the_mesh_result():
    """Every block offset gives nothing beyond the mesh (the spec's finding, recorded)."""
    mesh = solve(default_puzzle(), "mesh")
    block = solutions_of("block", known_representatives(default_puzzle(), "block"))
    table = prepare(default_puzzle(), "block").table
    assert all(on_mesh(table, s) for s in block)
    assert cell_sets(table, block) == cell_sets(mesh.setup.table, mesh.solutions)


@pytest.mark.skipif("half" not in RECORDED, reason="the half-block search is not recorded")
def test_the_half_record_holds_the_mesh_solutions_and_more():
    mesh = solve(default_puzzle(), "mesh", resolution="unit")
    half = solutions_of("half", known_representatives(default_puzzle(), "half"))
    table = prepare(default_puzzle(), "half").table
    assert cell_sets(mesh.setup.table, mesh.solutions) < cell_sets(table, half)
    assert any(not on_mesh(table, s) for s in half)


def test_other_puzzles_have_no_record():
    small = default_puzzle().definition()
    small["frame"] = {"width": 8, "height": 11}
    assert known_representatives(DigitsPuzzle.from_definition(small), "block") is None

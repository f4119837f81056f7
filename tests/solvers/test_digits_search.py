# ruff: noqa: E501  (the post's solution lines are kept exactly as printed)
"""Golden facts of the digit packing, and the search checked against a plain reference."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from puzzleviz.solvers.digits.exact import solve
from puzzleviz.solvers.digits.geometry import refine_to_unit_squares
from puzzleviz.solvers.digits.post import parse_post_solution
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle, default_puzzle
from puzzleviz.solvers.digits.reference import reference_solutions
from puzzleviz.solvers.digits.solutions import on_mesh, placement_cells, with_post_fixed_zero

from tests.digits_fixtures import SMALL, cell_sets

# The twelve solutions printed in the post (CHECK #12 then CHECK #13), digit=(X,Y,V,R).
POST_SOLUTIONS = """
0=(0,8,1,1) 1=(0,4,0,1) 2=(2,0,0,2) 3=(6,6,0,0) 4=(6,2,0,0) 5=(2,4,1,0) 6=(0,0,0,0) 7=(0,6,0,0) 8=(4,0,1,0) 9=(4,6,0,0)
0=(0,8,1,1) 1=(0,4,0,1) 2=(2,0,0,2) 3=(6,6,0,0) 4=(6,2,0,0) 5=(2,4,1,0) 6=(4,6,0,1) 7=(0,6,0,0) 8=(4,0,1,0) 9=(0,0,0,1)
0=(0,8,1,1) 1=(0,4,0,1) 2=(4,6,0,2) 3=(0,0,0,1) 4=(6,2,0,0) 5=(2,4,1,0) 6=(2,0,0,0) 7=(0,6,0,0) 8=(4,0,1,0) 9=(6,6,0,0)
0=(0,8,1,1) 1=(0,4,0,1) 2=(4,6,0,2) 3=(0,0,0,1) 4=(6,2,0,0) 5=(2,4,1,0) 6=(6,6,0,1) 7=(0,6,0,0) 8=(4,0,1,0) 9=(2,0,0,1)
0=(0,8,1,1) 1=(0,4,0,1) 2=(2,4,1,2) 3=(0,0,0,1) 4=(6,2,0,0) 5=(4,6,0,0) 6=(2,0,0,0) 7=(0,6,0,0) 8=(4,0,1,0) 9=(6,6,0,0)
0=(0,8,1,1) 1=(0,4,0,1) 2=(2,4,1,2) 3=(0,0,0,1) 4=(6,2,0,0) 5=(4,6,0,0) 6=(6,6,0,1) 7=(0,6,0,0) 8=(4,0,1,0) 9=(2,0,0,1)
0=(0,8,1,1) 1=(0,4,0,1) 2=(2,4,1,2) 3=(6,6,0,0) 4=(6,2,0,0) 5=(2,0,0,0) 6=(0,0,0,0) 7=(0,6,0,0) 8=(4,0,1,0) 9=(4,6,0,0)
0=(0,8,1,1) 1=(0,4,0,1) 2=(2,4,1,2) 3=(6,6,0,0) 4=(6,2,0,0) 5=(2,0,0,0) 6=(4,6,0,1) 7=(0,6,0,0) 8=(4,0,1,0) 9=(0,0,0,1)
0=(2,8,1,1) 1=(8,4,0,0) 2=(6,6,0,2) 3=(6,0,0,0) 4=(0,2,0,2) 5=(2,4,1,2) 6=(4,0,0,2) 7=(2,6,0,0) 8=(0,0,1,0) 9=(0,6,0,2)
0=(2,8,1,1) 1=(8,4,0,0) 2=(6,6,0,2) 3=(6,0,0,0) 4=(0,2,0,2) 5=(2,4,1,2) 6=(0,6,0,3) 7=(2,6,0,0) 8=(0,0,1,0) 9=(4,0,0,3)
0=(2,8,1,1) 1=(8,4,0,0) 2=(2,4,1,0) 3=(6,0,0,0) 4=(0,2,0,2) 5=(6,6,0,0) 6=(4,0,0,2) 7=(2,6,0,0) 8=(0,0,1,0) 9=(0,6,0,2)
0=(2,8,1,1) 1=(8,4,0,0) 2=(2,4,1,0) 3=(6,0,0,0) 4=(0,2,0,2) 5=(6,6,0,0) 6=(0,6,0,3) 7=(2,6,0,0) 8=(0,0,1,0) 9=(4,0,0,3)
"""


@pytest.fixture(scope="module")
def mesh():
    return solve(default_puzzle(), "mesh")


def cells_by_digit(table, solution):
    labels = table.grid.puzzle.labels
    return {labels[k]: frozenset(placement_cells(table, p)) for k, p in enumerate(solution)}


def test_mesh_has_48_solutions_in_3_classes(mesh):
    assert mesh.count == 48
    # The search finds one per class: the 8 at one position of each orbit under the
    # frame's symmetries, the 2 before the 5, the 6 before the 9 (see kernels.py).
    assert len(mesh.found) == 3
    assert len(set(mesh.solutions)) == 48
    assert len(mesh.classes) == 3
    assert sorted(len(c) for c in mesh.classes) == [16, 16, 16]
    up_to_frame = {mesh.setup.classes.up_to_symmetry(s) for s in mesh.solutions}
    assert len(up_to_frame) == 12


def test_the_post_fixes_the_0_and_so_finds_12(mesh):
    assert len(with_post_fixed_zero(mesh.setup.table, mesh.solutions)) == 12


def test_every_solution_is_inside_the_frame_and_overlap_free(mesh):
    table = mesh.setup.table
    frame = set(table.grid.frame_cells)
    areas = [p.area for p in table.grid.puzzle.pieces]
    for solution in mesh.solutions:
        seen: set = set()
        for k, p in enumerate(solution):
            assert int(table.piece[p]) == k
            cells = placement_cells(table, p)
            assert len(cells) == areas[k]
            assert set(cells) <= frame
            assert not seen & set(cells)
            seen |= set(cells)
        assert on_mesh(table, solution)


def test_the_posts_twelve_printed_solutions_are_among_ours(mesh):
    table = mesh.setup.table
    ours = [cells_by_digit(table, s) for s in mesh.solutions]
    lines = [line for line in POST_SOLUTIONS.strip().splitlines()]
    assert len(lines) == 12
    posts = [parse_post_solution(line) for line in lines]
    assert len({tuple(sorted(p.items())) for p in posts}) == 12
    for post in posts:
        assert post in ours


def test_both_branching_strategies_find_the_same_48(mesh):
    """The two orders meet different positions again, and skip them by the same rule (the
    pieces placed and the live cells): what they skip must not change what they find."""
    other = solve(default_puzzle(), "mesh", strategy="constrained")
    assert set(other.solutions) == set(mesh.solutions)
    assert other.nodes != mesh.nodes


def test_the_search_without_symmetry_finds_the_same_48(mesh):
    plain = solve(default_puzzle(), "mesh", use_symmetry=False)
    assert plain.setup.symmetric_piece == -1
    assert set(plain.solutions) == set(mesh.solutions)
    assert plain.nodes > mesh.nodes


def test_the_search_split_by_the_roots_choices_finds_the_same_48(mesh):
    puzzle = default_puzzle()
    assert mesh.root_choices > 1
    parts = [solve(puzzle, "mesh", roots=(i, i + 1)) for i in range(mesh.root_choices)]
    assert set().union(*(p.solutions for p in parts)) == set(mesh.solutions)
    assert solve(puzzle, "mesh", roots=(mesh.root_choices, mesh.root_choices + 5)).count == 0


def test_the_unit_grid_finds_the_same_mesh_solutions(mesh):
    """The half-block machinery (quarter triangles) restricted to mesh offsets."""
    fine = solve(default_puzzle(), "mesh", resolution="unit")
    assert fine.setup.table.grid.resolution == "unit"
    coarse_table = mesh.setup.table
    refined = {
        tuple(frozenset(refine_to_unit_squares(placement_cells(coarse_table, p))) for p in solution)
        for solution in mesh.solutions
    }
    found = {
        tuple(frozenset(placement_cells(fine.setup.table, p)) for p in solution)
        for solution in fine.solutions
    }
    assert found == refined
    assert all(on_mesh(fine.setup.table, s) for s in fine.solutions)


@pytest.mark.parametrize("granularity", ["mesh", "block"])
@pytest.mark.parametrize("use_symmetry", [True, False])
@pytest.mark.parametrize("strategy", ["first-cell", "constrained"])
def test_the_search_agrees_with_the_reference_on_a_small_puzzle(
    granularity, use_symmetry, strategy
):
    puzzle = DigitsPuzzle.from_definition(SMALL)
    result = solve(puzzle, granularity, use_symmetry=use_symmetry, strategy=strategy)
    table = result.setup.table
    ours = cell_sets(table, result.solutions)
    assert len(ours) == result.count
    expected = reference_solutions(table)
    assert expected  # the small puzzle has packings
    assert ours == expected
    mesh_only = all(on_mesh(table, s) for s in result.solutions)
    assert mesh_only == (granularity == "mesh")


@pytest.mark.parametrize("strategy", ["first-cell", "constrained"])
def test_half_offsets_on_a_small_puzzle_agree_with_the_reference(strategy):
    puzzle = DigitsPuzzle.from_definition(
        {"frame": {"width": 4, "height": 3}, "pieces": {"1": ["4f1"], "7": ["4f3", "00f"]}}
    )
    result = solve(puzzle, "half", strategy=strategy)
    table = result.setup.table
    ours = cell_sets(table, result.solutions)
    assert ours == reference_solutions(table)
    assert result.count > 0


TWINS = {
    "name": "twins",
    "frame": {"width": 6, "height": 5},
    "pieces": {
        "1": ["2", "f", "e", "f", "8"],
        "7": ["4f3", "00f", "00e", "00f", "008"],
        "L": ["002", "00f", "00e", "00f", "4f9"],  # the 7 turned over
    },
}


@pytest.mark.parametrize("granularity", ["mesh", "block"])
def test_same_shaped_pieces_are_searched_in_one_order_and_swapped_back(granularity):
    puzzle = DigitsPuzzle.from_definition(TWINS)
    result = solve(puzzle, granularity)
    setup = result.setup
    assert setup.symmetric_piece == 0  # the 1 (fewest placements): the 7 and the L are free
    assert setup.twin_next.tolist() == [-1, 2, -1] and setup.twin_prev.tolist() == [-1, -1, 1]
    ours = cell_sets(setup.table, result.solutions)
    assert ours == reference_solutions(setup.table)
    # Each packing found stands for its swap too: the search finds each pair once.
    swapped = {(s[0], s[2], s[1]) for s in ours}
    assert swapped == ours
    assert 2 * len(set(result.found)) <= result.count


def test_same_shaped_pieces_at_half_offsets_agree_with_the_reference():
    pieces = {"bar": ["fff"], "a": ["4f3", "00f"], "b": ["00f", "4f9"]}  # b: a turned over
    puzzle = DigitsPuzzle.from_definition({"frame": {"width": 4, "height": 3}, "pieces": pieces})
    result = solve(puzzle, "half")
    assert result.setup.paired  # unit squares: every piece covers 0, 2 or 4 of their quarters
    assert result.setup.table.grid.puzzle.labels == puzzle.labels == ("bar", "a", "b")
    a, b, bar = 1, 2, 0
    assert result.setup.symmetric_piece == bar  # the fewest placements: a and b are free
    assert (result.setup.twin_next[a], result.setup.twin_prev[b]) == (b, a)
    table = result.setup.table
    ours = cell_sets(table, result.solutions)
    assert ours == reference_solutions(table)
    assert result.count > 0


def test_only_the_unit_grid_pairs_the_cells_of_a_square():
    """On the block grid a piece may cover one triangle of a block; on the unit grid a block
    triangle covers half of each square it meets, so a square's cells go in pairs."""
    assert not solve(default_puzzle(), "mesh", node_limit=1).setup.paired
    assert solve(default_puzzle(), "mesh", node_limit=1, resolution="unit").setup.paired


def test_stop_after_keeps_the_path_to_the_first_solution(mesh):
    first = solve(default_puzzle(), "mesh", stop_after=1)
    assert first.stopped_early and len(first.found) == 1
    placed = [p for p in first.final_path if p >= 0]
    assert sorted(placed) == sorted(first.found[0])
    assert first.found[0] in set(mesh.solutions)


def test_classes_do_not_depend_on_the_order_of_pieces(mesh):
    table = mesh.setup.table
    keys = {mesh.setup.classes.canonical(s) for s in mesh.solutions}
    assert len(keys) == 3
    for members in mesh.classes:
        for a, b in itertools.combinations(members[:4], 2):
            assert mesh.setup.classes.canonical(a) == mesh.setup.classes.canonical(b)
    assert np.all(table.piece_start[1:] >= table.piece_start[:-1])


def test_the_tree_size_estimate_is_near_the_real_size():
    from puzzleviz.solvers.digits import exact as search

    plain = solve(default_puzzle(), "mesh", strategy="constrained")
    mean, error = search.estimate_nodes(default_puzzle(), "mesh", probes=2000)
    assert error > 0
    # The real search remembers positions, so it visits fewer nodes than the plain tree.
    assert plain.nodes / 3 < mean < plain.nodes * 5

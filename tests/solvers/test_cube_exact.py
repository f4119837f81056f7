from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.cube.exact import solve_exact
from puzzleviz.solvers.cube.files import load_puzzle, puzzle_folder
from puzzleviz.solvers.cube.geometry import cuboid
from puzzleviz.solvers.cube.puzzle import PieceType, make_puzzle
from puzzleviz.solvers.cube.reference import count_fillings
from puzzleviz.solvers.cube.solution import (
    cell_grid,
    face_groups,
    on_a_space_diagonal,
    solution_pieces,
    unit_cells,
)
from puzzleviz.solvers.cube.symmetry import cell_maps, classify, transformed


@pytest.fixture(scope="module")
def seed_cube():
    puzzle = load_puzzle("fakocka")
    return puzzle, solve_exact(puzzle)


def assert_exact_cover(puzzle, solution):
    grid = np.zeros(puzzle.box[::-1], dtype=int)
    used = [0] * len(puzzle.types)
    for piece in solution_pieces(puzzle, solution):
        grid[piece.cells[:, 2], piece.cells[:, 1], piece.cells[:, 0]] += 1
        used[piece.type] += 1
    assert (grid == 1).all(), "a cell is empty or covered twice"
    assert used == [t.count for t in puzzle.types], "the piece counts are not respected"


def test_the_seeds_cube_has_exactly_8_solutions_in_one_class(seed_cube):
    puzzle, result = seed_cube
    assert result.complete and result.count == 8 and len(set(result.solutions)) == 8
    for solution in result.solutions:
        assert_exact_cover(puzzle, solution)
    rotations = classify(puzzle, result.solutions, rotations_only=True)
    everything = classify(puzzle, result.solutions, rotations_only=False)
    assert (rotations.group_order, everything.group_order) == (24, 48)
    assert rotations.count == 1 and everything.count == 1


def test_the_seeds_unit_cubes_lie_on_a_space_diagonal_in_every_solution(seed_cube):
    puzzle, result = seed_cube
    for solution in result.solutions:
        cells = unit_cells(puzzle, solution)
        assert len(cells) == 5 and on_a_space_diagonal(cells, puzzle.box)
    assert not on_a_space_diagonal([(0, 0, 0), (1, 1, 1), (2, 2, 3)], puzzle.box)


def test_the_solutions_are_closed_under_the_48_symmetries(seed_cube):
    puzzle, result = seed_cube
    found = set(result.solutions)
    for cell_map in cell_maps(puzzle, rotations_only=False):
        assert {transformed(puzzle, s, cell_map) for s in result.solutions} == found


def test_slothouber_graatsma_has_8_solutions_in_one_class():
    puzzle = load_puzzle("slothouber-graatsma")
    result = solve_exact(puzzle)
    assert result.count == 8
    assert classify(puzzle, result.solutions, rotations_only=True).count == 1
    assert classify(puzzle, result.solutions, rotations_only=False).count == 1
    assert count_fillings(puzzle) == 8


def test_first_solution_stops_early_and_is_a_filling(seed_cube):
    puzzle, everything = seed_cube
    first = solve_exact(puzzle, max_solutions=1)
    assert first.count == 1 and not first.complete
    assert first.nodes < everything.nodes
    assert first.solutions[0] in set(everything.solutions)


def test_conways_puzzle_has_a_filling():
    puzzle = load_puzzle("conway")
    first = solve_exact(puzzle, max_solutions=1)
    assert first.count == 1
    assert_exact_cover(puzzle, first.solutions[0])


def test_classes_of_an_asymmetric_box_use_only_its_own_symmetries():
    # 1x2x3 box: only the 8 axis flips map it onto itself, 4 of them rotations
    types = [PieceType("1x1x1", cuboid((1, 1, 1)), 2), PieceType("1x1x2", cuboid((1, 1, 2)), 2)]
    puzzle = make_puzzle((1, 2, 3), types)
    result = solve_exact(puzzle)
    assert result.count == count_fillings(puzzle)
    everything = classify(puzzle, result.solutions, rotations_only=False)
    rotations = classify(puzzle, result.solutions, rotations_only=True)
    assert (everything.group_order, rotations.group_order) == (8, 4)
    assert sum(everything.sizes()) == result.count
    assert everything.count <= rotations.count <= result.count


def test_holes_are_counted_as_empty_cells():
    types = [PieceType("1x1x2", cuboid((1, 1, 2)), 1)]
    puzzle = make_puzzle((1, 1, 3), types, allow_holes=True)
    result = solve_exact(puzzle)
    assert puzzle.holes == 1 and result.count == 2  # the brick at z 0..1 or z 1..2
    for solution in result.solutions:
        assert_exact_cover(puzzle, solution)


def test_face_groups_split_the_pieces(seed_cube):
    puzzle, result = seed_cube
    pieces = solution_pieces(puzzle, result.solutions[0])
    for axis in "xz":
        groups = face_groups(puzzle, pieces, axis)
        together = groups.low + groups.high + groups.inner
        assert sorted(p.instance for p in together) == list(range(17))
        a = "xyz".index(axis)
        assert all(p.low[a] == 0 for p in groups.low)
        assert all(p.high[a] == 4 and p.low[a] > 0 for p in groups.high)
    grid = cell_grid(puzzle, result.solutions[0])
    assert (grid >= 0).all() and (np.bincount(grid.ravel()) == [5, 48, 72]).all()


@st.composite
def small_puzzles(draw):
    """Random small boxes filled with random cuboids plus unit cubes for the rest."""
    box = tuple(draw(st.integers(1, 3)) for _ in range(3))
    cells = box[0] * box[1] * box[2]
    sizes = draw(
        st.lists(st.tuples(*(st.integers(1, 3) for _ in range(3))), min_size=1, max_size=3)
    )
    counts: dict[tuple[int, int, int], int] = {}
    volume = 0
    for size in sizes:
        key = tuple(sorted(size))
        v = key[0] * key[1] * key[2]
        fits = all(k <= b for k, b in zip(key, sorted(box), strict=True))
        if key != (1, 1, 1) and volume + v <= cells and fits:
            counts[key] = counts.get(key, 0) + 1
            volume += v
    types = [PieceType("x".join(map(str, k)), cuboid(k), c) for k, c in counts.items()]
    holes = draw(st.booleans())
    rest = cells - volume
    if rest and not holes:
        types.append(PieceType("1x1x1", cuboid((1, 1, 1)), rest))
    if not types:
        types.append(PieceType("1x1x1", cuboid((1, 1, 1)), cells))
    return make_puzzle(box, types, allow_holes=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_puzzles())
def test_the_exact_solver_counts_like_the_plain_reference(puzzle):
    result = solve_exact(puzzle)
    assert result.count == count_fillings(puzzle)
    assert len(set(result.solutions)) == result.count
    for solution in result.solutions:
        assert_exact_cover(puzzle, solution)


def test_the_facts_state_what_the_enumeration_found(seed_cube):
    from puzzleviz.solvers.cube.facts import facts_caption, solution_facts

    _, result = seed_cube
    facts = solution_facts(result)
    assert (facts["count"], facts["classes_rotations"], facts["classes_all"]) == (8, 1, 1)
    assert facts["unit_cubes_on_a_space_diagonal"] == 8
    assert facts_caption(facts) == (
        "8 solutions: 1 up to the 24 rotations, 1 up to all 48 symmetries; "
        "the unit cubes lie on a space diagonal in every one"
    )


@pytest.mark.parametrize("name", ["soma", "slothouber-graatsma"])
def test_the_one_word_kernel_walks_the_general_kernels_tree(name, monkeypatch):
    """Spaces of at most 64 cells search with `kernels.packed`: the same fillings, found in
    the same order, after the same number of nodes as the general kernel."""
    import puzzleviz.solvers.cube.exact as exact
    from puzzleviz.solvers.cube.xmpuzzle import load_xmpuzzle

    puzzle, _ = load_xmpuzzle(puzzle_folder() / f"{name}.xmpuzzle")
    fast = solve_exact(puzzle, every=False)
    monkeypatch.setattr(exact, "uses_packed", lambda tables, tracer: False)
    plain = solve_exact(puzzle, every=False)
    assert (fast.count, fast.nodes) == (plain.count, plain.nodes)
    assert np.array_equal(fast.rows, plain.rows)


@pytest.mark.slow
def test_the_bedlam_cube_has_19186_solutions_up_to_rotation():
    """The published count (and BurrTools'); every filling 24 times, as no piece set is
    its own mirror image and no filling has a rotation of its own."""
    from puzzleviz.solvers.cube.xmpuzzle import load_xmpuzzle

    puzzle, _ = load_xmpuzzle(puzzle_folder() / "bedlam.xmpuzzle")
    result = solve_exact(puzzle, every=False)
    assert result.complete and result.count == 460_464 == 24 * 19_186
    assert result.enumeration is not None and len(result.rows) == 19_186


def test_a_small_file_with_a_huge_search_is_refused_before_its_tables_are_built(tmp_path):
    from puzzleviz.solvers.errors import PuzzleInputError

    # 74 bytes: a chiral tetracube in a 16x16x16 box, the rest holes: 4,093 levels of 44,596
    # placements each took 1.5 GB before the search began
    path = tmp_path / "big.json"
    path.write_text('{"box":[16,16,16],"pieces":[{"voxels":[[0,0,0],[1,0,0],[1,1,0],[1,1,1]]}]}')
    puzzle = load_puzzle(str(path), allow_holes=True)
    with pytest.raises(PuzzleInputError, match=r"would need 1\.4 GB for its tables \(4,093 pieces"):
        solve_exact(puzzle, max_solutions=1)

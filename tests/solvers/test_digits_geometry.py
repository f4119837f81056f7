"""The triangle grid, the pieces and their placements: facts from the post and the spec."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from puzzleviz.solvers.digits.geometry import (
    centroid_sixths,
    edge_neighbours,
    normalized,
    refine_to_unit_squares,
    symmetry_matrix,
    transform_cells,
)
from puzzleviz.solvers.digits.grid import Grid
from puzzleviz.solvers.digits.pieces import cells_from_rows_hex, congruent, rows_hex_of
from puzzleviz.solvers.digits.placements import build_placements
from puzzleviz.solvers.digits.post import post_variants
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle, default_puzzle
from puzzleviz.solvers.digits.symmetry import FrameSymmetry
from puzzleviz.solvers.errors import PuzzleInputError

cells = st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 3))


@given(st.lists(cells, min_size=1, max_size=8, unique=True), st.integers(0, 7), st.integers(0, 7))
def test_symmetries_compose_like_their_matrices(shape, g, h):
    a = transform_cells(transform_cells(shape, g), h)
    mg, mh = symmetry_matrix(g), symmetry_matrix(h)
    # matrix of "g then h" = mh @ mg
    prod = (
        mh[0] * mg[0] + mh[1] * mg[2],
        mh[0] * mg[1] + mh[1] * mg[3],
        mh[2] * mg[0] + mh[3] * mg[2],
        mh[2] * mg[1] + mh[3] * mg[3],
    )
    k = next(i for i in range(8) if symmetry_matrix(i) == prod)
    assert a == transform_cells(shape, k)


def test_the_eight_symmetries_are_distinct_and_keep_triangles_whole():
    shape = cells_from_rows_hex(["6f3", "f0f", "b08", "f0f", "cf9"])  # the 0: no symmetry
    images = {normalized(transform_cells(shape, g))[0] for g in range(8)}
    assert len(images) == 8
    for g in range(8):
        assert len(set(transform_cells(shape, g))) == len(shape)


@given(st.lists(cells, min_size=1, max_size=6, unique=True))
def test_refining_to_unit_squares_quadruples_the_area_and_keeps_centroids_inside(shape):
    fine = refine_to_unit_squares(shape)
    assert len(fine) == 4 * len(shape)
    for cell in fine:  # the quarter's centroid, in block twelfths, lies in a block triangle
        cx, cy = centroid_sixths(cell)
        assert any(cx // 12 == x and cy // 12 == y for x, y, _ in shape)


def test_edge_neighbours_are_symmetric():
    for cell in itertools.product(range(3), range(3), range(4)):
        for n in edge_neighbours(cell):
            assert cell in edge_neighbours(n)


def test_pieces_match_the_spec():
    pieces = default_puzzle().pieces
    assert [p.label for p in pieces] == [str(d) for d in range(10)]
    assert [p.area for p in pieces] == [36, 13, 30, 30, 24, 30, 36, 19, 42, 36]
    assert sum(p.area for p in pieces) == 296
    assert [len(p.orientations()) for p in pieces] == [8, 4, 4, 4, 8, 4, 8, 8, 2, 8]
    pairs = {(a.label, b.label) for a, b in itertools.combinations(pieces, 2) if congruent(a, b)}
    assert pairs == {("2", "5"), ("6", "9")}


def test_every_variant_the_post_stores_is_one_of_our_orientations():
    pieces = {p.label: p for p in default_puzzle().pieces}
    for digit, variants in post_variants().items():
        ours = {o.cells for o in pieces[digit].orientations()}
        assert len(variants) == 8
        for key, shape in variants.items():
            assert shape in ours, f"{digit} {key}"


def test_rows_hex_round_trip():
    rows = ["4f3", "00f", "6f9", "f00", "cf1"]
    assert rows_hex_of(cells_from_rows_hex(rows)) == rows


def test_placement_counts_at_every_block_offset_match_the_spec():
    table = build_placements(Grid(default_puzzle(), "block"), "block")
    assert table.counts() == [376, 236, 188, 188, 376, 188, 376, 376, 94, 376]


def test_mesh_placements_are_the_same_on_the_block_and_the_unit_grid():
    puzzle = default_puzzle()
    coarse = build_placements(Grid(puzzle, "block"), "mesh")
    fine = build_placements(Grid(puzzle, "unit"), "mesh")
    assert coarse.counts() == fine.counts()
    fine_sets = {
        (int(fine.piece[r]), frozenset(fine.cell_indices(r).tolist())) for r in range(fine.n)
    }
    for p in range(coarse.n):
        block_cells = [coarse.grid.cell(c) for c in coarse.cell_indices(p)]
        unit_cells = frozenset(fine.grid.index(c) for c in refine_to_unit_squares(block_cells))
        assert (int(coarse.piece[p]), unit_cells) in fine_sets


def test_the_frame_has_four_symmetries_and_a_square_frame_eight():
    table = build_placements(Grid(default_puzzle(), "block"), "mesh")
    assert FrameSymmetry(table).symmetries == [0, 2, 4, 6]
    square = DigitsPuzzle.from_definition(
        {"frame": {"width": 5, "height": 5}, "pieces": {"1": ["2", "f", "e", "f", "8"]}}
    )
    assert len(FrameSymmetry(build_placements(Grid(square, "block"), "block")).symmetries) == 8


def test_the_row_mirror_sends_each_placement_to_its_left_right_image():
    table = build_placements(Grid(default_puzzle(), "unit"), "half")
    mirror = FrameSymmetry(table).row_mirror
    assert mirror is not None
    assert (mirror[mirror] == np.arange(table.n)).all() and (mirror != np.arange(table.n)).any()
    assert (table.piece[mirror] == table.piece).all()
    width = table.grid.width
    for p in range(table.n):
        squares = {table.grid.cell(c)[:2] for c in table.cell_indices(p)}
        image = {table.grid.cell(c)[:2] for c in table.cell_indices(mirror[p])}
        assert image == {(width - 1 - x, y) for x, y in squares}


def test_holes_are_found_for_the_eight():
    table = build_placements(Grid(default_puzzle(), "block"), "block")
    eight = table.of_piece(8)
    assert min(int(sum(bin(int(w)).count("1") for w in table.holes[p])) for p in eight) == 8


@pytest.mark.parametrize(
    ("definition", "message"),
    [
        ({"pieces": {"x": ["zz"]}}, "not a hex digit"),
        ({"pieces": {"x": ["1", "0", "1"]}}, "falls apart"),
        ({"pieces": {"x": ["0"]}}, "no triangles"),
        ({"frame": {"width": 2, "height": 2}}, "frame holds only"),
        ({"frame": {"width": 0, "height": 3}}, "each side must be"),
        ({"frame": "big"}, "width and height"),
        ({"pieces": []}, "must map piece names"),
    ],
)
def test_bad_puzzle_definitions_say_what_is_wrong(definition, message):
    with pytest.raises(PuzzleInputError, match=message):
        DigitsPuzzle.from_definition(definition)

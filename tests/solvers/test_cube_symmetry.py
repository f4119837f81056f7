"""Symmetry breaking in the exact search: one filling per class searched, every filling
counted exactly and, with --all, listed; checked against the plain search and known
counts, also for pieces and results with symmetries of their own."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.cube.breaking import symmetry_roots
from puzzleviz.solvers.cube.exact import solve_exact
from puzzleviz.solvers.cube.facts import solution_facts
from puzzleviz.solvers.cube.files import load_puzzle, load_source
from puzzleviz.solvers.cube.geometry import normalize
from puzzleviz.solvers.cube.group import puzzle_group
from puzzleviz.solvers.cube.puzzle import PieceType, make_puzzle
from puzzleviz.solvers.cube.reference import count_fillings
from puzzleviz.solvers.cube.solution import solution_pieces
from puzzleviz.solvers.cube.tables import exact_tables

KNOWN = [
    # name, shipped as, fillings, classes under rotations, under all symmetries
    ("fakocka", False, 8, 1, 1),
    ("slothouber-graatsma", False, 8, 1, 1),
    ("fakocka", True, 8, 1, 1),
    ("slothouber-graatsma", True, 8, 1, 1),
    ("soma", True, 11_520, 480, 240),
    ("conway", True, 27_456, 1_144, 572),
]


def assert_fills(puzzle, solution):
    grid = np.zeros(puzzle.n_cells, dtype=int)
    for piece in solution_pieces(puzzle, solution):
        c = piece.cells
        cells = c[:, 0] + puzzle.box[0] * (c[:, 1] + puzzle.box[1] * c[:, 2])
        grid[cells] += 1
        if puzzle.types[piece.type].is_hole and puzzle.optional:
            assert set(cells.tolist()) <= puzzle.optional, "an empty cell that must be filled"
    assert (grid[puzzle.inside] == 1).all() and (grid[~puzzle.inside] == 0).all()


@pytest.mark.parametrize(("name", "burrtools", "count", "rotations", "everything"), KNOWN)
def test_known_counts_and_classes(name, burrtools, count, rotations, everything):
    puzzle, _ = load_source(name, burrtools=burrtools)
    classes = solve_exact(puzzle, every=False)
    assert (classes.count, len(classes.solutions)) == (count, everything)
    facts = solution_facts(classes)
    assert (facts["classes_rotations"], facts["classes_all"]) == (rotations, everything)
    every = solve_exact(puzzle)
    assert every.count == count and len(set(every.rows.tobytes() for _ in [0])) == 1
    assert len(np.unique(every.rows, axis=0)) == count  # every filling, each once
    facts = solution_facts(every)
    assert (facts["classes_rotations"], facts["classes_all"]) == (rotations, everything)
    assert np.bincount(facts["class_all_of"]).sum() == count
    assert len(np.unique(facts["class_rotations_of"])) == rotations
    assert np.array_equal(facts["class_rotations_of"][:1], [0])
    for solution in every.solutions[:: max(1, count // 50)]:
        assert_fills(puzzle, solution)


def test_conway_searches_far_fewer_nodes_than_the_plain_search():
    puzzle = load_puzzle("conway")
    broken = solve_exact(puzzle, every=False)
    first_plain = solve_exact(puzzle, symmetry=False, node_limit=broken.nodes * 4)
    assert broken.complete and not first_plain.complete  # the plain search needs > 4x


def test_the_bedlam_cube_has_no_mirror_symmetry_and_its_roots_split_by_24():
    puzzle, _ = load_source("bedlam")
    group = puzzle_group(puzzle)
    assert (group.order, group.rotations, group.has_mirrors) == (24, 24, False)
    roots = symmetry_roots(puzzle, exact_tables(puzzle).placements, group)
    pl = exact_tables(puzzle).placements
    # the weights of the first level's orbits add up to the placements of the split piece
    first = {r[0] for r in roots.placements}
    assert int(roots.weights.sum()) >= len(first)
    assert len({int(pl.type[p]) for p in first}) == 1


def test_soma_screw_pieces_are_mirror_twins():
    puzzle, _ = load_source("soma")
    group = puzzle_group(puzzle)
    assert (group.order, group.rotations) == (48, 24)
    names = [t.name for t in puzzle.types]
    mirror = group.type_map[~group.rotation][0]
    a, b = names.index("A (screw)"), names.index("B (mirror screw)")
    assert (mirror[a], mirror[b]) == (b, a)
    assert all(mirror[i] == i for i in range(len(names)) if i not in (a, b))


@st.composite
def cut_boxes(draw):
    """A box cut into random connected pieces (so it has at least one filling); pieces
    of the same shape become one type with a count."""
    box = tuple(draw(st.integers(1, 3)) for _ in range(3))
    while box[0] * box[1] * box[2] > 12:  # few cells: the plain reference stays quick
        box = (box[0], box[1], box[2] - 1) if box[2] > 1 else (box[0], box[1] - 1, 1)
    cells = [(x, y, z) for z in range(box[2]) for y in range(box[1]) for x in range(box[0])]
    owner: dict[tuple[int, int, int], int] = {}
    order = draw(st.permutations(cells))
    pieces: list[list[tuple[int, int, int]]] = []
    for seed in order:
        if seed in owner:
            continue
        size = draw(st.integers(2, 4))
        piece = [seed]
        owner[seed] = len(pieces)
        frontier = [seed]
        while frontier and len(piece) < size:
            x, y, z = frontier.pop(0)
            for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
                n = (x + dx, y + dy, z + dz)
                if n in cells and n not in owner and len(piece) < size:
                    owner[n] = len(pieces)
                    piece.append(n)
                    frontier.append(n)
        pieces.append(piece)
    by_shape: dict[tuple, list] = {}
    for piece in pieces:
        shape = normalize(piece)
        key = min(PieceType("k", shape, 1).orientations)
        by_shape.setdefault(key, [shape, 0])[1] += 1
    types = [PieceType(f"p{i}", s, c) for i, (s, c) in enumerate(by_shape.values())]
    return make_puzzle(box, types)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut_boxes())
def test_symmetry_breaking_finds_exactly_the_fillings_of_the_plain_search(puzzle):
    plain = solve_exact(puzzle, symmetry=False)
    broken = solve_exact(puzzle)
    assert broken.count == plain.count == count_fillings(puzzle)
    assert {s for s in broken.solutions} == set(plain.solutions)
    classes = solve_exact(puzzle, every=False)
    assert classes.count == plain.count
    facts_plain, facts = solution_facts(plain), solution_facts(classes)
    assert facts["classes_all"] == facts_plain["classes_all"] == len(classes.solutions)
    assert facts["classes_rotations"] == facts_plain["classes_rotations"]


def test_a_result_that_is_not_a_box_with_cells_that_may_stay_empty():
    # an L of 3x2 cells with a 1x2 stem, two cells of it optional
    cells = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (0, 2, 0), (0, 3, 0)]
    box = (3, 4, 1)
    index = {c: c[0] + box[0] * c[1] for c in cells}
    types = [PieceType("1x1x2", ((0, 0, 0), (0, 0, 1)), 3)]
    puzzle = make_puzzle(box, types, allow_holes=True, shape=frozenset(index.values()),
                         optional=frozenset({index[(2, 0, 0)], index[(2, 1, 0)]}))  # fmt: skip
    plain = solve_exact(puzzle, symmetry=False)
    broken = solve_exact(puzzle)
    assert plain.count == broken.count > 0
    assert set(plain.solutions) == set(broken.solutions)
    for solution in broken.solutions:
        assert_fills(puzzle, solution)


def test_the_progress_bar_runs_to_the_end_of_the_search_tree():
    from puzzleviz.solvers.progress import Progress

    seen: list[int] = []

    class Watch(Progress):
        def update(self, done: int, detail: str | None = None) -> None:
            seen.append(done)
            super().update(done, detail)

    progress = Watch(None, "searching", enabled=False)
    result = solve_exact(load_puzzle("conway"), every=False, progress=progress)
    assert result.complete and progress.total == 1000 and seen[-1] == 1000
    assert seen == sorted(seen) and len(seen) > 10  # an estimate that grows, root by root
    assert progress.detail.endswith(f"{result.nodes:,} nodes")

"""The disassembler: small hand-made assemblies checked move by move against a plain-Python
breadth-first search (tests/solvers/disassembly_reference.py), and BurrTools' example files
checked against the separation trees BurrTools itself saved in them (tests/solvers/burrtools)."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.cube.disassembly import Separation, bfs, disassemble, kernels
from puzzleviz.solvers.cube.disassembly.plan import plan
from puzzleviz.solvers.cube.disassembly.saved import saved_assemblies, separation_info
from puzzleviz.solvers.cube.disassembly.search import voxel_spans
from puzzleviz.solvers.errors import PuzzleInputError

from tests.solvers import disassembly_reference as ref

BURRTOOLS = Path(__file__).parent / "burrtools"
Cells = list[tuple[int, int, int]]


def box_cells(size: tuple[int, int, int]) -> set[tuple[int, int, int]]:
    return set(itertools.product(*(range(s) for s in size)))


def caged_cube() -> list[Cells]:
    """A hollow 3x3x3 shell with a unit cube in its middle: no move at all."""
    shell = box_cells((3, 3, 3)) - {(1, 1, 1)}
    return [sorted(shell), [(1, 1, 1)]]


def cavity() -> list[Cells]:
    """A 4x4x3 block with a 2x2 cavity in its middle layer and one exit, at (3, 1, 1), in
    line with the cavity's row y=1; two unit cubes sit in the row y=2. Both slide down
    (-y) together into the exit's row, the front one slides out (2 moves), then the other
    (1 move, so the level is "2")."""
    hollow = {(1, 1, 1), (2, 1, 1), (1, 2, 1), (2, 2, 1), (3, 1, 1)}
    frame = box_cells((4, 4, 3)) - hollow
    return [sorted(frame), [(1, 2, 1)], [(2, 2, 1)]]


def stack() -> list[Cells]:
    """Three bricks lying on one another: the top one lifts off."""
    return [[(x, y, z) for x in range(2) for y in range(2)] for z in range(3)]


def replay(pieces: list[Cells], sep: Separation, start: ref.Position) -> None:
    """Check one separation and its parts against the reference: every move slides freely,
    the last takes its pieces out, no shorter way out exists, and the position it leaves
    from is one the reference finds at that distance."""
    shapes = [frozenset(map(tuple, pieces[i])) for i in sep.pieces]
    index = {p: k for k, p in enumerate(sep.pieces)}
    found = ref.first_separations(shapes, start)
    assert found is not None
    depth, outs = found
    assert len(sep.moves) == depth
    pos = ref._shift(start, [], (0, 0, 0), 0)  # piece 0 at the origin, as the reference
    for move in sep.moves[:-1]:
        moving = [index[p] for p in move.pieces]
        assert move.amount is not None and move.amount >= 1
        assert ref.slides(shapes, pos, moving, move.vector, move.amount)
        pos = ref._shift(pos, moving, move.vector, move.amount)
    last = sep.moves[-1]
    assert last.amount is None
    out = frozenset(index[p] for p in last.pieces)
    assert ref.comes_out(shapes, pos, sorted(out), last.vector)
    assert (pos, out) in outs or (pos, frozenset(range(len(shapes))) - out) in outs
    for part, inside in ((sep.left, False), (sep.removed, True)):
        ids = [k for k in range(len(shapes)) if (k in out) == inside]
        if part is None:
            assert len(ids) == 1
            continue
        assert [sep.pieces[k] for k in ids] == list(part.pieces)
        replay(pieces, part, tuple(pos[k] for k in ids))


def check(pieces: list[Cells]) -> Separation:
    sep = disassemble([np.array(p) for p in pieces])
    assert sep is not None
    replay(pieces, sep, tuple((0, 0, 0) for _ in pieces))
    return sep


def test_a_stack_comes_apart_a_brick_at_a_time() -> None:
    sep = check(stack())
    assert sep.level == "1"
    assert [len(s.moves) for s in (sep, sep.left or sep.removed)] == [1, 1]
    assert sep.total_moves == 2


def test_a_caged_cube_never_comes_out() -> None:
    pieces = caged_cube()
    assert disassemble([np.array(p) for p in pieces]) is None
    assert ref.first_separations([frozenset(p) for p in pieces], ((0, 0, 0),) * 2) is None


def test_two_cubes_in_a_cavity_line_up_together_then_leave() -> None:
    sep = check(cavity())
    assert sep.level == "2"
    first, out = sep.moves
    # the frame alone is the smaller side, so it is the one that moves (BurrTools' way)
    assert (first.pieces, first.axis, first.sign, first.amount) == ((0,), "y", 1, 1)
    assert (out.pieces, out.axis, out.sign, out.amount) == ((2,), "x", 1, None)
    assert sep.left is not None and sep.left.pieces == (0, 1) and len(sep.left.moves) == 1


def test_a_weighted_frame_stays_and_the_cubes_move() -> None:
    pieces = [np.array(p) for p in cavity()]
    light = disassemble(pieces)
    heavy = disassemble(pieces, weights=[2, 1, 1])
    assert light is not None and heavy is not None
    assert heavy.level == light.level
    assert all(0 not in m.pieces for m in heavy.all_moves())
    first, out = heavy.moves
    assert (first.pieces, first.axis, first.sign, first.amount) == ((1, 2), "y", -1, 1)
    assert (out.pieces, out.axis, out.sign, out.amount) == ((2,), "x", 1, None)


def test_pieces_of_one_group_stay_together() -> None:
    pieces = [np.array(p) for p in caged_cube()]
    sep = disassemble(pieces + [np.array([(5, 5, 5)])], groups=[1, 1, 0])
    assert sep is not None and sep.level == "1"
    assert sep.moves[-1].pieces in ((2,), (0, 1))


def saved(name: str) -> list:
    return saved_assemblies(BURRTOOLS / f"{name}.xmpuzzle")


@pytest.mark.parametrize(
    ("name", "level"),
    [
        ("PelikanBurr", "98.2.4.2"),
        ("CubeInCage", "4.9.3"),
        ("AlPackino", "1.1.1.1.1.2.1.3.1.2.1.2"),
        ("DraculasDentalDesaster", "3.5.16.6.4"),
    ],
)
def test_burrtools_examples_give_burrtools_trees(name: str, level: str) -> None:
    (asm,) = saved(name)
    sep = disassemble(asm.pieces, weights=asm.weights, groups=asm.groups)
    assert sep is not None
    assert separation_info(sep) == asm.info
    assert sep.level == level


def test_the_pelikan_cage_is_heavy_and_never_moves() -> None:
    (asm,) = saved("PelikanBurr")
    assert asm.weights[0] == 2
    sep = disassemble(asm.pieces, weights=asm.weights)
    assert asm.info is not None and sep is not None
    assert sep.total_moves == sum(v - 1 for v in asm.info if v)
    assert all(0 not in m.pieces for m in sep.all_moves())


def test_all_solid_six_piece_burrs_agree_with_burrtools() -> None:
    """314 saved solutions of the solid six-piece burrs: BurrTools' tree for each."""
    found = saved("SolidSixPieceBurrs")
    assert len(found) == 314
    levels = set()
    for asm in found:
        sep = disassemble(asm.pieces, weights=asm.weights, groups=asm.groups)
        assert asm.info is not None
        assert separation_info(sep) == asm.info
        levels.add(sep.level if sep else None)
    assert levels == {"1", "1.2"}


def test_a_full_move_buffer_is_reported_not_overrun() -> None:
    """kernels.moves says KIND_FULL when its buffer is too small; the search then grows it."""
    pieces = [np.array(p, dtype=np.int64) for p in cavity()]
    voxels, spans = np.concatenate(pieces), voxel_spans(pieces)
    pos = np.zeros((3, 3), dtype=np.int64)
    weights = np.ones(3, dtype=np.int64)
    big = np.zeros((64, 3), dtype=np.int64)
    kind, count, _ = kernels.moves(
        voxels,
        spans,
        kernels.piece_bounds(voxels, spans),
        pos,
        weights,
        big,
        *kernels.new_cache(),
        kernels.voxel_lines(voxels, spans),
    )
    assert kind == kernels.KIND_MOVES and count >= 2
    small = np.zeros((1, 3), dtype=np.int64)
    kind, _, _ = kernels.moves(
        voxels,
        spans,
        kernels.piece_bounds(voxels, spans),
        pos,
        weights,
        small,
        *kernels.new_cache(),
        np.zeros((3, 0), dtype=np.int64),
    )
    assert kind == kernels.KIND_FULL
    assert small[0].tolist() == big[0].tolist()


def test_limits_from_merged_lines_equal_voxel_against_voxel() -> None:
    """kernels._pair_limits_lines (large pairs) against _pair_limits, on random pieces with
    holes in their lines, at random offsets: overlaps, touching, interleaved lines."""
    rng = np.random.default_rng(3)
    for _ in range(300):
        pieces = []
        for _ in range(2):
            cells = rng.integers(0, 5, size=(int(rng.integers(1, 30)), 3))
            pieces.append(np.unique(cells, axis=0).astype(np.int64))
        voxels, spans = np.concatenate(pieces), voxel_spans(pieces)
        lines = kernels.voxel_lines(voxels, spans)
        pos = rng.integers(-5, 6, size=(2, 3)).astype(np.int64)
        direct = np.full((6, 2, 2), kernels.INF, dtype=np.int64)
        merged = direct.copy()
        kernels._pair_limits(voxels, spans, pos, direct, 0, 1)
        kernels._pair_limits_lines(lines, spans, pos, merged, 0, 1)
        assert np.array_equal(direct, merged)


def test_the_movement_cache_gives_the_limits_it_would_compute() -> None:
    """Limits read back from the cache (the second pass) equal the ones computed afresh,
    over many offsets of Al Packino's pieces (INF, zero and long slides among them)."""
    (asm,) = saved("AlPackino")
    voxels, spans = np.concatenate(asm.pieces).astype(np.int64), voxel_spans(asm.pieces)
    rng = np.random.default_rng(7)
    keys, vals = kernels.new_cache(1 << 14)
    bounds = kernels.piece_bounds(voxels, spans)
    offsets = [rng.integers(-6, 7, size=(len(asm.pieces), 3)) for _ in range(40)]
    lines = kernels.voxel_lines(voxels, spans)  # Al Packino's box: limits by merged lines
    for _ in range(2):
        for pos in offsets:
            fresh = kernels.slide_limits(voxels, spans, pos)
            cached, _ = kernels.cached_limits(voxels, spans, bounds, pos, keys, vals, lines)
            assert np.array_equal(fresh, cached)
    assert (keys != -1).sum() <= 40 * len(asm.pieces) ** 2


def framed(rng: random.Random) -> list[Cells]:
    """A 5x4x4 frame with one to three holes in its faces around a 3x2x2 hollow, and two
    or three random pieces in some of the hollow's cells: slides, group moves, pieces that
    are trapped for good."""
    inner = list(itertools.product(range(1, 4), range(1, 3), range(1, 3)))
    shell = set(itertools.product(range(5), range(4), range(4))) - set(inner)
    faces = sorted(
        c for c in shell if sum(v in (0, m) for v, m in zip(c, (4, 3, 3), strict=True)) == 1
    )
    frame = shell - set(rng.sample(faces, rng.randint(1, 3)))
    cells = rng.sample(inner, rng.randint(3, 6))
    owner = {c: i for i, c in enumerate(rng.sample(cells, rng.randint(2, 3)))}
    for _ in range(200):
        c = rng.choice(sorted(owner))
        step = rng.choice(ref.STEPS)
        nb = (c[0] + step[0], c[1] + step[1], c[2] + step[2])
        if nb in cells and nb not in owner:
            owner[nb] = owner[c]
    return [sorted(frame)] + [
        [c for c in owner if owner[c] == i] for i in range(max(owner.values()) + 1)
    ]


def test_random_framed_assemblies_agree_with_the_reference() -> None:
    """Every disassembly found replays against the reference, stage by stage; an assembly
    from which the reference sees no way out at all is never taken apart."""
    rng = random.Random(36)
    levels = set()
    for _ in range(30):
        pieces = framed(rng)
        sep = disassemble([np.array(p) for p in pieces])
        if sep is not None:
            replay(pieces, sep, tuple((0, 0, 0) for _ in pieces))
            levels.add(sep.level)
        elif (
            ref.first_separations([frozenset(p) for p in pieces], ((0, 0, 0),) * len(pieces))
            is None
        ):
            levels.add("locked")
    assert len(levels) >= 4  # the cases differ: several levels, some locked


def test_nine_cubes_rocking_in_their_slots_visit_every_position() -> None:
    """Nine unit cubes, each in a slot of one frame that lets it rise one unit and no more:
    2^9 positions, every one reached (a position has over 500 moves, all unions of the
    cubes that rise: the move buffer grows), and no way out."""
    slots = {(2 * i, 0, z) for i in range(9) for z in (0, 1)}
    box = set(itertools.product(range(-1, 18), range(-1, 2), range(-1, 3)))
    pieces = [np.array(sorted(box - slots))] + [np.array([(2 * i, 0, 0)]) for i in range(9)]
    voxels, spans = np.concatenate(pieces).astype(np.int64), voxel_spans(pieces)
    found, _, _, _, visited = bfs.search(
        voxels,
        spans,
        np.ones(10, np.int64),
        np.zeros((10, 3), np.int64),
        kernels.voxel_lines(voxels, spans),
    )
    assert not found and visited == 2**9
    assert disassemble(pieces) is None


@pytest.mark.parametrize("name", ["PelikanBurr", "CubeInCage"])
def test_a_plan_moves_the_pieces_apart_without_a_collision(name: str) -> None:
    """Played step by step from the assembly, no two pieces ever share a cell, every piece
    moves only in its moves, and at the end the parts lie apart."""
    (asm,) = saved(name)
    sep = disassemble(asm.pieces, weights=asm.weights, groups=asm.groups)
    assert sep is not None
    steps = plan(asm.pieces, sep)
    assert [s.move for s in steps] == sep.all_moves()
    before = np.zeros((len(asm.pieces), 3), dtype=np.int64)
    for step in steps:
        cells = [tuple(map(tuple, p + o)) for p, o in zip(asm.pieces, step.offsets, strict=True)]
        assert sum(len(c) for c in cells) == len(set().union(*cells))
        moved = {i for i in range(len(cells)) if (step.offsets[i] != before[i]).any()}
        assert moved == set(step.move.pieces)
        assert step.separation == (step.move.amount is None)
        before = step.offsets
    assert sum(s.separation for s in steps) == len(set(asm.groups) - {0}) + asm.groups.count(0) - 1


def test_more_pieces_than_a_mask_holds_is_an_input_error() -> None:
    with pytest.raises(PuzzleInputError, match="at most 62 pieces"):
        disassemble([np.array([(i, 0, 0)]) for i in range(63)])

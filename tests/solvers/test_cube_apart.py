"""A disassembly as a trace (solvers/cube/apart.py): the Slide event both ways, the player
stepping the whole disassembly forward and backward to the same states, each state where
disassembly.plan puts every piece, and the Pelikan Burr's 98-move opening at one beat a
move."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.cube.apart import disassembly_trace, real_pieces
from puzzleviz.solvers.cube.disassembly.plan import plan
from puzzleviz.solvers.cube.disassembly.report import disassemble_classes, take_apart
from puzzleviz.solvers.cube.exact import solve_exact
from puzzleviz.solvers.cube.facts import solution_facts
from puzzleviz.solvers.cube.files import load_source
from puzzleviz.solvers.cube.model import CubeModel, Place, Slide
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.modelcheck import assert_walk_invertible
from puzzleviz.viz.pace import auto_weights
from puzzleviz.viz.player import Player

BURRTOOLS = Path(__file__).parent / "burrtools"


@functools.cache
def first_solution(name: str):
    """(puzzle, solution, separation) of the first assembly of a BurrTools example that
    comes apart, found as `solve cube --classes --disassemble` finds it."""
    puzzle, source = load_source(str(BURRTOOLS / name))
    result = solve_exact(puzzle, every=False)
    report = disassemble_classes(
        puzzle, result.solutions, solution_facts(result)["class_rotations_of"], source
    )
    solution = result.solutions[report.taken_apart[0]]
    sep, _ = take_apart(puzzle, solution, source)
    assert sep is not None
    return puzzle, solution, sep


@functools.cache
def traced(name: str, assemble: bool = False):
    puzzle, solution, sep = first_solution(name)
    trace = disassembly_trace(puzzle, solution, sep, assemble=assemble)
    return trace, CubeModel.from_definition(trace.header.definition)


def planned_cells(name: str) -> list[list[set[tuple[int, int, int]]]]:
    """Per position (assembled, then after each move): each piece's cells, as plan.py
    places them."""
    puzzle, solution, sep = first_solution(name)
    pieces = real_pieces(puzzle, solution)
    start = [np.asarray(p.cells, dtype=np.int64) for p in pieces]
    offsets = [np.zeros((len(pieces), 3), dtype=np.int64)]
    offsets += [step.offsets for step in plan(start, sep)]
    return [[set(map(tuple, (c + o).tolist())) for c, o in zip(start, off, strict=True)]
            for off in offsets]  # fmt: skip


def drawn_cells(model: CubeModel, state: np.ndarray) -> list[set[tuple[int, int, int]]]:
    return [set(map(tuple, np.asarray(p.cells).tolist())) for p in model.pieces(state)]


def test_a_slide_moves_its_group_wraps_past_the_edge_and_reverts():
    model = CubeModel(load_puzzle_file_box(), 2, apart=True)
    state = model.initial_state()
    model.apply(state, Place(0, model.pose(0, 0, 0, 0)))
    model.apply(state, Place(1, model.pose(0, 1, 0, 0)))
    before = state.copy()
    slide = Slide(0b11, 4, 2)  # both up 2
    model.apply(state, slide)
    assert [p.origin for p in model.pieces(state)] == [(0, 0, 2), (1, 0, 2)]
    assert model.coverage(state).sum() == model.coverage(before).sum()  # moved, not copied
    model.revert(state, slide)
    assert np.array_equal(state, before)
    past = Slide(0b01, 1, 3)  # 3 left of x = 0 with 2 cells of room: in again at the right
    model.apply(state, past)
    assert model.pieces(state)[0].origin[0] == model.puzzle.box[0] + 2 - 1
    model.revert(state, past)
    assert np.array_equal(state, before)


def load_puzzle_file_box():
    from puzzleviz.solvers.cube.files import load_puzzle

    return load_puzzle("slothouber-graatsma")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 63), st.integers(0, 5), st.integers(1, 9)),
                max_size=20))  # fmt: skip
def test_any_slides_revert_to_the_state_before(slides):
    """Slides of any groups (holes' bits: out of play, left alone), any way, any distance
    (past the space's edge they wrap): each reverts exactly, one by one and all together."""
    trace, model = traced("CubeInCage.xmpuzzle")
    start = np.array(trace.header.initial_state, dtype=np.int32)
    events = [Slide(mask, direction, amount) for mask, direction, amount in slides]
    assert_walk_invertible(model, start, events)
    state = start.copy()
    rows = np.array([model.events.encode(e) for e in events], dtype=np.int32).reshape(-1, 4)
    model.apply_rows(state, rows)
    model.check_state(state)  # poses and coverage still agree
    model.revert_rows(state, rows)
    assert np.array_equal(state, start)


@pytest.mark.parametrize("assemble", [False, True], ids=["disassembly", "assembly"])
def test_every_move_reaches_the_position_plan_py_gives(assemble):
    trace, model = traced("CubeInCage.xmpuzzle", assemble)
    expected = planned_cells("CubeInCage.xmpuzzle")
    if assemble:
        expected = expected[::-1]
    player = Player(trace, model)
    for cursor in range(trace.n_events + 1):
        player.seek(cursor)
        assert drawn_cells(model, player.state) == expected[cursor], cursor


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 16), min_size=1, max_size=12), st.integers(1, 6))
def test_the_player_steps_both_ways_to_the_same_states(cursors, interval):
    """Seeks in any order (backward ones revert, forward ones apply, from keyframes every
    `interval` events) reach the state of a plain replay."""
    trace, model = traced("CubeInCage.xmpuzzle")
    player = Player(trace, model, keyframe_interval=interval)
    for cursor in cursors:
        player.seek(cursor)
        plain = np.array(trace.header.initial_state, dtype=np.int32)
        model.apply_rows(plain, trace.rows[:cursor])
        assert np.array_equal(player.state, plain)


def test_the_pelikan_burr_comes_apart_after_98_moves_at_one_beat_a_move():
    trace, _ = traced("PelikanBurr.xmpuzzle")
    assert trace.header.params["level"] == "98.2.4.2"
    assert trace.n_steps == trace.n_events  # a step per move
    kinds = [kind for _, kind, _ in trace.milestones()]
    first_apart = trace.milestones()[kinds.index("apart")][0]
    assert first_apart == 98  # the first part comes out with the 98th move
    assert auto_weights(trace) is None  # short enough that every move gets one beat
    caption = render(trace.step_caption_text(97), "en")
    assert caption.startswith(f"Move 98 of {trace.n_steps}: ") and "out of the rest" in caption


@pytest.mark.parametrize("lang", ["hu", "de", "ja"])
def test_captions_and_milestones_read_in_every_language(lang):
    trace, _ = traced("CubeInCage.xmpuzzle")
    texts = [trace.string(int(c)) for c in trace.step_caption]  # stored, not yet rendered
    texts += [trace.string(int(c)) for c in trace.milestone_caption]
    for text in texts:
        english, translated = render(text, "en"), render(text, lang)
        assert translated != english, english
        assert "{" not in translated


def test_the_assembly_starts_apart_and_ends_assembled():
    trace, model = traced("CubeInCage.xmpuzzle", assemble=True)
    puzzle, solution, _ = first_solution("CubeInCage.xmpuzzle")
    player = Player(trace, model)
    player.seek(trace.n_events)
    assembled = [set(map(tuple, np.asarray(p.cells).tolist()))
                 for p in real_pieces(puzzle, solution)]  # fmt: skip
    assert drawn_cells(model, player.state) == assembled
    assert [kind for _, kind, _ in trace.milestones()][-1] == "solution"
    assert "join" in {kind for _, kind, _ in trace.milestones()}

"""The digits model: events invert, traces replay, and the geometry a scene draws is right."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.digits.demo import (
    class_representatives,
    demo_trace,
    final_state,
    post_check_fixed,
)
from puzzleviz.solvers.digits.exact import prepare, solve
from puzzleviz.solvers.digits.geometry import triangle_corners
from puzzleviz.solvers.digits.kernels import COUNTERS
from puzzleviz.solvers.digits.model import (
    FREE,
    LEFT_EMPTY,
    OUTSIDE,
    DigitsModel,
    LeaveEmpty,
    Place,
    Remove,
    Reopen,
)
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle, default_puzzle
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.model import model_from_definition
from puzzleviz.solvers.modelcheck import assert_trace_replays, assert_walk_invertible
from puzzleviz.solvers.tracer import RecordingTracer

MODELS = {g: DigitsModel(default_puzzle(), g) for g in ("mesh", "half")}


@st.composite
def walks(draw, granularity):
    """Valid event sequences: pieces go on free cells and come back, cells are left empty
    and reopened, as in a search (a Place never covers another piece)."""
    model = MODELS[granularity]
    table = prepare(model.puzzle, granularity).table
    owners = model.initial_state()[model.cells_offset :].copy()
    on_board: dict[int, int] = {}
    events = []
    for _ in range(draw(st.integers(1, 12))):
        kind = draw(st.sampled_from(["place", "remove", "empty", "reopen"]))
        if kind == "place":
            p = draw(st.integers(0, table.n - 1))
            k = int(table.piece[p])
            cells = table.cell_indices(p)
            if k in on_board or np.any(owners[cells] != FREE):
                continue
            owners[cells] = k
            on_board[k] = p
            events.append(Place(k, int(table.orientation[p]), int(table.x[p]), int(table.y[p])))
        elif kind == "remove" and on_board:
            k = draw(st.sampled_from(sorted(on_board)))
            p = on_board.pop(k)
            owners[table.cell_indices(p)] = FREE
            events.append(Remove(k, int(table.orientation[p]), int(table.x[p]), int(table.y[p])))
        elif kind == "empty":
            free = np.flatnonzero(owners == FREE)
            cell = int(free[draw(st.integers(0, len(free) - 1))])
            owners[cell] = LEFT_EMPTY
            events.append(LeaveEmpty(cell))
        elif kind == "reopen":
            empty = np.flatnonzero(owners == LEFT_EMPTY)
            if len(empty):
                cell = int(empty[draw(st.integers(0, len(empty) - 1))])
                owners[cell] = FREE
                events.append(Reopen(cell))
    return events


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_event_kind_inverts(data):
    granularity = data.draw(st.sampled_from(["mesh", "half"]))
    model = MODELS[granularity]
    assert_walk_invertible(model, model.initial_state(), data.draw(walks(granularity)))


def record(model, **kwargs):
    tracer = RecordingTracer(model, solver="digits-exact", counters=COUNTERS)
    result = solve(model.puzzle, model.granularity, tracer, **kwargs)
    return tracer.finish(), result


def first_solution_laid_out(model, result):
    """The frame with the first solution in it: where a complete search's trace ends."""
    table = result.setup.table
    placements = {
        int(table.piece[p]): (int(table.orientation[p]), int(table.x[p]), int(table.y[p]))
        for p in result.representatives()[0]
    }
    return model.state_with(placements)


def test_a_complete_search_trace_replays_to_its_summary_with_a_solution_laid_out():
    model = MODELS["mesh"]
    table = prepare(model.puzzle, "mesh", use_symmetry=False).table
    trace, result = record(model, fixed=post_check_fixed(13, table))
    assert len(result.found) == 4  # the post's CHECK #13
    assert_trace_replays(trace, model, first_solution_laid_out(model, result))
    assert trace.step_caption_text(trace.n_steps - 1).startswith("Finished: 4 solutions")
    assert [kind for _, kind, _ in trace.milestones()] == ["solution"] * 4
    assert trace.counters_at(trace.n_events)["solutions"] == 4


def test_a_trace_stopped_at_the_first_solution_ends_on_that_solution():
    model = MODELS["mesh"]
    trace, result = record(model, stop_after=1)
    final = final_state(model, result)
    assert_trace_replays(trace, model, final)
    for k, p in enumerate(result.found[0]):
        table = result.setup.table
        where = (int(table.orientation[p]), int(table.x[p]), int(table.y[p]))
        assert model.placement_of(final, k) == where
        assert np.all(model.owners(final)[table.cell_indices(p)] == k)


def test_the_same_search_gives_the_same_trace_bytes():
    from puzzleviz.solvers.tracefile import trace_bytes

    model = MODELS["mesh"]
    assert trace_bytes(record(model, stop_after=2)[0]) == trace_bytes(
        record(model, stop_after=2)[0]
    )


def test_demo_trace_is_the_posts_check_12():
    trace = demo_trace()
    assert 500 < trace.n_events < 20_000
    assert [kind for _, kind, _ in trace.milestones()] == ["solution"] * 8
    model = model_from_definition(trace.header.kind, trace.header.definition)
    end = model.initial_state()
    model.apply_rows(end, trace.rows)
    assert all(model.placement_of(end, k) is not None for k in range(model.n_pieces))
    assert_trace_replays(trace, model, end)


def test_three_class_representatives_cover_the_frame_without_overlap():
    reps = class_representatives()
    assert len(reps) == 3
    model = MODELS["mesh"]
    for placements in reps:
        state = model.state_with(placements)
        owners = model.owners(state)
        assert np.count_nonzero(owners >= 0) == 296
        assert np.count_nonzero(owners == OUTSIDE) == 0


@pytest.mark.parametrize("granularity", ["mesh", "half"])
def test_orientation_affine_maps_the_tray_shape_onto_the_placed_shape(granularity):
    model = MODELS[granularity]

    def key(triangles):
        return sorted(tuple(sorted((round(x, 6), round(y, 6)) for x, y in t)) for t in triangles)

    for k in range(model.n_pieces):
        tray = model.tray_triangles(k)
        for o in range(len(model.grid.orientations[k])):
            (a, b, c, d), (tx, ty) = model.orientation_affine(k, o)
            moved = [[(a * x + b * y + tx, c * x + d * y + ty) for x, y in t] for t in tray]
            assert key(moved) == key(model.placement_triangles(k, o, 0, 0))
            angle, flipped = model.orientation_turn(k, o)
            assert angle in (0, 90, 180, 270)
            assert (a * d - b * c == -1) == flipped


def test_placement_triangles_are_in_block_units():
    mesh, half = MODELS["mesh"], MODELS["half"]
    big = mesh.placement_triangles(8, 0, 6, 6)
    fine = half.placement_triangles(8, 0, 12, 12)
    area = sum(_area(t) for t in big)
    assert area == pytest.approx(42 / 4) == sum(_area(t) for t in fine)
    assert len(fine) == 4 * len(big)
    assert max(x for t in big for x, _ in t) <= 9 and max(y for t in big for _, y in t) <= 11
    assert mesh.cell_triangle(0) == triangle_corners((0, 0, 0))


def _area(t):
    (x0, y0), (x1, y1), (x2, y2) = t
    return abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2


def test_describe_speaks_plainly():
    model = MODELS["mesh"]
    assert model.describe(Place(7, 0, 2, 6)) == "Place the 7 (upright) at (2, 6)"
    assert "Take back the 0" in model.describe(Remove(0, 5, 0, 8))
    assert model.describe(LeaveEmpty(3)) == "Leave the triangle T of square (0, 0) empty"
    assert "free again" in model.describe(Reopen(3))


def test_bad_events_and_definitions_are_clear_errors():
    model = MODELS["mesh"]
    state = model.initial_state()
    with pytest.raises(PuzzleInputError, match="stick out"):
        model.apply(state, Place(8, 0, 8, 0))
    with pytest.raises(PuzzleInputError, match="no such piece"):
        model.apply(state, Place(12, 0, 0, 0))
    with pytest.raises(PuzzleInputError, match="no such cell"):
        model.apply(state, LeaveEmpty(10_000))
    with pytest.raises(PuzzleInputError):
        DigitsModel.from_definition({"granularity": "mesh"})
    with pytest.raises(PuzzleInputError, match="granularity"):
        DigitsModel(default_puzzle(), "quarter")


def test_definitions_round_trip_including_odd_frames():
    puzzle = DigitsPuzzle.from_definition(
        {"frame": {"rows_hex": ["ff", "f6"]}, "pieces": {"a": ["e"]}}
    )
    model = DigitsModel(puzzle, "block")
    again = model_from_definition("digits", model.definition())
    assert again.definition() == model.definition()
    assert np.count_nonzero(model.initial_state() == OUTSIDE) == 2

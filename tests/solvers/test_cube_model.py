from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.cube.assembly import assembly_trace
from puzzleviz.solvers.cube.exact import EXACT_COUNTERS, solve_exact
from puzzleviz.solvers.cube.files import load_puzzle
from puzzleviz.solvers.cube.model import CubeModel, Move, Place, Remove
from puzzleviz.solvers.cube.views import EMPTY, OVERLAP, seed_error, slices, state_face_groups
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.model import model_from_definition
from puzzleviz.solvers.modelcheck import assert_trace_replays, assert_walk_invertible
from puzzleviz.solvers.tracefile import load_trace, save_trace, trace_bytes
from puzzleviz.solvers.tracer import RecordingTracer

SEED = load_puzzle("fakocka")


def random_pose(draw, model: CubeModel, piece: int) -> int:
    t = model.puzzle.types[int(model.puzzle.instance_type[piece])]
    orient = draw(st.integers(0, len(t.orientations) - 1))
    extent = t.orientation_extent(orient)
    m = model.margin
    x, y, z = (draw(st.integers(-m, model.puzzle.box[a] + m - extent[a])) for a in range(3))
    return model.pose(orient, x, y, z)


@st.composite
def walks(draw, margin: int):
    """Valid event sequences: place pieces out of play, remove or move pieces in play."""
    model = CubeModel(SEED, margin)
    poses = [-1] * model.n_pieces
    events = []
    for _ in range(draw(st.integers(1, 25))):
        piece = draw(st.integers(0, model.n_pieces - 1))
        if poses[piece] < 0:
            pose = random_pose(draw, model, piece)
            events.append(Place(piece, pose))
            poses[piece] = pose
        elif draw(st.booleans()):
            events.append(Remove(piece, poses[piece]))
            poses[piece] = -1
        else:
            pose = random_pose(draw, model, piece)
            events.append(Move(piece, poses[piece], pose))
            poses[piece] = pose
    return model, events


@settings(max_examples=60, deadline=None)
@given(walks(margin=3))
def test_every_event_kind_reverts_with_pieces_sticking_out(walk):
    model, events = walk
    assert_walk_invertible(model, model.initial_state(), events)


@settings(max_examples=30, deadline=None)
@given(walks(margin=0))
def test_every_event_kind_reverts_inside_the_box(walk):
    model, events = walk
    assert_walk_invertible(model, model.initial_state(), events)


def test_coverage_counts_the_pieces_on_each_cell():
    model = CubeModel(SEED, 3)
    state = model.initial_state()
    brick = int(SEED.first_instance[1])  # a 1x2x4
    model.apply(state, Place(brick, model.pose(0, -3, 0, 0)))
    model.apply(state, Place(0, model.pose(0, 0, 0, 0)))
    cover = model.coverage(state)
    assert cover.sum() == 9 and cover.shape == (11, 11, 11)
    piece = model.pieces(state)[1]
    assert piece.label == "1x2x4 #1" and piece.origin == (-3, 0, 0)
    view = slices(model, state)
    assert view.codes[0, 0, 0] == 24 and view.types[0, 0, 0] == 0
    assert view.bad.sum() == 124  # everything but the unit cube's cell is empty
    whole = slices(model, state, whole_space=True)
    assert whole.origin == (-3, -3, -3) and whole.bad.sum() == 124 + 8
    weights = np.array([t.code for t in SEED.types])
    assert seed_error(model, state, outside_weights=weights) == 124 + 8 * 3
    model.apply(state, Place(1, model.pose(0, 0, 0, 0)))
    view = slices(model, state)
    assert view.types[0, 0, 0] == OVERLAP and view.codes[0, 0, 0] == 48
    assert view.types[0, 0, 1] == EMPTY


def test_events_that_leave_the_space_are_refused():
    model = CubeModel(SEED, 0)
    state = model.initial_state()
    with pytest.raises(PuzzleInputError, match="does not fit"):
        model.apply(state, Place(6, model.pose(0, 4, 4, 4)))  # a 1x2x4 sticking out
    with pytest.raises(PuzzleInputError, match="does not fit"):
        model.apply_rows(state, np.array([[2, 99, 0, 0]], dtype=np.int32))


def test_definition_round_trips():
    model = CubeModel(SEED, 3)
    again = model_from_definition("cube", model.definition())
    assert isinstance(again, CubeModel)
    assert again.definition() == model.definition() and again.margin == 3


def test_the_exact_search_trace_replays_to_the_solvers_end():
    tracer = RecordingTracer(CubeModel(SEED, 0), solver="cube.exact", counters=EXACT_COUNTERS)
    result = solve_exact(SEED, tracer=tracer)
    trace = tracer.finish()
    assert [kind for _, kind, _ in trace.milestones()] == ["solution"] * result.count
    assert trace.counters_at(trace.n_events)["solutions"] == 8
    model = CubeModel(SEED, 0)
    end = model.initial_state()
    model.apply_rows(end, trace.rows)
    assert (model.coverage(end) == 1).all()  # it ends with the first solution laid out
    assert_trace_replays(trace, model, end)
    # each solution milestone is reached with a full box
    state = model.initial_state()
    done = 0
    for position, _, _ in trace.milestones():
        model.apply_rows(state, trace.rows[done:position])
        done = position
        assert (model.coverage(state) == 1).all()


def test_the_first_solution_trace_ends_with_the_full_box(tmp_path):
    model = CubeModel(SEED, 0)
    tracer = RecordingTracer(model, solver="cube.exact", counters=EXACT_COUNTERS)
    solve_exact(SEED, max_solutions=1, tracer=tracer)
    trace = tracer.finish()
    final = model.initial_state()
    model.apply_rows(final, trace.rows)
    assert (model.coverage(final) == 1).all()
    assert_trace_replays(trace, model, final)
    save_trace(trace, tmp_path / "search.trace")
    assert trace_bytes(load_trace(tmp_path / "search.trace")) == trace_bytes(trace)


def test_the_assembly_goes_bottom_up_layer_by_layer():
    solution = solve_exact(SEED, max_solutions=1).solutions[0]
    trace = assembly_trace(SEED, solution)
    model = CubeModel(SEED, 0)
    assert trace.n_steps == 17 and trace.n_events == 17
    captions = [trace.step_caption_text(s) for s in range(trace.n_steps)]
    layers = [int(c.split(":")[0].removeprefix("Layer z=")) for c in captions]
    assert layers == sorted(layers) and layers[0] == 0
    state = model.initial_state()
    for event in model.events.decode_rows(trace.rows):
        piece = model.piece_at(event.piece, event.pose)
        below = piece.cells.copy()
        below[:, 2] -= 1
        cover = model.coverage(state)
        # every cell of the new piece rests on the floor or on a piece already laid
        rests = [z < 0 or cover[z, y, x] for x, y, z in below.tolist()]
        assert any(rests)
        # and it can drop straight down: nothing laid yet lies above it
        assert all(cover[z:, y, x].sum() == 0 for x, y, z in piece.cells.tolist())
        model.apply(state, event)
    assert_trace_replays(trace, model, state)
    assert (model.coverage(state) == 1).all()
    kinds = [kind for _, kind, _ in trace.milestones()]
    assert kinds[-1] == "solution" and kinds.count("layer") == len(set(layers))
    groups = state_face_groups(model, state, "z")
    assert len(groups.low) == layers.count(0)


def test_describe_reads_like_a_sentence():
    model = CubeModel(SEED, 3)
    brick = int(SEED.first_instance[2])  # a 2x2x3
    text = model.describe(Move(brick, model.pose(0, -3, 0, 0), model.pose(2, 0, 0, 0)))
    assert text == (
        "move 2x2x3 #1 from x -3..-2, y 0..1, z 0..2 to x 0..2, y 0..1, z 0..1 (lying along x)"
    )
    assert model.describe(Place(0, model.pose(0, 2, 2, 2))) == "place 1x1x1 #1 at x 2, y 2, z 2"


def test_an_assembly_with_holes_lays_only_real_pieces():
    from puzzleviz.solvers.cube.geometry import cuboid
    from puzzleviz.solvers.cube.puzzle import PieceType, make_puzzle

    puzzle = make_puzzle((2, 2, 2), [PieceType("1x2x2", cuboid((1, 2, 2)), 1)], allow_holes=True)
    solution = solve_exact(puzzle, max_solutions=1).solutions[0]
    trace = assembly_trace(puzzle, solution)
    model = CubeModel(puzzle, 0)
    final = model.initial_state()
    model.apply_rows(final, trace.rows)
    assert trace.n_events == 1 and model.coverage(final).sum() == 4
    assert "4 cells stay empty" in trace.milestones()[-1][2]
    assert_trace_replays(trace, model, final)


def test_the_demo_traces_replay_and_keep_their_promises():
    from puzzleviz.solvers.cube.demo import demo_search_trace, demo_stochastic_trace, demo_trace
    from puzzleviz.solvers.traceview import model_for

    assembly = demo_trace()
    assert "space diagonal in every one" in assembly.header.params["caption"]
    search = demo_search_trace()
    winning = demo_stochastic_trace(part="end")
    start = demo_stochastic_trace(part="start")
    for trace in (assembly, search, winning):
        model = model_for(trace)
        final = np.array(trace.header.initial_state, dtype=np.int32)
        model.apply_rows(final, trace.rows)
        assert trace.milestones()[-1][1] == "solution"
        inside = model.space.box_mask().astype(bool)
        assert (model.coverage(final).ravel()[inside] == 1).all()
        assert_trace_replays(trace, model, final)
    kinds = [kind for _, kind, _ in start.milestones()]
    assert kinds[0] == "start" and kinds.count("restart") >= 3

"""What the scenes promise, checked on their pure layout and animation functions."""

from __future__ import annotations

import math

import numpy as np
import pytest
from puzzleviz.scenes.cube import _animated_pieces
from puzzleviz.scenes.digits import Board, _draw_flight, _tray_shape
from puzzleviz.scenes.rings import _ball_positions, place
from puzzleviz.scenes.setgame import board_layout
from puzzleviz.scenes.sudoku import grid_layout
from puzzleviz.solvers.cube.model import Place as CubePlace
from puzzleviz.solvers.digits.model import Place as DigitsPlace
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.geometry import layout
from puzzleviz.solvers.rings.model.model import RingsModel, Rotate
from puzzleviz.solvers.setgame.model import SetGameModel
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.player import Frame, Mode
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.timeline import Level

from tests.scenes.conftest import player_at

STAGE = Rect(10, 60, 1260, 600)


def frame_with(trace, model, state, event, t) -> Frame:
    return Frame(trace=trace, model=model, state=state, event=event, t=t, cursor=0, step=0,
                 caption="", counters={}, milestones_reached=0, mode=Mode.PAUSED,
                 level=Level.STEP, speed=1.0)  # fmt: skip


@pytest.mark.parametrize("config", ["2/20/2/4", "3/20/1/4", "5/18/1/2"])
def test_turning_balls_slide_along_their_ring_the_short_way(config):
    model = RingsModel(config)
    geometry = layout(model.config)
    state = model.initial_state()
    trace = RecordingTracer(model, solver="test").finish()
    ring, f = 0, model.config.size - 2  # two steps clockwise, not Gsz - 2 counter-clockwise
    circuit = model.config.circuits[ring]
    cx, cy = geometry.centres[ring]
    for t in (0.25, 0.5, 0.75):
        xy = _ball_positions(
            model.config, geometry, frame_with(trace, model, state, Rotate(ring, f), t)
        )
        radii = np.hypot(xy[circuit, 0] - cx, xy[circuit, 1] - cy)
        assert np.allclose(radii, 1.0)  # on the ring, between resting places
    start = _ball_positions(model.config, geometry, frame_with(trace, model, state, None, 0))
    near_end = _ball_positions(
        model.config, geometry, frame_with(trace, model, state, Rotate(ring, f), 0.999)
    )
    ball = circuit[0]
    expected = geometry.point(ring, 1 - 2)  # two positions back: clockwise
    assert np.allclose(near_end[ball], expected, atol=0.02)
    others = np.setdiff1d(np.arange(model.config.n_balls), circuit)
    assert np.allclose(near_end[others], start[others])  # other rings stay still


def test_ring_hit_testing_finds_the_ring_under_the_mouse():
    config = RingConfig.parse("5/18/1/2")
    where = place(config, STAGE)
    for ring, (cx, cy) in enumerate(where.geometry.centres):
        x, y = where.to_screen(cx + math.cos(0.3 + ring), cy + math.sin(0.3 + ring))
        assert where.ring_at(x, y) == ring
        centre = where.to_screen(cx, cy)
        assert where.ring_at(*centre) is None  # the middle of a ring is not its track


def test_cube_piece_drops_from_above_and_lands_in_place(demo):
    trace = demo("cube")
    model = model_for(trace)
    state = model.initial_state()
    event = model.events.decode(trace.rows[0])
    assert isinstance(event, CubePlace)
    rest = model.piece_at(event.piece, event.pose)
    high = _animated_pieces(model, frame_with(trace, model, state, event, 0.05))[-1]
    low = _animated_pieces(model, frame_with(trace, model, state, event, 0.999))[-1]
    resting = np.asarray(rest.origin) + np.asarray(rest.extent) / 2
    assert high.center[2] > model.puzzle.box[2]  # starts above the box
    assert np.allclose(low.center, resting, atol=1e-3) and low.alpha == 1.0


def test_a_digit_lands_exactly_on_its_placement(demo):
    trace = demo("digits")
    model = model_for(trace)
    board = Board(model, STAGE, 1.0)
    for i in range(trace.n_events):
        event = model.events.decode(trace.rows[i])
        if (
            isinstance(event, DigitsPlace)
            and model.orientation_turn(event.piece, event.orientation)[1]
        ):
            break  # a flipped placement: the hardest case
    d = DrawList2D(1280, 720)
    _draw_flight(d, model, board, event, 1.0)
    drawn = next(block for kind, block in d.finish() if kind == "tris")
    expected = board.to_screen(np.array(model.placement_triangles(event.piece, event.orientation,
                                                                  event.x, event.y)))  # fmt: skip
    tris = _tray_shape(model, event.piece)[0]
    body = drawn.reshape(-1, 3, 6)[-len(tris) :, :, :2]  # the piece after its shadow
    assert np.allclose(
        np.sort(body.reshape(-1, 2), axis=0), np.sort(expected.reshape(-1, 2), axis=0), atol=1e-3
    )


def test_set_board_layout_hit_tests_every_card():
    model = SetGameModel(3, 4)
    board = board_layout(model, STAGE)
    assert len(board.x) == 81 and board.real_cards
    for card in range(81):
        assert board.card_at(*board.center(card)) == card
    assert board.x.min() >= STAGE.x and board.x.max() + board.w <= STAGE.x + STAGE.w


def test_sudoku_layout_keeps_whole_pixel_cells_inside_the_stage():
    for b in (2, 3, 4):
        layout_ = grid_layout(STAGE, b, 1.0)
        assert layout_.cell == int(layout_.cell)
        g = layout_.grid
        assert g.x >= STAGE.x and g.y >= STAGE.y and g.y + g.h <= STAGE.y + STAGE.h
        x, y = layout_.candidate_center(b * b * b * b - 1, b * b)
        assert g.x < x < g.x + g.w and g.y < y < g.y + g.h


def test_player_reaches_each_demo_end_state(demo):
    for puzzle in ("cube", "rings", "digits", "setgame", "sudoku"):
        trace = demo(puzzle)
        player = player_at(trace, trace.n_events)
        state = np.array(trace.header.initial_state, dtype=np.int32)
        model = model_for(trace)
        model.apply_rows(state, trace.rows)
        assert np.array_equal(player.state, state), puzzle


def test_the_slice_view_reads_like_the_printed_slices(demo):
    """Key V draws the z-slices the way `puzzleviz solve cube` prints them: every code at
    the same row and column of its slice (row y = 0 at the top in both)."""
    from puzzleviz.scenes.cube import _draw_slices
    from puzzleviz.solvers.cube.report import slice_lines

    trace = demo("cube")
    player = player_at(trace, trace.n_events)
    model, state = player.model, player.state
    d = DrawList2D(1920, 1080)
    _draw_slices(d, model, state, Rect(0, 0, 1900, 1000), 1.5)
    nz, ny, nx = 5, 5, 5
    drawn = [(run.text, run.boxes[0]) for run in d.texts if run.text.isdigit()]
    assert len(drawn) == nz * ny * nx  # every code fits at this size
    centres = (
        np.array([(box[0] + box[2]) / 2 for _, box in drawn]),
        np.array([(box[1] + box[3]) / 2 for _, box in drawn]),
    )
    printed = slice_lines(model, state)[1:]
    for z in range(nz):
        # the slices are drawn in reading order: z's 25 codes are the z-th run of 25
        texts = [text for text, _ in drawn[z * 25 : (z + 1) * 25]]
        xs, ys = centres[0][z * 25 : (z + 1) * 25], centres[1][z * 25 : (z + 1) * 25]
        order = np.lexsort((xs, np.round(ys)))  # top row first, left to right
        rows = [[texts[i] for i in order[r * nx : (r + 1) * nx]] for r in range(ny)]
        expected = [line.split()[z * nx : (z + 1) * nx] for line in printed]
        assert rows == expected, f"slice z = {z}"

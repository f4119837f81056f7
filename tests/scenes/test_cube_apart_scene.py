"""The cube scene playing a disassembly: the moving group slides by the event's units along
its axis, outlined and solid; the rest stays put and see-through; the view keeps every
piece in frame."""

from __future__ import annotations

import numpy as np
from puzzleviz.scenes import cube
from puzzleviz.solvers.cube.model import Slide
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.player import Player


def frame_at(trace, position: float):
    player = Player(trace, model_for(trace))
    player.seek(position)
    return player.frame()


def test_the_moving_group_slides_by_its_units_outlined_and_the_rest_stays(search_trace):
    trace = search_trace("cube-disassembly")
    for k in range(trace.n_events):
        start, middle, end = (frame_at(trace, k + t) for t in (0.0, 0.5, 0.999))
        event = middle.event
        assert isinstance(event, Slide)
        unit = cube.UNITS[event.direction] * event.amount
        before = {s.piece.instance: s for s in cube._animated_pieces(middle.model, start)}
        halfway = {s.piece.instance: s for s in cube._animated_pieces(middle.model, middle)}
        for instance, shown in halfway.items():
            moved = shown.center - before[instance].center
            if instance in event.members():
                assert shown.moving and shown.alpha == 1.0
                assert np.allclose(moved, unit * cube.ease(0.5))
            else:
                assert not shown.moving and shown.alpha < 1.0
                assert np.allclose(moved, 0)
        assert end.event == event
        resting = cube._animated_pieces(middle.model, frame_at(trace, k + 1))
        assert {s.piece.instance for s in resting if s.moving} == set(event.members())


def test_the_view_widens_to_keep_every_piece_in_frame(search_trace):
    trace = search_trace("cube-disassembly")
    scene = cube.CubeScene()
    radii = []
    for cursor in (0, trace.n_events):
        frame = frame_at(trace, cursor)
        pieces = cube._animated_pieces(frame.model, frame)
        base = scene.default_camera(frame.model)
        radii.append(cube._apart_camera(frame.model, pieces, base, base).distance)
    assert radii[1] > radii[0]  # the parts set aside at the end are still in view

"""Nothing slow stands between a trace and its first frame: a sudoku trace that keeps no
ratings (recorded before they were kept in its header) opens with its title alone, and the
rating, a whole solve away, arrives when the scene has warmed up beside the frames."""

from __future__ import annotations

import dataclasses

from puzzleviz.solvers.sudoku import rated
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import scene_for, warm_up_beside


def without_ratings(trace):
    params = {k: v for k, v in trace.header.params.items() if k != "ratings"}
    return dataclasses.replace(trace, header=dataclasses.replace(trace.header, params=params))


def test_an_old_sudoku_trace_opens_untitled_and_is_rated_beside_its_frames(demo, monkeypatch):
    monkeypatch.setattr(rated, "_BY_SETTINGS", {})
    kept = demo("sudoku")
    old = without_ratings(kept)
    scene = scene_for("sudoku")
    frame = Player(old, model_for(old)).frame()
    assert "SE " not in scene.heading(frame), "the first frame must not wait for a solve"
    thread = warm_up_beside(scene, old)
    assert thread is not None
    thread.join(600)
    rated_heading = scene.heading(frame)
    assert rated_heading == scene.heading(Player(kept, model_for(kept)).frame())
    assert "SE " in rated_heading


def test_a_scene_with_nothing_to_warm_up_starts_no_thread(demo):
    assert warm_up_beside(scene_for("rings"), demo("rings")) is None

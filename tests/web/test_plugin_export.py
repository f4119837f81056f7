"""A puzzle from outside the package (the tests' toy, installed as a plugin is) exports
with no JavaScript of its own, and what the page holds at each step is, row for row, the
draw list the window composes there, paused and playing (its footer's pace apart, which
the page draws over it): parity by construction, before any browser."""

from __future__ import annotations

import base64
import re

import numpy as np
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.compose import compose, default_look
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.hud import HudOptions, draw_pace, speed_text
from puzzleviz.viz.player import Mode, Player
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.web.encode import Runs, decode
from puzzleviz.viz.web.export import render_page

from tests.viz.test_player import make_trace

SIZE = (320, 180)


def test_a_plugin_puzzle_exports_and_its_rest_frames_are_the_windows(toy_scene):
    trace = make_trace(n_steps=4, per_step=3)[0]
    result = render_page(trace, SIZE)
    payload = re.search(r'id="payload">([^<]*)<', result.html)
    assert payload is not None
    decoded = decode(base64.b64decode(payload.group(1)))
    header = decoded.header
    assert header["kind"] == "toy"
    assert len(header["rest"]) == trace.n_steps + 1

    player = Player(trace, model_for(trace))
    look = default_look(scene_for("toy"), player.frame(), HudOptions(pace=False))
    playing = header["playing"]
    for slot, position in enumerate(header["positions"]):
        player.seek(position)
        for mode, frame in ((Mode.PAUSED, decoded.frame_at(slot)),
                            (Mode.PLAYING, decoded.frames[playing[slot]])):  # fmt: skip
            player.mode = mode
            assert_same_runs(frame, compose(player.frame(), look, SIZE)[0].d2.finish())
        player.mode = Mode.PAUSED
    assert playing[0] != header["slots"][0]  # the footer's button differs

    # the pace the window's footer shows, baked apart for the page to draw over a frame
    player.seek(0)
    layout = compose(player.frame(), look, SIZE)[1]
    label = header["paceLabels"][header["paceSpeeds"].index(player.speed)][0]
    pace = DrawList2D(*SIZE)
    draw_pace(pace, speed_text(player.frame()), layout)
    assert_same_runs(decoded.frames[label], pace.finish())


def assert_same_runs(got: Runs, drawn: Runs) -> None:
    assert [kind for kind, _ in got] == [kind for kind, _ in drawn]
    for (_, a), (_, b) in zip(got, drawn, strict=True):
        assert np.array_equal(a.view("<u4"), np.asarray(b, "<f4").view("<u4"))

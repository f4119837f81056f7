"""Golden frames of every scene at steps that matter, at 320x180 (see tests/golden.py)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.golden import assert_matches_golden
from tests.scenes.conftest import render_at


def first_event(trace, op_name: str, start: int = 0) -> int:
    from puzzleviz.solvers.traceview import model_for

    model = model_for(trace)
    for i in range(start, trace.n_events):
        if model.events.name(int(trace.rows[i, 0])) == op_name:
            return i
    raise AssertionError(f"no {op_name} event in the trace")


@pytest.mark.parametrize(
    ("name", "puzzle", "where", "options"),
    [
        ("cube_drop", "cube", lambda t: 6.5, {}),  # a brick dropping into layer 1
        ("cube_slices", "cube", lambda t: t.n_events, {"slices": True}),  # with the z-slices
        ("cube_groups", "cube", lambda t: t.n_events, {"groups_z": True}),  # bottom/top/inside
        ("rings_slide", "rings", lambda t: 3.5, {}),  # balls mid-slide
        ("rings_solved", "rings", lambda t: t.n_events, {}),  # the tracks turn green
        ("digits_flight", "digits", lambda t: first_event(t, "Place", 5) + 0.5, {}),
        ("digits_classes", "digits", lambda t: 0, {"classes": True}),
        ("set_search", "setgame", lambda t: 40.5, {}),
        ("set_cap", "setgame", lambda t: t.n_events, {}),  # a 20-card cap
        ("sudoku_eliminate", "sudoku", lambda t: first_event(t, "Eliminate") + 0.5, {}),
        ("sudoku_solved", "sudoku", lambda t: t.n_events, {}),
    ],
)
def test_scene_golden_frames(gl_ctx, demo, update_golden, name, puzzle, where, options):
    trace = demo(puzzle)
    image = render_at(gl_ctx, trace, where(trace), **options)
    assert image.std() > 10, "the frame is (nearly) blank"
    assert_matches_golden(image, f"scene_{name}", update_golden)


def test_scenes_differ_between_start_and_end(gl_ctx, demo):
    for puzzle in ("cube", "rings", "digits", "setgame", "sudoku"):
        trace = demo(puzzle)
        start = render_at(gl_ctx, trace, 0)
        end = render_at(gl_ctx, trace, trace.n_events)
        assert not np.array_equal(start, end), puzzle

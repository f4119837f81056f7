"""The N-queens scene: the projector rules of every scene (text size, overlap, contrast) on
its demo and on the largest board, and what it promises to show: a rejected square crossed
in the colour of the queen that attacks it, the lit row, the solved board."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from puzzleviz.scenes.queens import ACTIVE, DARK, LIGHT, QueensScene, layout, queen_color
from puzzleviz.solvers.queens import COUNTERS, MAX_N
from puzzleviz.solvers.queens.model import Conflict, QueensModel
from puzzleviz.solvers.queens.options import QueensProblem
from puzzleviz.solvers.queens.search import backtracking
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.color import over
from puzzleviz.viz.hud import HudOptions, hud_layout
from puzzleviz.viz.scene import scene_for

from tests.scenes import test_projector as projector
from tests.scenes.conftest import render_at

SIZE = (1280, 720)


@functools.cache
def largest_board():
    """The largest board the command takes (the smallest squares), its search stopped after
    3,000 queens (its count would take hours)."""
    from puzzleviz.solvers.plugin import Limits
    from puzzleviz.solvers.progress import Progress

    model = QueensModel(MAX_N)
    tracer = RecordingTracer(model, solver="queens.backtracking", counters=COUNTERS)
    limits, silent = Limits(nodes=3000), Progress(None, "", enabled=False)
    backtracking(QueensProblem(MAX_N), tracer, limits, silent)
    return tracer.finish()


def traces(demo):
    return {"demo": demo("queens"), "largest": largest_board()}


CASES = [(name, options, help_shown) for name in ("demo", "largest")
         for _, options, help_shown in projector.views(QueensScene())]  # fmt: skip


def test_the_registry_draws_queens_with_this_scene():
    assert isinstance(scene_for("queens"), QueensScene)


@pytest.mark.parametrize("size", projector.SIZES, ids=[f"{w}x{h}" for w, h in projector.SIZES])
@pytest.mark.parametrize(("name", "options", "help_shown"), CASES)
def test_text_is_large_inside_the_frame_and_never_overlaps(demo, name, options, help_shown, size):
    projector.check_readable(traces(demo)[name], options, help_shown, size)


@pytest.mark.gl
@pytest.mark.parametrize(("name", "options", "help_shown"), CASES)
def test_text_contrasts_with_what_is_behind_it(gl_ctx, demo, name, options, help_shown):
    projector.check_contrast(gl_ctx, traces(demo)[name], options, help_shown)


def pixel(image: np.ndarray, x: float, y: float) -> np.ndarray:
    return image[round(y), round(x), :3].astype(float) / 255


def close(image: np.ndarray, x: float, y: float, color, tolerance: float = 0.08) -> bool:
    return bool(np.abs(pixel(image, x, y) - np.array(over(color, "#FFFFFF")[:3])).max() < tolerance)


@pytest.mark.gl
def test_a_rejected_square_is_crossed_in_its_attackers_colour_in_the_lit_row(gl_ctx, demo):
    trace = demo("queens")
    model = QueensModel(trace.header.definition["n"])
    events = model.events.decode_rows(trace.rows)
    k = next(i for i, e in enumerate(events) if isinstance(e, Conflict))
    conflict = events[k]
    assert isinstance(conflict, Conflict)
    image = render_at(gl_ctx, trace, k + 1, size=SIZE)  # at rest, just after the cross
    stage = hud_layout(*SIZE, HudOptions()).stage
    board, _ = layout(model.n, stage, 1.0)
    cx, cy = board.center(conflict.row, conflict.col)
    assert close(image, cx, cy, queen_color(conflict.by_row), 0.12)  # the cross's middle
    square = LIGHT if (conflict.row + conflict.col) % 2 == 0 else DARK
    lit = over(ACTIVE, square)
    corner = (cx - board.cell * 0.45, cy + board.cell * 0.3)  # off the cross and its line
    assert close(image, *corner, lit)


@pytest.mark.gl
def test_the_solved_board_is_framed_green_and_clear_of_crosses(gl_ctx, demo):
    trace = demo("queens")
    model = QueensModel(trace.header.definition["n"])
    image = render_at(gl_ctx, trace, trace.n_events, size=SIZE)
    stage = hud_layout(*SIZE, HudOptions()).stage
    board, _ = layout(model.n, stage, 1.0)
    assert close(image, board.x, board.y + board.cell * model.n / 2, "#009E73", 0.1)
    for row in range(model.n):
        for col in range(model.n):
            x, y = board.center(row, col)
            plain = LIGHT if (row + col) % 2 == 0 else DARK
            corner = (x - board.cell * 0.42, y - board.cell * 0.42)
            assert close(image, *corner, plain, 0.04)  # no cross, no lit row

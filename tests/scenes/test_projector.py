"""Projector rules for every scene, every view and the help: what a class in the back row
needs. Each text item a frame draws is checked for its size (no text under 18 px at
1280x720, proportionally more at 1080p), for staying inside the frame and clear of every
other text, and, on the rendered frame, for 4.5:1 contrast (WCAG AA) with what is behind it.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pytest

from viz.app import App
from viz.color import contrast, over
from viz.compose import compose, default_look, render_frame
from viz.draw2d import TextRun
from viz.hud import HudOptions
from viz.player import Player
from viz.scene import scene_for
from viz.target import RenderTarget

from .conftest import SEARCHES, renderer

PUZZLES = ("cube", "digits", "rings", "setgame", "sudoku")
SIZES = ((1280, 720), (1920, 1080))
MIN_TEXT = 18.0  # pixels at 720 rows
MIN_CONTRAST = 4.5
AT = (0.0, 0.35, 0.7, 1.0)  # shares of the trace, at rest (the step there shown done)


def views(scene) -> list[tuple[str, dict[str, bool], bool]]:
    """(name, options, help shown): the default view, each option switched, the help."""
    out = [("default", {}, False)]
    out += [(option.name, {option.name: not option.default}, False) for option in scene.options]
    return [*out, ("help", {}, True)]


def cases():
    for puzzle in PUZZLES:
        for name, options, help_shown in views(scene_for(puzzle)):
            yield pytest.param(puzzle, options, help_shown, id=f"{puzzle}-{name}")
    for search in SEARCHES:  # the searches' own look: notes, charts, guesses, long timelines
        yield pytest.param(search, {}, False, id=search)


def trace_of(name: str, demo, search_trace):
    return search_trace(name) if name in SEARCHES else demo(name)


@functools.cache
def help_rows(trace) -> tuple[tuple[str, str], ...]:
    """The help an App shows for this scene (without a window or GL)."""
    app = App.__new__(App)
    app.scene = scene_for(trace.header.kind)
    app.interaction = app.scene.interaction()
    app.player = Player(trace, _model(trace))
    app.look = default_look(app.scene, app.player.frame())
    app.tour = False
    return app.help_rows()


def _model(trace):
    from solvers.traceview import model_for

    return model_for(trace)


def frames(trace, options: dict[str, bool], help_shown: bool):
    player = Player(trace, _model(trace))
    scene = scene_for(trace.header.kind)
    look = default_look(scene, player.frame())
    hud = HudOptions(show_help=help_shown, help_rows=help_rows(trace) if help_shown else ())
    look = dataclasses.replace(look, options={**look.options, **options}, hud=hud)
    steps = trace.n_steps
    for share in AT:
        player.seek_step(round(share * steps) - 1)
        yield player.frame(), look


def boxes_of(runs: list[TextRun]) -> tuple[np.ndarray, list[tuple[str, float]]]:
    boxes = np.concatenate([run.boxes for run in runs]) if runs else np.zeros((0, 4))
    owners = [(run.text, run.size) for run in runs for _ in range(len(run.boxes))]
    return boxes, owners


@pytest.mark.parametrize("size", SIZES, ids=["720p", "1080p"])
@pytest.mark.parametrize(("puzzle", "options", "help_shown"), list(cases()))
def test_text_is_large_inside_the_frame_and_never_overlaps(
    demo, search_trace, puzzle, options, help_shown, size
):
    scale = size[1] / 720
    for frame, look in frames(trace_of(puzzle, demo, search_trace), options, help_shown):
        canvas, _ = compose(frame, look, size, show_text=False)
        runs = canvas.d2.texts
        least = MIN_TEXT * scale - 1e-6
        small = [(run.text, round(run.size, 1)) for run in runs if run.size < least]
        assert not small, f"step {frame.step + 1}: text under {least:.0f} px: {small[:6]}"
        boxes, owners = boxes_of(runs)
        outside = (boxes[:, 0] < 0) | (boxes[:, 1] < 0) | (boxes[:, 2] > size[0]) | (
            boxes[:, 3] > size[1])  # fmt: skip
        left = [owners[i] for i in np.flatnonzero(outside)]
        assert not left, f"step {frame.step + 1}: text leaves the frame: {left[:4]}"
        x0, y0, x1, y1 = (boxes[:, k] for k in range(4))
        hit = (x0[:, None] < x1[None] - 1) & (x0[None] < x1[:, None] - 1)
        hit &= (y0[:, None] < y1[None] - 1) & (y0[None] < y1[:, None] - 1)
        np.fill_diagonal(hit, False)
        pairs = {tuple(sorted((owners[i][0], owners[j][0]))) for i, j in np.argwhere(hit)}
        assert not pairs, f"step {frame.step + 1}: texts overlap: {sorted(pairs)[:4]}"


@pytest.mark.gl
@pytest.mark.parametrize(("puzzle", "options", "help_shown"), list(cases()))
def test_text_contrasts_with_what_is_behind_it(
    gl_ctx, demo, search_trace, puzzle, options, help_shown
):
    """Rendered without its text, the frame shows what each text is read against: the
    text's colour, composited over the median colour there, must reach 4.5:1."""
    size = SIZES[0]
    target = RenderTarget(gl_ctx, size, 0)
    try:
        for frame, look in frames(trace_of(puzzle, demo, search_trace), options, help_shown):
            canvas, _ = compose(frame, look, size, show_text=False)
            render_frame(renderer(gl_ctx), target, frame, look, show_text=False)
            background = target.read_image().astype(np.float64) / 255.0
            poor = []
            for run in canvas.d2.texts:
                for box, color in zip(run.boxes, np.broadcast_to(run.colors, (len(run.boxes), 4)),
                                      strict=True):  # fmt: skip
                    x0, y0, x1, y1 = (round(float(v)) for v in box)
                    patch = background[max(y0, 0) : y1, max(x0, 0) : x1].reshape(-1, 3)
                    if not len(patch):
                        continue
                    behind = np.median(patch, axis=0)
                    ratio = contrast(over(tuple(color), tuple(behind)), tuple(behind))
                    if ratio < MIN_CONTRAST:
                        poor.append((run.text[:30], round(ratio, 2)))
            assert not poor, f"step {frame.step + 1}: contrast under 4.5:1: {poor[:6]}"
    finally:
        target.release()

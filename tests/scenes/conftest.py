"""Scene tests render real puzzle traces headless: a frame at a chosen cursor and tween."""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pytest

from solvers.trace import Trace
from solvers.traceview import model_for
from viz.compose import default_look, render_frame
from viz.player import Player
from viz.renderer import Renderer
from viz.scene import scene_for
from viz.target import RenderTarget

GOLDEN_SIZE = (320, 180)


@functools.cache
def renderer(ctx) -> Renderer:
    return Renderer(ctx)


def player_at(trace: Trace, position: float) -> Player:
    player = Player(trace, model_for(trace))
    player.seek(position)
    return player


def render_at(ctx, trace: Trace, position: float, size=GOLDEN_SIZE, **options) -> np.ndarray:
    """The frame at event position `position` (fraction = tween of the event there)."""
    player = player_at(trace, position)
    scene = scene_for(trace.header.kind)
    look = default_look(scene, player.frame())
    if options:
        look = dataclasses.replace(look, options={**look.options, **options})
    target = RenderTarget(ctx, size, 0)
    render_frame(renderer(ctx), target, player.frame(), look)
    image = target.read_image()
    target.release()
    return image


@pytest.fixture(scope="session")
def demo():
    """Demo traces by puzzle, built once per session."""
    from solvers.demos import demo_builders

    builders = dict(demo_builders())
    return functools.cache(lambda name: builders[name]())

"""Scene tests render real puzzle traces headless: a frame at a chosen cursor and tween."""

from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.compose import default_look, render_frame
from puzzleviz.viz.player import Player
from puzzleviz.viz.renderer import Renderer
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.target import RenderTarget

GOLDEN_SIZE = (320, 180)
BURRTOOLS = Path(__file__).parents[1] / "solvers" / "burrtools"


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
    from puzzleviz.solvers.demos import demo_builders

    builders = dict(demo_builders())
    return functools.cache(lambda name: builders[name]())


SEARCHES = {
    "rings-best-first": ["rings", "--config", "2/10/1/2", "--scramble", "8", "--seed", "3",
                         "--method", "best-first"],
    "cube-stochastic": ["cube", "--method", "stochastic", "--seed", "4"],
    "cube-exact": ["cube"],
    "cube-disassembly": ["cube", "--puzzle", str(BURRTOOLS / "CubeInCage.xmpuzzle"), "--classes",
                         "--disassemble"],
    "set-search": ["set", "--v", "3", "--n", "3", "--count"],
    "sudoku-guessing": ["sudoku", "8000000000036000000700902000500070000000457000001000300010000"
                        "68008500010090000400", "-q"],
}  # fmt: skip


@pytest.fixture(scope="session")
def search_trace(tmp_path_factory):
    """Real search traces made through the CLI, by name (see SEARCHES), made once."""
    from puzzleviz.solvers.tracefile import load_trace
    from puzzleviz.viz.cli import main

    folder = tmp_path_factory.mktemp("searches")

    @functools.cache
    def make(name: str) -> Trace:
        path = folder / f"{name}.pzt"
        assert main(["solve", *SEARCHES[name], "--trace", str(path)]) == 0
        return load_trace(path)

    return make


@pytest.fixture
def language():
    """Sets the reader's language for a test, and English again after it."""
    from puzzleviz.solvers import i18n

    yield i18n.set_language
    i18n.set_language("en")

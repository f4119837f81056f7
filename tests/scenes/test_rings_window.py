"""The rings window's G: the best answer within a few seconds, said for what it is, and
played from its beginning."""

from __future__ import annotations

import time

import pygame
import pytest
from puzzleviz.solvers.rings.model.model import RingsModel, Rotate
from puzzleviz.solvers.rings.model.shuffle import random_moves
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.app import App
from puzzleviz.viz.player import GLIDE_SECONDS, Mode

SIZE = (960, 540)


def scrambled_app(gl_ctx, config: str, turns: int) -> App:
    pygame.init()
    model = RingsModel(config)
    tracer = RecordingTracer(model, solver="rings.play")
    tracer.step("scramble")
    for ring, f in random_moves(model.config, turns, seed=7):
        tracer.emit(Rotate(ring, f))
    app = App(gl_ctx, [tracer.finish()], size=SIZE)
    app.player.seek(app.player.trace.n_events)
    app.render()
    return app


def press_g_and_wait(app: App) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0))
    assert app.session.job is not None
    deadline = time.monotonic() + 300
    while app.session.job is not None and time.monotonic() < deadline:
        app.tick(0.05)
        app.render()
    assert app.session.job is None, "the search did not finish"


@pytest.mark.parametrize(
    ("config", "turns", "proof"),
    [("2/8/2/2", 5, "(proven)"), ("3/10/1/2", 4, "(not proven shortest)")],
)
def test_g_solves_with_the_best_method_and_says_whether_it_is_proven(gl_ctx, config, turns,
                                                                     proof):  # fmt: skip
    app = scrambled_app(gl_ctx, config, turns)
    press_g_and_wait(app)
    trace = app.player.trace
    assert trace.header.solver == "rings.practical"
    moves = [trace.step_caption_text(k) for k in range(trace.n_steps)]
    n = sum(1 for c in moves if c.startswith("Move "))
    assert 0 < n <= turns
    heading = app.scene.heading(app.player.frame())
    words = f"shortest: {n} moves (proven)" if proof == "(proven)" else f"{n} moves {proof}"
    assert words in heading, heading
    assert words in app.look.hud.message  # the notice under the heading
    # from its beginning, at the automatic (readable) pace
    assert app.player.mode is Mode.PLAYING and app.player.position < 1 and app.player.auto
    app.tick(GLIDE_SECONDS)
    app.player.seek(trace.n_events)
    assert app.player.model.is_goal(app.player.state)

"""Playing puzzles in the window, driven headless: keys and clicks into an App."""

from __future__ import annotations

import math
import time

import numpy as np
import pygame
import pytest
from puzzleviz.scenes.rings import place, rings_area
from puzzleviz.scenes.setgame import board_layout
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.rings.model.model import RingsModel, Rotate
from puzzleviz.solvers.setgame.model import CHOSEN, EXCLUDED, Add, Exclude, Forbid, SetGameModel
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.app import App
from puzzleviz.viz.compose import make_view
from puzzleviz.viz.player import GLIDE_SECONDS, Mode

SIZE = (960, 540)


def app_for(gl_ctx, model) -> App:
    pygame.init()
    trace = RecordingTracer(model, solver="play").finish()
    app = App(gl_ctx, [trace], size=SIZE)
    app.render()  # the session learns the view it hit-tests against
    return app


def view_of(app: App):
    """The view the app draws and hit-tests with."""
    return make_view(app.look, SIZE, app.player.frame())[0]


def key(app: App, code: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))
    app.tick(GLIDE_SECONDS)
    app.render()


def click(app: App, x: float, y: float, button: int = 1) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=button))
    app.tick(GLIDE_SECONDS)
    app.render()


def last_events(app: App, count: int) -> list:
    trace = app.player.trace
    return app.player.model.events.decode_rows(trace.rows[trace.n_events - count :])


def test_rings_turn_by_key_and_by_click(gl_ctx):
    app = app_for(gl_ctx, RingsModel("2/20/2/4"))
    key(app, pygame.K_1)
    assert last_events(app, 1) == [Rotate(0, 1)]
    key(app, pygame.K_2, pygame.KMOD_SHIFT)
    assert last_events(app, 1) == [Rotate(1, 19)]  # the other way round
    where = place(app.player.model.config, rings_area(view_of(app))[0])
    cx, cy = where.geometry.centres[1]
    x, y = where.to_screen(cx + math.cos(0.4), cy + math.sin(0.4))
    click(app, x, y)
    assert last_events(app, 1) == [Rotate(1, 1)]
    assert app.player.trace.n_events == 3 and app.player.cursor == 3
    assert not app.player.model.is_goal(app.player.state)


def test_rings_shuffle_reset_and_a_background_search(gl_ctx):
    app = app_for(gl_ctx, RingsModel("2/8/1/2"))
    key(app, pygame.K_x)
    assert app.player.trace.n_events == 40
    app.player.seek(40)
    app.interaction.method = "bfs"  # small and exact; the first run also compiles it
    # pressed, not ticked: a compiled search can finish, and be handed over, within one tick
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0))
    assert app.session.job is not None and render(app.session.job.label) == "breadth-first search"
    wait_for_job(app)
    trace = app.player.trace
    assert trace.header.solver == "rings.bfs"
    assert app.scene.heading(app.player.frame()).endswith("breadth-first search")
    # the result plays from its beginning, at the automatic (readable) pace
    assert app.player.mode is Mode.PLAYING and app.player.position < 1 and app.player.auto
    assert app._result.startswith("breadth-first search: shortest: ")  # in words, no command
    app.player.seek(trace.n_events)
    assert app.player.model.is_goal(app.player.state)
    key(app, pygame.K_z)
    assert app.player.trace.n_events == 0 and app.player.model.is_goal(app.player.state)
    key(app, pygame.K_u)  # the reset is undone: the search's result is back
    assert app.player.trace is trace


def wait_for_job(app: App, seconds: float = 300) -> None:
    deadline = time.monotonic() + seconds
    while app.session.job is not None and time.monotonic() < deadline:
        app.tick(0.05)
        app.render()
    assert app.session.job is None, "the job did not finish"


def test_a_search_that_stops_at_its_limit_says_so_until_the_next_action(gl_ctx):
    app = app_for(gl_ctx, RingsModel("2/20/2/4"))
    key(app, pygame.K_x)
    app.interaction.method = "iddfs"  # 38 turns a position: its node limit comes first
    key(app, pygame.K_g)
    wait_for_job(app)
    said = "iterative deepening search: stopped at its limit of 2,000,000 positions"
    assert app._notice().startswith(said)
    app.tick(30.0)  # long after a notice would have faded
    assert app._notice().startswith(said)
    key(app, pygame.K_1)  # the next action
    app.tick(30.0)
    assert app._notice() == ""


def test_set_g_plays_the_search_from_the_cards_on_the_board(gl_ctx):
    model = SetGameModel(3, 4)
    app = app_for(gl_ctx, model)
    board = board_layout(model, make_view(app.look, SIZE)[0].stage)
    for card in (0, 1):
        click(app, *board.center(card))
    key(app, pygame.K_g)
    wait_for_job(app)
    trace = app.player.trace
    assert trace.header.solver == "setgame.fast" and trace.header.params["watch"]
    assert trace.n_steps > 20  # the search's placements and take-backs, not one laid-out cap
    assert app.player.mode is Mode.PLAYING and app.player.position < 1
    app.player.seek(trace.n_events)
    status = model.status(app.player.state)
    assert np.count_nonzero(status == CHOSEN) == 20 and status[0] == status[1] == CHOSEN
    assert app._result == "the largest cap here has 20 cards"


def test_set_cards_are_added_forbidden_and_refused_by_clicking(gl_ctx):
    model = SetGameModel(3, 4)
    app = app_for(gl_ctx, model)
    board = board_layout(model, view_of(app).stage)
    click(app, *board.center(0))
    click(app, *board.center(1))
    events = app.player.model.events.decode_rows(app.player.trace.rows)
    assert events[0] == Add(0, 1)
    assert Add(1, 2) in events and Exclude(2, 2) in events  # 0000 and 0001 need 0002
    assert model.status(app.player.state)[2] == EXCLUDED
    before = app.player.trace.n_events
    click(app, *board.center(2))  # would complete a SET: refused, with a reason
    assert app.player.trace.n_events == before
    assert app._message == (
        "1 red open diamond would complete a SET with 1 red solid diamond and 1 red striped diamond"
    )
    captions = [app.player.trace.step_caption_text(k) for k in range(app.player.trace.n_steps)]
    assert captions == ["You add 1 red solid diamond", "You add 1 red striped diamond"]
    click(app, *board.center(40), button=3)
    assert last_events(app, 1) == [Forbid(40)]
    assert model.forbidden(app.player.state)[40]


@pytest.mark.parametrize("steps", [1, 3])
def test_rings_wheel_turns_the_ring_under_the_mouse(gl_ctx, monkeypatch, steps):
    app = app_for(gl_ctx, RingsModel("2/20/2/4"))
    where = place(app.player.model.config, rings_area(view_of(app))[0])
    cx, cy = where.geometry.centres[0]
    x, y = where.to_screen(cx - 1.0, cy)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (int(x), int(y)))
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps))
    assert last_events(app, 1) == [Rotate(0, steps)]
    assert app.player.trace.rows[-1][:3].tolist() == [0, 0, steps]  # op, ring, f


def test_sudoku_technique_toggles_solve_again(gl_ctx):
    from puzzleviz.scenes.sudoku import grid_layout, technique_rows
    from puzzleviz.solvers.sudoku.record import enabled_techniques
    from puzzleviz.solvers.sudoku.search import solve_and_record

    pygame.init()
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    _, trace = solve_and_record(puzzle)
    app = App(gl_ctx, [trace], size=SIZE)
    app.render()
    view = view_of(app)
    rows = dict(technique_rows(grid_layout(view.stage, 3, view.scale)))
    x, y = rows["pointing_pair"].center
    click(app, x, y)
    deadline = time.monotonic() + 120
    while app.session.job is not None and time.monotonic() < deadline:
        app.tick(0.05)
        app.render()
    new = app.player.trace
    assert new is not trace
    assert "pointing_pair" not in enabled_techniques(new)
    assert "pointing_pair" in enabled_techniques(trace)
    assert "solved in" in app._notice()


def test_sudoku_techniques_can_be_switched_from_the_keyboard(gl_ctx):
    from puzzleviz.solvers.sudoku.record import enabled_techniques
    from puzzleviz.solvers.sudoku.search import solve_and_record
    from puzzleviz.solvers.sudoku.techniques import ORDERED

    pygame.init()
    puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    _, trace = solve_and_record(puzzle)
    app = App(gl_ctx, [trace], size=SIZE)
    app.render()
    key(app, pygame.K_RIGHTBRACKET)
    key(app, pygame.K_RIGHTBRACKET)
    assert ORDERED[2].title in app._message
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0))
    deadline = time.monotonic() + 120
    while app.session.job is not None and time.monotonic() < deadline:
        app.tick(0.05)
        app.render()
    assert ORDERED[2].name not in enabled_techniques(app.player.trace)


def test_cube_camera_resets_with_c_and_with_a_double_click(gl_ctx, demo):
    pygame.init()
    app = App(gl_ctx, [demo("cube")], size=SIZE)
    app.render()
    start = app.look.camera
    x, y = SIZE[0] / 2, SIZE[1] / 2

    def drag() -> None:
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 80, y + 30), rel=(80, 30),
                                      buttons=(1, 0, 0)))  # fmt: skip
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 80, y + 30), button=1))
        app.tick(1.0)  # long after: the next press is not a double click

    drag()
    assert app.look.camera != start
    key(app, pygame.K_c)
    assert app.look.camera == start
    drag()
    for _ in range(2):  # two presses 0.1 s apart
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
        app.tick(0.1)
    assert app.look.camera == start
    assert ("C or double-click", "reset the camera") in app.help_rows()

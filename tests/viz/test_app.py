"""The window's behaviour, driven headless: pygame events into an App on an EGL context."""

from __future__ import annotations

import time

import numpy as np
import pygame
import pytest
from puzzleviz.viz.app import App
from puzzleviz.viz.images import load_png
from puzzleviz.viz.player import GLIDE_SECONDS, Mode
from puzzleviz.viz.timeline import Level

from tests.viz.test_player import make_trace

SIZE = (640, 360)


@pytest.fixture
def app(gl_ctx, toy_scene, tmp_path):
    pygame.init()
    trace, _ = make_trace(n_steps=6, per_step=3)
    return App(gl_ctx, [trace], size=SIZE, screenshot_dir=tmp_path, speed=2.0)


def key(app: App, code: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))


def mouse(app: App, kind: int, pos, button: int = 1) -> None:
    if kind == pygame.MOUSEMOTION:
        app.handle(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    else:
        app.handle(pygame.event.Event(kind, pos=pos, button=button))


def run_toy_job(app: App) -> None:
    """The toy interaction's background job (J), waited for."""
    key(app, pygame.K_j)
    for _ in range(500):
        time.sleep(0.01)  # the job runs on a thread
        app.tick(0.01)
        if app.session.job is None:
            break


def test_space_plays_and_pauses(app):
    key(app, pygame.K_SPACE)
    assert app.player.mode is Mode.PLAYING
    app.tick(0.2)
    assert app.player.position > 0
    key(app, pygame.K_SPACE)
    assert app.player.mode is Mode.PAUSED


def test_the_play_button_plays_and_pauses_and_shows_what_a_click_does(app):
    button = app.layout.play_button
    x, y = button.center
    ink_at_center = []
    for expected in (Mode.PLAYING, Mode.PAUSED):
        mouse(app, pygame.MOUSEBUTTONDOWN, (x, y))
        mouse(app, pygame.MOUSEBUTTONUP, (x, y))
        assert app.player.mode is expected
        app.render()
        icon = app.layout.speed_box
        # the icon's middle column: the play triangle covers it, the pause bars leave a gap
        ix, iy = round(icon.x + 9 * app.layout.scale), round(icon.y + icon.h / 2)
        ink_at_center.append(int(app.target.read_image()[iy, ix].astype(int).sum()) < 200)
    assert ink_at_center == [False, True]  # playing: pause bars; paused: play triangle


def test_arrows_step_and_shift_arrows_jump_milestones(app):
    key(app, pygame.K_RIGHT)
    app.tick(GLIDE_SECONDS)
    assert app.player.position == 3
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert app.player.position == 6  # the first milestone
    key(app, pygame.K_LEFT)
    app.tick(GLIDE_SECONDS)
    assert app.player.position == 3
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    app.tick(GLIDE_SECONDS)
    assert app.player.position == 9
    key(app, pygame.K_PAGEUP)
    app.tick(GLIDE_SECONDS)
    assert app.player.position == 6


def test_home_end_speed_reverse_and_level(app):
    key(app, pygame.K_END)
    assert app.player.at_end
    key(app, pygame.K_HOME)
    assert app.player.at_start
    before = app.player.speed
    key(app, pygame.K_UP)
    assert app.player.speed > before
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert app.player.speed < before
    key(app, pygame.K_r)
    assert app.player.mode is Mode.REVERSING and app.player.at_end
    key(app, pygame.K_l)
    assert app.player.level is Level.MILESTONE


def test_timeline_click_and_drag_scrub_then_restore_the_mode(app):
    app.player.play()
    track = app.layout.track
    y = track.y + track.h / 2
    mouse(app, pygame.MOUSEBUTTONDOWN, (track.x + track.w / 2, y))
    assert app.player.mode is Mode.SCRUBBING
    assert app.player.position == 9
    mouse(app, pygame.MOUSEMOTION, (track.x + track.w, y))
    assert app.player.at_end
    mouse(app, pygame.MOUSEBUTTONUP, (track.x + track.w, y))
    assert app.player.mode is Mode.PAUSED  # it was playing, but scrubbed to the end


def test_hidpi_mouse_positions_are_scaled_to_pixels(app):
    app.resize((1280, 720), (640, 360))  # a 2x display: events come in window points
    track = app.layout.track
    y = (track.y + track.h / 2) / 2
    mouse(app, pygame.MOUSEBUTTONDOWN, ((track.x + track.w / 3) / 2, y))
    assert app.player.position == 6  # a third of 18 events: the end of step 2
    assert app.target.size == (1280, 720)


def test_scene_option_keys_toggle_and_help_shows_them(app):
    assert app.look.options["labels"] is True
    key(app, pygame.K_b)
    assert app.look.options["labels"] is False
    key(app, pygame.K_h)
    rows = dict(app.look.hud.help_rows)
    assert app.look.hud.show_help and rows["B"] == "Value labels" and rows["W"]
    assert "C or double-click" not in rows  # no camera in a 2D scene: no camera keys
    key(app, pygame.K_ESCAPE)
    assert not app.look.hud.show_help and not app.quit_requested
    key(app, pygame.K_ESCAPE)
    assert app.quit_requested


def test_screenshot_saves_the_frame_as_png(app, tmp_path):
    app.player.seek(7)
    path = app.screenshot()
    assert path.parent == tmp_path and path.name == "puzzleviz-toy-step3-1.png"
    image = load_png(path)
    assert image.shape == (SIZE[1], SIZE[0], 3)
    assert app.screenshot().name == "puzzleviz-toy-step3-2.png"  # never overwrites


def test_rendering_changes_with_the_cursor(app):
    app.render()
    start = app.target.read_image().copy()
    app.player.seek(app.player.trace.n_events)
    app.render()
    assert not np.array_equal(start, app.target.read_image())


def test_an_interaction_acts_at_the_cursor_and_drops_the_future(app):
    app.player.seek(6)
    before = app.player.state.copy()
    key(app, pygame.K_w)
    trace = app.player.trace
    assert trace.n_events == 7 and trace.step_caption_text(trace.n_steps - 1) == "add one"
    app.tick(GLIDE_SECONDS)
    assert app.player.cursor == 7
    assert app.player.state[0] == before[0] + 1
    mouse(app, pygame.MOUSEBUTTONDOWN, (SIZE[0] / 2, SIZE[1] / 2))
    app.tick(GLIDE_SECONDS)
    assert app.player.trace.n_events == 8 and app.player.state[1] == before[0] + 1


def test_a_background_job_hands_its_trace_to_the_window(app):
    key(app, pygame.K_j)
    for _ in range(100):
        app.tick(0.01)
        app.render()
        if app.session.job is None:
            break
    assert app.session.job is None
    assert app.player.trace.n_events == 2 and app.player.mode is Mode.PLAYING


def test_acting_on_a_loaded_trace_keeps_it_for_undo_and_redo(app):
    original = app.player.trace
    app.player.seek(6)
    key(app, pygame.K_w)  # a move after step 2 of 6: steps 3..6 are set aside
    app.tick(0.01)
    assert app.player.trace.n_steps == 3
    assert "3 later steps set aside" in app.look.hud.message or "set aside" in app._message
    key(app, pygame.K_u)
    assert app.player.trace is original and app.player.position == 6
    assert app._message.startswith("Undone")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.player.trace.n_steps == 3
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.player.trace is original
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app._message == "nothing to be undone"
    from puzzleviz.solvers.i18n import set_language

    set_language("de")  # the window's notices speak the chosen language (issue 24)
    try:
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert app._message == "nichts zum Rückgängigmachen"
    finally:
        set_language("en")


def test_a_search_result_replaces_the_trace_and_undo_brings_the_old_one(app):
    original = app.player.trace
    run_toy_job(app)
    assert app.player.trace is not original
    assert app._message == "U brings back the trace before (6 steps)"  # steps, not events
    key(app, pygame.K_u)
    assert app.player.trace is original


def test_a_result_stays_until_the_next_action(app):
    run_toy_job(app)
    assert app._notice().startswith("the job found a trace  ·  U brings back")
    app.tick(60.0)  # the notice fades, the result stays
    assert app._notice() == "the job found a trace"
    for looking in (pygame.K_h, pygame.K_h, pygame.K_s):  # help and a screenshot: no action
        key(app, looking)
    assert app._notice().startswith("the job found a trace")
    key(app, pygame.K_RIGHT)  # a step: the next action
    app.tick(60.0)
    assert app._notice() == ""


def test_a_toggles_the_automatic_pace(app):
    assert not app.player.auto  # the fixture gives a speed: a steady pace
    key(app, pygame.K_a)
    assert app.player.auto and "automatic" in app._message


def test_notices_too_long_for_the_band_go_whole_from_the_end():
    from puzzleviz.viz.draw2d import DrawList2D
    from puzzleviz.viz.hud import HudOptions, _draw_notice, hud_layout
    from puzzleviz.viz.interaction import NOTICE_SEPARATOR

    layout = hud_layout(1024, 768, HudOptions())
    result = "beste Antwort in Sekunden: 41 Züge (nicht als kürzeste bewiesen)"
    # the band holds two lines: a notice that would need a third goes whole
    for extra in ("", "U holt die vorige Spur zurück (1 Schritt) · mit Strg+Z auch " * 4):
        d = DrawList2D(1024, 768)
        _draw_notice(d, NOTICE_SEPARATOR.join(filter(None, (result, extra))), layout)
        assert [run.text for run in d.texts] == [result]  # whole, and nothing cut
    d = DrawList2D(1024, 768)
    _draw_notice(d, NOTICE_SEPARATOR.join((result, "U holt sie zurück")), layout)
    assert [run.text for run in d.texts] == [f"{result}{NOTICE_SEPARATOR}U holt sie zurück"]

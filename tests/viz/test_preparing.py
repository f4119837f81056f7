"""The lesson window shows its first card at once: slides are prepared behind it, the card
says what is under way, "next" on a slide still being prepared starts it when it arrives,
and quitting kills a solve that is still running."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.tracefile import save_trace
from puzzleviz.viz import lesson as lesson_module
from puzzleviz.viz.lesson import load_lesson
from puzzleviz.viz.player import Mode
from puzzleviz.viz.preparing import Preparation
from puzzleviz.viz.present import LessonApp, Pace

from tests.viz.test_player import make_trace

SIZE = (640, 360)
LESSON = """
[[slide]]
title = "Quick"
trace = "a.pzt"

[[slide]]
title = "Slow"
trace = "b.pzt"
"""


@pytest.fixture
def lesson(tmp_path, toy_scene):
    save_trace(make_trace(n_steps=2, per_step=1)[0], tmp_path / "a.pzt")
    save_trace(make_trace(n_steps=3, per_step=1)[0], tmp_path / "b.pzt")
    path = tmp_path / "two.toml"
    path.write_text(LESSON)
    return load_lesson(path)


@pytest.fixture
def gate(monkeypatch):
    """Slide 2's preparation waits until the test opens the gate (a solver at work)."""
    opened = threading.Event()
    real = lesson_module.prepare_slide

    def slow(lesson, index, report, run_child):
        if index == 1:
            report(lesson_module.Preparing(index, "the slow one", "slide 2/2: slow ..."))
            assert opened.wait(30)
        return real(lesson, index, report, run_child)

    monkeypatch.setattr("puzzleviz.viz.preparing.prepare_slide", slow)
    return opened


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def key(app, code, mod=0):
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))


def test_a_slide_still_preparing_shows_its_card_and_starts_when_ready(gl_ctx, lesson, gate):
    pygame.init()
    preparation = Preparation(lesson)
    wait_for(lambda: preparation.under_way(1) is not None)
    assert preparation.under_way(0) is None and preparation.under_way()[:2] == (1, "the slow one")
    app = LessonApp(gl_ctx, lesson, preparation, size=SIZE, pace=Pace(speed=2.0),
                    notes=lambda text: None)  # fmt: skip
    key(app, pygame.K_n)
    assert app.index == 1 and app.on_card and app.loaded != 1
    app.render()  # a card with no trace yet draws
    assert "the slow one" in app._card_line() and "s" in app._card_line()
    key(app, pygame.K_PAGEDOWN)  # start it when it comes
    for _ in range(10):
        app.tick(0.05)
    assert app.on_card and "as soon as it is ready" in app._message
    gate.set()
    wait_for(lambda: preparation.done)
    app.tick(0.05)
    assert not app.on_card and app.player.mode is Mode.PLAYING
    assert app.player.trace.n_steps == 3


def test_a_recording_waits_for_every_slide(lesson, gate):
    said: list[str] = []
    preparation = Preparation(lesson, said.append)
    gate.set()
    prepared = preparation.wait()
    assert [p.trace.n_steps for p in prepared] == [2, 3]
    assert said == ["slide 2/2: slow ..."]


def test_cancel_kills_a_solve_under_way(tmp_path):
    path = tmp_path / "solve.toml"
    path.write_text('[[slide]]\ntitle = "A long count"\nsolve = "queens --n 14 --all"\n')
    preparation = Preparation(load_lesson(path))
    wait_for(lambda: preparation._child is not None, 30)
    child = preparation._child
    started = time.monotonic()
    preparation.cancel()
    wait_for(lambda: preparation.done, 5)
    assert child.poll() is not None and time.monotonic() - started < 2


def test_a_slide_that_fails_says_why_on_its_card_and_next_goes_on(gl_ctx, tmp_path, toy_scene):
    pygame.init()
    save_trace(make_trace(n_steps=2, per_step=1)[0], tmp_path / "a.pzt")
    path = tmp_path / "bad.toml"
    path.write_text('[[slide]]\ntitle = "Broken"\nsolve = "sudoku 11' + "." * 79 + '"\n\n'
                    '[[slide]]\ntitle = "Fine"\ntrace = "a.pzt"\n')  # fmt: skip
    lesson = load_lesson(path)
    preparation = Preparation(lesson)
    wait_for(lambda: preparation.done, 60)
    app = LessonApp(gl_ctx, lesson, preparation, size=SIZE, notes=lambda text: None)
    assert "'solve' failed" in app._card_line()
    key(app, pygame.K_PAGEDOWN)
    assert app.index == 1 and app.on_card
    assert render(app._card_line())  # the next card has its heading

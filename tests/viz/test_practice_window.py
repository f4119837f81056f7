"""Practice puzzles in the window, driven headless: a practice trace waits at its start, P
makes the next puzzle for the same technique (in the background), the help lists P."""

from __future__ import annotations

import dataclasses
import time

import pygame
import pytest
from puzzleviz.scenes.sudoku import SudokuInteraction
from puzzleviz.scenes.sudoku_practice import Practice, practice_notice
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.sudoku.practice import DEFAULT_CYCLE, practice_trace, practised
from puzzleviz.solvers.sudoku.techniques import BY_NAME
from puzzleviz.viz.app import App

SIZE = (1280, 720)


def press_p(app: App) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0))
    for _ in range(3000):
        time.sleep(0.01)  # the job runs on a thread
        app.tick(0.01)
        if app.session.job is None:
            break


def test_p_makes_the_next_practice_puzzle_for_the_same_technique(gl_ctx, tmp_path):
    pygame.init()
    _, first = practice_trace("y_wing", 5)
    app = App(gl_ctx, [first], size=SIZE, screenshot_dir=tmp_path)
    assert isinstance(app.interaction, SudokuInteraction)
    app.interaction.practice = Practice(seed=5)  # reproducible: seeds 6, 7, ...
    app.tick(0.01)  # the window opens on a practice puzzle saying what it practises
    assert f"Y-Wing: it first applies at step {first.header.params['practice_step']}" in (
        app._notice()
    )
    assert ("P", render(app.interaction.help[-1][1], "en")) in [
        (k, render(v, "en")) for k, v in app.help_rows()
    ]
    press_p(app)
    second = app.player.trace
    assert second is not first and practised(second) == "y_wing"
    assert second.header.definition != first.header.definition
    assert app.player.cursor == 0 and app.player.mode.name != "PLAYING"
    step = second.header.params["practice_step"]
    assert f"at step {step}" in app._notice()
    app.render()


def test_without_a_practised_technique_p_goes_through_the_default_list(gl_ctx, tmp_path):
    pygame.init()
    practice = Practice(seed=1)
    assert practice.technique_for_name(None) == DEFAULT_CYCLE[0]
    assert practice.technique_for_name(None) == DEFAULT_CYCLE[1]
    assert practice.technique_for_name("als_xz") == "als_xz"


def test_p_again_while_a_puzzle_is_being_made_stops_it(gl_ctx, tmp_path):
    pygame.init()
    _, first = practice_trace("y_wing", 5)
    app = App(gl_ctx, [first], size=SIZE, screenshot_dir=tmp_path)
    app.interaction.practice = Practice(seed=5)
    app.interaction.practice.technique_for_name = lambda name: "mutant_fish"  # minutes
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0)
    app.handle(key)
    job = app.session.job
    assert job is not None and "press the key again to stop" in app._notice()
    assert "Mutant Fish (they are rare: this can take minutes)" in app._notice()
    assert app.working  # the window draws fewer frames meanwhile
    app.handle(key)  # as the notice says
    assert app.session.job is None and job.cancelled and not app.working
    app.tick(0.01)
    assert "practice puzzle stopped" in app._notice()
    for _ in range(500):  # its threads see the stop at their next candidate
        if job.done:
            break
        time.sleep(0.01)
    assert job.done and app.player.trace is first


def test_a_practice_puzzle_whose_path_goes_on_to_harder_steps_says_which():
    # Franken fish is one of the three rare techniques whose puzzles may need harder steps
    # after it (practice.THEN_HARDER): the window says so, where it names the first step
    practice, trace = practice_trace("franken_fish", 5)
    assert practice.hardest != "franken_fish"
    notice = render(practice_notice(trace), "en")
    assert f"at step {practice.step}, and {BY_NAME[practice.hardest].title} comes later" in notice
    _, plain = practice_trace("y_wing", 5)
    assert "comes later" not in render(practice_notice(plain), "en")


@pytest.mark.parametrize(
    "fields",
    [{"practice_step": "abc", "practice_hardest": ["x_chain"]},
     {"practice_step": [1], "practice_hardest": {"a": 1}},
     {"practice_step": True, "practice_hardest": "not_a_technique"}],
)  # fmt: skip
def test_a_crafted_practice_header_reads_as_unsaid_never_a_crash(fields):
    # a trace file may come from anyone: the window opens it and says what it can
    _, trace = practice_trace("y_wing", 5)
    header = dataclasses.replace(trace.header, params={**trace.header.params, **fields})
    notice = render(practice_notice(dataclasses.replace(trace, header=header)), "en")
    assert "Practice puzzle for Y-Wing: it first applies at step 0;" in notice

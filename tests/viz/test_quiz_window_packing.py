"""The packings' quiz in the window, headless: the scene takes no click, so the judge's
choices come as buttons beside the stage, each label inside its button, and a click on one
is judged."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.app import App
from puzzleviz.viz.quiz_mode import Phase
from puzzleviz.viz.quiz_panel import TEXT
from puzzleviz.viz.text import measure

from tests.digits_fixtures import SMALL
from tests.viz.test_quiz_window import SIZE, click, play_to_question


@pytest.fixture(scope="module")
def traces(tmp_path_factory) -> dict[str, Path]:
    from puzzleviz.viz.cli import main

    folder = tmp_path_factory.mktemp("packing")
    puzzle = folder / "small.json"
    puzzle.write_text(json.dumps({**SMALL, "pieces": dict(sorted(SMALL["pieces"].items()))}))
    digits, cube = folder / "digits.pzt", folder / "cube.pzt"
    assert main(["solve", "digits", "--puzzle", str(puzzle), "--first", "--trace", str(digits),
                 "-q"]) == 0  # fmt: skip
    assert main(["solve", "cube", "--puzzle", "slothouber-graatsma", "--trace", str(cube),
                 "-q"]) == 0  # fmt: skip
    return {"digits": digits, "cube": cube}


@pytest.mark.parametrize("puzzle", ["digits", "cube"])
def test_the_choices_are_buttons_beside_the_stage_and_a_button_answers(
    gl_ctx, tmp_path, traces, puzzle
):
    pygame.init()
    app = App(gl_ctx, [load_trace(traces[puzzle])], size=SIZE, screenshot_dir=tmp_path)
    app.start_quiz([1])
    play_to_question(app)
    app.render()
    mode = app.quiz.mode
    choices = mode.choices()
    assert mode.question.recorded in choices and len(choices) > 1
    layout = app.layout
    assert layout.quiz is not None
    buttons = layout.quiz.buttons
    assert len(buttons) == len(choices)
    scale = app.session.view.scale
    for answer, rect in zip(choices, buttons, strict=True):
        assert measure(answer, TEXT * scale, "bold")[0] <= rect.w  # the label fits its button
        stage = app.session.view.stage
        assert rect.x >= stage.x + stage.w  # beside the stage, not over it
    wrong = next(i for i, a in enumerate(choices) if mode.judge.judge(1, a).kind == "wrong")
    click(app, *buttons[wrong].center)
    attempt = mode.questions[0].attempts[0]
    assert attempt.answer == choices[wrong] and attempt.verdict.kind == "wrong"
    assert mode.phase is Phase.ASKING and mode.questions[0].hints == 1  # a hint, not the move
    app.render()
    right = app.quiz.mode.choices().index(mode.question.recorded)
    click(app, *app.layout.quiz.buttons[right].center)
    assert mode.questions[0].attempts[-1].verdict.kind == "right"
    assert mode.phase is Phase.ANSWERED


def test_the_digits_scene_labels_each_piece_as_the_answers_name_it(traces):
    """A puzzle's own labels (the small one's 1, 4 and 7), not the pieces' numbers: the
    student reads them off the pieces to answer `piece 7 at ...`."""
    from puzzleviz.scenes.digits import DigitsScene
    from puzzleviz.solvers.traceview import model_for
    from puzzleviz.viz.player import Frame, Mode
    from puzzleviz.viz.scene import Canvas, Rect, View
    from puzzleviz.viz.timeline import Level

    trace = load_trace(traces["digits"])
    model = model_for(trace)
    state = model.initial_state()
    frame = Frame(trace=trace, model=model, state=state, event=None, t=0.0, cursor=0, step=0,
                  caption="", counters={}, milestones_reached=0, mode=Mode.PAUSED,
                  level=Level.STEP, speed=1.0)  # fmt: skip
    canvas = Canvas(1280, 720, show_text=False)
    DigitsScene().draw(frame, View(Rect(10, 60, 1260, 600), 1.0, {}), canvas)
    drawn = {run.text for run in canvas.d2.texts}
    assert {"1", "4", "7"} <= drawn and not {"0", "2"} & drawn

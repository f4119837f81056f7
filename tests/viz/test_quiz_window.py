"""The quiz in the window, driven headless: the quiz's state machine on its own, then an App
that stops before each question, takes clicks on the scene and on the buttons, tells hints,
shows the move, goes on and ends with the score."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest
from puzzleviz.scenes.queens import layout as queens_layout
from puzzleviz.scenes.sudoku_layout import grid_layout
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.queens.judge import QueensJudge
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.app import App
from puzzleviz.viz.player import Mode
from puzzleviz.viz.quiz_mode import Phase, QuizMode, Tone, completions

ROOT = Path(__file__).resolve().parents[2]
QUEENS = ROOT / "assets" / "demos" / "queens.pzt"  # six queens, to the first solution
SUDOKU = ROOT / "examples" / "sudoku.pzt"
SIZE = (1280, 720)


def words(mode: QuizMode) -> str:
    return " ".join(render(m, "en") for m in mode.feedback)


@pytest.fixture(scope="module")
def queens():
    return load_trace(QUEENS)


def test_completions_are_the_moves_a_clicked_part_begins():
    answers = ["ring 2 +1", "ring 2 -3", "ring 21 +1", "A1=5", "A10=5", "A1-5"]
    assert completions("ring 2", answers) == ["ring 2 +1", "ring 2 -3"]
    assert completions("A1", answers) == ["A1=5", "A1-5"]
    assert completions("ring 2 +1", answers) == []


def test_a_wrong_answer_gets_the_hints_then_the_move_is_shown_and_the_score_counts_first_answers(
    queens,
):
    mode = QuizMode(QueensJudge(queens), queens, [1, 2])  # queen c2, then queen e3
    assert mode.phase is Phase.PLAYING and mode.stop_position() == queens.step_range(1)[0]
    mode.arrive()
    mode.answer("queen b2")
    assert mode.phase is Phase.ASKING and mode.tone is Tone.WRONG
    assert words(mode) == ("Not right: b2 is attacked by the queen on a1. "
                           "Hint 1/2: the next queen goes in row 2")  # fmt: skip
    mode.answer("queen d2")  # safe, but no six-queens solution has a queen on a1 and d2
    assert words(mode).endswith("Hint 2/2: row 2 has 4 safe squares: c2, d2, e2, f2")
    mode.answer("queen e2")
    assert mode.phase is Phase.SHOWN
    assert words(mode).endswith("The solver's move: queen c2.")
    assert mode.go_on() and mode.phase is Phase.PLAYING
    mode.arrive()
    mode.answer("queen e3")
    assert mode.phase is Phase.ANSWERED and mode.tone is Tone.RIGHT
    assert mode.score == 1
    graded = mode.to_json()
    assert graded["score"] == 1 and graded["questions"] == 2
    first = graded["answers"][0]
    assert first["answer"] == "queen b2" and first["verdict"] == "wrong"
    assert first["attempts"] == ["queen b2", "queen d2", "queen e2"]
    assert first["hints"] == 2 and first["shown"] is True
    assert graded["answers"][1]["verdict"] == "right" and not graded["answers"][1]["shown"]


def test_a_hint_asked_for_and_the_move_shown_on_request(queens):
    mode = QuizMode(QueensJudge(queens), queens, [1])
    mode.arrive()
    mode.hint()
    assert mode.tone is Tone.ASK and words(mode) == "Hint 1/2: the next queen goes in row 2"
    mode.reveal()
    assert mode.phase is Phase.SHOWN and mode.questions[0].shown
    assert mode.score == 0
    assert mode.go_on() and mode.question is None


@pytest.fixture
def app(gl_ctx, queens, tmp_path):
    pygame.init()
    return App(gl_ctx, [queens], size=SIZE, screenshot_dir=tmp_path)


def key(app: App, code: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))


def click(app: App, x: float, y: float, button: int = 1) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(x), round(y)), button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(x), round(y)), button=button))


def play_to_question(app: App) -> None:
    for _ in range(20_000):
        app.tick(0.05)
        assert app.quiz is not None
        if app.quiz.mode.phase is not Phase.PLAYING:
            return
    raise AssertionError("no question reached")


def square_center(app: App, row: int, col: int) -> tuple[float, float]:
    app.render()
    view = app.session.view
    assert view is not None
    board, _ = queens_layout(app.player.model.n, view.stage, view.scale)
    return board.center(row, col)


def test_the_window_stops_before_the_question_and_a_click_on_a_square_answers(app, queens):
    app.start_quiz([1, 2])
    assert app.player.mode is Mode.PLAYING
    play_to_question(app)
    assert app.player.mode is Mode.PAUSED
    assert app.player.position == queens.step_range(1)[0]
    app.render()
    caption = app.look.hud.quiz.words
    assert caption.startswith("Question 1 of 2: what does the solver do next?")
    assert "Queen on c2" not in caption  # the step's caption would give it away
    click(app, *square_center(app, 1, 1))  # b2: attacked by a1
    mode = app.quiz.mode
    assert mode.questions[0].attempts[0].answer == "queen b2"
    assert mode.phase is Phase.ASKING
    click(app, *square_center(app, 1, 2))  # c2: the search's own
    assert mode.phase is Phase.ANSWERED
    key(app, pygame.K_LEFT)  # the quiz decides where playback goes
    assert app.player.position == queens.step_range(1)[0]
    key(app, pygame.K_SPACE)
    assert mode.phase is Phase.PLAYING and app.player.mode is Mode.PLAYING
    key(app, pygame.K_RIGHT)  # on to the next question at once
    assert mode.phase is Phase.ASKING
    assert app.player.position == queens.step_range(2)[0]
    key(app, pygame.K_SPACE)  # asking: Space shows the move
    assert mode.phase is Phase.SHOWN
    key(app, pygame.K_SPACE)
    play_to_question(app)  # plays on to the end of the trace
    assert mode.phase is Phase.FINISHED
    app.render()
    panel = app.look.hud.quiz
    assert panel.summary == "Quiz over: 0 of 2 questions right at the first answer"
    assert [what for _, what in panel.rows] == [
        "right after 2 tries: queen b2, queen c2",
        "shown: queen e3",
    ]


def test_q_starts_a_quiz_from_where_the_player_is_and_leaves_it(app, queens):
    app.player.seek(queens.step_range(30)[0])
    key(app, pygame.K_q)
    assert app.quiz is not None
    assert [q.step for q in app.quiz.mode.questions] == app.quiz.mode.judge.default_steps()
    help_keys = [k for k, _ in app.help_rows()]
    assert "I" in help_keys and "Q" in help_keys
    key(app, pygame.K_q)
    assert app.quiz is None
    assert "Quiz left" in app._message


def test_a_puzzle_without_a_judge_says_so_on_q(gl_ctx, toy_scene, tmp_path):
    from tests.viz.test_player import make_trace

    pygame.init()
    trace, _ = make_trace(n_steps=3, per_step=2)
    app = App(gl_ctx, [trace], size=SIZE, screenshot_dir=tmp_path)
    key(app, pygame.K_q)
    assert app.quiz is None
    assert "has no quiz judge" in app._message


def test_a_click_on_a_cell_offers_its_moves_as_buttons_and_a_button_answers(gl_ctx, tmp_path):
    pygame.init()
    trace = load_trace(SUDOKU)
    app = App(gl_ctx, [trace], size=SIZE, screenshot_dir=tmp_path)
    app.start_quiz([0])
    play_to_question(app)
    app.render()
    view = app.session.view
    layout = grid_layout(view.stage, 3, view.scale, techniques=False)
    state, model = app.player.state, app.player.model
    cell = next(
        c for c in range(81) if not model.values(state)[c] and not model.candidates(state)[c] & 1
    )
    click(app, *layout.candidate_center(cell, 1))  # a place with no pencil mark: the cell
    mode = app.quiz.mode
    choices = mode.choices()
    assert choices and all(c.startswith(mode.pending) for c in choices)
    app.render()
    buttons = app.layout.quiz.buttons
    assert len(buttons) == len(choices)
    for rect in buttons:  # beside or under the stage, never over the grid
        assert not (layout.grid.x < rect.center[0] < layout.grid.x + layout.grid.w
                    and layout.grid.y < rect.center[1] < layout.grid.y + layout.grid.h)  # fmt: skip
    click(app, *buttons[0].center)
    assert mode.questions[0].attempts[0].answer == choices[0]
    assert mode.questions[0].attempts[0].verdict.kind == "wrong"  # the cell is not E5
    key(app, pygame.K_i)
    assert mode.questions[0].hints == 2  # the wrong answer's, and the one asked for
    e5 = 4 * 9 + 4
    click(app, *layout.candidate_center(e5, 5))  # a left click on the pencil mark: E5=5
    assert mode.questions[0].attempts[-1].answer == "E5=5"
    assert mode.phase is Phase.ANSWERED


def test_a_click_on_a_ring_offers_its_turns_as_buttons_and_one_answers(gl_ctx, tmp_path):
    from puzzleviz.scenes.rings import place, rings_area

    pygame.init()
    trace = load_trace(ROOT / "assets" / "demos" / "rings.pzt")  # the original, 30 moves
    app = App(gl_ctx, [trace], size=SIZE, screenshot_dir=tmp_path)
    app.start_quiz([0])
    play_to_question(app)
    mode = app.quiz.mode
    recorded = mode.questions[0].recorded
    ring = int(recorded.split()[1]) - 1
    app.render()
    where = place(app.player.model.config, rings_area(app.session.view)[0])
    centres = where.geometry.centres
    away = centres[ring] - centres[1 - ring]  # the far side of the ring's track
    x, y = centres[ring] + away / float(np.hypot(*away))
    click(app, *where.to_screen(float(x), float(y)))
    assert mode.pending == f"ring {ring + 1}" and mode.phase is Phase.ASKING
    choices = mode.choices()
    assert len(choices) == 19 and recorded in choices  # every turn of a 20-ball ring
    app.render()
    buttons = app.layout.quiz.buttons
    assert len(buttons) == len(choices)
    wrong = next(k for k, c in enumerate(choices) if c != recorded)
    click(app, *buttons[wrong].center)
    assert mode.questions[0].attempts[0].verdict.kind == "wrong"
    assert words(mode).endswith(f"Hint 1/2: the next turn is of ring {ring + 1}")
    click(app, *where.to_screen(float(x), float(y)))
    app.render()
    click(app, *app.layout.quiz.buttons[mode.choices().index(recorded)].center)
    assert mode.questions[0].attempts[-1].answer == recorded
    assert mode.phase is Phase.ANSWERED
    key(app, pygame.K_SPACE)  # the move plays: a click now turns no ring by hand
    assert mode.phase is Phase.PLAYING
    click(app, *where.to_screen(float(x), float(y)))
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert app.player.trace is trace and app.quiz is not None and mode.phase is Phase.PLAYING


def test_a_click_on_a_card_answers_the_set_quiz(gl_ctx, tmp_path):
    from puzzleviz.scenes.setgame import board_layout

    pygame.init()
    trace = load_trace(ROOT / "assets" / "demos" / "setgame.pzt")
    app = App(gl_ctx, [trace], size=SIZE, screenshot_dir=tmp_path)
    app.start_quiz([1])  # the search's first card of block 1 (1000)
    play_to_question(app)
    mode = app.quiz.mode
    app.render()
    view = app.session.view
    model = app.player.model
    board = board_layout(model, view.stage, view.scale)
    card = model.space.parse(mode.questions[0].recorded.removeprefix("card "))
    click(app, *board.center(card))
    assert mode.questions[0].attempts[0].answer == mode.questions[0].recorded
    assert mode.phase is Phase.ANSWERED

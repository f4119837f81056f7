"""A quiz in a real browser (chromium): `puzzleviz export TRACE --quiz` played by clicking
in the picture as a student does. Right, right but different and wrong answers get the
judge's words, a wrong one its hints and then the move, and the score at the end counts
the questions right at the first answer."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from puzzleviz.scenes.queens import layout
from puzzleviz.scenes.sudoku_layout import grid_layout
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.queens.judge import QueensJudge
from puzzleviz.solvers.sudoku.judge import SudokuJudge
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli import main
from puzzleviz.viz.compose import make_view
from puzzleviz.viz.web.frames import FrameSource

from tests.web.browser import browser  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.slow]
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sudoku.pzt"
SIZE = (960, 540)


def stage_view(trace_path: Path, step: int) -> tuple[Any, Any]:
    """The question's frame and view, as the exporter draws them (picture coordinates)."""
    trace = load_trace(trace_path)
    source = FrameSource(trace, SIZE, quiz=True)
    source.player.seek(int(trace.step_range(step)[0]))
    frame = source.player.frame()
    return frame, make_view(source.look, SIZE, frame)[0]


def open_quiz(browser: Any, html: Path, skip: bool = False) -> Any:  # noqa: F811
    """The page at its first question; `skip`: Right skips the search played before it."""
    page = browser.new_page(viewport={"width": SIZE[0], "height": SIZE[1]})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(html.as_uri())
    page.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
    assert page.evaluate("puzzleviz.error") is None and not errors
    if skip:
        page.keyboard.press("ArrowRight")
    page.wait_for_function("puzzleviz.quiz && puzzleviz.quiz.phase === 'asking'")
    return page


def clicker(page: Any):
    box = page.locator("#view").bounding_box()

    def click(x: float, y: float, button: str = "left") -> None:
        page.mouse.click(box["x"] + x * box["width"] / SIZE[0],
                         box["y"] + y * box["height"] / SIZE[1], button=button)  # fmt: skip

    return click


def words(page: Any) -> str:
    return str(page.locator("#quiz-words").inner_text())


def next_question(page: Any, index: int) -> None:
    """Space plays the answered move and goes on; Right goes to the next question at once."""
    page.keyboard.press("Space")
    page.wait_for_function("puzzleviz.quiz.phase === 'playing'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"puzzleviz.quiz.index === {index} && "
                           "puzzleviz.quiz.phase !== 'playing'")  # fmt: skip


def test_a_queens_quiz_answered_by_clicks(browser, tmp_path):  # noqa: F811
    trace_path, html = tmp_path / "q8.pzt", tmp_path / "q8.html"
    assert main(["solve", "queens", "--n", "8", "--trace", str(trace_path), "-q"]) == 0
    assert main(["export", str(trace_path), "--quiz", "--at", "1,3,5", "--languages", "en",
                 "--size", "960x540", "-o", str(html)]) == 0  # fmt: skip
    judge = QueensJudge(load_trace(trace_path))
    _frame, view = stage_view(trace_path, 0)
    board, _side = layout(8, view.stage, view.scale)

    def square(name: str) -> tuple[float, float]:
        return board.center(int(name[1]) - 1, ord(name[0]) - ord("a"))

    page = open_quiz(browser, html)
    click = clicker(page)
    assert "Question 1 of 3" in words(page)
    click(*square("b1"))  # safe, and a solution follows: right, but not the solver's a1
    said = render(judge.judge(0, "queen b1").reason)
    assert said in words(page) and "The solver chose queen a1" in words(page)
    next_question(page, 1)

    click(*square("e3"))  # the solver's own move
    assert "Right:" in words(page) and render(judge.judge(2, "queen e3").reason) in words(page)
    next_question(page, 2)

    click(*square("a5"))  # attacked: wrong, with the first hint
    hints = [render(h) for h in judge.hints(4)]
    assert "Not right:" in words(page) and hints[0] in words(page)
    page.screenshot(path=str(tmp_path / "wrong.png"))
    page.keyboard.press("i")  # the next hint, then the move shown
    assert hints[1] in words(page)
    page.keyboard.press("i")
    assert "The solver's move: queen d5" in words(page)
    page.keyboard.press("Space")
    page.wait_for_function("puzzleviz.quiz.phase === 'playing'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("puzzleviz.quiz.phase === 'finished'")
    assert "Quiz over: 2 of 3 questions right at the first answer" in words(page)
    summary = page.locator("#quiz-summary").inner_text()
    assert "also right: queen b1" in summary and "shown: queen d5 (tried: queen a5)" in summary
    page.close()


def test_a_sudoku_quiz_by_pencil_marks_buttons_and_typing(browser, tmp_path):  # noqa: F811
    html = tmp_path / "sudoku.html"
    assert main(["export", str(EXAMPLE), "--quiz", "--at", "1,2", "--languages", "en",
                 "--size", "960x540", "-o", str(html)]) == 0  # fmt: skip
    judge = SudokuJudge(load_trace(EXAMPLE))
    _frame, view = stage_view(EXAMPLE, 0)
    grid = grid_layout(view.stage, 3, view.scale, techniques=not view.quiz)

    def mark(cell: str, digit: int) -> tuple[float, float]:
        index = (int(cell[1]) - 1) * 9 + ord(cell[0]) - ord("A")
        rect, third = grid.cell_rect(index), grid.cell / 3
        return (rect.x + ((digit - 1) % 3 + 0.5) * third,
                rect.y + ((digit - 1) // 3 + 0.5) * third)  # fmt: skip

    page = open_quiz(browser, html)
    click = clicker(page)
    click(*mark("E5", 5), button="right")  # E5-5: the solver writes 5 in
    assert "Not right:" in words(page) and render(judge.judge(0, "E5-5").reason) in words(page)
    click(*mark("E5", 5))  # E5=5, after a wrong try
    assert "Right:" in words(page)
    next_question(page, 1)

    different = next(a for a in judge.answers(1) if judge.judge(1, a).kind == "right-but-different")
    cell, digit = different.split("=")
    frame, view = stage_view(EXAMPLE, 1)
    values = frame.model.candidates(frame.state)
    index = (int(cell[1]) - 1) * 9 + ord(cell[0]) - ord("A")
    missing = next(d for d in range(1, 10) if not values[index] >> (d - 1) & 1)
    click(*mark(cell, missing))  # a place in the cell with no mark: its moves as buttons
    choice = page.locator("#quiz-bar button.choice", has_text=f"{cell}={digit}")
    assert choice.count() == 1
    page.screenshot(path=str(tmp_path / "choices.png"))
    page.locator("#quiz-bar input.typed").fill(different.lower())  # typed, any case
    page.keyboard.press("Enter")
    assert render(judge.judge(1, different).reason) in words(page)
    assert "The solver chose B5=2" in words(page)
    score = page.locator("#quiz-bar .score").inner_text()
    assert "1 of 2 questions right at the first answer" in score
    page.close()


def test_a_rings_quiz_by_a_click_on_a_ring_and_its_turns(browser, tmp_path):  # noqa: F811
    from puzzleviz.scenes.rings import place, rings_area
    from puzzleviz.solvers.rings.judge import judge_for

    trace_path, html = tmp_path / "rings.pzt", tmp_path / "rings.html"
    assert main(["solve", "rings", "--config", "2/10/1/2", "--scramble", "6", "--seed", "5",
                 "--method", "bfs", "--trace", str(trace_path), "-q"]) == 0  # fmt: skip
    judge = judge_for(load_trace(trace_path))
    step = judge.default_steps()[0]
    assert main(["export", str(trace_path), "--quiz", "--at", str(step + 1), "--languages",
                 "en", "--size", "960x540", "-o", str(html)]) == 0  # fmt: skip
    verdicts = {a: judge.judge(step, a) for a in judge.answers(step)}
    recorded = judge.recorded(step)
    ring = recorded.split()[1]
    wrong = next(a for a, v in verdicts.items() if v.kind == "wrong" and a.split()[1] == ring)
    other = next(a for a, v in verdicts.items() if v.kind == "right-but-different")
    frame, view = stage_view(trace_path, step)
    where = place(frame.model.config, rings_area(view)[0])
    centres = where.geometry.centres

    def on_ring(name: str) -> tuple[float, float]:
        k = int(name) - 1
        away = centres[k] - centres[1 - k]  # the far side of its track, away from the other
        x, y = centres[k] + away / float(np.hypot(*away))
        return where.to_screen(float(x), float(y))

    page = open_quiz(browser, html, skip=True)
    click = clicker(page)

    def button(text: str) -> Any:
        exact = re.compile(rf"^\s*{re.escape(text)}\s*$")
        return page.locator("#quiz-bar button.choice").filter(has_text=exact)

    click(*on_ring(ring))  # the ring named: its turns offered as buttons
    assert button(wrong.split()[2]).count() == 1
    button(wrong.split()[2]).click()
    assert "Not right:" in words(page) and render(verdicts[wrong].reason) in words(page)
    click(*on_ring(other.split()[1]))
    button(other.split()[2]).click()
    assert render(verdicts[other].reason) in words(page)
    assert f"The solver chose {recorded}" in words(page)
    page.close()

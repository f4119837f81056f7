"""What a handout shows (viz.handout) and its pictures (viz.still), without writing a PDF."""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.queens.judge import QueensJudge
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz import handout
from puzzleviz.viz.color import BACKGROUND
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.handout import SPREAD, default_steps, plan_handout
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.still import FRAME, Headless, StillMaker, content_box, drawn_box

DEMOS = Path(__file__).resolve().parents[2] / "assets" / "demos"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sudoku.pzt"


def options(**given: object) -> argparse.Namespace:
    chosen: dict[str, object] = {"quiz": False, "every": None, "at": None, "title": None}
    chosen.update(given)
    return argparse.Namespace(**chosen)


def plan(path: Path, **given: object) -> handout.Handout:
    return plan_handout([load_trace(path)], [path], options(**given))


def test_a_search_with_one_milestone_shows_its_explained_steps_spread_and_the_solution():
    trace = load_trace(DEMOS / "queens.pzt")  # 57 steps, one solution at the end
    steps = default_steps(trace)
    solution = trace.step_of(int(trace.milestone_pos[0]) - 1)
    assert solution in steps
    assert steps[0] == 0 and steps[-1] == trace.n_steps - 1  # the spread's first and last
    assert len(steps) == SPREAD + 1 and steps == sorted(set(steps))


def test_a_search_with_milestones_enough_shows_each_as_it_is_reached():
    trace = load_trace(DEMOS / "cube.pzt")  # five layers; the last one completes the cube
    reached = sorted({trace.step_of(int(pos) - 1) for pos in trace.milestone_pos})
    assert default_steps(trace) == reached and len(reached) == 5
    labels = [p.label for p in plan(DEMOS / "cube.pzt").sections[0].panels]
    assert labels[0] == "Start" and labels[-1] == "Step 17 of 17 · Layer 5, Solution"


def test_chosen_steps_show_the_position_after_each():
    (section,) = plan(DEMOS / "queens.pzt", at=[3, 9]).sections
    trace = section.trace
    assert [p.step for p in section.panels] == [2, 8]  # no start: only what was chosen
    assert [p.cursor for p in section.panels] == [trace.step_range(s)[1] for s in (2, 8)]
    assert [p.label for p in section.panels] == ["Step 3 of 57", "Step 9 of 57"]
    every = plan(DEMOS / "queens.pzt", every=20).sections[0]
    assert [p.step for p in every.panels] == [19, 39]  # every step is one to show


def test_a_quiz_asks_what_the_quiz_asks_before_each_step_with_the_judges_answer():
    path = DEMOS / "queens.pzt"
    trace = load_trace(path)
    judge = QueensJudge(trace)
    (section,) = plan(path, quiz=True).sections
    assert [q.step for q in section.questions] == judge.default_steps()
    for question in section.questions:
        assert question.answer == judge.recorded(question.step)
        assert question.cursor == trace.step_range(question.step)[0]  # the board before it
        assert question.caption == trace.step_caption_text(question.step)
    at = plan(path, quiz=True, every=5).sections[0]
    moves = [s for s in range(trace.n_steps) if judge.recorded(s) is not None]
    assert [q.step for q in at.questions] == moves[4::5]
    assert [q.number for q in at.questions] == list(range(1, len(moves[4::5]) + 1))


def test_questions_are_numbered_through_the_handout():
    paths = [DEMOS / "queens.pzt", EXAMPLE]
    made = plan_handout([load_trace(p) for p in paths], paths, options(quiz=True, at=[1, 2]))
    assert [q.number for s in made.sections for q in s.questions] == [1, 2, 3, 4]
    assert made.title == "6 queens, Sudoku"


@pytest.mark.parametrize(
    ("given", "match"),
    [
        ({"at": [99]}, "--at 99: the trace has 57 steps"),
        ({"every": 58}, "--every 58: the trace has 57 moves"),
        ({"quiz": True, "at": [57]}, "--at 57: that step makes no move to ask about"),
    ],
)
def test_steps_that_cannot_be_shown_are_one_line(given, match):
    with pytest.raises(PuzzlevizError, match=match):
        plan(DEMOS / "queens.pzt", **given)


def test_a_puzzle_without_a_judge_cannot_be_quizzed_but_can_be_shown(tmp_path):
    from puzzleviz.viz.cli import main

    path = tmp_path / "toy.pzt"
    assert main(["solve", "toy", "--trace", str(path), "-q"]) == 0
    assert len(plan(path).sections[0].panels) == 5  # the start and its four steps
    with pytest.raises(PuzzlevizError, match=r"Toy \(toy\) has no quiz judge"):
        plan(path, quiz=True)


def test_too_many_pictures_are_refused_before_any_is_drawn(monkeypatch):
    monkeypatch.setattr(handout, "MOST_PANELS", 10)
    with pytest.raises(PuzzlevizError, match=r"would have 28 pictures \(at most 10\): choose"):
        plan(DEMOS / "queens.pzt", every=2)


# -- stills ------------------------------------------------------------------------------


def test_the_content_box_is_what_is_drawn_within_the_stage():
    d = DrawList2D(400, 300)
    d.circle(100, 100, 10, "#000000")
    d.rect(150, 120, 40, 20, "#000000", stroke="#ff0000", width=4)
    d.text("far right", 380, 150, 18)  # runs past the stage: cut there
    stage = Rect(20, 20, 360, 260)
    box = content_box(d.finish(), stage)
    assert (box.x, box.y) == pytest.approx((90, 90))
    assert box.x + box.w == pytest.approx(380) and box.y + box.h < 180
    assert content_box(DrawList2D(400, 300).finish(), stage) == stage  # nothing: all of it


def test_a_still_is_the_scene_alone_cut_to_what_it_draws():
    trace = load_trace(DEMOS / "queens.pzt")
    maker = StillMaker(trace, Headless())
    end = maker.at(trace.n_events)
    assert end.image is None and end.size == FRAME  # 2D: runs only, no GL used
    assert end.caption == trace.step_caption_text(trace.n_steps - 1)
    stage = maker.stage()
    assert stage.x - 10 <= end.crop.x and end.crop.x + end.crop.w <= stage.x + stage.w + 10
    assert end.crop.w < stage.w  # the board and its legend, not the empty stage beside
    assert maker.at(0).caption == ""  # the start


def test_drawn_box_finds_the_pixels_off_the_background():
    ground = np.array([round(255 * v) for v in BACKGROUND[:3]], dtype=np.uint8)
    image = np.broadcast_to(ground, (50, 80, 3)).copy()
    image[10:20, 30:45] = (200, 0, 0)
    assert drawn_box(image, (20, 0, 60, 50)) == (30.0, 10.0, 45.0, 20.0)
    assert drawn_box(image, (50, 0, 30, 50)) is None


@pytest.mark.gl
def test_a_3d_still_renders_its_layers_headless_and_cuts_to_them():
    trace = load_trace(DEMOS / "cube.pzt")
    gl = Headless()
    try:
        still = StillMaker(trace, gl).at(trace.n_events)
    finally:
        gl.release()
    assert still.image is not None and still.image.shape[:2] == (still.size[1], still.size[0])
    assert still.size == (FRAME[0] * 2, FRAME[1] * 2)  # sharp in print
    x, y, w, h = still.crop.pixels()
    ground = np.array([round(255 * v) for v in BACKGROUND[:3]])
    assert np.abs(still.image[y : y + h, x : x + w].astype(int) - ground).max() > 50  # the cube

"""The projector rules for a quiz's screens: its question in the caption's place, the box
with a long verdict, a hint and a full set of buttons, and the summary at the end, for every
scene, at the tight sizes and in every language (tests/scenes/test_projector.py's checks)."""

from __future__ import annotations

import pytest
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.quiz import WRONG, Verdict
from puzzleviz.viz.quiz_mode import Phase, QuizMode
from puzzleviz.viz.quiz_panel import QuizPanel, panel_for
from puzzleviz.viz.scene import scene_for

from .test_projector import (
    LANGUAGES,
    PUZZLES,
    TIGHT,
    check_contrast,
    check_readable,
    trace_of,
)

# the most buttons a question offers: a sudoku cell with 9 candidates (placed or removed),
# a ring of 20 balls (19 turns)
BUTTONS = {
    "sudoku": [f"E5{sign}{d}" for d in range(1, 10) for sign in "=-"],
    "rings": [f"ring 2 {sign}{k}" for sign in "+-" for k in range(1, 11)][:19],
}
PENDING = {"sudoku": "E5", "rings": "ring 2"}  # the part a click names
# a packing's eight choices at their longest: a digit flipped and turned at the mesh's far
# corner, a brick spanning three axes
PIECES = {
    "digits": [f"piece {k} at 8,10 flipped turned 270" for k in range(8)],
    "cube": [f"2x2x3 at x {k}..{k + 1}, y 0..1, z 0..2" for k in range(8)],
}
OTHER_PIECES = [f"piece {k} at c{k} turned" for k in range(1, 9)]
CLICKED = ("queens", "setgame")  # a click names a whole move: no buttons


class LongJudge:
    """A judge whose words are as long as real ones get: a wrong answer with a reason and
    a hint, every button a question can have."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def recorded(self, step: int) -> str:
        return self.answers(step)[0]

    def default_steps(self) -> list[int]:
        return list(range(12))

    def judge(self, step: int, answer: str) -> Verdict:
        return Verdict(WRONG, msg("true, but no technique as easy as {technique} finds it here",
                                  technique="Alternating Inference Chain"))  # fmt: skip

    def answers(self, step: int) -> list[str]:
        return BUTTONS.get(self.kind) or PIECES.get(self.kind, OTHER_PIECES)

    def choices(self, step: int) -> list[str]:
        return [] if self.kind in BUTTONS or self.kind in CLICKED else self.answers(step)

    def hints(self, step: int) -> list[str]:
        return [
            msg("Look for a {technique}.", technique="Alternating Inference Chain"),
            msg("row {row} has {n} safe square: {squares}", row=8, n=1, squares="d8"),
        ]


def asking(trace, kind: str) -> QuizPanel:
    """A question just answered wrong: the reason, the first hint, and its buttons (a
    clicked part's moves where the scene takes clicks)."""
    scene = scene_for(kind)
    mode = QuizMode(LongJudge(kind), trace, [0, 1, 2])
    mode.arrive()
    mode.answer("x")
    mode.pending = PENDING.get(kind, "")
    return panel_for(mode, msg(scene.quiz_prompt), scene.quiz_buttons)


def summary(trace, kind: str) -> QuizPanel:
    scene = scene_for(kind)
    mode = QuizMode(LongJudge(kind), trace, range(min(trace.n_steps, 12)))
    for _ in mode.questions:
        mode.arrive()
        mode.answer("x")
        mode.reveal()
        mode.answer("y")
        mode.go_on()
    mode.phase = Phase.FINISHED
    return panel_for(mode, msg(scene.quiz_prompt), scene.quiz_buttons)


def cases():
    for lang in ("en", *LANGUAGES):
        for size in TIGHT:
            for puzzle in PUZZLES:
                yield pytest.param(puzzle, size, lang, id=f"{puzzle}-{size[0]}x{size[1]}-{lang}")


@pytest.mark.parametrize(("puzzle", "size", "lang"), list(cases()))
def test_a_quiz_s_texts_are_large_inside_the_frame_and_never_overlap(
    demo,
    search_trace,
    language,
    puzzle,
    size,
    lang,
):
    language(lang)
    trace = trace_of(puzzle, demo, search_trace)
    panel = asking(trace, puzzle)
    assert "Hint 1/2" in panel.words or lang != "en"
    assert panel.choices or puzzle in CLICKED, "the most buttons a question has"
    check_readable(trace, {}, False, size, quiz=panel)
    check_readable(trace, {}, False, size, quiz=summary(trace, puzzle))


@pytest.mark.gl
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_a_quiz_s_texts_contrast_with_what_is_behind_them(gl_ctx, demo, search_trace, puzzle):
    trace = trace_of(puzzle, demo, search_trace)
    check_contrast(gl_ctx, trace, {}, False, quiz=asking(trace, puzzle))
    check_contrast(gl_ctx, trace, {}, False, quiz=summary(trace, puzzle))

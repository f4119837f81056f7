"""The projector rules for a lesson's title cards (the demo tour's first picture): at every
projector size and in every language, a card's texts are large enough, inside the frame
and clear of each other, whatever it shows under its title: the puzzle's heading, the
lesson's keys (H), a preparation under way, an error, or a notice in the footer."""

from __future__ import annotations

import pytest
from puzzleviz.solvers import i18n
from puzzleviz.solvers.i18n import msg, render
from puzzleviz.viz.app import WINDOW_KEYS
from puzzleviz.viz.hud import ui_scale
from puzzleviz.viz.lesson import load_lesson
from puzzleviz.viz.preparing import preparing_text
from puzzleviz.viz.present import LESSON_KEYS, draw_card
from puzzleviz.viz.scene import Canvas

from puzzleviz import assets
from tests.scenes.test_projector import MIN_TEXT, check_placed, sizes_and_languages

DEMO = load_lesson(assets.asset_path("lessons", "demo.toml"))
LONG_ERROR = (
    "/home/teacher/lessons/week 12/fractions and other puzzles.toml: slide 4: 'solve' "
    "failed: the puzzle file puzzles/hard.txt holds 3 puzzles: pick one with --index"
)


def card_lines(demo) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """(line under the title, footer notice, keys) as a card can show them."""
    from puzzleviz.viz.lesson import _heading

    heading = _heading(demo("sudoku"))  # the longest heading of the tour
    preparing = render(preparing_text(msg("the {puzzle} demo", puzzle=msg("Sudoku")), 128.4))
    return [
        (heading, "", ()),
        (heading, render(msg("It starts as soon as it is ready")), ()),
        ("", "", LESSON_KEYS + WINDOW_KEYS),
        (preparing, "", ()),
        (LONG_ERROR, render(msg("The end of the lesson (Esc quits, PageUp goes back)")), ()),
    ]


@pytest.fixture
def lang_of():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
def test_every_card_of_the_tour_is_readable(demo, lang_of, size, lang):
    lang_of(lang)
    least = MIN_TEXT * ui_scale(*size) - 1e-6
    for index in range(len(DEMO.slides)):
        for line, notice, keys in card_lines(demo):
            canvas = Canvas(*size, show_text=False)
            draw_card(canvas.d2, DEMO, index, line, notice, keys)
            runs = canvas.d2.texts
            where = f"card {index + 1} ({'keys' if keys else line[:30]!r})"
            small = [(run.text, round(run.size, 1)) for run in runs if run.size < least]
            assert not small, f"{where}: text under {least:.0f} px: {small[:4]}"
            cut = [run.text for run in runs if run.text.endswith("…")]
            assert not cut, f"{where}: text cut short: {cut[:4]}"
            check_placed(runs, size, where)

"""`puzzleviz present LESSON.toml --html OUT`: the lesson's tour as one page.

Each slide with a trace is one trace of the tour, brought up on its title card as the
window brings it up (viz.present.draw_card, drawn in each language of the page, the
trace's heading under the title, and with the keys in its place for H, as the window's
card shows them); N / P go from slide to slide. A slide that is a card
alone has no trace to play, and is left out of the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.app import WINDOW_KEYS
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.lesson import Lesson, Prepared
from puzzleviz.viz.player import Player
from puzzleviz.viz.present import LESSON_KEYS, draw_card
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.web.export import Card, ExportError, ExportResult, export_html
from puzzleviz.viz.web.languages import page_keys

__all__ = ["export_lesson"]


def _card(lesson: Lesson, index: int, trace: Trace) -> Card:
    def draw(d: DrawList2D, keys: bool) -> None:
        heading = scene_for(trace.header.kind).heading(Player(trace, model_for(trace)).frame())
        shown = page_keys(LESSON_KEYS + WINDOW_KEYS) if keys else ()
        draw_card(d, lesson, index, heading, keys=shown)

    return draw


def export_lesson(
    lesson: Lesson,
    prepared: Sequence[Prepared],
    out: str | Path,
    size: tuple[int, int] = (1280, 720),
    *,
    languages: Sequence[str] | None = None,
) -> ExportResult:
    """Write the page of the lesson's slides that have a trace, each on its card."""
    shown = [(i, p.trace) for i, p in enumerate(prepared) if p.trace is not None]
    if not shown:
        raise ExportError("this lesson has no slide with a trace: no page to write")
    cards = [_card(lesson, i, trace) for i, trace in shown]
    return export_html([trace for _, trace in shown], out, size, languages=languages,
                       cards=cards)  # fmt: skip

"""The page's languages: every moment baked in each language of its menu, the scene drawn
once where its picture is the same in all of them.

The words are the HUD's (title, caption, counter), drawn in each language; the scene is
the costly part of a moment, and a scene may draw no words at all, or words that read the
same in every language (a digit, a cell's name). So the exporter draws the scene in the
first language while noting every lookup it makes (solvers.i18n.noting_lookups), and the
other languages take that very drawing when none of the lookups reads differently in any
of them and the scene is drawn at the same place (the same view: a title on two lines in
one language moves the stage). Otherwise the scene is drawn again in each language: the
result is exactly drawing per language (tests/web/test_languages.py holds it to that).
Rings draws once a moment; queens, sudoku and SET draw a legend's words, so each language
draws them again.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from puzzleviz.solvers.i18n import N_, current_language, noting_lookups, set_language
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.viz.color import BACKGROUND
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.hud import HudLayout, draw_help
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import Canvas, Scene, View

__all__ = ["PAGE_LACKS", "help_rows", "help_runs", "in_language", "page_keys", "scene_drawn_once"]


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """Everything in the block rendered in `code`, the language before restored after."""
    before = current_language()
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


class _SceneMemo:
    """The last drawing of the scene in the leading language, if it reads the same in all."""

    def __init__(self, scene: Scene[Any], languages: Sequence[str]):
        self.scene = scene
        self.draw = type(scene).draw  # the class's own, around the patch
        self.languages = tuple(languages)
        self.kept: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self.drawn = 0  # scene drawings made (a benchmark's and a test's count)

    def __call__(self, frame: Frame[PuzzleModel], view: View, canvas: Canvas) -> None:
        key = (frame.trace, frame.cursor, frame.t, frame.step, frame.mode, view)
        if current_language() != self.languages[0]:
            if self.kept is not None and self.kept[0] == key and not canvas.layers3d:
                canvas.d2.__dict__.update(copy.deepcopy(self.kept[1]))
                return
            self.drawn += 1
            self.draw(self.scene, frame, view, canvas)
            return
        self.kept = None
        fresh = not canvas.layers3d and _is_empty(canvas.d2)
        with noting_lookups() as lookups:
            self.drawn += 1
            self.draw(self.scene, frame, view, canvas)
        if fresh and not canvas.layers3d and not lookups.differ(self.languages):
            self.kept = (key, copy.deepcopy(canvas.d2.__dict__))


def _is_empty(d: DrawList2D) -> bool:
    return not d.texts and not d._runs and not d._pending and not d._pending_tris


@contextmanager
def scene_drawn_once(scene: Scene[Any], languages: Sequence[str]) -> Iterator[_SceneMemo]:
    """While the block runs, `scene` draws in `languages[0]` as always and, in another
    language right after at the same moment and view, gives the same drawing without
    drawing again when nothing it looked up reads differently (see the module's note).
    The moments must come language by language in lockstep, the leading language first."""
    memo = _SceneMemo(scene, languages)
    scene.draw = memo  # type: ignore[method-assign]  # the scene is one object a process (viz.scene.scene_for)
    try:
        yield memo
    finally:
        delattr(scene, "draw")


PAGE_LACKS = frozenset({"S"})  # the window's keys the page has not: no screenshot key
# the window's "H / Esc: this help / quit" as the page has it: Esc closes the help there
PAGE_HELP_KEY = ("H / Esc", N_("this help (again, or Esc: close it)"))


def page_keys(rows: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The rows of a help whose keys the page has, worded as the page does them."""
    return tuple(PAGE_HELP_KEY if row[0] == PAGE_HELP_KEY[0] else row
                 for row in rows if row[0] not in PAGE_LACKS)  # fmt: skip


def help_rows(
    tour: bool = False, lesson: bool = False, camera: bool = False
) -> tuple[tuple[str, str], ...]:
    """The window's help (viz.app), the keys the page has (all but the screenshot); a 3D
    scene's camera keys; a tour adds N / P, a lesson's page the lesson's keys in place of
    the viewer's PageDown / PageUp, as the window's lesson does (viz.present)."""
    from puzzleviz.viz.app import CAMERA_KEYS, PLAYER_KEYS, WINDOW_KEYS
    from puzzleviz.viz.present import LESSON_KEYS

    rows = page_keys(PLAYER_KEYS + (CAMERA_KEYS if camera else ()) + WINDOW_KEYS)
    if lesson:
        return LESSON_KEYS + tuple(row for row in rows if not row[0].startswith("PageDown"))
    return rows[:-1] + (LESSON_KEYS[1:] if tour else ()) + rows[-1:]


def help_runs(layout: HudLayout, rows: Sequence[tuple[str, str]]) -> list[tuple[str, Any]]:
    """The window's help panel (viz.hud.draw_help), in the current language, for the page
    to draw over its frame. The window draws no scene and no caption under its help, so
    the background is laid over them first (the panel is not quite opaque): the page's
    help is then the window's, whatever the frame under it."""
    d = DrawList2D(layout.width, layout.height)
    stage = layout.stage
    top = layout.caption.y if layout.caption is not None else stage.y
    d.rect(stage.x, top, stage.w, stage.y + stage.h - top, BACKGROUND)
    draw_help(d, layout, rows)
    return d.finish()

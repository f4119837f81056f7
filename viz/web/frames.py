"""The window's frames at the scheduled moments, as draw-list runs (no GL needed).

Each frame is composed as the recorder and the window compose theirs (viz.compose.compose:
the scene, then the HUD), by the same Player seeked to the slot's event position. The HUD's
footer shows whether the player moves (a pause button while playing, a play button
otherwise), so every moment is baked twice, paused and playing, sharing one drawing of the
scene (the costly part): the two differ in a few rows, which the row tables store once.
The page shows the playing variant while it plays, the paused one otherwise (gliding after
Right or Left included, as the window does). So a frame of the page is the window's frame
by construction (tests/web/test_plugin_export.py holds it to `compose`); what remains to
differ is only the rasteriser (WebGL2 in the browser against OpenGL in the window).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence

import numpy as np
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.compose import Look, default_look, make_view
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.hud import HudLayout, HudOptions, draw_hud, draw_pace, pace_text
from puzzleviz.viz.player import Frame, Mode, Player
from puzzleviz.viz.quiz_mode import Tone
from puzzleviz.viz.quiz_panel import QuizPanel
from puzzleviz.viz.scene import Canvas, scene_for
from puzzleviz.viz.text import ATLAS
from puzzleviz.viz.timeline import Level
from puzzleviz.viz.web.encode import Runs
from puzzleviz.viz.web.sampling import DEFAULT_TWEENS, Schedule, schedule

__all__ = ["MOMENT_BUDGET", "ExportError", "FrameSource"]

# Each moment is the scene drawn once and the HUD twice: 10-40 ms here, whatever the trace
# (a SET frame of 6,400 instances costs about what a sudoku frame of 1,100 does: the scenes'
# Python dominates). So a trace gets MOMENT_BUDGET moments at most (an export stays under
# 20 s on this machine); a longer one is sampled as the window plays it (viz.web.sampling).
MOMENT_BUDGET = 450
Layers3DSink = Callable[[Sequence[DrawList3D]], None]  # takes each slot's 3D layers


class ExportError(PuzzlevizError):
    """A trace that cannot be exported as a browser player (yet)."""


class FrameSource:
    """One trace's player, look and schedule; yields the runs of every scheduled slot."""

    def __init__(
        self,
        trace: Trace,
        size: tuple[int, int],
        tweens: int = DEFAULT_TWEENS,
        budget: int = MOMENT_BUDGET,
        *,
        quiz: bool = False,
    ):
        self.trace = trace
        self.size = size
        self.player: Player[PuzzleModel] = Player(trace, model_for(trace))
        scene = scene_for(trace.header.kind)
        scene.warm_up(trace)  # what a recording shows, the page shows
        # the footer's pace is left out: the page draws the pace it plays at (pace_labels)
        # a quiz's page: the scene as a quiz shows it (view.quiz: a sudoku without its list
        # of techniques), its caption row left for the page's words (viz.web.quiz_page)
        hud = HudOptions(pace=False, quiz=QuizPanel("", Tone.ASK) if quiz else None)
        self.look: Look[PuzzleModel] = default_look(scene, self.player.frame(), hud)
        self.schedule: Schedule = schedule(self.player, tweens, budget)
        self._layout: HudLayout | None = None

    def layout(self) -> HudLayout:
        """The HUD's layout at the start (the page hit-tests its timeline with it, and the
        pace labels go where it puts them): laid out once, not drawn (a pace label a
        unit between stops would otherwise compose a whole frame each)."""
        if self._layout is None:
            self.player.seek(0)
            self._layout = make_view(self.look, self.size, self.player.frame())[1]
        return self._layout

    def pace_labels(
        self, speeds: Sequence[float], level: Level = Level.STEP, auto: bool | None = None
    ) -> list[list[str]]:
        """The footer's pace text at each speed (rows) in each unit between step stops
        (columns: one, unless the automatic pace applies, where the rate shown is the
        speed over the unit's beats a step), as the window words it (viz.hud.pace_text).
        `auto` None: as the trace starts; the automatic pace applies by step on a trace
        it slows down (plan.auto), as the window's Player.auto_applies."""
        plan = self.schedule
        auto = plan.auto and (auto is None or (auto and level is Level.STEP))
        if not auto:
            return [[pace_text(speed, level, False)] for speed in speeds]
        widths = [b / max(s, 1.0) for b, s in zip(plan.beats, plan.steady_beats, strict=True)]
        return [[pace_text(speed / w, level, True) for w in widths or [1.0]]
                for speed in speeds]  # fmt: skip

    def pace_runs(self, text: str) -> Runs:
        """The pace text alone, where the footer draws it."""
        d = DrawList2D(*self.size)
        draw_pace(d, text, self.layout())
        return d.finish()

    def runs(
        self,
        progress: Callable[[], None] | None = None,
        layers3d: Layers3DSink | None = None,
    ) -> Iterator[tuple[Runs, Runs]]:
        """Each slot's frame, paused and playing (a 3D scene's layers go to `layers3d`)."""
        resets = ATLAS.resets
        for position in self.schedule.positions:
            self.player.seek(position)
            variants = compose_modes(self.player.frame(), self.look, self.size, layers3d)
            if ATLAS.resets != resets:
                raise ExportError("the text of this trace overflowed the glyph atlas")
            if progress is not None:
                progress()
            yield variants


def compose_modes(
    frame: Frame[PuzzleModel],
    look: Look[PuzzleModel],
    size: tuple[int, int],
    layers3d: Layers3DSink | None = None,
) -> tuple[Runs, Runs]:
    """`compose` of `frame` paused and playing, the scene drawn once: the same runs as
    composing each (runs of one kind that meet where the scene ends and the HUD begins
    are joined, as one draw list joins them). A 3D scene's layers, drawn under the 2D,
    go to `layers3d` (viz/web/frames3d.py), without which they are refused."""
    view, layout = make_view(look, size, frame)
    canvas = Canvas(*size)
    if not look.hud.show_help:
        look.scene.draw(frame, view, canvas)
    if layers3d is not None:
        layers3d(canvas.layers3d)
    elif canvas.layers3d:
        raise ExportError(
            f"the {frame.trace.header.kind} scene draws in 3D, which the browser player "
            "does not draw yet (only 2D scenes export for now)"
        )
    scene = canvas.d2.finish()
    title, statistics = look.scene.heading(frame), look.scene.statistics(frame)
    variants = []
    for mode in (Mode.PAUSED, Mode.PLAYING):
        hud = DrawList2D(*size)
        draw_hud(hud, dataclasses.replace(frame, mode=mode), layout, look.hud, title=title,
                 statistics=statistics)  # fmt: skip
        variants.append(_joined(scene, hud.finish()))
    return variants[0], variants[1]


def _joined(first: Runs, second: Runs) -> Runs:
    if first and second and first[-1][0] == second[0][0]:
        kind = first[-1][0]
        return [*first[:-1], (kind, np.concatenate([first[-1][1], second[0][1]])), *second[1:]]
    return [*first, *second]

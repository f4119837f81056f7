"""The window's frames at the scheduled moments, as draw-list runs (no GL needed).

Each frame is composed exactly as the recorder and the window compose theirs
(viz.compose.compose: the scene, then the HUD), by the same Player seeked to the slot's
event position, paused (the window's state after Right, Left or a click). So a rest frame
of the page is the window's frame at that step by construction; what remains to differ is
only the rasteriser (WebGL2 in the browser against OpenGL in the window).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.compose import Look, compose, default_look
from puzzleviz.viz.hud import HudLayout, HudOptions
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.text import ATLAS
from puzzleviz.viz.web.encode import Runs
from puzzleviz.viz.web.sampling import DEFAULT_TWEENS, Schedule, schedule

__all__ = ["ExportError", "FrameSource"]


class ExportError(PuzzlevizError):
    """A trace that cannot be exported as a browser player (yet)."""


class FrameSource:
    """One trace's player, look and schedule; yields the runs of every scheduled slot."""

    def __init__(self, trace: Trace, size: tuple[int, int], tweens: int = DEFAULT_TWEENS):
        self.trace = trace
        self.size = size
        self.player: Player[PuzzleModel] = Player(trace, model_for(trace))
        scene = scene_for(trace.header.kind)
        scene.warm_up(trace)  # what a recording shows, the page shows
        self.look: Look[PuzzleModel] = default_look(scene, self.player.frame(), HudOptions())
        self.schedule: Schedule = schedule(self.player, tweens)

    def layout(self) -> HudLayout:
        """The HUD's layout at the start (the page hit-tests its timeline with it)."""
        self.player.seek(0)
        return compose(self.player.frame(), self.look, self.size)[1]

    def runs(self, progress: Callable[[], None] | None = None) -> Iterator[Runs]:
        resets = ATLAS.resets
        for position in self.schedule.positions:
            self.player.seek(position)
            canvas, _ = compose(self.player.frame(), self.look, self.size)
            if canvas.layers3d:
                raise ExportError(
                    f"the {self.trace.header.kind} scene draws in 3D, which the browser "
                    "player does not draw yet (only 2D scenes export for now)"
                )
            runs = canvas.d2.finish()
            if ATLAS.resets != resets:
                raise ExportError("the text of this trace overflowed the glyph atlas")
            if progress is not None:
                progress()
            yield runs

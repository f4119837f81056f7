"""The scene protocol, the canvas scenes draw on, and the scene of a puzzle kind.

A scene is a pure function of (frame, view) to draw calls: it reads the state before the
event in progress, the event and its tween t, and the view options; it keeps no state of its
own, reads no clock and never touches GL. viz finds a trace's scene through the puzzle
registry, by the puzzle kind written in the trace, never by name.
"""

from __future__ import annotations

import dataclasses
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic

from puzzleviz.solvers import registry
from puzzleviz.solvers.errors import PluginError
from puzzleviz.solvers.i18n import N_, gettext
from puzzleviz.solvers.plugin import PuzzleSpec
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.trace_edit import by_hand
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.interaction import Interaction
from puzzleviz.viz.player import Frame, M
from puzzleviz.viz.stats import counter_lines, milestone_line

__all__ = [
    "PLAYED_BY_HAND",
    "Canvas",
    "Rect",
    "Scene",
    "SceneOption",
    "View",
    "scene_for",
    "solver_method",
    "warm_up_beside",
]

PLAYED_BY_HAND = N_("played by hand")


@dataclasses.dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        dy = dx if dy is None else dy
        return Rect(self.x + dx, self.y + dy, max(self.w - 2 * dx, 0), max(self.h - 2 * dy, 0))

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def split_x(self, fraction: float, gap: float = 0.0) -> tuple[Rect, Rect]:
        left = self.w * fraction - gap / 2
        return (
            Rect(self.x, self.y, left, self.h),
            Rect(self.x + left + gap, self.y, self.w - left - gap, self.h),
        )

    def pixels(self) -> tuple[int, int, int, int]:
        return round(self.x), round(self.y), round(self.w), round(self.h)


@dataclasses.dataclass(frozen=True)
class SceneOption:
    """A view toggle a scene offers, switched by a key in the window."""

    name: str
    key: str  # a pygame key name, e.g. "e"
    label: str
    default: bool = False


@dataclasses.dataclass(frozen=True)
class View:
    stage: Rect  # where the scene may draw, in framebuffer pixels
    scale: float  # UI scale: 1.0 for a 720-pixel-high frame
    options: Mapping[str, bool]
    camera: OrbitCamera | None = None  # the user's camera, for 3D scenes
    quiz: bool = False  # a quiz is under way: what only helps to play by hand may go


class Canvas:
    """What a scene draws into: 3D layers (each with its viewport) and one 2D list."""

    def __init__(self, width: int, height: int, *, show_text: bool = True):
        self.d2 = DrawList2D(width, height, show_text=show_text)
        self.layers3d: list[DrawList3D] = []

    def layer3d(self, viewport: Rect, camera: OrbitCamera) -> DrawList3D:
        """A 3D layer drawn in `viewport`; a viewport taller than wide steps the camera back
        so what it frames is not cut at the sides (the cube's group panels)."""
        layer = DrawList3D(viewport.pixels(), camera.fitted(viewport.w / max(viewport.h, 1.0)))
        self.layers3d.append(layer)
        return layer


class Scene(ABC, Generic[M]):
    """Draws the traces of one puzzle kind. `class RingsScene(Scene[RingsModel])` sees
    `frame.model` as a RingsModel; a bare `Scene` subclass sees any PuzzleModel."""

    kind: ClassVar[str]  # the puzzle kind this scene draws
    title: ClassVar[str]
    options: ClassVar[tuple[SceneOption, ...]] = ()
    # Counter name -> plain words with {} for the value ("{} nodes searched"); "" hides it.
    counter_labels: ClassVar[Mapping[str, str]] = {}
    # Solver method (the trace's solver name without the puzzle) -> words for the title.
    method_names: ClassVar[Mapping[str, str]] = {}

    def heading(self, frame: Frame[M]) -> str:
        """The title row: the puzzle and the method that made the step shown (the user's
        own steps are 'played by hand', whatever solver made the trace before them)."""
        if by_hand(frame.trace, frame.step):
            return f"{gettext(self.title)} · {gettext(PLAYED_BY_HAND)}"
        method = solver_method(frame.trace.header.solver, self.kind)
        return f"{gettext(self.title)} · {gettext(self.method_names.get(method, method))}"

    def statistics(self, frame: Frame[M]) -> list[str]:
        """The solver's statistics in plain words, most important first."""
        lines = counter_lines(frame.trace, frame.counters, self.counter_labels)
        milestones = milestone_line(frame.trace, frame.milestones_reached)
        return [*lines, milestones] if milestones else lines

    def warm_up(self, trace: Trace) -> None:
        """Slow work this scene's frames of `trace` may use (a rating a solve works out,
        say), kept where those frames find it. A recording does it before its first frame;
        the window does it beside its frames (`warm_up_beside`), never before the first:
        frames drawn meanwhile must be whole, only without what it adds. Nothing here."""

    def default_camera(self, model: M) -> OrbitCamera | None:
        """The starting camera of a 3D scene; None for 2D scenes."""
        return None

    def interaction(self) -> Interaction[M] | None:
        """A fresh handler for playing the puzzle in the window, if the scene offers one."""
        return None

    def opening_notice(self, trace: Trace) -> str | None:
        """What the window says when it opens on `trace` (a message), if anything: a
        practice puzzle names the technique it is for and where it first applies."""
        return None

    # How a quiz question is answered in this scene (viz.quiz_mode): the instruction shown,
    # a message; a scene with no `quiz_answer` is answered by the judge's buttons.
    quiz_prompt: ClassVar[str] = N_("Choose the move below.")
    quiz_buttons: ClassVar[bool] = True  # False: every click names a whole move (no buttons)

    def quiz_answer(
        self, frame: Frame[M], view: View, x: float, y: float, button: int
    ) -> str | None:
        """The move a click at (x, y) makes, in the quiz judge's notation ("queen c4"), or
        the part of one it names ("ring 2": its turns are then offered as buttons); None
        where the click names nothing. Button 1 is the left, 3 the right. Pure, as
        `draw` is: the browser page's export asks it too."""
        return None

    @abstractmethod
    def draw(self, frame: Frame[M], view: View, canvas: Canvas) -> None:
        """Draw the frame. Must not modify frame.state."""


def warm_up_beside(scene: Scene[Any], trace: Trace) -> threading.Thread | None:
    """`scene.warm_up(trace)` on a daemon thread (quitting never waits for it), if the
    scene has any warming up to do."""
    if type(scene).warm_up is Scene.warm_up:
        return None
    thread = threading.Thread(target=scene.warm_up, args=(trace,), daemon=True,
                              name=f"puzzleviz-warm-up-{scene.kind}")  # fmt: skip
    thread.start()
    return thread


def solver_method(solver: str, kind: str) -> str:
    """The method in a trace's solver name: "exact" from "cube.exact" (what solving names
    every trace, `<kind>.<method>`); older traces' "setgame-demo" and "rings best-first"
    still give "demo" and "best-first", and a name without its kind ("session") is the
    method itself."""
    for separator in ".- ":
        if solver.startswith(kind + separator):
            return solver[len(kind) + 1 :]
    return solver


def scene_for(kind: str) -> Scene[Any]:
    """The scene of a puzzle kind: the one its PuzzleSpec names, made once a process.
    PluginError (one line) if the spec names nothing importable, or a scene of another
    kind than the spec's."""
    spec = registry.by_kind(kind)
    made = _SCENES.get(id(spec))
    if made is None or made[0] is not spec:
        made = _SCENES[id(spec)] = (spec, _scene_of(spec))
    return made[1]


# A scene for each spec (by identity: two installs of a plugin with the same Refs are two
# specs whose scenes may differ), each of its own model type: which one a trace needs is
# known only at run time (from its header), hence Scene[Any] here and from scene_for.
_SCENES: dict[int, tuple[PuzzleSpec, Scene[Any]]] = {}


def _scene_of(spec: PuzzleSpec) -> Scene[Any]:
    made = registry.load(spec, "scene", spec.scene)
    try:
        scene = made() if isinstance(made, type) else made
    except Exception as exc:  # a plugin's scene that cannot be made: one line, not a traceback
        why = " ".join(f"{type(exc).__name__}: {exc}".split())
        raise PluginError(f"{registry.origin(spec)}: scene {spec.scene.path}: {why}") from exc
    if not isinstance(scene, Scene):
        raise PluginError(f"{registry.origin(spec)}: scene {spec.scene.path} is not a Scene")
    registry.check_kind(spec, "scene", spec.scene, getattr(scene, "kind", None))
    return scene

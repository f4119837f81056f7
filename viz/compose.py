"""One frame's draw calls: the scene, then the HUD on top. Shared by window and recorder."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Generic

from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.hud import HudLayout, HudOptions, draw_hud, hud_layout
from puzzleviz.viz.player import Frame, M
from puzzleviz.viz.renderer import Renderer
from puzzleviz.viz.scene import Canvas, Scene, View
from puzzleviz.viz.target import RenderTarget


@dataclasses.dataclass(frozen=True)
class Look(Generic[M]):
    """How a trace is presented, apart from where the player is."""

    scene: Scene[M]
    hud: HudOptions
    options: Mapping[str, bool]
    camera: OrbitCamera | None


def make_view(
    look: Look[M], size: tuple[int, int], frame: Frame[M] | None = None
) -> tuple[View, HudLayout]:
    """The scene's view and the HUD layout for a frame of `size` pixels. Given the frame,
    the layout fits its title (one line or two) and its trace's step counter; the window
    hit-tests with the same layout as it draws."""
    trace, title = (frame.trace, look.scene.heading(frame)) if frame is not None else (None, "")
    layout = hud_layout(size[0], size[1], look.hud, trace, title)
    view = View(stage=layout.stage, scale=layout.scale, options=look.options, camera=look.camera,
                quiz=look.hud.quiz is not None)  # fmt: skip
    return view, layout


def compose(
    frame: Frame[M], look: Look[M], size: tuple[int, int], *, show_text: bool = True
) -> tuple[Canvas, HudLayout]:
    """The scene (or, with help shown, the help in its place) and the HUD on top.
    `show_text=False` records the text without drawing it (for contrast checks)."""
    view, layout = make_view(look, size, frame)
    canvas = Canvas(*size, show_text=show_text)
    if not look.hud.covers_stage:
        look.scene.draw(frame, view, canvas)
    draw_hud(canvas.d2, frame, layout, look.hud, title=look.scene.heading(frame),
             statistics=look.scene.statistics(frame))  # fmt: skip
    return canvas, layout


def render_frame(
    renderer: Renderer,
    target: RenderTarget,
    frame: Frame[M],
    look: Look[M],
    *,
    show_text: bool = True,
) -> HudLayout:
    canvas, layout = compose(frame, look, target.size, show_text=show_text)
    renderer.render(target, canvas.layers3d, canvas.d2)
    return layout


def default_look(scene: Scene[M], frame: Frame[M], hud: HudOptions | None = None) -> Look[M]:
    return Look(
        scene=scene,
        hud=hud or HudOptions(),
        options={option.name: option.default for option in scene.options},
        camera=scene.default_camera(frame.model),
    )

"""One position of a trace as a still picture for print: the scene alone, no HUD.

A still is what the window's stage shows at rest at an event cursor, composed by the scene
exactly as the window composes it (viz.compose's view of the stage, without the caption,
timeline or notice that the HUD draws around it), then cut to what the scene drew there,
so a board with empty stage around it does not waste half a page. Its 2D part stays as
draw runs (viz.pdfdraw writes them as vectors); a scene with 3D layers (the cube) is
composed at twice the size and its 3D part rendered headless (EGL) into an image of the
cut, with the 2D drawn over it as the window does.

Frames are laid out at 1024x768, the 4:3 frame every scene lays out for (viz.hud
`ui_scale`): squarer than the window's 16:9, so a picture is taller on a portrait page and
its text larger.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.color import BACKGROUND
from puzzleviz.viz.compose import Look, default_look, make_view
from puzzleviz.viz.hud import HudOptions
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import Canvas, Rect, scene_for
from puzzleviz.viz.text import ATLAS

if TYPE_CHECKING:
    import moderngl
    from puzzleviz.viz.renderer import Renderer

__all__ = ["FRAME", "Headless", "Still", "StillMaker", "content_box", "drawn_box", "within"]

FRAME = (1024, 768)
SCALE_3D = 2  # a 3D scene is composed and rendered at twice the frame: sharp in print
MARGIN = 10.0  # pixels of stage kept around what the scene draws
LOOK = HudOptions(captions=False, timeline=False)


@dataclasses.dataclass(frozen=True)
class Still:
    """A position's picture: `runs` (finished 2D draw runs, in pixels of a `size` frame)
    shown within `stage`; `crop` is what they draw there with a margin around it; `image`
    the 3D part of the frame (RGB, top row first) or None."""

    runs: list[tuple[str, np.ndarray]]
    size: tuple[int, int]
    stage: Rect
    crop: Rect
    image: np.ndarray | None
    caption: str  # the caption the window shows at this position
    atlas_resets: int  # the glyph atlas its glyph runs point into

    @property
    def scale(self) -> float:
        """Pixels of this still per pixel of an ordinary frame (FRAME)."""
        return self.size[0] / FRAME[0]

    def valid(self) -> bool:
        """Its glyphs are still where the atlas put them (see viz.draw2d.Drawing)."""
        return self.atlas_resets == ATLAS.resets


class StillMaker:
    """Stills of one trace, at any event cursor (a player seeks there: keyframes make that
    milliseconds anywhere in a long search)."""

    def __init__(self, trace: Trace, gl: Headless) -> None:
        self.trace = trace
        self.gl = gl
        self.player: Player[PuzzleModel] = Player(trace, model_for(trace))
        self.scene = scene_for(trace.header.kind)
        self.scene.warm_up(trace)  # what a recording shows: the window's at last
        self.look: Look[PuzzleModel] = default_look(self.scene, self.player.frame(), LOOK)

    def stage(self) -> Rect:
        """The stage of an ordinary frame of this trace (the same at every cursor)."""
        view, _layout = make_view(self.look, FRAME, self.player.frame())
        return view.stage

    def at(self, cursor: int) -> Still:
        self.player.seek(cursor)
        still = self._compose(FRAME)
        if still is None:
            size = (FRAME[0] * SCALE_3D, FRAME[1] * SCALE_3D)
            still = self._compose(size, render_3d=True)
        assert still is not None
        return still

    def _compose(self, size: tuple[int, int], *, render_3d: bool = False) -> Still | None:
        """The still at `size`; None if the scene draws in 3D and render_3d is False (it
        is then composed again, larger, to render)."""
        for _attempt in range(2):  # the atlas filling up while we draw: once more, afresh
            resets = ATLAS.resets
            frame = self.player.frame()
            view, _layout = make_view(self.look, size, frame)
            canvas = Canvas(*size)
            self.scene.draw(frame, view, canvas)
            if canvas.layers3d and not render_3d:
                return None
            runs = canvas.d2.finish()
            if ATLAS.resets != resets:
                continue
            image = self._render_3d(canvas, size) if canvas.layers3d else None
            boxes = [] if image is None else [drawn_box(image, layer.viewport)
                                              for layer in canvas.layers3d]  # fmt: skip
            content = content_box(runs, view.stage, [b for b in boxes if b is not None])
            crop = within(content.inset(-MARGIN * size[0] / FRAME[0]), Rect(0, 0, *size))
            return Still(runs, size, view.stage, crop, image, frame.caption, resets)
        raise RuntimeError("the glyph atlas filled up while one picture was drawn")

    def _render_3d(self, canvas: Canvas, size: tuple[int, int]) -> np.ndarray:
        """The 3D layers over the window's background, the whole frame (RGB, top row
        first): the page shows the part its picture needs."""
        from puzzleviz.viz.gl import samples_for
        from puzzleviz.viz.target import RenderTarget

        ctx, renderer = self.gl.made()
        # the window's multisampling (none on a software renderer): smooth at twice the size
        target = RenderTarget(ctx, size, samples=samples_for(ctx, None))
        try:
            renderer.render(target, canvas.layers3d, None)
            return target.read_image()
        finally:
            target.release()


class Headless:
    """A headless GL context (EGL) and renderer, made when the first 3D still needs them:
    a handout of 2D scenes needs no GL at all."""

    def __init__(self) -> None:
        self._made: tuple[moderngl.Context, Renderer] | None = None

    def made(self) -> tuple[moderngl.Context, Renderer]:
        if self._made is None:
            from puzzleviz.viz.gl import headless_context
            from puzzleviz.viz.renderer import Renderer

            ctx = headless_context()
            self._made = (ctx, Renderer(ctx))
        return self._made

    def release(self) -> None:
        if self._made is not None:
            self._made[0].release()
            self._made = None


def drawn_box(
    image: np.ndarray, viewport: tuple[int, int, int, int]
) -> tuple[float, float, float, float] | None:
    """What a 3D layer drew in its viewport (x, y, w, h, top-left origin) of `image` (RGB,
    top row first, over the window's background): x0, y0, x1, y1, or None if nothing."""
    x, y, w, h = viewport
    part = image[max(y, 0) : y + h, max(x, 0) : x + w].astype(np.int16)
    ground = np.array([round(255 * v) for v in BACKGROUND[:3]], dtype=np.int16)
    drawn = np.abs(part - ground).max(axis=2) > 2
    rows, cols = np.flatnonzero(drawn.any(axis=1)), np.flatnonzero(drawn.any(axis=0))
    if not len(rows):
        return None
    left, top = max(x, 0) + float(cols[0]), max(y, 0) + float(rows[0])
    return left, top, max(x, 0) + float(cols[-1] + 1), max(y, 0) + float(rows[-1] + 1)


def content_box(
    runs: Sequence[tuple[str, np.ndarray]],
    stage: Rect,
    extra: Sequence[tuple[float, float, float, float]] = (),
) -> Rect:
    """The part of `stage` that what the runs draw covers (and the `extra` boxes, x0 y0
    x1 y1): the whole stage if nothing shows there."""
    lo, hi = [np.inf, np.inf], [-np.inf, -np.inf]

    def take(x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray) -> None:
        if len(x0):
            lo[0], lo[1] = min(lo[0], float(x0.min())), min(lo[1], float(y0.min()))
            hi[0], hi[1] = max(hi[0], float(x1.max())), max(hi[1], float(y1.max()))

    for kind, block in runs:
        if not len(block):
            continue
        if kind == "tris":
            visible = block[:, 5] > 0
            take(block[visible, 0], block[visible, 1], block[visible, 0], block[visible, 1])
        elif kind == "dots":
            reach = block[:, 2] + block[:, 3] / 2
            take(*_around(block[:, 0], block[:, 1], reach, reach))
        elif kind == "glyphs":
            take(*_around(block[:, 0], block[:, 1], block[:, 2], block[:, 3]))
        else:  # shapes: a turned box reaches at most its half diagonal from its centre
            reach = np.hypot(block[:, 2], block[:, 3]) + block[:, 6] / 2
            turned = np.abs(np.sin(2 * block[:, 4])) > 1e-6
            half_w = np.where(turned, reach, block[:, 2] + block[:, 6] / 2)
            half_h = np.where(turned, reach, block[:, 3] + block[:, 6] / 2)
            take(*_around(block[:, 0], block[:, 1], half_w, half_h))
    for x0, y0, x1, y1 in extra:
        take(np.array([x0]), np.array([y0]), np.array([x1]), np.array([y1]))
    if lo[0] > hi[0]:
        return stage
    return within(Rect(lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]), stage)


def within(rect: Rect, bounds: Rect) -> Rect:
    """`rect` cut to `bounds` (`bounds` itself if they do not meet)."""
    left, top = max(rect.x, bounds.x), max(rect.y, bounds.y)
    right = min(rect.x + rect.w, bounds.x + bounds.w)
    bottom = min(rect.y + rect.h, bounds.y + bounds.h)
    if right <= left or bottom <= top:
        return bounds
    return Rect(left, top, right - left, bottom - top)


def _around(
    x: np.ndarray, y: np.ndarray, half_w: np.ndarray, half_h: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    return x - half_w, y - half_h, x + half_w, y + half_h

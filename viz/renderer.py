"""The one render path: background, 3D, then 2D on top, into a RenderTarget."""

from __future__ import annotations

from collections.abc import Sequence

import moderngl
from puzzleviz.viz.color import BACKGROUND, RGBA
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.renderer2d import Renderer2D
from puzzleviz.viz.renderer3d import Renderer3D
from puzzleviz.viz.target import RenderTarget


class Renderer:
    def __init__(self, ctx: moderngl.Context):
        self.ctx = ctx
        self.r2 = Renderer2D(ctx)
        self.r3 = Renderer3D(ctx)

    def render(
        self,
        target: RenderTarget,
        layers3d: Sequence[DrawList3D],
        layer2d: DrawList2D | None,
        background: RGBA = BACKGROUND,
    ) -> None:
        target.begin(background)
        for d3 in layers3d:
            self.r3.render(d3, target.height)
        self.ctx.viewport = (0, 0, *target.size)
        if layer2d is not None:
            self.r2.render(layer2d.finish(), target.size)
        target.resolve()

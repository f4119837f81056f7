"""The one render path's destination: an offscreen framebuffer (MSAA, resolved).

Scenes and the HUD always draw here. The window shows the resolved texture; the recorder
and screenshots read it back. With samples == 0 drawing goes straight to the resolved
framebuffer and resolving costs nothing.
"""

from __future__ import annotations

import moderngl
import numpy as np
from puzzleviz.viz.color import RGBA


class RenderTarget:
    def __init__(self, ctx: moderngl.Context, size: tuple[int, int], samples: int = 0):
        self.ctx = ctx
        self.samples = samples
        self.size = (0, 0)
        self._objects: list[moderngl.Framebuffer | moderngl.Texture | moderngl.Renderbuffer] = []
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(int(size[0]), 1), max(int(size[1]), 1))
        if size == self.size:
            return
        self.release()
        self.size = size
        ctx = self.ctx
        self.texture = ctx.texture(size, 4)
        self.texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
        depth = ctx.depth_renderbuffer(size)
        self.resolved = ctx.framebuffer(color_attachments=[self.texture], depth_attachment=depth)
        self._objects = [self.resolved, self.texture, depth]
        if self.samples > 0:
            color = ctx.renderbuffer(size, 4, samples=self.samples)
            mdepth = ctx.depth_renderbuffer(size, samples=self.samples)
            self.draw = ctx.framebuffer(color_attachments=[color], depth_attachment=mdepth)
            self._objects += [self.draw, color, mdepth]
        else:
            self.draw = self.resolved

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    def begin(self, background: RGBA) -> None:
        self.draw.use()
        self.ctx.viewport = (0, 0, *self.size)
        self.draw.clear(*background, depth=1.0)

    def resolve(self) -> None:
        if self.draw is not self.resolved:
            self.ctx.copy_framebuffer(self.resolved, self.draw)

    def read_pixels(self) -> np.ndarray:
        """A new (height, width, 4) uint8 RGBA array, bottom row first (OpenGL order).

        RGBA is the framebuffer's own layout: reading it is a copy, while asking for RGB
        makes the driver repack every pixel (ten times slower at 1080p on llvmpipe)."""
        w, h = self.size
        pixels = np.empty((h, w, 4), dtype=np.uint8)
        self.resolved.read_into(pixels, components=4, alignment=1)
        return pixels

    def read_image(self) -> np.ndarray:
        """An (height, width, 3) uint8 RGB image, top row first."""
        return self.read_pixels()[::-1, :, :3]

    def release(self) -> None:
        for obj in self._objects:
            obj.release()
        self._objects = []

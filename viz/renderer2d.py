"""Draws `DrawList2D` runs in order: instanced quads for shapes, point sprites for small
discs and glyphs, plain triangles for polygons. Owns the 2D GL objects (programs,
streaming buffers, the glyph atlas texture)."""

from __future__ import annotations

import moderngl
import numpy as np
from puzzleviz.viz.draw2d import SHAPE_FLOATS
from puzzleviz.viz.gl import attribute_location, blend_over, load_program, uniform
from puzzleviz.viz.text import ATLAS, GlyphAtlas

_SHAPE_STRIDE = SHAPE_FLOATS * 4
_SHAPE_ATTRS = (("i_geom", 0), ("i_param", 4), ("i_fill", 8), ("i_stroke", 12), ("i_extra", 16))
_TRI_STRIDE = 6 * 4


class _StreamBuffer:
    """A dynamic vertex buffer that grows by doubling and is orphaned before each write."""

    def __init__(self, ctx: moderngl.Context, size: int = 1 << 16):
        self.ctx = ctx
        self.buffer = ctx.buffer(reserve=size, dynamic=True)

    def upload(self, data: np.ndarray) -> None:
        nbytes = data.nbytes
        if nbytes > self.buffer.size:
            self.buffer.orphan(max(nbytes, 2 * self.buffer.size))
        else:
            self.buffer.orphan()
        if nbytes:
            self.buffer.write(data)


class Renderer2D:
    def __init__(self, ctx: moderngl.Context, atlas: GlyphAtlas = ATLAS):
        self.ctx = ctx
        self.atlas = atlas
        self.shape_program = load_program(ctx, "shape")
        self.tri_program = load_program(ctx, "tris")
        corners = np.array([-1, -1, 1, -1, -1, 1, 1, 1], dtype=np.float32)
        self._corners = ctx.buffer(corners)
        self._shapes = _StreamBuffer(ctx)
        self._tris = _StreamBuffer(ctx)
        prog = self.shape_program
        self._shape_vao = ctx.vertex_array(
            prog,
            [(self._corners, "2f", "corner")]
            + [(self._shapes.buffer, "4f/i", name) for name, _ in _SHAPE_ATTRS[:1]],
        )
        self._locations = {name: attribute_location(prog, name) for name, _ in _SHAPE_ATTRS}
        self._tri_vao = ctx.vertex_array(
            self.tri_program, [(self._tris.buffer, "2f 4f", "position", "color")]
        )
        self.dot_program = load_program(ctx, "dots")
        self.glyph_program = load_program(ctx, "glyphs")
        self._dots = _StreamBuffer(ctx)
        self._glyph_sprites = _StreamBuffer(ctx)
        self._dot_vao = ctx.vertex_array(
            self.dot_program, [(self._dots.buffer, "4f 4f 4f", "i_disc", "i_fill", "i_stroke")]
        )
        self._glyph_vao = ctx.vertex_array(
            self.glyph_program,
            [(self._glyph_sprites.buffer, "4f 4f 4f", "i_box", "i_uv", "i_color")],
        )
        self._streams = {
            "shapes": self._shapes,
            "tris": self._tris,
            "dots": self._dots,
            "glyphs": self._glyph_sprites,
        }
        self._atlas_texture = ctx.texture((atlas.size, atlas.size), 1)
        self._atlas_texture.filter = (moderngl.LINEAR, moderngl.LINEAR)
        self._atlas_version = -1

    def _sync_atlas(self) -> None:
        if self._atlas_version != self.atlas.version:
            self._atlas_texture.write(self.atlas.pixels)
            self._atlas_version = self.atlas.version

    def render(self, runs: list[tuple[str, np.ndarray]], size: tuple[int, int]) -> None:
        if not runs:
            return
        self._sync_atlas()
        ctx = self.ctx
        ctx.disable(moderngl.DEPTH_TEST | moderngl.CULL_FACE)
        ctx.enable(moderngl.BLEND)
        blend_over(ctx)
        for kind, stream in self._streams.items():
            blocks = [block for k, block in runs if k == kind]
            if blocks:
                stream.upload(np.concatenate(blocks) if len(blocks) > 1 else blocks[0])
        viewport = (float(size[0]), float(size[1]))
        for program in (self.shape_program, self.tri_program, self.dot_program,
                        self.glyph_program):  # fmt: skip
            uniform(program, "u_viewport").value = viewport
        self._atlas_texture.use(0)
        for program in (self.shape_program, self.glyph_program):
            if "u_atlas" in program:
                uniform(program, "u_atlas").value = 0
        ctx.enable(moderngl.PROGRAM_POINT_SIZE)
        at = dict.fromkeys(self._streams, 0)
        for kind, block in runs:
            count = len(block)
            first = at[kind]
            if kind == "shapes":
                self._bind_shapes(first)
                self._shape_vao.render(moderngl.TRIANGLE_STRIP, vertices=4, instances=count)
            elif kind == "tris":
                self._tri_vao.render(moderngl.TRIANGLES, vertices=count, first=first)
            elif kind == "dots":
                self._dot_vao.render(moderngl.POINTS, vertices=count, first=first)
            else:
                self._glyph_vao.render(moderngl.POINTS, vertices=count, first=first)
            at[kind] = first + count

    def _bind_shapes(self, first: int) -> None:
        """Point the instance attributes at instance `first` (no base-instance in GL 3.3)."""
        base = first * _SHAPE_STRIDE
        for name, offset in _SHAPE_ATTRS:
            self._shape_vao.bind(
                self._locations[name],
                "f",
                self._shapes.buffer,
                "4f",
                offset=base + offset * 4,
                stride=_SHAPE_STRIDE,
                divisor=1,
            )

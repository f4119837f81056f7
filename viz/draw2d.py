"""2D draw lists: what a scene or the HUD wants drawn, as plain data (no GL here).

Coordinates are framebuffer pixels, origin top-left, y down. Angles are radians,
counter-clockwise as seen on screen, 0 pointing right. Every primitive is anti-aliased by
its own signed distance in the shader, so 2D needs no MSAA. Primitives keep their order:
consecutive shapes and text become one instanced draw; polygons break the run.

Small discs and glyphs whose centre is on screen become point sprites ("dots" and "glyphs"
runs): one vertex each, which halves the per-primitive cost on a software rasteriser; the
rest are shapes, instances of 20 floats:
    0-1 centre, 2-3 half size, 4 rotation, 5 corner radius, 6 stroke width, 7 kind,
    8-11 fill RGBA, 12-15 stroke RGBA, 16-19 kind-specific (arc geometry, glyph UVs)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

import numpy as np
from puzzleviz.viz.color import INK, RGBA, ColorLike, rgba
from puzzleviz.viz.text import ATLAS, Anchor, FontName, layout_text

__all__ = [
    "KIND_ARC",
    "KIND_BOX",
    "KIND_GLYPH",
    "MAX_SPRITE",
    "SHAPE_FLOATS",
    "SPRITE_FLOATS",
    "DrawList2D",
    "Drawing",
    "Point",
    "TextRun",
    "triangulate",
]

SHAPE_FLOATS = 20
SPRITE_FLOATS = 12  # dots: centre, radius, stroke width, fill, stroke; glyphs: box, uv, colour
MAX_SPRITE = 120  # pixels: larger discs and glyphs are drawn as quads
KIND_BOX, KIND_ARC, KIND_GLYPH = 0.0, 1.0, 2.0
_NONE = (0.0, 0.0, 0.0, 0.0)

Point = tuple[float, float]


def _color_array(color: ColorLike | np.ndarray | None, n: int) -> np.ndarray:
    if color is None:
        return np.zeros((n, 4), dtype=np.float32)
    array = np.asarray(color if not isinstance(color, str) else rgba(color), dtype=np.float32)
    if array.ndim == 1:
        array = np.asarray(rgba(tuple(array.tolist())), dtype=np.float32)
        return np.broadcast_to(array, (n, 4))
    if array.shape[1] == 3:
        array = np.hstack([array, np.ones((n, 1), dtype=np.float32)])
    return array


def _sprite_mask(centers: np.ndarray, extents: np.ndarray, width: int, height: int) -> np.ndarray:
    """Which items may be point sprites: small, and centred on screen (GL drops a point
    whose centre leaves the viewport, which would make items pop at the edges)."""
    x, y = centers[:, 0], centers[:, 1]
    return (extents * 2 <= MAX_SPRITE) & (x >= 0) & (x < width) & (y >= 0) & (y < height)


@dataclasses.dataclass(frozen=True)
class TextRun:
    """Text as it was drawn, for the projector checks (size, contrast, overlaps): the ink
    box of a block of text, or one box per character for `chars`."""

    text: str
    boxes: np.ndarray  # (k, 4): x0, y0, x1, y1 of the ink
    size: float  # pixels
    colors: np.ndarray  # (k, 4) RGBA


@dataclasses.dataclass(frozen=True)
class Drawing:
    """What a block of drawing adds to a list, kept to be added again (`DrawList2D.replay`):
    its runs in order and its texts. A scene that draws the same thing at the same place
    often (a SET card in a frame after frame) draws it once and replays it."""

    runs: tuple[tuple[str, np.ndarray], ...]
    texts: tuple[TextRun, ...]
    atlas_resets: int  # the glyph atlas it placed its glyphs in (a reset moves them)

    def valid(self) -> bool:
        """Its glyphs are still where it found them in the atlas."""
        return self.atlas_resets == ATLAS.resets


# A text's drawing by everything that places it (and the atlas its glyphs are in): the
# same caption, label or legend line is drawn frame after frame, and laying it out was a
# third of composing a sudoku frame; replayed, its rows are the very rows drawn.
_TEXT_DRAWINGS: dict[tuple[object, ...], tuple[Drawing, tuple[float, float]]] = {}
TEXT_DRAWINGS_KEPT = 8192  # texts kept before the cache starts again (at most a few tens of MB)


class DrawList2D:
    def __init__(self, width: int, height: int, *, show_text: bool = True):
        """`show_text=False` lays text out and records it in `texts` but draws none of it:
        the background a text is read against."""
        self.width = width
        self.height = height
        self.show_text = show_text
        self.texts: list[TextRun] = []
        self._runs: list[tuple[str, list[np.ndarray]]] = []  # kind, blocks to concatenate
        self._pending: list[tuple[float, ...]] = []
        self._pending_tris: list[tuple[float, ...]] = []

    # -- internals ---------------------------------------------------------------------

    def _flush_shapes(self) -> None:
        if self._pending:
            self._append("shapes", np.array(self._pending, dtype=np.float32))
            self._pending = []

    def _flush_tris(self) -> None:
        if self._pending_tris:
            self._append("tris", np.array(self._pending_tris, dtype=np.float32))
            self._pending_tris = []

    def _append(self, kind: str, block: np.ndarray) -> None:
        if self._runs and self._runs[-1][0] == kind:
            self._runs[-1][1].append(block)
        else:
            self._runs.append((kind, [block]))

    def _add(self, kind: str, block: np.ndarray) -> None:
        self._flush_tris()
        self._flush_shapes()
        self._append(kind, block)

    def _glyphs(self, quads: np.ndarray, colors: np.ndarray) -> None:
        """quads (N, 8): centre, half size, uv rectangle; colors (N, 4)."""
        sprite = _sprite_mask(quads[:, 0:2], quads[:, 2:4].max(axis=1), self.width, self.height)
        if sprite.any():
            block = np.empty((int(sprite.sum()), SPRITE_FLOATS), dtype=np.float32)
            block[:, 0:8] = quads[sprite]
            block[:, 8:12] = colors[sprite]
            self._add("glyphs", block)
        if not sprite.all():
            rest = ~sprite
            block = np.zeros((int(rest.sum()), SHAPE_FLOATS), dtype=np.float32)
            block[:, 0:4] = quads[rest, 0:4]
            block[:, 7] = KIND_GLYPH
            block[:, 8:12] = colors[rest]
            block[:, 16:20] = quads[rest, 4:8]
            self._add("shapes", block)

    def _shape(self, values: tuple[float, ...]) -> None:
        self._flush_tris()
        self._pending.append(values)

    def finish(self) -> list[tuple[str, np.ndarray]]:
        """The runs in drawing order: ("shapes", (N, 20)) or ("tris", (3N, 6)) arrays."""
        self._flush_shapes()
        self._flush_tris()
        self._runs = [
            (kind, [blocks[0] if len(blocks) == 1 else np.concatenate(blocks)])
            for kind, blocks in self._runs
        ]
        return [(kind, blocks[0]) for kind, blocks in self._runs]

    def blank(self) -> DrawList2D:
        """An empty list like this one, to draw a block in and keep it (`drawing`)."""
        return DrawList2D(self.width, self.height, show_text=self.show_text)

    def drawing(self) -> Drawing:
        """This list's content as a Drawing (the list is finished by it)."""
        return Drawing(tuple(self.finish()), tuple(self.texts), ATLAS.resets)

    def replay(self, drawing: Drawing) -> None:
        """Add `drawing` as if its calls were made here: the same rows in the same order,
        so the finished runs are bit for bit those of drawing it here."""
        for kind, block in drawing.runs:
            self._add(kind, block)
        self.texts.extend(drawing.texts)

    # -- shapes ------------------------------------------------------------------------

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: ColorLike | None = None,
        *,
        radius: float = 0.0,
        stroke: ColorLike | None = None,
        width: float = 1.0,
        angle: float = 0.0,
    ) -> None:
        """An axis-aligned (or rotated about its centre) rounded rectangle, top-left x, y."""
        f = rgba(fill) if fill is not None else _NONE
        s = rgba(stroke) if stroke is not None else _NONE
        sw = width if stroke is not None else 0.0
        r = min(radius, w / 2, h / 2)
        self._shape((x + w / 2, y + h / 2, w / 2, h / 2, angle, r, sw, KIND_BOX, *f, *s, *_NONE))

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        fill: ColorLike | None = None,
        *,
        stroke: ColorLike | None = None,
        width: float = 1.0,
    ) -> None:
        self.circles(np.array([[x, y]]), r, fill, stroke=stroke, width=width)

    def circles(
        self,
        centers: np.ndarray,
        radii: float | np.ndarray,
        fill: ColorLike | np.ndarray | None = None,
        *,
        stroke: ColorLike | np.ndarray | None = None,
        width: float = 1.0,
    ) -> None:
        """Many circles at once, from arrays (the fast path for thousands)."""
        centers = np.asarray(centers, dtype=np.float32).reshape(-1, 2)
        n = len(centers)
        if n == 0:
            return
        r = np.broadcast_to(np.asarray(radii, dtype=np.float32), (n,))
        stroke_w = width if stroke is not None else 0.0
        fills, strokes = _color_array(fill, n), _color_array(stroke, n)
        sprite = _sprite_mask(centers, r + stroke_w / 2 + 1, self.width, self.height)
        if sprite.any():
            dots = np.zeros((int(sprite.sum()), SPRITE_FLOATS), dtype=np.float32)
            dots[:, 0:2] = centers[sprite]
            dots[:, 2] = r[sprite]
            dots[:, 3] = stroke_w
            dots[:, 4:8] = fills[sprite]
            dots[:, 8:12] = strokes[sprite]
            self._add("dots", dots)
        if not sprite.all():
            rest = ~sprite
            block = np.zeros((int(rest.sum()), SHAPE_FLOATS), dtype=np.float32)
            block[:, 0:2] = centers[rest]
            block[:, 2] = block[:, 3] = block[:, 5] = r[rest]
            block[:, 6] = stroke_w
            block[:, 7] = KIND_BOX
            block[:, 8:12] = fills[rest]
            block[:, 12:16] = strokes[rest]
            self._add("shapes", block)

    def line(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        color: ColorLike = INK,
        width: float = 1.0,
        *,
        round_caps: bool = True,
    ) -> None:
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        angle = -math.atan2(dy, dx)
        half_w = width / 2
        extra = half_w if round_caps else 0.0
        c = rgba(color)
        self._shape(
            (
                (x0 + x1) / 2,
                (y0 + y1) / 2,
                length / 2 + extra,
                half_w,
                angle,
                half_w if round_caps else 0.0,
                0.0,
                KIND_BOX,
                *c,
                *_NONE,
                *_NONE,
            )
        )

    def lines(
        self,
        starts: np.ndarray,
        ends: np.ndarray,
        colors: ColorLike | np.ndarray = INK,
        width: float = 1.0,
        *,
        round_caps: bool = True,
    ) -> None:
        """Many segments at once, from (N, 2) arrays (outlines, stripes, grids)."""
        p0 = np.asarray(starts, dtype=np.float32).reshape(-1, 2)
        p1 = np.asarray(ends, dtype=np.float32).reshape(-1, 2)
        n = len(p0)
        if n == 0:
            return
        delta = p1 - p0
        length = np.hypot(delta[:, 0], delta[:, 1])
        half_w = width / 2
        block = np.zeros((n, SHAPE_FLOATS), dtype=np.float32)
        block[:, 0:2] = (p0 + p1) / 2
        block[:, 2] = length / 2 + (half_w if round_caps else 0.0)
        block[:, 3] = half_w
        block[:, 4] = -np.arctan2(delta[:, 1], delta[:, 0])
        block[:, 5] = half_w if round_caps else 0.0
        block[:, 7] = KIND_BOX
        block[:, 8:12] = _color_array(colors, n)
        self._add("shapes", block)

    def polyline(
        self,
        points: Sequence[Point],
        color: ColorLike = INK,
        width: float = 1.0,
        *,
        closed: bool = False,
    ) -> None:
        pts = np.asarray(points, dtype=np.float32).reshape(-1, 2)
        if closed and len(pts) > 2:
            pts = np.vstack([pts, pts[:1]])
        if len(pts) > 1:
            self.lines(pts[:-1], pts[1:], color, width)

    def arc(
        self,
        cx: float,
        cy: float,
        r: float,
        start: float,
        end: float,
        color: ColorLike = INK,
        width: float = 2.0,
    ) -> None:
        """A circular arc with round caps from angle `start` to `end` (counter-clockwise)."""
        if end < start:
            start, end = end, start
        sweep = min(end - start, 2 * math.pi)
        mid = start + sweep / 2
        outer = r + width / 2
        c = rgba(color)
        self._shape(
            (cx, cy, outer, outer, mid, 0.0, 0.0, KIND_ARC, *c, *_NONE, sweep / 2, r, width / 2, 0)
        )

    # -- polygons ----------------------------------------------------------------------

    def triangles(self, corners: np.ndarray, colors: ColorLike | np.ndarray) -> None:
        """Filled triangles: corners (N, 3, 2) in pixels; one colour or one per triangle."""
        corners = np.asarray(corners, dtype=np.float32).reshape(-1, 3, 2)
        n = len(corners)
        if n == 0:
            return
        per_triangle = _color_array(colors, n)
        block = np.zeros((n, 3, 6), dtype=np.float32)
        block[:, :, 0:2] = corners
        block[:, :, 2:6] = per_triangle[:, None, :]
        self._add("tris", block.reshape(-1, 6))

    def polygon(
        self,
        points: Sequence[Point],
        fill: ColorLike | None = None,
        *,
        stroke: ColorLike | None = None,
        width: float = 1.0,
    ) -> None:
        """A simple polygon (convex or not). Without a stroke, a one-pixel fringe of the
        fill colour anti-aliases its edges."""
        pts = [(float(x), float(y)) for x, y in points]
        if len(pts) < 3:
            return
        if fill is not None:
            tris = triangulate(pts)
            if tris:
                self.triangles(np.array(tris, dtype=np.float32), fill)
            if stroke is None:
                self.polyline(pts, fill, 1.0, closed=True)
        if stroke is not None:
            self.polyline(pts, stroke, width, closed=True)

    # -- text --------------------------------------------------------------------------

    def text(
        self,
        text: str,
        x: float,
        y: float,
        size: float = 16.0,
        color: ColorLike = INK,
        *,
        anchor: Anchor = "lt",
        font: FontName = "regular",
        max_width: float | None = None,
    ) -> tuple[float, float]:
        """Draw `text` anchored at (x, y); returns its (width, height) in pixels.

        Anchor: first letter l/c/r (left, centre, right), second t/m/b (top, middle,
        bottom of the text block). Lines break at "\\n" and, given max_width, between words.
        """
        ink = rgba(color)
        key = (text, size, font, anchor, x, y, max_width, ink, self.show_text, self.width,
               self.height, ATLAS.resets)  # fmt: skip
        kept = _TEXT_DRAWINGS.get(key)
        if kept is None:
            block = self.blank()
            size_drawn = block._text(text, x, y, size, ink, anchor, font, max_width)
            if len(_TEXT_DRAWINGS) >= TEXT_DRAWINGS_KEPT:
                _TEXT_DRAWINGS.clear()
            kept = _TEXT_DRAWINGS[key] = (block.drawing(), size_drawn)
        self.replay(kept[0])
        return kept[1]

    def _text(
        self, text: str, x: float, y: float, size: float, ink: RGBA, anchor: Anchor,
        font: FontName, max_width: float | None,
    ) -> tuple[float, float]:  # fmt: skip
        glyphs, w, h = layout_text(text, size, font, anchor, x, y, max_width)
        if len(glyphs):
            colors = np.broadcast_to(np.asarray(ink, dtype=np.float32), (len(glyphs), 4))
            box = np.concatenate([(glyphs[:, 0:2] - glyphs[:, 2:4]).min(axis=0),
                                  (glyphs[:, 0:2] + glyphs[:, 2:4]).max(axis=0)])  # fmt: skip
            self.texts.append(TextRun(text, box[None], size, colors[:1]))
            if self.show_text:
                self._glyphs(glyphs, colors)
        return w, h

    def chars(
        self,
        chars: Sequence[str],
        centers: np.ndarray,
        size: float,
        colors: ColorLike | np.ndarray = INK,
        *,
        font: FontName = "regular",
    ) -> None:
        """Many single characters, each with its ink centred on a point: the fast path for
        candidate digits, cell codes and labels (thousands per frame)."""
        centers = np.asarray(centers, dtype=np.float32).reshape(-1, 2)
        if len(chars) != len(centers):
            raise ValueError("one centre per character")
        px = max(round(size), 1)
        glyphs = {ch: ATLAS.glyph(font, px, ch) for ch in set(chars)}
        table = np.array(
            [(g.width, g.height, *g.uv) for g in (glyphs[ch] for ch in chars)], dtype=np.float32
        ).reshape(-1, 6)
        keep = table[:, 0] > 0
        if not keep.any():
            return
        table, centers = table[keep], centers[keep]
        half = table[:, 0:2] / 2
        quads = np.empty((len(table), 8), dtype=np.float32)
        quads[:, 0:2] = np.round(centers - half) + half  # whole pixels: crisp glyphs
        quads[:, 2:4] = half
        quads[:, 4:8] = table[:, 2:6]
        inks = _color_array(colors, len(keep))[keep]
        boxes = np.hstack([quads[:, 0:2] - half, quads[:, 0:2] + half])
        text = "".join(ch for ch, kept in zip(chars, keep, strict=True) if kept)
        self.texts.append(TextRun(text, boxes, size, np.asarray(inks)))
        if self.show_text:
            self._glyphs(quads, inks)


def triangulate(points: Sequence[Point]) -> list[tuple[Point, Point, Point]]:
    """Ear clipping for a simple polygon (either winding). O(n^2), fine for scene shapes."""
    pts = list(points)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts.pop()
    n = len(pts)
    if n < 3:
        return []
    area = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1] for i in range(n))
    index = list(range(n)) if area > 0 else list(range(n - 1, -1, -1))

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def inside(p: Point, a: Point, b: Point, c: Point) -> bool:
        return cross(a, b, p) >= 0 and cross(b, c, p) >= 0 and cross(c, a, p) >= 0

    out = []
    guard = 0
    while len(index) > 3 and guard < 10 * n:
        guard += 1
        m = len(index)
        for k in range(m):
            i0, i1, i2 = index[k - 1], index[k], index[(k + 1) % m]
            a, b, c = pts[i0], pts[i1], pts[i2]
            if cross(a, b, c) <= 0:
                continue  # reflex or degenerate corner
            if any(inside(pts[j], a, b, c) for j in index if j not in (i0, i1, i2)):
                continue
            out.append((a, b, c))
            index.pop(k)
            break
        else:
            break  # not simple: give up on the rest rather than loop forever
    if len(index) == 3:
        out.append((pts[index[0]], pts[index[1]], pts[index[2]]))
    return out

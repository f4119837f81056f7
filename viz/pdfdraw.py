"""A DrawList2D replayed onto a PDF page as vector paths and text (a handout's pictures).

The scenes draw plain data (viz.draw2d): rounded boxes (discs and segments are boxes too),
arcs, triangles, point-sprite discs and glyph quads from the shared atlas. Each becomes what
a PDF says best: a box a path of lines and Bézier corners, a segment a stroked line with its
caps, an arc a stroked curve with round caps, a run of same-coloured triangles (a polygon
the scene triangulated) the polygon's own outline, so no seam shows between its triangles,
and a glyph the very character, set in the shipped font it was rasterised from (DejaVu, or
the Noto Sans CJK subset for Japanese) at its pen position and baseline: real text, sharp at
any zoom and found by a reader's search. The order is kept, so what the window draws on top
is on top on paper; consecutive opaque shapes of one paint share a path (a card's stripes),
which keeps a busy frame to a few hundred paths.

Coordinates: the list's pixels (origin top-left, y down) map to page points by one scale
and offset (`Placement`: a rectangle of pixels onto the page), and nothing is drawn outside
its clip (a handout's: the scene's stage, so nothing a scene draws past it shows).

Drawn through fpdf2's drawing API (paths in graphics-state groups), whose cost is per
path: a busy frame (a SET search's 81 striped cards, some 5,000 shapes) is a few hundred
paths and about a second.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import defaultdict
from collections.abc import Iterator, Sequence

import numpy as np
from fpdf import FPDF
from fpdf.drawing import GraphicsContext, GraphicsStyle, PaintedPath
from fpdf.drawing_primitives import DeviceRGB
from puzzleviz.assets import asset_path
from puzzleviz.viz.draw2d import KIND_ARC, KIND_GLYPH
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.text import ATLAS, FALLBACK_FILES, FONT_FILES, Glyph

__all__ = ["CJK_FAMILY", "FAMILY", "PdfFonts", "Placement", "paint_runs"]

KAPPA = 0.5522847498  # a quarter circle's Bézier handle, as a share of its radius
SEAM_DIGITS = 3  # triangle corners are matched after rounding to a thousandth of a pixel
INVISIBLE = 0.002  # an alpha below this paints nothing
OPAQUE = 0.999

Point = tuple[float, float]
# a path piece, in points: ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x3, y3)), ("Z", ())
Piece = tuple[str, tuple[float, ...]]
# how a path is painted: fill RGBA or None, stroke RGBA or None, stroke width, round caps
Paint = tuple[tuple[float, ...] | None, tuple[float, ...] | None, float, bool]


@dataclasses.dataclass(frozen=True)
class Placement:
    """Where a draw list's pixels land on the page: `view` (pixels) at (x, y) points,
    `scale` points per pixel; nothing is drawn outside `clip` (pixels, within the view)."""

    view: Rect
    clip: Rect
    x: float
    y: float
    scale: float

    def point(self, px: float, py: float) -> Point:
        return self.x + (px - self.view.x) * self.scale, self.y + (py - self.view.y) * self.scale

    def box(self, rect: Rect) -> tuple[float, float, float, float]:
        """`rect` (pixels) on the page: x, y, width, height in points."""
        x, y = self.point(rect.x, rect.y)
        return x, y, rect.w * self.scale, rect.h * self.scale


FAMILY, CJK_FAMILY = "DejaVu", "NotoSansCJK"  # the shipped fonts, as the PDF names them
STYLES: dict[str, str] = {"regular": "", "bold": "B"}  # the atlas's font names as PDF styles


class PdfFonts:
    """The shipped fonts, registered once per document: DejaVu (regular and bold) and the
    Noto Sans CJK subsets behind it for what it lacks (Japanese), embedded as they are,
    CFF outlines and all; the document's own text falls back on them as the window's
    does (fpdf2's fallback fonts)."""

    def __init__(self, pdf: FPDF) -> None:
        for name, file in FONT_FILES.items():
            pdf.add_font(FAMILY, STYLES[name], str(asset_path("fonts", file)))
        for name, file in FALLBACK_FILES.items():
            pdf.add_font(CJK_FAMILY, STYLES[name], str(asset_path("fonts", file)))
        pdf.set_fallback_fonts([CJK_FAMILY], exact_match=False)
        self._by_uv: dict[tuple[float, ...], tuple[str, int, str, Glyph]] = {}
        self._version = -1

    def glyph_at(self, uv: tuple[float, ...]) -> tuple[str, int, str, Glyph]:
        """The (font, pixel size, character, glyph) the atlas placed at `uv`."""
        if ATLAS.version != self._version:
            self._by_uv = {g.uv: (name, px, ch, g) for (name, px, ch), g in ATLAS.glyphs()}
            self._version = ATLAS.version
        return self._by_uv[uv]

    @staticmethod
    def face(name: str, char: str, px: int) -> tuple[str, str]:
        """The registered font (family, style) the window draws `char` with."""
        family = FAMILY if ATLAS.face_for(name, char, px) is ATLAS.font(name) else CJK_FAMILY
        return family, STYLES.get(name, "")


def paint_runs(
    pdf: FPDF, runs: Sequence[tuple[str, np.ndarray]], placement: Placement, fonts: PdfFonts
) -> None:
    """Replay a finished DrawList2D's runs, clipped as the placement says."""
    with pdf.rect_clip(*placement.box(placement.clip)):
        shapes = _Batch(pdf)
        for kind, block in runs:
            if kind == "tris":
                shapes.add_all(_polygons(block, placement))
            elif kind == "dots":
                shapes.add_all(_dots(block, placement))
            elif kind == "glyphs":
                shapes.flush()
                _glyphs(pdf, block[:, 0:4], block[:, 4:8], block[:, 8:12], placement, fonts)
            else:
                for start, end, is_text in _text_spans(block):
                    rows = block[start:end]
                    if is_text:
                        shapes.flush()
                        _glyphs(pdf, rows[:, 0:4], rows[:, 16:20], rows[:, 8:12], placement,
                                fonts)  # fmt: skip
                    else:
                        shapes.add_all(_shapes(rows, placement))
        shapes.flush()


def _text_spans(block: np.ndarray) -> Iterator[tuple[int, int, bool]]:
    """Consecutive rows of a shapes block that are glyphs, or not."""
    glyph = block[:, 7] == KIND_GLYPH
    edges = np.flatnonzero(np.diff(glyph.astype(np.int8))) + 1
    bounds = [0, *edges.tolist(), len(block)]
    for start, end in itertools.pairwise(bounds):
        yield start, end, bool(glyph[start])


class _Batch:
    """Shapes waiting to be written. Consecutive ones of one opaque paint share a path (a
    translucent shape keeps its own: two in one path would not darken where they cross),
    and consecutive paths of one stroke width, caps and opacity share a group that sets
    them once (a PDF graphics state a path of its own would repeat)."""

    def __init__(self, pdf: FPDF) -> None:
        self.pdf = pdf
        self.groups: list[GraphicsContext] = []
        self._state: tuple[float, bool, float, float] | None = None
        self._paint: Paint | None = None
        self._path: PaintedPath | None = None
        self._pieces: list[Piece] = []

    def add_all(self, shapes: Iterator[tuple[Paint, list[Piece]]]) -> None:
        for paint, pieces in shapes:
            self.add(paint, pieces)

    def add(self, paint: Paint, pieces: list[Piece]) -> None:
        fill, stroke, width, round_caps = paint
        fill_alpha = 1.0 if fill is None else fill[3]
        stroke_alpha = 1.0 if stroke is None else stroke[3]
        opaque = fill_alpha >= OPAQUE and stroke_alpha >= OPAQUE
        if paint != self._paint or not opaque:
            self._end_path()
            state = (width, round_caps, fill_alpha, stroke_alpha)
            if stroke is None and self._state is not None and self._state[2] == fill_alpha:
                state = self._state  # a fill alone minds no stroke's width or caps
            if state != self._state:
                self._state = state
                self.groups.append(_group(*state))
            self._path = _colored(fill, stroke)
            self.groups[-1].add_item(self._path, clone=False)
            self._paint = paint if opaque else None
        self._pieces.extend(pieces)

    def _end_path(self) -> None:
        if self._path is not None:
            _trace(self._path, self._pieces)
        self._path, self._pieces = None, []

    def flush(self) -> None:
        self._end_path()
        if self.groups:
            with self.pdf.drawing_context() as context:
                for group in self.groups:
                    context.add_item(group, clone=False)
        self.groups, self._state, self._paint = [], None, None


def _group(
    width: float, round_caps: bool, fill_alpha: float, stroke_alpha: float
) -> GraphicsContext:
    group = GraphicsContext()
    style = group.style
    style.auto_close = False  # an arc or a segment stays open; shapes close themselves
    style.stroke_width = width
    style.stroke_cap_style = "ROUND" if round_caps else "BUTT"
    style.stroke_join_style = "ROUND" if round_caps else "MITER"
    if fill_alpha < OPAQUE:
        style.fill_opacity = fill_alpha
    if stroke_alpha < OPAQUE:
        style.stroke_opacity = stroke_alpha
    return group


def _colored(fill: tuple[float, ...] | None, stroke: tuple[float, ...] | None) -> PaintedPath:
    path = PaintedPath()
    path.style.fill_color = None if fill is None else DeviceRGB(*fill[:3])
    path.style.stroke_color = None if stroke is None else DeviceRGB(*stroke[:3])
    path.style.stroke_width = GraphicsStyle.INHERIT  # the group's (a colour sets it to 1)
    return path


def _trace(path: PaintedPath, pieces: list[Piece]) -> None:
    for op, xy in pieces:
        if op == "M":
            path.move_to(*xy)
        elif op == "L":
            path.line_to(*xy)
        elif op == "C":
            path.curve_to(*xy)
        else:
            path.close()


def _color(values: np.ndarray) -> tuple[float, ...] | None:
    """RGBA clamped to [0, 1], or None if it paints nothing."""
    rgba = tuple(min(max(float(v), 0.0), 1.0) for v in values)
    return rgba if rgba[3] > INVISIBLE else None


def _paint(fill: np.ndarray | None, stroke: np.ndarray | None, width: float) -> Paint | None:
    f = None if fill is None else _color(fill)
    s = None if stroke is None or width <= 0 else _color(stroke)
    return None if f is None and s is None else (f, s, width if s is not None else 0.0, True)


# -- shapes ------------------------------------------------------------------------------


def _shapes(block: np.ndarray, at: Placement) -> Iterator[tuple[Paint, list[Piece]]]:
    for row in block.tolist():
        shape = _arc(row, at) if row[7] == KIND_ARC else _box(row, at)
        if shape is not None:
            yield shape


def _box(row: list[float], at: Placement) -> tuple[Paint, list[Piece]] | None:
    """A rounded box rotated about its centre: a disc, a rectangle, a segment..."""
    cx, cy, hw, hh, angle, radius, width = row[0:7]
    if hw <= 0 or hh <= 0:
        return None
    c, s = math.cos(angle), math.sin(angle)

    def put(lx: float, ly: float) -> Point:
        return at.point(cx + lx * c + ly * s, cy - lx * s + ly * c)

    r = min(max(radius, 0.0), hw, hh)
    fill, stroke = np.asarray(row[8:12]), np.asarray(row[12:16])
    if width <= 0 and hw > hh * 1.001 and (r >= hh * 0.999 or r == 0):
        # a segment (what `line` and `lines` draw): its centre line, stroked
        ink = _color(fill)
        if ink is None:
            return None
        reach = hw - hh if r > 0 else hw
        segment: list[Piece] = [("M", put(-reach, 0)), ("L", put(reach, 0))]
        return (None, ink, 2 * hh * at.scale, r > 0), segment
    paint = _paint(fill, stroke, width * at.scale)
    if paint is None:
        return None
    k = r * (1 - KAPPA)
    corners = (
        (put(hw - r, -hh), put(hw - k, -hh), put(hw, -hh + k), put(hw, -hh + r)),
        (put(hw, hh - r), put(hw, hh - k), put(hw - k, hh), put(hw - r, hh)),
        (put(-hw + r, hh), put(-hw + k, hh), put(-hw, hh - k), put(-hw, hh - r)),
        (put(-hw, -hh + r), put(-hw, -hh + k), put(-hw + k, -hh), put(-hw + r, -hh)),
    )
    pieces: list[Piece] = [("M", corners[3][3])]
    for start, handle1, handle2, end in corners:
        pieces.append(("L", start))
        if r > 0:
            pieces.append(("C", (*handle1, *handle2, *end)))
    pieces.append(("Z", ()))
    return paint, pieces


def _arc(row: list[float], at: Placement) -> tuple[Paint, list[Piece]] | None:
    """An arc band with round caps: its centre line stroked with round caps."""
    cx, cy, mid = row[0], row[1], row[4]
    half, radius, half_width = row[16], row[17], row[18]
    ink = _color(np.asarray(row[8:12]))
    if ink is None or radius <= 0:
        return None
    pieces = _circle_arc(at, cx, cy, radius, mid - half, mid + half)
    return (None, ink, 2 * half_width * at.scale, True), pieces


def _circle_arc(
    at: Placement, cx: float, cy: float, r: float, start: float, end: float
) -> list[Piece]:
    """Counter-clockwise on screen (y down) from `start` to `end`, in Béziers of at most
    a quarter turn each."""
    pieces = max(1, math.ceil((end - start) / (math.pi / 2) - 1e-9))
    step = (end - start) / pieces
    handle = 4 / 3 * math.tan(step / 4) * r

    def on(theta: float) -> Point:
        return cx + r * math.cos(theta), cy - r * math.sin(theta)

    out: list[Piece] = [("M", at.point(*on(start)))]
    for i in range(pieces):
        a0, a1 = start + i * step, start + (i + 1) * step
        (x0, y0), (x1, y1) = on(a0), on(a1)
        c1 = at.point(x0 - handle * math.sin(a0), y0 - handle * math.cos(a0))
        c2 = at.point(x1 + handle * math.sin(a1), y1 + handle * math.cos(a1))
        out.append(("C", (*c1, *c2, *at.point(x1, y1))))
    return out


def _dots(block: np.ndarray, at: Placement) -> Iterator[tuple[Paint, list[Piece]]]:
    for row in block:
        x, y, r, width = (float(v) for v in row[0:4])
        paint = _paint(row[4:8], row[8:12], width * at.scale)
        if paint is not None and r > 0:
            yield paint, [*_circle_arc(at, x, y, r, 0.0, 2 * math.pi), ("Z", ())]


# -- polygons ----------------------------------------------------------------------------


def _polygons(block: np.ndarray, at: Placement) -> Iterator[tuple[Paint, list[Piece]]]:
    """Triangles (3 vertices each: x, y, RGBA), each run of one colour as its outline."""
    corners = block[:, 0:2].reshape(-1, 3, 2).astype(np.float64)
    colors = block[0::3, 2:6]
    changes = np.flatnonzero(np.any(colors[1:] != colors[:-1], axis=1)) + 1
    bounds = [0, *changes.tolist(), len(corners)]
    for start, end in itertools.pairwise(bounds):
        paint = _paint(colors[start], None, 0.0)
        if paint is None:
            continue
        loops = _outline(corners[start:end])
        if loops is None:  # not a surface that closes: each triangle as it is
            loops = [[(float(x), float(y)) for x, y in tri] for tri in corners[start:end]]
        pieces: list[Piece] = []
        for loop in loops:
            pieces.append(("M", at.point(*loop[0])))
            pieces.extend(("L", at.point(*p)) for p in loop[1:])
            pieces.append(("Z", ()))
        yield paint, pieces


def _outline(corners: np.ndarray) -> list[list[Point]] | None:
    """The boundary loops of a set of triangles: the edges only one triangle has, with
    every triangle turned the same way first, so a hole winds against its outline and a
    nonzero fill leaves it open. None if the edges do not close into loops."""
    tris = np.round(corners, SEAM_DIGITS)
    a, b, c = tris[:, 0], tris[:, 1], tris[:, 2]
    cross = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0])
    tris = np.where((cross < 0)[:, None, None], tris[:, ::-1], tris)
    uses: dict[tuple[Point, Point], int] = defaultdict(int)
    edges: list[tuple[Point, Point]] = []
    for tri in tris.tolist():
        for i in range(3):
            p, q = (tri[i][0], tri[i][1]), (tri[(i + 1) % 3][0], tri[(i + 1) % 3][1])
            if p != q:
                edges.append((p, q))
                uses[min(p, q), max(p, q)] += 1
    onward: dict[Point, list[Point]] = defaultdict(list)
    for p, q in edges:
        if uses[min(p, q), max(p, q)] == 1:
            onward[p].append(q)
    loops = []
    while onward:
        first = next(iter(onward))
        loop, here = [first], first
        while True:
            targets = onward.get(here)
            if not targets or len(loop) > len(edges):
                return None
            there = targets.pop()
            if not targets:
                del onward[here]
            if there == first:
                break
            loop.append(there)
            here = there
        loops.append(loop)
    return loops


# -- text --------------------------------------------------------------------------------


def _glyphs(
    pdf: FPDF, boxes: np.ndarray, uvs: np.ndarray, colors: np.ndarray, at: Placement,
    fonts: PdfFonts,
) -> None:  # fmt: skip
    """Glyph quads (centre, half size; atlas UVs; RGBA) as characters on their baselines."""
    current: tuple[tuple[str, str], float, tuple[float, ...]] | None = None
    for box, uv, color in zip(boxes.tolist(), uvs.tolist(), colors.tolist(), strict=True):
        name, px, char, glyph = fonts.glyph_at(tuple(uv))
        face = fonts.face(name, char, px)
        ink = _color(np.asarray(color))
        if ink is None:
            continue
        if current != (face, px * at.scale, ink):
            current = (face, px * at.scale, ink)
            pdf.set_font(face[0], face[1], px * at.scale)
            pdf.set_text_color(*(round(255 * v) for v in ink[:3]))
        x, y = at.point(box[0] - box[2] - glyph.left, box[1] - box[3] + glyph.top)
        if ink[3] < OPAQUE:
            with pdf.local_context(fill_opacity=ink[3]):
                pdf.text(x, y, char)
        else:
            pdf.text(x, y, char)

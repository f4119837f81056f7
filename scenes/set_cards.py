"""Drawing real SET cards: one to three diamonds, squiggles or ovals; red, green or purple;
solid, striped or open. Symbol outlines are computed once in unit size and only scaled and
moved per card, so a board of 81 cards costs a few array operations per frame."""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
from puzzleviz.solvers.setgame.cards import CardLook
from puzzleviz.viz.color import RGBA, mix, rgba
from puzzleviz.viz.draw2d import DrawList2D, triangulate

# The game's red, green and purple, in colour-blind-safe shades (Okabe-Ito vermillion and
# bluish green, and a purple kept apart from both in lightness).
SYMBOL_COLORS: dict[str, RGBA] = {
    "red": rgba("#D55E00"),
    "green": rgba("#009E73"),
    "purple": rgba("#6A3D9A"),
}
STRIPES = 7  # stripes across one symbol


@functools.cache
def symbol_outline(shape: str) -> np.ndarray:
    """A symbol's outline in a unit box: x in [-0.5, 0.5] (width), y in [-1, 1] (height);
    symbols stand upright, side by side on a landscape card, as on the real cards."""
    if shape == "diamond":
        return np.array([(0, -1), (0.5, 0), (0, 1), (-0.5, 0)], dtype=np.float32)
    if shape == "oval":
        top = [(0.5 * math.cos(a), 0.5 + 0.5 * math.sin(a)) for a in np.linspace(0, math.pi, 14)]
        bottom = [(-x, -y) for x, y in top]
        return np.array(top + bottom, dtype=np.float32)
    if shape == "squiggle":
        # A wavy bean: the centre line bends like an S, the width swells and thins.
        ts = np.linspace(-1, 1, 24)
        centre = 0.16 * np.sin(ts * math.pi)
        half = 0.34 * np.sqrt(np.clip(1 - ts**2, 0, 1)) + 0.08
        right = np.stack([centre + half, ts], axis=1)
        left = np.stack([centre - half, ts], axis=1)[::-1]
        return np.vstack([right, left]).astype(np.float32)
    raise ValueError(f"unknown SET symbol {shape!r}")


@functools.cache
def symbol_triangles(shape: str) -> np.ndarray:
    return np.array(triangulate([tuple(p) for p in symbol_outline(shape)]), dtype=np.float32)


def _stripes(outline: np.ndarray, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Horizontal chords across a unit outline at `count` heights (scanline crossing)."""
    starts, ends = [], []
    closed = np.vstack([outline, outline[:1]])
    for y in np.linspace(-0.85, 0.85, count):
        xs = []
        for (x0, y0), (x1, y1) in itertools.pairwise(closed):
            if (y0 <= y < y1) or (y1 <= y < y0):
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
        xs.sort()
        for a, b in zip(xs[::2], xs[1::2], strict=False):
            starts.append((a, y))
            ends.append((b, y))
    return np.array(starts, dtype=np.float32), np.array(ends, dtype=np.float32)


@functools.cache
def symbol_stripes(shape: str) -> tuple[np.ndarray, np.ndarray]:
    return _stripes(symbol_outline(shape), STRIPES)


def draw_card(
    d: DrawList2D,
    look: CardLook,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    fade: float = 0.0,
) -> None:
    """The card's symbols inside the card rectangle (x, y, w, h); `fade` greys them."""
    color = mix(SYMBOL_COLORS[look.colour], "#B8B8B8", fade)
    sym_h = h * 0.36  # half height of a symbol
    sym_w = min(w * 0.2, sym_h * 0.9)  # full width of a symbol
    gap = sym_w * 1.35
    cy = y + h / 2
    first = x + w / 2 - gap * (look.number - 1) / 2
    outline = symbol_outline(look.shape)
    scale = np.array([sym_w, sym_h], dtype=np.float32)
    line = max(1.0, h * 0.028)
    for k in range(look.number):
        center = np.array([first + k * gap, cy], dtype=np.float32)
        if look.shading == "solid":
            d.triangles(symbol_triangles(look.shape) * scale + center, color)
        elif look.shading == "striped":
            a, b = symbol_stripes(look.shape)
            d.lines(a * scale + center, b * scale + center, color, line * 0.7)
        points = outline * scale + center
        d.polyline(points.tolist(), color, line, closed=True)  # the same float32s, at once

"""Colours as RGBA floats in [0, 1], and the palettes every scene shares.

The piece palette is Okabe-Ito (colour-blind safe) extended with distinguishable tints, so
a projector audience with colour-vision deficiency can still tell pieces apart.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "ACCENT",
    "BACKGROUND",
    "BAD",
    "EXTENDED",
    "GOOD",
    "INK",
    "MUTED",
    "OKABE_ITO",
    "PANEL",
    "RGBA",
    "ColorLike",
    "contrast",
    "ink_against",
    "luminance",
    "mix",
    "over",
    "palette",
    "readable_ink",
    "rgba",
    "rim_for",
    "text_fill",
]

RGBA = tuple[float, float, float, float]
ColorLike = RGBA | tuple[float, float, float] | str | Sequence[float]


def rgba(color: ColorLike, alpha: float | None = None) -> RGBA:
    """Accept '#rrggbb', '#rrggbbaa', (r, g, b) or (r, g, b, a) floats in [0, 1]."""
    if isinstance(color, str):
        text = color.lstrip("#")
        if len(text) not in (6, 8):
            raise ValueError(f"colour {color!r} is not #rrggbb or #rrggbbaa")
        values = [int(text[i : i + 2], 16) / 255.0 for i in range(0, len(text), 2)]
    else:
        values = [float(v) for v in color]
    if len(values) == 3:
        values.append(1.0)
    if alpha is not None:
        values[3] = alpha
    r, g, b, a = values
    return (r, g, b, a)


def mix(a: ColorLike, b: ColorLike, f: float) -> RGBA:
    ca, cb = rgba(a), rgba(b)
    r, g, bl, al = (x + (y - x) * f for x, y in zip(ca, cb, strict=True))
    return (r, g, bl, al)


# Okabe & Ito (2008), "Color Universal Design", then darker/lighter companions.
OKABE_ITO = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#999999",  # grey
)
EXTENDED = (*OKABE_ITO, "#7F4F00", "#2B5A74", "#004F39", "#8C5A9E", "#5C3A1E", "#A6D7F4")

BACKGROUND = rgba("#F7F5F0")
INK = rgba("#1E1E24")
MUTED = rgba("#595963")  # secondary text: still 6:1 against the background (WCAG AA: 4.5)
ACCENT = rgba("#0072B2")
GOOD = rgba("#009E73")
BAD = rgba("#D55E00")
PANEL = rgba("#FFFFFF", 0.96)


def palette(i: int) -> RGBA:
    return rgba(EXTENDED[i % len(EXTENDED)])


def over(color: ColorLike, background: ColorLike) -> RGBA:
    """`color` composited over an opaque `background` (what a viewer sees)."""
    c, b = rgba(color), rgba(background)
    a = c[3]
    r, g, bl = (c[i] * a + b[i] * (1 - a) for i in range(3))
    return (r, g, bl, 1.0)


def luminance(color: ColorLike) -> float:
    """WCAG 2 relative luminance of an opaque colour (sRGB in [0, 1])."""

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b, _ = rgba(color)
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: ColorLike, b: ColorLike) -> float:
    """WCAG 2 contrast ratio of two opaque colours, 1 to 21; text needs 4.5 (AA)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_ink(background: ColorLike) -> RGBA:
    """INK or white, whichever contrasts more with `background`."""
    white = rgba("#FFFFFF")
    return INK if contrast(INK, background) >= contrast(white, background) else white


def text_fill(color: ColorLike, ratio: float = 4.5) -> RGBA:
    """`color`, darkened just enough (towards INK) that its `readable_ink` reaches `ratio`:
    for discs and tags that carry a label, whatever their palette colour."""
    base = rgba(color)
    for k in range(21):
        fill = mix(base, INK, k * 0.05)
        if contrast(readable_ink(fill), fill) >= ratio:
            return fill
    return INK


def ink_against(color: ColorLike, background: ColorLike, ratio: float = 4.5) -> RGBA:
    """`color` for text on `background`, darkened towards INK just enough to reach `ratio`
    (a red for struck-out digits, a green for pattern labels, on a light page)."""
    base = rgba(color)
    for k in range(21):
        ink = mix(base, INK, k * 0.05)
        if contrast(ink, background) >= ratio:
            return ink
    return INK


def rim_for(color: ColorLike, alpha: float = 1.0) -> RGBA | None:
    """A thin dark edge for a filled shape too light to stand out on white (a yellow disc),
    else None."""
    return rgba(INK, 0.5 * alpha) if contrast(color, "#FFFFFF") < 1.6 else None

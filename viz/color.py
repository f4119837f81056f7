"""Colours as RGBA floats in [0, 1], and the palettes every scene shares.

The piece palette is Okabe-Ito (colour-blind safe) extended with distinguishable tints, so
a projector audience with colour-vision deficiency can still tell pieces apart.
"""

from __future__ import annotations

from collections.abc import Sequence

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
MUTED = rgba("#6B6B76")
ACCENT = rgba("#0072B2")
GOOD = rgba("#009E73")
BAD = rgba("#D55E00")
PANEL = rgba("#FFFFFF", 0.96)


def palette(i: int) -> RGBA:
    return rgba(EXTENDED[i % len(EXTENDED)])

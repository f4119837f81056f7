"""Legends: a swatch and a word for every colour that carries a meaning, so a class never has
to guess what red or purple means. Entries flow left to right into as many rows as they
need; the legend reports the height it took so a scene can lay out around it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal

from solvers.i18n import gettext
from viz.color import INK, RGBA, ColorLike, rgba, rim_for
from viz.draw2d import DrawList2D
from viz.text import measure

LEGEND_TEXT = 18.0  # pixels at 720 rows
Swatch = Literal["disc", "square", "ring", "line", "dashed"]


@dataclasses.dataclass(frozen=True)
class LegendEntry:
    color: ColorLike
    label: str
    swatch: Swatch = "square"


def legend_rows(
    entries: Sequence[LegendEntry], width: float, scale: float
) -> list[list[tuple[LegendEntry, float]]]:
    """Entries with their widths, wrapped into rows no wider than `width`."""
    size, gap = LEGEND_TEXT * scale, 22 * scale
    rows: list[list[tuple[LegendEntry, float]]] = [[]]
    used = 0.0
    for entry in entries:
        w = 24 * scale + measure(gettext(entry.label), size)[0]
        if rows[-1] and used + gap + w > width:
            rows.append([])
            used = 0.0
        used += (gap if rows[-1] else 0.0) + w
        rows[-1].append((entry, w))
    return rows if rows[0] else []


def legend_height(entries: Sequence[LegendEntry], width: float, scale: float) -> float:
    return len(legend_rows(entries, width, scale)) * 26 * scale


def draw_legend(
    d: DrawList2D,
    entries: Sequence[LegendEntry],
    x: float,
    y: float,
    width: float,
    scale: float,
    *,
    centered: bool = False,
) -> float:
    """Draw the legend with its top-left at (x, y); returns the height used."""
    size, gap, row_h = LEGEND_TEXT * scale, 22 * scale, 26 * scale
    rows = legend_rows(entries, width, scale)
    for r, row in enumerate(rows):
        total = sum(w for _, w in row) + gap * (len(row) - 1)
        cx = x + (width - total) / 2 if centered else x
        cy = y + r * row_h + row_h / 2
        for entry, w in row:
            _swatch(d, entry, cx + 8 * scale, cy, scale)
            d.text(gettext(entry.label), cx + 24 * scale, cy, size, INK, anchor="lm")
            cx += w + gap
    return len(rows) * row_h


def _swatch(d: DrawList2D, entry: LegendEntry, cx: float, cy: float, scale: float) -> None:
    color: RGBA = rgba(entry.color)
    r = 8 * scale
    if entry.swatch == "disc":  # a light disc (a yellow one) gets a rim to stand out
        d.circle(cx, cy, r, color, stroke=rim_for(color), width=1.0)
    elif entry.swatch == "ring":
        d.circle(cx, cy, r * 0.8, None, stroke=color, width=2.5 * scale)
    elif entry.swatch == "line":
        d.line(cx - r, cy, cx + r, cy, color, 3 * scale)
    elif entry.swatch == "dashed":
        d.line(cx - r, cy, cx - r * 0.2, cy, color, 3 * scale)
        d.line(cx + r * 0.2, cy, cx + r, cy, color, 3 * scale)
    else:
        d.rect(cx - r, cy - r, 2 * r, 2 * r, color, radius=2 * scale, stroke=rgba(INK, 0.5))

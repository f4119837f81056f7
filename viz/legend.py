"""Legends: a swatch and a word for every colour that carries a meaning, so a class never has
to guess what red or purple means. Entries flow left to right into as many rows as they
need; the legend reports the height it took so a scene can lay out around it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal

from puzzleviz.solvers.i18n import gettext
from puzzleviz.viz.color import INK, RGBA, ColorLike, rgba, rim_for
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.text import measure

__all__ = [
    "LEGEND_GAP",
    "LEGEND_GAP_MIN",
    "LEGEND_ROW",
    "LEGEND_ROW_MIN",
    "LEGEND_TEXT",
    "LegendEntry",
    "Swatch",
    "draw_legend",
    "legend_height",
    "legend_rows",
    "legend_width",
]

LEGEND_TEXT = 18.0  # pixels at 720 rows
LEGEND_ROW = 26.0  # a row of entries, at 720 rows
LEGEND_ROW_MIN = 19.0  # ... closed up, when a scene has less room (18 px text still clear)
LEGEND_GAP, LEGEND_GAP_MIN = 22.0, 12.0  # between two entries of a row: at ease, closed up
Swatch = Literal["disc", "square", "ring", "line", "dashed"]


@dataclasses.dataclass(frozen=True)
class LegendEntry:
    color: ColorLike
    label: str
    swatch: Swatch = "square"


def legend_rows(
    entries: Sequence[LegendEntry],
    width: float,
    scale: float,
    gap: float = LEGEND_GAP,
    pack: bool = False,
) -> list[list[tuple[LegendEntry, float]]]:
    """Entries with their widths, wrapped into rows no wider than `width`, `gap` units
    between two entries of a row. In order; with `pack`, the widest first, each into the
    first row with room (fewer rows when long and short entries mix), then each row and
    the rows back in the entries' order as far as they go."""
    gap *= scale
    widths = [legend_width(entry, scale) for entry in entries]
    order = sorted(range(len(entries)), key=lambda i: -widths[i]) if pack else range(len(entries))
    rows: list[list[int]] = []
    used: list[float] = []
    for i in order:
        candidates = range(len(rows)) if pack else range(max(len(rows) - 1, 0), len(rows))
        k = next((k for k in candidates if used[k] + gap + widths[i] <= width), None)
        if k is None:
            rows.append([])
            used.append(-gap)
            k = len(rows) - 1
        rows[k].append(i)
        used[k] += gap + widths[i]
    rows = sorted((sorted(row) for row in rows), key=lambda row: row[0])
    return [[(entries[i], widths[i]) for i in row] for row in rows]


def legend_width(entry: LegendEntry, scale: float) -> float:
    """The width of one entry: its swatch and its words, in the reader's language."""
    return 24 * scale + measure(gettext(entry.label), LEGEND_TEXT * scale)[0]


def legend_height(entries: Sequence[LegendEntry], width: float, scale: float) -> float:
    return len(legend_rows(entries, width, scale)) * LEGEND_ROW * scale


def draw_legend(
    d: DrawList2D,
    entries: Sequence[LegendEntry],
    x: float,
    y: float,
    width: float,
    scale: float,
    *,
    centered: bool = False,
    row_h: float | None = None,
    gap: float = LEGEND_GAP,
    pack: bool = False,
) -> float:
    """Draw the legend with its top-left at (x, y), its rows `row_h` apart (LEGEND_ROW by
    default), `gap` units between entries (packed: see legend_rows); returns the height
    used."""
    size = LEGEND_TEXT * scale
    row_h = LEGEND_ROW * scale if row_h is None else row_h
    rows = legend_rows(entries, width, scale, gap, pack)
    gap *= scale
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

"""Where the sudoku scene puts its grid, its technique list and its notes (the chain's
notation and the legend), at every frame shape: drawing and clicking share it.

Every technique stays on screen as a clickable line, named in full where its column has the
room and by its short name otherwise (never cut). Two arrangements are measured and the one
that leaves the larger grid is taken:

    side     the list in three columns right of the grid, the notes under the list
             (16:9 and 16:10: the frame is wide, its height decides the grid)
    narrow   the list in two columns right of the grid, as tall as the stage, the notes
             under the grid (4:3: the frame is narrow, three columns would leave the grid
             too small for its pencil marks)
"""

from __future__ import annotations

import dataclasses
import functools
import math

from puzzleviz.solvers.sudoku.techniques import ORDERED
from puzzleviz.viz.legend import LEGEND_ROW
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.text import measure

TEXT = 18.0  # the smallest text, at 720 rows
LABEL = 28.0  # room for the column letters above the grid and the row numbers beside it
GAP = 24.0  # between the grid and the list
COLUMN_GAP = 12.0
HEADING = 34.0  # the list's heading, when there is room for it
ROW, MIN_ROW = 23.0, 20.0  # a technique's line: at ease, closed up (18 px text)
TIGHT_ROW = 18.5  # ... as close as the narrow arrangement's two columns go
# The least room kept for the notes: three legend rows and, beside a list, a line of the
# chain's notation (under the grid, the notation takes what the legend leaves).
NOTES = 3 * LEGEND_ROW + 10.0
SIDE_NOTES = NOTES + 1.3 * TEXT + 4.0
BOX, BOX_GAP, PAD = 14.0, 7.0, 4.0  # a line: pad, tick box, gap, name ... count, pad

SHORTER = (
    ("Alternating Inference Chain", "AIC"),
    ("Rectangle Type ", "Rect. "),
    ("Rectangle", "Rect."),
    ("Reduction ", ""),
    ("Grouped ", "Gr. "),
    ("Avoidable ", "Avoid. "),
    ("Simple Colouring", "Colouring"),
    ("Finned Swordfish", "F. Swordfish"),
    ("Finned Jellyfish", "F. Jellyfish"),
    ("Continuous Nice Loop", "Cont. Loop"),
    ("Template Delete", "Templ. Delete"),
    ("AIC with ALS nodes", "AIC + ALS"),
)


def short_title(title: str) -> str:
    """A technique's title in fewer letters, for a narrow column."""
    for long, short in SHORTER:
        title = title.replace(long, short)
    return title


@dataclasses.dataclass(frozen=True)
class TechniqueList:
    """The clickable list: where it is, its columns and the height of a line."""

    rect: Rect
    columns: int
    row: float
    heading: bool  # the list's heading shown above it (the help says the same)
    scale: float

    @property
    def top(self) -> float:
        return self.rect.y + (HEADING * self.scale if self.heading else 0.0)

    @property
    def bottom(self) -> float:
        return self.top + math.ceil(len(ORDERED) / self.columns) * self.row

    def rows(self) -> list[tuple[str, Rect]]:
        """Where each technique's line sits."""
        top = self.top
        per_column = math.ceil(len(ORDERED) / self.columns)
        gap = COLUMN_GAP * self.scale
        width = (self.rect.w - gap * (self.columns - 1)) / self.columns
        out = []
        for k, t in enumerate(ORDERED):
            column, line = divmod(k, per_column)
            x = self.rect.x + column * (width + gap)
            out.append((t.name, Rect(x, top + line * self.row, width, self.row)))
        return out


@dataclasses.dataclass(frozen=True)
class GridLayout:
    grid: Rect
    cell: float
    panel: Rect | None  # the technique list's area
    n: int
    b: int
    scale: float = 1.0  # UI scale: 1.0 at 720 rows
    techniques: TechniqueList | None = None
    notes: Rect | None = None  # the chain's notation and the legend

    def cell_rect(self, cell: int) -> Rect:
        r, c = divmod(cell, self.n)
        return Rect(self.grid.x + c * self.cell, self.grid.y + r * self.cell, self.cell, self.cell)

    def candidate_center(self, cell: int, digit: int) -> tuple[float, float]:
        rect = self.cell_rect(cell)
        sr, sc = divmod(digit - 1, self.b)
        step = self.cell / self.b
        return rect.x + (sc + 0.5) * step, rect.y + (sr + 0.5) * step

    def mark_at(self, x: float, y: float) -> tuple[int, int] | None:
        """(cell, digit) of the pencil-mark place under (x, y), whether or not that
        digit is still a candidate there; None off the grid."""
        n, b, g = self.n, self.b, self.grid
        if not g.contains(x, y):
            return None
        col = min(int((x - g.x) / self.cell), n - 1)
        row = min(int((y - g.y) / self.cell), n - 1)
        cell = row * n + col
        rect, step = self.cell_rect(cell), self.cell / b
        digit = min(int((y - rect.y) / step), b - 1) * b + min(int((x - rect.x) / step), b - 1) + 1
        return cell, digit

    def house_rect(self, house: int) -> Rect:
        n, b, g, s = self.n, self.b, self.grid, self.cell
        kind, k = divmod(house, n)
        if kind == 0:
            return Rect(g.x, g.y + k * s, g.w, s)
        if kind == 1:
            return Rect(g.x + k * s, g.y, s, g.h)
        br, bc = divmod(k, b)
        return Rect(g.x + bc * b * s, g.y + br * b * s, b * s, b * s)


def technique_rows(layout: GridLayout) -> list[tuple[str, Rect]]:
    """Where each technique's line sits (none without a list)."""
    return [] if layout.techniques is None else layout.techniques.rows()


@functools.cache
def _name_width(short: bool, px: int) -> float:
    names = (short_title(t.title) if short else t.title for t in ORDERED)
    return max(measure(name, px)[0] for name in names)


def column_width(short: bool, scale: float) -> float:
    """A column that holds every technique's name (full or short) and a three-digit count."""
    count = measure("888", TEXT * scale)[0] + 6 * scale
    return (2 * PAD + BOX + BOX_GAP) * scale + _name_width(short, round(TEXT * scale)) + count


@dataclasses.dataclass(frozen=True)
class _Plan:
    side: float  # the grid's side
    columns: int
    row: float
    heading: bool
    width: float  # the list's
    narrow: bool  # notes under the grid (else under the list)


def _side_plan(stage: Rect, s: float, short: bool, notes: float, least: float) -> _Plan | None:
    """Three columns right of the grid, `notes` (units) kept under them for the notes, the
    lines no closer than `least`."""
    per_column = math.ceil(len(ORDERED) / 3)
    room = stage.h - notes * s
    heading = per_column * ROW * s + HEADING * s <= room
    row = ROW * s if heading else min(ROW * s, room / per_column)
    if row < least * s:
        return None
    width = 3 * column_width(short, s) + 2 * COLUMN_GAP * s
    side = min(stage.h - LABEL * s, stage.w - (LABEL + GAP) * s - width)
    return _Plan(side, 3, row, heading, width, narrow=False)


def _narrow_plan(stage: Rect, s: float, short: bool) -> _Plan | None:
    """Two columns right of the grid, as tall as the stage; the notes under the grid."""
    per_column = math.ceil(len(ORDERED) / 2)
    row = min(ROW * s, stage.h / per_column)
    if row < TIGHT_ROW * s:
        return None
    width = 2 * column_width(short, s) + COLUMN_GAP * s
    side = min(stage.h - (LABEL + NOTES) * s, stage.w - (LABEL + GAP) * s - width)
    return _Plan(side, 2, row, False, width, narrow=True)


@functools.lru_cache(maxsize=64)
def grid_layout(stage: Rect, b: int, scale: float, *, techniques: bool = True) -> GridLayout:
    """The grid as large as the list and the notes leave it (see the module's docstring),
    in whole pixels per cell; full technique names when they cost the grid nothing.
    Without `techniques` (a quiz: the list would only be in the way), the grid and the
    notes alone. Kept for the last stages (no word of it is translated): a quiz's export
    asks the scene what a click names at thousands of points (viz.web.quiz_map)."""
    n, s = b * b, scale
    if not techniques:
        return _grid_and_notes(stage, b, s)
    plans = [plan for short in (False, True) for plan in (
                _side_plan(stage, s, short, SIDE_NOTES, MIN_ROW),
                _side_plan(stage, s, short, NOTES, MIN_ROW),
                _side_plan(stage, s, short, NOTES, TIGHT_ROW),
                _narrow_plan(stage, s, short),
             ) if plan is not None]  # fmt: skip
    if not plans:  # a stage too small for any list: the grid alone
        return _grid_only(stage, b, s)
    plan = max(plans, key=lambda p: math.floor(p.side / n))  # the first wins ties: full names
    return _narrow(stage, b, s, plan) if plan.narrow else _side(stage, b, s, plan)


def _side(stage: Rect, b: int, s: float, plan: _Plan) -> GridLayout:
    """The grid at the left, centred in height; the list takes the rest of the width."""
    n, label = b * b, LABEL * s
    side = max(plan.side - plan.side % n, n)
    top = round(stage.y + label + (stage.h - label - side) / 2)
    grid = Rect(round(stage.x + label), top, side, side)
    left = grid.x + side + GAP * s
    panel = Rect(left, stage.y, stage.x + stage.w - left, stage.h)
    techniques = TechniqueList(panel, plan.columns, plan.row, plan.heading, s)
    notes_top = techniques.bottom + 10 * s
    notes = Rect(left, notes_top, panel.w, stage.y + stage.h - notes_top)
    return GridLayout(grid, side / n, panel, n, b, s, techniques, notes)


def _narrow(stage: Rect, b: int, s: float, plan: _Plan) -> GridLayout:
    """The list at the right, as wide as it needs; grid and notes share the rest, the grid
    at the top, centred in that width."""
    n, label = b * b, LABEL * s
    side = max(plan.side - plan.side % n, n)
    panel = Rect(stage.x + stage.w - plan.width, stage.y, plan.width, stage.h)
    room = panel.x - GAP * s - stage.x
    grid = Rect(round(stage.x + label + (room - label - side) / 2), round(stage.y + label), side,
                side)  # fmt: skip
    techniques = TechniqueList(panel, plan.columns, plan.row, plan.heading, s)
    notes_top = grid.y + side + 10 * s
    notes = Rect(stage.x, notes_top, room, stage.y + stage.h - notes_top)
    return GridLayout(grid, side / n, panel, n, b, s, techniques, notes)


def _grid_only(stage: Rect, b: int, s: float) -> GridLayout:
    n, label = b * b, LABEL * s
    side = min(stage.h, stage.w) - label
    side = max(side - side % n, n)
    x = round(stage.x + label + (stage.w - label - side) / 2)
    grid = Rect(x, round(stage.y + label + (stage.h - label - side) / 2), side, side)
    return GridLayout(grid, side / n, None, n, b, s)


QUIZ_NOTES = 260.0  # the notes' least width beside the grid, when there is no list


def _grid_and_notes(stage: Rect, b: int, s: float) -> GridLayout:
    """The grid at the left, as large as the stage's height allows, the notes (the legend)
    beside it; on a stage too narrow for that, under it."""
    n, label = b * b, LABEL * s
    beside = min(stage.h - label, stage.w - label - (GAP + QUIZ_NOTES) * s)
    under = min(stage.h - label - NOTES * s, stage.w - label)
    side = max(beside, under)
    side = max(side - side % n, n)
    if side == max(beside - beside % n, n):
        grid = Rect(round(stage.x + label), round(stage.y + label + (stage.h - label - side) / 2),
                    side, side)  # fmt: skip
        left = grid.x + side + GAP * s
        notes = Rect(left, stage.y, stage.x + stage.w - left, stage.h)
    else:
        grid = Rect(round(stage.x + label + (stage.w - label - side) / 2), round(stage.y + label),
                    side, side)  # fmt: skip
        top = grid.y + side + 10 * s
        notes = Rect(stage.x, top, stage.w, stage.y + stage.h - top)
    return GridLayout(grid, side / n, None, n, b, s, None, notes)

"""Where a click on the page's picture answers a quiz question: the scene's own
`quiz_answer`, sampled at export into rectangles.

The page shows pre-rendered frames and cannot run the scene, so the exporter asks the
scene what a click would name at points of the stage, and the page looks the click up.
Asking at every pixel would cost a second or more a question (a scene lays itself out at
each call), so the stage is sampled on a grid of GRID units, and where two neighbouring
samples name different things the edge between them is found by bisection to a pixel.
The edges found are then lines across the stage, and each cell between them is named at
its centre: exact for the shapes scenes click on (squares, pencil marks, cards: rectangles
on a grid), corners included. Round shapes (rings) find too many lines for that; there
each grid cell becomes a rectangle bounded by its own edges, a staircase at the edges and
up to half a grid cell off at corners. Neighbours naming the same thing are merged. A
clickable thing narrower than GRID units could be missed between samples.

The right button is asked once a rectangle, at its centre (a sudoku pencil mark: "E5-5"
where the left names "E5=5"): a scene names things of the same shapes with either button.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable

from puzzleviz.viz.scene import Rect

__all__ = ["GRID", "HitMap", "sample_hits"]

GRID = 8.0  # sample spacing, in units (pixels at 1280x720)
LINES_BUDGET = 30_000  # the most cells between edge lines worth sampling (else: per cell)
Answer = Callable[[float, float, int], "str | None"]  # (x, y, button) -> a name or None


@dataclasses.dataclass(frozen=True)
class HitMap:
    """Rectangles of the picture and what a left and a right click there name."""

    names: tuple[str, ...]
    rects: tuple[tuple[int, int, int, int, int, int], ...]  # x, y, w, h, left, right (-1: none)

    def to_json(self) -> dict[str, object]:
        return {"names": list(self.names), "rects": [v for r in self.rects for v in r]}

    def at(self, x: float, y: float, button: int = 1) -> str | None:
        """What a click at (x, y) names, as the page looks it up (the tests' reference)."""
        for rx, ry, rw, rh, left, right in self.rects:
            if rx <= x < rx + rw and ry <= y < ry + rh:
                k = left if button == 1 else right
                return self.names[k] if k >= 0 else None
        return None


def _edge(answer: Answer, lo: float, hi: float, fixed: float, along_x: bool, label: str | None
          ) -> float:  # fmt: skip
    """Where, between lo (naming `label`) and hi (naming something else), the name changes:
    bisection to under a pixel."""
    while hi - lo > 1.0:
        mid = (lo + hi) / 2
        named = answer(mid, fixed, 1) if along_x else answer(fixed, mid, 1)
        if named == label:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def sample_hits(answer: Answer, area: Rect, scale: float = 1.0) -> HitMap:
    """The hit map of `answer` over `area` (the stage), sampled every GRID * `scale`."""
    g = GRID * scale
    # from the stage's first pixel to its last, so a shape ending near the border ends
    cols, rows = max(int(area.w // g), 1) + 1, max(int(area.h // g), 1) + 1
    xs = [area.x + 0.5 + i * (area.w - 1) / (cols - 1) for i in range(cols)]
    ys = [area.y + 0.5 + j * (area.h - 1) / (rows - 1) for j in range(rows)]
    grid = [[answer(x, y, 1) for x in xs] for y in ys]
    # the edge right of cell (j, i) and below it: found where the names differ, else halfway
    right = [[_edge(answer, xs[i], xs[i + 1], ys[j], True, grid[j][i])
              if grid[j][i] != grid[j][i + 1] else (xs[i] + xs[i + 1]) / 2
              for i in range(cols - 1)] + [area.x + area.w] for j in range(rows)]  # fmt: skip
    below = [[_edge(answer, ys[j], ys[j + 1], xs[i], False, grid[j][i])
              if grid[j][i] != grid[j + 1][i] else (ys[j] + ys[j + 1]) / 2
              for i in range(cols)] for j in range(rows - 1)]  # fmt: skip
    below.append([area.y + area.h] * cols)
    # the edges found, as lines across the stage: where the shapes are rectangles on a grid
    # (squares, marks, cards) their cells are exactly the shapes, corners included
    xs_cut = sorted({area.x, area.x + area.w, *(round(right[j][i]) for j in range(rows)
                     for i in range(cols - 1) if grid[j][i] != grid[j][i + 1])})  # fmt: skip
    ys_cut = sorted({area.y, area.y + area.h, *(round(below[j][i]) for j in range(rows - 1)
                     for i in range(cols) if grid[j][i] != grid[j + 1][i])})  # fmt: skip
    if len(xs_cut) * len(ys_cut) <= LINES_BUDGET:
        return _hit_map(_merged(_cells(answer, xs_cut, ys_cut)), answer)
    boxes: list[tuple[float, float, float, float, str]] = []  # x0, y0, x1, y1, name
    for j in range(rows):
        for i in range(cols):
            name = grid[j][i]
            if name is None:
                continue
            x0 = right[j][i - 1] if i else area.x
            y0 = below[j - 1][i] if j else area.y
            boxes.append((x0, y0, right[j][i], below[j][i], name))
    return _hit_map(_merged(boxes), answer)


def _cells(answer: Answer, xs: list[float], ys: list[float]
           ) -> list[tuple[float, float, float, float, str]]:  # fmt: skip
    """The cells between the edge lines, each named at its centre, in row order."""
    boxes = []
    for y0, y1 in itertools.pairwise(ys):
        for x0, x1 in itertools.pairwise(xs):
            name = answer((x0 + x1) / 2, (y0 + y1) / 2, 1)
            if name is not None:
                boxes.append((x0, y0, x1, y1, name))
    return boxes


def _merged(
    boxes: list[tuple[float, float, float, float, str]],
) -> list[tuple[int, int, int, int, str]]:
    """Whole-pixel boxes, neighbours with one name joined: along rows, then down."""
    cells = [(round(x0), round(y0), round(x1), round(y1), n) for x0, y0, x1, y1, n in boxes]
    rows: list[tuple[int, int, int, int, str]] = []
    for box in cells:  # in row order: join a box to the one before it in its row
        if rows and rows[-1][4] == box[4] and rows[-1][1:4:2] == box[1:4:2] \
                and rows[-1][2] == box[0]:  # fmt: skip
            last = rows[-1]
            rows[-1] = (last[0], last[1], box[2], last[3], last[4])
        else:
            rows.append(box)
    joined: list[tuple[int, int, int, int, str]] = []
    open_by_edge: dict[tuple[int, int, int, str], int] = {}  # (x0, x1, y1, name) -> index
    for box in sorted(rows, key=lambda b: (b[1], b[0])):
        key = (box[0], box[2], box[1], box[4])
        k = open_by_edge.pop(key, None)
        if k is None:
            joined.append(box)
            k = len(joined) - 1
        else:
            x0, y0, x1, _y1, name = joined[k]
            joined[k] = (x0, y0, x1, box[3], name)
        open_by_edge[(box[0], box[2], joined[k][3], box[4])] = k
    return joined


def _hit_map(boxes: list[tuple[int, int, int, int, str]], answer: Answer) -> HitMap:
    names: dict[str, int] = {}
    rects = []
    for x0, y0, x1, y1, name in boxes:
        if x1 <= x0 or y1 <= y0:
            continue
        other = answer((x0 + x1) / 2, (y0 + y1) / 2, 3)
        left = names.setdefault(name, len(names))
        right = -1 if other is None else names.setdefault(other, len(names))
        rects.append((x0, y0, x1 - x0, y1 - y0, left, right))
    return HitMap(tuple(names), tuple(rects))

"""N queens: the board with its rows and columns named at the edges, a crown in its row's
colour for each queen, and every square the search rejected crossed in the colour of the
queen that attacks it. The row being tried is lit; the lines of attack into it are drawn,
growing as each conflict is found; queens drop in and fade out as the search places and
takes them back. Written only against the scene API (viz.scene), as the example of
docs/write-your-own-puzzle.md.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import ClassVar

import numpy as np
from puzzleviz.solvers.i18n import N_, current_language, gettext
from puzzleviz.solvers.queens.model import Clear, Conflict, Place, QueensModel, Remove, square
from puzzleviz.viz.color import ACCENT, GOOD, INK, RGBA, ink_against, mix, palette, rgba
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.easing import ease
from puzzleviz.viz.legend import LegendEntry, draw_legend, legend_width
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import Canvas, Rect, Scene, View, solver_method
from puzzleviz.viz.stats import counter_lines
from puzzleviz.viz.text import FontName

TEXT = 18.0  # the edge labels, at 720 rows (the projector's least)
LIGHT, DARK = rgba("#F4EEE2"), rgba("#E2D5BA")
ACTIVE = rgba(ACCENT, 0.16)  # the row being tried
ATTACK = 0.55  # the opacity of the lines of attack into that row
# A crown in unit coordinates (x right, y down, within -1..1): five points on a band.
CROWN = [(-0.72, 0.5), (-0.92, -0.3), (-0.5, 0.08), (-0.46, -0.58), (-0.2, 0.02), (0.0, -0.78),
         (0.2, 0.02), (0.46, -0.58), (0.5, 0.08), (0.92, -0.3), (0.72, 0.5)]  # fmt: skip
CROWN_TIPS = [(-0.92, -0.3), (-0.46, -0.58), (0.0, -0.78), (0.46, -0.58), (0.92, -0.3)]


def queen_color(row: int) -> RGBA:
    """The colour of a row's queen and of the crosses on the squares it attacks: the shared
    palette, darkened where needed until a cross reads on either square (3:1)."""
    return ink_against(palette(row), DARK, 3.0)


@dataclasses.dataclass(frozen=True)
class Board:
    """Where the squares are: the top-left corner of the board and the side of a square."""

    x: float
    y: float
    cell: float
    n: int

    def center(self, row: int, col: int) -> tuple[float, float]:
        return self.x + (col + 0.5) * self.cell, self.y + (row + 0.5) * self.cell


def layout(n: int, stage: Rect, scale: float) -> tuple[Board, Rect]:
    """The board (as large as the stage's height allows, after the edge labels) and the
    legend on its right, the two centred together; on a narrow frame (4:3) the board gives
    up width so the legend's lines fit whole."""
    return _layout(n, stage, scale, current_language())


@functools.lru_cache(maxsize=64)
def _layout(n: int, stage: Rect, scale: float, language: str) -> tuple[Board, Rect]:
    """`layout` kept a language (the legend's words set its width): a quiz's export asks
    the scene what a click names at thousands of points (viz.web.quiz_map)."""
    label, gap = 30 * scale, 40 * scale
    legend_w = max(legend_width(entry, scale) for entry in _every_entry(0))
    cell = min((stage.h - label) / n, (stage.w - label - gap - legend_w) / n)
    total = label + n * cell + gap + legend_w
    x = stage.x + max((stage.w - total) / 2, 0.0) + label
    board = Board(x, stage.y, cell, n)
    side_x = x + n * cell + gap
    return board, Rect(side_x, stage.y, stage.x + stage.w - side_x, stage.h)


class QueensScene(Scene[QueensModel]):
    kind = "queens"
    title = N_("N queens")
    counter_labels: ClassVar[Mapping[str, str]] = {
        "nodes": N_("{} queens placed in all"),
        "queens": N_("{} on the board"),
        "solutions": N_("solutions found: {}"),
    }
    method_names: ClassVar[Mapping[str, str]] = {"backtracking": N_("backtracking, row by row")}

    def heading(self, frame: Frame[QueensModel]) -> str:
        method = solver_method(frame.trace.header.solver, self.kind)
        words = gettext(self.method_names.get(method, method))
        return gettext("{n} queens · {method}").format(n=frame.model.n, method=words)

    def statistics(self, frame: Frame[QueensModel]) -> list[str]:
        """The counters (solutions only once there is one: "0 found" reads as a failure)."""
        shown = {k: v for k, v in frame.counters.items() if v or k != "solutions"}
        return counter_lines(frame.trace, shown, self.counter_labels)

    quiz_buttons: ClassVar[bool] = False
    quiz_prompt: ClassVar[str] = N_("Click the square where the next queen goes.")

    def quiz_answer(
        self, frame: Frame[QueensModel], view: View, x: float, y: float, button: int
    ) -> str | None:
        """A click on a square: "queen c4"."""
        n = frame.model.n
        board, _side = layout(n, view.stage, view.scale)
        col, row = int((x - board.x) // board.cell), int((y - board.y) // board.cell)
        return f"queen {square(row, col)}" if 0 <= row < n and 0 <= col < n else None

    def draw(self, frame: Frame[QueensModel], view: View, canvas: Canvas) -> None:
        model, d, s = frame.model, canvas.d2, view.scale
        board, side = layout(model.n, view.stage, s)
        queens, marks = model.queens(frame.state), model.marks(frame.state)
        event, t = frame.event, ease(frame.t)
        row = _active_row(frame)
        solved = bool((queens >= 0).all()) and not marks.any() and event is None
        _draw_squares(d, board, row, solved, s)
        for r, c in zip(*np.nonzero(marks), strict=True):
            fade = 1 - t if isinstance(event, Clear) and (event.row, event.col) == (r, c) else 1
            _draw_mark(d, board, int(r), int(c), int(marks[r, c]) - 1, fade, s)
            if r == row and fade == 1:  # the row being tried: show who attacks each square
                by = int(marks[r, c]) - 1
                _draw_attack(d, board, by, int(queens[by]), int(r), int(c), ATTACK, 1, s)
        if isinstance(event, Conflict):  # a line of attack reaches the square, then its cross
            _draw_attack(d, board, event.by_row, event.by_col, event.row, event.col, 0.8, t, s)
            _draw_mark(d, board, event.row, event.col, event.by_row, t, s)
        for r in range(model.n):
            if queens[r] >= 0:
                fade = 1 - t if isinstance(event, Remove) and event.row == r else 1
                _draw_queen(d, board, r, int(queens[r]), fade, s)
        if isinstance(event, Place):  # a queen drops in
            _draw_queen(d, board, event.row, event.col, t, s)
        _draw_legend(d, side, s, legend_entries(queens, marks, row, solved))


def _active_row(frame: Frame[QueensModel]) -> int:
    """The row the search works on: that of the event in progress, else of the last one;
    for a Clear, the row above it (the marks of a dead end below it are being lifted)."""
    if frame.event is not None:
        op, row = frame.event.OP, int(getattr(frame.event, "row", -1))
    elif frame.cursor > 0:
        op, row = (int(v) for v in frame.trace.rows[frame.cursor - 1, :2])
    else:
        return -1
    return row - 1 if op == Clear.OP else row


def _draw_squares(d: DrawList2D, board: Board, active: int, solved: bool, s: float) -> None:
    n, cell = board.n, board.cell
    for r in range(n):
        for c in range(n):
            d.rect(board.x + c * cell, board.y + r * cell, cell, cell, LIGHT if (r + c) % 2 == 0
                   else DARK)  # fmt: skip
    active = -1 if solved else active
    if 0 <= active < n:
        d.rect(board.x, board.y + active * cell, n * cell, cell, ACTIVE)
    edge, width = (GOOD, 4 * s) if solved else (rgba(INK, 0.7), 1.5 * s)
    d.rect(board.x, board.y, n * cell, n * cell, None, stroke=edge, width=width)
    size = TEXT * s
    for k in range(n):
        weight: FontName = "bold" if k == active else "regular"
        color = ink_against(ACCENT, LIGHT) if k == active else INK
        d.text(str(k + 1), board.x - 8 * s, board.y + (k + 0.5) * cell, size, color,
               anchor="rm", font=weight)  # fmt: skip
        d.text(square(0, k)[0], board.x + (k + 0.5) * cell, board.y + n * cell + 4 * s, size,
               INK, anchor="ct")  # fmt: skip


def _draw_mark(d: DrawList2D, board: Board, row: int, col: int, by: int, fade: float,
               s: float) -> None:  # fmt: skip
    """A cross on a rejected square, in the colour of the queen that attacks it."""
    if fade <= 0:
        return
    cx, cy = board.center(row, col)
    half = board.cell * 0.22 * (0.6 + 0.4 * fade)
    color = rgba(queen_color(by), fade)
    width = max(board.cell * 0.07, 2.5 * s)
    d.line(cx - half, cy - half, cx + half, cy + half, color, width)
    d.line(cx - half, cy + half, cx + half, cy - half, color, width)


def _draw_attack(d: DrawList2D, board: Board, by_row: int, by_col: int, row: int, col: int,
                 alpha: float, reach: float, s: float) -> None:  # fmt: skip
    """The line from the attacking queen towards the square, `reach` of the way there."""
    if by_col < 0 or reach <= 0:
        return
    x0, y0 = board.center(by_row, by_col)
    x1, y1 = board.center(row, col)
    end = (x0 + (x1 - x0) * reach, y0 + (y1 - y0) * reach)
    d.line(x0, y0, *end, rgba(queen_color(by_row), alpha), 3 * s)


def _draw_queen(d: DrawList2D, board: Board, row: int, col: int, grow: float, s: float) -> None:
    """A crown in the row's colour, outlined in ink; `grow` 0..1 as it drops in or fades."""
    if grow <= 0:
        return
    cx, cy = board.center(row, col)
    size = board.cell * 0.36 * (0.5 + 0.5 * grow)
    cy -= board.cell * 0.25 * (1 - grow)  # dropping in from above
    fill = rgba(mix(LIGHT, queen_color(row), grow))
    ink = rgba(INK, grow)
    d.polygon([(cx + x * size, cy + y * size) for x, y in CROWN], fill, stroke=ink,
              width=max(1.5 * s, size * 0.08))  # fmt: skip
    band = size * 0.22
    d.rect(cx - 0.78 * size, cy + 0.5 * size, 1.56 * size, band, fill, radius=band / 3,
           stroke=ink, width=max(1.2 * s, size * 0.06))  # fmt: skip
    tips = np.array(CROWN_TIPS) * size + (cx, cy)
    d.circles(tips, size * 0.12, fill, stroke=ink, width=max(1.2 * s, size * 0.06))


def legend_entries(
    queens: np.ndarray, marks: np.ndarray, row: int, solved: bool
) -> list[LegendEntry]:
    """What the colours on the board now mean (in the colour of the first queen): no entry
    for a cross, a line of attack or a lit row that is not there, and the green frame of a
    solution when it is."""
    first = int(np.argmax(queens >= 0)) if (queens >= 0).any() else 0
    entries = _every_entry(first)
    trying = 0 <= row < len(queens) and not solved
    shown = (True, bool(marks.any()), trying and bool(marks[row].any()), trying, solved)
    return [entry for entry, show in zip(entries, shown, strict=True) if show]


def _every_entry(first: int) -> list[LegendEntry]:
    """Every entry the legend can show, in its order (the layout makes room for them all)."""
    color = queen_color(first)
    return [
        LegendEntry(color, N_("a queen: each row has its colour"), "disc"),
        LegendEntry(color, N_("× rejected: the queen of its colour attacks it"), "line"),
        LegendEntry(rgba(color, ATTACK), N_("who attacks the row being tried"), "line"),
        LegendEntry(ACTIVE, N_("the row being tried"), "square"),
        LegendEntry(GOOD, N_("green frame: no queen attacks another"), "line"),
    ]


def _draw_legend(d: DrawList2D, side: Rect, s: float, entries: list[LegendEntry]) -> None:
    """The legend beside the board, one entry a line, left-aligned."""
    for k, entry in enumerate(entries):
        draw_legend(d, [entry], side.x, side.y + side.h * 0.3 + k * 30 * s, side.w, s)

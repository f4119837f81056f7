"""Chains drawn to be read: strong links solid, weak links dashed, an arrow on each link in
the order the chain is read, the nodes numbered, almost locked sets outlined, and the chain
written out in Eureka notation, the forums' way: `(4)r2c5=r2c9-(4)r8c9=...`.

A step's links arrive one Mark event at a time, in chain order (solvers.sudoku.record), so
playing a step, or stepping through it event by event, draws the chain link by link: a node
is numbered and coloured when the first link that reaches it is drawn, and until then its
colour is only hinted at, so the eye follows the chain rather than a finished picture.
Forcing chains and nets (solvers.sudoku.roles ITEM_BRANCH) come as several branches, each
starting again from its premise: the same drawing, the numbers running on across branches.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from typing import TYPE_CHECKING

import numpy as np
from puzzleviz.solvers.sudoku.geometry import Names
from puzzleviz.solvers.sudoku.model import MARK_LINK, Mark
from puzzleviz.solvers.sudoku.roles import LINK_STRONG
from puzzleviz.viz.color import ACCENT, INK, RGBA, rgba
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.text import measure

if TYPE_CHECKING:
    from puzzleviz.scenes.sudoku_layout import GridLayout
    from puzzleviz.solvers.trace import Trace

STRONG_INK = ACCENT
WEAK_INK = rgba("#B86E00")  # a darker orange: dashes stay visible over pale candidates
ALS_INK = rgba("#7B3FA0")
UNDIRECTED = {"simple_colouring"}  # its links make a tree of conjugate pairs, not a chain

Link = tuple[int, int, int, float]  # candidate a, candidate b, kind, opacity


@dataclasses.dataclass(frozen=True)
class Chain:
    """The links shown now, in order, and what the step will show in all."""

    links: list[Link]
    total: int  # links the whole step draws (from the trace)
    directed: bool
    ncand: int  # cells * n: link codes at or above it are group / ALS nodes

    @property
    def numbers(self) -> dict[int, int]:
        """Candidate -> its number in the chain (1-based), in the order first reached."""
        out: dict[int, int] = {}
        for a, b, _kind, alpha in self.links:
            if alpha <= 0.01:
                continue
            for node in (a, b):
                if node < self.ncand and node not in out:
                    out[node] = len(out) + 1
        return out

    @property
    def complete(self) -> bool:
        return sum(1 for link in self.links if link[3] > 0.99) >= self.total


def step_link_count(trace: Trace, step: int) -> int:
    """How many links step `step` of a sudoku trace draws (its link Marks)."""
    if step < 0 or step >= trace.n_steps:
        return 0
    lo, hi = trace.step_range(step)
    rows = trace.rows[lo:hi]
    return int(((rows[:, 0] == Mark.OP) & (rows[:, 1] == MARK_LINK) & (rows[:, 3] != 0)).sum())


def draw_chain(d: DrawList2D, layout: GridLayout, chain: Chain, scale: float) -> None:
    """Every visible link with its arrow, then the numbered nodes on top."""
    n = layout.n
    trim = layout.cell / layout.b * 0.5
    width = 2.6 * scale
    for a, b, kind, alpha in chain.links:
        if alpha <= 0.01 or a >= chain.ncand or b >= chain.ncand:
            continue
        x0, y0 = layout.candidate_center(a // n, a % n + 1)
        x1, y1 = layout.candidate_center(b // n, b % n + 1)
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        x0, y0, x1, y1 = x0 + ux * trim, y0 + uy * trim, x1 - ux * trim, y1 - uy * trim
        # the link grows from its start while its Mark is in progress
        x1, y1 = x0 + (x1 - x0) * min(alpha * 1.25, 1.0), y0 + (y1 - y0) * min(alpha * 1.25, 1.0)
        color = rgba(STRONG_INK if kind == LINK_STRONG else WEAK_INK, 0.92 * min(alpha * 2, 1))
        head = 9.0 * scale if chain.directed else 0.0
        bx, by = x1 - ux * head * 0.8, y1 - uy * head * 0.8
        if kind == LINK_STRONG:
            d.line(x0, y0, bx, by, color, width)
        else:
            dashed(d, x0, y0, bx, by, color, width, 6 * scale)
        if head:
            arrow_head(d, x1, y1, ux, uy, head, color)


def arrow_head(d: DrawList2D, x: float, y: float, ux: float, uy: float, size: float,
               color: RGBA) -> None:  # fmt: skip
    px, py = -uy, ux
    back_x, back_y = x - ux * size, y - uy * size
    d.polygon([(x, y), (back_x + px * size * 0.5, back_y + py * size * 0.5),
               (back_x - px * size * 0.5, back_y - py * size * 0.5)], color)  # fmt: skip


def dashed(d: DrawList2D, x0: float, y0: float, x1: float, y1: float, color: RGBA,
           width: float, dash: float) -> None:  # fmt: skip
    length = math.hypot(x1 - x0, y1 - y0)
    pieces = max(int(length / (2 * dash)), 1)
    for k in range(pieces):
        f0, f1 = (2 * k) / (2 * pieces - 1), (2 * k + 1) / (2 * pieces - 1)
        d.line(x0 + (x1 - x0) * f0, y0 + (y1 - y0) * f0, x0 + (x1 - x0) * f1,
               y0 + (y1 - y0) * f1, color, width)  # fmt: skip


def number_spots(
    layout: GridLayout, chain: Chain, masks: list[int]
) -> list[tuple[int, float, float]]:
    """(number, x, y) for each numbered node: in a free pencil-mark slot of its own cell
    (one that holds no candidate), nearest the node, so the number never covers a digit.
    A node whose cell has no free slot left keeps its number in the notation only."""
    n, b = layout.n, layout.b
    taken: dict[int, set[int]] = {}
    spots = []
    for node, number in chain.numbers.items():
        cell, digit0 = divmod(node, n)
        used = taken.setdefault(cell, set())
        free = [k for k in range(n) if not masks[cell] >> k & 1 and k not in used]
        if number >= 10:  # two digits: a middle slot with both neighbours free too
            free = [k for k in free if k % b not in (0, b - 1)
                    and k - 1 in free and k + 1 in free]  # fmt: skip
        if not free:
            continue
        r0, c0 = divmod(digit0, b)
        best = min(free, key=lambda k: (abs(k // b - r0) + abs(k % b - c0), k))
        used.update((best - 1, best, best + 1) if number >= 10 else (best,))
        x, y = layout.candidate_center(cell, best + 1)
        spots.append((number, x, y))
    return spots


def draw_numbers(d: DrawList2D, layout: GridLayout, spots: list[tuple[int, float, float]],
                 size: float) -> None:  # fmt: skip
    """Each number in a white disc, its digits' ink centred on the spot (a text block's
    middle sits higher than its digits and would leave the cell in the grid's top row)."""
    radius = layout.cell / layout.b * 0.46
    for number, x, y in spots:
        d.circle(x, y, radius, "#FFFFFF", stroke=rgba(INK, 0.75), width=1.2)
        text = str(number)
        advances = [measure(ch, size, "bold")[0] for ch in text]
        left = x - sum(advances) / 2
        centers = [(left + sum(advances[:k]) + a / 2, y) for k, a in enumerate(advances)]
        d.chars(list(text), np.array(centers), size, INK, font="bold")


def draw_als(d: DrawList2D, layout: GridLayout, cells: list[tuple[int, float]],
             scale: float) -> None:  # fmt: skip
    """Almost locked sets: each cell outlined in the ALS colour (cells of one set sit in one
    house, so the outlines read as one group)."""
    for cell, alpha in cells:
        r = layout.cell_rect(cell).inset(3.5 * scale)
        d.rect(r.x, r.y, r.w, r.h, None, radius=5 * scale, stroke=rgba(ALS_INK, 0.95 * alpha),
               width=3.0 * scale)  # fmt: skip


def cells_text(cells: list[int], names: Names) -> str:
    """Several cells the Eureka way: r2c56 (one row), r23c5 (one column), else listed."""
    n = names.n
    if len(cells) == 1:
        return names.cell(cells[0])
    rows = sorted({c // n for c in cells})
    cols = sorted({c % n for c in cells})
    if names.style == "r1c1" and (len(rows) == 1 or len(cols) == 1):
        return f"r{''.join(str(r + 1) for r in rows)}c{''.join(str(c + 1) for c in cols)}"
    return ",".join(names.cell(c) for c in sorted(cells))


def group_cells(marked: dict[tuple[int, int], int], role: int) -> dict[int, set[int]]:
    """Digit -> the cells whose candidate of it is marked `role` (group-node candidates)."""
    out: dict[int, set[int]] = {}
    for (cell, digit), r in marked.items():
        if r == role:
            out.setdefault(digit, set()).add(cell)
    return out


def eureka(
    links: list[Link],
    ncand: int,
    names: Names,
    groups: dict[int, set[int]] | None = None,
    box_of: list[int] | None = None,
    als_cells: set[int] | None = None,
    masks: list[int] | None = None,
) -> str:
    """The chain in Eureka notation: '=' strong, '-' weak; a digit in brackets where it
    changes, '(2=5)r1c1' for a strong link inside a bivalue cell, and a group node as its
    cells, 'r2c13'. The trace draws a group's links at one of its candidates; its other
    cells are the group-marked ones of that digit in the same box along the line the link
    runs on (a group is where a box and a line cross), less those of the node before."""
    n = names.n
    shown = [(a, b, kind) for a, b, kind, alpha in links if alpha > 0.5]
    if not shown:
        return ""
    parts: list[str] = []
    digit = -1
    before: set[int] = set()

    def node(code: int, other: int) -> str:
        nonlocal digit, before
        if code >= ncand:
            return "(group)"
        cell, d0 = divmod(code, n)
        cells = {cell}
        marked = (groups or {}).get(d0 + 1, set())
        if cell in marked and box_of is not None and other < ncand:
            o = other // n
            line = (lambda c: c // n == cell // n) if o // n == cell // n else (
                (lambda c: c % n == cell % n) if o % n == cell % n else None)  # fmt: skip
            if line is not None:
                cells |= {c for c in marked if box_of[c] == box_of[cell] and line(c)} - before
        before = cells
        where = cells_text(sorted(cells), names)
        text = ("" if d0 + 1 == digit else f"({d0 + 1})") + where
        digit = d0 + 1
        return text

    claimed: set[int] = set()

    def als_of(a: int, b: int) -> list[int]:
        """The ALS a strong link between two of its digits runs in: among the outlined cells
        of a house through both ends, not yet taken by an earlier set of the chain, the
        fewest that hold both ends and one digit more than cells (with `masks`, the pencil
        marks); without masks, all of them. Empty if it is no such link."""
        ca, cb = a // n, b // n
        if not als_cells or a % n == b % n or ca not in als_cells or cb not in als_cells:
            return []
        best: list[int] = []
        for house in _houses_of(ca, n, box_of):
            if cb not in house:
                continue
            inside = sorted(c for c in house if c in als_cells and c not in claimed)
            if masks is None:
                best = inside if len(inside) > len(best) else best
                continue
            for size in range(1, len(inside) + 1):
                if best and size >= len(best):
                    break
                for subset in itertools.combinations(inside, size):
                    union = 0
                    for c in subset:
                        union |= masks[c]
                    if ca in subset and cb in subset and bin(union).count("1") == size + 1:
                        best = list(subset)
                        break
        claimed.update(best)
        return best

    previous_end = -1
    for a, b, kind in shown:
        sign = "=" if kind == LINK_STRONG else "-"
        # a strong link inside a bivalue cell is written (2=5)r1c1, inside an ALS (4=7)r1c12
        als = als_of(a, b) if kind == LINK_STRONG and a < ncand and b < ncand else []
        same_cell = a < ncand and b < ncand and a // n == b // n
        in_cell = kind == LINK_STRONG and (same_cell or bool(als))
        if a != previous_end:
            if parts:
                parts.append("; ")  # a new branch (forcing chains) starts from its premise
            before = set()
            if not in_cell:
                parts.append(node(a, b))
        if in_cell:
            if a == previous_end and parts:
                last = parts.pop()  # the node a, written on its own: fold it in
                parts.append(last[0] if last[:1] in ("-", "=") else "")
            where = cells_text(als, names) if als else names.cell(a // n)
            parts.append(f"({a % n + 1}={b % n + 1}){where}")
            digit = b % n + 1
            before = set(als) if als else {a // n}
        else:
            parts.append(sign + node(b, a))
        previous_end = b
    return "".join(parts)


def _houses_of(cell: int, n: int, box_of: list[int] | None) -> list[set[int]]:
    """The cells of the row, the column and (when boxes are known) the box of `cell`."""
    row, col = divmod(cell, n)
    houses = [{row * n + k for k in range(n)}, {k * n + col for k in range(n)}]
    if box_of is not None:
        houses.append({c for c in range(n * n) if box_of[c] == box_of[cell]})
    return houses

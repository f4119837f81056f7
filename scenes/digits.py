"""Digits: the frame and its triangle grid, each seven-segment digit piece as filled
triangles with its own colour and label, the digits' windows and the edge notches left
open; a placement flies from the tray beside the frame, flipping over its vertical axis
and turning into place; the search backtracks visibly; an option shows the three classes
of solutions side by side.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import ClassVar, TypeAlias

import numpy as np
from puzzleviz.solvers.arrays import Float64Array
from puzzleviz.solvers.digits.demo import class_representatives
from puzzleviz.solvers.digits.model import DigitsModel, LeaveEmpty, Place, Remove, Reopen
from puzzleviz.solvers.i18n import N_, fill, gettext, ngettext
from puzzleviz.viz.color import INK, MUTED, RGBA, mix, over, readable_ink, rgba
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.easing import ease
from puzzleviz.viz.legend import LegendEntry, draw_legend, legend_height
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import Canvas, Rect, Scene, SceneOption, View
from puzzleviz.viz.stats import counter_lines, milestone_line
from puzzleviz.viz.text import measure

TEXT = 18.0  # labels, at 720 rows

# A colour per digit, distinct hues with the congruent pairs (2/5, 6/9) apart; each dark or
# light enough that its label (black or white) reads at 4.5:1 even on a tray piece.
PIECE_COLORS = (
    "#B82E24",  # 0 red
    "#F29C12",  # 1 orange
    "#F5D140",  # 2 yellow
    "#66BA6B",  # 3 green
    "#1ABD9C",  # 4 teal
    "#3399DB",  # 5 blue
    "#454E9E",  # 6 indigo
    "#773D8C",  # 7 purple
    "#E873A3",  # 8 pink
    "#6B4F3A",  # 9 brown
)
LEFT_EMPTY_COLOR = mix("#FFFFFF", MUTED, 0.28)

TRAY_ROWS = 2
LEFT_EMPTY = -2

Triangles: TypeAlias = Float64Array
"""(T, 3, 2) float64: triangles, each its three corners (x, y), in blocks or in pixels."""
Points: TypeAlias = Float64Array
"""(N, 2) float64, or one (2,) point: x, y."""
EdgeKey = tuple[tuple[float, ...], ...]  # an edge's two ends, rounded, in order


def piece_color(piece: int) -> RGBA:
    return rgba(PIECE_COLORS[piece % len(PIECE_COLORS)])


@functools.cache
def _tray_shape(model: DigitsModel, piece: int) -> tuple[Triangles, Points]:
    """The upright piece: triangles (T, 3, 2) in block units and their centroid."""
    tris = np.array(model.tray_triangles(piece), dtype=np.float64)
    return tris, tris.reshape(-1, 2).mean(axis=0)


def boundary_edges(tris: Triangles) -> tuple[Points, Points]:
    """Edges that belong to one triangle only: the outline of the union, in the order the
    triangles give them (edges compared with their ends rounded to 4 decimals, either
    way round). Vectorised: a digits frame asks this of every piece (most of its cost)."""
    tris = np.asarray(tris)
    if not len(tris):
        return np.zeros((0, 2)), np.zeros((0, 2))
    a = tris.reshape(-1, 2)
    b = np.roll(tris, -1, axis=1).reshape(-1, 2)
    ra, rb = np.round(a, 4) + 0.0, np.round(b, 4) + 0.0  # + 0.0: -0.0 is 0.0, as in a key
    swap = (rb[:, 0] < ra[:, 0]) | ((rb[:, 0] == ra[:, 0]) & (rb[:, 1] < ra[:, 1]))
    keys = np.where(swap[:, None], np.hstack([rb, ra]), np.hstack([ra, rb]))
    _, inverse, counts = np.unique(keys, axis=0, return_inverse=True, return_counts=True)
    single = counts[inverse.reshape(-1)] == 1
    if not single.any():
        return np.zeros((0, 2)), np.zeros((0, 2))
    return a[single], b[single]


class Board:
    """Block coordinates (x right, y down) to screen pixels, for the frame and the tray: the
    frame on the left, the pieces not yet placed waiting in a tray of slots on the right."""

    def __init__(self, model: DigitsModel, area: Rect, scale: float):
        width, height = model.puzzle.width, model.puzzle.height
        shapes = [_tray_shape(model, k)[0].reshape(-1, 2) for k in range(model.n_pieces)]
        extent = np.max([np.ptp(p, axis=0) for p in shapes], axis=0)  # largest piece, blocks
        self.columns = math.ceil(model.n_pieces / TRAY_ROWS)
        self.slot = extent + 0.8
        tray_w = self.columns * self.slot[0]
        tray_h = TRAY_ROWS * self.slot[1]
        unit = min(area.w / (width + 1.0 + tray_w), area.h / (max(height, tray_h) + 0.6))
        total = (width + 1.0 + tray_w) * unit
        self.unit = unit
        self.frame_origin = np.array([area.x + (area.w - total) / 2, area.y + 0.3 * unit])
        self.tray_origin = self.frame_origin + [(width + 1.0) * unit, 0.0]
        self.scale = scale

    def to_screen(self, points: Float64Array) -> Float64Array:
        screen: Float64Array = self.frame_origin + np.asarray(points) * self.unit
        return screen

    def tray_center(self, piece: int) -> Points:
        """Where a piece waits in the tray (pixels)."""
        row, column = divmod(piece, self.columns)
        center: Points = self.tray_origin + (np.array([column, row]) + 0.5) * self.slot * self.unit
        return center


class DigitsScene(Scene[DigitsModel]):
    kind = "digits"
    title = N_("Digits")
    options = (
        SceneOption("classes", "k", N_("The classes of solutions side by side")),
        SceneOption("grid", "g", N_("Triangle grid"), default=True),
    )
    counter_labels: ClassVar[Mapping[str, str]] = {
        "nodes": N_("{} nodes searched"),
        "placed": N_("{} pieces placed"),
        "left_empty": N_("{} triangles left empty"),
        "waste_bound": "",
        "solutions": "",  # the milestones count them, out of the total
    }
    method_names: ClassVar[Mapping[str, str]] = {"exact": N_("exact search")}

    def statistics(self, frame: Frame[DigitsModel]) -> list[str]:
        """The counters, and the solutions found so far out of those the trace finds. A
        search that used the frame's symmetry finds one solution per class (3 of the 48 on
        the mesh) and says so: "3 of 3 solution classes", as its summary counts them."""
        trace = frame.trace
        lines = counter_lines(trace, frame.counters, self.counter_labels)
        total = trace.n_milestones
        if not total or not trace.header.params.get("symmetry"):
            line = milestone_line(trace, frame.milestones_reached)
            return [*lines, line] if line else lines
        things = ngettext("solution class", "solution classes", total)
        reached = frame.milestones_reached
        found = fill(gettext("{reached:,} of {total:,} {things}"), reached=reached, total=total,
                     things=things)  # fmt: skip
        return [*lines, found]

    def draw(self, frame: Frame[DigitsModel], view: View, canvas: Canvas) -> None:
        model: DigitsModel = frame.model
        d = canvas.d2
        if view.options.get("classes"):
            _draw_classes(d, model, view)
            return
        entries = [LegendEntry(LEFT_EMPTY_COLOR, N_("triangle left empty (a spare one)"))]
        height = legend_height(entries, view.stage.w, view.scale)
        stage = view.stage
        draw_legend(d, entries, stage.x, stage.y + stage.h - height, stage.w, view.scale,
                    centered=True)  # fmt: skip
        area = Rect(stage.x, stage.y, stage.w, stage.h - height - 6 * view.scale)
        board = Board(model, area, view.scale)
        _draw_frame(d, model, board, view.options.get("grid", True))
        _draw_left_empty(d, model, board, frame)
        event = frame.event
        moving = event.piece if isinstance(event, Place | Remove) else -1
        labels: list[Callable[[], None]] = []
        for piece in range(model.n_pieces):
            where = model.placement_of(frame.state, piece)
            if piece == moving:
                continue
            if where is None:
                _draw_in_tray(d, model, board, piece, labels)
            else:
                tris = np.array(model.placement_triangles(piece, *where))
                _draw_piece(d, board.to_screen(tris), piece, board.unit, board.scale,
                            labels=labels, name=model.label(piece))  # fmt: skip
        for label in labels:  # above every piece, so none is hidden under a neighbour
            label()
        if isinstance(event, Place | Remove):
            _draw_flight(d, model, board, event, frame.t)


def _draw_frame(d: DrawList2D, model: DigitsModel, board: Board, grid: bool) -> None:
    tris = board.to_screen(np.array(model.frame_triangles()))
    d.triangles(tris, rgba("#FFFFFF"))
    if grid:  # every triangle's edges, faint: the grid the pieces snap to
        d.lines(tris.reshape(-1, 2), tris[:, [1, 2, 0]].reshape(-1, 2), rgba(INK, 0.08), 1.0)
    outer_a, outer_b = boundary_edges(tris)
    d.lines(outer_a, outer_b, INK, 2.4 * board.scale)


def _draw_piece(
    d: DrawList2D,
    tris: Triangles,
    piece: int,
    unit: float,
    scale: float,
    alpha: float = 1.0,
    labels: list[Callable[[], None]] | None = None,
    name: str = "",
) -> None:
    """Filled triangles, the outline of their union, and the digit as a label (`unit`:
    pixels per block, which sets the label's size); given `labels`, the label is left
    there to be drawn once every piece is down. `name` is the piece's label (the puzzle's,
    which captions and quiz answers use; the piece's number when not given)."""
    color = piece_color(piece)
    d.triangles(tris, rgba(color, alpha))
    a, b = boundary_edges(tris)
    d.lines(a, b, rgba(mix(color, INK, 0.55), alpha), 1.8 * scale)
    label = functools.partial(_draw_label, d, tris, name or str(piece), color, unit, scale, alpha)
    if labels is None:
        label()
    else:
        labels.append(label)


def _draw_label(
    d: DrawList2D, tris: Triangles, name: str, color: RGBA, unit: float, scale: float,
    alpha: float,
) -> None:  # fmt: skip
    center = tris.reshape(-1, 2).mean(axis=0)
    size = max(TEXT * scale, unit * 0.75)
    fill = over(rgba(color, alpha), "#F7F5F0")
    if not _covers(tris, center):  # the centroid of a 0 or an 8 is in a hole: a tag there
        w, h = measure(name, size, "bold")
        d.rect(float(center[0]) - w / 2 - 4 * scale, float(center[1]) - h * 0.42, w + 8 * scale,
               h * 0.84, fill, radius=4 * scale)  # fmt: skip
    d.text(name, float(center[0]), float(center[1]), size, readable_ink(fill),
           anchor="cm", font="bold")  # fmt: skip


def _covers(tris: Triangles, point: Points) -> bool:
    """Whether any of the triangles (T, 3, 2) contains the point."""
    a, b, c = tris[:, 0], tris[:, 1], tris[:, 2]

    def side(p: Points, q: Points) -> Float64Array:
        cross: Float64Array = (q[:, 0] - p[:, 0]) * (point[1] - p[:, 1]) - (q[:, 1] - p[:, 1]) * (
            point[0] - p[:, 0]
        )
        return cross

    d1, d2, d3 = side(a, b), side(b, c), side(c, a)
    negative = (d1 < 0) | (d2 < 0) | (d3 < 0)
    positive = (d1 > 0) | (d2 > 0) | (d3 > 0)
    return bool(np.any(~(negative & positive)))


def _draw_in_tray(
    d: DrawList2D, model: DigitsModel, board: Board, piece: int, labels: list[Callable[[], None]]
) -> None:
    tris, centroid = _tray_shape(model, piece)
    screen = (tris - centroid) * board.unit + board.tray_center(piece)
    _draw_piece(d, screen, piece, board.unit, board.scale, alpha=0.85, labels=labels,
                name=model.label(piece))  # fmt: skip


def _draw_flight(
    d: DrawList2D, model: DigitsModel, board: Board, event: Place | Remove, t: float
) -> None:
    """Fly between tray and board, flipping (mirror about the vertical axis) in the first
    half and turning in the second, so the flip reads as a flip."""
    progress = t if isinstance(event, Place) else 1.0 - t
    tris, centroid = _tray_shape(model, event.piece)
    angle, flipped = model.orientation_turn(event.piece, event.orientation)
    flip_t = ease(min(progress * 2, 1.0))
    turn_t = ease(max(progress * 2 - 1, 0.0))
    sx = math.cos(math.pi * flip_t) if flipped else 1.0
    theta = math.radians(angle) * turn_t
    rotate = np.array([[math.cos(theta), -math.sin(theta)], [math.sin(theta), math.cos(theta)]])
    linear = rotate @ np.diag([sx, 1.0])
    placed = np.array(model.placement_triangles(event.piece, event.orientation, event.x, event.y))
    target = board.to_screen(placed).reshape(-1, 2).mean(axis=0)
    start = board.tray_center(event.piece)
    move = ease(progress)
    center = start + (target - start) * move
    lift = math.sin(math.pi * move) * 0.6 * board.unit
    size = 1.0
    screen = ((tris - centroid) @ linear.T) * board.unit * size + center - [0.0, lift]
    d.triangles(screen + [3.0 * board.scale, 5.0 * board.scale], rgba(INK, 0.15 * min(lift, 1)))
    _draw_piece(d, screen, event.piece, board.unit, board.scale, name=model.label(event.piece))


def _draw_left_empty(
    d: DrawList2D, model: DigitsModel, board: Board, frame: Frame[DigitsModel]
) -> None:
    owners = model.owners(frame.state)
    cells = [int(c) for c in np.flatnonzero(owners == LEFT_EMPTY)]
    fading = None
    if isinstance(frame.event, LeaveEmpty | Reopen):
        fading = frame.event.cell
        alpha = frame.t if isinstance(frame.event, LeaveEmpty) else 1 - frame.t
        if fading not in cells:
            cells.append(fading)
    for cell in cells:
        tri = board.to_screen(np.array(model.cell_triangle(int(cell))))
        a = alpha if cell == fading else 1.0
        d.triangles(tri[None], rgba(LEFT_EMPTY_COLOR, a))
        center = tri.mean(axis=0)
        d.circle(float(center[0]), float(center[1]), 1.6 * board.scale, rgba(MUTED, 0.8 * a))


@functools.cache
def _classes(model: DigitsModel) -> list[dict[int, tuple[int, int, int]]] | None:
    return class_representatives(model.granularity, model.puzzle)


def _draw_classes(d: DrawList2D, model: DigitsModel, view: View) -> None:
    representatives = _classes(model)
    if representatives is None:
        d.text(
            fill(
                gettext(
                    "The classes of the {granularity} search are not recorded for this "
                    "puzzle: solve it with --granularity {granularity} --json to list them"
                ),
                granularity=model.granularity,
            ),
            view.stage.x + view.stage.w / 2,
            view.stage.y + view.stage.h / 2,
            TEXT * view.scale,
            INK,
            anchor="cm",
            max_width=view.stage.w,
        )
        return
    count = max(len(representatives), 1)
    width = view.stage.w / count
    s = view.scale
    # The classes are the whole puzzle's: a trace that fixes pieces first (the post's CHECK
    # #12) finds fewer, which its caption counts; the title says whose these are.
    title = ngettext("All the puzzle's solutions fall into this {n} class (one solution of it)",
                     "All the puzzle's solutions fall into these {n} classes (one solution of "
                     "each)", len(representatives)).format(n=len(representatives))  # fmt: skip
    d.text(title, view.stage.x + view.stage.w / 2, view.stage.y, TEXT * s, INK, anchor="ct",
           max_width=view.stage.w)  # fmt: skip
    top = 30 * s
    for k, placements in enumerate(representatives):
        area = Rect(view.stage.x + k * width, view.stage.y + top, width,
                    view.stage.h - 30 * s - top)  # fmt: skip
        unit = min(area.w / (model.puzzle.width + 1), area.h / (model.puzzle.height + 0.4))
        origin = np.array([area.x + (area.w - model.puzzle.width * unit) / 2, area.y])
        frame = np.array(model.frame_triangles()) * unit + origin
        d.triangles(frame, rgba("#FFFFFF"))
        a, b = boundary_edges(frame)
        d.lines(a, b, INK, 2 * view.scale)
        labels: list[Callable[[], None]] = []
        for piece, where in placements.items():
            tris = np.array(model.placement_triangles(piece, *where)) * unit + origin
            _draw_piece(d, tris, piece, unit, view.scale, labels=labels, name=model.label(piece))
        for label in labels:
            label()
        bottom = area.y + model.puzzle.height * unit + 8 * view.scale
        d.text(
            fill(gettext("class {number}"), number=k + 1),
            area.x + area.w / 2,
            bottom,
            TEXT * view.scale,
            INK,
            anchor="ct",
        )

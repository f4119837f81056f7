"""The cube: the box as a translucent frame, pieces as solid outlined bricks coloured by type,
each placement dropping into place, the stochastic search's jumps and collisions; options
for an exploded view, the seed's z-slices and its face groupings.

Puzzle coordinates have z up (a box standing on a table); the renderer's world has y up,
so (x, y, z) is drawn at world (x, z, -y), a rotation that keeps the handedness.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import weakref
from collections.abc import Mapping
from typing import ClassVar

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.cube.arrays import CubeState
from puzzleviz.solvers.cube.facts import facts_message
from puzzleviz.solvers.cube.model import CubeModel, Move, Place, Remove, Slide
from puzzleviz.solvers.cube.solution import PlacedPiece, face_groups
from puzzleviz.solvers.cube.views import slices
from puzzleviz.solvers.i18n import N_, fill, gettext, render
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.color import BAD, GOOD, INK, MUTED, RGBA, mix, readable_ink, rgba
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.easing import ease
from puzzleviz.viz.legend import LegendEntry, draw_legend, legend_height
from puzzleviz.viz.meshes import voxel_mesh
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import Canvas, Rect, Scene, SceneOption, View
from puzzleviz.viz.text import fit_text, measure

TEXT = 18.0  # labels, at 720 rows

# Piece types; vermillion is kept for the seed's red (empty or doubly covered) cells.
TYPE_COLORS = ("#CC79A7", "#0072B2", "#E69F00", "#009E73", "#56B4E9", "#F0E442", "#999999")
DROP_HEIGHT = 3.0  # cells above the box a placed piece falls from
UNIT_Z = np.array([0, 0, 1], dtype=np.float32)
EXPLODE = 0.55  # how far the exploded view pushes pieces out, relative to their offset
REST_ALPHA = 0.42  # a disassembly's pieces that stay put: see-through, the movers show
PARKED_ALPHA = 0.25  # ... and those that lie wholly outside the box, set aside
SLIDING_OUTLINE = 3.0  # the outline of a disassembly's moving group (others: 1.6)
UNITS = np.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]],
                 dtype=np.float32)  # a Slide's directions  # fmt: skip


def type_color(model: CubeModel, piece: PlacedPiece) -> RGBA:
    base = rgba(TYPE_COLORS[piece.type % len(TYPE_COLORS)])
    return mix(base, "#FFFFFF", 0.16 * ((piece.number - 1) % 3))  # neighbours of a type differ


def to_world(points: np.ndarray) -> np.ndarray:
    """Puzzle (x, y, z), z up -> world (x, z, -y), y up."""
    points = np.asarray(points, dtype=np.float32)
    return np.stack([points[..., 0], points[..., 2], -points[..., 1]], axis=-1)


def box_center(model: CubeModel) -> np.ndarray:
    return np.asarray(model.puzzle.box, dtype=np.float32) / 2


def colliding_look(model: CubeModel) -> bool:
    """The stochastic search's space, where pieces overlap and stick out (see-through
    pieces, red cells); a disassembly's space is room for parts set aside, nothing more."""
    return model.margin > 0 and not model.apart


def framed_radius(model: CubeModel) -> float:
    """The radius of the sphere about the box's centre the default camera shows: the box
    and, for a search with a margin, room around it for pieces that stick out."""
    box = np.asarray(model.puzzle.box, dtype=np.float32)
    return float(np.linalg.norm(box)) / 2 * (1.35 if colliding_look(model) else 1.05)


def drop_height(model: CubeModel, piece: PlacedPiece) -> float:
    """How far above its place a piece starts falling: DROP_HEIGHT above the box, but
    never with its top past the sphere the camera frames (it would be cut by the top of
    the 3D view), and at least one cell."""
    top = float(piece.origin[2] + piece.extent[2])
    room = float(box_center(model)[2]) + framed_radius(model) - top
    return max(1.0, min(model.puzzle.box[2] + DROP_HEIGHT, room))


class CubeScene(Scene[CubeModel]):
    kind = "cube"
    title = N_("Cube packing")
    options = (
        SceneOption("exploded", "e", N_("Exploded view")),
        SceneOption("slices", "v", N_("Slice view (z-slices, the seed's codes)")),
        SceneOption("groups_z", "g", N_("Groups: bottom face / top face / inside")),
        SceneOption("groups_x", "x", N_("Groups: left face / right face / inside")),
    )
    counter_labels: ClassVar[Mapping[str, str]] = {
        "placed": N_("{} pieces placed"),
        "layer": N_("layer z = {}"),
        "nodes": N_("{} nodes searched"),
        "depth": N_("depth {}"),
        "solutions": "",  # the milestones count them, out of the total
        "options": "",
        "step": N_("{} jumps"),
        "error": N_("{} errors now"),
        "best": N_("fewest errors so far: {}"),
        "restarts": N_("{} restarts"),
        "repeats": "",
        "limit": "",
        "move": "",  # the caption says "Move 37 of 98"
        "parts": N_("parts: {}"),
    }
    method_names: ClassVar[Mapping[str, str]] = {
        "assembly": N_("the assembly, layer by layer"),
        "exact": N_("exact search"),
        "stochastic": N_("collision removal (random jumps)"),
        "disassemble": N_("taken apart, move by move"),
        "assemble": N_("put together, move by move"),
    }

    def default_camera(self, model: CubeModel) -> OrbitCamera:
        x, y, z = (float(v) for v in to_world(box_center(model)))
        return OrbitCamera.framing((x, y, z), framed_radius(model), yaw=-32, pitch=26)

    def draw(self, frame: Frame[CubeModel], view: View, canvas: Canvas) -> None:
        model: CubeModel = frame.model
        pieces = _animated_pieces(model, frame)
        camera = view.camera or self.default_camera(model)
        if model.apart:
            camera = _apart_camera(model, pieces, camera, self.default_camera(model))
        options = view.options
        if options.get("exploded"):
            camera = camera.zoom(1 + 0.65 * EXPLODE)  # step back: the spread pieces stay in view
        d2, s = canvas.d2, view.scale
        solved = found_packing(model, frame)
        main = _draw_notes(d2, model, frame, view, solved)
        axis = "z" if options.get("groups_z") else "x" if options.get("groups_x") else None
        if "error" in frame.trace.header.counters:
            chart, main = chart_area(main, s, beside=axis is None)
            _draw_error_chart(d2, frame, chart, s)
        if options.get("slices"):
            main, panel = main.split_x(0.56, gap=16 * s)
            _draw_slices(d2, model, frame.state, panel, s)
        if axis is not None:
            _draw_groups(canvas, model, pieces, main, camera, axis, s)
        else:
            layer = canvas.layer3d(main, camera)
            _draw_box(layer, model, solved)
            _draw_pieces(layer, model, pieces, exploded=bool(options.get("exploded")),
                         translucent=colliding_look(model) and not solved)  # fmt: skip
            if colliding_look(model) and not solved:
                _draw_bad_cells(layer, model, frame.state)


def _facts_text(params: Mapping[str, object]) -> str:
    """The solver's facts in the reader's language, from the numbers the trace keeps (the
    English sentence recorded beside them if they are not all there, as in older traces)."""
    known, recorded = params.get("facts"), str(params.get("caption") or "")
    if not isinstance(known, dict):
        return recorded
    try:
        return render(facts_message(known))
    except (KeyError, TypeError, ValueError):
        return recorded


def found_packing(model: CubeModel, frame: Frame[CubeModel]) -> bool:
    """Whether a search that lets pieces overlap and stick out (the stochastic one) rests
    on a packing: every cell of the box covered once, nothing outside. Its pieces are then
    drawn solid in a green frame, not see-through as while they still collide."""
    if not colliding_look(model) or frame.event is not None:
        return False
    return not slices(model, frame.state, whole_space=True).bad.any()


def legend_entries(model: CubeModel, slices_shown: bool, solved: bool = False) -> list[LegendEntry]:
    """A swatch per piece type, the seed's red for cells left empty or covered twice while
    there are any, and the green frame of a packing found."""
    entries = [
        LegendEntry(TYPE_COLORS[t % len(TYPE_COLORS)], piece.name)
        for t, piece in enumerate(model.puzzle.types)
        if not piece.is_hole
    ]
    if slices_shown and not solved:
        entries.append(LegendEntry(mix("#FFFFFF", BAD, 0.35), N_("empty cell")))
    if colliding_look(model) and not solved:
        entries.append(LegendEntry(BAD, N_("cell covered twice")))
    if model.apart:
        entries.append(LegendEntry(INK, N_("thick outline: the pieces sliding now"), "line"))
    if solved:
        entries.append(LegendEntry(GOOD, N_("solved: every cell covered once"), "line"))
    return entries


def _draw_notes(
    d: DrawList2D, model: CubeModel, frame: Frame[CubeModel], view: View, solved: bool
) -> Rect:
    """The legend and the solver's facts in their own bands at the bottom of the stage;
    returns what is left for the pieces."""
    stage, s = view.stage, view.scale
    entries = legend_entries(model, bool(view.options.get("slices")), solved)
    bottom = stage.y + stage.h
    height = legend_height(entries, stage.w, s)
    draw_legend(d, entries, stage.x, bottom - height, stage.w, s, centered=True)
    bottom -= height + 6 * s
    facts = _facts_text(frame.trace.header.params)
    if facts:
        size, text = fit_text(str(facts), TEXT * s, TEXT * s, stage.w - 40 * s, 2)
        w, h = measure(text, size, max_width=stage.w - 40 * s)
        top = bottom - h - 12 * s
        x = stage.x + (stage.w - w - 28 * s) / 2
        d.rect(x, top, w + 28 * s, h + 10 * s, rgba("#FFFFFF", 0.92), radius=12 * s,
               stroke=rgba(INK, 0.2), width=1.0)  # fmt: skip
        d.text(text, x + 14 * s, top + 5 * s, size, INK, max_width=stage.w - 40 * s)
        bottom = top - 6 * s
    return Rect(stage.x, stage.y, stage.w, max(bottom - stage.y, 10.0))


class _Shown:
    """A piece as drawn this frame: where, how big, how opaque, whether it is one of a
    disassembly's moving group."""

    __slots__ = ("alpha", "center", "moving", "piece", "size")

    def __init__(self, piece: PlacedPiece, center: np.ndarray, size: np.ndarray, alpha: float,
                 moving: bool = False):  # fmt: skip
        self.piece, self.center, self.size, self.alpha = piece, center, size, alpha
        self.moving = moving


def _geometry(piece: PlacedPiece) -> tuple[np.ndarray, np.ndarray]:
    origin = np.asarray(piece.origin, dtype=np.float32)
    extent = np.asarray(piece.extent, dtype=np.float32)
    return origin + extent / 2, extent


def _parked(model: CubeModel, low: np.ndarray, high: np.ndarray) -> bool:
    """Whether a piece spanning low..high (its cells' corners) lies wholly outside the box."""
    box = np.asarray(model.puzzle.box, dtype=np.float32)
    return bool(np.any(high <= 0) or np.any(low >= box))


def _sliding(model: CubeModel, frame: Frame[CubeModel], event: Slide) -> list[_Shown]:
    """A disassembly's move: the group slides along its axis (eased), outlined thick; a
    piece fades as it leaves the box and is drawn faint while it lies aside."""
    shift = UNITS[event.direction] * event.amount * ease(frame.t)
    group = set(event.members())
    solid = min(1.0, frame.t / 0.15)  # the group turns solid at the start of its move
    shown = []
    for piece in model.pieces(frame.state):
        center, size = _geometry(piece)
        moving = piece.instance in group
        if moving:
            center = center + shift
        alpha = _rest_alpha(model, center, size)
        if moving:
            alpha += (1.0 - alpha) * solid
        shown.append(_Shown(piece, center, size, alpha, moving))
    return shown


def _last_slide(frame: Frame[CubeModel]) -> Slide | None:
    """The move just made, while the player rests after it (the pause after each move at
    a classroom pace): the class still sees which pieces moved."""
    if frame.cursor <= 0:
        return None
    event = frame.model.events.decode(frame.trace.rows[frame.cursor - 1])
    return event if isinstance(event, Slide) else None


def _rest_alpha(model: CubeModel, center: np.ndarray, size: np.ndarray) -> float:
    return PARKED_ALPHA if _parked(model, center - size / 2, center + size / 2) else REST_ALPHA


def _apart_camera(
    model: CubeModel, shown: list[_Shown], camera: OrbitCamera, base: OrbitCamera
) -> OrbitCamera:
    """Frames the box and every piece where it is drawn: as a part is set aside the view
    widens with it, smoothly (the pieces' places are eased), so nothing leaves the picture.
    What the viewer did to `camera` (the box's default view `base` turned, zoomed,
    panned) is kept: its angles, its zoom and its pan, relative to the fitted framing."""
    box = np.asarray(model.puzzle.box, dtype=np.float32)
    low, high = np.zeros(3, dtype=np.float32), box.copy()
    for item in shown:
        low = np.minimum(low, item.center - item.size / 2)
        high = np.maximum(high, item.center + item.size / 2)
    cx, cy, cz = (float(v) for v in to_world((low + high) / 2))
    radius = float(np.linalg.norm(high - low)) / 2 * 0.9
    fit = OrbitCamera.framing((cx, cy, cz), radius)
    x, y, z = (float(v) for v in np.asarray(fit.target) + np.subtract(camera.target, base.target))
    return dataclasses.replace(camera, target=(x, y, z),
                               distance=fit.distance * camera.distance / base.distance)  # fmt: skip


def _animated_pieces(model: CubeModel, frame: Frame[CubeModel]) -> list[_Shown]:
    event, t = frame.event, frame.t
    if isinstance(event, Slide):
        return _sliding(model, frame, event)
    if model.apart:  # at rest after a move: its group stays solid and outlined
        last = _last_slide(frame)
        group = set(last.members()) if last is not None else set()
        return [
            _Shown(p, c, s, 1.0 if p.instance in group else _rest_alpha(model, c, s),
                   p.instance in group)
            for p in model.pieces(frame.state)
            for c, s in [_geometry(p)]
        ]  # fmt: skip
    a = ease(t)
    moving = getattr(event, "piece", None)
    shown = []
    for piece in model.pieces(frame.state):
        if piece.instance == moving:
            continue
        center, size = _geometry(piece)
        shown.append(_Shown(piece, center, size, 1.0))
    if isinstance(event, Place | Remove):
        piece = model.piece_at(event.piece, event.pose)
        center, size = _geometry(piece)
        rise = (1 - a) if isinstance(event, Place) else a
        lifted = center + np.array([0, 0, rise * drop_height(model, piece)])
        alpha = min(1.0, 0.25 + 1.5 * (1 - rise))
        shown.append(_Shown(piece, lifted, size, alpha))
    elif isinstance(event, Move):
        old = model.piece_at(event.piece, event.old_pose)
        new = model.piece_at(event.piece, event.new_pose)
        (c0, s0), (c1, s1) = _geometry(old), _geometry(new)
        hop = np.array([0, 0, math.sin(math.pi * t) * 2.0])
        piece = old if t < 0.5 else new
        shown.append(_Shown(piece, c0 + (c1 - c0) * a + hop, s0 + (s1 - s0) * a, 1.0))
    return shown


def _draw_box(layer: DrawList3D, model: CubeModel, solved: bool = False) -> None:
    box = np.asarray(model.puzzle.box, dtype=np.float32)
    center = to_world(box / 2)
    # A hair larger than the box, so its faces never share a depth with the pieces' outer
    # faces (which made stripes of z-fighting through the translucent frame).
    frame = to_world(box) * [1, 1, -1] + 0.04
    outline, width = (GOOD, 4.0) if solved else (INK, 1.6)
    layer.box(tuple(center), tuple(frame), rgba("#8FA3B8", 0.07), outline=outline,
              outline_width=width)  # fmt: skip
    plate = to_world(np.array([box[0] / 2, box[1] / 2, -0.08]))
    layer.box(tuple(plate), (box[0] + 0.6, 0.12, box[1] + 0.6), rgba("#C9C3B6"),
              outline=rgba(INK, 0.5), outline_width=1.0)  # fmt: skip


def _is_cuboid(piece: PlacedPiece) -> bool:
    return len(piece.cells) == int(np.prod(piece.extent))


def _draw_pieces(
    layer: DrawList3D,
    model: CubeModel,
    shown: list[_Shown],
    *,
    exploded: bool = False,
    translucent: bool = False,
) -> None:
    middle = box_center(model)
    for item in shown:
        center = item.center
        if exploded:
            center = center + (center - middle) * EXPLODE
        alpha = item.alpha * (0.82 if translucent else 1.0)
        color = rgba(type_color(model, item.piece), alpha)
        outline = SLIDING_OUTLINE if item.moving else 1.6
        piece = item.piece
        if _is_cuboid(piece):
            size = to_world(item.size) * [1, 1, -1]
            layer.box(tuple(to_world(center)), tuple(size), color, outline_width=outline)
        else:
            cells = piece.cells - np.asarray(piece.origin)
            key = f"cube-{piece.type}-{piece.orient}"
            corner = center - item.size / 2
            layer.mesh(key, functools.partial(_piece_mesh, cells),
                       np.asarray([to_world(corner)], dtype=np.float32),
                       np.asarray([color], dtype=np.float32),
                       outline_width=outline)  # fmt: skip


def _piece_mesh(cells: np.ndarray) -> np.ndarray:
    """A piece's mesh from its cells relative to its min corner."""
    return voxel_mesh(to_world(cells) - UNIT_Z)


def _draw_bad_cells(layer: DrawList3D, model: CubeModel, state: CubeState) -> None:
    """Cells covered twice or more as red cubes a little larger than a cell, so that they
    show through the surfaces of the pieces that collide there: the seed's red cells."""
    view = slices(model, state, whole_space=True)
    z, y, x = np.nonzero(view.counts > 1)
    if len(x):
        cells = np.stack([x, y, z], axis=1) + np.asarray(view.origin) + 0.5
        layer.boxes(to_world(cells), np.full((len(x), 3), 1.04), np.tile(rgba(BAD), (len(x), 1)),
                    outline_width=0.0)  # fmt: skip


def _draw_groups(
    canvas: Canvas, model: CubeModel, shown: list[_Shown], area: Rect, camera: OrbitCamera,
    axis: str, scale: float,
) -> None:  # fmt: skip
    pieces = [item.piece for item in shown]
    groups = face_groups(model.puzzle, pieces, axis)
    names = {"z": (N_("on the bottom face"), N_("on the top face"), N_("inside")),
             "x": (N_("on the left face"), N_("on the right face"),
                   N_("inside"))}[axis]  # fmt: skip
    by_instance = {item.piece.instance: item for item in shown}
    width = area.w / 3
    label_h = 30 * scale
    for k, (label, group) in enumerate(zip(names, (groups.low, groups.high, groups.inner),
                                           strict=True)):  # fmt: skip
        text = fill(gettext("{group}: {count}"), group=gettext(label), count=len(group))
        canvas.d2.text(text, area.x + k * width + width / 2, area.y, TEXT * scale, INK,
                       anchor="ct")  # fmt: skip
        cell = Rect(area.x + k * width, area.y + label_h, width, area.h - label_h)
        layer = canvas.layer3d(cell, camera)
        _draw_box(layer, model)
        _draw_pieces(layer, model, [by_instance[p.instance] for p in group])


def _draw_slices(
    d: DrawList2D, model: CubeModel, state: CubeState, area: Rect, scale: float
) -> None:
    """The seed's z-slices, oriented as `puzzleviz solve cube` prints them (solvers.cube.
    report): slice z = 0 first, in each slice x to the right and row y = 0 at the top, so
    the picture and the printout read alike cell for cell."""
    view = slices(model, state)
    nz, ny, nx = view.counts.shape
    columns = max(1, min(nz, round(math.sqrt(nz * area.w / max(area.h, 1)))))
    rows = math.ceil(nz / columns)
    gap = 14 * scale
    title = 26 * scale
    cell = min((area.w - gap * (columns - 1)) / (columns * nx),
               (area.h - rows * (title + gap)) / (rows * ny))  # fmt: skip
    code_size = TEXT * scale
    for z in range(nz):
        col, row = z % columns, z // columns
        ox = area.x + col * (nx * cell + gap)
        oy = area.y + row * (ny * cell + title + gap) + title
        d.text(f"z = {z + view.origin[2]}", ox, oy - 4 * scale, TEXT * scale, INK, anchor="lb")
        for y in range(ny):
            for x in range(nx):
                px, py = ox + x * cell, oy + y * cell
                t = int(view.types[z, y, x])
                if view.bad[z, y, x]:
                    fill = rgba(BAD, 0.9 if view.counts[z, y, x] > 1 else 0.35)
                elif t >= 0:
                    fill = mix(TYPE_COLORS[t % len(TYPE_COLORS)], "#FFFFFF", 0.35)
                else:
                    fill = rgba("#FFFFFF")
                d.rect(px, py, cell, cell, fill, stroke=rgba(INK, 0.35), width=1.0)
                code = int(view.codes[z, y, x])
                if code and measure(str(code), code_size)[0] < cell - 4 * scale:
                    d.text(str(code), px + cell / 2, py + cell / 2, code_size,
                           readable_ink(fill), anchor="cm")  # fmt: skip
        _piece_borders(d, view.pieces[z], ox, oy, cell, 2.2 * scale)
        d.rect(ox, oy, nx * cell, ny * cell, None, stroke=INK, width=1.6 * scale)


def _piece_borders(
    d: DrawList2D, owners: Int64Array, ox: float, oy: float, cell: float, width: float
) -> None:
    """Thick lines between cells of different pieces, so each piece reads as one shape (row
    y = 0 at the top, as in _draw_slices)."""
    ny, nx = owners.shape
    for y in range(ny):
        for x in range(nx):
            px, py = ox + x * cell, oy + y * cell
            if x + 1 < nx and owners[y, x] != owners[y, x + 1]:
                d.line(px + cell, py, px + cell, py + cell, INK, width)
            if y + 1 < ny and owners[y, x] != owners[y + 1, x]:
                d.line(px, py + cell, px + cell, py + cell, INK, width)


_CHARTS: weakref.WeakKeyDictionary[Trace, tuple[np.ndarray, np.ndarray]] = (
    weakref.WeakKeyDictionary()
)


def _error_series(trace: Trace, buckets: int = 240) -> tuple[np.ndarray, np.ndarray]:
    """(positions, lowest error per bucket) over the whole trace, computed once per trace."""
    cached = _CHARTS.get(trace)
    if cached is None:
        column = trace.counters[:, trace.header.counters.index("error")]
        n = len(column)
        edges = np.unique(np.linspace(0, n, min(buckets, n) + 1).astype(np.int64))[:-1]
        lows = np.minimum.reduceat(column, edges) if n else np.zeros(0, dtype=np.int64)
        cached = _CHARTS[trace] = (edges, lows)
    return cached


CHART_W, CHART_H = 380.0, 150.0  # the error chart at its largest, at 720 rows


def chart_area(main: Rect, scale: float, beside: bool = True) -> tuple[Rect, Rect]:
    """(the error chart, what is left for the pieces): the chart in a column of its own at
    the left of a wide stage (`beside`), else in a band at the bottom (the group views
    keep the width for their three boxes), never over a brick."""
    gap = 12 * scale
    if beside and main.w >= 1.6 * main.h:
        w, h = min(CHART_W * scale, 0.3 * main.w), min(CHART_H * scale, 0.45 * main.h)
        chart = Rect(main.x, main.y + main.h - h, w, h)
        return chart, Rect(main.x + w + gap, main.y, main.w - w - gap, main.h)
    w, h = min(CHART_W * scale, main.w), min(CHART_H * scale, 0.3 * main.h)
    chart = Rect(main.x + (main.w - w) / 2, main.y + main.h - h, w, h)
    return chart, Rect(main.x, main.y, main.w, main.h - h - gap)


def _draw_error_chart(d: DrawList2D, frame: Frame[CubeModel], box: Rect, scale: float) -> None:
    positions, errors = _error_series(frame.trace)
    if len(errors) < 2:
        return
    x0, y0, w, h = box.x, box.y, box.w, box.h
    d.rect(x0, y0, w, h, rgba("#FFFFFF", 0.9), radius=6 * scale, stroke=rgba(INK, 0.2))
    error = frame.counters.get("error", 0)
    title = fill(gettext("errors: {error} now (the line: fewest)"), error=error)
    _, title_h = d.text(title, x0 + 10 * scale, y0 + 6 * scale, TEXT * scale, INK,
                        max_width=w - 20 * scale)  # fmt: skip
    top = max(int(errors.max()), 1)
    inner = Rect(x0 + 10 * scale, y0 + title_h + 10 * scale, w - 20 * scale,
                 h - title_h - 20 * scale)  # fmt: skip
    if inner.h < 10 * scale:
        return
    n = max(frame.n_events, 1)
    xs = inner.x + inner.w * positions / n
    ys = inner.y + inner.h * (1 - errors / top)
    d.polyline(list(zip(xs.tolist(), ys.tolist(), strict=True)), rgba(MUTED, 0.9), 1.4 * scale)
    cx = inner.x + inner.w * frame.cursor / n
    d.line(cx, inner.y, cx, inner.y + inner.h, rgba(BAD, 0.8), 1.5 * scale)

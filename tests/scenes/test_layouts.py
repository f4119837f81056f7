"""What the scenes draw stays where it belongs at projector sizes, beyond text: the cube's
error chart apart from the bricks, every 3D box and piece inside its view (the G and X side
panels, a piece falling in), and the sudoku's house outlines and pencil marks in their
cells. Geometry only (no GL): 3D layers are projected with their own camera."""

from __future__ import annotations

import dataclasses

import numpy as np
import puzzleviz.scenes.cube as cube_scene
import puzzleviz.scenes.sudoku as sudoku_scene
import pytest
from puzzleviz.scenes.sudoku import _candidate_size, grid_layout
from puzzleviz.viz.compose import compose, default_look, make_view
from puzzleviz.viz.hud import HudOptions
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import Canvas, Rect, scene_for

from .conftest import SEARCHES
from .test_projector import overlaps

SIZES = ((1024, 768), (1280, 720), (1440, 900))
CUBE_VIEWS = ({}, {"exploded": True}, {"slices": True}, {"groups_z": True}, {"groups_x": True})


def trace_of(name, demo, search_trace):
    return search_trace(name) if name in SEARCHES else demo(name)


def look_at(trace, position: float, options: dict[str, bool]):
    from puzzleviz.solvers.traceview import model_for

    player = Player(trace, model_for(trace))
    player.seek(position)
    frame = player.frame()
    look = default_look(scene_for(trace.header.kind), frame, HudOptions())
    return frame, dataclasses.replace(look, options={**look.options, **options})


def ndc(layer, points: np.ndarray) -> np.ndarray:
    """World points in a 3D layer's normalised device coordinates (inside the view: x and
    y within -1..1), with its own camera and viewport."""
    _, _, w, h = layer.viewport
    camera = layer.camera
    matrix = camera.projection(w / max(h, 1)) @ camera.view()
    clip = np.hstack([points, np.ones((len(points), 1))]) @ matrix.T
    return clip[:, :3] / clip[:, 3:4]


def ndc_of_boxes(layer) -> np.ndarray:
    """Every corner of every box instance of a 3D layer, in its device coordinates."""
    boxes = layer.instances().get("box")
    if boxes is None:
        return np.zeros((0, 3))
    centers, sizes = boxes[:, 9:12], boxes[:, 12:15]
    signs = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)])
    return ndc(layer, (centers[:, None, :] + signs[None] * sizes[:, None, :] / 2).reshape(-1, 3))


def sphere(center, radius: float, count: int = 400) -> np.ndarray:
    """Points spread over a sphere (a Fibonacci lattice)."""
    k = np.arange(count) + 0.5
    polar, turn = np.arccos(1 - 2 * k / count), np.pi * (1 + 5**0.5) * k
    unit = np.column_stack(
        [np.cos(turn) * np.sin(polar), np.cos(polar), np.sin(turn) * np.sin(polar)]
    )
    return np.asarray(center) + radius * unit


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("options", CUBE_VIEWS, ids=lambda o: next(iter(o), "default"))
def test_the_error_chart_keeps_apart_from_the_bricks(search_trace, monkeypatch, options, size):
    charts: list[Rect] = []
    draw_chart = cube_scene._draw_error_chart

    def record(d, frame, box, s) -> None:
        charts.append(box)
        draw_chart(d, frame, box, s)

    monkeypatch.setattr(cube_scene, "_draw_error_chart", record)
    trace = search_trace("cube-stochastic")
    for share in (0.3, 1.0):
        frame, look = look_at(trace, share * trace.n_events, options)
        canvas, _ = compose(frame, look, size, show_text=False)
        chart = charts[-1]
        assert canvas.layers3d
        for layer in canvas.layers3d:
            assert not overlaps(chart, Rect(*layer.viewport)), (chart, layer.viewport)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("options", CUBE_VIEWS, ids=lambda o: next(iter(o), "default"))
@pytest.mark.parametrize("name", ["cube", "cube-stochastic"])
def test_every_box_and_piece_is_inside_its_view(demo, search_trace, name, options, size):
    """The box, its plate and the pieces, in every panel of every view (the side panels of
    G and X sliced their boxes)."""
    trace = trace_of(name, demo, search_trace)
    for share in (0.0, 0.5, 1.0):
        frame, look = look_at(trace, share * trace.n_events, options)
        canvas, _ = compose(frame, look, size, show_text=False)
        for layer in canvas.layers3d:
            assert np.abs(ndc_of_boxes(layer)[:, :2]).max() <= 1.0, (share, layer.viewport)
            # all the camera frames: the box and the room around it pieces may stick out to
            framed = sphere(cube_scene.to_world(cube_scene.box_center(frame.model)),
                            cube_scene.framed_radius(frame.model))  # fmt: skip
            assert np.abs(ndc(layer, framed)[:, :2]).max() <= 1.0, (share, layer.viewport)


@pytest.mark.parametrize("name", ["cube", "cube-exact"])
def test_a_falling_piece_stays_inside_the_view(demo, search_trace, name):
    """At the start of every placement's fall (the piece at its highest) in the first
    hundred events, all of the piece is in the 3D view (it was cut by the view's top)."""
    from puzzleviz.solvers.cube.model import Place
    from puzzleviz.solvers.traceview import model_for

    trace = trace_of(name, demo, search_trace)
    model = model_for(trace)
    events = model.events.decode_rows(trace.rows[:100])
    places = [k for k, e in enumerate(events) if isinstance(e, Place)]
    assert places
    for k in places:
        frame, look = look_at(trace, k + 0.001, {})
        canvas, _ = compose(frame, look, (1280, 720), show_text=False)
        top = ndc_of_boxes(canvas.layers3d[0])[:, 1].max()
        assert top <= 1.0, f"event {k}: the piece leaves the top of the view"


DRAW_HOUSES = sudoku_scene._draw_houses


def recording(calls: list[tuple]):
    """_draw_houses, recording the stroked rectangles it draws (x, y, w, h, stroke width)."""
    draw = DRAW_HOUSES

    def record(d, layout, highlights, scale) -> None:
        rect = d.rect

        def rect_recorded(x, y, w, h, fill=None, **style):
            if style.get("stroke") is not None:
                calls.append((x, y, w, h, style.get("width", 1.0)))
            rect(x, y, w, h, fill, **style)

        d.rect = rect_recorded
        try:
            draw(d, layout, highlights, scale)
        finally:
            del d.rect

    return record


def outline_bands(calls: list[tuple]) -> list[Rect]:
    """The bands the strokes of the recorded house outlines cover (a stroke is centred on
    its rectangle's edge)."""
    bands = []
    for x, y, w, h, width in calls:
        half = width / 2
        bands += [Rect(x - half, y - half, w + 2 * half, 2 * half),
                  Rect(x - half, y + h - half, w + 2 * half, 2 * half),
                  Rect(x - half, y - half, 2 * half, h + 2 * half),
                  Rect(x + w - half, y - half, 2 * half, h + 2 * half)]  # fmt: skip
    return bands


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", ["sudoku", "sudoku-guessing"])
def test_house_outlines_and_pencil_marks_keep_to_their_cells(
    demo, search_trace, monkeypatch, name, size
):
    """At every step with a house marked: no pencil mark under a house's outline, and every
    pencil mark (struck or not, and a chain's numbers) inside the grid."""
    from puzzleviz.solvers.traceview import model_for

    trace = trace_of(name, demo, search_trace)
    scene = scene_for("sudoku")
    player = Player(trace, model_for(trace))
    frame = player.frame()
    view, _ = make_view(default_look(scene, frame), size, frame)
    layout = grid_layout(view.stage, 3, view.scale)
    marked = 0
    for step in range(0, trace.n_steps, 3):
        lo, hi = trace.step_range(step)
        for position in (lo + (hi - lo) // 2 + 0.5, hi):
            player.seek(position)
            frame = player.frame()
            canvas = Canvas(*size, show_text=False)
            outlines: list[tuple] = []
            monkeypatch.setattr(sudoku_scene, "_draw_houses", recording(outlines))
            scene.draw(frame, view, canvas)
            g = layout.grid
            boxes = np.concatenate(
                [
                    run.boxes
                    for run in canvas.d2.texts
                    if run.size == _candidate_size(layout) and run.text.isdigit()
                ]
            )
            middle = (boxes[:, :2] + boxes[:, 2:]) / 2  # the row numbers are outside the grid
            boxes = boxes[(middle[:, 0] > g.x) & (middle[:, 0] < g.x + g.w)
                          & (middle[:, 1] > g.y) & (middle[:, 1] < g.y + g.h)]  # fmt: skip
            if not len(boxes):  # solved: no pencil marks left
                continue
            assert boxes[:, 0].min() >= g.x and boxes[:, 2].max() <= g.x + g.w
            assert boxes[:, 1].min() >= g.y and boxes[:, 3].max() <= g.y + g.h
            marked += bool(outlines)
            inks = [Rect(b[0], b[1], b[2] - b[0], b[3] - b[1]).inset(0.5) for b in boxes]
            for band in outline_bands(outlines):
                crossed = [ink for ink in inks if overlaps(band, ink)]
                assert not crossed, f"step {step}: an outline crosses a pencil mark"
    assert marked, "no step with a house marked was checked"


@pytest.mark.parametrize("name", ["sudoku", "sudoku-guessing"])
def test_the_sudoku_legend_fits_its_notes_at_every_step(demo, search_trace, name):
    """At every step, in every language and at the tightest sizes, the legend (as its
    rows close up) fits the notes under the list or the grid: none of it lost off the
    stage."""
    from puzzleviz.scenes.sudoku import _Highlights, _legend_entries
    from puzzleviz.solvers import i18n
    from puzzleviz.solvers.traceview import model_for
    from puzzleviz.viz.legend import LEGEND_GAP_MIN, LEGEND_ROW_MIN, legend_rows

    trace = trace_of(name, demo, search_trace)
    player = Player(trace, model_for(trace))
    model = player.model
    legends = []
    for step in range(trace.n_steps):
        player.seek_step(step)
        frame = player.frame()
        highlights = _Highlights.of(model, frame.state, frame.event, frame.t)
        legends.append(_legend_entries(model, frame.state, highlights))
    look = default_look(scene_for("sudoku"), frame)
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for size in SIZES + ((1280, 800),):
                view, _ = make_view(look, size, frame)
                layout = grid_layout(view.stage, 3, view.scale)
                notes, s = layout.notes, view.scale
                rows = max(len(legend_rows(entries, notes.w, s, LEGEND_GAP_MIN, True))
                           for entries in legends)  # fmt: skip
                assert rows * LEGEND_ROW_MIN * s <= notes.h, (lang, size, rows)
    finally:
        i18n.set_language("en")

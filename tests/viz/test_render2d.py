from __future__ import annotations

import math

import numpy as np
import pytest
from puzzleviz.viz.color import BAD, INK, palette
from puzzleviz.viz.draw2d import DrawList2D, triangulate
from puzzleviz.viz.renderer import Renderer
from puzzleviz.viz.target import RenderTarget
from puzzleviz.viz.text import measure

from tests.golden import assert_matches_golden

W, H = 320, 180
WHITE = (1.0, 1.0, 1.0, 1.0)


def render(gl_ctx, draw: DrawList2D, samples: int = 0) -> np.ndarray:
    target = RenderTarget(gl_ctx, (draw.width, draw.height), samples)
    Renderer(gl_ctx).render(target, [], draw, WHITE)
    image = target.read_image()
    target.release()
    return image


def darkness(image: np.ndarray) -> float:
    """Covered area in pixels for black-on-white drawings."""
    return float((255 - image[:, :, 0].astype(np.float64)).sum() / 255)


@pytest.mark.parametrize("radius", [3.0, 10.5, 40.0])
def test_filled_circle_covers_pi_r_squared(gl_ctx, radius):
    d = DrawList2D(W, H)
    d.circle(160.3, 90.7, radius, (0, 0, 0, 1))
    assert darkness(render(gl_ctx, d)) == pytest.approx(math.pi * radius**2, rel=0.03)


def test_stroke_band_and_rotated_line_cover_their_area(gl_ctx):
    d = DrawList2D(W, H)
    d.circle(80, 90, 40, None, stroke=(0, 0, 0, 1), width=4)  # ring between r=38 and r=42
    ring = math.pi * (42**2 - 38**2)
    d.line(170, 40, 290, 150, (0, 0, 0, 1), 6, round_caps=False)
    line = math.hypot(120, 110) * 6
    assert darkness(render(gl_ctx, d)) == pytest.approx(ring + line, rel=0.03)


def test_arc_covers_its_sweep(gl_ctx):
    d = DrawList2D(W, H)
    d.arc(160, 90, 50, 0.0, math.pi, (0, 0, 0, 1), width=8)  # upper half, round caps
    image = render(gl_ctx, d)
    expected = math.pi * 50 * 8 + math.pi * 4**2
    assert darkness(image) == pytest.approx(expected, rel=0.04)
    assert image[90 - 50, 160, 0] < 40  # top of the arc is drawn
    assert image[90 + 50, 160, 0] > 240  # bottom is not: counter-clockwise from 0 to pi


def test_concave_polygon_area_and_triangulation():
    points = [(0, 0), (10, 0), (10, 10), (5, 4), (0, 10)]
    area = sum(abs((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])) / 2
               for a, b, c in triangulate(points))  # fmt: skip
    assert area == pytest.approx(70.0)
    assert len(triangulate(points[::-1])) == 3


def test_text_is_drawn_where_measured(gl_ctx):
    d = DrawList2D(W, H)
    w, h = d.text("Sudoku 9x9", 20, 30, 24, (0, 0, 0, 1))
    assert (w, h) == measure("Sudoku 9x9", 24)
    image = render(gl_ctx, d)
    ink = np.argwhere(image[:, :, 0] < 128)
    assert ink[:, 1].min() >= 19 and ink[:, 1].max() <= 20 + w + 1
    assert ink[:, 0].min() >= 30 and ink[:, 0].max() <= 30 + h


def test_order_is_kept_across_shapes_polygons_and_text(gl_ctx):
    d = DrawList2D(W, H)
    d.rect(0, 0, 100, 100, (1, 0, 0, 1))
    d.polygon([(0, 0), (100, 0), (100, 100), (0, 100)], (0, 1, 0, 1))  # covers the red
    d.circle(50, 50, 20, (0, 0, 1, 1))  # over the green
    image = render(gl_ctx, d)
    assert tuple(image[10, 10]) == (0, 255, 0)
    assert tuple(image[50, 50]) == (0, 0, 255)


def test_golden_primitives(gl_ctx, update_golden):
    d = DrawList2D(W, H)
    d.rect(8, 8, 90, 40, palette(1), radius=8, stroke=INK, width=2)
    d.circle(130, 28, 20, palette(0), stroke=INK, width=2)
    d.arc(190, 30, 18, 0.3, 4.5, BAD, 5)
    d.line(230, 10, 300, 50, INK, 4)
    d.polygon([(12, 70), (80, 62), (100, 120), (50, 100), (20, 130)], palette(2))
    d.text("puzzleviz ✓ 1/12", 120, 70, 18, INK)
    d.text("centred", 220, 120, 14, BAD, anchor="cm", font="bold")
    rng = np.random.default_rng(3)
    d.circles(rng.uniform([0, 140], [W, H], (60, 2)), rng.uniform(1.5, 5, 60), palette(6))
    assert_matches_golden(render(gl_ctx, d), "render2d_primitives", update_golden)


def test_chars_centre_each_glyphs_ink_on_its_point(gl_ctx):
    d = DrawList2D(W, H)
    d.chars(["8", " ", "1"], np.array([[60.0, 90.0], [100, 100], [200.0, 50.0]]), 30, (0, 0, 0, 1))
    image = render(gl_ctx, d)
    for cx, cy, x0, x1 in ((60, 90, 0, 130), (200, 50, 130, W)):
        ink = np.argwhere(image[:, x0:x1, 0] < 128)
        assert abs(ink[:, 1].mean() + x0 - cx) < 1.5
        assert abs((ink[:, 0].min() + ink[:, 0].max()) / 2 - cy) < 1.0

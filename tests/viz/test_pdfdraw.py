"""A DrawList2D replayed onto a PDF page (viz.pdfdraw): each primitive as the path or text
it is, where it was drawn, read back from the page's content stream (pypdf)."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest
from fpdf import FPDF
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.pdfdraw import CJK_FAMILY, FAMILY, PdfFonts, Placement, _outline, paint_runs
from puzzleviz.viz.scene import Rect
from pypdf import PdfReader
from pypdf.generic import ContentStream

W, H = 300, 200


PAGE = Rect(0, 0, W, H)


def painted(draw: DrawList2D, clip: Rect = PAGE, scale: float = 1.0):
    """The page's reader and its operations, `draw` painted at (0, 0)."""
    pdf = FPDF(unit="pt", format=(W * scale, H * scale))
    fonts = PdfFonts(pdf)
    pdf.add_page()
    paint_runs(pdf, draw.finish(), Placement(Rect(0, 0, W, H), clip, 0, 0, scale), fonts)
    reader = PdfReader(io.BytesIO(bytes(pdf.output())))
    page = reader.pages[0]
    ops = [(op.decode(), [float(x) if _number(x) else x for x in args])
           for args, op in ContentStream(page.get_contents(), reader).operations]  # fmt: skip
    return page, ops


def page_text(page) -> str:
    """The page's text as pypdf reads it, less the NUL it puts before each character of a
    CID font with CFF outlines (the Noto subset; poppler's pdftotext reads it as written)."""
    return page.extract_text().replace("\x00", "")


def _number(value: object) -> bool:
    try:
        float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return True


def paths(ops):
    """Each painted path: (its points, the painting operator, the operators before it)."""
    found, points, seen = [], [], []
    for op, args in ops:
        if op in ("m", "l"):
            points.append(tuple(args))
        elif op == "c":
            points.extend([tuple(args[0:2]), tuple(args[2:4]), tuple(args[4:6])])
        if op in ("f", "S", "B", "f*", "B*"):
            found.append((points, op, seen))
            points, seen = [], []
        else:
            seen.append((op, args))
    return found


def bounds(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def test_a_disc_is_a_closed_curve_of_its_radius_at_its_place_and_scale():
    d = DrawList2D(W, H)
    d.circle(100, 80, 20, "#ff0000")
    ((points, paint, before),) = paths(painted(d, scale=2.0)[1])
    assert paint == "f"
    assert bounds(points) == pytest.approx((160, 120, 240, 200), abs=0.01)  # (80..120) x 2
    assert ("rg", [1, 0, 0]) in before


def test_a_stroked_rounded_box_fills_and_strokes_its_outline():
    d = DrawList2D(W, H)
    d.rect(10, 20, 60, 30, "#ffffff", radius=5, stroke="#0000ff", width=3)
    ((points, paint, before),) = paths(painted(d)[1])
    assert paint == "B"  # fill, then stroke over it: as the window's shader composes them
    assert bounds(points) == pytest.approx((10, 20, 70, 50), abs=0.01)
    assert ("RG", [0, 0, 1]) in before


def test_a_segment_is_a_stroked_line_with_round_caps_and_an_arc_a_stroked_curve():
    d = DrawList2D(W, H)
    d.line(10, 60, 100, 60, "#00ff00", 4.0)
    d.arc(150, 100, 40, 0.0, math.pi, "#000000", 6.0)
    line, arc = paths(painted(d)[1])
    assert line[1] == "S" and line[0] == [(10, 60), (100, 60)]
    assert arc[1] == "S" and ("h", []) not in arc[2]  # open: no chord across the arc
    ends = arc[0][0::3]  # where each Bezier (a quarter turn at most) starts and ends
    assert ends[0] == pytest.approx((190, 100), abs=0.01)  # counter-clockwise from 0...
    assert ends[-1] == pytest.approx((110, 100), abs=0.01)  # ... to pi, over the top
    assert all(math.hypot(x - 150, y - 100) == pytest.approx(40, abs=0.01) for x, y in ends)
    assert all(y <= 100.01 for _x, y in ends) and len(ends) >= 3


def test_the_stroke_width_and_caps_are_set_for_the_paths_that_stroke():
    pdf = FPDF(unit="pt", format=(W, H))
    fonts = PdfFonts(pdf)
    pdf.add_page()
    d = DrawList2D(W, H)
    d.line(10, 60, 100, 60, "#00ff00", 4.0)
    paint_runs(pdf, d.finish(), Placement(Rect(0, 0, W, H), Rect(0, 0, W, H), 0, 0, 0.5), fonts)
    page = PdfReader(io.BytesIO(bytes(pdf.output()))).pages[0]
    states = [g.get_object() for g in page["/Resources"]["/ExtGState"].values()]
    assert any(s.get("/LW") == 2 and s.get("/LC") == 1 for s in states)  # 4 px at half scale


def test_a_polygon_is_its_outline_not_its_triangles():
    d = DrawList2D(W, H)
    concave = [(120, 10), (180, 10), (180, 60), (150, 30), (120, 60)]
    d.polygon(concave, "#0000ff")
    filled = [p for p in paths(painted(d)[1]) if p[1] == "f"]
    assert len(filled) == 1
    assert sorted(filled[0][0]) == sorted(concave)  # five corners, no seams between triangles


def test_a_translucent_fill_gets_its_opacity():
    d = DrawList2D(W, H)
    d.circle(50, 50, 10, (0.0, 0.0, 0.0, 0.25))
    page, _ops = painted(d)
    states = [g.get_object() for g in page["/Resources"]["/ExtGState"].values()]
    assert any(s.get("/ca") == 0.25 for s in states)


def test_text_is_text_in_the_shipped_fonts_japanese_from_the_fallback():
    d = DrawList2D(W, H)
    d.text("Queen c4", 20, 20, 18)
    d.text("ソルバー", 20, 80, 18, font="bold")
    page, ops = painted(d)
    text = page_text(page).replace(" ", "")
    assert "Queenc4" in text and "ソルバー" in text
    fonts = {f.get_object()["/BaseFont"] for f in page["/Resources"]["/Font"].values()}
    assert any(FAMILY in name for name in fonts) and any("NotoSansCJK" in n for n in fonts)
    assert CJK_FAMILY == "NotoSansCJK"
    # on its baseline: the first letter's pen where the window's layout put it
    shown = [args for op, args in ops if op == "Td"]
    assert shown[0][0] == pytest.approx(20, abs=0.01)


def test_everything_is_clipped_to_the_clip_rectangle():
    d = DrawList2D(W, H)
    d.rect(0, 0, W, H, "#ff0000")
    _page, ops = painted(d, clip=Rect(40, 30, 100, 50))
    clip = ops.index(("W", []))
    assert ops[clip - 1] == ("re", [40, H - 30 - 50, 100, 50])  # PDF's y goes up


def test_triangles_that_share_edges_merge_into_loops():
    square = np.array([[(0, 0), (10, 0), (10, 10)], [(0, 0), (10, 10), (0, 10)]], float)
    (loop,) = _outline(square)
    assert sorted(loop) == [(0, 0), (0, 10), (10, 0), (10, 10)]
    # a frame: an outer square with a hole, from eight triangles, some wound the other way
    outer, inner = [(0, 0), (9, 0), (9, 9), (0, 9)], [(3, 3), (6, 3), (6, 6), (3, 6)]
    tris = []
    for i in range(4):
        a, b, c, e = outer[i], outer[(i + 1) % 4], inner[(i + 1) % 4], inner[i]
        tris += [(a, b, c), (a, c, e)[::-1] if i % 2 else (a, c, e)]
    loops = _outline(np.array(tris, float))
    assert sorted(sorted(loop) for loop in loops) == sorted([sorted(inner), sorted(outer)])
    signed = [sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(lp, lp[1:] + lp[:1], strict=True))
              for lp in loops]  # fmt: skip
    assert signed[0] * signed[1] < 0  # the hole winds against the outline: nonzero leaves it


def test_triangles_that_do_not_close_fall_back_to_themselves():
    d = DrawList2D(W, H)
    d.triangles(np.array([[(10, 10), (50, 10), (10, 50)], [(10, 10), (50, 10), (30, 60)]]),
                "#000000")  # fmt: skip
    filled = [p for p in paths(painted(d)[1]) if p[1] == "f"]
    assert len(filled) == 1 and len(filled[0][0]) == 6  # overlapping: drawn as two triangles

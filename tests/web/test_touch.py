"""The page on a phone: chromium with touch emulation (a touch screen, a phone's viewport).
A tap on the right or left third steps (on the picture or the band beside it), a tap in
the middle plays and pauses, and a finger dragged along the timeline scrubs it, as the
window's mouse does."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.cli import main
from puzzleviz.viz.player import Player

from tests.web.browser import browser  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.slow]


def _touch(cdp, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_phone_steps_plays_and_scrubs_by_touch(browser, tmp_path: Path):  # noqa: F811
    html, source = tmp_path / "queens.html", asset_path("demos", "queens.pzt")
    assert main(["export", str(source), "-o", str(html)]) == 0
    trace = load_trace(source)
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)  # fmt: skip
    page = context.new_page()
    page.goto(html.as_uri())
    page.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
    assert page.evaluate("puzzleviz.error") is None
    box = page.locator("#view").bounding_box()
    assert box["width"] <= 844 and box["height"] <= 390, "the picture fits the phone"
    left, middle, right = (box["x"] + box["width"] * share for share in (0.1, 0.5, 0.9))
    stage = box["y"] + box["height"] * 0.45

    # the band beside the picture: a tap on its right steps, as on the picture's right
    assert box["x"] + box["width"] < 840, "the phone leaves a band beside the picture"
    for x, step in ((right, 1), (right, 2), (left, 1), (842, 2), (left, 1)):
        page.touchscreen.tap(x, stage)
        page.wait_for_function(f"puzzleviz.boundary === {step} && puzzleviz.mode === 'paused'")
    page.touchscreen.tap(middle, stage)
    page.wait_for_function("puzzleviz.mode === 'playing'")
    page.touchscreen.tap(middle, stage)
    page.wait_for_function("puzzleviz.mode !== 'playing'")

    # a finger along the timeline, from its start to three quarters of it
    steps = page.evaluate("puzzleviz.steps")
    tx, ty, tw, th = page.evaluate("puzzleviz.track")
    scale = box["width"] / page.evaluate("document.getElementById('view').width")
    y = box["y"] + (ty + th / 2) * scale
    cdp = context.new_cdp_session(page)
    _touch(cdp, "touchStart", box["x"] + tx * scale, y)
    for share in (0.25, 0.5, 0.75):
        _touch(cdp, "touchMove", box["x"] + (tx + tw * share) * scale, y)
    _touch(cdp, "touchEnd", 0, 0)
    page.wait_for_function("puzzleviz.mode === 'paused'")
    # the window's Player.seek_fraction: the step boundary nearest three quarters of the events
    player = Player(trace, model_for(trace))
    player.seek_fraction(0.75)
    boundaries = [player.units.boundary(k) for k in range(steps + 1)]
    assert page.evaluate("puzzleviz.boundary") == boundaries.index(int(player.position))
    context.close()

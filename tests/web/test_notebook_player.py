"""puzzleviz.show() in a notebook: the browser player inside the output's iframe, driven in
headless chromium as a student drives it (a click to focus the player, then its keys), with
no request beyond the notebook's own page."""

from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.images import load_png

import puzzleviz
from tests.web.browser import browser  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.slow]


def test_the_notebook_output_plays_the_trace_in_its_iframe(browser, tmp_path):  # noqa: F811
    trace = load_trace(asset_path("demos", "queens.pzt"))
    output = puzzleviz.show(trace)._repr_html_()
    notebook = tmp_path / "notebook.html"  # the output as a notebook page holds it
    notebook.write_text(f"<!DOCTYPE html><html><body><h1>A notebook</h1>{output}</body></html>")

    page = browser.new_page(viewport={"width": 1100, "height": 800})
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(notebook.as_uri())
    frame = page.frame_locator("iframe.puzzleviz-page")
    player = next(f for f in page.frames if f != page.main_frame)
    player.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
    assert player.evaluate("puzzleviz.error") is None
    steps = player.evaluate("puzzleviz.steps")
    assert steps == trace.n_steps > 1

    view = frame.locator("#view")
    view.screenshot(path=str(tmp_path / "start.png"))
    view.click(position={"x": 200, "y": 150})  # focus, as a student's first click does
    page.keyboard.press("ArrowRight")
    player.wait_for_function("puzzleviz.boundary === 1 && puzzleviz.mode === 'paused'")
    page.keyboard.press("End")
    player.wait_for_function(f"puzzleviz.boundary === {steps}")
    view.screenshot(path=str(tmp_path / "end.png"))
    start, end = load_png(tmp_path / "start.png"), load_png(tmp_path / "end.png")
    assert start.shape == end.shape and not np.array_equal(start, end)
    assert requests == [notebook.as_uri()], f"more than the notebook's page: {requests}"
    page.close()

"""The exported page in a real browser (headless chromium from file://) against the window.

For a queens trace solved here and the sudoku, rings and SET demos: the page makes no
request beyond its own file; its picture at the start, at a step reached by a click on the
timeline, one Right later and at the end matches the window's frame at the same position
(rendered headless, as the golden frames are); Right moves the counter to the next step as
the window's Right does; Left then Right comes back to the very same picture;
Shift+Right stops where the window's milestone jump stops. The 3D cube (the assembly demo
and a short collision-removal search, translucent) likewise, with the camera the scene
suggests; its orbit camera by mouse, wheel, touch and C is tested at the end.

Tolerance: per channel a mean absolute difference under 1 level and 99.9% of pixels
within 8 levels of 255. The page draws the window's own float32 draw lists with the
window's own shaders, so only the rasterisers differ (Mesa llvmpipe against chromium's
SwiftShader): measured at 1280x720, a mean of 0.01 and no pixel beyond 8 levels, the
rounding of coverage on anti-aliased edges. A wrong shape, colour, glyph or step moves
whole regions by tens of levels and fails both bounds at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.cli import main
from puzzleviz.viz.images import load_png, save_png
from puzzleviz.viz.player import Player
from puzzleviz.viz.record import RecordSettings, stills

from tests.web.browser import browser  # noqa: F401  (the fixture)

SIZE = (1280, 720)
MEAN_LEVELS = 1.0
NEAR_LEVELS = 8
NEAR_SHARE = 0.999

pytestmark = [pytest.mark.slow, pytest.mark.gl]

# resolves once nothing waits to be drawn and two animation frames have passed after it
PRESENTED = """() => new Promise((done) => {
  const twoFrames = () => requestAnimationFrame(() => requestAnimationFrame(done));
  const wait = () => (puzzleviz.pending ? requestAnimationFrame(wait) : twoFrames());
  wait();
})"""


def _queens(tmp_path: Path) -> Path:
    trace = tmp_path / "q.pzt"
    assert main(["solve", "queens", "--n", "6", "--trace", str(trace)]) == 0
    return trace


def _demo(kind: str) -> Callable[[Path], Path]:
    def shipped(tmp_path: Path) -> Path:
        return Path(asset_path("demos", f"{kind}.pzt"))

    return shipped


def difference(a: np.ndarray, b: np.ndarray) -> tuple[float, float]:
    """Mean absolute difference per channel, and the share of pixels within NEAR_LEVELS."""
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return float(diff.mean()), float((diff.max(axis=2) <= NEAR_LEVELS).mean())


def is_close(a: np.ndarray, b: np.ndarray) -> bool:
    mean, near = difference(a, b)
    return mean < MEAN_LEVELS and near >= NEAR_SHARE


def assert_close(page: np.ndarray, window: np.ndarray, name: str, folder: Path) -> None:
    assert page.shape == window.shape, f"{name}: page {page.shape} != window {window.shape}"
    mean, near = difference(page, window)
    if not is_close(page, window):
        save_png(folder / f"{name}.page.png", page)
        save_png(folder / f"{name}.window.png", window)
        raise AssertionError(f"{name}: mean difference {mean:.2f} levels, {near:.2%} of pixels "
                             f"within {NEAR_LEVELS} (pictures in {folder})")  # fmt: skip


class Page:
    """The exported file open in chromium, its requests recorded."""

    def __init__(self, browser, html: Path, folder: Path):  # noqa: F811
        self.folder = folder
        self.url = html.resolve().as_uri()
        self.requests: list[str] = []
        self.page = browser.new_page(viewport={"width": SIZE[0], "height": SIZE[1]})
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.goto(self.url)
        self.page.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
        assert self.state()["error"] is None, self.state()["error"]

    def state(self) -> dict:
        return self.page.evaluate("({...window.puzzleviz})")

    def settle(self, boundary: int) -> None:
        """Wait until the page rests at `boundary` (a glide takes 0.45 s)."""
        self.page.wait_for_function(
            f"puzzleviz.boundary === {boundary} && puzzleviz.mode === 'paused'", timeout=10_000
        )
        time.sleep(0.1)  # one more animation frame drawn

    def presented(self) -> None:
        """Wait until the page's wanted picture is drawn and two frames have gone to the
        screen since (a fixed sleep was too short for CI's loaded machine once)."""
        self.page.evaluate(PRESENTED)

    def shot(self, name: str) -> np.ndarray:
        """The picture alone (the language menu over it is the page's, not the window's)."""
        self.presented()
        path = self.folder / f"{name}.png"
        self.page.locator("#view").screenshot(path=str(path), style="#language{display:none}")
        return load_png(path)


# The 2D puzzles but digits, whose demo takes a minute to export (docs/browser-player.md)
@pytest.mark.parametrize(
    "make_trace",
    [_queens, _demo("sudoku"), _demo("rings"), _demo("setgame")],
    ids=["queens", "sudoku", "rings", "set"],
)
def test_the_page_plays_as_the_window_does(browser, gl_ctx, tmp_path, make_trace):  # noqa: F811
    trace_path = make_trace(tmp_path)
    html = tmp_path / "solve.html"
    # English alone: the languages are test_page_languages.py's (each costs an export here)
    assert main(["export", str(trace_path), "-o", str(html), "--languages", "en"]) == 0
    trace = load_trace(trace_path)

    player = Player(trace, model_for(trace))
    units = player.units
    steps = units.count
    middle = steps // 2
    boundaries = [units.boundary(k) for k in range(steps + 1)]
    # the window's Right from the middle step lands on the next boundary
    player.seek(boundaries[middle])
    player.step_forward()
    player.advance(1.0)
    assert player.position == boundaries[middle + 1]
    window = dict(zip(["start", "middle", "right", "end"],
                      stills(trace, [0, boundaries[middle], boundaries[middle + 1], trace.n_events],
                             RecordSettings(size=SIZE), gl_ctx), strict=True))  # fmt: skip

    page = Page(browser, html, tmp_path)
    assert page.state()["steps"] == steps
    assert_close(page.shot("start"), window["start"], "start", tmp_path)

    # Shift+Right stops where the window's milestone jump stops
    player.seek(0)
    player.jump_milestone(True)
    page.page.keyboard.press("Shift+ArrowRight")
    page.settle(boundaries.index(int(player.position)))
    page.page.keyboard.press("Home")
    page.settle(0)

    header = page.page.evaluate("puzzleviz.track")
    x = header[0] + header[2] * boundaries[middle] / trace.n_events
    y = header[1] + header[3] / 2
    page.page.locator("#view").click(position={"x": x, "y": y})
    page.settle(middle)
    middle_shot = page.shot("middle")
    assert_close(middle_shot, window["middle"], "middle", tmp_path)

    page.page.keyboard.press("ArrowRight")
    page.settle(middle + 1)
    right_shot = page.shot("right")
    assert_close(right_shot, window["right"], "right", tmp_path)
    assert not is_close(right_shot, window["middle"]), "the tolerance cannot tell two steps apart"

    page.page.keyboard.press("ArrowLeft")
    page.settle(middle)
    assert np.array_equal(page.shot("back"), middle_shot)
    page.page.keyboard.press("ArrowRight")
    page.settle(middle + 1)
    assert np.array_equal(page.shot("forward"), right_shot)

    page.page.keyboard.press("End")
    page.settle(steps)
    assert_close(page.shot("end"), window["end"], "end", tmp_path)

    assert page.requests == [page.url], f"the page asked for more than itself: {page.requests}"
    page.page.close()


def test_the_cube_plays_as_the_window_does_under_its_orbit_camera(browser, gl_ctx, tmp_path):  # noqa: F811
    """The 3D cube (the shipped assembly demo): with the camera as the scene suggests, the
    page's picture is the window's at the start, the first milestone and the end; a drag
    on the stage orbits (the picture changes) and C restores the very same picture."""
    trace_path = Path(asset_path("demos", "cube.pzt"))
    html = tmp_path / "cube.html"
    assert main(["export", str(trace_path), "-o", str(html)]) == 0
    trace = load_trace(trace_path)
    player = Player(trace, model_for(trace))
    units = player.units
    boundaries = [units.boundary(k) for k in range(units.count + 1)]
    player.jump_milestone(True)
    milestone = boundaries.index(int(player.position))
    assert 0 < milestone < units.count
    window = dict(zip(["start", "milestone", "end"],
                      stills(trace, [0, boundaries[milestone], trace.n_events],
                             RecordSettings(size=SIZE), gl_ctx), strict=True))  # fmt: skip

    page = Page(browser, html, tmp_path)
    assert_close(page.shot("start"), window["start"], "cube-start", tmp_path)
    page.page.keyboard.press("Shift+ArrowRight")
    page.settle(milestone)
    at_milestone = page.shot("milestone")
    assert_close(at_milestone, window["milestone"], "cube-milestone", tmp_path)

    page.page.keyboard.press("ArrowLeft")
    page.settle(milestone - 1)
    assert not is_close(page.shot("before"), at_milestone), "a step changes nothing?"
    page.page.keyboard.press("ArrowRight")
    page.settle(milestone)
    assert np.array_equal(page.shot("again"), at_milestone)

    # orbit: drag across the middle of the stage; C comes back to the scene's camera
    mouse = page.page.mouse
    mouse.move(640, 300)
    mouse.down()
    mouse.move(760, 330, steps=6)
    mouse.up()
    page.page.wait_for_function("puzzleviz.cameraMoves > 0")
    time.sleep(0.1)
    orbited = page.shot("orbited")
    assert not is_close(orbited, at_milestone), "a drag did not move the camera"
    assert page.state()["boundary"] == milestone  # and did not step
    page.page.keyboard.press("c")
    time.sleep(0.2)
    assert np.array_equal(page.shot("reset"), at_milestone)

    page.page.keyboard.press("End")
    page.settle(units.count)
    assert_close(page.shot("end"), window["end"], "cube-end", tmp_path)
    assert page.requests == [page.url], f"the page asked for more than itself: {page.requests}"
    page.page.close()


class _TouchScreen:
    """A browser whose pages have a touch screen (Page takes it as a browser)."""

    def __init__(self, browser):  # noqa: F811
        self.browser = browser

    def new_page(self, **options):
        return self.browser.new_context(has_touch=True, **options).new_page()


def test_the_cube_orbits_by_swipe_zooms_by_wheel_and_pinch_and_steps_by_tap(browser, tmp_path):  # noqa: F811
    """On a touch screen a swipe on the stage orbits and does not step, a pinch zooms, and a
    tap on the right side still steps; the wheel zooms; a double-click gives the start back
    exactly."""
    html = tmp_path / "cube.html"
    assert main(["export", str(asset_path("demos", "cube.pzt")), "-o", str(html)]) == 0
    page = Page(_TouchScreen(browser), html, tmp_path)
    start = page.shot("start")
    touch = page.page.context.new_cdp_session(page.page)

    def finger(kind: str, *at: float) -> None:
        points = [{"x": x, "y": y} for x, y in zip(at[::2], at[1::2], strict=True)]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    finger("touchStart", 640, 300)
    for i in range(1, 7):
        finger("touchMove", 640 + 20 * i, 300)
    finger("touchEnd")
    page.page.wait_for_function("puzzleviz.cameraMoves > 0")
    time.sleep(0.1)
    swiped = page.shot("swiped")
    assert not is_close(swiped, start), "a swipe did not orbit"
    assert page.state()["boundary"] == 0, "a swipe stepped"

    moves = page.state()["cameraMoves"]
    page.page.mouse.move(640, 300)
    page.page.mouse.wheel(0, -300)
    page.page.wait_for_function(f"puzzleviz.cameraMoves > {moves}")
    time.sleep(0.1)
    zoomed = page.shot("zoomed")
    assert not is_close(zoomed, swiped), "the wheel did not zoom"

    moves = page.state()["cameraMoves"]
    finger("touchStart", 600, 300, 680, 300)  # two fingers spread apart: a pinch
    for i in range(1, 6):
        finger("touchMove", 600 - 15 * i, 300, 680 + 15 * i, 300)
    finger("touchEnd")
    page.page.wait_for_function(f"puzzleviz.cameraMoves > {moves}")
    time.sleep(0.1)
    assert not is_close(page.shot("pinched"), zoomed), "a pinch did not zoom"
    assert page.state()["boundary"] == 0, "a pinch stepped"

    page.page.mouse.dblclick(640, 300)
    time.sleep(0.2)
    assert np.array_equal(page.shot("reset"), start)

    finger("touchStart", SIZE[0] - 100, 300)
    finger("touchEnd")
    page.settle(1)
    page.page.close()


def test_a_cube_search_with_translucent_pieces_matches_the_window(browser, gl_ctx, tmp_path):  # noqa: F811
    """The collision-removal search draws its pieces translucent and the cells covered
    twice as red cubes: the page's back-to-front order and blending give the window's
    picture at the start, a step in the middle and the end."""
    trace_path = tmp_path / "st.pzt"
    assert main(["solve", "cube", "--method", "stochastic", "--seed", "4", "--max-steps",
                 "2000", "--trace-part", "start", "--trace-steps", "12", "--trace",
                 str(trace_path)]) == 0  # fmt: skip
    html = tmp_path / "st.html"
    assert main(["export", str(trace_path), "-o", str(html)]) == 0
    trace = load_trace(trace_path)
    units = Player(trace, model_for(trace)).units
    middle = units.count // 2
    positions = [0, units.boundary(middle), trace.n_events]
    window = stills(trace, positions, RecordSettings(size=SIZE), gl_ctx)

    page = Page(browser, html, tmp_path)
    assert_close(page.shot("st-start"), next(window), "st-start", tmp_path)
    track = page.page.evaluate("puzzleviz.track")
    x = track[0] + track[2] * positions[1] / trace.n_events
    page.page.locator("#view").click(position={"x": x, "y": track[1] + track[3] / 2})
    page.settle(middle)
    assert_close(page.shot("st-middle"), next(window), "st-middle", tmp_path)
    page.page.keyboard.press("End")
    page.settle(units.count)
    assert_close(page.shot("st-end"), next(window), "st-end", tmp_path)
    page.page.close()


def test_a_sampled_page_plays_as_the_window_does(browser, gl_ctx, tmp_path):  # noqa: F811
    """Digits' demo: 1,200 steps, most of them a search the automatic pace rushes through,
    so the page keeps a sample of its steps (docs/browser-player.md). At the start, at the
    first milestone Shift+Right reaches, after a Right and at the end, the page shows the
    window's frame at the event position it reports; Left then Right gives the same picture."""
    source = _demo("digits")(tmp_path)
    html = tmp_path / "digits.html"
    assert main(["export", str(source), "-o", str(html), "--languages", "en"]) == 0
    trace = load_trace(source)
    page = Page(browser, html, tmp_path)
    shots: dict[str, tuple[np.ndarray, float]] = {}

    def look(name: str) -> np.ndarray:
        picture = page.shot(name)
        shots[name] = picture, page.state()["position"]
        return picture

    look("start")
    page.page.keyboard.press("Shift+ArrowRight")
    page.page.wait_for_function("puzzleviz.mode === 'paused' && puzzleviz.position > 0")
    time.sleep(0.1)
    milestone = look("milestone")
    page.page.keyboard.press("ArrowRight")
    page.page.wait_for_function(f"puzzleviz.position > {shots['milestone'][1]} && "
                                "puzzleviz.mode === 'paused'")  # fmt: skip
    time.sleep(0.1)
    right = look("right")
    page.page.keyboard.press("ArrowLeft")
    page.page.wait_for_function(f"puzzleviz.position === {shots['milestone'][1]} && "
                                "puzzleviz.mode === 'paused'")  # fmt: skip
    time.sleep(0.1)
    assert np.array_equal(page.shot("back"), milestone)
    page.page.keyboard.press("ArrowRight")
    page.page.wait_for_function(f"puzzleviz.position === {shots['right'][1]} && "
                                "puzzleviz.mode === 'paused'")  # fmt: skip
    time.sleep(0.1)
    assert np.array_equal(page.shot("forward"), right)
    page.page.keyboard.press("End")
    page.page.wait_for_function(f"puzzleviz.position === {trace.n_events}")
    time.sleep(0.1)
    look("end")
    positions = [int(position) for _, position in shots.values()]
    assert positions[0] == 0 < positions[1] < positions[2] < positions[3] == trace.n_events
    window = stills(trace, positions, RecordSettings(size=SIZE), gl_ctx)
    for (name, (picture, _)), frame in zip(shots.items(), window, strict=True):
        assert_close(picture, frame, name, tmp_path)
    assert page.requests == [page.url], f"the page asked for more than itself: {page.requests}"
    page.page.close()

"""The language menu, the help, fullscreen and tours in a real browser (headless chromium
from file://), against the window's frames: the German caption after switching is the
window's German frame at that position; H shows the window's help; F goes fullscreen and
back; N and P go from trace to trace of a tour; the pages of `present --html` and
`solve --html` play. Tolerance as in test_browser_parity.py."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.cli import main
from puzzleviz.viz.compose import default_look
from puzzleviz.viz.hud import HudOptions
from puzzleviz.viz.player import Player
from puzzleviz.viz.record import Recorder, RecordSettings, stills
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.web.languages import help_rows, in_language

from tests.web.browser import browser  # noqa: F401  (the fixture)
from tests.web.test_browser_parity import SIZE, Page, assert_close, is_close

pytestmark = [pytest.mark.slow, pytest.mark.gl]


def _queens(tmp_path: Path, n: int = 5) -> Path:
    trace = tmp_path / f"q{n}.pzt"
    assert main(["solve", "queens", "--n", str(n), "--trace", str(trace)]) == 0
    return trace


def _boundary(trace_path: Path, k: int) -> int:
    trace = load_trace(trace_path)
    return Player(trace, model_for(trace)).units.boundary(k)


def _window(trace_path: Path, cursor: int, gl_ctx, lang: str = "en") -> np.ndarray:
    with in_language(lang):
        return next(stills(load_trace(trace_path), [cursor], RecordSettings(size=SIZE), gl_ctx))


def _wait(page: Page, condition: str) -> None:
    page.page.wait_for_function(condition, timeout=10_000)
    time.sleep(0.1)  # one more animation frame drawn


def test_the_menu_switches_to_the_windows_german_frame(browser, gl_ctx, tmp_path):  # noqa: F811
    trace = _queens(tmp_path)
    html = tmp_path / "q.html"
    assert main(["export", str(trace), "-o", str(html), "--languages", "en,de",
                 "--lang", "en"]) == 0  # fmt: skip
    page = Page(browser, html, tmp_path)
    assert page.state()["language"] == "en"
    page.page.keyboard.press("ArrowRight")
    page.settle(1)
    english = page.shot("english")
    assert_close(english, _window(trace, _boundary(trace, 1), gl_ctx), "english", tmp_path)

    page.page.select_option("#language", "de")
    _wait(page, "puzzleviz.language === 'de'")
    assert page.state()["boundary"] == 1  # the same position, in German
    german = page.shot("german")
    window_german = _window(trace, _boundary(trace, 1), gl_ctx, "de")
    assert_close(german, window_german, "german", tmp_path)
    assert not is_close(english, window_german), "the tolerance cannot tell en from de"
    assert page.page.title() == "puzzleviz: N Damen"
    page.page.screenshot(path=str(tmp_path / "menu.png"))  # the menu over the picture

    # keyboard: Tab reaches the menu, its arrows choose, Escape goes back to the picture
    page.page.locator("#view").focus()
    page.page.keyboard.press("Tab")
    assert page.page.evaluate("document.activeElement.id") == "language"
    page.page.keyboard.press("ArrowUp")
    _wait(page, "puzzleviz.language === 'en'")
    page.page.keyboard.press("Escape")
    _wait(page, "document.activeElement.id === 'view'")
    assert np.array_equal(page.shot("english-again"), english)
    page.page.keyboard.press("ArrowRight")  # the player's keys again
    page.settle(2)
    assert page.requests == [page.url]
    page.page.close()


def test_h_shows_the_windows_help_and_f_goes_fullscreen(browser, gl_ctx, tmp_path):  # noqa: F811
    trace_path = _queens(tmp_path)
    html = tmp_path / "q.html"
    assert main(["export", str(trace_path), "-o", str(html), "--languages", "en"]) == 0
    page = Page(browser, html, tmp_path)
    page.page.keyboard.press("ArrowRight")
    page.settle(1)
    before = page.shot("before")
    page.page.keyboard.press("h")
    _wait(page, "puzzleviz.help === true")

    trace = load_trace(trace_path)
    player = Player(trace, model_for(trace))
    player.seek(_boundary(trace_path, 1))
    scene = scene_for(trace.header.kind)
    look = default_look(scene, player.frame(), HudOptions())
    look = dataclasses.replace(look, hud=dataclasses.replace(look.hud, show_help=True,
                                                             help_rows=help_rows()))  # fmt: skip
    window_help = Recorder(RecordSettings(size=SIZE), gl_ctx)._render(player, look)
    assert_close(page.shot("help"), window_help[::-1, :, :3], "help", tmp_path)

    page.page.keyboard.press("h")
    _wait(page, "puzzleviz.help === false")
    assert np.array_equal(page.shot("after"), before)

    page.page.keyboard.press("f")
    _wait(page, "puzzleviz.fullscreen === true")
    page.page.keyboard.press("f")
    _wait(page, "puzzleviz.fullscreen === false")
    page.page.close()


def test_a_tour_goes_from_trace_to_trace_with_n_and_p(browser, gl_ctx, tmp_path):  # noqa: F811
    rings = Path(asset_path("demos", "rings.pzt"))
    queens = _queens(tmp_path)
    html = tmp_path / "tour.html"
    assert main(["export", str(rings), str(queens), "-o", str(html), "--languages", "en"]) == 0
    page = Page(browser, html, tmp_path)
    assert page.state()["traces"] == 2 and page.state()["trace"] == 0
    first = page.shot("rings")
    assert_close(first, _window(rings, 0, gl_ctx), "rings", tmp_path)
    page.page.keyboard.press("n")
    _wait(page, "puzzleviz.trace === 1")
    assert page.state()["steps"] == load_trace(queens).n_steps
    assert_close(page.shot("queens"), _window(queens, 0, gl_ctx), "queens", tmp_path)
    page.page.keyboard.press("ArrowRight")  # the second trace plays as a page of its own
    page.settle(1)
    page.page.keyboard.press("p")  # back to the previous trace's end, as the window's P
    _wait(page, "puzzleviz.trace === 0")
    rings_steps = load_trace(rings).n_steps
    assert page.state()["boundary"] == rings_steps
    page.page.keyboard.press("Home")
    page.settle(0)
    assert np.array_equal(page.shot("rings-again"), first)
    assert page.requests == [page.url]
    page.page.close()


def test_the_page_of_present_html_opens_on_the_card(browser, gl_ctx, tmp_path):  # noqa: F811
    trace = _queens(tmp_path)
    lesson = tmp_path / "lesson.toml"
    lesson.write_text(f'[[slide]]\ntitle = "Queens"\ntrace = "{trace.name}"\n'
                      '[[slide]]\ntitle = "Rings"\ndemo = "rings"\n')  # fmt: skip
    html = tmp_path / "lesson.html"
    assert main(["present", str(lesson), "--html", str(html), "--lang", "en"]) == 0
    page = Page(browser, html, tmp_path)
    assert page.state()["card"] is True and page.state()["traces"] == 2
    card = page.shot("card")
    page.page.keyboard.press("h")  # the card with the keys in place of the heading
    _wait(page, "puzzleviz.help === true")
    assert not is_close(page.shot("card-keys"), card)
    page.page.keyboard.press("h")
    _wait(page, "puzzleviz.help === false")
    page.page.keyboard.press("Space")  # from the card into the trace, playing
    _wait(page, "puzzleviz.card === false && puzzleviz.mode === 'playing'")
    page.page.keyboard.press("PageDown")  # the clicker while it plays: to the end
    page.settle(load_trace(trace).n_steps)
    page.page.keyboard.press("PageUp")  # back: to the start
    page.settle(0)
    assert_close(page.shot("start"), _window(trace, 0, gl_ctx), "start", tmp_path)
    page.page.keyboard.press("PageUp")  # back from the start: the card
    _wait(page, "puzzleviz.card === true")
    assert np.array_equal(page.shot("card-again"), card)
    page.page.keyboard.press("PageDown")
    _wait(page, "puzzleviz.card === false")
    page.page.keyboard.press("End")
    page.settle(load_trace(trace).n_steps)
    page.page.keyboard.press("PageDown")  # at the end: the next slide's card
    _wait(page, "puzzleviz.trace === 1 && puzzleviz.card === true")
    page.page.keyboard.press("p")  # the previous slide, at its end
    _wait(page, "puzzleviz.trace === 0 && puzzleviz.card === false")
    assert page.requests == [page.url]
    page.page.close()


def test_the_page_of_solve_html_plays(browser, gl_ctx, tmp_path):  # noqa: F811
    trace = tmp_path / "q.pzt"
    html = tmp_path / "q.html"
    assert main(["solve", "queens", "--n", "5", "--trace", str(trace), "--html", str(html),
                 "--lang", "en"]) == 0  # fmt: skip
    page = Page(browser, html, tmp_path)
    assert page.state()["steps"] == load_trace(trace).n_steps
    page.page.keyboard.press("End")
    page.settle(page.state()["steps"])
    end = load_trace(trace).n_events
    assert_close(page.shot("end"), _window(trace, end, gl_ctx), "end", tmp_path)
    assert page.requests == [page.url]
    page.page.close()

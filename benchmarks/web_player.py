"""The exported page in headless chromium (issue 33's seek and playback targets): the
time from opening the file to the first picture; the cost of a seek (a click at a random
place on the timeline, from the click to the pixels: unpacking the payload's chunk if it
was not yet, decoding from the keyframe, gathering the rows, drawing, and waiting until
the pixels are there, as the page reports it with `syncDraws` in `inputMs`; the draw
alone in brackets); and, while playing at 12 beats a second (fast, yet no demo trace
ends within the two seconds measured; a long search's automatic pace then plays its
search at thousands of steps a second), the animation frames and the pictures drawn a
second. Chromium draws with
SwiftShader here (no GPU): these are the figures of a machine without graphics hardware.

Targets (issue 33): a seek anywhere under 50 ms, 60 frames/s while playing.

    .venv/bin/python benchmarks/web_player.py [PAGE.html ...]

Without pages, the queens, rings and sudoku demo traces are exported first (`make bench`).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.web.export import export_html

CHROMIUM = "/usr/bin/chromium"  # Debian's; no browser is downloaded
UPS = 6  # Up presses before playing: 1 -> 12 beats a second (steps a second on a steady pace)
FLAGS = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"]


def measure(browser: object, page_path: Path) -> str:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    started = time.perf_counter()
    page.goto(page_path.resolve().as_uri())
    page.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
    ready = time.perf_counter() - started
    track = page.evaluate("puzzleviz.track")
    seeks = _seeks(page, track, sync=True)
    script = sorted(draw for _, draw in _seeks(page, track, sync=False))
    page.keyboard.press("Home")
    for _ in range(UPS):
        page.keyboard.press("ArrowUp")
    page.keyboard.press(" ")
    before = page.evaluate("[puzzleviz.ticks, puzzleviz.draws]")
    time.sleep(2.0)
    after = page.evaluate("[puzzleviz.ticks, puzzleviz.draws]")
    page.close()
    seeks.sort()
    draws = sorted(draw for _, draw in seeks)
    middle = len(seeks) // 2
    return (f"{page_path.name:<24} ready {ready:5.2f} s  seek median {seeks[middle][0]:5.1f} ms "
            f"({draws[middle]:5.1f}) max {seeks[-1][0]:5.1f} ms ({draws[-1]:5.1f}); "
            f"script alone median {script[len(script) // 2]:4.1f} max {script[-1]:4.1f} ms  "
            f"playing {(after[0] - before[0]) / 2:4.0f} frames/s, "
            f"{(after[1] - before[1]) / 2:4.0f} pictures/s")  # fmt: skip


def _seeks(page: Page, track: list[float], sync: bool) -> list[tuple[float, float]]:
    """20 clicks at random timeline places: (click to picture, the draw) in ms each. With
    `sync` the draw waits for the pixels; without, it is the script's part alone (unpack,
    decode, gather, upload and the draw calls issued)."""
    view = page.locator("#view")
    page.evaluate(f"puzzleviz.syncDraws = {str(sync).lower()}")
    rng = random.Random(1 if sync else 2)
    seeks = []
    for _ in range(20):
        x = track[0] + track[2] * rng.random()
        view.click(position={"x": x, "y": track[1] + track[3] / 2})
        try:  # a click on the moment already shown draws nothing: no figure
            page.wait_for_function("puzzleviz.inputAt === null", timeout=2_000)
        except PlaywrightTimeout:
            page.evaluate("puzzleviz.inputAt = null")
            continue
        click, draw = page.evaluate("[puzzleviz.inputMs, puzzleviz.lastDrawMs]")
        seeks.append((float(click), float(draw)))
    page.evaluate("puzzleviz.syncDraws = false")
    return seeks


def main() -> None:
    if not Path(CHROMIUM).exists():
        print(f"no chromium at {CHROMIUM} (apt-get install chromium): nothing measured")
        return
    with tempfile.TemporaryDirectory(prefix="puzzleviz-web-") as folder:
        pages = [Path(name) for name in sys.argv[1:]]
        for kind in () if pages else ("queens", "rings", "sudoku"):
            pages.append(Path(folder) / f"{kind}.html")
            export_html(load_trace(Path(asset_path("demos", f"{kind}.pzt"))), pages[-1])
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for page in pages:
                print(measure(browser, page), flush=True)
            browser.close()


if __name__ == "__main__":
    main()

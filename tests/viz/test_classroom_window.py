"""A teacher's walk-through in the real window: `puzzleviz play` under Xvfb, driven by keys
sent with xdotool, the screen grabbed with xwd. It checks what a class would see: the frame
changes when it should, stays when paused, and comes back exactly after a step back or an
undo. Skipped, saying what to install, where Xvfb is missing (`make test` installs it)."""

from __future__ import annotations

import subprocess
import sys
import time

import numpy as np
import pytest
from puzzleviz.viz.cli import main

from tests.xscreen import XScreen, save_png

CLASS = "puzzleviz-classroom"
SIZE = (1280, 720)


def differs(a: np.ndarray, b: np.ndarray) -> float:
    """Share of pixels that differ (rendering is deterministic: same frame, same pixels)."""
    return float(np.mean(np.any(a != b, axis=2)))


@pytest.fixture
def screen():
    x = XScreen()
    yield x
    x.close()


@pytest.mark.slow
def test_a_teacher_drives_the_window_and_every_move_comes_back(screen, tmp_path):
    trace = tmp_path / "rings.pzt"
    assert main(["solve", "rings", "--scramble", "6", "--seed", "5", "--trace", str(trace)]) == 0
    env = screen.env() | {"SDL_VIDEO_X11_WMCLASS": CLASS, "SDL_AUDIODRIVER": "dummy"}
    app = subprocess.Popen(
        [sys.executable, "-m", "puzzleviz.viz.cli", "play", str(trace), "--speed", "2"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    shots: dict[str, np.ndarray] = {}
    try:
        window = screen.find_window(CLASS)
        box = screen.geometry(window)
        assert box[2:] == SIZE

        def shot(name: str, wait: float = 0.0) -> np.ndarray:
            time.sleep(wait)
            shots[name] = screen.grab(box)
            save_png(shots[name], tmp_path / f"{len(shots):02d}-{name.replace(' ', '-')}.png")
            return shots[name]

        # The window draws at its own pace (slowly on a loaded machine with a software GL):
        # each check waits for what it expects, up to a bound far above what a class would
        # accept, instead of sleeping a fixed time and hoping the frame is there.
        def settled(name: str, timeout: float = 15.0) -> np.ndarray:
            """The frame once two grabs 0.8 s apart are the same."""
            last, deadline = shot(name), time.monotonic() + timeout
            while time.monotonic() < deadline:
                now = shot(name, 0.8)
                if differs(now, last) == 0:
                    return now
                last = now
            raise AssertionError(f"the window never held still after {name!r}")

        def until(name: str, test, timeout: float = 8.0) -> np.ndarray:
            deadline = time.monotonic() + timeout
            frame = shot(name, 0.2)
            while not test(frame) and time.monotonic() < deadline:
                frame = shot(name, 0.2)
            return frame

        stage = slice(120, 600)  # rows of the rings (below the caption, above the notices)
        # drawn at all: the first frame may wait for numba kernels to compile or load
        playing = until("playing", lambda f: bool(np.any(f != f[0, 0])), 90.0)
        assert np.any(playing != playing[0, 0]), "the window stayed blank"
        screen.key(window, "space")  # pause: the step under way is finished
        paused = settled("paused")
        assert differs(paused, shot("still paused", 0.8)) == 0, "a paused window changed"
        screen.key(window, "End")
        end = until("end", lambda f: differs(f, paused) > 0.01)
        assert differs(end, paused) > 0.01
        end = settled("end")
        screen.key(window, "r")  # backward at 2 steps a second: it must move back
        back = until("reversing", lambda f: differs(f[stage], end[stage]) > 0.005, 4.0)
        assert differs(back[stage], end[stage]) > 0.005, "R at 2 steps/s did not move"
        screen.key(window, "space")
        rest = settled("rest")
        screen.key(window, "Right")
        right = until("right", lambda f: differs(f[stage], rest[stage]) > 0.005)
        assert differs(right[stage], rest[stage]) > 0.005
        settled("right")
        screen.key(window, "Left")
        left = until("left", lambda f: differs(f, rest) == 0)
        assert differs(left, rest) == 0, "Right then Left did not come back"
        screen.key(window, "1")  # a turn of ring 1 by hand, in the middle of the solution
        turned = until("turned", lambda f: differs(f[stage], rest[stage]) > 0.005)
        assert differs(turned[stage], rest[stage]) > 0.005
        settled("turned")
        screen.key(window, "u")  # undo: the loaded solution and the place in it come back
        undone = until("undone", lambda f: differs(f[: stage.stop], rest[: stage.stop]) == 0)
        assert differs(undone[: stage.stop], rest[: stage.stop]) == 0, "undo did not restore"
        screen.key(window, "f")  # fullscreen, then back to exactly the window there was
        time.sleep(1.0)
        assert screen.geometry(window)[2:] == (1600, 1000)
        screen.key(window, "f")
        time.sleep(1.0)
        assert screen.geometry(window) == box
        screen.key(window, "Escape")
        assert app.wait(10) == 0
    finally:
        if app.poll() is None:
            app.kill()
        output = app.communicate()[0].decode(errors="replace")
    assert "Traceback" not in output, output

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

from tests.xscreen import XScreen, save_png
from viz.cli import main

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
        [sys.executable, "-m", "viz.cli", "play", str(trace), "--speed", "2"],
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

        def shot(name: str, wait: float) -> np.ndarray:
            time.sleep(wait)
            shots[name] = screen.grab(box)
            save_png(shots[name], tmp_path / f"{len(shots):02d}-{name.replace(' ', '-')}.png")
            return shots[name]

        stage = slice(120, 600)  # rows of the rings (below the caption, above the notices)
        first = shot("playing", 1.0)
        screen.key(window, "space")  # pause: the step under way is finished
        paused = shot("paused", 1.0)
        assert differs(paused, shot("still paused", 0.8)) == 0, "a paused window changed"
        screen.key(window, "End")
        end = shot("end", 0.8)
        assert differs(end, paused) > 0.01
        screen.key(window, "r")  # backward at 2 steps a second: it must move back
        back = shot("reversing", 1.6)
        assert differs(back[stage], end[stage]) > 0.005, "R at 2 steps/s did not move"
        screen.key(window, "space")
        rest = shot("rest", 1.0)
        screen.key(window, "Right")
        assert differs(shot("right", 1.0)[stage], rest[stage]) > 0.005
        screen.key(window, "Left")
        assert differs(shot("left", 1.0), rest) == 0, "Right then Left did not come back"
        screen.key(window, "1")  # a turn of ring 1 by hand, in the middle of the solution
        turned = shot("turned", 1.2)
        assert differs(turned[stage], rest[stage]) > 0.005
        screen.key(window, "u")  # undo: the loaded solution and the place in it come back
        undone = shot("undone", 1.0)
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
    del first

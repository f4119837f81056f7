"""A real X display for window tests: Xvfb started on a free display, keys sent with
xdotool, the screen read back with xwd. Tests that need it skip, saying what to install,
where the programs are missing."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

TOOLS = ("Xvfb", "xdotool", "xwd")


def require_tools() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(
            f"{', '.join(missing)} not installed: apt-get install xvfb xdotool x11-apps "
            "(make test does this where it may)"
        )


class XScreen:
    """An Xvfb server of `size`, stopped on close."""

    def __init__(self, size: tuple[int, int] = (1600, 1000)):
        require_tools()
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24"]
            + ["-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            pytest.skip("Xvfb did not start")
        self.display = f":{number}"

    def env(self) -> dict[str, str]:
        env = dict(os.environ, DISPLAY=self.display, SDL_VIDEODRIVER="x11")
        env.pop("WAYLAND_DISPLAY", None)
        return env

    def run(self, *args: str) -> str:
        done = subprocess.run(args, env=self.env(), capture_output=True, text=True, timeout=20)
        return done.stdout

    def find_window(self, wm_class: str, timeout: float = 60.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.run("xdotool", "search", "--class", wm_class).split()
            if found:
                return found[0]
            time.sleep(0.2)
        raise AssertionError(f"no window of class {wm_class!r} appeared in {timeout:.0f} s")

    def geometry(self, window: str) -> tuple[int, int, int, int]:
        """(x, y, width, height) of a window."""
        values = dict(
            line.split("=", 1)
            for line in self.run("xdotool", "getwindowgeometry", "--shell", window).split()
        )
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def key(self, window: str, *keys: str) -> None:
        self.run("xdotool", "key", "--window", window, *keys)

    def grab(self, box: tuple[int, int, int, int] | None = None) -> np.ndarray:
        """The screen (or `box` = x, y, w, h of it) as an (h, w, 3) uint8 RGB array."""
        data = subprocess.run(
            ["xwd", "-root", "-silent", "-display", self.display],
            capture_output=True,
            check=True,
            timeout=20,
        ).stdout
        image = read_xwd(data)
        if box is not None:
            x, y, w, h = box
            image = image[y : y + h, x : x + w]
        return image

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def read_xwd(data: bytes) -> np.ndarray:
    """An X window dump (xwd's format 2, a TrueColor screen) as RGB."""
    header = struct.unpack(">25I", data[:100])
    header_size, width, height = header[0], header[4], header[5]
    byte_order, bits_per_pixel, bytes_per_line, n_colors = (
        header[7], header[11], header[12], header[19])  # fmt: skip
    start = header_size + n_colors * 12
    step = bits_per_pixel // 8
    rows = np.frombuffer(data[start : start + bytes_per_line * height], dtype=np.uint8)
    pixels = rows.reshape(height, bytes_per_line)[:, : width * step].reshape(height, width, step)
    return pixels[:, :, [2, 1, 0]] if byte_order == 0 else pixels[:, :, -3:]


def save_png(image: np.ndarray, path: Path) -> None:
    from puzzleviz.viz.images import save_png as save

    save(path, image)

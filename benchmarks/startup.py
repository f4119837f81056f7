"""How fast puzzleviz answers, whole process, as a user waits for it.

    .venv/bin/python benchmarks/startup.py [--runs 7]        # --help and a small solve
    .venv/bin/python benchmarks/startup.py --first-picture   # the window's first picture

Commands: `--help`, each `solve <puzzle> --help`, and `solve set --v 3 --n 4` (7 ms of
search; the rest is Python, numpy, numba and loading the cached kernels), as medians (and
the worst) of wall-clock runs after a warm-up. Targets: 0.3 s for any --help and 0.5 s for
the solve (issue 20).

`--first-picture` measures what a new user waits for (issue 30: within 10 s): `puzzleviz
demo` and `puzzleviz play` of each shipped demo trace in a real window on Xvfb, from the
process start to the first screen grab that shows a picture, with an empty cache (a new
machine: numba compiles what it needs; XDG_CACHE_HOME set to a new folder) and again with
the cache it filled; and `puzzleviz demo` with no display, to its first recorded frame.
Needs Xvfb and xwd (apt-get install xvfb x11-apps). Results are kept in
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.xscreen import XScreen  # noqa: E402  (the window tests' Xvfb driver)

BIN = Path(sys.executable).parent / "puzzleviz"
COMMANDS = [
    ["--help"],
    ["solve", "--help"],
    *[["solve", name, "--help"] for name in ("cube", "digits", "rings", "set", "sudoku")],
    ["trace", "show", "--help"],
    ["solve", "set", "--v", "3", "--n", "4"],
]
DEMOS = ("cube", "digits", "queens", "rings", "setgame", "sudoku")
TARGET_PICTURE = 10.0  # seconds
FRAMES_DONE = re.compile(rb"recording .*?([0-9][0-9,]*)/[0-9,]+ frames")


def wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([str(BIN), *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)  # fmt: skip
    return time.perf_counter() - started


def answers(runs: int) -> None:
    for command in COMMANDS:
        wall(command)  # warm: file caches, numba's kernel cache
        times = [wall(command) for _ in range(runs)]
        target = 0.3 if "--help" in command else 0.5
        verdict = "ok" if statistics.median(times) < target else "OVER"
        print(f"  {' '.join(command):<32} median {statistics.median(times):.3f} s, worst "
              f"{max(times):.3f} s  (target {target} s: {verdict})")  # fmt: skip


def first_picture(screen: XScreen, command: list[str], cache: Path, limit: float = 600) -> float:
    """Seconds from starting `command` on `screen` to a screen grab that is not one flat
    colour (Xvfb's root is black and no window manager draws anything: only our frame)."""
    env = dict(screen.env(), XDG_CACHE_HOME=str(cache))
    started = time.perf_counter()
    process = subprocess.Popen([str(BIN), *command], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd=tempfile.gettempdir())  # fmt: skip
    try:
        while time.perf_counter() - started < limit:
            if process.poll() is not None:
                raise RuntimeError(f"{' '.join(command)} ended with {process.returncode}")
            image = screen.grab()
            if np.ptp(image.reshape(-1, 3), axis=0).max() > 0:
                return time.perf_counter() - started
            time.sleep(0.05)
        raise RuntimeError(f"no picture within {limit:.0f} s")
    finally:
        process.kill()
        process.wait()


def first_frame_recorded(cache: Path, out: Path) -> float:
    """Seconds from starting `puzzleviz demo -o out` with no display to its progress line
    showing a frame recorded."""
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), PUZZLEVIZ_PROGRESS="1",
               SDL_VIDEODRIVER="dummy")  # fmt: skip
    env.pop("DISPLAY", None)
    started = time.perf_counter()
    process = subprocess.Popen([str(BIN), "demo", "-o", str(out)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    assert process.stderr is not None
    try:
        seen = b""
        while True:
            chunk = process.stderr.read1(4096)
            if not chunk:
                raise RuntimeError(f"demo ended before a frame: {seen[-300:]!r}")
            seen += chunk
            if any(int(done.replace(b",", b"")) > 0 for done in FRAMES_DONE.findall(seen)):
                return time.perf_counter() - started
    finally:
        process.kill()
        process.wait()


def pictures() -> None:
    with tempfile.TemporaryDirectory(prefix="puzzleviz-startup-") as folder:
        base = Path(folder)
        traces = {kind: ROOT / "assets" / "demos" / f"{kind}.pzt" for kind in DEMOS}
        screen = XScreen((1600, 1000))
        try:
            rows = [("demo", ["demo"])]
            rows += [(f"play {kind}.pzt", ["play", str(path)]) for kind, path in traces.items()]
            for name, command in rows:
                cache = base / f"cache-{name.replace(' ', '-')}"
                cold = first_picture(screen, command, cache)
                warm = first_picture(screen, command, cache)
                verdict = "ok" if cold < TARGET_PICTURE else "OVER"
                print(f"  {name:<22} empty cache {cold:5.1f} s, filled {warm:5.1f} s  "
                      f"(target {TARGET_PICTURE:g} s: {verdict})")  # fmt: skip
        finally:
            screen.close()
        cache = base / "cache-record"
        cold = first_frame_recorded(cache, base / "demo.mp4")
        warm = first_frame_recorded(cache, base / "demo2.mp4")
        print(
            f"  {'demo, no display':<22} empty cache {cold:5.1f} s, filled {warm:5.1f} s  "
            "to the first recorded frame"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (default 7)")
    parser.add_argument("--first-picture", action="store_true",
                        help="the window's first picture instead (Xvfb)")  # fmt: skip
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    if args.first_picture:
        pictures()
    else:
        print(f"{args.runs} runs each (after one warm-up)")
        answers(args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A one-line progress bar on stderr for long work (solving, recording).

Silent when stderr is not a terminal unless forced (enabled=True, or PUZZLEVIZ_PROGRESS=1
in the environment, for logs and for tests that wait for a search to be under way), so
logs and tests stay clean; never slows the work down: it redraws at most ten times a
second. Thread-safe: a search on a worker thread may update it while the main thread
polls and, on Ctrl-C, closes it; nothing is drawn after the closing newline, so the
CLI's last line ("puzzleviz: interrupted") stands on a line of its own. A notice said
while a bar is drawn (`say`: a damaged cache rebuilt) starts a line of its own too.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

__all__ = [
    "Progress",
    "say",
]


class Progress:
    def __init__(
        self,
        total: int | None,
        label: str,
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        unit: str = "",
    ):
        self.total = total
        self.label = label
        self.unit = unit
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = self.stream.isatty() or os.environ.get("PUZZLEVIZ_PROGRESS") == "1"
        self.enabled = enabled
        self.detail = ""  # said after the counts, e.g. the nodes of a search by root choices
        self.done = 0
        self._follow: Callable[[], int] | None = None
        self._start = time.perf_counter()
        self._last_draw = 0.0
        self._lock = threading.Lock()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def follow(self, read: Callable[[], int]) -> None:
        """Where a running kernel keeps its count (a status array it writes in place):
        `poll` reads it, so the bar moves while the kernel holds the thread."""
        self._follow = read

    def poll(self, nodes: int = 0) -> None:
        """Called by the waiting main thread: redraw from what the search publishes, or
        at least the time so far (a search still preparing is seen to be alive)."""
        if self._follow is not None:
            self.update(self._follow())
        elif nodes:
            self.update(self.done, f"{nodes:,} nodes")
        else:
            self.update(self.done)

    def advance(self, amount: int = 1) -> None:
        self.update(self.done + amount)

    def update(self, done: int, detail: str | None = None) -> None:
        self.done = done
        if detail is not None:
            self.detail = detail
        now = time.perf_counter()
        if self.enabled and now - self._last_draw >= 0.1:
            with self._lock:
                if self.enabled:  # not closed meanwhile by another thread
                    self._last_draw = now
                    self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = now - self._start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        per_second = f"{rate:,.0f}/s" if rate >= 100 else f"{rate:,.1f}/s"
        unit = f" {self.unit}" if self.unit else ""
        if self.total:
            frac = min(self.done / self.total, 1.0)
            bar = "#" * int(frac * 30)
            eta = (self.total - self.done) / rate if rate > 0 else 0.0
            text = (
                f"\r{self.label} [{bar:<30}] {self.done:,}/{self.total:,}{unit} "
                f"{per_second} eta {eta:4.0f}s"
            )
        else:
            text = f"\r{self.label} {self.done:,}{unit} {per_second} {elapsed:5.1f}s"
        if self.detail:
            text += f" ({self.detail})"
        self.stream.write(text)
        self.stream.flush()
        _open_bars.add(self)

    def close(self) -> None:
        with self._lock:
            if self.enabled:
                self.enabled = False
                self._draw(time.perf_counter())
                self.stream.write("\n")
                self.stream.flush()
            _open_bars.discard(self)

    def break_line(self) -> None:
        """End the bar's line (a notice follows); the next draw starts the bar again."""
        with self._lock:
            if self in _open_bars:
                self.stream.write("\n")
                self.stream.flush()
                _open_bars.discard(self)


_open_bars: set[Progress] = set()  # bars drawn on a line not yet ended


def say(line: str, stream: TextIO | None = None) -> None:
    """`line` on stderr as a line of its own, even while a progress bar is drawn."""
    stream = stream or sys.stderr
    for bar in list(_open_bars):
        if bar.stream is stream:
            bar.break_line()
    stream.write(line + "\n")
    stream.flush()

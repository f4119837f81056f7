"""The progress bar: counts people can read, and nothing drawn after it is closed (a
search left running on a worker thread after Ctrl-C must not write over the CLI's last
line)."""

from __future__ import annotations

import io
import threading

from puzzleviz.solvers.progress import Progress


def test_counts_are_grouped_and_the_line_ends_on_close():
    stream = io.StringIO()
    with Progress(1_000_000_000, "stochastic search", stream=stream, enabled=True,
                  unit="steps") as progress:  # fmt: skip
        progress.update(8_388_608)
    text = stream.getvalue()
    assert "8,388,608/1,000,000,000 steps" in text
    assert text.endswith("\n")


def test_nothing_is_drawn_after_close_even_from_another_thread():
    stream = io.StringIO()
    progress = Progress(100, "search", stream=stream, enabled=True)
    progress.update(1)
    progress.close()
    closed = stream.getvalue()
    worker = threading.Thread(target=lambda: [progress.update(n) for n in range(2, 50)])
    progress._last_draw = -1.0  # as if the last draw were long ago
    worker.start()
    worker.join()
    assert stream.getvalue() == closed
    assert closed.endswith("\n")

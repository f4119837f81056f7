"""A FIFO with a reader on the other end, for tests of outputs written in place."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def read_fifo(path: Path) -> Iterator[list[bytes]]:
    """Make a FIFO at `path` and read it whole on a thread; the list holds what arrived
    once the block ends."""
    os.mkfifo(path)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(path.read_bytes()))
    reader.start()
    try:
        yield received
    finally:
        reader.join()

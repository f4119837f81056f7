"""The user's cache folder and what its files share: a file there is the user's, so it may
be damaged (a full disk, a copy cut short, a hand that edited it). Every reader checks what
it reads; a damaged file is rebuilt, and said once in one line (`notice`), rather than
trusted, a traceback, or a silent rebuild of minutes. A folder that keeps nothing is said
once too, with what it costs.

The numba kernel cache has its own rules (solvers.jit); the rings tables and goal sets
(solvers.rings.optimal.colour_pdb, solvers.rings.model.goal) use these.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from puzzleviz.solvers.progress import say


class DamagedCache(Exception):
    """A cache file that is not what it claims to be; the text says what is wrong."""


def open_regular(path: Path) -> io.BufferedReader:
    """`path` opened for reading if it is a regular file; DamagedCache if it is anything
    else (a FIFO put there would block a plain open for ever, a device would never end).
    FileNotFoundError passes: no file is no damage."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise DamagedCache(exc.strerror or str(exc)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise DamagedCache("not a regular file")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def replace_file(path: Path, chunks: Iterable[bytes | memoryview]) -> None:
    """Write `path` whole or not at all: a temporary file beside it, renamed over it. The
    rename replaces whatever held the name (a FIFO, a link, garbage), never writing
    through it, as an output the user names would be (solvers.atomic keeps those in
    place). OSError if the folder keeps nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            for chunk in chunks:
                out.write(chunk)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def cache_home() -> Path:
    """$XDG_CACHE_HOME/puzzleviz (~/.cache/puzzleviz without it)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "puzzleviz"


_said: set[str] = set()


def notice(text: str, key: str | None = None) -> None:
    """'puzzleviz: text' on stderr, once per `key` (the text itself without one)."""
    key = text if key is None else key
    if key in _said:
        return
    _said.add(key)
    with contextlib.suppress(OSError, ValueError, AttributeError):  # a closed stderr
        say(f"puzzleviz: {text}")


def damaged(path: Path, reason: object, what: str, rebuild: str) -> None:
    """The line for a damaged cache file that is built again."""
    notice(f"the cached {what} {path} is damaged ({reason}): {rebuild}")


def unwritable(folder: Path, exc: OSError, what: str, cost: str) -> None:
    """The line for a cache folder that cannot keep what was built."""
    notice(
        f"the cache folder {folder} cannot keep the {what} ({exc.strerror or exc}): {cost} "
        "(make it writable, or set XDG_CACHE_HOME to a folder that is)",
        key=f"unwritable {folder}",
    )

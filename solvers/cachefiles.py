"""The user's cache folder and what its files share: a file there is the user's, so it may
be damaged (a full disk, a copy cut short, a hand that edited it). Every reader checks what
it reads; a damaged file is rebuilt, and said once in one line (`notice`), rather than
trusted, a traceback, or a silent rebuild of minutes. A folder that keeps nothing is said
once too, with what it costs.

The numba kernel cache has its own rules (solvers.jit); the rings tables and goal sets
(solvers.rings.colour_pdb, solvers.rings.goal) use these.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from solvers.progress import say


class DamagedCache(Exception):
    """A cache file that is not what it claims to be; the text says what is wrong."""


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

"""numba's njit, with its on-disk cache in a folder keyed by our sources.

Numba's cache checks only the source file of the function it compiled, but our kernels
inline helpers from other modules (solvers.kernel_trace above all), so after an edit of a
helper a cached kernel would silently keep the old code. The cache therefore lives in a
folder named after a hash of every source file of this package: any edit starts a fresh
cache, and switching back finds the old one. Kernel modules import `njit` from here, so the
folder is chosen before their first kernel is decorated; importing `solvers` alone does no
work at all.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

KEEP_CACHES = 4


def cache_folder() -> Path:
    """Where the kernels of these sources are cached (NUMBA_CACHE_DIR if set)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen)
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return home / "puzzleviz" / "numba" / digest.hexdigest()[:16]


def _source_keyed_cache() -> None:
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    folder = cache_folder()
    base = folder.parent
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            _prune(base)  # only when a new cache starts: old ones accumulate no faster
        os.utime(folder)  # most recently used
    except OSError:
        return  # an unwritable home: numba's default cache beside the sources it is
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba" in sys.modules:
        from numba.core import config

        config.reload_config()  # type: ignore[no-untyped-call]


def _prune(base: Path) -> None:
    import shutil

    folders = sorted(base.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in folders[KEEP_CACHES:]:
        shutil.rmtree(old, ignore_errors=True)


_source_keyed_cache()

from numba import njit, prange, typeof, types  # noqa: E402  (after the cache folder is chosen)

__all__ = ["njit", "prange", "typeof", "types"]

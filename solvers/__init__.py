"""Puzzle models, solvers and the trace format.

Nothing in this package draws: it runs on a server with no display and no OpenGL.

Numba's on-disk cache checks only the source file of the function it compiled, but our
kernels inline helpers from other modules (solvers.kernel_trace above all), so after an
edit of a helper a cached kernel would silently keep the old code. The cache therefore lives
in a folder named after a hash of every source file of this package: any edit starts a
fresh cache, and switching back finds the old one.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path

KEEP_CACHES = 4


def _use_source_keyed_numba_cache() -> None:
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    home = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    base = home / "puzzleviz" / "numba"
    folder = base / digest.hexdigest()[:16]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        os.utime(folder)  # most recently used
        stale = sorted(base.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)[KEEP_CACHES:]
        for old in stale:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        return  # an unwritable home: numba's default cache beside the sources it is
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba" in sys.modules:
        from numba.core import config

        config.reload_config()


_use_source_keyed_numba_cache()

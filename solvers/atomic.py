"""Writing output files so that a failure never leaves half a file behind: a temp file in
the target's folder, flushed and fsynced, then renamed over the target."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from solvers.errors import PuzzlevizError


def check_folder(target: str | os.PathLike[str]) -> None:
    """Fail now, in one line, if `target`'s folder does not exist: before hours of work,
    not after them."""
    target = Path(target)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise PuzzlevizError(f"cannot write {target}: folder {folder} does not exist")


def _temp_beside(target: Path) -> tuple[int, str]:
    check_folder(target)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise PuzzlevizError(f"cannot write {target}: it is a folder")
    try:
        return tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except PermissionError:
        raise PuzzlevizError(f"cannot write {target}: permission denied") from None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def publish(temp: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Give a finished temp file (or folder) the permissions a plainly created one would
    have (mkstemp makes them private), then rename it over `target`."""
    mode = 0o777 if Path(temp).is_dir() else 0o666
    os.chmod(temp, mode & ~_umask())
    os.replace(temp, target)


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO]:
    """Yield a stream (text for "w", bytes for "wb"); the file appears whole or not at all."""
    target = Path(path)
    fd, temp = _temp_beside(target)
    try:
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(fd, mode, encoding=encoding) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        publish(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def atomic_text_writer(path: str | os.PathLike[str]) -> contextlib.AbstractContextManager[IO]:
    return atomic_writer(path, "w")


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    with atomic_writer(path, "wb") as out:
        out.write(data)
    return Path(path)


def write_json(path: str | os.PathLike[str], document: object) -> Path:
    """Write `document` as indented UTF-8 JSON, atomically."""
    with atomic_writer(path) as out:
        json.dump(document, out, ensure_ascii=False, indent=1)
        out.write("\n")
    return Path(path)

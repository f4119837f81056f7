"""Every file puzzleviz reads that is not a trace comes through here (puzzle files, lessons,
split logs), so that a file from anyone is read within bounds and every refusal is one
line naming the user's own path.

Why one helper: a reader that calls `read_bytes()` on whatever it is given reads /dev/zero
until the memory runs out, blocks for ever on a FIFO and inflates a 200 KB gzip bomb to
gigabytes. Here:

- only a regular file is read: a folder, a pipe, a device or a socket is refused before it
  is opened (and opened without blocking, then checked again, in case it was swapped);
- each format has a size limit suited to it (`FileFormat`), said in the error, and at most
  that many bytes are ever read (a file under /proc says it is empty and is not);
- gzip is inflated with a cap (`inflate`), member by member;
- JSON and TOML nested deeper than Python's stack are an error, not a RecursionError.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import os
import stat
import tomllib
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from puzzleviz.solvers.errors import PuzzleInputError, PuzzlevizError

KB = 1 << 10
MB = 1 << 20
_CHUNK = 1 * MB
_GZIP_MAGIC = b"\x1f\x8b"
_REASONS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ELOOP: "too many symbolic links",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EIO: "input/output error",
}


@dataclasses.dataclass(frozen=True)
class FileFormat:
    """A kind of file a command reads: how errors name it, the most bytes it may have
    (and, gzipped, the most it may inflate to), and the error its readers raise."""

    what: str  # "lesson file": "x.toml: no such lesson file"
    limit: int  # bytes on disk
    error: type[PuzzlevizError] = PuzzleInputError
    inflated: int = 0  # bytes after gunzipping (0: the format is never gzipped)


def size_text(size: int) -> str:
    """1 MB, 200 KB, 1.5 GB, 12 bytes: sizes in an error line."""
    for unit, name in ((1 << 30, "GB"), (MB, "MB"), (KB, "KB")):
        if size >= unit:
            value = size / unit
            return f"{value:.0f} {name}" if value == int(value) else f"{value:.1f} {name}"
    return f"{size} bytes"


def _refusal(path: str | os.PathLike[str], fmt: FileFormat, mode: int) -> PuzzlevizError:
    """The line for something that is not a regular file."""
    if stat.S_ISDIR(mode):
        return fmt.error(f"{path}: is a folder, not a {fmt.what}")
    if stat.S_ISFIFO(mode):
        kind = "a pipe (FIFO)"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    elif stat.S_ISSOCK(mode):
        kind = "a socket"
    else:
        kind = "not a regular file"
    return fmt.error(f"{path}: is {kind}, not a {fmt.what}: give a regular file")


def read_error(path: str | os.PathLike[str], fmt: FileFormat, exc: OSError) -> PuzzlevizError:
    """The one line for an OSError met while reading `path`."""
    if isinstance(exc, FileNotFoundError):
        return fmt.error(f"{path}: no such {fmt.what}")
    if isinstance(exc, IsADirectoryError):
        return fmt.error(f"{path}: is a folder, not a {fmt.what}")
    reason = _REASONS.get(exc.errno or 0) or (exc.strerror or str(exc)).lower()
    return fmt.error(f"{path}: cannot read ({reason})")


def too_large(path: str | os.PathLike[str], fmt: FileFormat, size: int | None) -> PuzzlevizError:
    shown = f"{size_text(size)}, " if size else ""
    return fmt.error(f"{path}: {shown}more than a {fmt.what} may have ({size_text(fmt.limit)})")


def check_regular(path: str | os.PathLike[str], fmt: FileFormat) -> os.stat_result:
    """The file's stat if it is a regular file (links followed); else the one line."""
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:
        if isinstance(exc, ValueError):  # a NUL byte in the name
            raise fmt.error(f"{path!r}: not a file name") from None
        raise read_error(path, fmt, exc) from None
    if not stat.S_ISREG(info.st_mode):
        raise _refusal(path, fmt, info.st_mode)
    return info


def read_limited(path: str | os.PathLike[str], fmt: FileFormat) -> bytes:
    """The bytes of the regular file `path`, at most `fmt.limit` of them (more is an
    error that says the limit)."""
    info = check_regular(path, fmt)
    if info.st_size > fmt.limit:
        raise too_large(path, fmt, info.st_size)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise read_error(path, fmt, exc) from None
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):  # swapped for something else since the stat
            raise _refusal(path, fmt, opened.st_mode)
        return _read_upto(fd, path, fmt)
    finally:
        os.close(fd)


def _read_upto(fd: int, path: str | os.PathLike[str], fmt: FileFormat) -> bytes:
    parts: list[bytes] = []
    total = 0
    while True:
        try:
            chunk = os.read(fd, min(_CHUNK, fmt.limit + 1 - total))
        except OSError as exc:
            raise read_error(path, fmt, exc) from None
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        total += len(chunk)
        if total > fmt.limit:
            raise too_large(path, fmt, None)


def is_gzip(data: bytes) -> bool:
    return data[:2] == _GZIP_MAGIC


def inflate(data: bytes, path: str | os.PathLike[str], fmt: FileFormat) -> bytes:
    """Gunzip `data` (every member, as gzip does) to at most `fmt.inflated` bytes."""
    limit = fmt.inflated
    out: list[bytes] = []
    total = 0
    rest = data
    while rest:
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        pending = rest
        try:
            while not inflater.eof:
                chunk = inflater.decompress(pending, limit + 1 - total)
                pending = inflater.unconsumed_tail
                if not chunk and not pending:
                    break  # no more input and nothing more to give: cut short
                total += len(chunk)
                out.append(chunk)
                if total > limit:
                    raise fmt.error(
                        f"{path}: unpacks to more than a {fmt.what} may have ({size_text(limit)})"
                    )
        except zlib.error:
            raise fmt.error(f"{path}: a damaged gzip file") from None
        if not inflater.eof:
            raise fmt.error(f"{path}: a damaged gzip file (cut short)")
        rest = inflater.unused_data
        if not rest.strip(b"\0"):  # padding after the last member, as gzip allows
            break
        if not is_gzip(rest):
            raise fmt.error(f"{path}: a damaged gzip file (data after its end)")
    return b"".join(out)


def read_text(path: str | os.PathLike[str], fmt: FileFormat, encoding: str = "utf-8") -> str:
    """The file as text (`read_limited`); bytes that are not `encoding` are one line."""
    data = read_limited(path, fmt)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise fmt.error(
            f"{path}: not a text file (byte {exc.start + 1} is not {exc.encoding.upper()})"
        ) from None


@contextlib.contextmanager
def _parsing(path: str | os.PathLike[str], fmt: FileFormat) -> Iterator[None]:
    """A parser's failures as one line: its syntax errors, bytes that are not text, and
    nesting deeper than Python's stack (JSON or TOML 20,000 levels deep)."""
    try:
        yield
    except json.JSONDecodeError as exc:
        raise fmt.error(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except tomllib.TOMLDecodeError as exc:
        raise fmt.error(f"{path}: not a valid TOML file: {exc}") from None
    except UnicodeDecodeError:
        raise fmt.error(f"{path}: not a text file (not UTF-8)") from None
    except RecursionError:
        raise fmt.error(f"{path}: nested too deeply to be a {fmt.what}") from None


def parse_json(text: str | bytes, path: str | os.PathLike[str], fmt: FileFormat) -> Any:
    """JSON of a file (see `_parsing` for its errors)."""
    with _parsing(path, fmt):
        return json.loads(text)


def parse_toml(text: str, path: str | os.PathLike[str], fmt: FileFormat) -> dict[str, Any]:
    """TOML of a file (see `_parsing` for its errors)."""
    with _parsing(path, fmt):
        return tomllib.loads(text)


def exists(path: str | os.PathLike[str]) -> bool:
    """Whether `path` names something (a name too long or with a NUL byte names nothing)."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False

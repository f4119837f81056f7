"""Every output of puzzleviz goes through here, so that writing never damages what it
replaces and every failure names the path the user typed.

- A regular file (or a new name) is written to a temp file in its folder, flushed, fsynced
  and renamed over the target: a failure or an interrupt leaves the old file whole. A
  symbolic link is followed, so the link stays and the file it names is replaced.
- `-` is standard output. An existing FIFO or character device (a pipe, a terminal,
  /dev/null) and anything under /dev or /proc (/dev/stdout, /dev/fd/3) is opened and written
  in place: renaming a file over it would replace the device itself (as root, /dev/null)
  and never reach the reader. A name there that does not exist is a mistyped device
  (/dev/nul), never a new file.
- A folder, a block device or a socket is refused, and so, before any work, is an output
  that is the same file as an input (by device and inode, so links count) or as another
  output (`check_outputs`).

The output rule, for every path a command writes (`check_outputs`, with an `Output` each):
never an input, never two outputs on one path, and never an existing file the user did not
name. A default name that exists gets a free one instead (`free_name`); a file written
beside a named one (a video's captions, OUT.vtt) replaces only a file of its own kind. A
log that is appended to (--split-log) is a regular file, new or already a log of its kind.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, TextIO, overload

from puzzleviz.solvers.errors import OutputError
from puzzleviz.solvers.jsontext import write_json_to

STDOUT = "-"
NAME_ROOM = 200  # characters of the target's name kept in its temp name (NAME_MAX is 255)
_SPECIAL_ROOTS = ("/dev/", "/proc/")
_REASONS = {
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "the disk quota is used up",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "the file system is read-only",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "it is a folder",
    errno.ELOOP: "too many symbolic links",
    errno.EFBIG: "the file is too large",
    errno.EIO: "input/output error",
}

_reserved_stdout: list[TextIO] = []  # the real stdout while an output is `-` (see reserve_stdout)


def write_error(target: str | os.PathLike[str], exc: OSError) -> OutputError:
    """The one line for a failed write, naming `target` (never a temp file)."""
    reason = _REASONS.get(exc.errno or 0) or (exc.strerror or str(exc)).lower()
    return OutputError(f"cannot write {target}: {reason}")


def is_special_path(target: str | os.PathLike[str]) -> bool:
    """Under /dev or /proc (where files are devices, not documents), /dev/shm aside."""
    text = str(Path(target).absolute())
    return text.startswith(_SPECIAL_ROOTS) and not text.startswith("/dev/shm/")


def _stat(target: Path) -> os.stat_result | None:
    try:
        return os.stat(target)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise write_error(target, exc) from None


def output_kind(path: str | os.PathLike[str]) -> str:
    """'stdout' for `-`, 'stream' for what is written in place (FIFO, character device,
    /dev and /proc), 'file' for a regular file or a new name; raises OutputError for a
    folder, a block device or a socket."""
    if str(path) == STDOUT:
        return "stdout"
    target = Path(path)
    info = _stat(target)
    if info is None:
        if is_special_path(target):  # a mistyped device (/dev/nul): never create a file there
            raise OutputError(f"cannot write {target}: no such device")
        return "file"
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {target}: it is a folder")
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return "stream"
    if stat.S_ISREG(mode):
        return "stream" if is_special_path(target) else "file"
    what = "a block device" if stat.S_ISBLK(mode) else "a socket or other special file"
    raise OutputError(f"cannot write {target}: it is {what}, not a file")


def _folder_of(target: Path) -> Path:
    real = Path(os.path.realpath(target))
    return real.parent


def check_folder(target: str | os.PathLike[str]) -> None:
    """Fail now, in one line, if `target` cannot be written as a regular file: its folder
    is missing or not writable, or the file itself is read-only. Before hours of work, not
    after them."""
    target = Path(target)
    folder = _folder_of(target)
    if not folder.is_dir():
        shown = target.parent if str(target.parent) not in ("", ".") else folder
        raise OutputError(f"cannot write {target}: folder {shown} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {target}: permission denied (folder {folder})")
    if target.exists() and not os.access(target, os.W_OK):
        raise OutputError(f"cannot write {target}: permission denied (the file is read-only)")


def _identity(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """(device, inode) of an existing regular file, else None."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def check_output(
    path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = ()
) -> str:
    """Everything `open_output` would fail on, checked before the work: the kind of target,
    its folder, and that it is not one of `inputs`. Returns the kind."""
    kind = output_kind(path)
    if kind == "file":
        check_folder(path)
        identity = _identity(path)
        if identity is not None:
            for source in inputs:
                if _identity(source) == identity:
                    raise OutputError(
                        f"cannot write {path}: it is the input {source}; "
                        f"name another file for the output"
                    )
    return kind


HEAD_BYTES = 4096  # of an existing file, to tell whether it is of the kind expected


@dataclasses.dataclass(frozen=True)
class Output:
    """One path a command writes, as the output rule sees it.

    `named`: the user typed this path, so an existing file there is theirs to replace;
    False for a default name or a file written beside a named one. `own(head)` tells
    whether an existing file (its first HEAD_BYTES) is of the kind written there: the only
    existing file an unnamed output replaces, and the only one a log (`appends`) goes on."""

    option: str  # how the error names it: "--json", "-o/--output", "the captions"
    path: str | os.PathLike[str]
    named: bool = True
    own: Callable[[bytes], bool] | None = None
    appends: bool = False  # a log appended to (and read back): a regular file
    what: str = "file"  # what `own` recognises: "split log", "WebVTT file"


def head_of(path: str | os.PathLike[str]) -> bytes:
    """The first HEAD_BYTES of an existing regular file (opened without blocking)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:
        raise write_error(path, exc) from None
    try:
        return os.read(fd, HEAD_BYTES)
    except OSError as exc:
        raise write_error(path, exc) from None
    finally:
        os.close(fd)


def _check_kind(output: Output, kind: str) -> None:
    """A log is a regular file (it is read back); an existing file that nobody named is
    replaced only if it is of the kind written there."""
    path = output.path
    if output.appends and kind != "file":
        raise OutputError(
            f"{output.option} {path}: a {output.what} is a regular file that is read back "
            f"(to resume), not {'standard output' if kind == 'stdout' else 'a device or a pipe'}"
        )
    if kind != "file" or _identity(path) is None or os.stat(path).st_size == 0:
        return
    if output.own is not None and output.own(head_of(path)):
        return
    if output.appends:
        raise OutputError(
            f"{path} is not a {output.what}: name a new file for {output.option} (it would "
            "be appended to)"
        )
    if not output.named:
        raise OutputError(
            f"{path} exists and is not a {output.what} written here before: move it away "
            f"(puzzleviz replaces only files you name)"
        )


def check_outputs(
    outputs: Sequence[Output | tuple[str, str | os.PathLike[str]]],
    inputs: Iterable[str | os.PathLike[str]] = (),
) -> None:
    """Every output checked before the work: its kind and folder, never an input, never an
    existing file nobody named (`Output`), at most one `-`, no two on one path. Plain
    (option, path) pairs are outputs the user named."""
    inputs = list(inputs)
    seen: dict[object, str] = {}
    for given in outputs:
        output = given if isinstance(given, Output) else Output(*given)
        option, path = output.option, output.path
        kind = check_output(path, inputs)
        _check_kind(output, kind)
        if kind == "stream":
            continue
        key: object = STDOUT if kind == "stdout" else (_identity(path) or os.path.realpath(path))
        if key in seen:
            raise OutputError(f"{seen[key]} and {option} both name {path}: name two outputs")
        seen[key] = option


def free_name(path: str | os.PathLike[str], beside: Sequence[str] = ()) -> Path:
    """`path` if nothing is there, else the first of NAME-2.EXT, NAME-3.EXT ... that is
    free: a default output name never replaces a file nobody named. `beside`: suffixes of
    files written next to it (".vtt"), which must be free too."""
    path = Path(path)

    def free(candidate: Path) -> bool:
        names = [candidate, *(candidate.with_suffix(suffix) for suffix in beside)]
        return not any(os.path.lexists(name) for name in names)

    if free(path):
        return path
    for number in range(2, 10_000):
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        if free(candidate):
            return candidate
    raise OutputError(f"cannot write {path}: it and 9,998 numbered names beside it exist")


def is_stdout(path: str | os.PathLike[str]) -> bool:
    """`-`, or a name for the file standard output is (/dev/stdout, /dev/fd/1)."""
    if str(path) == STDOUT:
        return True
    try:
        return os.path.samestat(os.stat(path), os.fstat(1))
    except (OSError, ValueError):
        return False


@contextlib.contextmanager
def reserve_stdout() -> Iterator[None]:
    """While an output is `-`, standard output carries that output alone: whatever the
    command prints for people goes to stderr instead."""
    _reserved_stdout.append(sys.stdout)
    sys.stdout = sys.stderr
    try:
        yield
    finally:
        sys.stdout = _reserved_stdout.pop()


def _stdout() -> TextIO:
    return _reserved_stdout[-1] if _reserved_stdout else sys.stdout


def _temp_name(target: Path) -> str:
    return f".{target.name[:NAME_ROOM]}."


def temp_beside(target: str | os.PathLike[str], suffix: str, *, folder: bool = False) -> Path:
    """A new private temp file (or folder) in `target`'s real folder, to be renamed over
    `target` with `publish`; errors name `target`."""
    target = Path(target)
    check_folder(target)
    place = _folder_of(target)
    try:
        if folder:
            return Path(tempfile.mkdtemp(prefix=_temp_name(target), dir=place))
        fd, name = tempfile.mkstemp(prefix=_temp_name(target), suffix=suffix, dir=place)
    except OSError as exc:
        raise write_error(target, exc) from None
    os.close(fd)
    return Path(name)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def publish(temp: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Give a finished temp file (or folder) the permissions a plainly created one would
    have (mkstemp makes them private), then rename it over `target` (over the file a
    symbolic link names, not the link)."""
    mode = 0o777 if Path(temp).is_dir() else 0o666
    try:
        os.chmod(temp, mode & ~_umask())
        os.replace(temp, os.path.realpath(target))
    except OSError as exc:
        raise write_error(target, exc) from None


def _own_error(exc: BaseException, temp: object = None) -> bool:
    """Is `exc` a failure of the write itself (not of the caller's work in the block)?"""
    return isinstance(exc, OSError) and exc.filename in (None, temp, str(temp))


@overload
def open_output(
    path: str | os.PathLike[str], mode: Literal["w"] = "w"
) -> contextlib.AbstractContextManager[TextIO]: ...
@overload
def open_output(
    path: str | os.PathLike[str], mode: Literal["wb"]
) -> contextlib.AbstractContextManager[BinaryIO]: ...
def open_output(
    path: str | os.PathLike[str], mode: str = "w"
) -> contextlib.AbstractContextManager[IO[Any]]:
    """A context giving a stream (text for "w", bytes for "wb") for the output `path`: see
    the module docstring for what happens to each kind of target."""
    return _open_output(path, mode)


@contextlib.contextmanager
def _open_output(path: str | os.PathLike[str], mode: str) -> Iterator[IO[Any]]:
    kind = output_kind(path)
    binary = "b" in mode
    encoding = None if binary else "utf-8"
    if kind == "stream" and is_stdout(path):
        kind = "stdout"  # /dev/stdout: reopening it would truncate a file opened with >>
    if kind == "stdout":
        stream = _stdout()
        yield stream.buffer if binary else stream
        stream.flush()
        return
    if kind == "stream":
        try:
            handle = open(path, mode, encoding=encoding)  # noqa: SIM115 - closed below
        except OSError as exc:
            raise write_error(path, exc) from None
        try:
            with handle:
                yield handle
        except OSError as exc:
            if _own_error(exc, path):
                raise write_error(path, exc) from None
            raise
        return
    temp = temp_beside(path, ".tmp")
    try:
        with open(temp, mode, encoding=encoding) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        publish(temp, path)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        if _own_error(exc, temp):
            raise write_error(path, exc) from None
        raise
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    with open_output(path, "wb") as out:
        out.write(data)
    return Path(path)


def write_json(path: str | os.PathLike[str], document: object) -> Path:
    """Write `document` as indented UTF-8 JSON, rows of numbers on one line (see
    `solvers.jsontext` and `open_output`)."""
    with open_output(path) as out:
        write_json_to(out, document)
    return Path(path)

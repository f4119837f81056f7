"""numba's njit, with its on-disk cache in a folder keyed by our sources, and a cache that
heals.

Numba's cache checks only the source file of the function it compiled, but our kernels
inline helpers from other modules (solvers.kernel_trace above all), so after an edit of a
helper a cached kernel would silently keep the old code. The cache therefore lives in a
folder named after a hash of every source file of this package: any edit starts a fresh
cache, and switching back finds the old one. Kernel modules import `njit` from here, so the
folder is chosen before their first kernel is decorated; importing `solvers` alone does no
work at all.

The cache folder is the user's, and so are its accidents: a disk that filled up while an
entry was written, a copy that stopped half-way, a file someone edited. numba itself
trusts what it finds (a truncated index is a traceback, and a flipped byte in an object
file goes straight to LLVM), so our kernels use `HealingCache`: every entry it writes
carries a SHA-256 of its contents, an entry that fails the check or does not load is
dropped and compiled again, and the first such entry of a run is said in one line. A
read-only folder is read as it is (a complete cache runs at full speed); what it lacks is
compiled on every run, which one line says. A folder that cannot be made at all gives way
to a private one under the system's temporary folder.

Kernels release the GIL (nogil=True unless a kernel says otherwise): a search runs on a
worker thread while the main thread waits for Ctrl-C (solvers.interrupt), and a kernel
holding the GIL for minutes would keep the main thread from ever hearing it.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import pickle
import re
import shutil
import stat
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar, overload

KEEP_CACHES = 4
CHECKED = b"PUZZLEVIZ-NBC1"  # the mark of an entry written with its digest
MAX_ENTRY = 256 << 20  # bytes: a compiled kernel takes a few MB at most


def cache_folder() -> Path:
    """Where the kernels of these sources are cached (NUMBA_CACHE_DIR if set)."""
    chosen = os.environ.get("NUMBA_CACHE_DIR")
    if chosen:
        return Path(chosen)
    return keyed_folder(_user_cache_home())


def keyed_folder(home: Path) -> Path:
    """The folder of these sources' kernels under the cache home `home`."""
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return home / "puzzleviz" / "numba" / digest.hexdigest()[:16]


def _user_cache_home() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def _source_keyed_cache() -> None:
    if "NUMBA_CACHE_DIR" in os.environ:
        return
    folder = keyed_folder(_user_cache_home())
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            _prune(folder.parent)  # only when a new cache starts: old ones accumulate no faster
        os.utime(folder)  # most recently used
    except OSError as exc:
        if not folder.is_dir():  # (a read-only folder that exists is still read)
            _unusable[str(folder)] = exc.strerror or str(exc)
            folder = _private_folder(folder)
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    if "numba" in sys.modules:
        from numba.core import config

        config.reload_config()  # type: ignore[no-untyped-call]


def _private_folder(wanted: Path) -> Path:
    """A cache of our own under the temporary folder when the user's cannot be made: kept
    between runs, but only if this user owns it and nobody else may write into it."""
    base = Path(tempfile.gettempdir()) / f"puzzleviz-{os.getuid()}"
    try:
        base.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(base)
        if info.st_uid != os.getuid() or not stat.S_ISDIR(info.st_mode) or info.st_mode & 0o022:
            raise PermissionError(f"{base} is not this user's own folder")
        folder = base / wanted.name
        folder.mkdir(exist_ok=True)
        return folder
    except OSError:
        return Path(tempfile.mkdtemp(prefix="puzzleviz-numba-"))


def _prune(base: Path) -> None:
    folders = sorted(base.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in folders[KEEP_CACHES:]:
        shutil.rmtree(old, ignore_errors=True)


_unusable: dict[str, str] = {}  # the cache folder wanted and why it could not be made

_source_keyed_cache()

import numba  # noqa: E402  (after the cache folder is chosen)
from numba import prange, typeof, types  # noqa: E402
from numba.core import caching, dispatcher  # noqa: E402
from numba.core import config as _config  # noqa: E402
from numba.core import event as numba_event  # noqa: E402
from puzzleviz.solvers import memory  # noqa: E402
from puzzleviz.solvers.cachefiles import open_regular  # noqa: E402  (a FIFO would block open())
from puzzleviz.solvers.progress import say  # noqa: E402

numba_config: Any = _config  # numba's internals are untyped: what this module uses of them
_caching: Any = caching
_event: Any = numba_event


# The head of an index another numba wrote: its version, a short str pickled (protocol 2..5).
_ANOTHER_VERSION = re.compile(rb"\x80[\x02-\x05](?:\x95[\s\S]{8})?(?:\x8c|X)[\s\S]")


class DamagedEntry(Exception):
    """A cache entry whose digest does not match its contents, or without a digest."""


def _checked(raw: bytes, path: str) -> bytes:
    head = len(CHECKED) + 32
    if raw[: len(CHECKED)] != CHECKED or len(raw) < head:
        raise DamagedEntry(f"{os.path.basename(path)} is not an entry of ours")
    payload = raw[head:]
    if hashlib.sha256(payload).digest() != raw[len(CHECKED) : head]:
        raise DamagedEntry(f"{os.path.basename(path)} does not match its digest")
    return payload


class _CheckedFile(_caching.IndexDataCacheFile):  # type: ignore[misc]
    """numba's index and data files, each payload behind a mark and its SHA-256, so that
    a damaged entry is found before pickle or LLVM read it."""

    def _dump(self, obj: Any) -> bytes:
        payload: bytes = super()._dump(obj)
        return CHECKED + hashlib.sha256(payload).digest() + payload

    def _load_index(self) -> dict[Any, str]:
        """The index's overloads. numba writes its version as a pickle ahead of the
        checked payload; that head is compared as bytes, never unpickled, because
        unpickling garbage can ask for any amount of memory and fail in ways that print
        past us."""
        try:
            with open_regular(Path(self._index_path)) as f:
                if os.fstat(f.fileno()).st_size > MAX_ENTRY:
                    raise DamagedEntry(
                        f"{os.path.basename(self._index_path)} is larger than any index"
                    )
                raw = f.read()
        except FileNotFoundError:
            return {}
        head = pickle.dumps(self._version, protocol=-1)
        if not raw.startswith(head):
            if head.startswith(raw):
                raise DamagedEntry(f"{os.path.basename(self._index_path)} is truncated")
            if _ANOTHER_VERSION.match(raw):
                return {}  # another numba's: overwritten as entries are saved
            raise DamagedEntry(f"{os.path.basename(self._index_path)} is not an index of numba's")
        stamp, overloads = pickle.loads(_checked(raw[len(head) :], self._index_path))
        return overloads if stamp == self._source_stamp else {}

    def _load_data(self, name: str) -> Any:
        path = self._data_path(name)
        with open_regular(Path(path)) as f:
            if os.fstat(f.fileno()).st_size > MAX_ENTRY:
                raise DamagedEntry(f"{os.path.basename(path)} is larger than any kernel")
            raw = f.read()
        return pickle.loads(_checked(raw, path))


class _ReadableLocator(_caching.UserProvidedCacheLocator):  # type: ignore[misc]
    """numba's NUMBA_CACHE_DIR locator, which also takes a folder it cannot write to as
    long as it exists: its entries load, new ones are not kept (HealingCache says so)."""

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        if not numba_config.CACHE_DIR or not os.path.exists(py_file):
            return None
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()
        except OSError:
            if not os.path.isdir(self.get_cache_path()):
                return None
        return self


class _PrivateLocator(_caching.UserProvidedCacheLocator):  # type: ignore[misc]
    """The last resort, after numba's own (beside the sources, then ~/.cache/numba): a
    private folder under the temporary folder, rather than numba's RuntimeError."""

    def __init__(self, py_func: Any, py_file: str):
        super().__init__(py_func, py_file)
        home = _private_folder(Path(numba_config.CACHE_DIR or "numba"))
        self._cache_path = os.path.join(home, self.get_suitable_cache_subpath(py_file))

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()
        except OSError:
            return None
        return self


class _Impl(_caching.CompileResultCacheImpl):  # type: ignore[misc]
    _locator_classes: ClassVar[list[type]] = [
        _ReadableLocator, *_caching.CompileResultCacheImpl._locator_classes, _PrivateLocator
    ]  # fmt: skip


class HealingCache(_caching.FunctionCache):  # type: ignore[misc]
    """numba's per-function cache, but a damaged entry is dropped and compiled again, and a
    folder that keeps nothing is said once instead of failing the kernel."""

    _impl_class = _Impl

    def __init__(self, py_func: Any):
        super().__init__(py_func)
        cache_file: Any = getattr(self, "_cache_file")  # noqa: B009  (numba's, untyped)
        self._cache_file: Any = _CheckedFile(
            cache_path=cache_file._cache_path,
            filename_base=self._impl.filename_base,
            source_stamp=cache_file._source_stamp,
        )

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        try:
            return super().load_overload(sig, target_context)
        except Exception as exc:  # truncated, garbage, another format: all the same to us
            self._drop(exc)
            return None

    def save_overload(self, sig: Any, data: Any) -> None:
        try:
            super().save_overload(sig, data)
        except OSError as exc:
            _say_once("unwritable", _unwritable_notice(self._cache_path, exc))
        except Exception as exc:  # the index was damaged too and could not be dropped
            self._drop(exc)

    def _drop(self, exc: BaseException) -> None:
        base = os.path.join(self._cache_path, glob.escape(self._impl.filename_base))
        failed = False
        for path in [self._cache_file._index_path, *glob.glob(base + ".*.nbc")]:
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
            except OSError:
                failed = True
        what = _one_line(exc) if isinstance(exc, DamagedEntry) else (
            f"{type(exc).__name__}: {_one_line(exc)}")  # fmt: skip
        fate = "kept (a read-only folder) and compiled again on every run" if failed else (
            "dropped and compiled again, a slower start")  # fmt: skip
        _say_once("damaged", f"a damaged kernel cache entry ({what}) was {fate} "
                             f"(cache: {self._cache_path})")  # fmt: skip


def _unwritable_notice(folder: str, exc: OSError) -> str:
    return (
        f"the kernel cache {folder} is read-only ({exc.strerror or exc}): kernels it lacks "
        "are compiled again on every run, a slower start (make it writable, or set "
        "XDG_CACHE_HOME to a folder that is)"
    )


_said: set[str] = set()


def _say_once(key: str, text: str) -> None:
    """One line on stderr, the first time only: a hundred kernels may share one cause."""
    if key in _said:
        return
    _said.add(key)
    with contextlib.suppress(OSError, ValueError, AttributeError):  # a closed stderr
        say(f"puzzleviz: {text}")


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:160] or type(exc).__name__


def _private_notice() -> None:
    """Said when the first cached kernel is declared: the cache wanted could not be made."""
    if _unusable:
        wanted, reason = next(iter(_unusable.items()))
        _say_once(
            "unusable",
            f"the kernel cache {wanted} cannot be made ({reason}): kernels are compiled "
            f"into {numba_config.CACHE_DIR} instead",
        )


class _CompileMemory(_event.Listener):  # type: ignore[misc]
    """Sets aside (solvers.memory) what the process grows while numba holds its compiler
    lock: compiling or loading a kernel is not the search the memory budget watches."""

    def __init__(self) -> None:
        self._depth = 0
        self._start = 0
        self._lock = threading.Lock()

    def on_start(self, event: Any) -> None:
        with self._lock:
            self._depth += 1
            if self._depth == 1:
                self._start = memory.resident()

    def on_end(self, event: Any) -> None:
        with self._lock:
            self._depth -= 1
            if self._depth == 0:
                memory.set_aside(memory.resident() - self._start)


_event.register("numba:compiler_lock", _CompileMemory())

# numba looks the cache class up by this name when a kernel asks for caching
# (Dispatcher.enable_caching), so pointing the name here gives every cached kernel of ours,
# and of any plugin, the healing cache; nothing else in numba changes.
dispatcher.FunctionCache = HealingCache  # type: ignore[attr-defined]


F = TypeVar("F", bound=Callable[..., Any])


@overload
def njit(function: F, /) -> F: ...
@overload
def njit(*signatures: Any, **options: Any) -> Callable[[F], F]: ...
def njit(*args: Any, **options: Any) -> Any:
    """numba.njit, releasing the GIL unless told otherwise (see the module docstring)."""
    options.setdefault("nogil", True)
    if options.get("cache"):
        _private_notice()
    return numba.njit(*args, **options)


__all__ = ["HealingCache", "cache_folder", "njit", "prange", "typeof", "types"]

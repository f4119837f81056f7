"""A damaged cache heals (issue 31): every kind of cache file is truncated, emptied,
overwritten with garbage or edited with its checksum put right, then the command runs
again and must give the same answer, say once what was damaged, and leave the cache
rebuilt, so that the run after is quiet again. A read-only cache runs as it is and says
why it is slower; a cache folder that cannot be made gives way to a private one.

The numba cases run real processes (a forked one would find the kernels in memory);
the rings tables and goal sets run forked (tests/reliability/forked.py), with a cache
folder of their own and the kernels' cache the test's."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.jit import cache_folder

from tests.reliability.forked import preload, run_forked

QUEENS = ["solve", "queens", "--n", "8", "-q"]
TABLES = ["solve", "rings", "--config", "2/16/2/2", "--method", "optimal", "--scramble", "12",
          "--seed", "1", "-q"]  # fmt: skip
GOALS = ["solve", "rings", "--config", "olympic-2", "--scramble", "30", "--seed", "1", "-q"]


def _cli(argv: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "puzzleviz.viz.cli", *argv], cwd=cwd, env=env, capture_output=True,
        text=True, timeout=600,
    )  # fmt: skip


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "DISPLAY")}
    return {**env, "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PUZZLEVIZ_WARM": "0", **extra}


# ----- the numba kernel cache ---------------------------------------------------------------


@pytest.fixture(scope="module")
def warm_kernels(tmp_path_factory) -> tuple[Path, str]:
    """A kernel cache holding the queens kernels, and what the command prints with it."""
    folder = tmp_path_factory.mktemp("kernels")
    first = _cli(QUEENS, _env(NUMBA_CACHE_DIR=str(folder)), folder)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    assert list(folder.rglob("*.nbi")) and list(folder.rglob("*.nbc"))
    return folder, first.stdout


def _flip_middle(raw: bytes) -> bytes:
    middle = len(raw) // 2
    return raw[:middle] + bytes([raw[middle] ^ 0xFF]) + raw[middle + 1 :]


KERNEL_DAMAGE: dict[str, tuple[str, Callable[[bytes], bytes], str]] = {
    "truncated index": ("nbi", lambda raw: raw[:10], "truncated"),
    "garbage index": ("nbi", lambda raw: os.urandom(len(raw)), "not an index of numba's"),
    # a pickle opcode asking for 2**60 bytes: unpickled, it fails past any except clause
    "index asking for memory": (
        "nbi",
        lambda raw: b"\x80\x05\x96" + (1 << 60).to_bytes(8, "little") + raw[11:],
        "not an index of numba's",
    ),
    "empty data": ("nbc", lambda raw: b"", "not an entry of ours"),
    "garbage data": ("nbc", lambda raw: b"\x80\x04garbage" * 40, "not an entry of ours"),
    "one byte of the data flipped": ("nbc", _flip_middle, "does not match its digest"),
    "truncated data": ("nbc", lambda raw: raw[: len(raw) // 3], "does not match its digest"),
}


@pytest.mark.parametrize("damage", list(KERNEL_DAMAGE))
def test_a_damaged_kernel_cache_entry_is_dropped_and_compiled_again(warm_kernels, tmp_path, damage):
    warm, answer = warm_kernels
    folder = tmp_path / "kernels"
    shutil.copytree(warm, folder)
    suffix, spoil, reason = KERNEL_DAMAGE[damage]
    damaged = sorted(folder.rglob(f"kernels.count_from-*.{suffix}"))
    assert damaged, "the kernel every queens count runs"
    for path in damaged:
        path.write_bytes(spoil(path.read_bytes()))
    env = _env(NUMBA_CACHE_DIR=str(folder))
    run = _cli(QUEENS, env, tmp_path)
    assert run.returncode == 0 and run.stdout == answer, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "damaged kernel cache entry" in lines[0], run.stderr
    assert reason in lines[0] and "dropped and compiled again" in lines[0]
    again = _cli(QUEENS, env, tmp_path)  # healed: the entry was written anew
    assert again.returncode == 0 and again.stdout == answer and again.stderr == ""


def test_a_fifo_in_place_of_a_kernel_index_neither_blocks_nor_stays(warm_kernels, tmp_path):
    warm, answer = warm_kernels
    folder = tmp_path / "kernels"
    shutil.copytree(warm, folder)
    (index,) = folder.rglob("kernels.count_from-*.nbi")
    index.unlink()
    os.mkfifo(index)
    run = _cli(QUEENS, _env(NUMBA_CACHE_DIR=str(folder)), tmp_path)
    assert run.returncode == 0 and run.stdout == answer, run.stderr
    assert "not a regular file" in run.stderr and "dropped and compiled again" in run.stderr
    assert index.is_file()


def _read_only(folder: Path, argv: list[str], env: dict[str, str], cwd: Path):
    """Run with `folder` read-only, as a user who may not write there: a read-only bind
    mount in a mount namespace of its own when this runs as root (root writes anywhere),
    else the folder's write bits taken away."""
    if os.getuid() == 0:
        if shutil.which("unshare") is None:
            pytest.skip("needs unshare to make a folder read-only for root")
        mount = (f"mount --bind {folder} {folder} && mount -o remount,bind,ro {folder} && "
                 f"exec {sys.executable} -m puzzleviz.viz.cli {' '.join(argv)}")  # fmt: skip
        command = ["unshare", "-m", "--propagation", "private", "sh", "-c", mount]
        run = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                             timeout=600)  # fmt: skip
        if "mount:" in run.stderr or "unshare:" in run.stderr:
            pytest.skip(f"no read-only mount here: {run.stderr.strip()}")
        return run
    for path in [folder, *folder.rglob("*")]:
        path.chmod(path.stat().st_mode & ~0o222)
    try:
        return _cli(argv, env, cwd)
    finally:
        for path in [folder, *folder.rglob("*")]:
            path.chmod(path.stat().st_mode | 0o200)


def test_a_read_only_kernel_cache_is_used_as_it_is_and_what_it_lacks_is_said(
    warm_kernels, tmp_path
):
    warm, answer = warm_kernels
    folder = tmp_path / "kernels"
    shutil.copytree(warm, folder)
    env = _env(NUMBA_CACHE_DIR=str(folder))
    whole = _read_only(folder, QUEENS, env, tmp_path)
    assert whole.returncode == 0 and whole.stdout == answer and whole.stderr == ""
    for path in folder.rglob("kernels.count_from-*"):
        path.unlink()
    lacking = _read_only(folder, QUEENS, env, tmp_path)
    assert lacking.returncode == 0 and lacking.stdout == answer, lacking.stderr
    lines = lacking.stderr.strip().splitlines()
    assert (
        len(lines) == 1
        and "is read-only" in lines[0]
        and "compiled again on every run" in (lines[0])
    )
    assert not list(folder.rglob("kernels.count_from-*"))


def test_a_kernel_cache_that_cannot_be_made_gives_way_to_a_private_one(warm_kernels, tmp_path):
    _, answer = warm_kernels
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache home should be")
    private = tmp_path / "tmp"
    private.mkdir()
    env = _env(XDG_CACHE_HOME=str(blocked), TMPDIR=str(private))
    run = _cli(QUEENS, env, tmp_path)
    assert run.returncode == 0 and run.stdout == answer, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot be made" in lines[0] and str(private) in lines[0]
    mine = private / f"puzzleviz-{os.getuid()}"
    assert (mine.stat().st_mode & 0o777) == 0o700 and list(mine.rglob("*.nbi"))
    again = _cli(QUEENS, env, tmp_path)  # the private cache is kept: no compiling again
    assert again.returncode == 0 and again.stdout == answer


# ----- rings pattern databases and goal sets --------------------------------------------------


@pytest.fixture(scope="module")
def rings_cache(tmp_path_factory) -> tuple[Path, str, dict[str, bytes]]:
    """A cache home with the 2/16/2/2 tables (built by the command) and the olympic-2
    goal set, what the commands print, and the files as they were made."""
    preload()
    home = tmp_path_factory.mktemp("rings-cache")
    env = _forked_env(home)
    tables = run_forked(TABLES, cwd=home, env=env, timeout=300)
    assert tables.code == 0 and "puzzleviz:" not in tables.err, tables.err
    goals = run_forked(GOALS, cwd=home, env=env, timeout=300)
    assert goals.code == 0 and "puzzleviz:" not in goals.err, goals.err
    made = {str(p.relative_to(home)): p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert any(name.endswith(".pdb") for name in made) and any(n.endswith(".npy") for n in made)
    return home, _answer(tables.out), made


def _answer(out: str) -> str:
    """What a rings solve found, without its counts and time ('optimal: shortest: 12 moves
    (proven)'): the threads of the optimal search share out the nodes differently."""
    return re.sub(r" \([\d,]+ positions expanded, [\d.]+ s\)", "", out)


def _forked_env(home: Path) -> dict[str, str]:
    env = _env(XDG_CACHE_HOME=str(home), NUMBA_CACHE_DIR=str(cache_folder()))
    return {**env, "PUZZLEVIZ_PROGRESS": "1"}


def _tampered(raw: bytes, entries: Callable[[np.ndarray], np.ndarray]) -> bytes:
    """A table whose entries are changed and whose CRC and layers are put right, as a
    hand that meant it would."""
    magic, rest = raw.split(b"\n", 1)
    head, data = rest.split(b"\n", 1)
    header = json.loads(head)
    packed = entries(np.frombuffer(data, dtype=np.uint8).copy())
    values = np.stack([packed & 15, packed >> 4], axis=1).ravel()[: header["entries"]]
    layers = np.bincount(values, minlength=16).tolist()
    while layers and layers[-1] == 0:
        layers.pop()
    header["layers"], header["crc32"] = layers, zlib.crc32(packed.tobytes())
    return magic + b"\n" + json.dumps(header).encode() + b"\n" + packed.tobytes()


def _lowered(packed: np.ndarray) -> np.ndarray:
    low, high = packed & 15, packed >> 4
    low, high = np.where(low > 1, low - 1, low), np.where(high > 1, high - 1, high)
    return (low | high << 4).astype(np.uint8)


def _edit_header(raw: bytes, **changes: object) -> bytes:
    magic, rest = raw.split(b"\n", 1)
    head, data = rest.split(b"\n", 1)
    return magic + b"\n" + json.dumps({**json.loads(head), **changes}).encode() + b"\n" + data


def _zeroed(raw: bytes) -> bytes:
    return _tampered(raw, np.zeros_like)


def _lowered_whole(raw: bytes) -> bytes:
    return _tampered(raw, _lowered)


TABLE_DAMAGE: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "empty": (lambda raw: b"", "not a pattern database"),
    "garbage": (lambda raw: os.urandom(4096), "not a pattern database"),
    "truncated": (lambda raw: raw[: len(raw) // 2], "bytes of entries where"),
    "longer": (lambda raw: raw + b"\0" * 100, "more bytes of entries"),
    "header of another version": (lambda raw: _edit_header(raw, version=0), "header"),
    "header unreadable": (lambda raw: raw.replace(b'"version"', b'"vers\xffion', 1), "header"),
    "one entry flipped": (_flip_middle, "checksum"),
    "every entry 0, checksum put right": (_zeroed, "breaks the rules"),
    "entries lowered, checksum put right": (_lowered_whole, "breaks the rules"),
}


@pytest.mark.parametrize("damage", list(TABLE_DAMAGE))
def test_a_damaged_pattern_database_is_said_and_built_again(rings_cache, tmp_path, damage):
    home, answer, made = rings_cache
    spoil, reason = TABLE_DAMAGE[damage]
    cache = tmp_path / "cache"
    shutil.copytree(home, cache)
    (name,) = [n for n in made if n.endswith(".pdb")]
    (cache / name).write_bytes(spoil(made[name]))
    run = run_forked(TABLES, cwd=tmp_path, env=_forked_env(cache), timeout=300)
    assert run.code == 0 and _answer(run.out) == answer, run.err
    lines = run.err.replace("\r", "\n").strip().splitlines()
    said = [line for line in lines if line.startswith("puzzleviz:")]
    assert len(said) == 1 and "pattern database" in said[0] and "is damaged" in said[0], lines
    assert reason in said[0] and "building it again" in said[0]
    assert any("pattern database (built once)" in line for line in lines), "its progress bar"
    assert (cache / name).read_bytes() == made[name], "built again and kept"


def test_a_garbage_table_is_not_taken_for_a_table_at_hand(rings_cache, tmp_path, monkeypatch):
    """tables_ready reads headers: the practical method does not start a build of minutes
    on the word of a file name."""
    from puzzleviz.solvers.rings.model.config import RingConfig
    from puzzleviz.solvers.rings.optimal import colour_pdb

    home, _, made = rings_cache
    (name,) = [n for n in made if n.endswith(".pdb")]
    cache = tmp_path / "cache"
    shutil.copytree(home, cache)
    config = RingConfig.parse("2/16/2/2")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    colour_pdb.forget_tables()
    assert colour_pdb.tables_ready(config)
    (cache / name).write_bytes(b"garbage" * 1000)
    assert not colour_pdb.tables_ready(config)


def _row_repeated(raw: bytes) -> bytes:
    rows = np.load(io.BytesIO(raw))
    rows[-1] = rows[-2]
    out = io.BytesIO()
    np.save(out, rows)
    return out.getvalue()


@pytest.mark.parametrize("damage", ["empty", "garbage", "rows repeated"])
def test_a_damaged_goal_set_is_said_and_listed_again(rings_cache, tmp_path, damage):
    home, _, made = rings_cache
    (name,) = [n for n in made if n.endswith(".npy")]
    cache = tmp_path / "cache"
    shutil.copytree(home, cache)
    spoil = {
        "empty": lambda raw: b"",
        "garbage": lambda raw: b"\x93NUMPY garbage" * 50,
        "rows repeated": _row_repeated,
    }[damage]
    (cache / name).write_bytes(spoil(made[name]))
    before = run_forked(GOALS, cwd=home, env=_forked_env(home), timeout=300)
    run = run_forked(GOALS, cwd=tmp_path, env=_forked_env(cache), timeout=300)
    assert run.code == 0 and _answer(run.out) == _answer(before.out), run.err
    said = [line for line in run.err.replace("\r", "\n").splitlines()
            if line.startswith("puzzleviz:")]  # fmt: skip
    assert len(said) == 1 and "goal set" in said[0] and "listing the goals again" in said[0]
    assert (cache / name).read_bytes() == made[name], "listed again and kept"

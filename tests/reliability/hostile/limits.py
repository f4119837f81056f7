"""Hostile inputs: limits (see __init__.py). Odd values for the options that bound memory,
time and work (--max-memory, --max-events, --max-nodes, --workers, --each, --scheduler)
and for the recorder's pace and picture (--fps, --msaa, --speed, --seconds, --size,
--crf), across the commands; memory bombs that the budget bounds (each carries a small
--max-memory: a bomb under the default budget would take half the machine); addresses
where no Dask scheduler answers (silent, speaking another protocol, hanging up); and
damaged rings caches (tables and goal sets), each case with a cache folder of its own
outside the corpus folder, which the case heals.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import zlib
from pathlib import Path

from tests.reliability.hostile.case import Case

ONE_SOLUTION = ("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2....."
                "1.4......")  # fmt: skip
EMPTY_9 = "." * 81
EMPTY_16 = "." * 256
TRACE = "limits-queens.pzt"
HUGE = "limits-huge.json"
TABLES = ("solve", "rings", "--config", "2/16/2/2", "--method", "optimal", "--scramble", "12",
          "--seed", "1", "-q")  # fmt: skip
GOALS = ("solve", "rings", "--config", "olympic-2", "--scramble", "30", "--seed", "1", "-q")
CACHES = "limits-caches"  # beside the corpus folder: a healed cache changes no corpus file


def _servers() -> dict[str, int]:
    """Local addresses where something that is not a Dask scheduler listens, for the life
    of the test process: one that accepts and says nothing (the kernel's listen queue
    accepts for it), one that answers as SSH does, one that hangs up at once, and a port
    where nothing listens."""
    ports: dict[str, int] = {}
    silent = socket.create_server(("127.0.0.1", 0), backlog=64)
    _keep.append(silent)
    ports["silent"] = silent.getsockname()[1]
    for name, greeting in (("banner", b"SSH-2.0-OpenSSH_9.6\r\n"), ("hangup", b"")):
        server = socket.create_server(("127.0.0.1", 0), backlog=64)
        _keep.append(server)
        ports[name] = server.getsockname()[1]
        threading.Thread(target=_answer, args=(server, greeting), daemon=True).start()
    with socket.create_server(("127.0.0.1", 0)) as closed:
        ports["nobody"] = closed.getsockname()[1]
    return ports


_keep: list[socket.socket] = []


def _answer(server: socket.socket, greeting: bytes) -> None:
    while True:
        try:
            conn, _ = server.accept()
        except OSError:
            return
        try:
            if greeting:
                conn.sendall(greeting)
        except OSError:
            pass
        finally:
            if not greeting:
                conn.close()
            else:
                _keep.append(conn)


PORTS = _servers()


def _sizes() -> list[Case]:
    """--max-memory values no budget can be, on every command that searches."""
    odd = [
        ("solve", "queens", "--max-memory", "abc"),
        ("solve", "sudoku", ONE_SOLUTION, "--max-memory", "-1G"),
        ("solve", "cube", "--max-memory", "1k"),
        ("solve", "digits", "--max-memory", "nan"),
        ("solve", "rings", "--max-memory", "inf"),
        ("solve", "set", "--max-memory", "1e400"),
        ("rings", "stats", "--config", "2/8/2/2", "--max-memory", "200%"),
        ("rings", "sample", "--max-memory", "0%"),
        ("solve", "queens", "--max-memory", "-5%"),
        ("solve", "queens", "--max-memory", "2X"),
        ("solve", "queens", "--max-memory", ""),
        ("solve", "queens", "--max-memory", "1.5.5G"),
        ("solve", "queens", "--max-memory", "1e30"),
        ("solve", "queens", "--max-memory", "0x10"),
        ("solve", "queens", "--max-memory", "63M"),
        ("solve", "rings", "--max-memory", "12 parsecs"),
    ]
    return [Case.of("limits-memory-option", *argv, match="argument --max-memory") for argv in odd]


def _bombs() -> list[Case]:
    """Searches that grew to gigabytes, bounded now by the budget: a line, and a partial
    result where there is one."""
    fresh = (("XDG_CACHE_HOME", f"{{folder}}/../{CACHES}/empty"),)
    return [
        Case.of("limits-bomb-rings-bfs", "solve", "rings", "--method", "bfs", "--shuffle", "3",
                "--max-nodes", "0", "--max-memory", "256M",
                match="positions the memory budget of 256 MB holds"),
        Case.of("limits-bomb-rings-astar", "solve", "rings", "--method", "astar", "--shuffle",
                "5", "--max-nodes", "100000000", "--max-memory", "128M",
                match="memory budget of 128 MB holds"),
        Case.of("limits-bomb-trace-cube", "solve", "cube", "--puzzle", "conway", "--all",
                "--node-limit", "0", "--trace", "/dev/null", "--max-events", "1e8",
                "--max-memory", "256M", "-q", code=0,
                match="events are what the memory budget holds"),
        Case.of("limits-bomb-trace-queens", "solve", "queens", "--n", "13", "--all", "--trace",
                "/dev/null", "--max-events", "100000000", "--max-memory", "96M", "-q", code=0,
                match="--max-memory raises it"),
        Case.of("limits-bomb-bfs-states", "rings", "stats", "--config", "2/18/1/2",
                "--max-states", "2.5e9", "--max-memory", "64M",
                match="more than the memory budget of 64.0 MB"),
        Case.of("limits-bomb-table", "solve", "rings", "--config", "2/18/2/2", "--method",
                "optimal", "--scramble", "20", "--seed", "1", "--max-memory", "64M",
                match="pattern database of 2/18/2/2", env=fresh, timeout=60),
        Case.of("limits-bomb-frame", "solve", "digits", "--puzzle", HUGE, "--max-memory",
                "100M", match="memory budget of 100 MB", timeout=90),
    ]  # fmt: skip


def _counts() -> list[Case]:
    """--max-events, --max-nodes and the other counts, out of range or not numbers."""
    odd = [
        (("solve", "queens", "--max-events", "1e9"), "more than the most allowed"),
        (("solve", "queens", "--max-events", "0"), "at least 1"),
        (("solve", "sudoku", ONE_SOLUTION, "--max-events", "-1"), "--max-events"),
        (("solve", "cube", "--max-events", "1.5"), "not a whole number"),
        (("solve", "digits", "--max-events", "nan"), "not a whole number"),
        (("solve", "queens", "--max-nodes", "-1"), "cannot be negative"),
        (("solve", "queens", "--max-nodes", "1e16"), "more than the most allowed"),
        (("solve", "set", "--max-nodes", "1.5"), "not a whole number"),
        (("solve", "cube", "--node-limit", "nan"), "not a whole number"),
        (("solve", "digits", "--max-nodes", "0x10"), "not a whole number"),
        (("solve", "rings", "--method", "bfs", "--max-nodes", "1e9"), "at most 100,000,000"),
        (("rings", "sample", "--max-nodes", "0"), "at least 1"),
        (("rings", "sample", "--count", "1e7"), "more than the most allowed"),
        (("rings", "sample", "--per-part", "0"), "at least 1"),
        (("rings", "stats", "--config", "2/8/2/2", "--max-states", "0"), "at least 1"),
        (("rings", "stats", "--config", "2/8/2/2", "--width", "0"), "at least 1"),
        (("rings", "stats", "--config", "2/8/2/2", "--width", "1001"), "more than"),
        (("solve", "rings", "--scramble", "1e12"), "--scramble"),
    ]
    return [Case.of("limits-count", *argv, match=match) for argv, match in odd]


def _time_and_network() -> list[Case]:
    """Workers, per-position deadlines and scheduler addresses where nothing answers as a
    Dask scheduler: every wait has a deadline and names the address."""
    where = "tcp://127.0.0.1:{}"
    set_search = ("solve", "set", "--v", "4", "--n", "3")
    cases = [
        Case.of("limits-scheduler-silent", *set_search, "--scheduler",
                where.format(PORTS["silent"]), match="said nothing for 10 s", timeout=60),
        Case.of("limits-scheduler-banner", "rings", "sample", "--config", "2/8/2/2",
                "--scheduler", where.format(PORTS["banner"]),
                match="is not a Dask scheduler (it answered 'SSH-2.0-'"),
        Case.of("limits-scheduler-hangup", "solve", "digits", "--scheduler",
                where.format(PORTS["hangup"]), match="closed the connection"),
        Case.of("limits-scheduler-nobody", *set_search, "--scheduler",
                where.format(PORTS["nobody"]), match="no Dask scheduler at"),
    ]  # fmt: skip
    addresses = ["http://127.0.0.1:80", "tcp://127.0.0.1:0", "tcp://127.0.0.1:99999",
                 "localhost", "tcp://bad host:1", "tcp://:8786", ""]  # fmt: skip
    cases += [Case.of("limits-scheduler-address", *set_search, "--scheduler", text,
                      match="argument --scheduler") for text in addresses]  # fmt: skip
    workers = [
        ("solve", "set", "--workers", "0"),
        ("solve", "digits", "--workers", "257"),
        ("rings", "sample", "--workers", "-1"),
        ("solve", "set", "--workers", "1e3"),
        ("solve", "digits", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"),
    ]
    cases += [Case.of("limits-workers", *argv, match="--") for argv in workers]
    each = ["0", "-1", "nan", "1e9", "inf"]
    cases += [Case.of("limits-each", "rings", "sample", "--each", text, match="argument --each")
              for text in each]  # fmt: skip
    return cases


def _picture_and_pace() -> list[Case]:
    """The recorder's and the window's pace and picture: what no video or screen can be."""
    record = ("record", TRACE, "-o", "limits-out.mp4")
    odd = [
        ((*record, "--fps", "0"), "argument --fps"),
        ((*record, "--fps", "241"), "argument --fps"),
        ((*record, "--fps", "2.5"), "argument --fps"),
        ((*record, "--fps", "nan"), "argument --fps"),
        ((*record, "--msaa", "3"), "argument --msaa"),
        ((*record, "--msaa", "-1"), "argument --msaa"),
        (("play", TRACE, "--msaa", "16"), "argument --msaa"),
        ((*record, "--speed", "0"), "argument --speed"),
        ((*record, "--speed", "-1"), "argument --speed"),
        ((*record, "--speed", "nan"), "argument --speed"),
        ((*record, "--speed", "inf"), "argument --speed"),
        ((*record, "--speed", "1e-300"), "the recording would"),
        (("play", TRACE, "--speed", "0"), "argument --speed"),
        (("demo", "--speed", "-5"), "argument --speed"),
        ((*record, "--seconds", "0"), "--seconds"),
        ((*record, "--seconds", "inf"), "--seconds"),
        ((*record, "--seconds", "1e12"), "--seconds"),
        ((*record, "--size", "0x0"), "argument --size"),
        ((*record, "--size", "99999x99999"), "argument --size"),
        ((*record, "--size", "axb"), "argument --size"),
        ((*record, "--size", "1280"), "argument --size"),
        (("play", TRACE, "--size", "10x10"), "argument --size"),
        ((*record, "--crf", "52"), "argument --crf"),
        ((*record, "--crf", "-1"), "argument --crf"),
        ((*record, "--preset", "warp"), "argument --preset"),
        ((*record, "--from", "0"), "--from"),
        ((*record, "--from", "5", "--to", "2"), ""),
    ]
    return [Case.of("limits-picture", *argv, match=match) for argv, match in odd]


def _caches() -> list[Case]:
    """Damaged rings caches: the command gives its answer, says the damage, and heals its
    own copy (outside the corpus folder)."""
    cases = []
    for name, reason in TABLE_DAMAGE.items():
        env = (("XDG_CACHE_HOME", f"{{folder}}/../{CACHES}/table-{name}"),)
        cases.append(Case.of("limits-cache-table", *TABLES, code=0, env=env, timeout=90,
                             match=f"is damaged ({reason}"))  # fmt: skip
    for name, reason in GOAL_DAMAGE.items():
        env = (("XDG_CACHE_HOME", f"{{folder}}/../{CACHES}/goals-{name}"),)
        cases.append(Case.of("limits-cache-goals", *GOALS, code=0, env=env, timeout=120,
                             match=f"is damaged ({reason}"))  # fmt: skip
    return cases


def _misleading() -> list[Case]:
    return [
        Case.of("limits-hint-several", "sudoku", "hint", EMPTY_9,
                match="a hint needs a position with exactly one"),
        Case.of("limits-solve-several", "solve", "sudoku", EMPTY_16,
                match="pass --allow-multiple"),
    ]  # fmt: skip


# ----- the damaged caches ------------------------------------------------------------------


def _edited(raw: bytes, **changes: object) -> bytes:
    magic, rest = raw.split(b"\n", 1)
    head, data = rest.split(b"\n", 1)
    return magic + b"\n" + json.dumps({**json.loads(head), **changes}).encode() + b"\n" + data


def _zeroed(raw: bytes) -> bytes:
    """Every entry 0, with the CRC and the layers put right, as a hand that meant it."""
    magic, rest = raw.split(b"\n", 1)
    head, data = rest.split(b"\n", 1)
    header = json.loads(head)
    zeros = bytes(len(data))
    header["layers"], header["crc32"] = [header["entries"]], zlib.crc32(zeros)
    return magic + b"\n" + json.dumps(header).encode() + b"\n" + zeros


TABLE_DAMAGE = {
    "empty": "not a pattern database",
    "garbage": "not a pattern database",
    "truncated": "",
    "zeroed": "entry",
    "other-version": "its header",
    "folder": "not a regular file",
    "device": "not a regular file",
    "fifo": "not a regular file",
}
GOAL_DAMAGE = {"empty": "not a goal list", "garbage": "not a goal list"}


def _spoil_table(path: Path, how: str, raw: bytes) -> None:
    if how == "folder":
        path.mkdir()
    elif how == "device":
        path.symlink_to("/dev/zero")
    elif how == "fifo":
        os.mkfifo(path)
    else:
        spoil = {"empty": lambda: b"", "garbage": lambda: os.urandom(4096),
                 "truncated": lambda: raw[: len(raw) // 2], "zeroed": lambda: _zeroed(raw),
                 "other-version": lambda: _edited(raw, version=0)}[how]  # fmt: skip
        path.write_bytes(spoil())


def _caches_made(base: Path) -> None:
    """A cache home per damaged-cache case. The table is built by the command itself, in a
    forked process: built here, its parallel kernels would start GNU OpenMP in the test
    process, and OpenMP ends the forked cases that use it again ("fork() called from a
    process already using GNU OpenMP")."""
    from puzzleviz.solvers.rings.model import goal
    from puzzleviz.solvers.rings.model.config import RingConfig

    from tests.reliability.forked import run_forked

    (base / "empty").mkdir(parents=True)
    whole = base / "whole"
    env = {**os.environ, "XDG_CACHE_HOME": str(whole)}
    built = run_forked(TABLES, cwd=base, env=env, timeout=300)
    assert built.code == 0, built.err
    (big,) = list((whole / "puzzleviz" / "rings-pdb").iterdir())
    for how in TABLE_DAMAGE:
        home = base / f"table-{how}"
        shutil.copytree(whole, home)
        target = home / "puzzleviz" / "rings-pdb" / big.name
        target.unlink()
        _spoil_table(target, how, big.read_bytes())
    olympic = RingConfig.parse("5/18/2/2")
    for how in GOAL_DAMAGE:
        path = base / f"goals-{how}" / "puzzleviz" / "rings-goals"
        path.mkdir(parents=True)
        name = goal._cache_path(olympic).name
        (path / name).write_bytes(b"" if how == "empty" else b"\x93NUMPY" + os.urandom(300))


def make_files(folder: Path) -> None:
    """The files this area's cases use, made in the shared corpus folder (a trace, a frame
    too large to prepare quickly), and the damaged caches beside it."""
    from puzzleviz.solvers.registry import puzzles
    from puzzleviz.solvers.tracefile import save_trace

    save_trace(puzzles()["queens"].demo.load()(), folder / TRACE)
    (folder / HUGE).write_text('{"name": "huge", "frame": {"width": 64, "height": 64}}')
    base = folder.parent / CACHES
    if base.exists():
        shutil.rmtree(base)
    _caches_made(base)


CASES: list[Case] = [
    *_sizes(),
    *_bombs(),
    *_counts(),
    *_time_and_network(),
    *_picture_and_pace(),
    *_caches(),
    *_misleading(),
]

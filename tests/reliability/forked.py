"""Running one CLI invocation as a user would, but fast: in a forked copy of the test
process (numpy, numba and the kernels already loaded), so a corpus of hundreds of hostile
inputs runs in seconds, and each case still ends in its own process. That gives what an
in-process call cannot: a crash (SIGSEGV in a kernel) is an outcome rather than the end of
the test run; a hang is killed at a deadline; the memory a case takes is measured (its peak
resident set above the parent's, from wait4) and capped (RLIMIT_DATA, so a runaway
allocation is a MemoryError, not the kernel's OOM killer); and every process the case
starts is found afterwards in its process group, so a leftover worker is seen and killed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

PAGE = os.sysconf("SC_PAGE_SIZE")
DATA_CAP = 3 << 30  # bytes above the parent's data a case may ask for before MemoryError


@dataclasses.dataclass(frozen=True)
class Outcome:
    code: int | None  # the exit code; None when a signal ended it
    signal: int | None
    out: str
    err: str
    peak_growth: int  # bytes of resident memory above the parent's at the fork
    seconds: float
    timed_out: bool
    leftovers: int  # processes of its group still alive when it ended (then killed)

    @property
    def err_lines(self) -> list[str]:
        return self.err.strip().splitlines()


def preload() -> None:
    """Import in the parent what the commands import lazily (every puzzle's model, options,
    methods and scene; the recorder, the window, the lesson), so each forked case starts
    warm instead of importing them again and again."""
    import importlib

    from puzzleviz.solvers.registry import puzzles

    modules = ("cli", "cli_view", "record", "window", "lesson", "present", "notebook")
    for module in modules:
        importlib.import_module(f"puzzleviz.viz.{module}")
    for module in ("tracefile", "traceview"):
        importlib.import_module(f"puzzleviz.solvers.{module}")
    for spec in puzzles().values():
        for ref in (spec.model, spec.scene, spec.add_arguments, spec.problems, spec.demo):
            if ref is not None:
                ref.load()
        for method in spec.methods:
            method.solve.load()


def _resident() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def run_forked(
    argv: Sequence[str],
    *,
    cwd: str | os.PathLike[str],
    timeout: float = 60.0,
    stdin: str | os.PathLike[str] = os.devnull,
    env: dict[str, str] | None = None,
) -> Outcome:
    """`puzzleviz argv` in a forked child with its own process group, in `cwd`."""
    from puzzleviz.viz.cli import main

    with tempfile.TemporaryDirectory(prefix="puzzleviz-forked-") as scratch:
        out_path, err_path = Path(scratch) / "out", Path(scratch) / "err"
        parent = _resident()
        sys.stdout.flush()
        sys.stderr.flush()
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            _child(main, argv, cwd, stdin, out_path, err_path, env)
        timed_out = False
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() - started > timeout:
                timed_out = True
                _kill_group(pid)
                _, status, usage = os.wait4(pid, 0)
                break
            time.sleep(0.005)
        seconds = time.monotonic() - started
        leftovers = _kill_group(pid)
        return Outcome(
            code=os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
            signal=os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            out=out_path.read_text(errors="replace"),
            err=err_path.read_text(errors="replace"),
            peak_growth=max(0, usage.ru_maxrss * 1024 - parent),
            seconds=seconds,
            timed_out=timed_out,
            leftovers=leftovers,
        )


def _child(main, argv, cwd, stdin, out_path, err_path, env) -> None:  # type: ignore[no-untyped-def]
    code = 70
    try:
        os.setpgid(0, 0)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        cap = _data_size() + DATA_CAP
        if hard == resource.RLIM_INFINITY or cap < hard:
            resource.setrlimit(resource.RLIMIT_DATA, (cap, hard))
        os.chdir(cwd)
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        for fd, path, mode in ((0, stdin, os.O_RDONLY), (1, out_path, os.O_WRONLY | os.O_CREAT),
                               (2, err_path, os.O_WRONLY | os.O_CREAT)):  # fmt: skip
            opened = os.open(path, mode, 0o600)
            os.dup2(opened, fd)
            os.close(opened)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115  (the child's own descriptors)
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse's usage errors and --help
            code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _data_size() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    return 0


def _kill_group(pgid: int) -> int:
    """Kill what is left of the process group `pgid`; how many processes were left."""
    left = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, group = fields[0], int(fields[2])
        if group == pgid and state != "Z":
            left += 1
    if left:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)
    return left

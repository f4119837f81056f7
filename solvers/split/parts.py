"""A split search as plain data: the job every part shares, and what a part found.

A worker (a process of a pool, a Dask worker on another machine) receives a `Job` and a
key, imports the job's runner by name and calls it. Everything crossing the wire is plain
data (JSON-able dictionaries, tuples of ints, at most a numpy table in `shared`), so a part
can be logged, resumed and sent to a machine that shares nothing but the installed code.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from puzzleviz.solvers.errors import PuzzlevizError

Key = tuple[int, ...]


class SplitError(PuzzlevizError):
    """A split run that cannot go on: a part failing on every retry, an unreachable or
    empty cluster, a log of another search. The CLI prints it as one line."""


@dataclasses.dataclass(frozen=True)
class Job:
    """What every part of one split search shares.

    `runner(job, key) -> PartResult` searches one part; `warm(job)` (optional) loads the
    numba kernels and builds the tables a part needs, once per worker process before its
    first part. `problem` (JSON-able) and `node_limit` identify the search: a log of
    finished parts is only resumed by the same identity. `shared` is derived data shipped
    with every part (digits' band table) but not part of the identity; `check` (optional)
    refuses a logged part's data of the wrong shape before anything reads it."""

    puzzle: str
    runner: str  # "module:function"
    problem: Mapping[str, Any]
    node_limit: int = 1 << 62
    warm: str | None = None  # "module:function"
    shared: Any = None
    # "module:function"(job, data) raising ValueError, TypeError or KeyError for a part's data
    # that this search could not have written: a log read back is checked with it
    check: str | None = None

    def identity(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle, "problem": self.problem, "node_limit": self.node_limit}

    def fingerprint(self) -> str:
        """A short stable name of the identity (for task names and warm-up bookkeeping).
        Not sorted: the order of a puzzle's pieces is part of the puzzle."""
        text = json.dumps(self.identity(), separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclasses.dataclass(frozen=True)
class PartResult:
    """What one part found: `data` is the puzzle's own JSON (solutions, caps, counts),
    merged by the puzzle; nodes and CPU seconds are for the progress bar and the log."""

    key: Key
    data: Mapping[str, Any]
    nodes: int = 0
    cpu_s: float = 0.0
    stopped: bool = False  # at the node limit: `data` is only part of the part's findings

    def to_json(self) -> dict[str, Any]:
        return {
            "key": list(self.key),
            "nodes": self.nodes,
            "cpu_s": round(self.cpu_s, 3),
            "stopped": self.stopped,
            "data": self.data,
        }

    @classmethod
    def from_json(cls, row: Mapping[str, Any]) -> PartResult:
        return cls(
            key=tuple(int(k) for k in row["key"]),
            data=dict(row["data"]),
            nodes=int(row["nodes"]),
            cpu_s=float(row["cpu_s"]),
            stopped=bool(row["stopped"]),
        )


def load(ref: str) -> Callable[..., Any]:
    module, _, name = ref.partition(":")
    target: Any = importlib.import_module(module)
    for part in name.split("."):
        target = getattr(target, part)
    function: Callable[..., Any] = target
    return function


_warmed: set[str] = set()
_warm_lock = threading.Lock()


def ensure_warm(job: Job) -> None:
    """Run the job's warm-up once in this process (a Dask worker plugin calls it when the
    worker joins; a pool's first part, or the in-process engine, calls it here)."""
    if job.warm is None or job.fingerprint() in _warmed:
        return
    with _warm_lock:
        if job.fingerprint() not in _warmed:
            load(job.warm)(job)
            _warmed.add(job.fingerprint())


def run_task(job: Job, key: Key) -> PartResult:
    """What a worker runs for one part: warm up if this process has not, then the runner.
    CPU seconds are this thread's (a Dask worker may run other threads), or the runner's
    own count if larger (a runner that searches on threads of its own, as rings' IDA*)."""
    ensure_warm(job)
    started = time.thread_time()
    result: PartResult = load(job.runner)(job, key)
    return dataclasses.replace(result, cpu_s=max(time.thread_time() - started, result.cpu_s))


def run_call(job: Job, ref: str, item: Any) -> Any:
    """A task that is not a part (digits' band-table entries): `ref(job, item)`, after
    the same warm-up."""
    ensure_warm(job)
    return load(ref)(job, item)

"""Where the parts of a split search run: this process, a local pool of processes, or Dask.

Every engine hands results back as they finish (any order: the driver restores the order
of the keys), retries a part whose worker failed, and while it waits looks every POLL
seconds at the stop request of solvers.interrupt, so that Ctrl-C ends a split run within a
second, with its workers: local ones are killed, not waited for.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.interrupt import SearchStopped, raise_if_stopped
from puzzleviz.solvers.split.parts import Job, Key, PartResult, SplitError, run_call, run_task

POLL = 0.05  # seconds between two looks at the stop request while waiting for parts
RETRIES = 2  # a part whose worker failed is tried this many more times


class Engine:
    """Runs tasks `fn(*args)` (fn importable by name on the workers) and yields their
    results as they finish."""

    name = "this process"
    workers = 1

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(stopping=exc[0] is not None)

    def close(self, stopping: bool = False) -> None:
        """Release the workers; `stopping`: at once (a stop, an error), not politely."""

    def run(self, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]]) -> Iterator[Any]:
        raise NotImplementedError

    def parts(self, job: Job, keys: Sequence[Key]) -> Iterator[PartResult]:
        """Each part of `job` named by `keys`, as it finishes."""
        return self.run(run_task, [(job, key) for key in keys])

    def map(self, job: Job, ref: str, items: Sequence[Any]) -> Iterator[Any]:
        """`ref(job, item)` for each item (not parts: digits' band-table entries)."""
        return self.run(run_call, [(job, ref, item) for item in items])


class InProcess(Engine):
    """One part after another in this process: the kernels see the stop request of the
    thread they run on, so Ctrl-C stops the part in progress."""

    def run(self, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]]) -> Iterator[Any]:
        for args in calls:
            yield fn(*args)
            raise_if_stopped()


class ProcessPool(Engine):
    """Spawned (not forked) processes on this machine at a lower priority, as the digits
    search used before Dask: no extra dependency, a few seconds to start. A process that
    dies takes its part with it; the pool is rebuilt and the part tried again."""

    def __init__(self, workers: int):
        self.workers = workers
        self.name = f"{workers} local processes"
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            quiet_resource_tracker()
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=lower_priority,
            )
        return self._executor

    def run(self, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]]) -> Iterator[Any]:
        failures = [0] * len(calls)
        pending: dict[Future[Any], int] = {}

        def submit(i: int) -> None:
            pending[self._pool().submit(fn, *calls[i])] = i

        for i in range(len(calls)):
            submit(i)
        while pending:
            done, _ = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            raise_if_stopped()
            lost: list[int] = []
            for future in done:
                i = pending.pop(future)
                try:
                    value = future.result()
                except BrokenProcessPool:
                    lost.append(i)
                    continue
                except Exception as exc:
                    _raise_user_error(exc)
                    _count_failure(failures, i, f"{type(exc).__name__}: {exc}")
                    submit(i)
                    continue
                yield value
            if lost:  # a process died: every part still out went down with the pool
                lost += pending.values()
                pending.clear()
                self.close(stopping=True)
                for i in sorted(lost):
                    _count_failure(failures, i, "a worker process died")
                    submit(i)

    def close(self, stopping: bool = False) -> None:
        executor, self._executor = self._executor, None
        if executor is None:
            return
        if stopping:
            for process in list(getattr(executor, "_processes", {}).values()):
                process.kill()  # a part may search for an hour: do not wait for it
        executor.shutdown(wait=not stopping, cancel_futures=True)


def quiet_resource_tracker() -> None:
    """Workers killed on a stop leave semaphores behind, which multiprocessing's resource
    tracker cleans up, with a warning after the command's last line. The tracker (started
    with the first local worker) takes its warning filters from ours."""
    quiet = "ignore:resource_tracker:UserWarning"
    if quiet not in sys.warnoptions:
        sys.warnoptions.append(quiet)


def lower_priority() -> None:
    """Long work in the background: the machine stays usable."""
    with contextlib.suppress(OSError):
        os.nice(5)


def _count_failure(failures: list[int], i: int, why: str) -> None:
    failures[i] += 1
    if failures[i] > RETRIES:
        raise SplitError(f"a part failed {failures[i]} times, the last time: {why}")


def _raise_user_error(exc: BaseException) -> None:
    """An error of the input (a bad puzzle) or a stop fails the same way on every retry."""
    if isinstance(exc, PuzzlevizError | SearchStopped):
        raise exc

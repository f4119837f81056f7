"""Running a search while a window stays live: a thread, progress, cancellation.

The numba kernels release the GIL and read a control array, so a search runs on its own
thread while the caller polls `progress()` (expanded, open, closed, h, elapsed) each frame
and stops it with `cancel()`. `drive_job` adapts this to any job object with `cancelled`
and `status` attributes (such as viz.interaction.Job) without importing the window code:

    search = BackgroundSearch(config, state, "practical", record=True)
    job = Job("solve", lambda job: drive_job(job, search), on_done=show_solution)
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import numpy as np
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import RingState
from puzzleviz.solvers.rings.search.methods import new_control, recording_tracer, solve
from puzzleviz.solvers.rings.search.results import RingsResult
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer


@dataclasses.dataclass(frozen=True)
class SearchProgress:
    expanded: int
    open: int
    closed: int
    depth: int
    h: int
    elapsed: float
    done: bool

    def line(self) -> str:
        """What the search has done so far, in words (counts it has not reported yet are
        left out rather than shown as zero); a message, shown in the reader's language."""
        parts = []
        if self.expanded:
            parts.append(msg("{expanded:,} positions expanded", expanded=self.expanded))
        if self.open:
            parts.append(msg("{open:,} waiting", open=self.open))
        if self.done:
            parts.append(msg("done"))
        if not parts:
            return msg("searching")
        line = parts[-1]
        for part in reversed(parts[:-1]):
            line = msg("{first}, {rest}", first=part, rest=line)
        return line


class JobLike(Protocol):
    """What drive_job needs of a job (viz.interaction.Job has it): a flag the window sets
    to stop the work, and a line the work writes for the window to show."""

    cancelled: bool
    status: str


class BackgroundSearch:
    """One search on a daemon thread. `result` (and `trace` if recording) once `done`."""

    def __init__(
        self,
        config: RingConfig,
        state: RingState,
        method: str = "practical",
        *,
        record: bool = False,
        **options: Any,
    ):
        self.config = config
        self.state = np.asarray(state, dtype=np.int32).copy()
        self.method = method
        self.record = record
        self.options = options
        self.control, self.status = new_control()
        self.result: RingsResult | None = None
        self.trace: Trace | None = None
        self.error: BaseException | None = None
        self._started = 0.0
        self._finished: float | None = None
        self._thread = threading.Thread(target=self._run, name=f"rings {method}", daemon=True)

    def start(self) -> BackgroundSearch:
        self._started = time.perf_counter()
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            if self.record:  # a recorder of its own: only it has a trace to finish
                recorder = recording_tracer(self.config, self.state, self.method)
                self.result = self._solve(recorder)
                self.trace = recorder.finish()
            else:
                self.result = self._solve(NULL_TRACER)
        except BaseException as exc:  # handed to the caller through `error`
            self.error = exc
        finally:
            self._finished = time.perf_counter()

    def _solve(self, tracer: Tracer) -> RingsResult:
        return solve(
            self.config, self.state, self.method, tracer=tracer, control=self.control,
            status=self.status, **self.options,
        )  # fmt: skip

    @property
    def done(self) -> bool:
        return self._finished is not None

    def cancel(self) -> None:
        self.control[0] = 1

    def wait(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return self.done

    def progress(self) -> SearchProgress:
        end = self._finished if self._finished is not None else time.perf_counter()
        s = self.status
        return SearchProgress(
            expanded=int(s[0]),
            open=int(s[1]),
            closed=int(s[2]),
            depth=int(s[3]),
            h=int(s[4]),
            elapsed=end - self._started if self._started else 0.0,
            done=self.done,
        )


def drive_job(
    job: JobLike,
    search: BackgroundSearch,
    *,
    interval: float = 0.05,
    on_progress: Callable[[SearchProgress], None] | None = None,
) -> BackgroundSearch:
    """Run `search` inside a job thread: mirror `job.cancelled` into the search, write
    the progress line to `job.status`, return the finished search (check `.result`)."""
    search.start()
    while not search.wait(interval):
        if job.cancelled:
            search.cancel()
        progress = search.progress()
        job.status = progress.line()
        if on_progress:
            on_progress(progress)
    if search.error is not None:
        raise search.error
    return search

"""Dask as the engine of split runs: a LocalCluster on this machine (--workers N) or an
existing cluster reached by address (--scheduler tcp://HOST:PORT). Imported only by a run
that asks for Dask.

- Warm-up: a worker plugin loads the job's numba kernels and tables on every worker when it
  registers, and on every worker that joins later, before that worker's first part.
- Failures: a part whose task raised is retried (RETRIES) by Dask; a part whose worker
  died is given to another worker by the scheduler (a LocalCluster's nanny also restarts the
  dead worker). Finished parts are in the driver's log the moment they come back, so a
  death loses none of them.
- Reaching a cluster: every wait has a deadline and names the address. Dask's own connect
  timeout covers the TCP connection but not the handshake after it, so an address that
  accepts and never answers hung for ever, and one that answers HTTP read its status
  line as a frame length (3 EiB: "out of memory"). A tcp:// address is first probed
  (solvers.split.address, already when the options are checked); then the client is
  made, and asked for its workers, under deadlines too (`_within`).
- Stopping: the driver looks at the stop request every POLL seconds. A local cluster's
  worker processes are then killed, not asked to finish; on a remote cluster the parts
  are cancelled and each running part notices within STOP_POLL seconds (its task is no
  longer wanted) and stops its kernel through solvers.interrupt's control array.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

import distributed
from distributed import WorkerPlugin
from puzzleviz.solvers.interrupt import STOP, new_control, raise_if_stopped, run_stoppable
from puzzleviz.solvers.split.address import CONNECT_TIMEOUT, HANDSHAKE, probe
from puzzleviz.solvers.split.engines import (
    POLL,
    RETRIES,
    Engine,
    _raise_user_error,
    lower_priority,
    quiet_resource_tracker,
)
from puzzleviz.solvers.split.parts import (
    Job,
    Key,
    PartResult,
    SplitError,
    ensure_warm,
    run_call,
    run_task,
)

WORKER_WAIT = 60  # seconds to wait for a first worker of a remote cluster
STOP_POLL = 0.2  # seconds between a running part's looks at whether it is still wanted
QUIET = ("distributed", "tornado", "asyncio", "bokeh")
dask: Any = distributed  # its clients, clusters and futures are untyped


class WarmUp(WorkerPlugin):
    """Runs on each worker as it registers: the job's warm-up (kernels loaded or compiled,
    tables built) and, on a cluster this command started, a lower priority."""

    def __init__(self, job: Job, nice: bool):
        self.job = job
        self.nice = nice
        self.name = f"puzzleviz-warm-{job.fingerprint()}"

    def setup(self, worker: Any) -> None:
        if self.nice:
            lower_priority()
        ensure_warm(self.job)


class DaskEngine(Engine):
    def __init__(self, *, workers: int | None = None, address: str | None = None):
        if (workers is None) == (address is None):
            raise ValueError("a Dask engine needs either workers or an address")
        self.address = address
        self.workers = workers or 0
        self.name = f"the Dask cluster at {address}" if address else f"{workers} Dask workers"
        self._client: Any = None  # a distributed.Client once connected
        self._cluster: Any = None  # the LocalCluster this engine started, if any
        self._warmed: set[str] = set()
        self._out: list[Any] = []  # futures of the parts still out

    # -- starting and stopping ------------------------------------------------------------

    def _connect(self) -> Any:
        if self._client is not None:
            return self._client
        for name in QUIET:
            logging.getLogger(name).setLevel(logging.CRITICAL)
        if self.address:
            address = self.address
            if address.startswith("tcp://"):
                probe(address)
            try:
                client = _within(
                    CONNECT_TIMEOUT + HANDSHAKE, f"the Dask scheduler at {address}",
                    lambda: dask.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False),
                )  # fmt: skip
            except (OSError, TimeoutError, ValueError) as exc:
                raise SplitError(f"no Dask scheduler at {address}: {_one_line(exc)}") from None
            except MemoryError:
                raise SplitError(f"{address} answered, but not as a Dask scheduler") from None
            self._client = client
            try:
                client.wait_for_workers(1, timeout=WORKER_WAIT)
            except (OSError, TimeoutError):
                raise SplitError(
                    f"the Dask scheduler at {address} has no workers after {WORKER_WAIT} s "
                    f"(start some: dask worker {address})"
                ) from None
            info = _within(HANDSHAKE, f"the Dask scheduler at {address}",
                           lambda: client.scheduler_info(n_workers=-1))  # fmt: skip
            self.workers = len(info["workers"])
        else:
            quiet_resource_tracker()
            self._cluster = dask.LocalCluster(
                n_workers=self.workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.CRITICAL,
            )  # fmt: skip
            self._client = dask.Client(self._cluster, set_as_default=False)
        return self._client

    def close(self, stopping: bool = False) -> None:
        client, self._client = self._client, None
        cluster, self._cluster = self._cluster, None
        if client is None:
            return
        out, self._out = self._out, []
        try:
            if out:
                client.cancel(out)  # a remote worker's running part sees it and stops
            if cluster is not None:
                _kill_local_workers(cluster)  # closing them politely takes seconds
        finally:
            client.close(timeout=2)
            if cluster is not None:
                cluster.close(timeout=2)

    # -- running --------------------------------------------------------------------------

    def _warm(self, job: Job) -> None:
        """Every worker runs the job's warm-up before its first part (and so does a worker
        that joins later): registered as a worker plugin, idempotent by name."""
        client = self._connect()
        if job.warm is None or job.fingerprint() in self._warmed:
            return
        try:
            client.register_plugin(WarmUp(job, nice=self._cluster is not None))
        except Exception as exc:
            _raise_user_error(exc)
            raise SplitError(
                f"the Dask workers of {self.name} could not get ready (is puzzleviz installed "
                f"where they run?): {type(exc).__name__}: {_one_line(exc)}"
            ) from None
        self._warmed.add(job.fingerprint())

    def parts(self, job: Job, keys: Sequence[Key]) -> Iterator[PartResult]:
        self._warm(job)
        names = ["-".join(map(str, key)) or "root" for key in keys]
        return self._run(run_task, [(job, key) for key in keys], job.puzzle, names)

    def map(self, job: Job, ref: str, items: Sequence[Any]) -> Iterator[Any]:
        self._warm(job)
        calls = [(job, ref, item) for item in items]
        return self._run(run_call, calls, job.puzzle, [str(i) for i in range(len(items))])

    def run(self, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]]) -> Iterator[Any]:
        return self._run(fn, calls, "task", [str(i) for i in range(len(calls))])

    def _run(
        self, fn: Callable[..., Any], calls: Sequence[tuple[Any, ...]], what: str,
        names: Sequence[str],
    ) -> Iterator[Any]:  # fmt: skip
        client = self._connect()
        token = uuid.uuid4().hex[:8]
        pending = [
            client.submit(stoppable, fn, *args, key=f"puzzleviz-{what}-{name}-{token}",
                          pure=False, retries=RETRIES)
            for args, name in zip(calls, names, strict=True)
        ]  # fmt: skip
        self._out = pending
        while pending:
            raise_if_stopped()
            done = [f for f in pending if f.status != "pending"]
            if not done:
                time.sleep(POLL)
                continue
            pending = [f for f in pending if f.status == "pending"]
            self._out = pending
            for future in done:
                if future.status != "finished":
                    _failed(future)
                value = future.result()
                future.release()
                yield value


def stoppable(fn: Callable[..., Any], *args: Any) -> Any:
    """A part on a Dask worker, stopped (through solvers.interrupt's control array, as
    Ctrl-C stops it in one process) once the scheduler no longer wants its result."""
    key: Any = getattr(dask.worker.thread_state, "key", None)
    worker = dask.get_worker()
    control = new_control()
    finished = threading.Event()

    def watch() -> None:
        while not finished.wait(STOP_POLL):
            task = worker.state.tasks.get(key)
            if task is None or task.state in ("cancelled", "released", "forgotten"):
                control[STOP] = 1
                return

    if key is not None:
        threading.Thread(target=watch, name="puzzleviz-stop-watch", daemon=True).start()
    try:
        return run_stoppable(lambda: fn(*args), control)
    finally:
        finished.set()


def _failed(future: Any) -> NoReturn:
    """Raise what a part that failed on every retry left behind, as one line."""
    try:
        exc = future.exception()
    except Exception as error:  # cancelled or lost futures raise here
        exc = error
    _raise_user_error(exc)
    raise SplitError(f"a part failed on the Dask workers: {type(exc).__name__}: {_one_line(exc)}")


def _kill_local_workers(cluster: Any) -> None:
    """Kill the worker processes of a cluster this command started (their nannies told
    first not to start new ones): a part may search for an hour, a polite close waits."""
    for nanny in list(cluster.workers.values()):
        close_gracefully = getattr(nanny, "close_gracefully", None)
        if close_gracefully is not None:
            close_gracefully()
        process = getattr(getattr(nanny, "process", None), "process", None)
        pid = getattr(process, "pid", None)
        if pid:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _within(seconds: float, what: str, call: Callable[[], Any]) -> Any:
    """`call()` on a helper thread, given `seconds` to return: a network wait that a
    silent peer could make endless ends in one line naming `what` (the thread is left
    behind; the command ends soon after)."""
    outcome: list[Any] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(call())
        except BaseException as exc:  # handed to the caller
            failure.append(exc)

    helper = threading.Thread(target=run, name="puzzleviz-network-wait", daemon=True)
    helper.start()
    helper.join(seconds)
    if helper.is_alive():
        raise SplitError(f"{what} did not answer within {seconds:g} s")
    if failure:
        raise failure[0]
    return outcome[0]


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__

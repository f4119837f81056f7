"""Long numba searches that Ctrl-C (SIGINT) and SIGTERM stop within a second.

Python runs signal handlers only between bytecodes of the main thread, so a jitted kernel
that searches for an hour on the main thread ignored Ctrl-C for that hour. Instead:

- a kernel that may run long is compiled with nogil=True and takes a small control array;
  every CHECK_EVERY nodes it publishes its node count in control[NODES] and returns early,
  as if a node limit were reached, when control[STOP] is set (`stop_requested`); the
  Python code between kernel calls ends with `raise_if_stopped`;
- `run_stoppable(call, control)` runs such a call on a worker thread while the main thread
  waits in short timed joins, where handlers do run. When one raises (KeyboardInterrupt,
  the CLI's Terminated for SIGTERM), it sets control[STOP], waits for the worker, which
  returns within milliseconds, and re-raises: the CLI prints one line and exits 130 or
  143, and since outputs are written after the search, what was written before is kept.
- `on_poll(nodes)` is called from the main thread every POLL seconds: a progress bar.
- The same waits watch the memory budget (solvers.memory): past it, control[STOP] is set
  to MEMORY. Kernels stop as for any stop; the Python code between them either returns
  what it found (a search that treats the stop as its node limit: `stopped_by_memory`
  tells its caller to say why) or raises MemoryBudgetReached at its next
  `raise_if_stopped`, one line naming the budget.

Every kernel releases the GIL (solvers.jit makes nogil the default), so the main thread
hears a signal at its next wake-up whatever the worker runs. A kernel that does not look
at `control` is left behind after STOP_WAIT: the command ends regardless.

Off the main thread (a window's background job) the call simply runs where it is; that
caller stops it by setting control[STOP] itself. Kernels find the control array of the
call they belong to with `current_control()`, so it need not be threaded through every
function between the command and the kernel.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import numpy as np
from puzzleviz.solvers.errors import MemoryBudgetError
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.memory import Watch, reached_message

__all__ = [
    "ASKED",
    "CHECK_EVERY",
    "MEMORY",
    "NODES",
    "POLL",
    "STOP",
    "STOP_WAIT",
    "MemoryBudgetReached",
    "SearchStopped",
    "current_control",
    "new_control",
    "raise_if_stopped",
    "run_stoppable",
    "stop_requested",
    "stopped_by_memory",
]

STOP, NODES = 0, 1
ASKED, MEMORY = 1, 2  # values of control[STOP]: a signal or a cancel; the memory budget
CHECK_EVERY = 4096  # nodes between two looks at the control array (a power of two)
POLL = 0.05  # seconds between two wake-ups of the waiting main thread
STOP_WAIT = 0.5  # seconds to wait for a stopped search before leaving it behind
T = TypeVar("T")

_local = threading.local()
_NEVER = np.zeros(2, dtype=np.int64)  # the control of a call nobody can stop: never set


def new_control() -> np.ndarray:
    """[stop request, nodes so far]."""
    return np.zeros(2, dtype=np.int64)


def current_control() -> np.ndarray:
    """The control array of the `run_stoppable` call this thread works for, if any."""
    return getattr(_local, "control", _NEVER)


@njit(cache=True, inline="always")
def stop_requested(control: np.ndarray, nodes: int) -> bool:
    """True if the search should stop now; looks (and publishes `nodes`) only once every
    CHECK_EVERY nodes, so it costs nothing measurable."""
    if nodes & (CHECK_EVERY - 1) != 0:
        return False
    control[NODES] = nodes
    return bool(control[STOP] != 0)


class SearchStopped(Exception):
    """Raised between kernel calls once a stop was asked for, so that the Python loop
    around them (root choices, band tests, searches one per class) ends too."""


class MemoryBudgetReached(SearchStopped, MemoryBudgetError):
    """The search was stopped at its memory budget: a stop (its loops end) that the CLI
    reports as one line, exit 2."""


def raise_if_stopped(control: np.ndarray | None = None) -> None:
    control = current_control() if control is None else control
    if control[STOP] == MEMORY:
        raise MemoryBudgetReached(reached_message(int(control[NODES])))
    if control[STOP]:
        raise SearchStopped("the search was stopped")


def stopped_by_memory(control: np.ndarray) -> bool:
    """Whether the search that used `control` stopped at the memory budget (its result,
    if it returned one, is partial)."""
    return bool(control[STOP] == MEMORY)


def run_stoppable(
    call: Callable[[], T],
    control: np.ndarray | None = None,
    *,
    on_poll: Callable[[int], None] | None = None,
) -> T:
    """`call()`, on a worker thread when on the main thread, so that signals are handled
    while it runs; see the module docstring."""
    control = new_control() if control is None else control
    if threading.current_thread() is not threading.main_thread():
        return _with_control(call, control)
    value: list[T] = []  # what the worker hands over: its value or its error
    error: list[BaseException] = []

    def work() -> None:
        try:
            value.append(_with_control(call, control))
        except BaseException as exc:  # handed to the main thread below
            error.append(exc)

    worker = threading.Thread(target=work, name="search", daemon=True)
    watch = Watch()
    worker.start()
    try:
        while worker.is_alive():
            worker.join(POLL)
            if on_poll is not None:
                on_poll(int(control[NODES]))
            if control[STOP] == 0 and watch.over():
                control[STOP] = MEMORY
                worker.join(STOP_WAIT)
                if worker.is_alive():  # a loop that does not look: the command ends anyway
                    raise MemoryBudgetReached(reached_message(int(control[NODES])))
    except BaseException:
        if control[STOP] == 0:
            control[STOP] = ASKED
        worker.join(STOP_WAIT)  # a kernel that never looks at `control` is left behind
        raise
    if error:
        raise error[0]
    return value[0]


def _with_control(call: Callable[[], T], control: np.ndarray) -> T:
    previous = getattr(_local, "control", None)
    _local.control = control
    try:
        return call()
    finally:
        if previous is None:
            del _local.control
        else:
            _local.control = previous

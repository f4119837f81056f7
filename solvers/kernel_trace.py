"""Recording trace events from inside numba kernels, at native speed.

A `KernelBuffer` is a namedtuple of preallocated numpy arrays that a jitted search fills
with the functions below, then hands back to `RecordingTracer.absorb`. When the buffer is
full the kernel keeps searching but stops recording, and the buffer is marked truncated:
a search never fails because its trace grew too long.

    buf = tracer.kernel_buffer()
    my_search(..., buf)           # calls record_event(buf, OP_PLACE, piece, placement, ...)
    tracer.absorb(buf)

A captioned step must hold at least one event: a second captioned `record_step` before any
event would replace the first one's caption, and a viewer would never read it. The kernel
cannot raise with the caption's text (it holds only its id), so it notes the lost caption
in `fill[FILL_EMPTY_STEP]` and `absorb` raises `EmptyStepError` naming it.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.jit import njit

__all__ = [
    "FILL_EMPTY_STEP",
    "FILL_EVENTS",
    "FILL_MILESTONES",
    "FILL_SIZE",
    "FILL_STEPS",
    "FILL_TRUNCATED",
    "MAX_COUNTERS",
    "KernelBuffer",
    "new_kernel_buffer",
    "record_event",
    "record_milestone",
    "record_step",
]

FILL_EVENTS, FILL_STEPS, FILL_MILESTONES, FILL_TRUNCATED = 0, 1, 2, 3
FILL_EMPTY_STEP = 4  # 1 + the caption id of the first captioned step left empty; 0: none
FILL_SIZE = 5
MAX_COUNTERS = 16  # a kernel may write this many counters into buf.current, even untraced


class KernelBuffer(NamedTuple):
    rows: Int32Array  # (capacity, width)
    counters: Int64Array  # (capacity, n_counters)
    current: Int64Array  # (n_counters,): the kernel sets these; each event copies them
    step_start: Int64Array  # (capacity,)
    step_caption: Int32Array  # (capacity,)
    milestone_pos: Int64Array  # (milestone capacity,)
    milestone_kind: Int32Array
    milestone_caption: Int32Array
    fill: Int64Array  # [events, steps, milestones, truncated, empty step]


def new_kernel_buffer(
    capacity: int, width: int, n_counters: int, milestone_capacity: int | None = None
) -> KernelBuffer:
    """Arrays are allocated with np.empty, so untouched capacity costs no physical memory."""
    m = capacity + 1 if milestone_capacity is None else milestone_capacity
    return KernelBuffer(
        rows=np.empty((capacity, width), dtype=np.int32),
        counters=np.empty((capacity, n_counters), dtype=np.int64),
        current=np.zeros(n_counters, dtype=np.int64),
        step_start=np.empty(capacity, dtype=np.int64),
        step_caption=np.empty(capacity, dtype=np.int32),
        milestone_pos=np.empty(m, dtype=np.int64),
        milestone_kind=np.empty(m, dtype=np.int32),
        milestone_caption=np.empty(m, dtype=np.int32),
        fill=np.zeros(FILL_SIZE, dtype=np.int64),
    )


@njit(cache=True, inline="always")
def record_event(
    buf: KernelBuffer,
    op: int,
    a: int = 0,
    b: int = 0,
    c: int = 0,
    d: int = 0,
    e: int = 0,
    f: int = 0,
) -> bool:
    """Append one event row (op and up to six int fields) with the current counters.

    Written without local aliases of the buffer's arrays on purpose: each alias costs an
    atomic reference-count update, which made recording 20x slower.
    """
    n = buf.fill[FILL_EVENTS]
    if n >= buf.rows.shape[0]:
        buf.fill[FILL_TRUNCATED] = 1
        return False
    width = buf.rows.shape[1]
    buf.rows[n, 0] = op
    if width > 1:
        buf.rows[n, 1] = a
    if width > 2:
        buf.rows[n, 2] = b
    if width > 3:
        buf.rows[n, 3] = c
    if width > 4:
        buf.rows[n, 4] = d
    if width > 5:
        buf.rows[n, 5] = e
    if width > 6:
        buf.rows[n, 6] = f
    for k in range(buf.current.shape[0]):
        buf.counters[n, k] = buf.current[k]
    buf.fill[FILL_EVENTS] = n + 1
    return True


@njit(cache=True, inline="always")
def record_step(buf: KernelBuffer, caption: int) -> None:
    """Start a new step at the next event. If the current step is still empty it is
    renamed instead, unless `caption` is -1 (no caption): then it keeps its own. Renaming a
    step that has a caption of its own is an error (`absorb` raises it): that step would
    vanish unseen."""
    if buf.fill[FILL_TRUNCATED]:
        return
    n = buf.fill[FILL_EVENTS]
    s = buf.fill[FILL_STEPS]
    if s > 0 and buf.step_start[s - 1] == n:
        if caption != -1:
            lost = buf.step_caption[s - 1]
            if lost != -1 and lost != caption and buf.fill[FILL_EMPTY_STEP] == 0:
                buf.fill[FILL_EMPTY_STEP] = lost + 1
            buf.step_caption[s - 1] = caption
        return
    if s >= buf.step_start.shape[0]:
        buf.fill[FILL_TRUNCATED] = 1
        return
    buf.step_start[s] = n
    buf.step_caption[s] = caption
    buf.fill[FILL_STEPS] = s + 1


@njit(cache=True, inline="always")
def record_milestone(buf: KernelBuffer, kind: int, caption: int) -> None:
    """Mark the current cursor (after the last recorded event) as a milestone. The counters
    set since that event (the best size just found, the solution just counted) are the
    statistics at this cursor, so the last event takes them: the title row agrees with the
    milestone it is at, not one event later."""
    if buf.fill[FILL_TRUNCATED]:
        return
    m = buf.fill[FILL_MILESTONES]
    if m >= buf.milestone_pos.shape[0]:
        buf.fill[FILL_TRUNCATED] = 1
        return
    n = buf.fill[FILL_EVENTS]
    if n > 0:
        for k in range(buf.current.shape[0]):
            buf.counters[n - 1, k] = buf.current[k]
    buf.milestone_pos[m] = buf.fill[FILL_EVENTS]
    buf.milestone_kind[m] = kind
    buf.milestone_caption[m] = caption
    buf.fill[FILL_MILESTONES] = m + 1

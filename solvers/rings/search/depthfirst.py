"""Searches that keep only the current path: depth-limited DFS, iterative deepening, IDA*.

One numba kernel: a depth-first walk under a bound on g + h (h = 0 for DLS and IDDFS),
repeated with growing bounds. The trace follows the walk exactly: turning a ring to step
down, turning it back to step up, so the viewer sees the search move through the tree.
Nodes cut off by the bound are generated and undone without being recorded.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import KernelBuffer, record_event, record_step
from puzzleviz.solvers.rings.model.layouts import KernelState, Status
from puzzleviz.solvers.rings.model.model import OP_EXAMINE, OP_ROTATE
from puzzleviz.solvers.rings.search.graphsearch import (
    CANCELLED,
    EXHAUSTED,
    FOUND,
    N_STATUS,
    NODE_LIMIT,
    ST_BOUND,
    ST_CLOSED,
    ST_DEPTH,
    ST_EXPANDED,
    ST_H,
    ST_OPEN,
)
from puzzleviz.solvers.rings.search.heuristics import HeuristicParams, evaluate
from puzzleviz.solvers.rings.search.kernels import Tables, is_goal, next_turn, rotate

NO_BOUND_LEFT = 1 << 30


@njit(cache=True)
def _show(
    buf: KernelBuffer, status: Status, expanded: int, depth: int, h: int, bound: int,
    caption: int,
) -> None:  # fmt: skip
    status[ST_EXPANDED] = expanded
    status[ST_CLOSED] = expanded
    status[ST_OPEN] = depth
    status[ST_DEPTH] = depth
    status[ST_H] = h
    status[ST_BOUND] = bound
    for c in range(min(N_STATUS, buf.current.shape[0])):  # the null tracer has none
        buf.current[c] = status[c]
    record_step(buf, caption)


@njit(cache=True, nogil=True)
def depth_first(
    x0: KernelState, first_bound: int, last_bound: int, tab: Tables, hp: HeuristicParams,
    max_nodes: int, buf: KernelBuffer, bound_captions: Int32Array, node_caption: int,
    control: Int64Array, status: Status, path_ring: Int64Array, path_f: Int64Array,
) -> tuple[int, int]:  # fmt: skip
    """Bounded DFS for bound = first_bound, then the next larger needed value, up to
    last_bound. Returns (code, solution length); the moves are in path_ring/path_f."""
    k, g = tab.circuits.shape
    x = x0.copy()
    tmp = np.empty(g, dtype=np.int8)
    work = np.empty(64, dtype=np.int64)
    max_depth = path_ring.shape[0]
    next_ring = np.empty(max_depth + 1, dtype=np.int64)
    next_f = np.empty(max_depth + 1, dtype=np.int64)
    expanded = 0
    bound = first_bound
    h0 = evaluate(x, tab, hp, work)
    while bound <= last_bound:
        caption = bound_captions[min(bound, bound_captions.shape[0] - 1)]
        expanded += 1
        _show(buf, status, expanded, 0, h0, bound, caption)
        record_event(buf, OP_EXAMINE, 0, 0, h0)
        if is_goal(x, tab.offsets, tab.want_changes):
            return FOUND, 0
        next_bound = NO_BOUND_LEFT
        d = 0
        next_ring[0] = 0
        next_f[0] = 0
        while d >= 0:
            if control[0] != 0:
                return CANCELLED, 0
            # the next move to try at depth d
            ring, f = next_turn(next_ring[d], next_f[d], g, path_ring[d - 1] if d > 0 else -1)
            if ring >= k or d >= max_depth or (hp.kind == 0 and d >= bound):
                if d == 0:
                    break
                d -= 1
                back = path_ring[d]
                rotate(x, tab.circuits, back, g - path_f[d], tmp)
                record_event(buf, OP_ROTATE, back, g - path_f[d])
                continue
            next_ring[d] = ring
            next_f[d] = f
            rotate(x, tab.circuits, ring, f, tmp)
            h = evaluate(x, tab, hp, work)
            if d + 1 + h > bound:
                if d + 1 + h < next_bound:
                    next_bound = d + 1 + h
                rotate(x, tab.circuits, ring, g - f, tmp)
                continue
            expanded += 1
            if expanded > max_nodes:
                return NODE_LIMIT, 0
            path_ring[d] = ring
            path_f[d] = f
            _show(buf, status, expanded, d + 1, h, bound, node_caption)
            record_event(buf, OP_ROTATE, ring, f)
            record_event(buf, OP_EXAMINE, expanded - 1, d + 1, h)
            d += 1
            if is_goal(x, tab.offsets, tab.want_changes):
                return FOUND, d
            next_ring[d] = 0
            next_f[d] = 0
        if hp.kind == 0:
            next_bound = bound + 1
        if next_bound == NO_BOUND_LEFT:
            return EXHAUSTED, 0
        bound = next_bound
    return EXHAUSTED, 0

"""Searches that keep every generated node: BFS, the thesis' best-first, and A*.

One numba kernel serves all three; they differ only in which open node comes next:
- BFS: the oldest (node numbers are the FIFO queue); goal test when a node is generated.
- best-first (thesis V.d): the lowest h, first come first served within equal h. The
  thesis keeps open and closed lists per h value plus a sorted count of open nodes per h;
  a heap ordered by (h, node number) takes nodes in exactly that order, and the hash index
  finds duplicates in O(1) where the thesis searched open[h] and closed[h].
- A*: the lowest g + h, deeper first on ties; a cheaper path to an open node re-queues it.
All skip turning the ring that produced a node (two turns of one ring make one turn).

The kernel releases the GIL: a window thread can run it, read `status` for open/closed
counts while it works, and stop it by setting `control[0] = 1`.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import KernelBuffer, record_event, record_step
from puzzleviz.solvers.rings.model.layouts import KernelState, Status
from puzzleviz.solvers.rings.model.model import OP_EXAMINE
from puzzleviz.solvers.rings.search.heuristics import HeuristicParams, evaluate
from puzzleviz.solvers.rings.search.kernels import Tables, is_goal, pack, rotate, unpack
from puzzleviz.solvers.rings.search.nodes import (
    NODE_BITS,
    NODE_MASK,
    NodeStore,
    find_or_add,
    heap_pop,
    heap_push,
    walk,
)

MODE_BFS, MODE_BEST_FIRST, MODE_ASTAR = 0, 1, 2

# status slots, also the trace counters' order
ST_EXPANDED, ST_OPEN, ST_CLOSED, ST_DEPTH, ST_H, ST_BOUND = 0, 1, 2, 3, 4, 5
N_STATUS = 6
# result codes
FOUND, EXHAUSTED, NODE_LIMIT, CANCELLED, STALLED = 0, 1, 2, 3, 4  # STALLED: the practical solver
_G_BITS = 12


@njit(cache=True)
def _priority(mode: int, node: int, g: int, h: int) -> np.int64:
    if mode == MODE_BFS:
        return np.int64(node)
    if mode == MODE_BEST_FIRST:
        return (np.int64(h) << NODE_BITS) | node
    return (
        (np.int64(g + h) << (NODE_BITS + _G_BITS))
        | (np.int64((1 << _G_BITS) - 1 - g) << NODE_BITS)
        | node
    )


@njit(cache=True, nogil=True)
def graph_search(
    x0: KernelState, mode: int, tab: Tables, hp: HeuristicParams, store: NodeStore,
    heap: Int64Array, buf: KernelBuffer, caption: int, control: Int64Array, status: Status,
) -> tuple[int, int]:  # fmt: skip
    """Returns (result code, goal node or -1)."""
    n = x0.shape[0]
    k, g = tab.circuits.shape
    x = x0.copy()
    y = np.empty(n, dtype=np.int8)
    tmp = np.empty(g, dtype=np.int8)
    key = np.empty(tab.words, dtype=np.uint64)
    work = np.empty(64, dtype=np.int64)
    stack = np.empty(1 << 15, dtype=np.int64)
    best_g = np.empty(store.parent.shape[0], dtype=np.int32)
    pack(x, tab.bits, key)
    h0 = evaluate(x, tab, hp, work)
    root, _ = find_or_add(store, key, -1, -1, 0, 0, h0)
    best_g[root] = 0
    size = heap_push(heap, 0, _priority(mode, root, 0, h0))
    shown = root
    expanded = 0
    status[ST_BOUND] = -1
    if mode == MODE_BFS and is_goal(x, tab.offsets, tab.want_changes):
        return FOUND, root
    head = 0  # BFS queue head (node number)
    while True:
        if control[0] != 0:
            return CANCELLED, -1
        if mode == MODE_BFS:
            if head >= store.fill[0]:
                return EXHAUSTED, -1
            node = head
            head += 1
        else:
            if size == 0:
                return EXHAUSTED, -1
            top, size = heap_pop(heap, size)
            node = int(top & NODE_MASK)
            if mode == MODE_ASTAR:
                gg = (1 << _G_BITS) - 1 - ((top >> NODE_BITS) & ((1 << _G_BITS) - 1))
                if gg != best_g[node]:
                    continue  # a stale entry: the node was re-queued with a smaller g
        depth = store.depth[node]
        h = store.hval[node]
        unpack(store.keys[node], tab.bits, n, x)
        expanded += 1
        status[ST_EXPANDED] = expanded
        status[ST_CLOSED] = expanded
        status[ST_OPEN] = (store.fill[0] - head) if mode == MODE_BFS else size
        status[ST_DEPTH] = depth
        status[ST_H] = h
        for c in range(min(N_STATUS, buf.current.shape[0])):  # the null tracer has none
            buf.current[c] = status[c]
        record_step(buf, caption)
        shown = walk(buf, store, shown, node, g, stack)
        record_event(buf, OP_EXAMINE, node, depth, h)
        if mode != MODE_BFS and is_goal(x, tab.offsets, tab.want_changes):
            return FOUND, node
        skip = store.ring[node]
        for ring in range(k):
            if ring == skip:
                continue
            for i in range(n):
                y[i] = x[i]
            for f in range(1, g):
                rotate(y, tab.circuits, ring, 1, tmp)
                pack(y, tab.bits, key)
                hy = evaluate(y, tab, hp, work) if mode != MODE_BFS else h
                child, added = find_or_add(store, key, node, ring, f, depth + 1, hy)
                if child < 0:
                    return NODE_LIMIT, -1
                if added:
                    best_g[child] = depth + 1
                    if mode == MODE_BFS:
                        if is_goal(y, tab.offsets, tab.want_changes):
                            record_step(buf, caption)
                            walk(buf, store, shown, child, g, stack)
                            record_event(buf, OP_EXAMINE, child, depth + 1, h)
                            return FOUND, child
                    else:
                        size = heap_push(heap, size, _priority(mode, child, depth + 1, hy))
                elif mode == MODE_ASTAR and depth + 1 < best_g[child]:
                    best_g[child] = depth + 1
                    store.parent[child] = node
                    store.ring[child] = ring
                    store.amount[child] = f
                    store.depth[child] = depth + 1
                    size = heap_push(heap, size, _priority(mode, child, depth + 1, hy))
        if mode != MODE_BFS and size >= heap.shape[0] - k * g:
            return NODE_LIMIT, -1

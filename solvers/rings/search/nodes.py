"""Search-tree bookkeeping in numba: the node store with its hash index, the heap, the
abstract-state ranking the pattern databases use, and walking the shown state from one
node to another so a trace can show every expanded node.

A node is a packed state key plus parent, move (ring, f), depth and h. The hash index maps
keys to node numbers, so a duplicate is found in O(1) whatever the bucket it sits in.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int8Array, Int32Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import KernelBuffer, record_event
from puzzleviz.solvers.rings.model.layouts import KernelState, PackedKey
from puzzleviz.solvers.rings.model.model import OP_ROTATE
from puzzleviz.solvers.rings.search.kernels import hash_words


class NodeStore(NamedTuple):
    keys: PackedKey  # (cap, W) uint64
    parent: Int32Array  # (cap,) int32, -1 for the root
    ring: Int8Array  # (cap,) int8 ring turned to reach the node, -1 for the root
    amount: Int8Array  # (cap,) int8 f of that turn
    depth: Int32Array  # (cap,) int32
    hval: Int32Array  # (cap,) int32
    slots: Int32Array  # (2^k,) int32 hash slots, -1 empty
    fill: Int64Array  # (1,) int64 number of nodes


def new_store(capacity: int, words: int) -> NodeStore:
    slots = 1 << max(4, int(2 * capacity - 1).bit_length())
    return NodeStore(
        keys=np.empty((capacity, words), dtype=np.uint64),
        parent=np.empty(capacity, dtype=np.int32),
        ring=np.empty(capacity, dtype=np.int8),
        amount=np.empty(capacity, dtype=np.int8),
        depth=np.empty(capacity, dtype=np.int32),
        hval=np.empty(capacity, dtype=np.int32),
        slots=np.full(slots, -1, dtype=np.int32),
        fill=np.zeros(1, dtype=np.int64),
    )


@njit(cache=True)
def find_or_add(
    store: NodeStore, key: PackedKey, parent: int, ring: int, amount: int, depth: int, h: int
) -> tuple[int, bool]:
    """(node, added): the node holding `key`, created if new; node -1 if the store is full."""
    mask = store.slots.shape[0] - 1
    slot = np.int64(hash_words(key) & np.uint64(mask))
    words = key.shape[0]
    while True:
        node = store.slots[slot]
        if node < 0:
            break
        same = True
        for w in range(words):
            if store.keys[node, w] != key[w]:
                same = False
                break
        if same:
            return node, False
        slot = (slot + 1) & mask
    n = store.fill[0]
    if n >= store.parent.shape[0]:
        return -1, False
    for w in range(words):
        store.keys[n, w] = key[w]
    store.parent[n] = parent
    store.ring[n] = ring
    store.amount[n] = amount
    store.depth[n] = depth
    store.hval[n] = h
    store.slots[slot] = n
    store.fill[0] = n + 1
    return n, True


# ----- a binary min-heap of int64 priorities (node number in the low 30 bits) -----------
NODE_BITS = 30
NODE_MASK = (1 << NODE_BITS) - 1


@njit(cache=True)
def heap_push(heap: Int64Array, size: int, value: int | np.int64) -> int:
    i = size
    heap[i] = value
    while i > 0:
        up = (i - 1) >> 1
        if heap[up] <= heap[i]:
            break
        heap[up], heap[i] = heap[i], heap[up]
        i = up
    return size + 1


@njit(cache=True)
def heap_pop(heap: Int64Array, size: int) -> tuple[int, int]:
    top = heap[0]
    size -= 1
    heap[0] = heap[size]
    i = 0
    while True:
        left = 2 * i + 1
        if left >= size:
            break
        child = left
        if left + 1 < size and heap[left + 1] < heap[left]:
            child = left + 1
        if heap[i] <= heap[child]:
            break
        heap[i], heap[child] = heap[child], heap[i]
        i = child
    return top, size


# ----- walking the shown state through the tree ---------------------------------------
@njit(cache=True)
def walk(
    buf: KernelBuffer, store: NodeStore, shown: int, target: int, g: int, stack: Int64Array
) -> int:
    """Record Rotate events that take the state of node `shown` to that of `target`:
    undo up to the common ancestor, then redo down. Returns `target`."""
    if buf.rows.shape[0] == 0 or shown == target:
        return target
    a = shown
    b = target
    top = 0
    while store.depth[a] > store.depth[b]:
        record_event(buf, OP_ROTATE, store.ring[a], g - store.amount[a])
        a = store.parent[a]
    while store.depth[b] > store.depth[a]:
        stack[top] = b
        top += 1
        b = store.parent[b]
    while a != b:
        record_event(buf, OP_ROTATE, store.ring[a], g - store.amount[a])
        a = store.parent[a]
        stack[top] = b
        top += 1
        b = store.parent[b]
    for i in range(top - 1, -1, -1):
        node = stack[i]
        record_event(buf, OP_ROTATE, store.ring[node], store.amount[node])
    return target


def path_of(store: NodeStore, node: int) -> list[tuple[int, int]]:
    """Moves (ring, f) from the root to `node`."""
    moves: list[tuple[int, int]] = []
    while node >= 0 and store.parent[node] >= 0:
        moves.append((int(store.ring[node]), int(store.amount[node])))
        node = int(store.parent[node])
    return moves[::-1]


# ----- lexicographic multinomial rank of an abstracted state ---------------------------
@njit(cache=True)
def abstract_rank(
    x: KernelState, cmap: Int8Array, counts: Int64Array, total: int, work: Int64Array
) -> int:
    """Rank of the colouring cmap[x] among all colourings with `counts` (lexicographic,
    as solvers.rings.model.ranking); `total` is their number."""
    nc = counts.shape[0]
    for c in range(nc):
        work[c] = counts[c]
    left = x.shape[0]
    t = total
    r = 0
    for i in range(x.shape[0]):
        a = cmap[x[i]]
        for s in range(a):
            if work[s] > 0:
                r += t * work[s] // left
        t = t * work[a] // left
        work[a] -= 1
        left -= 1
    return r


@njit(cache=True)
def abstract_unrank(
    index: int, counts: Int64Array, total: int, n: int, work: Int64Array, out: KernelState
) -> None:
    nc = counts.shape[0]
    for c in range(nc):
        work[c] = counts[c]
    left = n
    t = total
    for i in range(n):
        for c in range(nc):
            if work[c] == 0:
                continue
            block = t * work[c] // left
            if index < block:
                out[i] = c
                t = block
                work[c] -= 1
                break
            index -= block
        left -= 1

"""The breadth-first search over positions, compiled: one call from a start position to the
first position with a way out, or to the end of the reachable positions.

Positions are kept in discovery order (that order is the queue), each with the node it came
from and the move that led to it; a hash table of node numbers (open addressing, 0 = free)
tells a known position from a new one. Everything grows inside the kernel: the node arrays
and the table double when they fill, the movement cache is replaced by an empty one twice
as large when it gets half full, the move buffer doubles when a position has more moves.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.cube.disassembly.kernels import (
    DIRECTIONS,
    KIND_FULL,
    KIND_SEPARATION,
    moves,
    piece_bounds,
)
from puzzleviz.solvers.jit import njit

FNV_OFFSET = 1469598103934665603
FNV_PRIME = 1099511628211


@njit(cache=True, inline="always")
def _hash(pos: Int64Array) -> int:
    h = FNV_OFFSET
    for v in pos:
        h = (h ^ v) * FNV_PRIME
    return h ^ (h >> 31)


@njit(cache=True)
def _find(table: Int64Array, flat: Int64Array, pos: Int64Array) -> int:
    """The slot of `pos` in the table: holding its node number + 1, or 0 (free) if new."""
    mask = table.shape[0] - 1
    slot: int = _hash(pos) & mask
    width = pos.shape[0]
    while table[slot] != 0:
        node = table[slot] - 1
        same = True
        for c in range(width):
            if flat[node, c] != pos[c]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & mask
    return slot


@njit(cache=True)
def _rehash(table_size: int, flat: Int64Array, count: int) -> Int64Array:
    table = np.zeros(table_size, dtype=np.int64)
    for node in range(count):
        table[_find(table, flat, flat[node])] = node + 1
    return table


@njit(cache=True)
def search(
    voxels: Int64Array,
    spans: Int64Array,
    weights: Int64Array,
    start: Int64Array,
    lines: Int64Array,
) -> tuple[bool, Int64Array, Int64Array, Int64Array, int]:
    """(found, the moves from start as rows (direction, amount, mask), the position before
    the way out (n, 3), the way out's row, positions visited). `start`: (n, 3) offsets;
    `lines`: kernels.voxel_lines of the voxels, or (3, 0) to compare voxel against voxel."""
    n = start.shape[0]
    width = 3 * n
    cap = 64  # most separations of a packing take one move: start small, grow
    flat = np.empty((cap, width), dtype=np.int64)
    parent = np.empty(cap, dtype=np.int64)
    came = np.empty((cap, 3), dtype=np.int64)
    table = np.zeros(4 * cap, dtype=np.int64)
    pairs = n * (n - 1) // 2
    size = 256
    while 2 * pairs > size:
        size *= 2
    keys, vals = np.full(size, -1, dtype=np.int64), np.zeros(size, dtype=np.int64)
    used = 0
    rows = np.empty((256, 3), dtype=np.int64)
    bounds = piece_bounds(voxels, spans)
    for i in range(n):
        for c in range(3):
            flat[0, 3 * i + c] = start[i, c] - start[0, c]
    parent[0] = -1
    table[_find(table, flat, flat[0])] = 1
    count = 1
    head = 0
    child = np.empty(width, dtype=np.int64)
    while head < count:
        pos = flat[head].reshape((n, 3))
        while True:
            if 2 * (used + pairs) > keys.shape[0]:  # an empty cache, twice as large
                keys = np.full(2 * keys.shape[0], -1, dtype=np.int64)
                vals = np.zeros(keys.shape[0], dtype=np.int64)
                used = 0  # (the first size holds 2 * pairs, so one doubling is room)
            kind, n_moves, added = moves(voxels, spans, bounds, pos, weights, rows, keys, vals,
                                        lines)  # fmt: skip
            used += added
            if kind != KIND_FULL:
                break
            rows = np.empty((2 * max(n_moves, rows.shape[0]), 3), dtype=np.int64)
        if kind == KIND_SEPARATION:
            depth = 0
            node = head
            while parent[node] >= 0:
                depth += 1
                node = parent[node]
            path = np.empty((depth, 3), dtype=np.int64)
            node = head
            for m in range(depth - 1, -1, -1):
                path[m] = came[node]
                node = parent[node]
            return True, path, pos.copy(), rows[0].copy(), count
        for m in range(n_moves):
            d, k, mask = rows[m, 0], rows[m, 1], rows[m, 2]
            for i in range(n):
                for c in range(3):
                    v = flat[head, 3 * i + c]
                    if (mask >> i) & 1:
                        v += k * DIRECTIONS[d, c]
                    child[3 * i + c] = v
            for c in range(2, -1, -1):  # piece 0 back at the origin: shifts are one position
                shift = child[c]
                for i in range(n):
                    child[3 * i + c] -= shift
            slot = _find(table, flat, child)
            if table[slot] != 0:
                continue
            if count == cap:
                cap *= 2
                flat2 = np.empty((cap, width), dtype=np.int64)
                flat2[:count] = flat[:count]
                flat = flat2
                parent2 = np.empty(cap, dtype=np.int64)
                parent2[:count] = parent[:count]
                parent = parent2
                came2 = np.empty((cap, 3), dtype=np.int64)
                came2[:count] = came[:count]
                came = came2
            flat[count] = child
            parent[count] = head
            came[count, 0], came[count, 1], came[count, 2] = d, k, mask
            table[slot] = count + 1
            count += 1
            if 2 * count > table.shape[0]:
                table = _rehash(2 * table.shape[0], flat, count)
        head += 1
    empty = np.empty((0, 3), dtype=np.int64)
    return False, empty, np.empty((n, 3), dtype=np.int64), np.empty(3, dtype=np.int64), count

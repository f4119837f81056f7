"""The goal ball: every state within a few moves of the goal set, with its distance.

Searching forward from a scramble, the last few moves are the hardest to find by a
heuristic (the last misplaced balls must be swapped without disturbing the rest). A
multi-source BFS from all goals to radius R, kept in a hash table, turns them into a
lookup: as soon as the forward search touches the ball, the rest of the way is read off
by stepping to any neighbour one closer to the goal.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int8Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import goal_states
from puzzleviz.solvers.rings.model.layouts import KernelState, PackedKey
from puzzleviz.solvers.rings.search.kernels import (
    Tables,
    hash_words,
    pack,
    rotate,
    tables,
    to_kernel_state,
    unpack,
)


class GoalBall(NamedTuple):
    keys: PackedKey  # (cap, W) uint64
    dist: Int8Array  # (cap,) int8
    slots: Int64Array  # (2^k,) int64 hash slots, -1 empty
    fill: Int64Array  # (1,) int64
    radius: int


@njit(cache=True)
def ball_find(ball_keys: PackedKey, ball_index: Int64Array, key: PackedKey) -> int:
    """Node number of `key` in the ball, or -1."""
    mask = ball_index.shape[0] - 1
    slot = np.int64(hash_words(key) & np.uint64(mask))
    while True:
        node = ball_index[slot]
        if node < 0:
            return -1
        same = True
        for w in range(key.shape[0]):
            if ball_keys[node, w] != key[w]:
                same = False
                break
        if same:
            return int(node)
        slot = (slot + 1) & mask


@njit(cache=True)
def _ball_add(
    keys: PackedKey, dist: Int8Array, index: Int64Array, fill: Int64Array, key: PackedKey,
    d: int,
) -> None:  # fmt: skip
    mask = index.shape[0] - 1
    slot = np.int64(hash_words(key) & np.uint64(mask))
    while index[slot] >= 0:
        slot = (slot + 1) & mask
    n = fill[0]
    keys[n] = key
    dist[n] = d
    index[slot] = n
    fill[0] = n + 1


@njit(cache=True)
def _ball_fill(
    goals: KernelState, tab: Tables, radius: int, keys: PackedKey, dist: Int8Array,
    index: Int64Array, fill: Int64Array,
) -> int:  # fmt: skip
    """Multi-source BFS to `radius`; stops early (smaller radius) if the table fills."""
    n = goals.shape[1]
    k, g = tab.circuits.shape
    key = np.empty(tab.words, dtype=np.uint64)
    x = np.empty(n, dtype=np.int8)
    tmp = np.empty(g, dtype=np.int8)
    cap = keys.shape[0]
    for i in range(goals.shape[0]):
        pack(goals[i], tab.bits, key)
        if ball_find(keys, index, key) < 0:
            _ball_add(keys, dist, index, fill, key, 0)
    head = 0
    reached = 0
    while head < fill[0]:
        d = dist[head]
        if d >= radius:
            break
        if fill[0] + k * g > cap:
            return int(d)  # full: nodes beyond distance d may be missing
        unpack(keys[head], tab.bits, n, x)
        for ring in range(k):
            for _ in range(g - 1):
                rotate(x, tab.circuits, ring, 1, tmp)
                pack(x, tab.bits, key)
                if ball_find(keys, index, key) < 0:
                    _ball_add(keys, dist, index, fill, key, d + 1)
            rotate(x, tab.circuits, ring, 1, tmp)  # full turn: back to the node
        head += 1
        reached = d + 1
    return max(reached, radius)


@functools.lru_cache(maxsize=8)
def goal_ball(config: RingConfig, radius: int, capacity: int = 4_000_000) -> GoalBall:
    """The ball of the given radius (reduced if `capacity` states do not hold it).

    When not even the goals' first shell fits (the Olympic two-colour rings: 322,560
    goals, 27 M states one move away), the ball is the goals and as many again: filling
    4 M states of a shell that stays partial took 4 s and shortened no solution of 8
    uniform states."""
    tab = tables(config)
    goals = to_kernel_state(goal_states(config))
    k, g = tab.circuits.shape
    if len(goals) * (1 + k * (g - 1)) > capacity:
        capacity = 2 * len(goals)
    cap = max(capacity, 2 * len(goals))
    keys = np.empty((cap, tab.words), dtype=np.uint64)
    dist = np.empty(cap, dtype=np.int8)
    index = np.full(1 << int(2 * cap - 1).bit_length(), -1, dtype=np.int64)
    fill = np.zeros(1, dtype=np.int64)
    complete = _ball_fill(goals, tab, radius, keys, dist, index, fill)
    n = int(fill[0])
    # Only distances up to `complete` are exact (a full table stops the BFS mid-layer).
    return GoalBall(keys[:n], dist[:n], index, fill, int(min(complete, radius)))


@njit(cache=True)
def descend(
    x: KernelState, tab: Tables, ball_keys: PackedKey, ball_dist: Int8Array,
    ball_index: Int64Array, out_ring: Int64Array, out_f: Int64Array,
) -> int:  # fmt: skip
    """From a state inside the ball, the moves down to a goal; returns their number."""
    k, g = tab.circuits.shape
    key = np.empty(tab.words, dtype=np.uint64)
    tmp = np.empty(g, dtype=np.int8)
    pack(x, tab.bits, key)
    node = ball_find(ball_keys, ball_index, key)
    d = ball_dist[node]
    steps = 0
    while d > 0:
        found = False
        for ring in range(k):
            for f in range(1, g):
                rotate(x, tab.circuits, ring, 1, tmp)
                pack(x, tab.bits, key)
                nb = ball_find(ball_keys, ball_index, key)
                if nb >= 0 and ball_dist[nb] == d - 1:
                    out_ring[steps] = ring
                    out_f[steps] = f
                    steps += 1
                    d -= 1
                    found = True
                    break
            if found:
                break
            rotate(x, tab.circuits, ring, 1, tmp)
        if not found:
            return -1
    return steps

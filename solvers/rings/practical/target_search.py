"""Shortest paths to one given target state, for every configuration: IDA* with a
perimeter.

Used for short solutions where no pattern database exists (three and five rings): to the
own-colour solved state (a scramble of N turns is solved in at most N moves), and between
two states of a long solution (solvers.rings.practical.shorten replaces a stretch of it by the
shortest path between its ends).

Lower bound (admissible for the one target): for ring r let m_r be the fewest positions
at which r's circuit differs from the target's circuit, over all rotations of r. A turn
of r itself only rotates its circuit, so m_r does not change; a turn of a neighbour
changes the two balls the rings share, so m_r drops by at most 2. Hence at least
ceil(m_r / 2) turns of r's neighbours are needed, and for rings whose neighbours are all
different (no turn serves two of them) these counts add up; and a turn of ring q lowers
the sum of all m by at most 2 x (q's neighbours). h is the largest of these bounds.

Perimeter: every state within `radius` moves of the target is kept with its distance
(a breadth-first ball, solvers.rings.practical.goalball), so the walk stops `radius` moves short of
the bound and reads the rest of the way off the ball.
"""

from __future__ import annotations

import functools
import itertools
from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int8Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import Circuits, KernelState, PackedKey, RingState
from puzzleviz.solvers.rings.practical.goalball import _ball_fill, ball_find, descend
from puzzleviz.solvers.rings.search.kernels import (
    Tables,
    is_goal,
    next_turn,
    pack,
    rotate,
    tables,
    to_kernel_state,
)

FOUND, EXHAUSTED, LIMIT = 0, 1, 2
NO_BOUND = 1 << 30


class TargetTables(NamedTuple):
    target: KernelState  # (N,) int8 target colours (0-based)
    tcirc: Int8Array  # (K, G) int8 target colours along each circuit
    nbr: Int64Array  # (K, 2) int64 neighbours (-1: none)
    sets: BoolArray  # (S, K) bool: rings whose neighbours are pairwise different
    max_drop: int  # the most one turn lowers the sum of m


class Ball(NamedTuple):
    keys: PackedKey  # as goalball.GoalBall's, around one target state
    dist: Int8Array
    slots: Int64Array
    radius: int


@functools.lru_cache(maxsize=8)
def _ring_sets(config: RingConfig) -> tuple[Int64Array, BoolArray, int]:
    k = config.rings
    nbr = np.full((k, 2), -1, dtype=np.int64)
    for r in range(k):
        near = [s for s in (r - 1, r + 1) if 0 <= s < k]
        nbr[r, : len(near)] = near
    neighbours = [set(int(s) for s in nbr[r] if s >= 0) for r in range(k)]
    sets = []
    for size in range(1, k + 1):
        for combo in itertools.combinations(range(k), size):
            pairs = itertools.combinations(combo, 2)
            if all(not (neighbours[a] & neighbours[b]) for a, b in pairs):
                sets.append([r in combo for r in range(k)])
    max_drop = max(2 * len(n) for n in neighbours)
    return nbr, np.array(sets, dtype=np.bool_), max_drop


def target_tables(config: RingConfig, target: RingState) -> TargetTables:
    """`target` in 1-based colours."""
    x = to_kernel_state(target)
    circuits = tables(config).circuits
    nbr, sets, max_drop = _ring_sets(config)
    return TargetTables(x, x[circuits], nbr, sets, max_drop)


def target_ball(config: RingConfig, target: RingState, radius: int,
                capacity: int = 2_000_000) -> Ball:  # fmt: skip
    """Every state within `radius` of `target` (fewer if `capacity` does not hold them)."""
    tab = tables(config)
    goals = to_kernel_state(target)[None, :]
    keys = np.empty((capacity, tab.words), dtype=np.uint64)
    dist = np.empty(capacity, dtype=np.int8)
    index = np.full(1 << int(2 * capacity - 1).bit_length(), -1, dtype=np.int64)
    fill = np.zeros(1, dtype=np.int64)
    complete = _ball_fill(goals, tab, radius, keys, dist, index, fill)
    n = int(fill[0])
    return Ball(keys[:n], dist[:n], index, int(min(complete, radius)))


@njit(cache=True)
def ring_mismatch(x: KernelState, circuits: Circuits, tcirc: Int8Array, r: int) -> int:
    """m_r: the fewest differing positions between ring r's circuit and the target's,
    over all rotations of r."""
    g = circuits.shape[1]
    best: int = g
    for rho in range(g):
        diff = 0
        for p in range(g):
            q = p - rho
            if q < 0:
                q += g
            if x[circuits[r, q]] != tcirc[r, p]:
                diff += 1
                if diff >= best:
                    break
        if diff < best:
            best = diff
            if best == 0:
                break
    return best


@njit(cache=True)
def bound_from(m: Int64Array, sets: BoolArray, max_drop: int) -> int:
    total = 0
    for r in range(m.shape[0]):
        total += m[r]
    h = (total + max_drop - 1) // max_drop
    for s in range(sets.shape[0]):
        v = 0
        for r in range(m.shape[0]):
            if sets[s, r]:
                v += (m[r] + 1) // 2
        if v > h:
            h = v
    return h


@njit(cache=True)
def target_h(x: KernelState, circuits: Circuits, T: TargetTables) -> int:
    m = np.empty(circuits.shape[0], dtype=np.int64)
    for r in range(circuits.shape[0]):
        m[r] = ring_mismatch(x, circuits, T.tcirc, r)
    return bound_from(m, T.sets, T.max_drop)


@njit(cache=True, nogil=True)
def target_ida(
    x0: KernelState, first_bound: int, last_bound: int, tab: Tables, T: TargetTables,
    ball_keys: PackedKey, ball_dist: Int8Array, ball_index: Int64Array, radius: int,
    any_goal: bool, max_nodes: int, control: Int64Array, path_ring: Int64Array,
    path_f: Int64Array, st: Int64Array,
) -> tuple[int, int]:  # fmt: skip
    """IDA* from x0 to the target (or, with any_goal, to any goal met on the way) for
    bounds first_bound.. last_bound. Returns (code, length) with the moves in
    path_ring/path_f; st = [nodes, last bound finished]."""
    k, g = tab.circuits.shape
    n = x0.shape[0]
    maxd = path_ring.shape[0]
    xs = np.empty((maxd + 1, n), dtype=np.int8)
    ms = np.empty((maxd + 1, k), dtype=np.int64)
    nring = np.zeros(maxd + 1, dtype=np.int64)
    nf = np.zeros(maxd + 1, dtype=np.int64)
    tmp = np.empty(g, dtype=np.int8)
    key = np.empty(tab.words, dtype=np.uint64)
    out_ring = np.empty(64, dtype=np.int64)
    out_f = np.empty(64, dtype=np.int64)
    xs[0] = x0
    for r in range(k):
        ms[0, r] = ring_mismatch(x0, tab.circuits, T.tcirc, r)
    nodes = 0
    pack(x0, tab.bits, key)
    node = ball_find(ball_keys, ball_index, key)
    if node >= 0:
        y = x0.copy()
        return FOUND, descend(y, tab, ball_keys, ball_dist, ball_index, path_ring, path_f)
    if any_goal and is_goal(x0, tab.offsets, tab.want_changes):
        return FOUND, 0
    bound = max(first_bound, radius + 1)
    while bound <= last_bound:
        next_bound = NO_BOUND
        d = 0
        nring[0] = 0
        nf[0] = 0
        while d >= 0:
            ring, f = next_turn(nring[d], nf[d], g, path_ring[d - 1] if d > 0 else -1)
            if ring >= k or d >= maxd:
                d -= 1
                continue
            nring[d] = ring
            nf[d] = f
            if f == 1:
                xs[d + 1] = xs[d]
                for r in range(k):
                    ms[d + 1, r] = ms[d, r]
            rotate(xs[d + 1], tab.circuits, ring, 1, tmp)  # xs[d + 1] is xs[d] turned by f
            nodes += 1
            if (nodes & 4095) == 0 and (control[0] != 0 or nodes > max_nodes):
                st[0] = nodes
                return LIMIT, 0
            y = xs[d + 1]
            for a in range(2):
                s = T.nbr[ring, a]
                if s >= 0:
                    ms[d + 1, s] = ring_mismatch(y, tab.circuits, T.tcirc, s)
            path_ring[d] = ring
            path_f[d] = f
            if any_goal and is_goal(y, tab.offsets, tab.want_changes):
                st[0] = nodes
                return FOUND, d + 1
            left = bound - d - 1
            h = bound_from(ms[d + 1], T.sets, T.max_drop)
            if left <= radius:
                # the perimeter: inside the ball the rest is known, outside it is > radius
                pack(y, tab.bits, key)
                node = ball_find(ball_keys, ball_index, key)
                if node >= 0 and ball_dist[node] <= left:
                    z = y.copy()
                    rest = descend(z, tab, ball_keys, ball_dist, ball_index, out_ring, out_f)
                    for e in range(rest):
                        path_ring[d + 1 + e] = out_ring[e]
                        path_f[d + 1 + e] = out_f[e]
                    st[0] = nodes
                    return FOUND, d + 1 + rest
                low = max(h, radius + 1 if node < 0 else ball_dist[node])
                if d + 1 + low < next_bound:
                    next_bound = d + 1 + low
                continue
            if d + 1 + h > bound:
                if d + 1 + h < next_bound:
                    next_bound = d + 1 + h
                continue
            d += 1
            nring[d] = 0
            nf[d] = 0
        st[0] = nodes
        st[1] = bound
        if next_bound == NO_BOUND:
            return EXHAUSTED, 0
        bound = next_bound
    return EXHAUSTED, 0


def shortest_to_target(
    config: RingConfig,
    state: np.ndarray,
    target: np.ndarray,
    *,
    max_length: int,
    radius: int = 2,
    ball: Ball | None = None,
    any_goal: bool = False,
    max_nodes: int = 50_000_000,
    control: np.ndarray | None = None,
) -> tuple[list[tuple[int, int]] | None, int]:
    """(moves, nodes): a shortest path from `state` to `target` (1-based colours) of at
    most `max_length` moves, or None if there is none (or the node limit came first).
    With any_goal a goal met before the target also ends the search (then the path need
    not be shortest)."""
    tab = tables(config)
    T = target_tables(config, target)
    ball = ball or target_ball(config, target, radius)
    control = np.zeros(1, dtype=np.int64) if control is None else control
    x = to_kernel_state(state)
    h0 = int(target_h(x, tab.circuits, T))
    if h0 > max_length:
        return None, 0
    path_ring = np.zeros(max_length + 64, dtype=np.int64)
    path_f = np.zeros(max_length + 64, dtype=np.int64)
    st = np.zeros(2, dtype=np.int64)
    code, length = target_ida(x, h0, max_length, tab, T, ball.keys, ball.dist, ball.slots,
                              ball.radius, any_goal, max_nodes, control, path_ring, path_f,
                              st)  # fmt: skip
    if code != FOUND or length > max_length:
        return None, int(st[0])
    return [(int(path_ring[i]), int(path_f[i])) for i in range(length)], int(st[0])

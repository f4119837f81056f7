"""The exact distance of every state of a small two-ring configuration, one byte each.

The ground truth for the optimal solver's tests and for measuring how close the pattern
databases come to the true distance. It reuses the state-space BFS's indexing
(solvers.rings.stats.statespace: a state is its two rings' own sequences, ranked by table) and
fills a uint8 per state by a multi-source BFS from every goal in the forgat metric.
Sizes: 2/8/2/2 has 4,204,200 states, 2/12/1/2 705,432, 2/16/1/2 155,117,520 (155 MB).
"""

from __future__ import annotations

import functools

import numpy as np
from puzzleviz.solvers import memory
from puzzleviz.solvers.arrays import Int32Array, Int64Array, UInt8Array
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.stats.statespace import _decode, _successor, space_for, turn_moves

UNSEEN = 255
MAX_STATES = 400_000_000


@njit(cache=True, nogil=True)
def _layer(
    dist: UInt8Array, depth: int, moves: Int64Array, geo: Int64Array, cls: Int32Array,
    rank: Int32Array, base: Int64Array, size_b: Int64Array, codes: Int64Array,
    cstart: Int64Array, partner: Int64Array, lo: int, hi: int,
) -> int:  # fmt: skip
    added = 0
    k = 0
    while base[k + 1] <= lo:
        k += 1
    for i in range(lo, hi):
        if dist[i] != depth:
            continue
        k, a, b = _decode(i, k, base, size_b, codes, cstart, partner)
        for m in range(moves.shape[0]):
            j = _successor(a, b, moves[m, 0], moves[m, 1], geo, cls, rank, base, size_b)
            if dist[j] == UNSEEN:
                dist[j] = depth + 1
                added += 1
    return added


@functools.lru_cache(maxsize=2)
def distance_table(config: RingConfig) -> np.ndarray:
    """uint8 forgat distance to the goal set of every state, by statespace index."""
    if config.state_count > MAX_STATES:
        raise ValueError(f"{config}: {config.state_count:,} states is too many for a table")
    space = space_for(config)
    control = current_control()
    total = space.total
    memory.check(total, f"the distance table of {config}'s {total:,} states")
    dist = np.full(total, UNSEEN, dtype=np.uint8)
    dist[space.goal_indices] = 0
    moves = turn_moves(config, "forgat")
    chunk = 1 << 22
    depth = 0
    while True:
        added = 0
        for lo in range(0, total, chunk):
            raise_if_stopped(control)
            added += _layer(dist, depth, moves, space.geo, space.cls, space.rank, space.base,
                            space.size_b, space.codes, space.class_start, space.partner, lo,
                            min(total, lo + chunk))  # fmt: skip
        if added == 0:
            break
        depth += 1
    dist.setflags(write=False)
    return dist


def distance(config: RingConfig, state: np.ndarray) -> int:
    """The exact forgat distance of `state` (1-based colours) to the goal set."""
    return int(distance_table(config)[space_for(config).index(np.asarray(state))])

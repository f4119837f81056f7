"""Pattern databases: exact distances in a coarser puzzle where some colours are merged.

An abstraction maps each real colour to an abstract colour. The abstract puzzle has the
same rings and moves; its states are ranked (lexicographic multinomial) and a layered BFS
from the images of all real goals fills one byte per abstract state. Which abstractions:
for each ring, keep that ring's colours apart and merge every other ring's colours into one
class per ring (or, if that is too big, into one class), down to the plain 1-colour-per-ring
picture; the largest that fits `budget` states is taken for every ring.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from puzzleviz.solvers import memory
from puzzleviz.solvers.arrays import Int64Array, UInt8Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import goal_states
from puzzleviz.solvers.rings.model.layouts import Circuits, KernelState, RingState
from puzzleviz.solvers.rings.search.heuristics import H_ADMISSIBLE, HeuristicParams, evaluate
from puzzleviz.solvers.rings.search.kernels import rotate, tables, to_kernel_state
from puzzleviz.solvers.rings.search.nodes import abstract_rank, abstract_unrank

UNSEEN = 255
_IDENTITY = np.arange(64, dtype=np.int8)
DEFAULT_BUDGET = 3_000_000


def _size(counts: list[int]) -> int:
    total, left = 1, sum(counts)
    for c in counts:
        total *= math.comb(left, c)
        left -= c
    return total


def candidate_maps(config: RingConfig) -> list[tuple[int, ...]]:
    """Colour maps (real colour index -> abstract colour), most informative first."""
    n = config.n_colours
    ring_of = [(c // config.colours_per_ring) for c in range(n)]
    out: list[tuple[int, ...]] = []
    for focus in range(config.rings):
        mine = [c for c in range(n) if ring_of[c] == focus]
        # focus ring's colours apart, other rings one class each
        by_ring: list[int] = []
        classes: dict[object, int] = {}
        for c in range(n):
            key = ("c", c) if c in mine else ("r", ring_of[c])
            by_ring.append(classes.setdefault(key, len(classes)))
        out.append(tuple(by_ring))
        # focus ring's colours apart, everything else one class
        classes = {}
        merged = [
            classes.setdefault(("c", c) if c in mine else "rest", len(classes)) for c in range(n)
        ]
        out.append(tuple(merged))
        # one colour of the focus ring against the rest
        for c0 in mine:
            classes = {}
            out.append(tuple(classes.setdefault(c == c0, len(classes)) for c in range(n)))
    out.append(tuple(ring_of))
    seen: set[tuple[int, ...]] = set()
    unique = []
    for m in out:
        canon = _canonical(m)
        if canon not in seen and len(set(m)) > 1:
            seen.add(canon)
            unique.append(canon)
    return unique


def _canonical(cmap: tuple[int, ...]) -> tuple[int, ...]:
    renumber: dict[int, int] = {}
    return tuple(renumber.setdefault(a, len(renumber)) for a in cmap)


def abstract_counts(config: RingConfig, cmap: tuple[int, ...]) -> list[int]:
    counts = [0] * (max(cmap) + 1)
    for c, n in enumerate(config.colour_counts):
        counts[cmap[c]] += n
    return counts


def choose_maps(config: RingConfig, budget: int = DEFAULT_BUDGET) -> list[tuple[int, ...]]:
    """For every ring the largest abstraction within `budget` that keeps its colours
    apart (or, failing that, any within budget)."""
    cands = [(m, _size(abstract_counts(config, m))) for m in candidate_maps(config)]
    fitting = [(m, s) for m, s in cands if s <= budget]
    if not fitting:
        return []
    chosen: list[tuple[int, ...]] = []
    ring_of = [(c // config.colours_per_ring) for c in range(config.n_colours)]
    for focus in range(config.rings):
        mine = [c for c in range(config.n_colours) if ring_of[c] == focus]

        def apart(m: tuple[int, ...], mine: list[int] = mine) -> int:
            return len({m[c] for c in mine})

        best = max(fitting, key=lambda ms: (apart(ms[0]), ms[1]))[0]
        if best not in chosen:
            chosen.append(best)
    return chosen


@njit(cache=True)
def _bfs_fill(
    dist: UInt8Array, seeds: Int64Array, counts: Int64Array, total: int, n: int,
    circuits: Circuits, tmp: KernelState,
) -> int:  # fmt: skip
    """Layered BFS over ranked abstract states; returns the number of layers."""
    nc = counts.shape[0]
    work = np.empty(nc, dtype=np.int64)
    x = np.empty(n, dtype=np.int8)
    y = np.empty(n, dtype=np.int8)
    for s in seeds:
        dist[s] = 0
    k, g = circuits.shape
    depth = 0
    while True:
        added = 0
        for s in range(total):
            if dist[s] != depth:
                continue
            abstract_unrank(s, counts, total, n, work, x)
            for ring in range(k):
                for i in range(n):
                    y[i] = x[i]
                for _f in range(1, g):
                    rotate(y, circuits, ring, 1, tmp)
                    r = abstract_rank(y, _IDENTITY[:nc], counts, total, work)
                    if dist[r] == 255:
                        dist[r] = depth + 1
                        added += 1
        if added == 0:
            return depth + 1
        depth += 1


@functools.lru_cache(maxsize=16)
def build_pdb(config: RingConfig, cmap: tuple[int, ...]) -> UInt8Array:
    """uint8 distances of every abstract state (255 where unreachable)."""
    counts = np.array(abstract_counts(config, cmap), dtype=np.int64)
    total = _size(list(counts))
    n = config.n_balls
    lookup = np.array(cmap, dtype=np.int8)
    goals = lookup[goal_states(config) - 1]
    work = np.empty(len(counts), dtype=np.int64)
    seeds = np.unique(
        np.array([abstract_rank(g, _IDENTITY, counts, total, work) for g in goals], dtype=np.int64)
    )
    memory.check(total, f"a pattern database of {config} ({total:,} entries)")
    dist = np.full(total, UNSEEN, dtype=np.uint8)
    tmp = np.empty(config.size, dtype=np.int8)
    _bfs_fill(dist, seeds, counts, total, n, tables(config).circuits, tmp)
    dist.setflags(write=False)
    return dist


def admissible_params(config: RingConfig, budget: int = DEFAULT_BUDGET) -> HeuristicParams:
    maps = choose_maps(config, budget)
    n = config.n_colours
    dbs = [build_pdb(config, m) for m in maps]
    off = np.zeros(len(dbs) + 1, dtype=np.int64)
    for i, db in enumerate(dbs):
        off[i + 1] = off[i] + db.size
    cmap = np.zeros((len(maps), n), dtype=np.int8)
    counts = np.zeros((len(maps), n), dtype=np.int64)
    ncol = np.zeros(len(maps), dtype=np.int64)
    total = np.zeros(len(maps), dtype=np.int64)
    for i, m in enumerate(maps):
        cmap[i] = m
        ac = abstract_counts(config, m)
        counts[i, : len(ac)] = ac
        ncol[i] = len(ac)
        total[i] = _size(ac)
    flat = np.concatenate(dbs) if dbs else np.zeros(0, dtype=np.uint8)
    return HeuristicParams(
        kind=H_ADMISSIBLE,
        change_bound=tables(config).change_bound,
        pdb_flat=flat,
        pdb_off=off,
        pdb_map=cmap,
        pdb_counts=counts,
        pdb_ncol=ncol,
        pdb_total=total,
    )


def admissible_value(config: RingConfig, state: RingState, params: HeuristicParams) -> int:
    work = np.empty(config.n_colours, dtype=np.int64)
    return int(evaluate(to_kernel_state(state), tables(config), params, work))

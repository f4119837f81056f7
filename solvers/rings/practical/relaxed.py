"""Relaxed ring tables: how many moves one ring needs if its neighbours could hand it anything.

The practical beam's guide must tell a state that is nearly solved from one that only looks
tidy. Counting misplaced balls cannot: a ring whose two wrong balls sit exactly one lens
apart is one neighbour turn from done, a ring whose wrong balls are scattered needs a turn
of its own before every exchange. This table knows the difference.

For ring r, look only at its circuit and mark each position 1 if it holds one of r's own
colours, else 0: a pattern of Gsz bits. The goal pattern has 1 at every own slot and 0 at
the foreign slots. Relax the puzzle: a turn of r rotates the pattern; a turn of a
neighbour may set the two bits of that neighbour's lens to any values (the neighbour could
hold anything). The breadth-first distance from the goal pattern in this small space
(2^Gsz patterns: 1 M for Gsz 20) is the number of moves ring r would need if every
neighbour were a perfect supplier, a lower bound on the true count for that ring.

With two colours per ring there is one table per colour instead (bit p: the ball there has
that colour; the goal: the colour's block in either of its ring's two orders).

The guide sums the tables' values, each weighted by 1 + the ring's distance from the
middle of the chain (3, 2, 1, 2, 3 on the Olympic rings: the end rings' balls come from
farthest, so they are started first, which shortened the solutions by about 10%), plus the
weighted number of rings each ball still has to cross (solvers.rings.practical.practical). A move
of a middle ring serves its two neighbours at once, so the sum is not a lower bound, but
it ranks states well: the beam's median on uniform three-ring states fell from about 45
to 35 moves with it.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int64Array, UInt8Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import Circuits, KernelState


class RelaxedTables(NamedTuple):
    flat: UInt8Array  # uint8: every entry's table, concatenated (2^Gsz values each)
    offset: Int64Array  # (E,) int64 start of entry e's table in flat
    ring: Int64Array  # (E,) int64 the ring whose circuit entry e reads
    own: BoolArray  # (E, C) bool: colour c (0-based) sets a bit of entry e's pattern
    scale: Int64Array  # (E,) int64 weight of entry e in the sum


@njit(cache=True)
def _relaxed_bfs(g: int, goals: Int64Array, lens_bits: Int64Array, out: UInt8Array) -> int:
    """Breadth-first distances from the `goals` patterns in the relaxed space of one ring
    (out: 2^g uint8, 255 = unseen). lens_bits[i] is the mask of lens i's two positions."""
    full = (1 << g) - 1
    out[:] = 255
    queue = np.empty(1 << g, dtype=np.int32)
    tail = 0
    for goal in goals:
        if out[goal] == 255:
            out[goal] = 0
            queue[tail] = goal
            tail += 1
    head = 0
    while head < tail:
        p = queue[head]
        head += 1
        d = out[p] + 1
        for f in range(1, g):
            q = ((p << f) | (p >> (g - f))) & full
            if out[q] == 255:
                out[q] = d
                queue[tail] = q
                tail += 1
        for i in range(lens_bits.shape[0]):
            mask = lens_bits[i]
            base = p & ~mask
            # the lens' two bits take every value: iterate over the subsets of mask
            sub = mask
            while True:
                q = base | sub
                if out[q] == 255:
                    out[q] = d
                    queue[tail] = q
                    tail += 1
                if sub == 0:
                    break
                sub = (sub - 1) & mask
    return tail


def _bits(config: RingConfig, ring: int, owns: list[int]) -> int:
    """The pattern with a 1 at the circuit positions of `ring`'s own balls numbered `owns`."""
    where = {config.own_at(ring, p): p for p in range(1, config.size + 1)}
    return sum(1 << (where[j] - 1) for j in owns)


def _entries(config: RingConfig) -> list[tuple[int, list[int], list[int]]]:
    """(ring, colours (0-based), goal patterns) of every table. One colour per ring: one
    table per ring, its own colour at its own slots. Two colours: one table per colour,
    on its ring's circuit, the colour's block in either of the ring's two orders."""
    out = []
    counts = config.colour_counts
    for r in range(config.rings):
        own = list(range(1, config.own_count(r) + 1))
        colours = [c - 1 for c in config.ring_colours(r)]
        if config.colours_per_ring == 1:
            out.append((r, colours, [_bits(config, r, own)]))
            continue
        for c in colours:
            n = counts[c]
            out.append((r, [c], [_bits(config, r, own[:n]), _bits(config, r, own[-n:])]))
    return out


@functools.lru_cache(maxsize=8)
def relaxed_tables(config: RingConfig) -> RelaxedTables:
    """Every table (about 0.1 s per table of a Gsz 20 ring, once per process)."""
    g = config.size
    entries = _entries(config)
    flat = np.empty(len(entries) << g, dtype=np.uint8)
    own = np.zeros((len(entries), config.n_colours), dtype=np.bool_)
    for e, (r, colours, goals) in enumerate(entries):
        own[e, colours] = True
        lens_bits = np.array(
            [(1 << (lens.start - 1)) | (1 << (lens.end - 1))
             for lens in config.lenses if lens.ring == r],
            dtype=np.int64,
        )  # fmt: skip
        _relaxed_bfs(g, np.array(goals, dtype=np.int64), lens_bits, flat[e << g : (e + 1) << g])
    rings = np.array([r for r, _, _ in entries], dtype=np.int64)
    # the outer rings count more: their balls come from farther, so they are started first
    scale = 1 + np.abs(2 * rings - (config.rings - 1)) // 2
    return RelaxedTables(flat, np.arange(len(entries), dtype=np.int64) << g, rings, own, scale)


@njit(cache=True)
def relaxed_sum(x: KernelState, circuits: Circuits, rt: RelaxedTables) -> int:
    """Sum over the tables of each one's value at its ring's current pattern."""
    g = circuits.shape[1]
    total = 0
    for e in range(rt.ring.shape[0]):
        r = rt.ring[e]
        pattern = 0
        for p in range(g):
            if rt.own[e, x[circuits[r, p]]]:
                pattern |= 1 << p
        total += rt.scale[e] * rt.flat[rt.offset[e] + pattern]
    return total

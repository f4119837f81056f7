"""Numba primitives shared by every rings search: rotations, goal test, heuristics, keys.

Inside kernels a state is an int8 array of 0-based colours (state value - 1). `Tables`
bundles the configuration's arrays once so that kernels get everything in one argument
list, and pure-Python code can build it from a RingConfig.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int32Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import heuristic_sequence, max_heuristic
from puzzleviz.solvers.rings.model.layouts import Circuits, KernelState, PackedKey, RingState


class Tables(NamedTuple):
    circuits: Circuits  # (K, G) int32 state indices by position
    offsets: Int32Array  # (K + 1,) int32 own-ball ranges
    want_changes: int  # Szsz - 1
    hseq: Int32Array  # (K, L) int32: heuristic sequence per ring (own balls + wrap slot)
    hlen: Int32Array  # (K,) int32
    mine: BoolArray  # (K, C) bool: colour c belongs to ring r
    max_h: int
    bits: int  # bits per ball in a packed key
    words: int  # uint64 words per packed key
    change_bound: int  # the most a single rotation can lower the total excess of changes


@functools.lru_cache(maxsize=64)
def tables(config: RingConfig) -> Tables:
    k = config.rings
    seqs = [heuristic_sequence(config, r) for r in range(k)]
    length = max(len(s) for s in seqs)
    hseq = np.zeros((k, length), dtype=np.int32)
    for r, s in enumerate(seqs):
        hseq[r, : len(s)] = s
    mine = np.zeros((k, config.n_colours), dtype=np.bool_)
    for r in range(k):
        for c in config.ring_colours(r):
            mine[r, c - 1] = True
    bits = max(1, int(np.ceil(np.log2(config.n_colours))))
    words = -(-config.n_balls // (64 // bits))
    # A rotation changes an end ring's own-sequence changes by at most 2 and a middle
    # ring's by at most 5 (its linear sequence differs from the rotation-invariant cyclic
    # circuit in 2 resp. 5 adjacent pairs), and each neighbour's by at most 2 (one of its
    # own balls changes). See README of the package for the derivation.
    bound = 0
    for r in range(k):
        own = 2 if config.is_end(r) else 5
        neighbours = (r > 0) + (r < k - 1)
        bound = max(bound, own + 2 * neighbours)
    return Tables(
        circuits=np.ascontiguousarray(config.circuits, dtype=np.int32),
        offsets=np.array(config.offsets, dtype=np.int32),
        want_changes=config.colours_per_ring - 1,
        hseq=hseq,
        hlen=np.array([len(s) for s in seqs], dtype=np.int32),
        mine=mine,
        max_h=max_heuristic(config),
        bits=bits,
        words=words,
        change_bound=bound,
    )


def to_kernel_state(state: RingState) -> KernelState:
    return (np.asarray(state, dtype=np.int32) - 1).astype(np.int8)


@njit(cache=True)
def rotate(x: KernelState, circuits: Circuits, ring: int, f: int, tmp: KernelState) -> None:
    """In place: new[p] = old[p - f] along `ring`'s circuit (the spec's direction)."""
    g = circuits.shape[1]
    for p in range(g):
        q = p - f
        if q < 0:
            q += g
        tmp[p] = x[circuits[ring, q]]
    for p in range(g):
        x[circuits[ring, p]] = tmp[p]


@njit(cache=True, inline="always")
def next_turn(ring: int, f: int, g: int, last_ring: int) -> tuple[int, int]:
    """The turn after (ring, f) in the depth-first searches' order (ring by ring, f = 1 ..
    g - 1), skipping the ring turned last: two turns of one ring in a row are one turn."""
    f += 1
    if f == g:
        ring += 1
        f = 1
    if ring == last_ring:
        ring += 1
        f = 1
    return ring, f


@njit(cache=True)
def excess_changes(x: KernelState, offsets: Int32Array, want: int) -> int:
    """Sum over rings of |own-sequence colour changes - (Szsz - 1)|: 0 exactly at goals."""
    total = 0
    for r in range(offsets.shape[0] - 1):
        changes = 0
        for i in range(offsets[r] + 1, offsets[r + 1]):
            if x[i] != x[i - 1]:
                changes += 1
        d = changes - want
        total += d if d >= 0 else -d
    return total


@njit(cache=True)
def is_goal(x: KernelState, offsets: Int32Array, want: int) -> bool:
    for r in range(offsets.shape[0] - 1):
        changes = 0
        for i in range(offsets[r] + 1, offsets[r + 1]):
            if x[i] != x[i - 1]:
                changes += 1
                if changes > want:
                    return False
        if changes != want:
            return False
    return True


@njit(cache=True)
def thesis_h(
    x: KernelState, hseq: Int32Array, hlen: Int32Array, mine: BoolArray, max_h: int
) -> int:
    score = 0
    for r in range(hseq.shape[0]):
        n = hlen[r]
        start = 0
        for i in range(n):
            prev = i - 1 if i > 0 else n - 1
            if x[hseq[r, i]] != x[hseq[r, prev]]:
                start = i
                break
        run = 0
        last = x[hseq[r, start]]
        for k in range(n):
            i = start + k
            if i >= n:
                i -= n
            colour = x[hseq[r, i]]
            if colour != last:
                if mine[r, last]:
                    score += run * run
                run = 0
                last = colour
            run += 1
        if mine[r, last]:
            score += run * run
    return max_h - score


@njit(cache=True)
def pack(x: KernelState, bits: int, out: PackedKey) -> None:
    """Pack 0-based colours into uint64 words (`bits` per ball)."""
    for w in range(out.shape[0]):
        out[w] = 0
    per = 64 // bits
    for i in range(x.shape[0]):
        w = i // per
        out[w] |= np.uint64(x[i]) << np.uint64((i - w * per) * bits)


@njit(cache=True)
def unpack(words: PackedKey, bits: int, n: int, out: KernelState) -> None:
    per = 64 // bits
    mask = (np.uint64(1) << np.uint64(bits)) - np.uint64(1)
    for i in range(n):
        w = i // per
        out[i] = np.int8((words[w] >> np.uint64((i - w * per) * bits)) & mask)


@njit(cache=True)
def hash_words(words: PackedKey) -> np.uint64:
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(words.shape[0]):
        z = words[w] + h
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        h = z ^ (z >> np.uint64(31))
    return h

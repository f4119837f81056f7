"""The goal test, the goal set, and the thesis' heuristic (pure Python, the reference).

Goal (spec 2.5): every ring's own sequence, read in index order (not cyclically), has
exactly Szsz - 1 colour changes. Colours may be permuted between rings when the counts
allow, so the goal set holds more than the 'own colours' arrangement.

Heuristic (spec 3, variant Q): for ring r take its own balls in index order plus the ball
in its wrap slot (position Gsz) and read the sequence cyclically; score the squares of the
lengths of maximal runs whose colour belongs to ring r; h = maxH - score with
maxH = sum of count_c squared. Not admissible: it is the thesis' greedy guide.
"""

from __future__ import annotations

import functools

import numpy as np

from solvers.rings.config import RingConfig


def own_changes(config: RingConfig, state: np.ndarray, ring: int) -> int:
    seq = state[config.offsets[ring] : config.offsets[ring + 1]]
    return int(np.count_nonzero(seq[1:] != seq[:-1]))


def is_goal(config: RingConfig, state: np.ndarray) -> bool:
    want = config.colours_per_ring - 1
    return all(own_changes(config, state, r) == want for r in range(config.rings))


@functools.lru_cache(maxsize=32)
def _goal_states(config: RingConfig) -> np.ndarray:
    """Every goal state, by filling the rings one by one with Szsz monochrome blocks."""
    counts = list(config.colour_counts)
    blocks = config.colours_per_ring
    found: list[list[int]] = []

    def fill(ring: int, prefix: list[int]) -> None:
        if ring == config.rings:
            if not any(counts):
                found.append(list(prefix))
            return
        n = config.own_count(ring)
        for sizes in _compositions(n, blocks):
            yield_blocks(ring, prefix, sizes, 0, -1)

    def yield_blocks(ring: int, prefix: list[int], sizes: tuple[int, ...], i: int, prev: int):
        if i == len(sizes):
            fill(ring + 1, prefix)
            return
        for c in range(len(counts)):
            if c != prev and counts[c] >= sizes[i]:
                counts[c] -= sizes[i]
                yield_blocks(ring, prefix + [c + 1] * sizes[i], sizes, i + 1, c)
                counts[c] += sizes[i]

    fill(0, [])
    out = np.array(sorted(found), dtype=np.int32).reshape(len(found), config.n_balls)
    out.setflags(write=False)
    return out


def goal_states(config: RingConfig) -> np.ndarray:
    """(n_goals, N) int32, sorted; read-only and cached."""
    return _goal_states(config)


def _compositions(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(a, *rest) for a in range(1, n) for rest in _compositions(n - a, parts - 1)]


def max_heuristic(config: RingConfig) -> int:
    """maxH of the thesis: the largest score, reached when every colour is one run."""
    return sum(c * c for c in config.colour_counts)


def heuristic_sequence(config: RingConfig, ring: int) -> list[int]:
    """State indices read (cyclically) by the heuristic for `ring`: own balls, wrap slot."""
    own = list(range(config.offsets[ring], config.offsets[ring + 1]))
    return [*own, int(config.circuits[ring, config.size - 1])]


def thesis_heuristic(config: RingConfig, state: np.ndarray) -> int:
    score = 0
    for r in range(config.rings):
        seq = [int(state[i]) for i in heuristic_sequence(config, r)]
        mine = set(config.ring_colours(r))
        n = len(seq)
        start = next(i for i in range(n) if seq[i] != seq[i - 1])
        run = 0
        for k in range(n):
            colour = seq[(start + k) % n]
            if k and colour != seq[(start + k - 1) % n]:
                score += run * run if seq[(start + k - 1) % n] in mine else 0
                run = 0
            run += 1
        score += run * run if seq[(start - 1) % n] in mine else 0
    return max_heuristic(config) - score

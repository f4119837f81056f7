"""Turns and commutators as gather arrays: after a move, ball position i holds what
position src[i] held, so a sequence of moves composes by indexing (total = total[src])."""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import Gather

Turn = tuple[int, int]  # (ring 0-based, f): new[p] = old[p - f] along the ring's circuit


def turn_gather(config: RingConfig, ring: int, f: int) -> Gather:
    src = np.arange(config.n_balls)
    circ = config.circuits[ring]
    src[circ] = np.roll(circ, f)
    return src


def all_turns(config: RingConfig) -> list[Turn]:
    return [(r, f) for r in range(config.rings) for f in range(1, config.size)]


def commutators(config: RingConfig) -> list[tuple[Turn, ...]]:
    """R_a^i R_b^j R_a^-i R_b^-j for every ordered pair of neighbouring rings: the moves
    that shift only the few balls near where the two rings cross."""
    g = config.size
    out: list[tuple[Turn, ...]] = []
    for a in range(config.rings):
        for b in (a - 1, a + 1):
            if 0 <= b < config.rings:
                out += [((a, i), (b, j), (a, g - i), (b, g - j))
                        for i in range(1, g) for j in range(1, g)]  # fmt: skip
    return out


def sequence_gather(config: RingConfig, moves: tuple[Turn, ...] | list[Turn]) -> Gather:
    """The gather of a whole move sequence."""
    total = np.arange(config.n_balls)
    for ring, f in moves:
        total = total[turn_gather(config, ring, f)]
    return total

"""Ranking states: a state is one integer in 0 .. multinomial - 1.

The rank is the state's position in the lexicographic order of all colourings with the
configuration's colour counts (colour 1 < colour 2 < ...). Python integers keep it exact
for every configuration (the Olympic 2-colour space has about 5e74 states); the
state-space BFS uses its own int64 indexing (solvers.rings.stats.statespace).
"""

from __future__ import annotations

import math

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import RingState


def _multinomial(counts: list[int]) -> int:
    total, left = 1, sum(counts)
    for c in counts:
        total *= math.comb(left, c)
        left -= c
    return total


def rank(config: RingConfig, state: RingState) -> int:
    counts = list(config.colour_counts)
    total = _multinomial(counts)
    left = sum(counts)
    out = 0
    for value in state.tolist():
        colour = value - 1
        # States that start with a smaller colour here all come first.
        for smaller in range(colour):
            if counts[smaller]:
                out += total * counts[smaller] // left
        total = total * counts[colour] // left
        counts[colour] -= 1
        left -= 1
    return out


def unrank(config: RingConfig, index: int) -> RingState:
    counts = list(config.colour_counts)
    total = _multinomial(counts)
    if not 0 <= index < total:
        raise PuzzleInputError(f"rank {index} is outside 0..{total - 1} for {config}")
    left = sum(counts)
    out = np.empty(left, dtype=np.int32)
    for i in range(len(out)):
        for colour, count in enumerate(counts):
            if not count:
                continue
            block = total * count // left
            if index < block:
                out[i] = colour + 1
                total = block
                counts[colour] -= 1
                break
            index -= block
        left -= 1
    return out

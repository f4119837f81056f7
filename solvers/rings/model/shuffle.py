"""Random starting states, all seeded so that a run can be repeated.

- `thesis_shuffle`: the thesis' 'Kever' (method kezdo): fill the balls in order, each with
  a colour drawn uniformly among the colours that still have balls left. Not uniform over
  states: early balls see all colours equally often whatever their counts.
- `uniform_shuffle`: a uniformly random colouring (a random permutation of the balls).
- `random_moves` / `scrambled`: a random walk of rotations from the solved state, for
  short, watchable puzzles (no ring turned twice in a row); `played` applies moves.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import RingState
from puzzleviz.solvers.rings.model.model import RingsModel


def thesis_shuffle(config: RingConfig, seed: int) -> RingState:
    rng = np.random.default_rng(seed)
    left = list(config.colour_counts)
    out = np.empty(config.n_balls, dtype=np.int32)
    for i in range(config.n_balls):
        choices = [c for c, n in enumerate(left) if n > 0]
        colour = choices[int(rng.integers(len(choices)))]
        left[colour] -= 1
        out[i] = colour + 1
    return out


def uniform_shuffle(config: RingConfig, seed: int) -> RingState:
    rng = np.random.default_rng(seed)
    return rng.permutation(config.solved_state()).astype(np.int32)


def random_moves(config: RingConfig, n_moves: int, seed: int) -> list[tuple[int, int]]:
    """`n_moves` rotations (ring 0-based, f in 1..Gsz-1), no ring twice in a row."""
    rng = np.random.default_rng(seed)
    moves: list[tuple[int, int]] = []
    last = -1
    for _ in range(n_moves):
        ring = int(rng.integers(config.rings - 1)) if last >= 0 else int(rng.integers(config.rings))
        if last >= 0 and ring >= last:
            ring += 1
        moves.append((ring, int(rng.integers(1, config.size))))
        last = ring
    return moves


def played(config: RingConfig, state: RingState, moves: list[tuple[int, int]]) -> RingState:
    """`state` after `moves` (ring 0-based, f), as a new array: how tests and benchmarks
    check that a solution solves."""
    model = RingsModel(config)
    out = np.array(state, dtype=np.int32)
    for ring, f in moves:
        model.rotate(out, ring, f)
    return out


def scrambled(config: RingConfig, n_moves: int, seed: int) -> RingState:
    """The solved state after `random_moves(config, n_moves, seed)`: at most `n_moves`
    from a goal."""
    return played(config, config.solved_state(), random_moves(config, n_moves, seed))

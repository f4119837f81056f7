"""Plain-Python references: a BFS over tuples and a dict, short enough to trust.

Tests compare the numba state-space BFS against it on small configurations, and the
benchmark measures how much faster the numba BFS is on the same configuration.
"""

from __future__ import annotations

from collections import deque

from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import goal_states


def python_moves(config: RingConfig, metric: str) -> list[tuple[int, ...]]:
    """Each move as a tuple src: successor[i] = state[src[i]]."""
    n, g = config.n_balls, config.size
    amounts = range(1, g) if metric == "forgat" else (1, g - 1)
    out = []
    for r in range(config.rings):
        circ = [int(i) for i in config.circuits[r]]
        for f in amounts:
            src = list(range(n))
            for p in range(g):
                src[circ[p]] = circ[(p - f) % g]
            out.append(tuple(src))
    return out


def python_bfs_layers(config: RingConfig, metric: str) -> list[int]:
    """States at each distance from the goal set (multi-source BFS)."""
    moves = python_moves(config, metric)
    start = [tuple(int(v) for v in goal) for goal in goal_states(config)]
    dist = dict.fromkeys(start, 0)
    queue = deque(start)
    layers = [len(start)]
    while queue:
        state = queue.popleft()
        d = dist[state] + 1
        for src in moves:
            nxt = tuple([state[i] for i in src])
            if nxt not in dist:
                dist[nxt] = d
                queue.append(nxt)
                if d == len(layers):
                    layers.append(0)
                layers[d] += 1
    return layers

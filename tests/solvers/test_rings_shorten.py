"""Short solutions: the target search, window post-optimisation and best_practical."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.macros import turn_gather
from puzzleviz.solvers.rings.model.shuffle import played as play
from puzzleviz.solvers.rings.model.shuffle import scrambled, uniform_shuffle
from puzzleviz.solvers.rings.optimal.optimal import solve_optimal, solve_weighted
from puzzleviz.solvers.rings.practical.practical import practical_moves
from puzzleviz.solvers.rings.practical.shorten import best_practical, shorten
from puzzleviz.solvers.rings.practical.target_search import (
    shortest_to_target,
    target_h,
    target_tables,
)
from puzzleviz.solvers.rings.search.kernels import tables, to_kernel_state
from puzzleviz.solvers.rings.stats import exact


def distances_from(config: RingConfig, target: np.ndarray, radius: int) -> dict[bytes, int]:
    """Plain BFS from one state (moves are closed under inverse), to `radius`."""
    gathers = [
        turn_gather(config, r, f) for r in range(config.rings) for f in range(1, config.size)
    ]
    start = np.asarray(target, dtype=np.int8)
    dist = {start.tobytes(): 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        d = dist[s.tobytes()]
        if d == radius:
            continue
        for src in gathers:
            t = s[src]
            if t.tobytes() not in dist:
                dist[t.tobytes()] = d + 1
                queue.append(t)
    return dist


def test_the_target_bound_never_overestimates():
    config = RingConfig.parse("3/10/1/2")
    target = config.solved_state()
    tab, T = tables(config), target_tables(config, target)
    for key, d in distances_from(config, target, 3).items():
        state = np.frombuffer(key, dtype=np.int8).astype(np.int32)
        assert target_h(to_kernel_state(state), tab.circuits, T) <= d


@pytest.mark.parametrize("text", ["3/10/1/2", "3/10/2/2"])
def test_the_target_search_finds_shortest_paths(text):
    config = RingConfig.parse(text)
    target = config.solved_state()
    truth = distances_from(config, target, 4)
    for seed in range(12):
        state = scrambled(config, 1 + seed % 4, seed)
        moves, _ = shortest_to_target(config, state, target, max_length=6, radius=1)
        assert moves is not None
        assert np.array_equal(play(config, state, moves), target)
        assert len(moves) == truth[np.asarray(state, dtype=np.int8).tobytes()]
    # nothing shorter than the distance: a too-small limit finds nothing
    state = scrambled(config, 4, 99)
    d = truth.get(np.asarray(state, dtype=np.int8).tobytes())
    if d:
        assert shortest_to_target(config, state, target, max_length=d - 1, radius=1)[0] is None


def test_two_paths_between_two_states_of_a_two_ring_space_agree_with_bfs():
    config = RingConfig.parse("2/8/1/2")
    table = exact.distance_table(config)
    for seed in range(5):
        state = uniform_shuffle(config, seed)
        goal_moves = solve_optimal(config, state).moves
        goal = play(config, state, goal_moves)
        moves, _ = shortest_to_target(config, state, goal, max_length=12)
        assert moves is not None and len(moves) == len(goal_moves)
        assert len(moves) == table[exact.space_for(config).index(state)]


def test_shorten_removes_a_detour_and_keeps_a_solution():
    config = RingConfig.parse("3/10/1/2")
    state = scrambled(config, 5, 1)
    _, moves = practical_moves(config, state)
    g = config.size
    detour = [(0, 3), (1, 4), (2, 5), (2, g - 5), (1, g - 4), (0, g - 3)]
    # ring 2 twice in a row would be merged at once; the rest needs the window search
    padded = moves[:2] + detour + moves[2:]
    out = shorten(config, state, padded)
    assert is_goal(config, play(config, state, out))
    assert len(out) <= len(moves)


@pytest.mark.parametrize("text", ["3/10/1/2", "5/18/1/2"])
def test_shorten_never_lengthens_a_practical_solution(text):
    config = RingConfig.parse(text)
    state = uniform_shuffle(config, 3)
    _, moves = practical_moves(config, state)
    out = shorten(config, state, moves, node_budget=500_000)
    assert len(out) <= len(moves) and is_goal(config, play(config, state, out))


@pytest.mark.parametrize("text", ["2/16/1/2", "3/10/1/2", "3/10/2/2", "5/18/1/2", "5/18/2/2"])
def test_best_practical_undoes_short_scrambles_within_their_length(text):
    config = RingConfig.parse(text)
    for n in (3, 7):
        state = scrambled(config, n, n)
        result = best_practical(config, state, effort=2)
        assert result.solved and result.length <= n
        assert is_goal(config, play(config, state, result.moves))


def test_best_practical_on_two_rings_is_optimal_when_it_can_prove_it():
    config = RingConfig.parse("2/8/2/2")
    for seed in range(5):
        state = uniform_shuffle(config, seed)
        result = best_practical(config, state)
        assert result.optimal and result.length == exact.distance(config, state)


def test_weighted_search_is_within_its_factor_of_the_shortest():
    config = RingConfig.parse("2/8/2/2")
    for seed in range(10):
        state = uniform_shuffle(config, 50 + seed)
        d = exact.distance(config, state)
        result = solve_weighted(config, state, weight=(2, 1))
        assert result.solved and not result.optimal and result.lower_bound <= d
        assert d <= result.length <= 2 * d
        assert is_goal(config, play(config, state, result.moves))


def test_best_practical_always_answers():
    config = RingConfig.parse("3/10/2/2")
    state = uniform_shuffle(config, 4)
    result = best_practical(config, state, effort=0.1)
    assert result.solved and is_goal(config, play(config, state, result.moves))


def test_beams_on_threads_answer_as_one_after_another():
    # the runs share the cores; each answer must be what the run gives alone
    from puzzleviz.solvers.rings.practical.shorten import _beams

    config = RingConfig.parse("3/12/1/2")
    state = uniform_shuffle(config, 5)
    runs = [(1, 2.0), (4, 2.0), (2, 1.0)]
    control = np.zeros(1, dtype=np.int64)
    alone = [practical_moves(config, state, width=w, travel=t)[1] for w, t in runs]
    assert _beams(config, state, runs, control, None) == alone
    assert all(is_goal(config, play(config, state, moves)) for moves in alone)

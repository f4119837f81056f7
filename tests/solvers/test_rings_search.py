from __future__ import annotations

import itertools

import numpy as np
import pytest
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.modelcheck import assert_trace_replays
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.model import RingsModel
from puzzleviz.solvers.rings.model.ranking import unrank
from puzzleviz.solvers.rings.model.shuffle import random_moves, uniform_shuffle
from puzzleviz.solvers.rings.practical.practical import practical_moves, shorten, simplify
from puzzleviz.solvers.rings.search.background import BackgroundSearch, drive_job
from puzzleviz.solvers.rings.search.methods import new_control, recording_tracer, solve
from puzzleviz.solvers.rings.search.pdb import admissible_params, admissible_value
from puzzleviz.solvers.rings.stats.reference import python_moves
from puzzleviz.solvers.tracefile import trace_bytes


def exact_distances(config: RingConfig) -> dict[tuple[int, ...], int]:
    """Forgat distance to the goal set of every state, by a plain BFS (small configs)."""
    from collections import deque

    from puzzleviz.solvers.rings.model.goal import goal_states

    moves = python_moves(config, "forgat")
    start = [tuple(g.tolist()) for g in goal_states(config)]
    dist = dict.fromkeys(start, 0)
    queue = deque(start)
    while queue:
        s = queue.popleft()
        for src in moves:
            t = tuple(s[i] for i in src)
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


@pytest.fixture(scope="module")
def small():
    config = RingConfig.parse("2/6/2/1")
    return config, exact_distances(config)


def play(config: RingConfig, state: np.ndarray, moves) -> np.ndarray:
    model = RingsModel(config)
    out = state.copy()
    for ring, f in moves:
        model.rotate(out, ring, f)
    return out


@pytest.mark.parametrize(
    "method", ["bfs", pytest.param("iddfs", marks=pytest.mark.slow), "astar", "idastar"]
)  # iddfs: about 8 s
def test_optimal_methods_find_shortest_solutions(small, method):
    config, dist = small
    for seed in range(6):
        state = uniform_shuffle(config, seed)
        result = solve(config, state, method, limit=10)
        assert result.found
        assert is_goal(config, result.final_state)
        assert result.length == dist[tuple(state.tolist())]


@pytest.mark.parametrize("method", ["best-first", "practical"])
def test_other_methods_reach_a_goal(small, method):
    config, dist = small
    for seed in range(6):
        state = uniform_shuffle(config, seed)
        result = solve(config, state, method)
        assert result.found and is_goal(config, play(config, state, result.moves))
        assert result.length >= dist[tuple(state.tolist())]


def test_depth_limited_dfs_respects_its_limit(small):
    config, dist = small
    state = next(
        uniform_shuffle(config, s) for s in range(50)
        if dist[tuple(uniform_shuffle(config, s).tolist())] == 4
    )  # fmt: skip
    assert not solve(config, state, "dfs", limit=3).found
    found = solve(config, state, "dfs", limit=4)
    assert found.found and found.length == 4


def test_admissible_heuristic_never_overestimates(small):
    config, dist = small
    params = admissible_params(config)
    assert params.pdb_ncol.size >= 1  # a pattern database fits this configuration
    for state_key, d in list(dist.items())[::7]:
        assert admissible_value(config, np.array(state_key, dtype=np.int32), params) <= d


def test_admissible_heuristic_on_every_state_of_2_8_1():
    config = RingConfig.parse("2/8/1/2")
    dist = exact_distances(config)
    params = admissible_params(config)
    for i in range(config.state_count):
        state = unrank(config, i)
        assert admissible_value(config, state, params) <= dist[tuple(state.tolist())]


@pytest.mark.parametrize("method", ["bfs", "dfs", "iddfs", "best-first", "astar", "idastar"])
def test_search_traces_replay_to_the_solution(method):
    config = RingConfig.parse("2/6/2/1")
    state = uniform_shuffle(config, 11)
    model = RingsModel(config)
    tracer = recording_tracer(config, state, method)
    result = solve(config, state, method, tracer=tracer, limit=6)
    trace = tracer.finish()
    assert result.found and not trace.header.truncated
    assert_trace_replays(trace, model, result.final_state)
    kinds = [k for _, k, _ in trace.milestones()]
    assert kinds[0] == "solution"
    assert trace.header.counters == ("expanded", "open", "closed", "depth", "h", "bound")
    assert trace.counters[-1][0] == result.expanded


def test_traces_are_deterministic():
    config = RingConfig.parse("2/8/2/2")
    state = uniform_shuffle(config, 4)
    blobs = []
    for _ in range(2):
        tracer = recording_tracer(config, state, "best-first", seed=4)
        solve(config, state, "best-first", tracer=tracer)
        blobs.append(trace_bytes(tracer.finish()))
    assert blobs[0] == blobs[1]


def test_node_limit_and_cancellation_stop_a_search():
    config = RingConfig.parse("original")
    state = uniform_shuffle(config, 1)
    result = solve(config, state, "bfs", max_nodes=500)
    assert not result.found and "node limit" in result.reason
    control, status = new_control()
    control[0] = 1
    for method in ("best-first", "idastar", "practical"):
        assert solve(config, state, method, control=control, status=status).reason == "cancelled"


@pytest.mark.parametrize("text", ["2/20/2/4", "3/10/1/2", "2/12/1/3"])
def test_practical_solver_solves_scrambles(text):
    config = RingConfig.parse(text)
    for seed in range(2):
        state = uniform_shuffle(config, seed)
        _code, moves = practical_moves(config, state)
        assert moves and is_goal(config, play(config, state, moves))
        assert all(a[0] != b[0] for a, b in itertools.pairwise(moves))


def test_shorten_and_simplify_keep_the_end_state():
    config = RingConfig.parse("3/20/1/4")
    state = uniform_shuffle(config, 2)
    moves = [*random_moves(config, 12, 5), (0, 3), (2, 5), (0, 17)]
    end = play(config, state, moves)
    short = shorten(config, state, moves)
    assert np.array_equal(play(config, state, short), end) and len(short) < len(moves)
    assert simplify(config, [(1, 5), (1, 15), (0, 2)]) == [(0, 2)]


def test_background_search_reports_progress_and_result():
    config = RingConfig.parse("2/8/2/2")

    class FakeJob:
        cancelled = False
        status = ""

    job = FakeJob()
    seen = []
    search = BackgroundSearch(config, uniform_shuffle(config, 3), "astar", record=True)
    drive_job(job, search, interval=0.001, on_progress=seen.append)
    assert search.done and search.result.found and search.trace is not None
    assert not seen or job.status == seen[-1].line()  # the last progress, in words
    final = search.progress()
    assert final.done and final.expanded == search.result.expanded
    assert render(final.line(), "en").startswith(f"{final.expanded:,} positions expanded")
    assert render(final.line(), "de").startswith(f"{final.expanded:,}".replace(",", "."))


def test_background_search_can_be_cancelled():
    config = RingConfig.parse("original")
    search = BackgroundSearch(config, uniform_shuffle(config, 3), "bfs", max_nodes=3_000_000)
    search.start()
    search.cancel()
    search.wait(30)
    assert search.done and search.result.reason in ("cancelled", "stopped at the node limit")

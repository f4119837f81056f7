from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from puzzleviz.solvers.cube.files import load_puzzle
from puzzleviz.solvers.cube.reference import seed_search
from puzzleviz.solvers.cube.stochastic import StochasticParams, solve_stochastic, stochastic_trace
from puzzleviz.solvers.cube.views import seed_error, slices
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.modelcheck import assert_trace_replays
from puzzleviz.solvers.tracefile import trace_bytes

SEED = load_puzzle("fakocka")
SG = load_puzzle("slothouber-graatsma")


@pytest.mark.parametrize(
    ("puzzle", "seed", "pmax", "steps"),
    [(SEED, 3, 64, 4000), (SG, 5, 64, 3000), (SG, 11, 1000, 3000)],
)
def test_the_kernel_follows_the_seeds_program_step_by_step(puzzle, seed, pmax, steps):
    """The reference recomputes the error from scratch each step (the seed's Utkozesek);
    the kernel updates it incrementally. Same random numbers, same run."""
    params = StochasticParams(seed=seed, pmax=pmax, max_steps=steps, sample_every=0)
    result = solve_stochastic(puzzle, params)
    margin = result.model.margin
    expected = seed_search(puzzle, seed=seed, pmax=pmax, max_steps=steps, margin=margin)
    assert result.steps == expected["steps"]
    assert result.error == expected["error"]
    assert result.restarts == expected["restarts"] and result.restarts > 0
    assert result.helped.tolist() == expected["helped"]
    assert {e: int(c) for e, c in enumerate(result.histogram) if c} == expected["hist"]
    assert result.best_error == expected["best"]
    poses = result.final_state[: result.model.n_pieces]
    assert [result.model.space.unpack_pose(int(p)) for p in poses] == [
        tuple(individual) for individual in expected["individual"]
    ]
    weights = np.array([t.code for t in puzzle.types])
    assert seed_error(result.model, result.final_state, outside_weights=weights) == result.error


def test_the_margin_is_the_seeds_space():
    result = solve_stochastic(SEED, StochasticParams(max_steps=10))
    assert result.model.margin == 3 and result.model.space.dims == (11, 11, 11)


def test_a_solved_run_leaves_every_cell_covered_once():
    result = solve_stochastic(SG, StochasticParams(seed=2, max_steps=2_000_000))
    assert result.solved and result.error == 0
    view = slices(result.model, result.final_state, whole_space=True)
    inside = result.model.space.box_mask().reshape(view.counts.shape).astype(bool)
    assert (view.counts[inside] == 1).all() and view.counts[~inside].sum() == 0


def test_same_seed_same_trace_bytes_and_other_seeds_differ():
    params = StochasticParams(seed=7, pmax=200, max_steps=20_000)
    _, a = stochastic_trace(SEED, params, part="start", window=500)
    _, b = stochastic_trace(SEED, params, part="start", window=500)
    _, c = stochastic_trace(SEED, dataclasses.replace(params, seed=8), part="start", window=500)
    assert trace_bytes(a) == trace_bytes(b) != trace_bytes(c)


def test_the_start_of_a_search_is_recorded_with_restarts():
    params = StochasticParams(seed=1, pmax=64, max_steps=50_000, record_rejected=True)
    result, trace = stochastic_trace(SEED, params, part="start", window=3000)
    assert trace.header.truncated and trace.header.solver == "cube.stochastic"
    kinds = [kind for _, kind, _ in trace.milestones()]
    assert kinds[0] == "start" and "restart" in kinds
    start = trace.milestones()[0][0]
    assert start == SEED.n_pieces  # the random start places every piece in one step
    counters = trace.counters[:, trace.header.counters.index("error")]
    assert counters.min() >= 0 and result.steps == 50_000


def test_the_end_of_a_solved_search_replays_to_the_solution():
    params = StochasticParams(seed=2, max_steps=2_000_000)
    result, trace = stochastic_trace(SG, params, part="end", window=100_000)
    assert result.solved and not trace.header.truncated
    kinds = [kind for _, kind, _ in trace.milestones()]
    assert kinds[-1] == "solution" and kinds[0] in ("start", "restart")
    assert trace.counters_at(trace.n_events)["error"] == 0
    assert_trace_replays(trace, result.model, result.final_state)


def test_a_short_end_window_starts_mid_run_and_still_replays():
    params = StochasticParams(seed=2, max_steps=2_000_000)
    result, trace = stochastic_trace(SG, params, part="end", window=50)
    assert trace.n_steps == 50
    assert "start" not in [kind for _, kind, _ in trace.milestones()]
    assert_trace_replays(trace, result.model, result.final_state)


def test_bad_parameters_are_one_line_errors():
    with pytest.raises(PuzzleInputError, match="pmax"):
        solve_stochastic(SEED, StochasticParams(pmax=3))
    with pytest.raises(PuzzleInputError, match="window"):
        stochastic_trace(SEED, StochasticParams(max_steps=10), window=0)

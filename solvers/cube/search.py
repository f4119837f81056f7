"""The cube's methods in the plugin API's one signature (solvers.plugin): the exact search
(exact.py, every filling, grouped by the box's symmetries) and the seed's stochastic
collision-removal search (stochastic.py)."""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING

from solvers.cube.exact import exact_tables, solve_exact
from solvers.cube.facts import solution_facts
from solvers.cube.files import load_puzzle
from solvers.cube.puzzle import CubePuzzle
from solvers.cube.results import CubeResult
from solvers.cube.stochastic import (
    StochasticParams,
    StochasticResult,
    record_stochastic,
    solve_stochastic,
)

if TYPE_CHECKING:
    from solvers.cube.options import CubeProblem
    from solvers.plugin import Limits
    from solvers.progress import Progress
    from solvers.tracer import Tracer


def warm_up(puzzle: CubePuzzle) -> None:
    """Load the compiled kernels and build the placement tables before the clock starts,
    so the times shown are the solving alone."""
    exact_tables(puzzle)
    tiny = load_puzzle("slothouber-graatsma")
    solve_exact(tiny, max_solutions=1)
    solution_facts(solve_exact(tiny))
    solve_stochastic(tiny, StochasticParams(max_steps=1, sample_every=0))


def exact(problem: CubeProblem, tracer: Tracer, limits: Limits, progress: Progress) -> CubeResult:
    puzzle = problem.puzzle
    warm_up(puzzle)
    wanted = 0 if problem.every or problem.classes else max(1, problem.shown)
    progress.label, progress.unit = "searching", "nodes"
    searcher = None
    if problem.split.splits:  # --workers, --scheduler, --split-log: parts (split_parts)
        from solvers.cube.split_parts import splitter

        searcher = splitter(problem.split)
    started = time.perf_counter()
    result = solve_exact(puzzle, max_solutions=wanted, tracer=tracer, progress=progress,
                         node_limit=limits.nodes, symmetry=problem.symmetry,
                         every=problem.every, searcher=searcher)  # fmt: skip
    seconds = time.perf_counter() - started
    return dataclasses.replace(result, name=problem.name, seconds=seconds,
                               facts=solution_facts(result), shown=problem.shown,
                               variant=problem.variant)  # fmt: skip


def stochastic(
    problem: CubeProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> StochasticResult:
    puzzle, params = problem.puzzle, problem.stochastic
    assert params is not None
    warm_up(puzzle)
    progress.label, progress.unit, progress.total = "stochastic search", "steps", params.max_steps
    started = time.perf_counter()
    if tracer.enabled:
        result = record_stochastic(puzzle, params, tracer, part=problem.trace_part,  # type: ignore[arg-type]
                                   window=problem.trace_steps, progress=progress)  # fmt: skip
    else:
        result = solve_stochastic(puzzle, params, progress=progress)
    return dataclasses.replace(result, name=problem.name, params=params,
                               seconds=time.perf_counter() - started)  # fmt: skip

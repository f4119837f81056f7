"""The cube's methods in the plugin API's one signature (solvers.plugin): the exact search
(exact.py, every filling, grouped by the box's symmetries) and the seed's stochastic
collision-removal search (stochastic.py)."""

from __future__ import annotations

import dataclasses
import functools
import time
from typing import TYPE_CHECKING

from puzzleviz.solvers.cube.exact import solve_exact
from puzzleviz.solvers.cube.facts import solution_facts
from puzzleviz.solvers.cube.files import load_puzzle
from puzzleviz.solvers.cube.geometry import cuboid
from puzzleviz.solvers.cube.puzzle import CubePuzzle, PieceType, make_puzzle
from puzzleviz.solvers.cube.results import CubeResult
from puzzleviz.solvers.cube.split_parts import splitter
from puzzleviz.solvers.cube.stochastic import StochasticParams, record_stochastic, solve_stochastic
from puzzleviz.solvers.cube.tables import exact_tables

if TYPE_CHECKING:
    from puzzleviz.solvers.cube.options import CubeProblem
    from puzzleviz.solvers.cube.stochastic import StochasticResult
    from puzzleviz.solvers.plugin import Limits
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.tracer import Tracer


def warm_up(puzzle: CubePuzzle, method: str = "exact") -> None:
    """Load the compiled kernels of `method` and build the placement tables before the
    clock starts, so the times shown are the solving alone. Only that method's kernels:
    each one loaded from numba's cache costs start-up time (the stochastic module is not
    even imported by an exact run)."""
    tiny = load_puzzle("slothouber-graatsma")
    if method == "exact":
        wide = exact_tables(puzzle).placements.words > 1  # the general kernel, not `packed`
        solution_facts(solve_exact(_wide_box() if wide else tiny))  # search, classes, facts
    else:
        solve_stochastic(tiny, StochasticParams(max_steps=1, sample_every=0))


@functools.cache
def _wide_box() -> CubePuzzle:
    """A puzzle of more than 64 cells that solves at once (75 unit cubes in a 5x5x3 box):
    it loads the general kernel, which such puzzles search with."""
    return make_puzzle((5, 5, 3), [PieceType("1x1x1", cuboid((1, 1, 1)), 75)])


def exact(problem: CubeProblem, tracer: Tracer, limits: Limits, progress: Progress) -> CubeResult:
    puzzle = problem.puzzle
    warm_up(puzzle)
    wanted = 0 if problem.every or problem.classes else max(1, problem.shown)
    progress.label, progress.unit = "searching", "nodes"
    searcher = None
    if problem.split.splits:  # --workers, --scheduler, --split-log: parts (split_parts)
        searcher = splitter(problem.split)
    started = time.perf_counter()
    result = solve_exact(puzzle, max_solutions=wanted, tracer=tracer, progress=progress,
                         node_limit=limits.nodes, symmetry=problem.symmetry,
                         every=problem.every, searcher=searcher)  # fmt: skip
    seconds = time.perf_counter() - started
    facts = solution_facts(result)
    report = None
    if problem.disassemble and result.complete:
        from puzzleviz.solvers.cube.disassembly.report import disassemble_classes

        report = disassemble_classes(puzzle, result.solutions, facts["class_rotations_of"],
                                     problem.source)  # fmt: skip
    return dataclasses.replace(result, name=problem.name, seconds=seconds, facts=facts,
                               shown=problem.shown, variant=problem.variant,
                               disassembly=report)  # fmt: skip


def stochastic(
    problem: CubeProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> StochasticResult:
    puzzle, params = problem.puzzle, problem.stochastic
    assert params is not None
    warm_up(puzzle, "stochastic")
    progress.label, progress.unit, progress.total = "stochastic search", "steps", params.max_steps
    started = time.perf_counter()
    if tracer.enabled:
        result = record_stochastic(puzzle, params, tracer, part=problem.trace_part,  # type: ignore[arg-type]
                                   window=problem.trace_steps, progress=progress)  # fmt: skip
    else:
        result = solve_stochastic(puzzle, params, progress=progress)
    return dataclasses.replace(result, name=problem.name, params=params,
                               seconds=time.perf_counter() - started)  # fmt: skip

"""The digits puzzle's method in the plugin API's one signature (solvers.plugin): the exact
search (exact.py), split into parts on workers when asked (parallel.py, solvers.split), with
the bottom-band table built first where it pays."""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING

from puzzleviz.solvers.digits.exact import prepare, solve
from puzzleviz.solvers.digits.parallel import build_bands, solve_split
from puzzleviz.solvers.split.choose import engine_for

if TYPE_CHECKING:
    from puzzleviz.solvers.digits.options import DigitsProblem
    from puzzleviz.solvers.digits.results import DigitsResult
    from puzzleviz.solvers.plugin import Limits
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.tracer import Tracer


def exact(
    problem: DigitsProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> DigitsResult:
    """The whole search (split by the positions of the 8 when --workers, --scheduler or
    --split-log ask), the band table built first where it pays; the result knows how the
    command reports it."""
    started = time.perf_counter()
    puzzle, granularity = problem.puzzle, problem.granularity
    node_limit = limits.nodes if limits.nodes is not None else 1 << 62
    if problem.split.splits:
        result = _split(problem, node_limit, progress)
    else:
        setup = prepare(puzzle, granularity, use_symmetry=problem.symmetry)
        if setup.needs_band_table:
            progress.label, progress.unit = "preparing the band table", "sets of pieces"

            def on_set(done: int, total: int) -> None:
                progress.total, progress.done = total, done  # drawn by the main thread's poll

            setup.build_bands(on_set)
        progress.label, progress.unit = f"solving ({granularity})", "root choices"
        progress.done = 0

        def on_progress(done: int, total: int) -> None:
            progress.total, progress.done = total, done

        result = solve(
            puzzle, granularity, tracer, stop_after=1 if problem.first else 0,
            node_limit=node_limit, use_symmetry=problem.symmetry, strategy=problem.strategy,
            on_progress=on_progress,
        )  # fmt: skip
    return dataclasses.replace(result, seconds=time.perf_counter() - started,
                               first=problem.first, show_all=problem.show_all)  # fmt: skip


def _split(problem: DigitsProblem, node_limit: int, progress: Progress) -> DigitsResult:
    """The positions of the 8 as parts on the engine the options ask for (each part up to
    `node_limit` nodes), the band table built on the same engine first."""
    options = problem.split
    with engine_for(options) as engine:
        progress.label, progress.unit = f"band table on {engine.name}", "sets of pieces"

        def on_set(done: int, total: int, cpu_s: float) -> None:
            progress.total, progress.done = total, done

        build_bands(problem.puzzle, problem.granularity, engine, on_set)
        return solve_split(
            problem.puzzle, problem.granularity, engine, strategy=problem.strategy,
            node_limit=node_limit, log=options.log(), progress=progress,
        )  # fmt: skip

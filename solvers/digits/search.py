"""The digits puzzle's method in the plugin API's one signature (solvers.plugin): the exact
search (exact.py), in several processes when asked (parallel.py), with the bottom-band table
built first where it pays."""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING

from solvers.digits.exact import prepare, solve

if TYPE_CHECKING:
    from solvers.digits.options import DigitsProblem
    from solvers.digits.results import DigitsResult
    from solvers.plugin import Limits
    from solvers.progress import Progress
    from solvers.tracer import Tracer


def exact(
    problem: DigitsProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> DigitsResult:
    """The whole search (in `problem.workers` processes if more than one), the band table
    built first where it pays; the result knows how the command reports it."""
    started = time.perf_counter()
    puzzle, granularity = problem.puzzle, problem.granularity
    node_limit = limits.nodes if limits.nodes is not None else 1 << 62
    setup = prepare(puzzle, granularity, use_symmetry=problem.symmetry)
    if setup.needs_band_table:
        progress.label, progress.unit = "preparing the band table", "sets of pieces"

        def on_set(done: int, total: int) -> None:
            progress.total, progress.done = total, done  # drawn by the main thread's poll

        if problem.workers > 1:
            from solvers.digits.parallel import build_bands

            build_bands(puzzle, granularity, problem.workers, lambda d, t, _: on_set(d, t))
        else:
            setup.build_bands(on_set)
    progress.label, progress.unit, progress.done = f"solving ({granularity})", "root choices", 0

    def on_progress(done: int, total: int) -> None:
        progress.total, progress.done = total, done

    if problem.workers > 1:
        from solvers.digits.parallel import solve_in_parts

        result = solve_in_parts(
            puzzle, granularity, problem.workers, strategy=problem.strategy,
            node_limit=node_limit, on_part=lambda part, done, total: on_progress(done, total),
        )  # fmt: skip
    else:
        result = solve(
            puzzle, granularity, tracer, stop_after=1 if problem.first else 0,
            node_limit=node_limit, use_symmetry=problem.symmetry, strategy=problem.strategy,
            on_progress=on_progress,
        )  # fmt: skip
    return dataclasses.replace(result, seconds=time.perf_counter() - started,
                               first=problem.first, show_all=problem.show_all)  # fmt: skip

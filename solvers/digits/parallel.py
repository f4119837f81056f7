"""The exact search split by the root's choices over several processes.

The search's root branches on the positions of one piece (the 8, kept to one position per
symmetry orbit); each position is a search of its own, so they can run in parallel worker
processes and their solutions simply add up. Used by `puzzleviz solve digits --workers N`
and by the benchmark, which also logs each position so that an interrupted run resumes.

Processes are spawned (not forked): each loads the numba kernels from their cache and
builds its own placement table, a few seconds, against minutes to hours per search. The
half-block search's band table (bands.py) is shared out among such processes the same way.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import multiprocessing.pool
import os
from collections.abc import Callable, Iterable, Iterator

import numpy as np

from solvers.digits.exact import (
    Memo,
    SearchSetup,
    band_entry,
    every_solution,
    prepare,
    solve,
)
from solvers.digits.puzzle import DigitsPuzzle
from solvers.digits.results import DigitsResult
from solvers.digits.symmetry import Solution


@dataclasses.dataclass(frozen=True)
class Part:
    """The outcome of one root choice: what the search found there (one per class of
    symmetric solutions), its nodes and CPU seconds."""

    root: int
    found: tuple[Solution, ...]
    nodes: int
    cpu_s: float
    stopped: bool = False  # at the node limit: what it found is only part of its solutions

    def to_json(self) -> dict:
        return {
            "root": self.root,
            "found": [list(s) for s in self.found],
            "nodes": self.nodes,
            "cpu_s": round(self.cpu_s, 2),
            "stopped": self.stopped,
        }

    @classmethod
    def from_json(cls, row: dict) -> Part:
        return cls(
            root=int(row["root"]),
            found=tuple(tuple(int(p) for p in s) for s in row["found"]),
            nodes=int(row["nodes"]),
            cpu_s=float(row["cpu_s"]),
            stopped=bool(row.get("stopped", False)),
        )


def root_choices(puzzle: DigitsPuzzle, granularity: str) -> int:
    """How many parts the search splits into (a one-node search tells)."""
    return solve(puzzle, granularity, roots=(0, 1), node_limit=1).root_choices


def solve_in_parts(
    puzzle: DigitsPuzzle,
    granularity: str,
    workers: int,
    *,
    strategy: str = "first-cell",
    done: Iterable[Part] = (),
    on_part: Callable[[Part, int, int], None] | None = None,
    node_limit: int = 1 << 62,
) -> DigitsResult:
    """Search every root choice not in `done`, `workers` at a time, each part up to
    `node_limit` nodes; `on_part(part, finished, total)` hears of each as it ends. The
    result counts all parts, `done` too.
    The band table, if the search uses one, is built first if it was not (`build_bands`
    builds it in parallel)."""
    setup = prepare(puzzle, granularity)
    total = root_choices(puzzle, granularity)
    parts = {part.root: part for part in done}
    todo = [r for r in range(total) if r not in parts]
    if todo:
        bands = setup.band_rows  # built here once, not in every worker
        definition = json.dumps(puzzle.definition())
        jobs = [(definition, granularity, strategy, r, bands, node_limit) for r in todo]
        with _pool(min(workers, len(jobs))) as pool:
            for part in pool.imap_unordered(_search_part, jobs):
                parts[part.root] = part
                if on_part:
                    on_part(part, len(parts), total)
    found = tuple(s for r in sorted(parts) for s in parts[r].found)
    return DigitsResult(
        setup=setup,
        found=found,
        solutions=every_solution(setup, found),
        nodes=sum(part.nodes for part in parts.values()),
        stopped_early=any(part.stopped for part in parts.values()),
        final_path=(),
        root_choices=total,
    )


def build_bands(
    puzzle: DigitsPuzzle,
    granularity: str,
    workers: int,
    on_progress: Callable[[int, int, float], None] | None = None,
) -> SearchSetup:
    """The setup with its bottom-band table (bands.py) built, if it uses one, by `workers`
    processes: the sets of pieces of each size shared out among them. `on_progress(settled,
    total, cpu_s)` hears of each set settled and of the CPU seconds spent so far."""
    setup = prepare(puzzle, granularity)
    if not setup.needs_band_table:
        return setup
    definition = json.dumps(puzzle.definition())
    cpu = [0.0]
    with _pool(workers) as pool:

        def settle(jobs: list[tuple[int, int]], table: np.ndarray) -> Iterator[tuple[int, int]]:
            work = [(definition, granularity, mask, low, table) for mask, low in jobs]
            for mask, rows, cpu_s in pool.imap_unordered(_band_entry, work):
                cpu[0] += cpu_s
                yield mask, rows

        def on_set(settled: int, total: int) -> None:
            if on_progress:
                on_progress(settled, total, cpu[0])

        setup.build_bands(on_set, settle)
    return setup


def _pool(workers: int) -> multiprocessing.pool.Pool:
    """Spawned (not forked) worker processes at a lower priority."""
    return multiprocessing.get_context("spawn").Pool(workers, initializer=_lower_priority)


def _band_entry(job: tuple[str, str, int, int, np.ndarray]) -> tuple[int, int, float]:
    definition, granularity, mask, low, table = job
    started = os.times()
    setup = prepare(DigitsPuzzle.from_definition(json.loads(definition)), granularity)
    rows = band_entry(setup, mask, low, table)
    return mask, rows, _cpu_since(started)


def _lower_priority() -> None:
    os.nice(5)  # long work in the background: the machine stays usable


def _cpu_since(started: os.times_result) -> float:
    now = os.times()
    return (now.user - started.user) + (now.system - started.system)


# Per worker process: one table of positions searched, shared by the parts it searches
# (once the 8 lies behind the frontier, positions from different parts coincide).
_memos: dict[tuple[str, str], Memo] = {}


def _search_part(job: tuple[str, str, str, int, np.ndarray | None, int]) -> Part:
    definition, granularity, strategy, root, band_rows, node_limit = job
    memo = _memos.setdefault((definition, granularity), Memo())
    started = os.times()
    result = solve(
        DigitsPuzzle.from_definition(json.loads(definition)),
        granularity,
        strategy=strategy,
        roots=(root, root + 1),
        memo=memo,
        band_rows=band_rows,
        node_limit=node_limit,
    )
    return Part(
        root=root,
        found=result.found,
        nodes=result.nodes,
        cpu_s=_cpu_since(started),
        stopped=result.stopped_early,
    )

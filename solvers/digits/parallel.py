"""The exact search split by the root's choices over several processes.

The search's root branches on the positions of one piece (the 8, kept to one position per
symmetry orbit); each position is a search of its own, so they can run in parallel worker
processes and their solutions simply add up. Used by `puzzleviz solve digits --workers N`
and by the benchmark, which also logs each position so that an interrupted run resumes.

Processes are spawned (not forked): each loads the numba kernels from their cache and
builds its own placement table, a few seconds, against minutes to hours per search.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
from collections.abc import Callable, Iterable

import numpy as np

from solvers.digits.puzzle import DigitsPuzzle
from solvers.digits.search import Memo, SearchResult, every_solution, prepare, solve
from solvers.digits.symmetry import Solution


@dataclasses.dataclass(frozen=True)
class Part:
    """The outcome of one root choice: what the search found there (one per class of
    symmetric solutions), its nodes and CPU seconds."""

    root: int
    found: tuple[Solution, ...]
    nodes: int
    cpu_s: float

    def to_json(self) -> dict:
        return {
            "root": self.root,
            "found": [list(s) for s in self.found],
            "nodes": self.nodes,
            "cpu_s": round(self.cpu_s, 2),
        }

    @classmethod
    def from_json(cls, row: dict) -> Part:
        return cls(
            root=int(row["root"]),
            found=tuple(tuple(int(p) for p in s) for s in row["found"]),
            nodes=int(row["nodes"]),
            cpu_s=float(row["cpu_s"]),
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
) -> SearchResult:
    """Search every root choice not in `done`, `workers` at a time; `on_part(part,
    finished, total)` hears of each as it ends. The result counts all parts, `done` too."""
    setup = prepare(puzzle, granularity)
    total = root_choices(puzzle, granularity)
    parts = {part.root: part for part in done}
    todo = [r for r in range(total) if r not in parts]
    bands = setup.band_rows if todo else None  # built here once, not in every worker
    jobs = [(json.dumps(puzzle.definition()), granularity, strategy, r, bands) for r in todo]
    if jobs:
        context = multiprocessing.get_context("spawn")
        with context.Pool(min(workers, len(jobs))) as pool:
            for part in pool.imap_unordered(_search_part, jobs):
                parts[part.root] = part
                if on_part:
                    on_part(part, len(parts), total)
    found = tuple(s for r in sorted(parts) for s in parts[r].found)
    return SearchResult(
        setup=setup,
        found=found,
        solutions=every_solution(setup, found),
        nodes=sum(part.nodes for part in parts.values()),
        stopped_early=False,
        final_path=(),
        root_choices=total,
    )


# Per worker process: one table of positions searched, shared by the parts it searches
# (once the 8 lies behind the frontier, positions from different parts coincide).
_memos: dict[tuple[str, str], Memo] = {}


def _search_part(job: tuple[str, str, str, int, np.ndarray | None]) -> Part:
    definition, granularity, strategy, root, band_rows = job
    os.nice(5)  # long work in the background: the machine stays usable
    memo = _memos.setdefault((definition, granularity), Memo())
    cpu = os.times()
    result = solve(
        DigitsPuzzle.from_definition(json.loads(definition)),
        granularity,
        strategy=strategy,
        roots=(root, root + 1),
        memo=memo,
        band_rows=band_rows,
    )
    after = os.times()
    return Part(
        root=root,
        found=result.found,
        nodes=result.nodes,
        cpu_s=(after.user - cpu.user) + (after.system - cpu.system),
    )

"""The exact search split by the root's choices, on the engines of solvers.split.

The search's root branches on the positions of one piece (the 8, kept to one position per
symmetry orbit); each position is a search of its own, so they run as parts on worker
processes or a Dask cluster and their solutions simply add up, in the order of the
positions: the same solutions, classes and JSON however many workers ran them. Used by
`puzzleviz solve digits --workers N / --scheduler ADDRESS / --split-log FILE` and by the
benchmarks, whose logs of positions resume an interrupted run.

A part is plain data: the puzzle's definition, the granularity, the strategy and the node
limit (per part), and the position's number; the half-block search's band table (bands.py)
is built once, itself shared out over the same workers, and shipped with every part. Each
worker keeps one table of positions searched for all the parts it runs (once the 8 lies
behind the frontier, positions of different parts coincide; one table per thread where a
worker runs several), so node counts depend on which worker ran which part; the solutions
do not.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers.digits.exact import (
    NO_BANDS,
    Memo,
    SearchSetup,
    band_entry,
    every_solution,
    prepare,
    solve,
)
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.digits.results import DigitsResult
from puzzleviz.solvers.digits.symmetry import Solution
from puzzleviz.solvers.split.engines import Engine, InProcess, ProcessPool
from puzzleviz.solvers.split.parts import Job, Key, PartResult
from puzzleviz.solvers.split.run import run_parts

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.split.log import SplitLog

RUNNER = "puzzleviz.solvers.digits.parallel:search_part"
WARM = "puzzleviz.solvers.digits.parallel:warm"
BAND_ENTRY = "puzzleviz.solvers.digits.parallel:band_entry_task"


@dataclasses.dataclass(frozen=True)
class Part:
    """The outcome of one root choice: what the search found there (one per class of
    symmetric solutions), its nodes and CPU seconds. Also the line format of the digits
    benchmark's logs before solvers.split (still read, see `legacy_part`)."""

    root: int
    found: tuple[Solution, ...]
    nodes: int
    cpu_s: float
    stopped: bool = False  # at the node limit: what it found is only part of its solutions

    def to_json(self) -> dict[str, Any]:
        return {
            "root": self.root,
            "found": [list(s) for s in self.found],
            "nodes": self.nodes,
            "cpu_s": round(self.cpu_s, 2),
            "stopped": self.stopped,
        }

    @classmethod
    def from_json(cls, row: Mapping[str, Any]) -> Part:
        return cls(
            root=int(row["root"]),
            found=tuple(tuple(int(p) for p in s) for s in row["found"]),
            nodes=int(row["nodes"]),
            cpu_s=float(row["cpu_s"]),
            stopped=bool(row.get("stopped", False)),
        )

    @classmethod
    def of(cls, part: PartResult) -> Part:
        found = tuple(tuple(int(p) for p in s) for s in part.data["found"])
        return cls(part.key[0], found, part.nodes, part.cpu_s, part.stopped)

    def result(self) -> PartResult:
        data = {"found": [list(s) for s in self.found]}
        return PartResult((self.root,), data, self.nodes, self.cpu_s, self.stopped)


def legacy_part(row: Mapping[str, Any]) -> PartResult | None:
    """A line of an old digits log (`{"root": ...}`) as a part."""
    return Part.from_json(row).result() if "root" in row else None


def root_choices(puzzle: DigitsPuzzle, granularity: str) -> int:
    """How many parts the search splits into (a one-node search tells)."""
    return solve(puzzle, granularity, roots=(0, 1), node_limit=1).root_choices


def digits_job(
    puzzle: DigitsPuzzle,
    granularity: str,
    *,
    strategy: str = "first-cell",
    node_limit: int = 1 << 62,
    band_rows: np.ndarray | None = None,
) -> Job:
    problem = {"puzzle": puzzle.definition(), "granularity": granularity, "strategy": strategy}
    return Job("digits", RUNNER, problem, node_limit, warm=WARM, shared=band_rows)


def solve_split(
    puzzle: DigitsPuzzle,
    granularity: str,
    engine: Engine,
    *,
    strategy: str = "first-cell",
    node_limit: int = 1 << 62,
    log: SplitLog | None = None,
    progress: Progress | None = None,
    done: Iterable[Part] = (),
    on_part: Callable[[Part, int, int], None] | None = None,
) -> DigitsResult:
    """Every root choice as a part on `engine` (those in `log` or `done` not again), each
    up to `node_limit` nodes, merged in the order of the choices. The band table, where the
    search uses one, is built first on the same engine if it was not."""
    setup = build_bands(puzzle, granularity, engine)
    total = root_choices(puzzle, granularity)
    job = digits_job(
        puzzle, granularity, strategy=strategy, node_limit=node_limit,
        band_rows=setup.band_rows if setup.uses_bands else None,
    )  # fmt: skip
    heard = None if on_part is None else (lambda p, n, t: on_part(Part.of(p), n, t))
    parts = run_parts(
        job, [(r,) for r in range(total)], engine, log=log, progress=progress,
        done={(part.root,): part.result() for part in done}, on_part=heard,
    )  # fmt: skip
    return merge(setup, total, parts)


def merge(setup: SearchSetup, total: int, parts: list[PartResult]) -> DigitsResult:
    """The parts' findings, in the order of the root's choices, as one search's result."""
    found = tuple(tuple(int(p) for p in s) for part in parts for s in part.data["found"])
    return DigitsResult(
        setup=setup,
        found=found,
        solutions=every_solution(setup, found),
        nodes=sum(part.nodes for part in parts),
        stopped_early=any(part.stopped for part in parts),
        final_path=(),
        root_choices=total,
    )


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
    """`solve_split` on `workers` local processes (this process if 1)."""
    with ProcessPool(workers) if workers > 1 else InProcess() as engine:
        return solve_split(
            puzzle, granularity, engine, strategy=strategy, node_limit=node_limit,
            done=done, on_part=on_part,
        )  # fmt: skip


def build_bands(
    puzzle: DigitsPuzzle,
    granularity: str,
    engine: Engine | int,
    on_progress: Callable[[int, int, float], None] | None = None,
) -> SearchSetup:
    """The setup with its bottom-band table (bands.py) built, if it uses one, on `engine`
    (or that many local processes): the sets of pieces of each size shared out among its
    workers. `on_progress(settled, total, cpu_s)` hears of each set settled and of the CPU
    seconds spent so far."""
    setup = prepare(puzzle, granularity)
    if not setup.needs_band_table:
        return setup
    if isinstance(engine, int):
        with ProcessPool(engine) if engine > 1 else InProcess() as own:
            return build_bands(puzzle, granularity, own, on_progress)
    job = digits_job(puzzle, granularity)
    cpu = [0.0]

    def settle(jobs: list[tuple[int, int]], table: np.ndarray) -> Iterator[tuple[int, int]]:
        for mask, rows, cpu_s in engine.map(job, BAND_ENTRY, [(m, low, table) for m, low in jobs]):
            cpu[0] += cpu_s
            yield mask, rows

    def on_set(settled: int, total: int) -> None:
        if on_progress:
            on_progress(settled, total, cpu[0])

    setup.build_bands(on_set, settle)
    return setup


# -- what the workers run (imported by name) ------------------------------------------------


def _setup_of(job: Job) -> tuple[DigitsPuzzle, str]:
    problem = job.problem
    return DigitsPuzzle.from_definition(problem["puzzle"]), str(problem["granularity"])


def warm(job: Job) -> None:
    """Load the kernel and build the placement table before the first part: a one-node
    search (without the band table, which may not exist yet)."""
    puzzle, granularity = _setup_of(job)
    band_rows = job.shared if job.shared is not None else NO_BANDS
    solve(puzzle, granularity, roots=(0, 1), node_limit=1, memo=Memo(16), band_rows=band_rows)


# Per worker thread: one table of positions searched, shared by the parts it searches
# (a Dask worker may run parts on several threads: two kernels must not write one table).
_memos: dict[tuple[str, int], Memo] = {}


def search_part(job: Job, key: Key) -> PartResult:
    (root,) = key
    puzzle, granularity = _setup_of(job)
    memo = _memos.setdefault((json.dumps(job.identity()), threading.get_ident()), Memo())
    result = solve(
        puzzle,
        granularity,
        strategy=str(job.problem["strategy"]),
        roots=(root, root + 1),
        memo=memo,
        band_rows=job.shared,
        node_limit=job.node_limit,
    )
    data = {"found": [list(s) for s in result.found]}
    return PartResult(key, data, result.nodes, stopped=result.stopped_early)


def band_entry_task(job: Job, item: tuple[int, int, np.ndarray]) -> tuple[int, int, float]:
    mask, low, table = item
    started = time.thread_time()
    rows = band_entry(prepare(*_setup_of(job)), mask, low, table)
    return mask, rows, time.thread_time() - started

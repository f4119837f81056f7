"""A batch of rings positions solved optimally (God's-number sampling), split into parts on
the engines of solvers.split: this process, local Dask workers or a Dask cluster.

Why batches: sampling God's number solves thousands of independent positions, each from
milliseconds to an hour. A part is a run of consecutive positions, plain data: the
configuration, how the positions are made (uniform random states, `uniform_shuffle` of
seeds first_seed, first_seed + 1, ...), the positions per part, the node limit per
position (`Job.node_limit`) and the seconds per position. A worker loads the pattern
databases once (the warm-up) and solves its positions one after another on one thread (a
worker is one core; the IDA* of one thread gives the same nodes every time).

The merge lists the positions in seed order whatever order the parts finished in: the
optimal lengths, the lower bounds proved for the rest and the largest distance proved (a
lower bound for God's number), with nodes and moves: the same on one process or a cluster.
A limit in seconds (`max_seconds`) is the one thing that is not reproducible: where a
position stops then depends on the machine; a node limit is.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import goal_states
from puzzleviz.solvers.rings.model.shuffle import played, random_moves, uniform_shuffle
from puzzleviz.solvers.rings.optimal.optimal import prepare, solve_optimal
from puzzleviz.solvers.split.choose import engine_for
from puzzleviz.solvers.split.parts import Job, Key, PartResult
from puzzleviz.solvers.split.run import run_parts

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.split.options import SplitOptions

RUNNER = "puzzleviz.solvers.rings.optimal.batch:search_part"
WARM = "puzzleviz.solvers.rings.optimal.batch:warm"
NO_LIMIT = 1 << 62


def uniform_job(
    config: str,
    first_seed: int,
    count: int,
    *,
    per_part: int = 1,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
) -> Job:
    """`count` uniform random states of `config` (seeds first_seed...), `per_part`
    positions in each part, each solved within `max_nodes` nodes and `max_seconds`."""
    if count < 1 or per_part < 1:
        raise ValueError("a batch needs at least one position and one per part")
    problem = {"config": config, "positions": "uniform", "first_seed": first_seed,
               "count": count, "per_part": per_part, "max_seconds": max_seconds}  # fmt: skip
    limit = NO_LIMIT if max_nodes is None else max_nodes
    return Job("rings", RUNNER, problem, limit, warm=WARM)


def batch_keys(job: Job) -> list[Key]:
    """One key per part: its number."""
    count, per_part = int(job.problem["count"]), int(job.problem["per_part"])
    return [(k,) for k in range(-(-count // per_part))]


def _seeds(job: Job, key: Key) -> range:
    first, count, per = (int(job.problem[k]) for k in ("first_seed", "count", "per_part"))
    start = first + key[0] * per
    return range(start, min(first + count, start + per))


@dataclasses.dataclass(frozen=True)
class BatchResult:
    """The positions in seed order (each: seed, h0, optimal, length, lower_bound, nodes,
    moves, iterations), and what they say about God's number."""

    config: str
    positions: tuple[Mapping[str, Any], ...]
    stopped: bool = False  # a part stopped at its node limit (its positions are bounds)

    @property
    def lengths(self) -> dict[int, int]:
        """How many positions have each optimal length."""
        return _tally(p["length"] for p in self.positions if p["optimal"])

    @property
    def open_bounds(self) -> dict[int, int]:
        """The lower bounds proved for the positions not solved optimally."""
        return _tally(p["lower_bound"] for p in self.positions if not p["optimal"])

    @property
    def best_bound(self) -> int:
        """The largest distance proved: God's number is at least this."""
        return max((int(p["lower_bound"]) for p in self.positions), default=0)

    @property
    def nodes(self) -> int:
        return sum(int(p["nodes"]) for p in self.positions)

    def to_json(self) -> dict[str, Any]:
        return {
            "config": self.config,
            "positions": [dict(p) for p in self.positions],
            "lengths": {str(k): v for k, v in self.lengths.items()},
            "open_bounds": {str(k): v for k, v in self.open_bounds.items()},
            "gods_number_at_least": self.best_bound,
        }


def counting_bound(config: RingConfig) -> int:
    """The least d with goals x (sequences of at most d moves) >= states: some state is at
    least that far (two rings: 2(G-1) first moves, then G-1, never one ring twice), a
    floor for God's number that needs no search."""
    b = config.size - 1
    goals = len(goal_states(config))
    reach, layer, d = 1, 2 * b, 0
    while goals * reach < config.state_count:
        d += 1
        reach += layer
        layer *= b
    return d


def _tally(values: Any) -> dict[int, int]:
    out: dict[int, int] = {}
    for v in values:
        out[int(v)] = out.get(int(v), 0) + 1
    return dict(sorted(out.items()))


def merge(job: Job, parts: list[PartResult]) -> BatchResult:
    """The parts' positions in the order of the keys (the order of the seeds)."""
    positions = tuple(p for part in parts for p in part.data["positions"])
    return BatchResult(str(job.problem["config"]), positions, any(p.stopped for p in parts))


def solve_batch(
    job: Job, options: SplitOptions, progress: Progress | None = None
) -> tuple[BatchResult, str]:
    """Every position of `job` on the engine `options` ask for (those in its split log
    not again), merged; and where it ran."""
    with engine_for(options) as engine:
        parts = run_parts(job, batch_keys(job), engine, log=options.log(), progress=progress)
        where = engine.name
    return merge(job, parts), where


# -- what the workers run (imported by name) ------------------------------------------------


def search_part(job: Job, key: Key) -> PartResult:
    """Each position of the part solved optimally on this thread, within the limits."""
    config = RingConfig.parse(str(job.problem["config"]))
    seconds = job.problem["max_seconds"]
    cpu = time.process_time()  # the IDA* runs on a thread of its own
    rows: list[dict[str, Any]] = []
    stopped = False
    for seed in _seeds(job, key):
        r = solve_optimal(config, uniform_shuffle(config, seed), threads=1,
                          max_nodes=None if job.node_limit >= NO_LIMIT else job.node_limit,
                          max_seconds=None if seconds is None else float(seconds))  # fmt: skip
        stopped |= r.reason == "node limit"
        rows.append({
            "seed": seed, "h0": r.start_h, "optimal": r.optimal,
            "length": r.length if r.optimal else None, "lower_bound": r.lower_bound,
            "nodes": r.nodes, "reason": r.reason, "moves": [[m, f] for m, f in r.moves],
            "iterations": [[b, n] for b, n, _ in r.iterations],
        })  # fmt: skip
    nodes = sum(int(row["nodes"]) for row in rows)
    return PartResult(key, {"positions": rows}, nodes, time.process_time() - cpu, stopped)


def warm(job: Job) -> None:
    """Load (or build) the configuration's pattern databases and the search kernels."""
    config = RingConfig.parse(str(job.problem["config"]))
    prepare(config)
    near = played(config, config.solved_state(), random_moves(config, 3, 0))
    solve_optimal(config, near, threads=1)

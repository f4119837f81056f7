"""The driver of a split run: what every puzzle calls once it knows its parts.

It reads the log (parts finished by an earlier run are not searched again), hands the rest
to the engine, appends each part to the log the moment it comes back, keeps the progress
bar up to date across all workers (parts finished, nodes and CPU seconds so far), and
returns every part in the order of the keys it was given: the order a merge folds them in,
whatever order the workers finished in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from puzzleviz.solvers.split.parts import Job, Key, PartResult

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.split.engines import Engine
    from puzzleviz.solvers.split.log import SplitLog


def run_parts(
    job: Job,
    keys: Sequence[Key],
    engine: Engine,
    *,
    log: SplitLog | None = None,
    progress: Progress | None = None,
    done: Mapping[Key, PartResult] | None = None,
    on_part: Callable[[PartResult, int, int], None] | None = None,
) -> list[PartResult]:
    """Every part of `job` named in `keys`, in that order. `on_part(part, finished,
    total)` hears of each part as it comes back (parts read from the log are not heard
    of). `done` adds parts known from elsewhere. Raises SearchStopped on a stop request,
    SplitError when a part keeps failing; either way the log holds every part finished
    before."""
    known = {**(done or {}), **(log.read(job) if log is not None else {})}
    wanted = set(keys)
    finished = {key: part for key, part in known.items() if key in wanted}
    todo = [key for key in keys if key not in finished]
    total = len(keys)
    nodes = sum(part.nodes for part in finished.values())
    cpu = sum(part.cpu_s for part in finished.values())
    if progress is not None:
        progress.label = f"{job.puzzle}: parts on {engine.name}"
        progress.unit = "parts"
        progress.total = total
        progress.update(len(finished), _detail(nodes, cpu, len(finished)))
    if log is not None:
        log.start(job)
    try:
        if todo:
            for part in engine.parts(job, todo):
                if log is not None:
                    log.append(job, part)
                finished[part.key] = part
                nodes += part.nodes
                cpu += part.cpu_s
                if progress is not None:
                    progress.update(len(finished), _detail(nodes, cpu))
                if on_part is not None:
                    on_part(part, len(finished), total)
    finally:
        if log is not None:
            log.close()
    return [finished[key] for key in keys]


def _detail(nodes: int, cpu: float, resumed: int = 0) -> str:
    return f"{nodes:,} nodes, {cpu:,.0f} CPU s" + (f", {resumed} from the log" if resumed else "")

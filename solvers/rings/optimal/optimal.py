"""Proven shortest solutions for two-ring configurations: IDA* on colour pattern databases.

Metric: one turn of one ring by any amount is one move (the thesis' forgat operators).

- State: one bit mask of places per colour. A turn is a rotation of the ring's circuit
  bits (solvers.rings.optimal.colour_pdb.turn_mask); the goal test counts colour changes along
  each ring's own balls from the masks.
- Heuristic: the maximum over the colours of the colour's pattern database
  (solvers.rings.optimal.colour_pdb): admissible, since each entry is the exact distance of an
  abstraction of the puzzle. A node's children for one ring are read from one orbit of
  each table (one cache line per colour instead of 19 misses).
- Move pruning: never the same ring twice in a row (two turns of one ring are one turn),
  so with two rings the moves alternate; the ring swap S makes one table serve both rings.
- IDA*: depth-first under a bound on g + h, the bound raised to the smallest f that
  exceeded it. When an iteration with bound B finds nothing, no solution has B moves or
  fewer: `lower_bound` is the next bound, and a solution found at bound B has exactly B
  moves, which proves it shortest.
- Work: the nodes two moves from the start (up to 2 x 19 x 19 for Gsz 20) are the tasks
  of an iteration, taken in order by worker threads; the kernel releases the GIL and runs
  a node budget per call, so time limits, Ctrl-C (the caller's control array, see
  solvers.interrupt) and progress are looked at a few times a second. The solution kept is
  the first in task order whatever the threads' timing, so results are reproducible.
"""

from __future__ import annotations

import dataclasses
import os
import threading
import time
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.interrupt import current_control
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.layouts import ColourMasks, RingState
from puzzleviz.solvers.rings.model.model import Examine
from puzzleviz.solvers.rings.model.stateio import check_colour_counts
from puzzleviz.solvers.rings.optimal.colour_pdb import (
    MAX_ENTRIES,
    ProgressFn,
    class_offsets,
    geometry,
    get_table,
    plan,
)
from puzzleviz.solvers.rings.optimal.ida_kernels import (
    EXHAUSTED,
    FOUND,
    NO_BOUND,
    ST_DEPTH,
    ST_LENGTH,
    ST_NEXT,
    ST_NODES,
    ST_ROOT,
    ST_SLOT,
    ST_STATUS,
    Heuristic,
    batch_search,
    is_goal_masks,
    node_h,
    ring_values,
    turn_all,
)
from puzzleviz.solvers.rings.search.replay import record_moves
from puzzleviz.solvers.rings.search.results import solution_message
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer

MAX_DEPTH = 48
_BUDGET = 1 << 19  # expanded nodes per kernel call (a fraction of a second)


@dataclasses.dataclass
class OptimalResult:
    """What `solve_optimal` found. `optimal` is True when `moves` is proven shortest;
    `lower_bound` is what the search proved (no solution is shorter), equal to `length`
    when optimal. `iterations` lists (bound, nodes, seconds) of every IDA* iteration."""

    moves: list[tuple[int, int]]
    solved: bool
    optimal: bool
    lower_bound: int
    nodes: int
    seconds: float
    reason: str
    iterations: list[tuple[int, int, float]] = dataclasses.field(default_factory=list)
    start_h: int = 0

    @property
    def length(self) -> int:
        return len(self.moves)

    def to_json(self) -> dict[str, object]:
        return {
            "length": self.length,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "reason": self.reason,
            "moves": [[r, f] for r, f in self.moves],
        }


# ----- preparing the heuristic ----------------------------------------------------------


def colour_masks(config: RingConfig, state: RingState) -> ColourMasks:
    """(colours,) uint64: bit i of entry c is set when ball i has colour c + 1."""
    state = np.asarray(state, dtype=np.int64)
    weights = np.uint64(1) << np.arange(config.n_balls, dtype=np.uint64)
    return np.array(
        [int(weights[state == c + 1].sum()) for c in range(config.n_colours)], dtype=np.uint64
    )


_prepared: dict[tuple[RingConfig, int], Heuristic] = {}


def prepare(
    config: RingConfig,
    *,
    budget: int = MAX_ENTRIES,
    on_progress: ProgressFn | None = None,
    control: np.ndarray | None = None,
) -> Heuristic:
    """Load (or build once, and cache) the pattern databases of `config`."""
    key = (config, budget)
    if key not in _prepared:
        _prepared[key] = _prepare(config, budget, on_progress, control)
    return _prepared[key]


def _prepare(
    config: RingConfig, budget: int, on_progress: ProgressFn | None,
    control: Int64Array | None,
) -> Heuristic:  # fmt: skip
    patterns, lookups = plan(config, budget)
    tables = [get_table(p, on_progress=on_progress, control=control) for p in patterns]
    gm = geometry(config)
    g = config.size
    offsets = np.zeros((2, g + 2), dtype=np.int64)
    for i, p in enumerate(patterns):
        offsets[i], binomg = class_offsets(config, p.tokens)
    if len(patterns) == 1:
        offsets[1] = offsets[0]
    counts = config.colour_counts
    return Heuristic(
        geo=np.array(
            [g, config.n_balls, gm.geo[2], config.h, config.colours_per_ring - 1, config.n_colours],
            dtype=np.int64,
        ),
        posw=gm.posw,
        tposw=gm.tposw,
        perw=gm.perw,
        rankr=gm.rankr,
        data0=tables[0].data,
        data1=tables[-1].data,
        offsets=offsets,
        binomg=binomg,
        lk_colour=np.array([lk.colour for lk in lookups], dtype=np.int64),
        lk_table=np.array([lk.table for lk in lookups], dtype=np.int64),
        lk_sel=np.array([lk.selector for lk in lookups], dtype=np.int64),
        lk_tokens=np.array([lk.tokens for lk in lookups], dtype=np.int64),
        lk_count=np.array([counts[lk.colour] for lk in lookups], dtype=np.int64),
    )


def heuristic_value(config: RingConfig, state: np.ndarray) -> int:
    """The admissible estimate of `state` (1-based colours)."""
    H = prepare(config)
    return int(node_h(H, colour_masks(config, state), np.zeros(config.size, dtype=np.int64)))


# ----- the search ----------------------------------------------------------------------


class _Task(NamedTuple):
    masks: ColourMasks
    last_ring: int
    prefix: tuple[tuple[int, int], ...]


def _frontier(
    H: Heuristic, root: ColourMasks, bound: int, depth: int, wp: int = 1, wq: int = 1
) -> tuple[list[_Task], int, tuple[tuple[int, int], ...] | None]:
    """Nodes `depth` moves from the root with wq x g + wp x h <= bound, by increasing h
    under each parent; a goal met on the way is returned at once. Returns (tasks,
    next_bound, goal moves or None)."""
    g = int(H.geo[0])
    hbuf = np.zeros(g, dtype=np.int64)
    level = [_Task(root, -1, ())]
    next_bound = NO_BOUND
    for d in range(depth):
        nxt: list[_Task] = []
        for task in level:
            children = []
            for ring in (0, 1):
                if ring == task.last_ring:
                    continue
                ring_values(task.masks, ring, H, hbuf)
                for f in range(1, g):
                    v = wq * (d + 1) + wp * int(hbuf[f])
                    if v > bound:
                        next_bound = min(next_bound, v)
                        continue
                    children.append((int(hbuf[f]), ring, f))
            children.sort(key=lambda c: c[0])  # stable: ring, then f
            for hv, ring, f in children:
                masks = turn_all(task.masks, ring, f, H.geo)
                prefix = (*task.prefix, (ring, f))
                if hv == 0 and is_goal_masks(masks, H.geo):
                    return [], next_bound, prefix
                if wq * (d + 2) <= bound:
                    nxt.append(_Task(masks, ring, prefix))
        level = nxt
    return level, next_bound, None


class _Iteration:
    """One bound: chunks of start nodes, taken in order by the worker threads. The
    solution kept is the one of the first chunk that has one, so the answer does not
    depend on the threads' timing."""

    def __init__(self, H: Heuristic, tasks: list[_Task], bound: int, stop: np.ndarray,
                 max_nodes: int, batch: int, chunk: int, wp: int = 1, wq: int = 1):  # fmt: skip
        self.wp, self.wq = wp, wq
        self.H = H
        self.tasks = tasks
        self.chunks = [tasks[i : i + chunk] for i in range(0, len(tasks), chunk)]
        self.bound = bound
        self.stop = stop  # int64 [stop], read by the kernels
        self.batch = batch
        self.lock = threading.Lock()
        self.next_chunk = 0
        self.done_chunks = 0
        self.best = len(self.chunks)  # index of the first chunk with a solution
        self.solutions: dict[int, list[tuple[int, int]]] = {}
        self.next_bound = NO_BOUND
        self.nodes = 0
        self.complete = True
        self.max_nodes = max_nodes
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._run()
        except BaseException as exc:  # handed to the waiting thread
            self.error = exc
            self.stop[0] = 1

    def _run(self) -> None:
        H, bound, batch = self.H, self.bound, self.batch
        g = int(H.geo[0])
        ncol = int(H.geo[5])
        width = max(batch * (g - 1), max((len(c) for c in self.chunks), default=1))
        levels = bound // self.wq + 2
        lm = np.zeros((levels, width, ncol), dtype=np.uint64)
        lring = np.zeros((levels, width), dtype=np.int64)
        lpar = np.zeros((levels, width), dtype=np.int64)
        lf = np.zeros((levels, width), dtype=np.int64)
        ln = np.zeros(levels, dtype=np.int64)
        ltop = np.zeros(levels, dtype=np.int64)
        orbs = np.zeros((batch, H.lk_colour.shape[0], 4), dtype=np.int64)
        path = np.zeros((levels, 2), dtype=np.int64)
        st = np.zeros(8, dtype=np.int64)
        while True:
            with self.lock:
                i = self.next_chunk
                self.next_chunk += 1
                if i >= len(self.chunks):
                    return
                if i > self.best or self.stop[0]:
                    if i < self.best:
                        self.complete = False
                    return
            chunk = self.chunks[i]
            d0 = len(chunk[0].prefix)
            ln[:] = 0
            ltop[:] = 0
            for s, task in enumerate(chunk):
                lm[d0, s] = task.masks
                lring[d0, s] = task.last_ring
            ln[d0] = ltop[d0] = len(chunk)
            st[:] = 0
            st[ST_DEPTH] = st[ST_ROOT] = d0
            st[ST_NEXT] = NO_BOUND
            counted = 0
            while True:
                batch_search(H, lm, lring, lpar, lf, ln, ltop, orbs, path, st, bound, batch,
                             _BUDGET, self.stop, self.wp, self.wq)  # fmt: skip
                with self.lock:
                    self.nodes += int(st[ST_NODES]) - counted
                    counted = int(st[ST_NODES])
                    if self.nodes > self.max_nodes:
                        self.stop[0] = 1
                status = int(st[ST_STATUS])
                if status == FOUND:
                    length = int(st[ST_LENGTH])
                    task = chunk[int(st[ST_SLOT])]
                    tail = [(int(path[e, 0]), int(path[e, 1])) for e in range(d0, length)]
                    with self.lock:
                        self.solutions[i] = [*task.prefix, *tail]
                        self.best = min(self.best, i)
                        self.done_chunks += 1
                    break
                if status == EXHAUSTED:
                    with self.lock:
                        self.next_bound = min(self.next_bound, int(st[ST_NEXT]))
                        self.done_chunks += 1
                    break
                if self.stop[0] or i > self.best:
                    if i < self.best:
                        self.complete = False
                    break


def solve_optimal(
    config: RingConfig,
    state: np.ndarray,
    *,
    tracer: Tracer = NULL_TRACER,
    max_seconds: float | None = None,
    max_nodes: int | None = None,
    control: np.ndarray | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    on_build: ProgressFn | None = None,
    threads: int | None = None,
    budget: int = MAX_ENTRIES,
    batch: int = 32,
    weight: tuple[int, int] = (1, 1),
) -> OptimalResult:
    """A proven shortest solution of `state` (1-based colours) of a two-ring configuration.

    Stops early (optimal False, moves empty, the lower bound proved so far) after
    `max_seconds` or `max_nodes`, or when `control[0]` is set (default: the control of the
    surrounding `solvers.interrupt.run_stoppable`, whose control[1] then counts the
    nodes). `on_progress(done, total)` counts the start nodes of the current bound that
    are finished; `on_build(done, total)` the entries of a table being built (once per
    configuration, then cached). `weight` (p, q) other than (1, 1) bounds q x g + p x h
    instead (see `solve_weighted`)."""
    wp, wq = weight
    start = time.perf_counter()
    state = np.asarray(state, dtype=np.int32)
    check_colour_counts(config, state)
    control = current_control() if control is None else control
    H = prepare(config, budget=budget, on_progress=on_build, control=control)
    root = colour_masks(config, state)
    h0 = int(node_h(H, root, np.zeros(config.size, dtype=np.int64)))
    threads = threads or min(2, os.cpu_count() or 1)
    deadline = None if max_seconds is None else start + max_seconds
    node_limit = max_nodes if max_nodes is not None else 1 << 62
    nodes = 0
    iterations: list[tuple[int, int, float]] = []
    tracer.count(h=h0, bound=h0, expanded=0, depth=0)

    def result(
        moves: list[tuple[int, int]], optimal: bool, lower: int, reason: str
    ) -> OptimalResult:
        out = OptimalResult(
            moves=moves,
            solved=optimal or bool(moves),
            optimal=optimal,
            lower_bound=lower,
            nodes=nodes,
            seconds=time.perf_counter() - start,
            reason=reason,
            iterations=iterations,
            start_h=h0,
        )
        _replay(tracer, config, out)
        return out

    if is_goal(config, state):
        return result([], True, 0, "already solved")
    exact = wp == wq == 1
    bound = max(wp * h0, wq)
    while bound <= wq * MAX_DEPTH:
        if control[0]:  # asked before this iteration: its threads could finish unasked
            return result([], False, bound if exact else h0, "stopped")
        t0 = time.perf_counter()
        depth = 2 if bound // wq > 2 else 1
        tasks, frontier_next, goal = _frontier(H, root, bound, depth, wp, wq)
        if goal is not None:
            iterations.append((bound, 0, time.perf_counter() - t0))
            _iteration_step(tracer, bound, nodes, h0, found=True)
            if not exact:
                return result(list(goal), False, h0, "solved (weighted)")
            return result(list(goal), True, len(goal), "solved")
        stop = np.zeros(2, dtype=np.int64)
        it = _Iteration(H, tasks, bound, stop, node_limit - nodes, batch, 4, wp, wq)
        workers = [threading.Thread(target=it.run, name=f"ida-{k}", daemon=True)
                   for k in range(min(threads, max(1, len(it.chunks))))]  # fmt: skip
        for wk in workers:
            wk.start()
        reason = ""
        try:
            while any(wk.is_alive() for wk in workers):
                for wk in workers:
                    wk.join(0.05)
                if control[0]:
                    stop[0] = 1
                    reason = "stopped"
                elif deadline is not None and time.perf_counter() > deadline:
                    stop[0] = 1
                    reason = "time limit"
                if control.shape[0] > 1:
                    control[1] = nodes + it.nodes
                if on_progress is not None:
                    on_progress(it.done_chunks, len(it.chunks))
        except BaseException:
            stop[0] = 1
            for wk in workers:
                wk.join(2.0)
            raise
        if it.error is not None:
            raise it.error
        nodes += it.nodes
        iterations.append((bound, it.nodes, time.perf_counter() - t0))
        if it.solutions:
            # every solution of this iteration has `bound` moves, which the previous
            # iterations proved shortest; the first in chunk order is kept
            _iteration_step(tracer, bound, nodes, h0, found=True)
            moves = it.solutions[min(it.solutions)]
            if not exact:
                return result(moves, False, h0, "solved (weighted)")
            return result(moves, True, bound, "solved")
        if stop[0] or not it.complete:
            return result([], False, bound if exact else h0, reason or "node limit")
        _iteration_step(tracer, bound, nodes, h0, found=False)
        bound = min(it.next_bound, frontier_next)
        if bound >= NO_BOUND // 2:
            return result([], False, MAX_DEPTH, "no solution")
    return result([], False, MAX_DEPTH, f"deeper than {MAX_DEPTH} moves")


def solve_weighted(
    config: RingConfig,
    state: np.ndarray,
    *,
    weight: tuple[int, int] = (3, 2),
    tracer: Tracer = NULL_TRACER,
    max_seconds: float | None = None,
    max_nodes: int | None = None,
    control: np.ndarray | None = None,
    threads: int | None = None,
) -> OptimalResult:
    """A short solution fast: IDA* on g + w x h with w = weight[0] / weight[1] > 1, at most
    w times the shortest (optimal False; lower_bound is the start's estimate)."""
    return solve_optimal(config, state, weight=weight, tracer=tracer, max_seconds=max_seconds,
                         max_nodes=max_nodes, control=control, threads=threads)  # fmt: skip


def _iteration_step(tracer: Tracer, bound: int, nodes: int, h0: int, *, found: bool) -> None:
    if not tracer.enabled:
        return
    tracer.count(expanded=nodes, bound=bound, h=h0, depth=0)
    if found:
        tracer.step(msg("IDA*: bound {bound}: a solution of {bound} moves ({nodes} nodes)",
                        bound=bound, nodes=_count(nodes)))  # fmt: skip
    else:
        tracer.step(msg("IDA*: bound {bound}: no solution of {bound} moves or fewer "
                        "({nodes} nodes so far)", bound=bound, nodes=_count(nodes)))  # fmt: skip
    tracer.emit(Examine(nodes, 0, h0))


def _count(n: int) -> str:
    if n >= 1_000_000_000:
        return f"{n / 1e9:.1f} G"
    if n >= 1_000_000:
        return f"{n / 1e6:.1f} M"
    if n >= 10_000:
        return f"{n / 1e3:.0f} k"
    return str(n)


def _replay(tracer: Tracer, config: RingConfig, result: OptimalResult) -> None:
    """Mark the solution and play it move by move from the start."""
    if not tracer.enabled or not result.solved:
        return
    tracer.milestone("solution", solution_message(result.length, result.optimal))
    record_moves(tracer, config, result.moves)

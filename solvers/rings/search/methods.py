"""`solve`: run one search method on a rings state, recording a trace if asked.

Methods (all in the forgat metric: one move turns one ring by any amount):
    bfs         breadth-first, shortest solutions, every node kept
    dfs         depth-limited depth-first (`limit`), no memory beyond the path
    iddfs       iterative deepening: dfs with limits 0, 1, 2, ... (shortest solutions)
    best-first  the thesis' greedy best-first on its heuristic h
    astar       A* with the admissible heuristic (pattern databases + change bound)
    idastar     IDA* with the same heuristic (shortest solutions, memory of one path)
    practical   short solutions for every configuration within a few seconds
                (solvers.rings.practical.shorten.best_practical): proven shortest where it can
    optimal     proven shortest solutions of two-ring configurations (IDA* on colour
                pattern databases, solvers.rings.optimal.optimal; the tables are built once)

A trace shows the search itself: every expanded node becomes a step in which the shown
state walks (by Rotate events) to that node, then an Examine event with the node's depth
and h, with counters expanded/open/closed/depth/h/bound. When a goal is found the trace
marks a "solution" milestone, turns back to the start and replays the solution move by
move, so the player ends on the solved state.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers import memory
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.errors import MemoryBudgetError, PuzzleInputError, PuzzlevizError
from puzzleviz.solvers.i18n import N_, msg
from puzzleviz.solvers.interrupt import current_control
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import RingState, Status
from puzzleviz.solvers.rings.model.model import RingsModel, Rotate
from puzzleviz.solvers.rings.model.stateio import check_colour_counts
from puzzleviz.solvers.rings.optimal.optimal import solve_optimal
from puzzleviz.solvers.rings.practical.shorten import best_practical
from puzzleviz.solvers.rings.search.depthfirst import depth_first
from puzzleviz.solvers.rings.search.graphsearch import (
    CANCELLED,
    FOUND,
    MODE_ASTAR,
    MODE_BEST_FIRST,
    MODE_BFS,
    N_STATUS,
    NODE_LIMIT,
    graph_search,
)
from puzzleviz.solvers.rings.search.heuristics import (
    H_NONE,
    H_THESIS,
    HeuristicParams,
    evaluate,
    no_pdbs,
)
from puzzleviz.solvers.rings.search.kernels import tables, to_kernel_state
from puzzleviz.solvers.rings.search.nodes import new_store, path_of
from puzzleviz.solvers.rings.search.pdb import admissible_params
from puzzleviz.solvers.rings.search.replay import forget_position_counters, record_moves
from puzzleviz.solvers.rings.search.results import REASONS, RingsResult, solution_message
from puzzleviz.solvers.tracer import NULL_TRACER, RecordingTracer, Tracer

if TYPE_CHECKING:
    from puzzleviz.solvers.plugin import Limits, Solver
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.rings.commands.options import RingsProblem

COUNTERS = ("expanded", "open", "closed", "depth", "h", "bound")
METHODS = ("bfs", "dfs", "iddfs", "best-first", "astar", "idastar", "practical", "optimal")
SHORTEST = ("bfs", "iddfs", "astar", "idastar")  # their solutions are proven shortest


def new_control() -> tuple[Int64Array, Status]:
    """(control, status): set control[0] = 1 to stop a running search; status holds
    expanded, open, closed, depth, h, bound while it runs."""
    return np.zeros(1, dtype=np.int64), np.zeros(N_STATUS, dtype=np.int64)


def recording_tracer(
    config: RingConfig, state: RingState, method: str, **params: Any
) -> RecordingTracer:
    return RecordingTracer(
        RingsModel(config),
        solver=f"rings.{method}",
        params={"config": str(config), "method": method, **params},
        counters=COUNTERS,
        initial_state=np.asarray(state, dtype=np.int32),
        seed=params.get("seed"),
    )


def solve(
    config: RingConfig,
    state: RingState,
    method: str = "practical",
    *,
    tracer: Tracer = NULL_TRACER,
    max_nodes: int | None = 2_000_000,
    limit: int = 8,
    control: Int64Array | None = None,
    status: Status | None = None,
    seed: int = 0,
    effort: float = 1.0,
    on_build: Callable[[int, int], None] | None = None,
    use_tables: bool = True,
) -> RingsResult:
    """Solve `state` (1-based colours) with `method`; see the module docstring. `effort`
    scales the practical method's node budgets (1.0: a few seconds); `on_build(done,
    total)` follows the optimal method's table build (once per configuration);
    `use_tables=False` keeps the practical method off the cached pattern tables."""
    started = time.perf_counter()
    state = np.asarray(state, dtype=np.int32)
    check_colour_counts(config, state)
    if tracer.enabled:  # no estimate or bound before the search computes one (not "0")
        tracer.start_counts(h=-1, bound=-1)
    if control is None or status is None:
        control, status = new_control()
    if method == "practical":
        result = _practical(config, state, control, status, effort, use_tables)
    elif method == "optimal":
        result = _optimal(config, state, tracer, max_nodes, control, status, on_build)
    elif method in ("bfs", "best-first", "astar"):
        result = _graph(config, state, method, tracer, max_nodes or 2_000_000, control, status)
    elif method in ("dfs", "iddfs", "idastar"):
        nodes = max_nodes or 2_000_000
        result = _depth_first(config, state, method, tracer, nodes, limit, control, status)
    else:
        raise PuzzleInputError(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    result.config, result.start = config, state
    result.seconds = time.perf_counter() - started
    if result.found and method in SHORTEST:
        result.optimal, result.lower_bound = True, None
    if result.found:
        final = state.copy()
        model = RingsModel(config)
        for ring, f in result.moves:
            model.rotate(final, ring, f)
        result.final_state = final
        if method != "optimal":  # solve_optimal replays its solution itself
            _replay(tracer, config, result)
    return result


_CODES = {"cancelled": CANCELLED, "stopped": CANCELLED, "node limit": NODE_LIMIT}


def _practical(
    config: RingConfig, state: RingState, control: Int64Array, status: Status, effort: float,
    use_tables: bool = True,
) -> RingsResult:  # fmt: skip
    r = best_practical(config, state, effort=effort, control=control, status=status,
                       use_tables=use_tables)  # fmt: skip
    return RingsResult(
        method="practical",
        found=r.solved,
        moves=r.moves,
        reason=REASONS[FOUND] if r.solved else REASONS.get(_CODES.get(r.reason, -1), r.reason),
        expanded=int(status[0]),
        open=int(status[1]),
        closed=int(status[2]),
        details={"how": r.reason},
        optimal=r.optimal,
        lower_bound=r.lower_bound if r.lower_bound > 0 else None,
    )


def _optimal(
    config: RingConfig, state: RingState, tracer: Tracer, max_nodes: int | None,
    control: Int64Array, status: Status, on_build: Callable[[int, int], None] | None,
) -> RingsResult:  # fmt: skip
    if config.rings != 2:
        raise PuzzleInputError(
            f"--method optimal proves shortest solutions of two-ring configurations only; "
            f"{config} has {config.rings} rings (--method practical: short, not proven)"
        )

    def nodes_so_far(_done: int, _total: int) -> None:
        if control.shape[0] > 1:
            status[0] = control[1]

    r = solve_optimal(config, state, tracer=tracer, max_nodes=max_nodes, control=control,
                      on_progress=nodes_so_far, on_build=on_build)  # fmt: skip
    status[0] = r.nodes
    status[5] = r.lower_bound
    reason = REASONS[FOUND] if r.solved else REASONS.get(_CODES.get(r.reason, -1), r.reason)
    return RingsResult(
        method="optimal",
        found=r.solved,
        moves=r.moves,
        reason=reason,
        expanded=r.nodes,
        open=0,
        closed=0,
        details={"iterations": [[b, n, round(t, 3)] for b, n, t in r.iterations]},
        optimal=r.optimal,
        lower_bound=r.lower_bound,
    )


def _heuristic(config: RingConfig, kind: str) -> HeuristicParams:
    tab = tables(config)
    if kind == "admissible":
        return admissible_params(config)
    return no_pdbs(H_THESIS if kind == "thesis" else H_NONE, tab.change_bound, config.n_colours)


def _graph(
    config: RingConfig, state: RingState, method: str, tracer: Tracer, max_nodes: int,
    control: Int64Array, status: Status,
) -> RingsResult:  # fmt: skip
    mode = {"bfs": MODE_BFS, "best-first": MODE_BEST_FIRST, "astar": MODE_ASTAR}[method]
    hp = _heuristic(config, {"bfs": "none", "best-first": "thesis", "astar": "admissible"}[method])
    tab = tables(config)
    # a node: its key, parent, turn, depth and h (store), two index slots, two heap words
    # (half the budget: the heuristic's tables, the trace and the kernels take the rest)
    wanted, max_nodes = max_nodes, memory.fitting(max_nodes, 8 * tab.words + 46, share=0.5)
    store = new_store(max_nodes, tab.words)
    heap = np.empty(2 * max_nodes + 2 * config.rings * config.size, dtype=np.int64)
    buf = tracer.kernel_buffer()
    text = {
        "bfs": N_("Breadth-first: take the waiting position found first, try every turn from it"),
        "best-first": N_("Best-first: take the waiting position that looks closest to solved "
                         "(estimate h), try every turn from it"),
        "astar": N_("A*: take the waiting position with the fewest moves so far plus the "
                    "estimate still to go (g + h), try every turn from it"),
    }[method]  # fmt: skip
    caption = tracer.intern(msg(text))
    code, goal = graph_search(
        to_kernel_state(state), mode, tab, hp, store, heap, buf, caption, control, status
    )
    tracer.absorb(buf)
    moves = path_of(store, goal) if code == FOUND else []
    details = {"nodes": int(store.fill[0]), "memory_bound": max_nodes < wanted}
    return _kernel_result(method, code, moves, status, details)


_DEPTH_FIRST_WORDS = {  # (a new iteration, a step down), as messages (solvers.i18n)
    "dfs": (N_("Depth-limited DFS: start again from the root, depth limit {bound}"),
            N_("Depth-limited DFS: step down to the next child")),
    "iddfs": (N_("Iterative deepening: start again from the root, depth limit {bound}"),
              N_("Iterative deepening: step down to the next child")),
    "idastar": (N_("IDA*: start again from the root, bound on g + h {bound}"),
                N_("IDA*: step down to the next child")),
}  # fmt: skip


def _depth_first(
    config: RingConfig, state: RingState, method: str, tracer: Tracer, max_nodes: int,
    limit: int, control: Int64Array, status: Status,
) -> RingsResult:  # fmt: skip
    tab = tables(config)
    hp = _heuristic(config, "admissible" if method == "idastar" else "none")
    x = to_kernel_state(state)
    max_depth = 64 if method == "idastar" else max(limit, 0)
    if method == "dfs":
        first, last = limit, limit
    elif method == "iddfs":
        first, last = 0, limit
    else:
        first, last = 0, max_depth
    if method == "idastar":
        first = int(evaluate(x, tab, hp, np.empty(64, dtype=np.int64)))
    again, down = _DEPTH_FIRST_WORDS[method]
    captions = np.array(
        [tracer.intern(msg(again, bound=b)) for b in range(max_depth + 1)], dtype=np.int32
    )
    node_caption = tracer.intern(msg(down))
    path_ring = np.zeros(max(max_depth, 1), dtype=np.int64)
    path_f = np.zeros(max(max_depth, 1), dtype=np.int64)
    buf = tracer.kernel_buffer()
    code, length = depth_first(
        x, first, last, tab, hp, max_nodes, buf, captions, node_caption, control, status,
        path_ring, path_f,
    )  # fmt: skip
    tracer.absorb(buf)
    moves = [(int(path_ring[i]), int(path_f[i])) for i in range(length)] if code == FOUND else []
    return _kernel_result(method, code, moves, status)


def _kernel_result(
    method: str, code: int, moves: list[tuple[int, int]], status: Status,
    details: dict[str, Any] | None = None,
) -> RingsResult:  # fmt: skip
    """What a search kernel left: its return code and the counters it kept in `status`
    (expanded, open, closed)."""
    return RingsResult(
        method=method,
        found=code == FOUND,
        moves=moves,
        reason=REASONS[code],
        expanded=int(status[0]),
        open=int(status[1]),
        closed=int(status[2]),
        details={} if details is None else details,
    )


def _replay(tracer: Tracer, config: RingConfig, result: RingsResult) -> None:
    """Mark the solution, go back to the start and play the solution move by move."""
    if not tracer.enabled:
        return
    n = len(result.moves)
    tracer.milestone("solution", solution_message(n, result.optimal))
    g = config.size
    if result.method != "practical" and n:
        forget_position_counters(tracer)
        tracer.step(msg("Turn back to the start to replay the solution"))
        for ring, f in reversed(result.moves):
            tracer.emit(Rotate(ring, g - f))
    record_moves(tracer, config, result.moves)


# -- the puzzle's methods, in the plugin API's one signature (solvers.plugin) --------------

MAX_NODES = 100_000_000  # the graph searches store every node: a bound on their memory


def _method(name: str) -> Solver:
    def run(
        problem: RingsProblem, tracer: Tracer, limits: Limits, progress: Progress
    ) -> RingsResult:
        if limits.nodes is not None and limits.nodes > MAX_NODES:
            raise PuzzleInputError(
                f"--max-nodes {limits.nodes:,}: at most {MAX_NODES:,} for the rings searches "
                "(they keep every node in memory)"
            )
        status = np.zeros(N_STATUS, dtype=np.int64)
        progress.label, progress.unit = f"rings {name}", "nodes"
        progress.follow(lambda: int(status[0]))
        result = solve(
            problem.config, problem.state, name, tracer=tracer,
            max_nodes=limits.nodes or MAX_NODES, limit=problem.depth_limit,
            control=current_control(), status=status, seed=problem.seed or 0,
        )  # fmt: skip
        if not result.found and result.details.get("memory_bound") and result.stopped:
            raise MemoryBudgetError(
                f"{name} found no solution in the {result.details['nodes']:,} positions the "
                f"memory budget of {memory.describe(memory.budget() or 0)} holds "
                f"({memory.HOW_TO_RAISE}); try --method practical"
            )
        if not result.found:
            raise PuzzlevizError(
                f"{name} found no solution ({result.reason} after {result.expanded:,} "
                "expanded nodes); try --method practical"
            )
        return result

    run.__name__ = run.__qualname__ = name.replace("-", "_")
    return run


def optimal(
    problem: RingsProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> RingsResult:
    """`--method optimal`: a bar while the pattern databases are built (once per
    configuration, then read from the cache folder), then the nodes of the search."""
    config = problem.config
    status = np.zeros(N_STATUS, dtype=np.int64)
    building = [0]

    def on_build(done: int, total: int) -> None:
        building[0] = done
        if done < total:
            progress.label, progress.unit, progress.total = (
                f"rings {config}: pattern database (built once)", "entries", total)  # fmt: skip
        else:
            progress.label, progress.unit, progress.total = "rings optimal", "nodes", None

    def count() -> int:
        return building[0] if progress.total else int(status[0])

    progress.label, progress.unit = "rings optimal", "nodes"
    progress.follow(count)
    result = solve(
        config, problem.state, "optimal", tracer=tracer, max_nodes=limits.nodes,
        control=current_control(), status=status, on_build=on_build,
    )  # fmt: skip
    if not result.found:
        raise PuzzlevizError(
            f"optimal found no solution ({result.reason} after {result.expanded:,} nodes; "
            f"none shorter than {result.lower_bound} moves); try --method practical"
        )
    return result


bfs, dfs, iddfs = _method("bfs"), _method("dfs"), _method("iddfs")
best_first, astar, idastar = _method("best-first"), _method("astar"), _method("idastar")
practical = _method("practical")

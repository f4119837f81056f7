"""`puzzleviz solve <puzzle>`: the flow every puzzle shares, so a puzzle adds only its own
options and its solvers.

The framework owns the shared options (--method, --json, --trace, --max-nodes, --max-events,
--max-memory, --seed, -q) and the order of work: the puzzle's problem(s) are read from the
command line, each is solved by the chosen method with a tracer, limits and a progress bar,
under Ctrl-C and the memory budget; then the result is printed, the JSON and the trace are
written, and the puzzle's own outputs last. (--play and --video are added by the viewer's
CLI, which owns the window.)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers import memory
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.options import add_max_memory, whole
from puzzleviz.solvers.plugin import Limits, Method, Problem, PuzzleSpec, Result, solver_name
from puzzleviz.solvers.registry import load

if TYPE_CHECKING:
    import numpy as np
    from puzzleviz.solvers.tracer import RecordingTracer, Tracer

DEFAULT_EVENTS = 5_000_000
MAX_EVENTS = 100_000_000
EVENT_BYTES = (200, 370)  # one kept event while a search records (measured: queens, cube, rings)


def _gb(nbytes: int) -> str:
    return f"{nbytes / (1 << 30):.0f}"


def add_solve_arguments(
    parser: argparse.ArgumentParser,
    spec: PuzzleSpec,
    extra: Callable[[argparse._ArgumentGroup], None] | None = None,
) -> None:
    """The puzzle's own options, then the shared ones (and `extra` shared ones: the
    viewer's --play and --video)."""
    if spec.description:
        parser.description = spec.description
    load(spec, "add_arguments", spec.add_arguments)(parser)
    shared = parser.add_argument_group("solving (the same for every puzzle)")
    if len(spec.methods) > 1:
        shared.add_argument(
            "--method",
            choices=[m.name for m in spec.methods],
            default=spec.default_method.name,
            help="; ".join(f"{m.name}: {m.help}" for m in spec.methods)
            + f" (default {spec.default_method.name})",
        )
    limited = [m for m in spec.methods if m.node_limit is not None]
    if limited:
        shared.add_argument(
            "--max-nodes",
            "--node-limit",
            type=whole(0),
            metavar="N",
            help=f"stop the search after N nodes; its counts and proofs are then partial "
            f"(default {_defaults(spec, limited)}; 0: no limit but --max-memory)"
            + _node_memory(spec),
        )
    if spec.seeded:
        shared.add_argument(
            "--seed", type=whole(0, 2**63 - 1), default=None, metavar="SEED",
            help="seed of the random choices (the same seed gives the same run)",
        )  # fmt: skip
    shared.add_argument("--json", metavar="OUT", help="write the result as JSON ('-': stdout)")
    shared.add_argument("--trace", metavar="OUT", help="record the search as a trace file")
    shared.add_argument(
        "--max-events",
        type=whole(1, MAX_EVENTS),
        default=DEFAULT_EVENTS,
        metavar="N",
        help=f"keep at most N trace events (default {DEFAULT_EVENTS:,}); while a search "
        f"records, an event takes {EVENT_BYTES[0]}-{EVENT_BYTES[1]} bytes, so "
        f"{MAX_EVENTS:,} would take {_gb(EVENT_BYTES[0] * MAX_EVENTS)}-"
        f"{_gb(EVENT_BYTES[1] * MAX_EVENTS)} GB: the trace ends short of --max-memory and "
        "says so",
    )
    add_max_memory(shared)
    shared.add_argument(
        "-q", "--quiet", action="store_true", help="print only the one-line summary"
    )
    if extra is not None:
        extra(shared)


def _defaults(spec: PuzzleSpec, limited: Sequence[Method]) -> str:
    """'2,000,000' or '2,000,000; practical: none' or 'exact 200,000,000'."""
    values = {m.node_limit for m in limited}
    if len(values) == 1 and len(limited) == len(spec.methods):
        return f"{limited[0].node_limit:,}"
    if len(values) == 1:
        others = ", ".join(m.name for m in spec.methods if m.node_limit is None)
        return f"{limited[0].node_limit:,}; {others}: none"
    return ", ".join(f"{m.name} {m.node_limit:,}" for m in limited)


def _node_memory(spec: PuzzleSpec) -> str:
    """'; bfs, astar keep every node, about 60 bytes each': what a node limit costs."""
    keeping = [m for m in spec.methods if m.node_bytes]
    if not keeping:
        return ""
    names = ", ".join(m.name for m in keeping)
    sizes = sorted({m.node_bytes for m in keeping})
    each = f"{sizes[0]}" if len(sizes) == 1 else f"{sizes[0]}-{sizes[-1]}"
    return f"; {names} keep every node, about {each} bytes each"


def chosen_method(spec: PuzzleSpec, args: argparse.Namespace) -> Method:
    return spec.method(getattr(args, "method", None) or spec.default_method.name)


def limits_of(method: Method, args: argparse.Namespace) -> Limits:
    given = getattr(args, "max_nodes", None)
    nodes = method.node_limit if given is None else (given or None)
    return Limits(nodes=nodes, default_nodes=given is None,
                  events=getattr(args, "max_events", DEFAULT_EVENTS))  # fmt: skip


def run_solve(spec: PuzzleSpec, args: argparse.Namespace) -> int:
    """Everything `puzzleviz solve <puzzle>` does; returns the exit code."""
    from puzzleviz.solvers.model import model_class

    model_class(spec.kind)  # a broken model or one of another kind: one line, before any work
    if spec.answer is not None and load(spec, "answer", spec.answer)(args):
        return 0
    method = chosen_method(spec, args)
    problems = list(load(spec, "problems", spec.problems)(args))
    if not problems:
        raise PuzzleInputError("no puzzle to solve")
    if args.trace and len(problems) > 1:
        raise PuzzleInputError(
            f"a trace holds one puzzle and the input holds {len(problems)}: pick one"
        )
    from puzzleviz.solvers.interrupt import NODES, new_control, stopped_by_memory

    limits = limits_of(method, args)
    documents: list[dict[str, Any]] = []
    last: Result | None = None
    for number, problem in enumerate(problems, start=1):
        # the tracer is made inside the stoppable call, since making it may search (a
        # sudoku's solutions are counted for its header)
        made: list[Tracer] = []
        control = new_control()
        try:
            make = _tracer_maker(spec, method, problem, args, limits, made)
            result = solve_one(spec, method, problem, make, limits, control)
            tracer = made[0]
        except PuzzleInputError as exc:
            if len(problems) == 1:
                raise
            raise PuzzleInputError(f"puzzle {number}: {exc}") from None
        _say(result, number if len(problems) > 1 else None, args)
        if stopped_by_memory(control):
            print(f"({memory.reached_message(int(control[NODES]))})")
        elif result.stopped and getattr(args, "max_nodes", None) is None and limits.nodes:
            print(f"(the default node limit, {limits.nodes:,}; --max-nodes 0 lifts it)")
        documents.append(result.to_json())
        last = result
        if args.trace:
            from puzzleviz.solvers.tracefile import save_trace
            from puzzleviz.solvers.tracer import RecordingTracer

            assert isinstance(tracer, RecordingTracer)  # what _tracer makes for --trace
            trace = tracer.finish()
            save_trace(trace, args.trace)
            extra = _truncation(tracer) if trace.header.truncated else ""
            if not getattr(args, "trace_is_temporary", False):
                print(f"wrote {args.trace} ({trace.n_events:,} events, {trace.n_steps:,} steps)"
                      f"{extra}")  # fmt: skip
    if args.json:
        from puzzleviz.solvers.atomic import write_json

        write_json(args.json, documents[0] if len(documents) == 1 else documents)
        print(f"wrote {args.json}")
    if spec.finish is not None and last is not None:
        for line in load(spec, "finish", spec.finish)(args, last):
            print(line)
    return 0


def solve_one(
    spec: PuzzleSpec,
    method: Method,
    problem: Problem,
    tracer: Callable[[], Tracer],
    limits: Limits,
    control: np.ndarray,
) -> Result:
    """One problem by one method with the tracer `tracer()` makes, under Ctrl-C and the
    memory budget (`control` tells whether it stopped there), with a progress bar on a
    terminal."""
    from puzzleviz.solvers.errors import MemoryBudgetError, PuzzlevizError
    from puzzleviz.solvers.interrupt import (
        NODES,
        MemoryBudgetReached,
        run_stoppable,
        stopped_by_memory,
    )
    from puzzleviz.solvers.progress import Progress

    solve = load(spec, f"method {method.name}", method.solve)
    with Progress(None, method.name, unit="") as progress:
        try:
            return run_stoppable(
                lambda: solve(problem, tracer(), limits, progress), control, on_poll=progress.poll
            )
        except PuzzlevizError as exc:
            if stopped_by_memory(control) and not isinstance(exc, MemoryBudgetError):
                # what the method made of its stop ("found no solution (cancelled ...)")
                # is the budget's doing: say that
                raise MemoryBudgetReached(memory.reached_message(int(control[NODES]))) from None
            raise


def _truncation(tracer: RecordingTracer) -> str:
    if tracer.memory_bound:
        return (f" (truncated: {tracer.max_events:,} events are what the memory budget holds; "
                f"{memory.HOW_TO_RAISE})")  # fmt: skip
    return " (truncated: raise --max-events)"


def _tracer_maker(
    spec: PuzzleSpec, method: Method, problem: Problem, args: argparse.Namespace,
    limits: Limits, made: list[Tracer],
) -> Callable[[], Tracer]:  # fmt: skip
    def make() -> Tracer:
        made.append(_tracer(spec, method, problem, args, limits))
        return made[-1]

    return make


def _tracer(
    spec: PuzzleSpec, method: Method, problem: Problem, args: argparse.Namespace, limits: Limits
) -> Tracer:
    from puzzleviz.solvers.tracer import NULL_TRACER, RecordingTracer

    if not args.trace:
        return NULL_TRACER
    return RecordingTracer(
        problem.model(),
        solver=solver_name(spec, method),
        params=problem.params(),
        seed=getattr(args, "seed", None),
        counters=method.counters,
        initial_state=problem.start(),
        max_events=limits.events,
    )


def _say(result: Result, number: int | None, args: argparse.Namespace) -> None:
    if number is not None:  # one line per puzzle of a collection
        print(f"{number}. {result.summary()}")
        return
    lines: Sequence[str] = [result.summary()] if args.quiet else result.lines()
    for line in lines:
        print(line)

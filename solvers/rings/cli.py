"""`puzzleviz solve rings` and `puzzleviz rings stats`."""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from solvers.atomic import write_json
from solvers.commands import PuzzleCommand, register_command
from solvers.errors import PuzzlevizError
from solvers.interrupt import new_control, run_stoppable
from solvers.options import SEED, whole
from solvers.progress import Progress
from solvers.rings.config import PRESETS, RingConfig
from solvers.rings.search import METHODS, recording_tracer, solve
from solvers.rings.shuffle import random_moves, thesis_shuffle, uniform_shuffle
from solvers.rings.stateio import format_state, parse_state
from solvers.tracefile import save_trace
from solvers.tracer import NULL_TRACER

_CONFIG_HELP = (
    "rings/balls/colours per ring/inner balls, e.g. 2/20/2/4 (the original), or a preset: "
    + ", ".join(f"{k} ({v})" for k, v in PRESETS.items())
)


MAX_SCRAMBLE = 10_000  # far more turns than any state needs: beyond, only memory grows
MAX_NODES = 100_000_000  # the node store costs tens of bytes a node
MAX_DEPTH_LIMIT = 64  # as deep as IDA* goes
DEFAULT_MAX_STATES = 200_000_000  # about a minute of full BFS here


# ----- solve ------------------------------------------------------------------------------
def _add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default="2/20/2/4", help=_CONFIG_HELP)
    start = parser.add_mutually_exclusive_group()
    start.add_argument(
        "--state",
        help="the start: each ring's own balls in order, one colour per character (1-9, a, "
        "b, ...), rings separated by '/'",
    )
    start.add_argument("--shuffle", type=SEED, metavar="SEED", help="a random start")
    start.add_argument(
        "--scramble",
        type=whole(0, MAX_SCRAMBLE),
        metavar="N",
        help=f"N random turns from the solved state (at most {MAX_SCRAMBLE:,})",
    )
    parser.add_argument(
        "--shuffle-kind",
        choices=("uniform", "thesis"),
        default="uniform",
        help="uniform over all states, or the thesis' ball-by-ball fill (default uniform)",
    )
    parser.add_argument("--seed", type=SEED, default=1, help="seed for --scramble")
    parser.add_argument("--method", choices=METHODS, default="practical", help="search method")
    parser.add_argument(
        "--limit",
        type=whole(0, MAX_DEPTH_LIMIT),
        default=8,
        help=f"depth limit of dfs/iddfs (at most {MAX_DEPTH_LIMIT})",
    )
    parser.add_argument(
        "--max-nodes",
        type=whole(1, MAX_NODES),
        default=2_000_000,
        help=f"node limit of the searches (default 2,000,000, at most {MAX_NODES:,}); the "
        "practical method stops after a minute",
    )
    parser.add_argument("--json", type=str, metavar="OUT", help="write the solution as JSON")
    parser.add_argument("--trace", type=str, metavar="OUT", help="record the search as a trace")


def _start_state(config: RingConfig, args: argparse.Namespace) -> np.ndarray:
    if args.state is not None:
        return parse_state(config, args.state)
    if args.scramble is not None:
        state = config.solved_state()
        from solvers.rings.model import RingsModel

        model = RingsModel(config)
        for ring, f in random_moves(config, args.scramble, args.seed):
            model.rotate(state, ring, f)
        return state
    seed = 1 if args.shuffle is None else args.shuffle
    shuffle = thesis_shuffle if args.shuffle_kind == "thesis" else uniform_shuffle
    return shuffle(config, seed)


def _run_solve(args: argparse.Namespace) -> int:
    config = RingConfig.parse(args.config)
    state = _start_state(config, args)
    text = format_state(config, state)
    tracer = (
        recording_tracer(config, state, args.method, seed=args.shuffle)
        if args.trace
        else NULL_TRACER
    )
    started = time.perf_counter()
    control = new_control()  # the rings kernels stop when control[0] is set
    status = np.zeros(6, dtype=np.int64)  # expanded, open, closed, ... while they run
    with Progress(None, f"rings {args.method}", unit="nodes") as bar:
        result = run_stoppable(
            lambda: solve(
                config, state, args.method, tracer=tracer, max_nodes=args.max_nodes,
                limit=args.limit, control=control, status=status,
            ),
            control,
            on_poll=lambda _: bar.update(int(status[0])),
        )  # fmt: skip
        bar.update(result.expanded)
    seconds = time.perf_counter() - started
    if not result.found:
        raise PuzzlevizError(
            f"{args.method} found no solution ({result.reason} after "
            f"{result.expanded:,} expanded nodes); try --method practical"
        )
    moves = [[ring + 1, f] for ring, f in result.moves]
    print(f"config   {config}")
    print(f"start    {text}")
    print(f"method   {args.method} ({result.expanded:,} expanded, {seconds:.2f} s)")
    print(f"length   {result.length}")
    print("moves    " + (" ".join(f"{r}:{f}" for r, f in moves) or "(already solved)"))
    print(f"solved   {format_state(config, result.final_state)}")
    if args.json:
        document = {
            "config": str(config),
            "start": text,
            "moves": moves,
            "length": result.length,
            "method": args.method,
        }
        write_json(args.json, document)
        print(f"wrote {args.json}")
    if args.trace:
        trace = tracer.finish()
        save_trace(trace, args.trace)
        print(f"wrote {args.trace} ({trace.n_events:,} events)")
    return 0


# ----- stats ------------------------------------------------------------------------------
def _add_stats_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", required=True, help=_CONFIG_HELP)
    parser.add_argument(
        "--metric",
        choices=("both", "forgat", "unit"),
        default="both",
        help="forgat: a move turns a ring by any amount; unit: one step (default both)",
    )
    parser.add_argument(
        "--no-heuristic", action="store_true", help="skip the thesis' heuristic histogram"
    )
    parser.add_argument(
        "--max-states",
        type=whole(1),
        default=DEFAULT_MAX_STATES,
        metavar="N",
        help=f"refuse larger state spaces (default {DEFAULT_MAX_STATES:,}, about a minute; "
        "up to 2,500,000,000)",
    )
    parser.add_argument("--json", type=str, metavar="OUT", help="write the tables as JSON")
    parser.add_argument("--width", type=whole(1, 1000), default=50, help="bar chart width")


def _run_stats(args: argparse.Namespace) -> int:
    from solvers.rings.statespace import METRICS, check_size, state_space_stats
    from solvers.rings.statsview import stats_lines

    config = RingConfig.parse(args.config)
    check_size(config, args.max_states)
    metrics = METRICS if args.metric == "both" else (args.metric,)
    started = time.perf_counter()
    with Progress(config.state_count * len(metrics), f"BFS {config}", unit="states") as bar:

        def on_layer(metric: str, depth: int, reached: int) -> None:
            bar.done = metrics.index(metric) * config.state_count + reached  # drawn on poll

        stats = run_stoppable(
            lambda: state_space_stats(
                config,
                metrics,
                with_heuristic=not args.no_heuristic,
                on_layer=on_layer,
                max_states=args.max_states,
            ),
            on_poll=lambda _: bar.update(bar.done),
        )
    seconds = time.perf_counter() - started
    out = sys.stdout
    for line in stats_lines(stats, width=args.width, heuristic=not args.no_heuristic):
        out.write(line + "\n")
    out.write(f"({seconds:.1f} s)\n")
    if args.json:
        write_json(args.json, stats.to_json())
        out.write(f"wrote {args.json}\n")
    return 0


register_command(
    PuzzleCommand(
        path=("solve", "rings"),
        help="solve a Hungarian rings state (original, 3-ring chains, Olympic rings)",
        add_arguments=_add_solve_arguments,
        run=_run_solve,
    )
)
register_command(
    PuzzleCommand(
        path=("rings", "stats"),
        help="exact distance-to-goal distributions and heuristic histogram by full BFS",
        add_arguments=_add_stats_arguments,
        run=_run_stats,
    )
)

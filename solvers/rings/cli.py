"""`puzzleviz solve rings` and `puzzleviz rings stats`."""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from solvers.atomic import write_json
from solvers.commands import PuzzleCommand, register_command
from solvers.errors import PuzzleInputError, PuzzlevizError
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


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


# ----- solve ------------------------------------------------------------------------------
def _add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default="2/20/2/4", help=_CONFIG_HELP)
    start = parser.add_mutually_exclusive_group()
    start.add_argument(
        "--state",
        help="the start: each ring's own balls in order, one colour per character (1-9, a, "
        "b, ...), rings separated by '/'",
    )
    start.add_argument("--shuffle", type=_positive, metavar="SEED", help="a random start")
    start.add_argument(
        "--scramble", type=_positive, metavar="N", help="N random turns from the solved state"
    )
    parser.add_argument(
        "--shuffle-kind",
        choices=("uniform", "thesis"),
        default="uniform",
        help="uniform over all states, or the thesis' ball-by-ball fill (default uniform)",
    )
    parser.add_argument("--seed", type=_positive, default=1, help="seed for --scramble")
    parser.add_argument("--method", choices=METHODS, default="practical", help="search method")
    parser.add_argument("--limit", type=_positive, default=8, help="depth limit of dfs/iddfs")
    parser.add_argument(
        "--max-nodes", type=_positive, default=2_000_000, help="node limit of the searches"
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
    if args.method in ("bfs", "astar", "best-first") and args.max_nodes < 1:
        raise PuzzleInputError("--max-nodes must be at least 1")
    tracer = (
        recording_tracer(config, state, args.method, seed=args.shuffle)
        if args.trace
        else NULL_TRACER
    )
    started = time.perf_counter()
    with Progress(None, f"rings {args.method}", unit="nodes") as bar:
        result = solve(
            config, state, args.method, tracer=tracer, max_nodes=args.max_nodes,
            limit=args.limit,
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
    parser.add_argument("--json", type=str, metavar="OUT", help="write the tables as JSON")
    parser.add_argument("--width", type=_positive, default=50, help="bar chart width")


def _run_stats(args: argparse.Namespace) -> int:
    from solvers.rings.statespace import METRICS, state_space_stats
    from solvers.rings.statsview import stats_lines

    config = RingConfig.parse(args.config)
    metrics = METRICS if args.metric == "both" else (args.metric,)
    started = time.perf_counter()
    with Progress(config.state_count * len(metrics), f"BFS {config}", unit="states") as bar:
        done_before = {"n": 0}

        def on_layer(metric: str, depth: int, reached: int) -> None:
            done_before["n"] = metrics.index(metric) * config.state_count
            bar.update(done_before["n"] + reached)

        stats = state_space_stats(
            config, metrics, with_heuristic=not args.no_heuristic, on_layer=on_layer
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

"""`puzzleviz solve rings`: its own options, and the problem they describe; and the
`puzzleviz rings stats` command. Nothing heavy is imported until a command runs."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.options import add_max_memory, whole
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.rings.model.presets import PRESETS

if TYPE_CHECKING:
    import numpy as np
    from puzzleviz.solvers.rings.model.config import RingConfig
    from puzzleviz.solvers.rings.model.model import RingsModel

MAX_SCRAMBLE = 10_000  # far more turns than any state needs: beyond, only memory grows
MAX_DEPTH = 64  # as deep as IDA* goes
MAX_STATES = 2_500_000_000  # rings stats: the bit arrays of this many states are 1 GB
DEFAULT_MAX_STATES = 200_000_000  # about a minute of full BFS here

CONFIG_HELP = (
    "rings/balls/colours per ring/inner balls, e.g. 2/20/2/4 (the original), or a preset: "
    + ", ".join(f"{k} ({v})" for k, v in PRESETS.items())
)


@dataclasses.dataclass(frozen=True, eq=False)
class RingsProblem:
    """A rings state to solve, and the depth limit of the depth-first methods."""

    config: RingConfig
    state: np.ndarray
    depth_limit: int = 8
    seed: int | None = None  # the shuffle's or the scramble's, for the trace

    def model(self) -> RingsModel:
        # lazy: --help reads this module; this loads numpy and numba
        from puzzleviz.solvers.rings.model.model import RingsModel

        return RingsModel(self.config)

    def start(self) -> np.ndarray:
        return self.state

    def params(self) -> dict[str, Any]:
        return {"config": str(self.config), "depth_limit": self.depth_limit}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default="2/20/2/4", help=CONFIG_HELP)
    start = parser.add_mutually_exclusive_group()
    start.add_argument(
        "--state",
        help="the start: each ring's own balls in order, one colour per character (1-9, a, "
        "b, ...), rings separated by '/'",
    )
    start.add_argument("--shuffle", type=whole(0, 2**63 - 1), metavar="SEED", help="a random start")
    start.add_argument(
        "--scramble",
        type=whole(0, MAX_SCRAMBLE),
        metavar="N",
        help=f"N random turns from the solved state (at most {MAX_SCRAMBLE:,}; --seed picks them)",
    )
    parser.add_argument(
        "--shuffle-kind",
        choices=("uniform", "thesis"),
        default="uniform",
        help="uniform over all states, or the thesis' ball-by-ball fill (default uniform)",
    )
    parser.add_argument(
        "--max-depth",
        "--limit",
        dest="depth_limit",
        type=whole(0, MAX_DEPTH),
        default=8,
        metavar="D",
        help=f"depth limit of dfs and iddfs (default 8, at most {MAX_DEPTH})",
    )


def problems(args: argparse.Namespace) -> list[RingsProblem]:
    # lazy: --help reads this module; this loads numpy and numba
    from puzzleviz.solvers.rings.model.config import RingConfig

    config = RingConfig.parse(args.config)
    return [RingsProblem(config, start_state(config, args), args.depth_limit, _seed(args))]


def _seed(args: argparse.Namespace) -> int | None:
    if args.scramble is not None:
        return 1 if args.seed is None else int(args.seed)
    return None if args.shuffle is None else int(args.shuffle)


def start_state(config: RingConfig, args: argparse.Namespace) -> np.ndarray:
    # lazy: --help reads this module; this loads numpy and numba
    from puzzleviz.solvers.rings.model.shuffle import random_moves, thesis_shuffle, uniform_shuffle
    from puzzleviz.solvers.rings.model.stateio import parse_state

    if args.state is not None:
        return parse_state(config, args.state)
    if args.scramble is not None:
        # lazy: --help reads this module; this loads numpy and numba
        from puzzleviz.solvers.rings.model.model import RingsModel

        state = config.solved_state()
        model = RingsModel(config)
        for ring, f in random_moves(config, args.scramble, _seed(args) or 0):
            model.rotate(state, ring, f)
        return state
    seed = 1 if args.shuffle is None else args.shuffle
    shuffle = thesis_shuffle if args.shuffle_kind == "thesis" else uniform_shuffle
    return shuffle(config, seed)


# -- puzzleviz rings stats -----------------------------------------------------------------


def add_stats_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", required=True, help=CONFIG_HELP)
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
        f"up to {MAX_STATES:,})",
    )
    parser.add_argument("--json", metavar="OUT", help="write the tables as JSON")
    parser.add_argument("--width", type=whole(1, 1000), default=50, help="bar chart width")
    add_max_memory(parser)


def run_stats(args: argparse.Namespace) -> int:
    # lazy: --help reads this module; these load numba (and atomic 33 ms)
    from puzzleviz.solvers.atomic import write_json
    from puzzleviz.solvers.interrupt import run_stoppable
    from puzzleviz.solvers.rings.model.config import RingConfig
    from puzzleviz.solvers.rings.stats.statespace import METRICS, check_size, state_space_stats
    from puzzleviz.solvers.rings.stats.statsview import stats_lines

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

"""`puzzleviz rings sample`: uniform random positions solved optimally, split into parts on
this process, local Dask workers or a Dask cluster, and what they say about God's number.

Why a command of its own (not only a benchmark): sampling is the research use of the
optimal solver, thousands of independent solves from seconds to an hour each, which is
what a cluster is for. The same words as every command that splits (--workers,
--scheduler, --split-log) and the same answer on every engine: the positions come back in
seed order, and a node limit (not a time limit) makes every figure reproducible.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.options import add_max_memory, positive, whole
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.rings.commands.options import CONFIG_HELP
from puzzleviz.solvers.split.options import add_split_arguments, split_options

if TYPE_CHECKING:
    from puzzleviz.solvers.rings.model.config import RingConfig
    from puzzleviz.solvers.rings.optimal.batch import BatchResult

MAX_COUNT = 1_000_000


def add_sample_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", default="2/20/2/4", help=CONFIG_HELP + "; two rings only")
    parser.add_argument(
        "--count",
        type=whole(1, MAX_COUNT),
        default=10,
        metavar="N",
        help="how many uniform random positions (default 10)",
    )
    parser.add_argument(
        "--first-seed",
        type=whole(0, 2**63 - 1),
        default=0,
        metavar="SEED",
        help="the positions are those of seeds SEED, SEED+1, ... (default 0)",
    )
    parser.add_argument(
        "--max-nodes",
        type=whole(1),
        metavar="N",
        help="stop each position after N nodes and keep the bound it proved "
        "(reproducible on any engine; default no limit)",
    )
    parser.add_argument(
        "--each",
        type=positive(7 * 24 * 3600.0),
        metavar="SECONDS",
        help="stop each position after SECONDS (depends on the machine; default no limit)",
    )
    parser.add_argument(
        "--per-part",
        type=whole(1, MAX_COUNT),
        default=1,
        metavar="K",
        help="positions in one part (default 1: a part per position)",
    )
    parser.add_argument("--json", metavar="OUT", help="write every position as JSON (- for stdout)")
    add_split_arguments(parser, what="the positions")
    add_max_memory(parser)


def run_sample(args: argparse.Namespace) -> int:
    # lazy: --help reads this module; these load numba (and atomic 33 ms)
    from puzzleviz.solvers.atomic import write_json
    from puzzleviz.solvers.interrupt import run_stoppable
    from puzzleviz.solvers.rings.model.config import RingConfig
    from puzzleviz.solvers.rings.optimal.batch import counting_bound, solve_batch, uniform_job

    config = RingConfig.parse(args.config)
    if config.rings != 2:
        raise PuzzleInputError(
            f"rings sample solves two-ring configurations optimally; {config} has "
            f"{config.rings} rings"
        )
    options = split_options(args)
    job = uniform_job(str(config), args.first_seed, args.count, per_part=args.per_part,
                      max_nodes=args.max_nodes, max_seconds=args.each)  # fmt: skip
    out = sys.stderr if args.json == "-" else sys.stdout
    started = time.perf_counter()
    with Progress(None, f"rings sample {config}", unit="parts") as bar:
        result, where = run_stoppable(lambda: solve_batch(job, options, bar))
    seconds = time.perf_counter() - started
    for line in sample_lines(config, result, counting_bound(config)):
        out.write(line + "\n")
    out.write(f"({seconds:.1f} s on {where})\n")
    if args.json:
        document = result.to_json()
        document["counting_bound"] = counting_bound(config)
        write_json(args.json, document)
        if args.json != "-":
            out.write(f"wrote {args.json}\n")
    return 0


def sample_lines(config: RingConfig, result: BatchResult, bound: int) -> list[str]:
    """One row per position in seed order, then the distribution of optimal lengths, the
    bounds of the unfinished positions and the lower bound for God's number."""
    lines = [f"{'seed':>6} {'start h':>7} {'optimal':>8} {'proved >=':>9} {'nodes':>15}"]
    for p in result.positions:
        shown = str(p["length"]) if p["optimal"] else "-"
        lines.append(
            f"{p['seed']:>6} {p['h0']:>7} {shown:>8} {p['lower_bound']:>9} {p['nodes']:>15,}"
        )
    solved = sum(result.lengths.values())
    lines.append(
        f"solved optimally: {solved} of {len(result.positions)}; optimal lengths "
        + (", ".join(f"{k}: {v}" for k, v in result.lengths.items()) or "none")
    )
    if result.open_bounds:
        lines.append(
            "not finished, proved at least: "
            + ", ".join(f"{k}: {v}" for k, v in result.open_bounds.items())
        )
    best = max(result.best_bound, bound)
    lines.append(
        f"God's number of {config} (turn metric) >= {best} "
        f"(counting bound {bound}; largest distance proved {result.best_bound})"
    )
    return lines

"""`puzzleviz solve digits`: solve the digit packing at a granularity, write JSON and traces."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from solvers.commands import PuzzleCommand, register_command
from solvers.digits.grid import GRANULARITIES
from solvers.errors import PuzzleInputError
from solvers.options import whole

DEFAULT_NODE_LIMIT = 500_000_000  # 3.5 times the whole half-block search (143 M nodes)
MAX_WORKERS = 256

GRANULARITY_HELP = {
    "mesh": "even block offsets, as the post searched (under a second)",
    "block": "every block offset (about half a minute)",
    "half": "offsets of half a block (one grid square of the picture), on the unit-square "
    "grid (about 35 CPU minutes for the shipped puzzle: 17 min with --workers 2)",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--granularity",
        choices=GRANULARITIES,
        default="mesh",
        help="where pieces may go: "
        + "; ".join(f"{k} = {v}" for k, v in GRANULARITY_HELP.items())
        + " (default: mesh)",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="print and write every solution, not only one per class",
    )
    parser.add_argument("--json", type=Path, metavar="OUT", help="write the solutions as JSON")
    parser.add_argument(
        "--trace", type=Path, metavar="OUT", help="record the search as a trace file to replay"
    )
    parser.add_argument(
        "--puzzle",
        type=Path,
        metavar="FILE",
        help="another frame and/or piece set (JSON; see solvers/digits/puzzle.py)",
    )
    parser.add_argument(
        "--first", action="store_true", help="stop at the first solution (a short trace to watch)"
    )
    parser.add_argument(
        "--node-limit",
        type=whole(0),
        metavar="N",
        help="stop after N search nodes (per position of the 8 with --workers); counts are "
        f"then partial (default {DEFAULT_NODE_LIMIT:.0e}, 3.5 times the half-block search; "
        "0: no limit)",
    )
    parser.add_argument(
        "--estimate",
        action="store_true",
        help="only estimate the size of the search (Knuth's random probes) and stop",
    )
    parser.add_argument(
        "--strategy",
        choices=("first-cell", "constrained"),
        default="first-cell",
        help="which triangle to branch on: the first live one in reading order (default; "
        "positions seen before are met most often that way), or the one the fewest "
        "placements can still cover",
    )
    parser.add_argument(
        "--workers",
        type=whole(1, MAX_WORKERS),
        default=1,
        metavar="N",
        help="search the positions of the 8 in N processes at once (for the long half-block "
        "search; not with --trace, --first, --no-symmetry or --estimate)",
    )
    parser.add_argument(
        "--no-symmetry",
        action="store_true",
        help="try the 8 in every position instead of one per symmetry orbit (about 4x slower)",
    )


def run(args: argparse.Namespace) -> int:
    if args.workers > 1:
        alone = [
            option
            for option, given in (
                ("--trace", args.trace),
                ("--first", args.first),
                ("--no-symmetry", args.no_symmetry),
                ("--estimate", args.estimate),
            )
            if given
        ]
        if alone:
            raise PuzzleInputError(f"--workers cannot be combined with {', '.join(alone)}")
    from solvers.atomic import write_json
    from solvers.digits.kernel import COUNTERS
    from solvers.digits.model import DigitsModel
    from solvers.digits.puzzle import default_puzzle, load_puzzle
    from solvers.digits.search import prepare, solve
    from solvers.digits.solutions import (
        board_text,
        on_mesh,
        result_json,
        with_post_fixed_zero,
    )
    from solvers.interrupt import run_stoppable
    from solvers.progress import Progress
    from solvers.tracefile import save_trace
    from solvers.tracer import NULL_TRACER, RecordingTracer

    puzzle = load_puzzle(args.puzzle) if args.puzzle else default_puzzle()
    model = DigitsModel(puzzle, args.granularity)
    tracer = NULL_TRACER
    if args.trace:
        tracer = RecordingTracer(
            model,
            solver="digits-exact",
            params={
                "granularity": args.granularity,
                "first": bool(args.first),
                "symmetry": not args.no_symmetry,
                "strategy": args.strategy,
            },
            counters=COUNTERS,
        )
    if args.estimate:
        from solvers.digits.search import estimate_nodes

        mean, error = estimate_nodes(puzzle, args.granularity, probes=5000)
        print(
            f"{args.granularity}: about {mean:,.0f} search nodes (+- {error:,.0f}, from 5,000 "
            f"random probes; a heavy-tailed tree can be much bigger)"
        )
        return 0
    started = time.perf_counter()
    setup = prepare(puzzle, args.granularity, use_symmetry=not args.no_symmetry)
    node_limit = DEFAULT_NODE_LIMIT if args.node_limit is None else args.node_limit or 1 << 62
    if setup.needs_band_table:
        with Progress(None, "preparing the band table", unit="sets of pieces") as bar:

            def on_set(done: int, total: int) -> None:
                bar.total = total
                bar.done = done

            if args.workers > 1:
                from solvers.digits.parallel import build_bands

                build_bands(puzzle, args.granularity, args.workers, lambda d, t, _: on_set(d, t))
            else:
                run_stoppable(lambda: setup.build_bands(on_set), on_poll=lambda _: bar.advance(0))
    with Progress(None, f"solving ({args.granularity})", unit="root choices") as progress:

        def on_progress(done: int, total: int) -> None:
            progress.total = total
            progress.done = done  # drawn by the main thread (on_nodes), not the search's

        def on_nodes(nodes: int) -> None:
            progress.update(progress.done, f"{nodes:,} nodes")

        if args.workers > 1:
            from solvers.digits.parallel import solve_in_parts

            result = solve_in_parts(
                puzzle,
                args.granularity,
                args.workers,
                strategy=args.strategy,
                node_limit=node_limit,
                on_part=lambda part, done, total: progress.update(done),
            )
        else:
            result = run_stoppable(
                lambda: solve(
                    puzzle,
                    args.granularity,
                    tracer,
                    stop_after=1 if args.first else 0,
                    node_limit=node_limit,
                    use_symmetry=not args.no_symmetry,
                    strategy=args.strategy,
                    on_progress=on_progress,
                ),
                on_poll=on_nodes,
            )
    seconds = time.perf_counter() - started
    table = result.setup.table
    grid = table.grid
    unit = "blocks" if grid.resolution == "block" else "unit squares (half blocks)"
    print(
        f"{puzzle.name}: {args.granularity} granularity ({GRANULARITY_HELP[args.granularity]}); "
        f"frame {grid.width} x {grid.height} {unit}, {len(grid.frame_cells)} triangles, "
        f"pieces {sum(len(o[0].cells) for o in grid.orientations)}"
    )
    partial = result.stopped_early and not (args.first and result.found)
    what = "first solution" if result.stopped_early and not partial else "solutions"
    print(
        f"{result.count} {what} in {len(result.classes)} classes "
        f"({len(result.found)} found, the rest by the frame's symmetry and swapping "
        f"same-shaped pieces); "
        f"{result.nodes:,} search nodes in {seconds:.2f} s"
    )
    if partial:
        print("STOPPED at the node limit: the search is incomplete, the counts are partial")
        if args.node_limit is None:
            print(f"(the default node limit, {DEFAULT_NODE_LIMIT:,}; --node-limit 0 lifts it)")
    if args.granularity != "mesh" and result.solutions:
        off = sum(not on_mesh(table, s) for s in result.solutions)
        print(f"{off} of them off the mesh (pieces not all at even block offsets)")
    fixed = with_post_fixed_zero(table, result.solutions)
    if fixed and not result.stopped_early:
        print(f"{len(fixed)} with the 0 lying as the post fixes it (tate v0 or yoko v1)")
    shown = list(result.solutions) if args.all else result.representatives()
    for i, solution in enumerate(shown, 1):
        title = (
            f"solution {i}" if args.all else f"class {i} ({len(result.classes[i - 1])} solutions)"
        )
        print(f"\n{title}:\n{board_text(table, solution)}")
    if args.json:
        write_json(args.json, result_json(result, all_solutions=args.all))
        print(f"wrote {args.json}")
    if args.trace:
        trace = tracer.finish()
        save_trace(trace, args.trace)
        print(f"wrote {args.trace} ({trace.n_events:,} events)")
    return 0


register_command(
    PuzzleCommand(
        path=("solve", "digits"),
        help="pack the ten seven-segment digits into their frame, exactly",
        add_arguments=add_arguments,
        run=run,
    )
)

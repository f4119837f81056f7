"""`puzzleviz solve set`: the largest collection of SET cards without a SET."""

from __future__ import annotations

import argparse

from solvers.atomic import write_json
from solvers.commands import PuzzleCommand, register_command
from solvers.interrupt import run_stoppable
from solvers.options import whole
from solvers.progress import Progress
from solvers.setgame.bitsearch import COUNTERS
from solvers.setgame.cards import MAX_CARDS
from solvers.setgame.model import SetGameModel
from solvers.setgame.solve import SOLVERS, prepare_board, solve
from solvers.tracefile import save_trace
from solvers.tracer import NULL_TRACER, RecordingTracer

DEFAULT_NODE_LIMIT = 20_000_000  # about 3 minutes for the slowest nodes (v = 4: ~100k/s)
MAX_EVENTS = 100_000_000


def add_game_size(parser: argparse.ArgumentParser) -> None:
    """--v and --n (the model refuses more than its 2,187 cards before any work)."""
    parser.add_argument(
        "--v", type=whole(2, MAX_CARDS), default=3, help="variants per property (default 3)"
    )
    parser.add_argument(
        "--n", type=whole(1, MAX_CARDS), default=4, help="properties per card (default 4)"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_size(parser)
    parser.add_argument(
        "--with", dest="with_cards", metavar="CARDS", help="cards that must be in, e.g. 0000,1201"
    )
    parser.add_argument("--forbid", metavar="CARDS", help="cards that must stay out")
    parser.add_argument(
        "--count", action="store_true", help="count all maximum caps (and their affine classes)"
    )
    parser.add_argument(
        "--limit",
        type=whole(0, 100_000),
        default=10,
        help="caps listed in the JSON (default 10)",
    )
    parser.add_argument("--solver", choices=SOLVERS, default="fast", help="fast (default) or seed")
    parser.add_argument(
        "--node-limit",
        type=whole(0),
        metavar="N",
        help=f"stop the search after N nodes: then not proven (default {DEFAULT_NODE_LIMIT:,} "
        "where no shortcut applies; 0: no limit)",
    )
    parser.add_argument("--json", dest="json_out", metavar="OUT", help="write the result as JSON")
    parser.add_argument("--trace", dest="trace_out", metavar="OUT", help="record the search")
    parser.add_argument(
        "--max-events",
        type=whole(1, MAX_EVENTS),
        default=5_000_000,
        metavar="N",
        help="keep at most N trace events (default 5,000,000)",
    )


def run(args: argparse.Namespace) -> int:
    model = SetGameModel(args.v, args.n)
    space = model.space
    user_limit = args.node_limit or None  # 0: no limit at all
    with_cards = space.parse_list(args.with_cards)
    forbidden = space.parse_list(args.forbid)
    tracer = NULL_TRACER
    if args.trace_out:
        tracer = RecordingTracer(
            model,
            solver=f"setgame-{args.solver}",
            params={
                "with": space.words(with_cards),
                "forbid": space.words(forbidden),
                "count": args.count,
                "node_limit": args.node_limit,
            },
            counters=COUNTERS,
            max_events=args.max_events,
        )
    board = prepare_board(model, with_cards, forbidden, tracer)
    with Progress(None, "searching", unit="nodes") as bar:
        result = run_stoppable(
            lambda: solve(
                args.v,
                args.n,
                count=args.count,
                solver=args.solver,
                tracer=tracer,
                node_limit=user_limit,
                default_limit=None if args.node_limit == 0 else DEFAULT_NODE_LIMIT,
                board=board,
            ),
            on_poll=bar.update,
        )
        bar.update(result.nodes)
    words = space.all_words
    for line in result.summary_lines(words):
        print(line)
    if not result.finished and args.node_limit is None:
        print(f"  (the default node limit, {DEFAULT_NODE_LIMIT:,}; --node-limit 0 lifts it)")
    if args.json_out:
        write_json(args.json_out, result.to_json(words, args.limit))
        print(f"wrote {args.json_out}")
    if args.trace_out:
        trace = tracer.finish()
        save_trace(trace, args.trace_out)
        extra = " (truncated: raise --max-events)" if trace.header.truncated else ""
        print(f"wrote {args.trace_out}: {trace.n_events:,} events{extra}")
    return 0


COMMAND = register_command(
    PuzzleCommand(
        path=("solve", "set"),
        help="SET game: the most cards with no SET among them",
        add_arguments=add_arguments,
        run=run,
    )
)

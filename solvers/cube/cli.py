"""`puzzleviz solve cube`: the exact solver (default) or the seed's stochastic search."""

from __future__ import annotations

import argparse
import time

from solvers.atomic import write_json
from solvers.commands import PuzzleCommand, register_command
from solvers.cube.assembly import assembly_trace
from solvers.cube.exact import EXACT_COUNTERS, ExactResult, exact_tables, solve_exact
from solvers.cube.facts import facts_caption, solution_facts
from solvers.cube.files import DEFAULT_PUZZLE, known_puzzles, load_puzzle
from solvers.cube.model import CubeModel
from solvers.cube.puzzle import CubePuzzle
from solvers.cube.report import histogram_lines, slice_lines
from solvers.cube.solution import solution_to_json
from solvers.cube.stochastic import StochasticParams, record_stochastic, solve_stochastic
from solvers.errors import PuzzleInputError
from solvers.options import SEED, whole
from solvers.progress import Progress
from solvers.tracefile import save_trace
from solvers.tracer import NULL_TRACER, RecordingTracer

DEFAULT_NODE_LIMIT = 200_000_000  # about five minutes of the exact search here
MAX_TRACE_STEPS = 10_000_000  # the trace of a window of the stochastic search stays in memory
_positive = whole(1)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Fill a box with pieces. The exact solver finds every filling (identical pieces are "
        "never told apart) and groups them by the box's symmetries; --method stochastic runs "
        "the seed's collision-removal search (random moves, keep if not worse, restarts)."
    )
    parser.add_argument(
        "--puzzle",
        default=DEFAULT_PUZZLE,
        metavar="NAME|FILE",
        help=f"a puzzle name ({', '.join(known_puzzles())}) or a JSON puzzle file "
        f"(default {DEFAULT_PUZZLE})",
    )
    parser.add_argument(
        "--allow-holes", action="store_true", help="allow pieces smaller than the box"
    )
    parser.add_argument("--method", choices=("exact", "stochastic"), default="exact")
    parser.add_argument(
        "--all", action="store_true", help="exact: find every solution (default: the first)"
    )
    parser.add_argument(
        "--node-limit",
        type=whole(0),
        metavar="N",
        help=f"exact: stop after N search nodes, the counts then partial (default "
        f"{DEFAULT_NODE_LIMIT:,}, about five minutes; 0: no limit)",
    )
    parser.add_argument("--json", type=str, metavar="OUT", help="write the results as JSON")
    parser.add_argument(
        "--trace", type=str, metavar="OUT", help="record the search as a trace file"
    )
    parser.add_argument(
        "--assembly",
        type=str,
        metavar="OUT",
        help="exact: record the layer-by-layer assembly of one solution as a trace file",
    )
    parser.add_argument(
        "--solution",
        type=_positive,
        default=1,
        metavar="K",
        help="exact: which solution --assembly shows and the terminal prints (default 1)",
    )
    group = parser.add_argument_group("stochastic search (the seed's)")
    group.add_argument("--seed", type=SEED, default=0, help="random seed (default 0)")
    group.add_argument(
        "--max-steps", type=_positive, default=1_000_000_000, metavar="N",
        help="give up after N steps (default 1e9, like the seed)",
    )  # fmt: skip
    group.add_argument(
        "--pmax", type=_positive, default=100_000, metavar="P",
        help="restart after P equal errors in a row at error <= 6, P/2 at 7-12, ... "
        "(default 100000, the seed's best)",
    )  # fmt: skip
    group.add_argument(
        "--outside", choices=("code", "volume"), default="code",
        help="weigh a piece cell outside the box by its code (the seed's program) or by 1",
    )  # fmt: skip
    group.add_argument(
        "--trace-part", choices=("start", "end"), default="end",
        help="record the first steps or the last ones (default: the end, the winning run)",
    )  # fmt: skip
    group.add_argument(
        "--trace-steps", type=whole(1, MAX_TRACE_STEPS), default=20_000, metavar="N",
        help=f"steps the trace keeps (default 20000, at most {MAX_TRACE_STEPS:,})",
    )  # fmt: skip
    group.add_argument(
        "--record-rejected", action="store_true",
        help="also record the moves that were undone (each as a jump and a jump back)",
    )  # fmt: skip


def _warm_up(puzzle: CubePuzzle) -> None:
    """Load the compiled kernels and build the placement tables before the clock starts,
    so the times shown are the solving alone."""
    exact_tables(puzzle)
    tiny = load_puzzle("slothouber-graatsma")
    solve_exact(tiny, max_solutions=1)
    solve_stochastic(tiny, StochasticParams(max_steps=1, sample_every=0))


def run(args: argparse.Namespace) -> int:
    if args.method == "stochastic" and (args.all or args.assembly or args.node_limit is not None):
        raise PuzzleInputError("--all, --assembly and --node-limit belong to the exact solver")
    puzzle = load_puzzle(args.puzzle, allow_holes=args.allow_holes)
    _warm_up(puzzle)
    if args.method == "stochastic":
        return _run_stochastic(args, puzzle)
    return _run_exact(args, puzzle)


def _run_exact(args: argparse.Namespace, puzzle: CubePuzzle) -> int:
    model = CubeModel(puzzle, 0)
    wanted = 0 if args.all else max(1, args.solution)
    tracer = NULL_TRACER
    if args.trace:
        params = {"all": bool(args.all), "max_solutions": wanted}
        tracer = RecordingTracer(model, solver="cube.exact", params=params, counters=EXACT_COUNTERS)
    print(f"{args.puzzle}: {puzzle.describe()}")
    start = time.perf_counter()
    node_limit = DEFAULT_NODE_LIMIT if args.node_limit is None else args.node_limit or None
    with Progress(None, "searching", unit="nodes") as progress:
        result = solve_exact(
            puzzle, max_solutions=wanted, tracer=tracer, progress=progress, node_limit=node_limit
        )
    seconds = time.perf_counter() - start
    facts = solution_facts(result)
    _print_exact(result, facts, seconds)
    if result.stopped:
        print(
            f"STOPPED at the node limit ({result.nodes:,} nodes): the search is incomplete"
            + ("; --node-limit 0 lifts it" if args.node_limit is None else "")
        )
    if result.count and args.solution > len(result.solutions):
        raise PuzzleInputError(
            f"--solution {args.solution}: there are only {len(result.solutions)} solutions"
        )
    if result.solutions:
        chosen = result.solutions[args.solution - 1]
        print(f"\nsolution {args.solution}, z-slices (cell codes: " + _codes(puzzle) + "):")
        state = model.solution_state(chosen)
        print("\n".join(slice_lines(model, state)))
    if args.json:
        write_json(args.json, _exact_json(puzzle, result, facts))
        print(f"wrote {args.json}")
    if args.trace:
        save_trace(tracer.finish(), args.trace)
        print(f"wrote {args.trace} (the search, {tracer.n_events:,} events)")
    if args.assembly:
        if not result.solutions:
            raise PuzzleInputError("no solution to assemble")
        chosen = result.solutions[args.solution - 1]
        summary = {k: v for k, v in facts.items() if not k.startswith("class_")}
        params = {"solution": args.solution, "facts": summary, "caption": facts_caption(facts)}
        trace = assembly_trace(puzzle, chosen, params=params)
        save_trace(trace, args.assembly)
        print(f"wrote {args.assembly} (assembly of solution {args.solution}, layer by layer)")
    return 0


def _codes(puzzle: CubePuzzle) -> str:
    return ", ".join(f"{t.code} = {t.name}" for t in puzzle.types if not t.is_hole)


def _print_exact(result: ExactResult, facts: dict, seconds: float) -> None:
    what = "solutions" if result.complete else "solution(s) found (use --all for every one)"
    if result.stopped:
        what = "solution(s) found before the node limit"
    print(f"{result.count:,} {what} in {seconds:.3f} s ({result.nodes:,} search nodes)")
    if result.complete:
        print(
            f"{facts['classes_rotations']} class(es) under the box's {facts['rotations']} "
            f"rotations, {facts['classes_all']} under all its {facts['symmetries']} symmetries"
        )
    diagonal = facts.get("unit_cubes_on_a_space_diagonal")
    if diagonal is not None:
        print(f"unit cubes on a space diagonal in {diagonal} of {len(result.solutions)} solutions")


def _exact_json(puzzle: CubePuzzle, result: ExactResult, facts: dict) -> dict:
    return {
        "title": puzzle.title,
        "box": list(puzzle.box),
        "count": result.count,
        "classes_rotations": facts["classes_rotations"],
        "classes_all": facts["classes_all"],
        **{k: v for k, v in facts.items() if k not in ("count",)},
        "solutions": [solution_to_json(puzzle, s) for s in result.solutions],
    }


def _run_stochastic(args: argparse.Namespace, puzzle: CubePuzzle) -> int:
    params = StochasticParams(
        seed=args.seed, pmax=args.pmax, max_steps=args.max_steps, outside=args.outside,
        record_rejected=args.record_rejected,
    )  # fmt: skip
    print(f"{args.puzzle}: {puzzle.describe()}")
    print(f"the seed's collision-removal search, seed {args.seed}, PMax {args.pmax:,}")
    start = time.perf_counter()
    with Progress(args.max_steps, "stochastic search", unit="steps") as progress:
        if args.trace:
            result, trace = record_stochastic(
                puzzle, params, part=args.trace_part, window=args.trace_steps, progress=progress
            )
        else:
            result = solve_stochastic(puzzle, params, progress=progress)
    seconds = time.perf_counter() - start
    if result.solved:
        print(
            f"solved after {result.steps:,} steps in {seconds:.2f} s, {result.restarts:,} restarts"
        )
    else:
        print(
            f"not solved in {result.steps:,} steps ({seconds:.2f} s): best error "
            f"{result.best_error}, {result.restarts:,} restarts"
        )
    print(f"moves kept {result.accepted:,}, of which lowered the error {result.improved:,}")
    print("steps spent at each error:")
    print("\n".join(histogram_lines(result.histogram)))
    print("moves that lowered the error, per piece:")
    names = [result.model.puzzle.instance_name(i) for i in range(len(result.helped))]
    print("  " + ", ".join(f"{n}: {int(v)}" for n, v in zip(names, result.helped, strict=True)))
    print("the box's z-slices at the end (cell codes, ! = empty or overlapped):")
    print("\n".join(slice_lines(result.model, result.final_state)))
    if args.json:
        write_json(args.json, {"box": list(puzzle.box), "params": params.to_json(),
                               **result.summary()})  # fmt: skip
        print(f"wrote {args.json}")
    if args.trace:
        save_trace(trace, args.trace)
        print(f"wrote {args.trace} ({trace.n_steps:,} steps of the search, {args.trace_part})")
    return 0


register_command(
    PuzzleCommand(
        path=("solve", "cube"),
        help="fill a box with bricks: exact solver or the seed's stochastic search",
        add_arguments=add_arguments,
        run=run,
    )
)

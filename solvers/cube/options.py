"""`puzzleviz solve cube`: its own options, the problem they describe, and --assembly (an
output of its own, written after the shared ones). Nothing heavy is imported until a
command runs (`solve --help` reads this module: the imports marked `lazy: --help` would
load numpy and numba)."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleviz.assets import asset_path
from puzzleviz.solvers.atomic import check_outputs
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.options import whole
from puzzleviz.solvers.split.options import (
    SplitOptions,
    add_split_arguments,
    check_split_alone,
    split_options,
)

if TYPE_CHECKING:
    from puzzleviz.solvers.cube.model import CubeModel
    from puzzleviz.solvers.cube.puzzle import CubePuzzle
    from puzzleviz.solvers.cube.results import CubeResult
    from puzzleviz.solvers.cube.stochastic import StochasticParams
    from puzzleviz.solvers.cube.xmpuzzle import XmSource

DEFAULT_PUZZLE = "fakocka"  # files.DEFAULT_PUZZLE: the seed's box
MAX_TRACE_STEPS = 10_000_000  # the trace of a window of the stochastic search stays in memory


@dataclasses.dataclass(frozen=True)
class CubeProblem:
    """A box and its pieces, and how to search it."""

    puzzle: CubePuzzle
    name: str  # as the user named it (a puzzle name or a file)
    method: str = "exact"
    every: bool = False  # exact: every solution, not only up to `shown`
    classes: bool = False  # exact: one solution per class, every one counted
    symmetry: bool = True  # exact: break the symmetries in the search (see cube.breaking)
    shown: int = 1  # exact: which solution the text (and --assembly) shows
    stochastic: StochasticParams | None = None
    trace_part: str = "end"  # stochastic: which window of the run the trace keeps
    trace_steps: int = 20_000
    source: XmSource | None = None  # the BurrTools file it came from
    split: SplitOptions = dataclasses.field(default_factory=SplitOptions)  # --workers etc.
    variant: str = ""  # the choice of counts, when a problem's count ranges make several
    disassemble: bool = False  # exact: take each assembly (class) apart (cube.disassembly)

    def model(self) -> CubeModel:
        from puzzleviz.solvers.cube.model import CubeModel  # lazy: --help
        from puzzleviz.solvers.cube.stochastic import stochastic_model  # lazy: --help

        if self.method == "stochastic" and self.stochastic is not None:
            return stochastic_model(self.puzzle, self.stochastic)
        return CubeModel(self.puzzle, 0)

    def start(self) -> None:
        return None

    def params(self) -> dict[str, Any]:
        if self.method == "stochastic":
            return {}  # the search's own parameters join when its window begins
        return {"all": self.every, "classes": self.classes,
                "max_solutions": 0 if self.every or self.classes else self.shown}  # fmt: skip


def _known_puzzles() -> list[str]:

    folder = Path(asset_path("puzzles", "cube"))
    return sorted({p.stem for p in [*folder.glob("*.json"), *folder.glob("*.xmpuzzle")]})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--puzzle",
        default=DEFAULT_PUZZLE,
        metavar="NAME|FILE",
        help=f"a puzzle name ({', '.join(_known_puzzles())}), a JSON puzzle file or a "
        f"BurrTools .xmpuzzle file (default {DEFAULT_PUZZLE})",
    )
    parser.add_argument(
        "--xmpuzzle",
        metavar="NAME|FILE",
        help="a BurrTools .xmpuzzle file, or the shipped one of a puzzle name",
    )
    parser.add_argument(
        "--problem",
        metavar="N|NAME",
        help="which problem of a BurrTools file to solve (default: the first)",
    )
    parser.add_argument(
        "--write-solutions",
        metavar="OUT.xmpuzzle",
        help="exact: write the puzzle with the solutions found as a BurrTools file "
        "(the listed ones: the first, one per class with --classes, all with --all)",
    )
    parser.add_argument(
        "--allow-holes", action="store_true", help="allow pieces smaller than the box"
    )
    parser.add_argument(
        "--all", action="store_true", help="exact: find every solution (default: the first)"
    )
    parser.add_argument(
        "--classes",
        action="store_true",
        help="exact: one solution per class under the box's symmetries, every solution "
        "counted (what BurrTools lists); faster than --all",
    )
    parser.add_argument(
        "--no-symmetry-breaking",
        dest="symmetry",
        action="store_false",
        help="exact: search every filling instead of one per class and the rest by "
        "symmetry (a recorded --trace always shows the plain search)",
    )
    parser.add_argument(
        "--disassemble",
        action="store_true",
        help="exact, with --all or --classes: take one filling of each class under the "
        "rotations (an assembly, as BurrTools counts) apart; the JSON gets assemblies, "
        'solutions (the assemblies that come apart) and levels ("98.2.4.2"), and its '
        "fillings move to the key fillings",
    )
    parser.add_argument(
        "--assemble",
        action="store_true",
        help="with --disassemble and --trace (or --play, --video, --html): record the "
        "assembly by the moves that really put it together (the disassembly reversed) "
        "instead of the disassembly",
    )
    parser.add_argument(
        "--assembly",
        metavar="OUT",
        help="exact: record the layer-by-layer assembly of one solution as a trace file",
    )
    parser.add_argument(
        "--solution",
        type=whole(1),
        default=1,
        metavar="K",
        help="exact: which solution --assembly shows and the terminal prints (default 1)",
    )
    group = parser.add_argument_group("stochastic search (the seed's; --seed picks the run)")
    group.add_argument(
        "--max-steps", type=whole(1), default=1_000_000_000, metavar="N",
        help="give up after N steps (default 1e9, like the seed)",
    )  # fmt: skip
    group.add_argument(
        "--pmax", type=whole(1), default=100_000, metavar="P",
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
    add_split_arguments(
        parser,
        what="the subtrees of its first placements",
        note="with --all or --classes; --max-nodes then bounds each part; not with --trace",
    )


def problems(args: argparse.Namespace) -> list[CubeProblem]:
    from puzzleviz.solvers.cube.files import load_sources  # lazy: --help

    exact_only = args.all or args.classes or args.assembly or args.max_nodes is not None
    if args.method == "stochastic" and exact_only:
        raise PuzzleInputError(
            "--all, --classes, --assembly and --max-nodes belong to the exact solver"
        )
    check_split_alone(args, ("--trace", args.trace), ("--play", getattr(args, "play", None)),
                      ("--video", getattr(args, "video", None)))  # fmt: skip
    split = split_options(args)
    if split.splits and not (args.all or args.classes):
        raise PuzzleInputError("--workers, --scheduler and --split-log split the search for "
                               "every solution: add --all or --classes")  # fmt: skip
    if args.disassemble and (args.method != "exact" or not (args.all or args.classes)):
        raise PuzzleInputError("--disassemble takes apart every assembly the exact search "
                               "finds: add --all or --classes")  # fmt: skip
    if args.all and args.classes:
        raise PuzzleInputError("--all lists every solution, --classes one per class: pick one")
    if args.assemble and not (args.disassemble and args.trace):
        raise PuzzleInputError("--assemble records a disassembly reversed: add --disassemble "
                               "and --trace (or --play, --video, --html)")  # fmt: skip
    name = args.xmpuzzle or args.puzzle
    if args.xmpuzzle and args.puzzle != DEFAULT_PUZZLE:
        raise PuzzleInputError("--xmpuzzle and --puzzle both name a puzzle: give one")
    if args.method == "stochastic" and args.write_solutions:
        raise PuzzleInputError("--write-solutions belongs to the exact solver")
    _check_outputs(args, name)
    variants = load_sources(name, allow_holes=args.allow_holes, problem=args.problem,
                            burrtools=bool(args.xmpuzzle))  # fmt: skip
    if args.disassemble and args.trace:
        if len(variants) > 1:
            raise PuzzleInputError(f"a trace holds one puzzle and the input holds "
                                   f"{len(variants)}: pick one")  # fmt: skip
        # --trace records the first solution's disassembly, not the search: the search runs
        # untraced and `finish` writes the trace to the path kept here (and gives it back)
        args.disassembly_trace, args.trace = args.trace, None
    fixed_only = args.write_solutions or args.assembly or args.trace or args.method != "exact"
    if fixed_only and any(p.ranged for p, _ in variants):
        raise PuzzleInputError(
            "the pieces' count ranges are solved in one untraced exact search: "
            "--write-solutions, --assembly, --trace and the stochastic method take pieces of "
            "fixed counts"
        )
    if args.method == "stochastic" and not all(p.is_box for p, _ in variants):
        raise PuzzleInputError("the stochastic search fills boxes; this result is another shape")
    stochastic = None  # an exact run does not import the stochastic search at all
    if args.method == "stochastic":
        from puzzleviz.solvers.cube.stochastic import StochasticParams  # lazy: --help

        stochastic = StochasticParams(
            seed=args.seed or 0, pmax=args.pmax, max_steps=args.max_steps,
            outside=args.outside, record_rejected=args.record_rejected,
        )  # fmt: skip
    return [CubeProblem(puzzle, name, args.method, args.all, args.classes, args.symmetry,
                        args.solution, stochastic, args.trace_part, args.trace_steps, source,
                        split, variant=puzzle.title if len(variants) > 1 else "",
                        disassemble=args.disassemble)
            for puzzle, source in variants]  # fmt: skip


def _check_outputs(args: argparse.Namespace, name: str) -> None:
    """No output replaces the puzzle file read, whether it was named by its path or by a
    name (a shipped file): the CLI checks the paths the user typed, this the one found."""
    from puzzleviz.solvers.cube.files import find_puzzle  # lazy: --help

    if args.write_solutions and Path(args.write_solutions).is_dir():
        raise PuzzleInputError(f"--write-solutions {args.write_solutions}: it is a folder")
    given = [(f"--{dest.replace('_', '-')}", getattr(args, dest, None))
             for dest in ("write_solutions", "assembly", "json", "trace")]  # fmt: skip
    source = find_puzzle(name, burrtools=bool(args.xmpuzzle))
    check_outputs([(option, path) for option, path in given if path], [source])


def finish(args: argparse.Namespace, result: CubeResult) -> list[str]:
    """--solution beyond the solutions found, and --assembly: written after the shared
    outputs, so a failure here costs nothing already written."""
    if args.method != "exact":
        return []
    if result.count and args.solution > len(result.solutions):
        raise PuzzleInputError(
            f"--solution {args.solution}: there are only {len(result.solutions)} solutions"
        )
    lines = []
    if args.write_solutions:
        lines.append(_write_solutions(args, result))
    if getattr(args, "disassembly_trace", None):
        lines.extend(_write_disassembly(args, result))
    if not args.assembly:
        return lines
    if not result.solutions:
        raise PuzzleInputError("no solution to assemble")
    from puzzleviz.solvers.cube.assembly import assembly_trace  # lazy: --help
    from puzzleviz.solvers.cube.facts import facts_caption  # lazy: --help
    from puzzleviz.solvers.tracefile import save_trace  # lazy: --help

    chosen = result.solutions[args.solution - 1]
    summary = {k: v for k, v in result.facts.items() if not k.startswith("class_")}
    params = {"solution": args.solution, "facts": summary, "caption": facts_caption(result.facts)}
    save_trace(assembly_trace(result.puzzle, chosen, params=params), args.assembly)
    return [*lines, f"wrote {args.assembly} (assembly of solution {args.solution}, layer by layer)"]


def _write_disassembly(args: argparse.Namespace, result: CubeResult) -> list[str]:
    """--disassemble --trace: the first solution's disassembly (or, --assemble, its
    assembly) as a trace, written where --trace said (which gets its value back, for
    --play, --video and --html)."""
    from puzzleviz.solvers.cube.apart import disassembly_trace  # lazy: --help
    from puzzleviz.solvers.cube.disassembly.report import take_apart  # lazy: --help
    from puzzleviz.solvers.cube.files import load_source  # lazy: --help
    from puzzleviz.solvers.tracefile import save_trace  # lazy: --help

    path = args.trace = args.disassembly_trace
    report = result.disassembly
    if report is None or not report.taken_apart:
        raise PuzzleInputError("no solution comes apart: there is no disassembly to record")
    _, source = load_source(args.xmpuzzle or args.puzzle, allow_holes=args.allow_holes,
                            problem=args.problem, burrtools=bool(args.xmpuzzle))  # fmt: skip
    solution = result.solutions[report.taken_apart[0]]
    sep, _ = take_apart(result.puzzle, solution, source)
    assert sep is not None  # the report took this one apart
    trace = disassembly_trace(result.puzzle, solution, sep, assemble=args.assemble)
    save_trace(trace, path)
    if getattr(args, "trace_is_temporary", False):
        return []
    what = "assembly" if args.assemble else "disassembly"
    return [f"wrote {path} ({what} of the first solution: {trace.n_steps:,} moves, "
            f"level {sep.level})"]  # fmt: skip


def _write_solutions(args: argparse.Namespace, result: CubeResult) -> str:
    from puzzleviz.solvers.cube.files import load_source  # lazy: --help
    from puzzleviz.solvers.cube.xmpuzzle import puzzle_to_xml, write_solutions  # lazy: --help

    _, source = load_source(args.xmpuzzle or args.puzzle, allow_holes=args.allow_holes,
                            problem=args.problem, burrtools=bool(args.xmpuzzle))  # fmt: skip
    if source is None:
        source = puzzle_to_xml(result.puzzle)[1]
    write_solutions(
        result.puzzle,
        source,
        result.solutions,
        args.write_solutions,
        count=result.count,
        complete=result.complete,
        seconds=result.seconds,
    )
    n = len(result.solutions)
    return f"wrote {args.write_solutions} ({n:,} solution{'' if n == 1 else 's'} for BurrTools)"

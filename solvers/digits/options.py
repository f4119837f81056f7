"""`puzzleviz solve digits`: its own options and the problem they describe. Nothing heavy
is imported until a command runs (`solve --help` reads this module: the imports marked
`lazy: --help` would load numpy and numba)."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.digits.puzzle import default_puzzle, load_puzzle
from puzzleviz.solvers.digits.results import GRANULARITY_WORDS
from puzzleviz.solvers.split.options import (
    SplitOptions,
    add_split_arguments,
    check_split_alone,
    split_options,
)

if TYPE_CHECKING:
    from puzzleviz.solvers.digits.model import DigitsModel
    from puzzleviz.solvers.digits.puzzle import DigitsPuzzle

GRANULARITIES = ("mesh", "block", "half")  # grid.GRANULARITIES
ESTIMATE_PROBES = 5000


@dataclasses.dataclass(frozen=True)
class DigitsProblem:
    """The frame and pieces, where pieces may go, and how to search."""

    puzzle: DigitsPuzzle
    granularity: str = "mesh"
    first: bool = False  # stop at the first solution
    show_all: bool = False  # report every solution, not one per class
    symmetry: bool = True  # one position of the 8 per symmetry orbit
    strategy: str = "first-cell"
    split: SplitOptions = dataclasses.field(default_factory=SplitOptions)  # --workers etc.

    def model(self) -> DigitsModel:
        from puzzleviz.solvers.digits.model import DigitsModel  # lazy: --help

        return DigitsModel(self.puzzle, self.granularity)

    def start(self) -> None:
        return None

    def params(self) -> dict[str, Any]:
        return {"granularity": self.granularity, "first": self.first,
                "symmetry": self.symmetry, "strategy": self.strategy}  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--granularity",
        choices=GRANULARITIES,
        default="mesh",
        help="where pieces may go: "
        + "; ".join(f"{k} = {v}" for k, v in GRANULARITY_WORDS.items())
        + " (default: mesh)",
    )
    parser.add_argument(
        "--all", action="store_true", help="print and write every solution, not only one per class"
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
        "--no-symmetry",
        action="store_true",
        help="try the 8 in every position instead of one per symmetry orbit (about 4x slower)",
    )
    add_split_arguments(
        parser,
        what="the positions of the 8",
        note="for the long block and half-block searches; not with --trace, --first, "
        "--no-symmetry or --estimate",
    )


def _check_split(args: argparse.Namespace) -> None:
    check_split_alone(
        args, ("--trace", args.trace), ("--first", args.first),
        ("--no-symmetry", args.no_symmetry), ("--estimate", args.estimate),
        ("--play", getattr(args, "play", None)), ("--video", getattr(args, "video", None)),
    )  # fmt: skip


def _puzzle(args: argparse.Namespace) -> DigitsPuzzle:

    return load_puzzle(args.puzzle) if args.puzzle else default_puzzle()


def answer(args: argparse.Namespace) -> bool:
    """--estimate answers with a size, without searching."""
    _check_split(args)
    if not args.estimate:
        return False
    from puzzleviz.solvers.digits.exact import estimate_nodes  # lazy: --help

    mean, error = estimate_nodes(_puzzle(args), args.granularity, probes=ESTIMATE_PROBES)
    print(
        f"{args.granularity}: about {mean:,.0f} search nodes (+- {error:,.0f}, from "
        f"{ESTIMATE_PROBES:,} random probes; a heavy-tailed tree can be much bigger)"
    )
    return True


def problems(args: argparse.Namespace) -> list[DigitsProblem]:
    return [
        DigitsProblem(_puzzle(args), args.granularity, args.first, args.all,
                      not args.no_symmetry, args.strategy, split_options(args))
    ]  # fmt: skip

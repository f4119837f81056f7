"""`puzzleviz solve queens`: its own options (--n, --all) and the problem they describe.
The framework adds the shared ones (--json, --trace, --max-nodes, --play...); nothing heavy
is imported until the command runs (`solve --help` reads this module: the import marked
`lazy: --help` would load numpy and numba)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.options import whole
from puzzleviz.solvers.queens import MAX_N

if TYPE_CHECKING:
    from puzzleviz.solvers.queens.model import QueensModel

MAX_LISTED = 13  # --all lists every solution: 73,712 for n = 13 (a second), 365,596 for 14


@dataclasses.dataclass(frozen=True)
class QueensProblem:
    """N queens on an N x N board; `all`: list every solution, not only the first."""

    n: int
    all: bool = False

    def model(self) -> QueensModel:
        from puzzleviz.solvers.queens.model import QueensModel  # lazy: --help

        return QueensModel(self.n)

    def start(self) -> None:
        return None  # an empty board

    def params(self) -> dict[str, Any]:
        return {"n": self.n, "all": self.all}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--n",
        type=whole(1, MAX_N, below="a board has at least 1 row"),
        default=8,
        metavar="N",
        help=f"the board's size, N x N with N queens, 1 to {MAX_N} (default 8)",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help=f"list every solution, not only the first (up to --n {MAX_LISTED}); "
        "with --trace, record the whole search",
    )


def problems(args: argparse.Namespace) -> list[QueensProblem]:
    if args.all and args.n > MAX_LISTED:
        raise PuzzleInputError(
            f"--all lists every solution, up to --n {MAX_LISTED} (73,712 of them); without "
            "--all, any --n is counted"
        )
    return [QueensProblem(args.n, args.all)]

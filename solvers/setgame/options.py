"""`puzzleviz solve set`: its own options and the problem they describe; and the options of
`puzzleviz set play`. Nothing heavy is imported until a command runs (`solve --help` reads
this module: the imports marked `lazy: --help` would load numpy and numba)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.options import whole
from puzzleviz.solvers.split.options import (
    SplitOptions,
    add_split_arguments,
    check_split_alone,
    split_options,
)

if TYPE_CHECKING:
    from puzzleviz.solvers.setgame.model import SetGameModel

MAX_CARDS = 2187  # cards.MAX_CARDS (the model refuses more before any work)
MAX_CAPS_IN_JSON = 100_000


@dataclasses.dataclass(frozen=True)
class SetProblem:
    """The largest cap of v^n cards holding `with_cards` and avoiding `forbidden`."""

    v: int
    n: int
    with_cards: tuple[int, ...] = ()
    forbidden: tuple[int, ...] = ()
    count: bool = False  # also count every maximum cap and its affine classes
    caps_in_json: int = 10
    prove: int | None = None  # --prove K: decide that no cap of K cards exists (five/proof.py)
    classify: int | None = None  # --classify K: are the K-caps one class? (five/classify.py)
    split: SplitOptions = dataclasses.field(default_factory=SplitOptions)  # --workers etc.

    def model(self) -> SetGameModel:
        from puzzleviz.solvers.setgame.model import SetGameModel  # lazy: --help

        return SetGameModel(self.v, self.n)

    def start(self) -> None:
        return None

    def params(self) -> dict[str, Any]:
        space = self.model().space
        return {"with": space.words(self.with_cards), "forbid": space.words(self.forbidden),
                "count": self.count}  # fmt: skip


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
        "--json-caps",
        type=whole(0, MAX_CAPS_IN_JSON),
        default=10,
        metavar="K",
        help="caps listed in the JSON (default 10)",
    )
    parser.add_argument(
        "--prove",
        type=whole(1, MAX_CARDS),
        metavar="K",
        help="prove that no K cards are without a SET (n = 3 to 5): every slice class a "
        "counting argument leaves, each extension searched in parts; with --split-log the "
        "log is a certificate `puzzleviz set verify` rechecks (e.g. --n 5 --prove 46)",
    )
    parser.add_argument(
        "--classify",
        type=whole(1, MAX_CARDS),
        metavar="K",
        help="decide whether every cap of K cards is the largest known cap relabelled (K its "
        "size, n = 3 to 5), by the proof's search run to the end (e.g. --n 5 --classify 45)",
    )
    add_split_arguments(
        parser,
        what="the subtrees of its first card (with --prove or --classify: their parts)",
        note="only --prove, --classify and searches under --with or --forbid, --method seed "
        "or v other than 3, of 64 cards or more, split; --max-nodes then bounds each part; "
        "not with --trace but for --prove",
    )


def problems(args: argparse.Namespace) -> list[SetProblem]:
    from puzzleviz.solvers.setgame.model import SetGameModel  # lazy: --help

    if args.prove is not None or args.classify is not None:
        _check_prove(args)
    else:
        check_split_alone(args, ("--trace", args.trace), ("--play", getattr(args, "play", None)),
                          ("--video", getattr(args, "video", None)))  # fmt: skip
    space = SetGameModel(args.v, args.n).space
    return [
        SetProblem(args.v, args.n, tuple(space.parse_list(args.with_cards)),
                   tuple(space.parse_list(args.forbid)), args.count, args.json_caps,
                   args.prove, args.classify, split_options(args))
    ]  # fmt: skip


def _check_prove(args: argparse.Namespace) -> None:
    """--prove and --classify are for the real game's cards, 3 to 5 properties, and nothing
    else asked; --classify compares with the largest known cap, so K must be its size."""
    from puzzleviz.solvers.errors import PuzzleInputError  # lazy: --help

    option = "--prove" if args.prove is not None else "--classify"
    if args.prove is not None and args.classify is not None:
        raise PuzzleInputError("--prove and --classify are two runs: give one of them")
    if args.v != 3 or not 3 <= args.n <= 5:
        raise PuzzleInputError(
            f"{option} needs --v 3 and --n 3, 4 or 5 (the slices one property down are "
            f"classified only up to 4 properties), not --v {args.v} --n {args.n}"
        )
    others = [option for option, given in (("--with", args.with_cards), ("--forbid", args.forbid),
              ("--count", args.count), ("--method seed", getattr(args, "method", None) == "seed"))
              if given]  # fmt: skip
    if args.classify is not None and args.trace:
        others.append("--trace (the proof's story is --prove's)")
    if others:
        raise PuzzleInputError(f"{option} cannot be combined with {', '.join(others)}")
    if args.prove is not None and args.prove > 3**args.n:
        raise PuzzleInputError(f"--prove {args.prove}: the game has only {3**args.n} cards")
    if args.classify is not None:
        from puzzleviz.solvers.setgame.fast import known_maximum

        largest = known_maximum(args.n).size
        if args.classify != largest:
            raise PuzzleInputError(
                f"--classify {args.classify}: caps are compared with the largest known cap, "
                f"so K must be its size ({largest} for --n {args.n})"
            )


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_size(parser)
    parser.add_argument("--record", metavar="OUT", help="save the session as a trace file")

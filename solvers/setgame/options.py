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
    add_split_arguments(
        parser,
        what="the subtrees of its first card",
        note="only searches under --with or --forbid, --method seed or v other than 3, of "
        "64 cards or more, split; --max-nodes then bounds each part; not with --trace",
    )


def problems(args: argparse.Namespace) -> list[SetProblem]:
    from puzzleviz.solvers.setgame.model import SetGameModel  # lazy: --help

    check_split_alone(args, ("--trace", args.trace), ("--play", getattr(args, "play", None)),
                      ("--video", getattr(args, "video", None)))  # fmt: skip
    space = SetGameModel(args.v, args.n).space
    return [
        SetProblem(args.v, args.n, tuple(space.parse_list(args.with_cards)),
                   tuple(space.parse_list(args.forbid)), args.count, args.json_caps,
                   split_options(args))
    ]  # fmt: skip


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_size(parser)
    parser.add_argument("--record", metavar="OUT", help="save the session as a trace file")

"""`puzzleviz solve hanoi`: its own option (--disks) and the problem it describes."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from puzzleviz import whole
from puzzleviz_hanoi import MAX_DISKS
from puzzleviz_hanoi.model import HanoiModel


@dataclasses.dataclass(frozen=True)
class HanoiProblem:
    disks: int

    def model(self) -> HanoiModel:
        return HanoiModel(self.disks)

    def start(self) -> None:
        return None  # the whole tower on the left peg

    def params(self) -> dict[str, Any]:
        return {"disks": self.disks}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--disks",
        type=whole(1, MAX_DISKS, below="a tower has at least one disk"),
        default=4,
        metavar="N",
        help=f"the tower's height, 1 to {MAX_DISKS} disks (default 4)",
    )


def problems(args: argparse.Namespace) -> list[HanoiProblem]:
    return [HanoiProblem(args.disks)]

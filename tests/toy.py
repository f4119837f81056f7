"""A tiny puzzle used to test the trace machinery without any real puzzle.

Importing this module installs it for the test process as a plugin is installed: a
distribution on sys.path whose entry point names TOY (tests/entry_points.py), so traces of
kind "toy" load and play through the one registry, and `puzzleviz solve toy` runs.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.plugin import Limits, Method, PuzzleSpec, Ref
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.tracer import Tracer

from tests.entry_points import install_for_this_process


@dataclasses.dataclass(frozen=True, slots=True)
class Add(Event):
    OP = 0
    slot: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Swap(Event):
    OP = 1
    i: int
    j: int


class ToyModel(PuzzleModel):
    """`size` integer slots; events add to a slot or swap two slots."""

    kind = "toy"
    events = EventSet([Add, Swap])

    def __init__(self, size: int = 4):
        if size < 2:
            raise PuzzleInputError("a toy puzzle needs at least 2 slots")
        self.size = size

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> ToyModel:
        return cls(int(definition["size"]))

    def definition(self) -> dict[str, Any]:
        return {"size": self.size}

    def initial_state(self) -> np.ndarray:
        return np.zeros(self.size, dtype=STATE_DTYPE)

    def apply(self, state: np.ndarray, event: Event) -> None:
        if isinstance(event, Add):
            state[event.slot] += event.amount
        elif isinstance(event, Swap):
            state[[event.i, event.j]] = state[[event.j, event.i]]

    def revert(self, state: np.ndarray, event: Event) -> None:
        if isinstance(event, Add):
            state[event.slot] -= event.amount
        else:
            self.apply(state, event)


@dataclasses.dataclass(frozen=True)
class ToyProblem:
    """Fill `size` slots with `amount` each."""

    size: int
    amount: int

    def model(self) -> ToyModel:
        return ToyModel(self.size)

    def start(self) -> None:
        return None

    def params(self) -> dict[str, Any]:
        return {"amount": self.amount}


@dataclasses.dataclass
class ToyResult:
    filled: int
    stopped: bool = False

    def lines(self) -> list[str]:
        return [self.summary()]

    def summary(self) -> str:
        return f"filled {self.filled} slots"

    def to_json(self) -> dict[str, Any]:
        return {"filled": self.filled}


def fill(problem: ToyProblem, tracer: Tracer, limits: Limits, progress: Progress) -> ToyResult:
    """One step a slot: add `amount` to it."""
    for slot in range(problem.size):
        tracer.step(f"fill slot {slot}")
        tracer.count(done=slot + 1)
        tracer.emit(Add(slot, problem.amount))
    return ToyResult(problem.size)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--amount", type=int, default=1)


def problems(args: argparse.Namespace) -> Sequence[ToyProblem]:
    return [ToyProblem(args.size, args.amount)]


TOY = PuzzleSpec(
    kind="toy",
    name="toy",
    title="Toy",
    help="fill a few slots (a test puzzle)",
    model=Ref("tests.toy:ToyModel"),
    methods=(Method("fill", Ref("tests.toy:fill"), "one slot a step", ("done",)),),
    add_arguments=Ref("tests.toy:add_arguments"),
    problems=Ref("tests.toy:problems"),
    scene=Ref("tests.toy_scene:ToyScene"),
)

install_for_this_process("puzzleviz-toy", {"toy": "tests.toy:TOY"})

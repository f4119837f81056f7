"""A synthetic puzzle for the foundation benchmarks: a 5x5x5 box and 17 pieces that are
placed and removed like a packing search, with a numba bulk apply (as real models have).

It lives here, not in solvers/, because it is not a puzzle anyone plays. Importing it
installs it for the benchmark's process as a plugin is installed (an entry point of a
distribution on sys.path, tests/entry_points.py), so its traces load and draw through the
registry like any puzzle's; its scene is in _synthetic_scene.py."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.kernel_trace import record_event, record_milestone, record_step
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.plugin import Limits, Method, PuzzleSpec, Ref
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.tracer import RecordingTracer

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: tests/

from tests.entry_points import install_for_this_process

N_CELLS, N_PIECES, CELLS_PER_PLACEMENT, N_PLACEMENTS = 125, 17, 8, 600


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Event):
    OP = 0
    piece: int
    placement: int


@dataclasses.dataclass(frozen=True, slots=True)
class Remove(Event):
    OP = 1
    piece: int
    placement: int


def placement_table(seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.stack([rng.choice(N_CELLS, CELLS_PER_PLACEMENT, replace=False)
                     for _ in range(N_PLACEMENTS)]).astype(np.int32)  # fmt: skip


@njit(cache=True)
def _apply_rows(state, rows, cells, sign):
    for r in range(rows.shape[0]):
        op, piece, placement = rows[r, 0], rows[r, 1], rows[r, 2]
        d = sign if op == 0 else -sign
        for k in range(cells.shape[1]):
            state[cells[placement, k]] += d
        state[N_CELLS + piece] = placement if d > 0 else -1


class SyntheticPacking(PuzzleModel):
    kind = "bench-packing"
    events = EventSet([Place, Remove])

    def __init__(self):
        self.cells = placement_table()

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> SyntheticPacking:
        return cls()

    def definition(self) -> dict[str, Any]:
        return {}

    def initial_state(self) -> np.ndarray:
        state = np.zeros(N_CELLS + N_PIECES, dtype=STATE_DTYPE)
        state[N_CELLS:] = -1
        return state

    def apply(self, state, event) -> None:
        self.apply_rows(state, np.array([self.events.encode(event)], dtype=np.int32))

    def revert(self, state, event) -> None:
        self.revert_rows(state, np.array([self.events.encode(event)], dtype=np.int32))

    def apply_rows(self, state, rows) -> None:
        _apply_rows(state, rows, self.cells, 1)

    def revert_rows(self, state, rows) -> None:
        _apply_rows(state, rows[::-1], self.cells, -1)


@njit(cache=True)
def search_like(buf, n_events, seed):
    """Place/remove events shaped like a depth-first search (depth <= 17)."""
    np.random.seed(seed)
    stack = np.empty(N_PIECES, dtype=np.int64)
    depth = 0
    emitted = 0
    while emitted < n_events:
        if depth < N_PIECES and (depth == 0 or np.random.random() < 0.55):
            placement = np.random.randint(N_PLACEMENTS)
            record_step(buf, -1)
            buf.current[0] += 1
            buf.current[1] = depth + 1
            record_event(buf, 0, depth, placement)
            stack[depth] = placement
            depth += 1
        else:
            depth -= 1
            buf.current[1] = depth
            record_event(buf, 1, depth, stack[depth])
            if depth == 10:
                record_milestone(buf, 0, -1)
        emitted += 1
    return emitted


@njit(cache=True)
def replay_into(buf, rows):
    """Record given rows as a search would (a step per placement, counters per event):
    the cost of recording alone, without the search around it."""
    nodes = 0
    depth = 0
    for r in range(rows.shape[0]):
        if rows[r, 0] == 0:
            record_step(buf, -1)
            nodes += 1
            depth += 1
        else:
            depth -= 1
        buf.current[0] = nodes
        buf.current[1] = depth
        record_event(buf, rows[r, 0], rows[r, 1], rows[r, 2])
    return rows.shape[0]


@dataclasses.dataclass(frozen=True)
class SyntheticProblem:
    events: int

    def model(self) -> SyntheticPacking:
        return SyntheticPacking()

    def start(self) -> None:
        return None

    def params(self) -> dict[str, Any]:
        return {"events": self.events}


@dataclasses.dataclass
class SyntheticResult:
    events: int
    stopped: bool = False

    def lines(self) -> list[str]:
        return [self.summary()]

    def summary(self) -> str:
        return f"{self.events:,} events"

    def to_json(self) -> dict[str, Any]:
        return {"events": self.events}


def solve(
    problem: SyntheticProblem, tracer: RecordingTracer, limits: Limits, progress: Progress
) -> SyntheticResult:
    """The search-like events, recorded by the kernel (`puzzleviz solve bench-packing`)."""
    tracer.intern("solution")
    buf = tracer.kernel_buffer(problem.events)
    search_like(buf, problem.events, 3)
    tracer.absorb(buf)
    return SyntheticResult(problem.events)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--events", type=int, default=20_000)


def problems(args: argparse.Namespace) -> list[SyntheticProblem]:
    return [SyntheticProblem(args.events)]


SYNTHETIC = PuzzleSpec(
    kind="bench-packing",
    name="bench-packing",
    title="Synthetic packing",
    help="the benchmarks' synthetic packing search",
    model=Ref("_synthetic:SyntheticPacking"),
    methods=(Method("search-like", Ref("_synthetic:solve"), "placements, removals", ("nodes",)),),
    add_arguments=Ref("_synthetic:add_arguments"),
    problems=Ref("_synthetic:problems"),
    scene=Ref("_synthetic_scene:SyntheticScene"),
)

install_for_this_process("puzzleviz-benchmarks", {"bench-packing": "_synthetic:SYNTHETIC"})

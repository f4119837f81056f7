"""Example puzzles that show a given technique, and ready traces positioned at it.

result, trace, step = example_trace("x_wing")   # trace step `step` is the X-Wing
"""

from __future__ import annotations

import functools
from importlib import resources

from puzzleviz.solvers.sudoku.parse import Puzzle, parse_text
from puzzleviz.solvers.sudoku.record import record
from puzzleviz.solvers.sudoku.results import SudokuResult
from puzzleviz.solvers.sudoku.search import solve, solve_and_record
from puzzleviz.solvers.trace import Trace

# The demo puzzle: solved by logic alone in 74 steps with 13 techniques, among them an
# X-Wing, two Y-Wings, a W-Wing, simple colouring, a finned X-Wing and an XY-chain.
DEMO_PUZZLE = "...2.38....18...74....1.23.51...4...............1...52.73.5....95...24....26.7..."


@functools.cache
def example_puzzles() -> dict[str, Puzzle]:
    """Technique name -> a puzzle whose solution path uses it."""
    text = resources.files("puzzleviz.assets").joinpath("puzzles/sudoku/examples.txt").read_text()
    return {p.name: p for p in parse_text(text)}


def example_trace(technique: str, names: str = "a1") -> tuple[SudokuResult, Trace, int]:
    """The example puzzle of `technique` solved and recorded, and the index of the trace
    step of its first use (trace steps and result steps share indices)."""
    puzzle = example_puzzles()[technique]
    result = solve(puzzle, names=names)
    index = next(i for i, s in enumerate(result.steps) if s.name == technique)
    return result, record(result), index


def demo_trace(puzzle: str | None = None) -> Trace:
    """A ready trace for the demo tour: the demo puzzle solved step by step."""
    return solve_and_record(puzzle or DEMO_PUZZLE)[1]

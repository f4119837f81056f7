"""The demo tour's sudoku: a ready trace of the demo puzzle, solved step by step."""

from __future__ import annotations

from puzzleviz.solvers.sudoku.search import solve_and_record
from puzzleviz.solvers.trace import Trace

# The demo puzzle: solved by logic alone in 74 steps with 13 techniques, among them an
# X-Wing, two Y-Wings, a W-Wing, simple colouring, a finned X-Wing and an XY-chain.
DEMO_PUZZLE = "...2.38....18...74....1.23.51...4...............1...52.73.5....95...24....26.7..."


def demo_trace(puzzle: str | None = None) -> Trace:
    """A ready trace for the demo tour: the demo puzzle solved step by step."""
    return solve_and_record(puzzle or DEMO_PUZZLE)[1]

"""A short, watchable search for the demo tour: six queens, to the first solution."""

from __future__ import annotations

from puzzleviz.solvers.plugin import Limits
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.queens import COUNTERS
from puzzleviz.solvers.queens.options import QueensProblem
from puzzleviz.solvers.queens.search import backtracking
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer


def demo_trace(n: int = 6) -> Trace:
    """n = 6: 31 queens placed, most of them taken back, in 57 steps (about a minute at one step
    a second), ending on the first of the four solutions."""
    problem = QueensProblem(n)
    tracer = RecordingTracer(problem.model(), solver="queens.backtracking",
                             params=problem.params(), counters=COUNTERS)  # fmt: skip
    backtracking(problem, tracer, Limits(), Progress(None, "demo", enabled=False))
    return tracer.finish()

"""A short, watchable search for the demo tour: six queens, to the first solution."""

from __future__ import annotations

from solvers.plugin import Limits
from solvers.progress import Progress
from solvers.queens import COUNTERS
from solvers.queens.options import QueensProblem
from solvers.queens.search import backtracking
from solvers.trace import Trace
from solvers.tracer import RecordingTracer


def demo_trace(n: int = 6) -> Trace:
    """n = 6: 31 queens placed, most of them taken back, in 57 steps (about a minute at one step
    a second), ending on the first of the four solutions."""
    problem = QueensProblem(n)
    tracer = RecordingTracer(problem.model(), solver="queens.backtracking",
                             params=problem.params(), counters=COUNTERS)  # fmt: skip
    backtracking(problem, tracer, Limits(), Progress(None, "demo", enabled=False))
    return tracer.finish()

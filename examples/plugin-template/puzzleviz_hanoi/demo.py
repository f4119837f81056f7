"""A short trace for `puzzleviz demo` and the tour: three disks, seven moves."""

from __future__ import annotations

from puzzleviz import Limits, Progress, RecordingTracer, Trace
from puzzleviz_hanoi import COUNTERS, PUZZLE
from puzzleviz_hanoi.options import HanoiProblem
from puzzleviz_hanoi.search import recursive


def demo_trace(disks: int = 3) -> Trace:
    problem = HanoiProblem(disks)
    tracer = RecordingTracer(problem.model(), solver=f"{PUZZLE.kind}.recursive",
                             params=problem.params(), counters=COUNTERS)  # fmt: skip
    recursive(problem, tracer, Limits(), Progress(None, "demo", enabled=False))
    return tracer.finish()

"""The demo tour's traces: one from every puzzle whose PuzzleSpec names a demo.

A demo trace is short and watchable (tens of seconds at the default pace) and shows what is
most interesting about its puzzle.
"""

from __future__ import annotations

from collections.abc import Callable

from solvers.plugin import Ref
from solvers.registry import puzzles
from solvers.trace import Trace


def demo_builders() -> list[tuple[str, Callable[[], Trace]]]:
    """(kind, build) for every puzzle with a demo, in the registry's order."""
    return [(spec.kind, _builder(spec.demo)) for spec in puzzles().values() if spec.demo]


def _builder(ref: Ref[Callable[[], Trace]]) -> Callable[[], Trace]:
    return lambda: ref.load()()


def demo_traces() -> list[Trace]:
    return [build() for _, build in demo_builders()]

"""The demo tour's traces: one from every puzzle whose PuzzleSpec names a demo.

A demo trace is short and watchable (tens of seconds at the default pace) and shows what is
most interesting about its puzzle. The built-in puzzles ship theirs ready-made in
assets/demos/<kind>.pzt (made by tools/demo_traces.py; a test holds each equal to what its
builder makes now), because building one on a new machine means compiling the solver's
kernels first: minutes before the tour could start. A puzzle that ships none (a plugin) has
its demo built when the tour needs it, behind the tour's first card.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from puzzleviz.assets import asset_path
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.registry import by_kind, load, puzzles
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracefile import load_trace

SHIPPED = "demos"  # the folder under assets/


def demo_builders() -> list[tuple[str, Callable[[], Trace]]]:
    """(kind, build) for every puzzle with a demo, in the registry's order."""
    return [(spec.kind, partial(build_demo, spec.kind)) for spec in puzzles().values() if spec.demo]


def built_in_demo_kinds() -> list[str]:
    """The puzzles of this package with a demo: those whose demo ships ready-made."""
    return [
        spec.kind
        for spec in puzzles().values()
        if spec.demo is not None and spec.demo.path.startswith(f"{__package__}.")
    ]


def shipped_demo_path(kind: str) -> Path:
    return asset_path(SHIPPED, f"{kind}.pzt")


def shipped_demo(kind: str) -> Trace | None:
    """The ready-made demo trace of `kind`, or None where none is shipped or the file
    cannot be read (a format this version no longer reads: then the demo is built)."""
    path = shipped_demo_path(kind)
    if not path.is_file():
        return None
    try:
        trace = load_trace(path)
    except PuzzlevizError:
        return None
    return trace if trace.header.kind == kind else None


def build_demo(kind: str) -> Trace:
    """The demo trace of `kind`, made now by its puzzle's builder."""
    spec = by_kind(kind)
    if spec.demo is None:
        raise PuzzlevizError(f"the {kind} puzzle has no demo")
    return load(spec, "demo", spec.demo)()


def demo_trace(kind: str) -> Trace:
    """The demo of `kind`: the shipped one, else built."""
    return shipped_demo(kind) or build_demo(kind)

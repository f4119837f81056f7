"""The demo tour's traces: every puzzle package that offers `demo_trace()` (in the package
or in its `demo` module) contributes one.

A demo trace is short and watchable (tens of seconds at the default pace) and shows what is
most interesting about its puzzle.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import solvers
from solvers.trace import Trace


def demo_builders() -> list[tuple[str, object]]:
    builders = []
    for info in sorted(pkgutil.iter_modules(solvers.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"solvers.{info.name}")
        build = getattr(module, "demo_trace", None)
        if build is None and importlib.util.find_spec(f"solvers.{info.name}.demo") is not None:
            build = getattr(
                importlib.import_module(f"solvers.{info.name}.demo"), "demo_trace", None
            )
        if callable(build):
            builders.append((info.name, build))
    return builders


def demo_traces() -> list[Trace]:
    return [build() for _, build in demo_builders()]

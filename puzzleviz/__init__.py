"""puzzleviz from Python, e.g. in Jupyter: ``puzzleviz.show(trace_or_path)``.

Importing this package does no work: the renderer, PyAV and the solvers are loaded on the
first call, so ``import puzzleviz`` in a notebook's first cell costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from puzzleviz.viz.notebook import show

__all__ = ["show"]


def __getattr__(name: str) -> Any:
    if name == "show":
        from puzzleviz.viz.notebook import show

        return show
    raise AttributeError(f"module 'puzzleviz' has no attribute {name!r}")

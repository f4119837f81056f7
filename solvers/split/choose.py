"""Which engine a command line asks for (--scheduler, --workers): apart from engines.py
because the Dask engine builds on the engines there, and choosing imports it.
"""

from __future__ import annotations

import sys
from importlib.util import find_spec
from typing import TYPE_CHECKING

from puzzleviz.solvers.split.engines import Engine, InProcess, ProcessPool
from puzzleviz.solvers.split.parts import SplitError

if TYPE_CHECKING:
    from puzzleviz.solvers.split.options import SplitOptions


def engine_for(options: SplitOptions) -> Engine:
    """The engine the command line asks for: a Dask cluster by address (--scheduler), a
    local Dask cluster (--workers N; a local process pool if Dask is not installed), or
    this process."""
    if options.scheduler:
        if not dask_installed():
            raise SplitError("--scheduler needs Dask: pip install 'dask[distributed]'")
        from puzzleviz.solvers.split.dasks import DaskEngine

        return DaskEngine(address=options.scheduler)
    if options.workers > 1:
        if dask_installed():
            from puzzleviz.solvers.split.dasks import DaskEngine

            return DaskEngine(workers=options.workers)
        print(
            "puzzleviz: Dask is not installed (pip install 'dask[distributed]'): "
            f"{options.workers} local processes instead",
            file=sys.stderr,
        )
        return ProcessPool(options.workers)
    return InProcess()


def dask_installed() -> bool:
    return find_spec("distributed") is not None

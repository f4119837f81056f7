"""Plain-text views for the terminal: the seed's z-slices side by side, and summaries."""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.cube.model import CubeModel
from puzzleviz.solvers.cube.views import slices


def slice_lines(model: CubeModel, state: np.ndarray) -> list[str]:
    """The box's z-slices side by side, each cell showing the seed's code (sum of the codes
    of the pieces covering it; '.' when empty); a '!' marks an empty or overlapped cell.
    Slice z = 0 comes first; in each, x grows to the right and row y = 0 is the top line.
    The window's slice view (scenes.cube, key V) draws them the same way round."""
    view = slices(model, state)
    nz, ny, nx = view.codes.shape
    width = max(2, len(str(int(view.codes.max())))) + 1
    gap = "   "
    header = gap.join(f"z={z}".ljust(width * nx) for z in range(nz))
    lines = [header.rstrip()]
    for y in range(ny):
        parts = []
        for z in range(nz):
            cells = []
            for x in range(nx):
                code = int(view.codes[z, y, x])
                text = "." if code == 0 else str(code)
                mark = "!" if view.bad[z, y, x] else " "
                cells.append((text + mark).rjust(width))
            parts.append("".join(cells))
        lines.append(gap.join(parts).rstrip())
    return lines


def histogram_lines(histogram: np.ndarray, limit: int = 40) -> list[str]:
    """Steps spent at each error value (the seed's right-hand table), up to `limit`."""
    total = int(histogram.sum())
    lines = []
    for error, count in enumerate(histogram[: limit + 1]):
        if count:
            share = 100.0 * int(count) / total if total else 0.0
            lines.append(f"  error {error:>3}: {int(count):>14,} steps  {share:6.2f}%")
    beyond = int(histogram[limit + 1 :].sum())
    if beyond:
        lines.append(f"  error  >{limit}: {beyond:>14,} steps")
    return lines

"""Where pieces can be: the box, optionally surrounded by a margin, and poses in it.

The exact solver keeps every piece inside the box (margin 0). The seed's stochastic search
lets pieces stick out: its space runs from -2 to 8 around a box 1..5, a margin of 3 cells
(in our 0-based coordinates -3..7 around 0..4). Cells and poses are numbered so that one
int says everything about a piece's position, which keeps events small:

    space cell  (x + m) + SX * ((y + m) + SY * (z + m))      x fastest, z slowest
    pose        ((orient * SZ + z + m) * SY + y + m) * SX + x + m

where (x, y, z) is the min corner of the oriented piece's bounding box, in box coordinates
(the box is 0..X-1 etc.; negative values lie outside), and SX = X + 2m etc.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from puzzleviz.solvers.cube.puzzle import CubePuzzle


@dataclasses.dataclass(frozen=True)
class Space:
    box: tuple[int, int, int]
    margin: int = 0

    @property
    def dims(self) -> tuple[int, int, int]:
        m2 = 2 * self.margin
        return self.box[0] + m2, self.box[1] + m2, self.box[2] + m2

    @property
    def n_cells(self) -> int:
        sx, sy, sz = self.dims
        return sx * sy * sz

    def cell(self, x: int, y: int, z: int) -> int:
        sx, sy, _ = self.dims
        m = self.margin
        return (x + m) + sx * ((y + m) + sy * (z + m))

    def cell_xyz(self, cell: int) -> tuple[int, int, int]:
        sx, sy, _ = self.dims
        m = self.margin
        return cell % sx - m, (cell // sx) % sy - m, cell // (sx * sy) - m

    def pose(self, orient: int, x: int, y: int, z: int) -> int:
        sx, sy, sz = self.dims
        m = self.margin
        return ((orient * sz + z + m) * sy + y + m) * sx + x + m

    def unpack_pose(self, pose: int) -> tuple[int, int, int, int]:
        """(orient, x, y, z) of a pose."""
        sx, sy, sz = self.dims
        m = self.margin
        x, rest = pose % sx, pose // sx
        y, rest = rest % sy, rest // sy
        z, orient = rest % sz, rest // sz
        return int(orient), int(x - m), int(y - m), int(z - m)

    def inside_box(self, x: int, y: int, z: int) -> bool:
        return 0 <= x < self.box[0] and 0 <= y < self.box[1] and 0 <= z < self.box[2]

    def box_mask(self) -> np.ndarray:
        """1 for each space cell inside the box, 0 in the margin (flat, space cell order)."""
        sx, sy, sz = self.dims
        m = self.margin
        grid = np.zeros((sz, sy, sx), dtype=np.int32)
        grid[m : sz - m, m : sy - m, m : sx - m] = 1
        return grid.ravel()


@dataclasses.dataclass(frozen=True)
class OrientationTable:
    """All orientations of all piece types as padded voxel offset arrays, for numba kernels.

    Orientation `o` of type `t` is row `base[t] + o`; `cells[row, :volume[row]]` are its
    voxels (x, y, z) relative to the pose's min corner.
    """

    base: np.ndarray  # (T,) int64
    n_orient: np.ndarray  # (T,) int64
    volume: np.ndarray  # (G,) int64
    cells: np.ndarray  # (G, max volume, 3) int64
    extent: np.ndarray  # (G, 3) int64


def orientation_table(puzzle: CubePuzzle) -> OrientationTable:
    shapes = [(t, o) for t in puzzle.types for o in t.orientations]
    max_vol = max(len(o) for _, o in shapes)
    cells = np.zeros((len(shapes), max_vol, 3), dtype=np.int64)
    volume = np.zeros(len(shapes), dtype=np.int64)
    ext = np.zeros((len(shapes), 3), dtype=np.int64)
    for row, (_, shape) in enumerate(shapes):
        arr = np.asarray(shape, dtype=np.int64)
        cells[row, : len(shape)] = arr
        volume[row] = len(shape)
        ext[row] = arr.max(axis=0) + 1
    n_orient = np.array([len(t.orientations) for t in puzzle.types], dtype=np.int64)
    base = np.concatenate([[0], np.cumsum(n_orient)[:-1]]).astype(np.int64)
    return OrientationTable(base=base, n_orient=n_orient, volume=volume, cells=cells, extent=ext)

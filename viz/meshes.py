"""Mesh data for the 3D renderer: the unit box and polycube (voxel) meshes, as numpy.

Each vertex has 13 floats: position 3, normal 3, face coordinates 2 (where the fragment is
on its face, in mesh units), face extent 2, the two axes the face spans 2 (so instances can
scale outlines with their size), and an edge mask 1 (bits 1, 2, 4, 8 = outline at u = 0,
u = extent, v = 0, v = extent). The fragment shader turns the distance to masked edges into
outlines of a fixed pixel width: crisp edges without MSAA or extra line geometry.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

VERTEX_FLOATS = 13
ALL_EDGES = 15


def _face(
    origin: Sequence[float] | np.ndarray,
    u_axis: int,
    v_axis: int,
    normal: Sequence[float] | np.ndarray,
    u_len: float = 1.0,
    v_len: float = 1.0,
    mask: int = ALL_EDGES,
) -> list[list[float]]:
    """Two triangles for the quad origin + [0,u_len] e_u + [0,v_len] e_v, facing `normal`."""
    o = np.asarray(origin, dtype=np.float64)
    eu = np.zeros(3)
    ev = np.zeros(3)
    eu[u_axis] = u_len
    ev[v_axis] = v_len
    n = np.asarray(normal, dtype=np.float64)
    corners = [(0, 0), (1, 0), (1, 1), (0, 0), (1, 1), (0, 1)]
    if np.dot(np.cross(eu, ev), n) < 0:  # keep counter-clockwise winding seen from outside
        corners = [(0, 0), (1, 1), (1, 0), (0, 0), (0, 1), (1, 1)]
    rows: list[list[float]] = []
    for a, b in corners:
        p = o + a * eu + b * ev
        rows.append([*p, *n, a * u_len, b * v_len, u_len, v_len, u_axis, v_axis, mask])
    return rows


def unit_box() -> np.ndarray:
    """A box spanning [-0.5, 0.5]^3 with every edge outlined."""
    rows = []
    for axis in range(3):
        u, v = (axis + 1) % 3, (axis + 2) % 3
        for sign in (-1.0, 1.0):
            origin = np.full(3, -0.5)
            origin[axis] = 0.5 * sign
            normal = np.zeros(3)
            normal[axis] = sign
            rows += _face(origin, u, v, normal)
    return np.array(rows, dtype=np.float32)


def voxel_mesh(voxels: Iterable[tuple[int, int, int]]) -> np.ndarray:
    """The outer surface of a polycube, outlined where the surface bends (not between the
    unit cubes of one flat face), so a piece reads as one solid."""
    cells = {tuple(int(c) for c in v) for v in voxels}
    rows = []
    for cell in sorted(cells):
        for axis in range(3):
            for sign in (-1, 1):
                n = [0, 0, 0]
                n[axis] = sign
                if tuple(c + d for c, d in zip(cell, n, strict=True)) in cells:
                    continue  # inner face
                u, v = (axis + 1) % 3, (axis + 2) % 3
                mask = 0
                for bit, (along, step) in enumerate(((u, -1), (u, 1), (v, -1), (v, 1))):
                    side = list(cell)
                    side[along] += step
                    above = list(side)
                    above[axis] += sign
                    continues = tuple(side) in cells and tuple(above) not in cells
                    if not continues:
                        mask |= 1 << bit
                origin = [float(c) for c in cell]
                if sign > 0:
                    origin[axis] += 1.0
                rows += _face(origin, u, v, n, mask=mask)
    return np.array(rows, dtype=np.float32).reshape(-1, VERTEX_FLOATS)

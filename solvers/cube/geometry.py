"""Cube symmetries and piece orientations: the geometry every other cube module builds on.

A symmetry of the cube is a signed permutation of the three axes (48 of them; the 24 with
determinant +1 are the rotations). A piece's orientations are its images under the 24
rotations, each shifted so that its bounding box starts at the origin, without repeats:
a unit cube has 1, a 2x2x3 brick 3, a 1x2x4 brick 6, an asymmetric polycube 24. Mirror
images are not orientations: a wooden piece cannot be turned inside out.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import numpy as np

Voxel = tuple[int, int, int]
Shape = tuple[Voxel, ...]  # sorted voxels, bounding box starting at (0, 0, 0)


def _signed_permutations() -> list[np.ndarray]:
    """All 48 signed permutation matrices, identity first, in a fixed order."""
    mats = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = np.zeros((3, 3), dtype=np.int64)
            for row, (col, sign) in enumerate(zip(perm, signs, strict=True)):
                m[row, col] = sign
            mats.append(m)
    return mats


SYMMETRIES: tuple[np.ndarray, ...] = tuple(_signed_permutations())
ROTATIONS: tuple[np.ndarray, ...] = tuple(m for m in SYMMETRIES if round(np.linalg.det(m)) == 1)


def normalize(voxels: Iterable[Sequence[int]]) -> Shape:
    """Shift voxels so that the bounding box starts at the origin; sort them."""
    arr = np.asarray(list(voxels), dtype=np.int64).reshape(-1, 3)
    arr = arr - arr.min(axis=0)
    return tuple(sorted((int(x), int(y), int(z)) for x, y, z in arr))


def cuboid(size: Sequence[int]) -> Shape:
    sx, sy, sz = (int(v) for v in size)
    return tuple(itertools.product(range(sx), range(sy), range(sz)))


def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct rotated copies of `shape`, in the order the rotations list them."""
    seen: dict[Shape, None] = {}
    arr = np.asarray(shape, dtype=np.int64)
    for rot in ROTATIONS:
        seen.setdefault(normalize(arr @ rot.T), None)
    return tuple(seen)


def coloured_orientations(
    shape: Shape, colours: Sequence[int]
) -> tuple[tuple[Shape, tuple[int, ...]], ...]:
    """The distinct rotated copies of a piece whose voxels have colours (`colours[i]` of
    `shape[i]`, 0 for none), each with its voxels' colours in the copy's order. A turn that
    gives the same cells with other colours is another orientation (as in BurrTools): a
    piece symmetric in shape but not in colour has more orientations than its shape."""
    seen: dict[tuple[tuple[int, int, int, int], ...], None] = {}
    arr = np.asarray(shape, dtype=np.int64)
    for rot in ROTATIONS:
        moved = arr @ rot.T
        moved -= moved.min(axis=0)
        key = sorted((int(x), int(y), int(z), int(c))
                     for (x, y, z), c in zip(moved.tolist(), colours, strict=True))  # fmt: skip
        seen.setdefault(tuple(key), None)
    return tuple((tuple((x, y, z) for x, y, z, _ in k), tuple(c for *_, c in k)) for k in seen)


def extent(shape: Shape) -> Voxel:
    """The size of the bounding box along x, y and z."""
    arr = np.asarray(shape, dtype=np.int64)
    sx, sy, sz = (int(v) + 1 for v in arr.max(axis=0))
    return sx, sy, sz


def box_symmetries(box: Sequence[int], *, rotations_only: bool) -> list[np.ndarray]:
    """The symmetries (or rotations) that map the box onto itself, as 4x4 affine maps on
    cell coordinates: a 5x5x5 cube keeps all 48, a 2x3x4 box only the 8 axis flips."""
    dims = np.asarray(box, dtype=np.int64)
    group = ROTATIONS if rotations_only else SYMMETRIES
    maps = []
    for m in group:
        if not np.array_equal(np.abs(m) @ dims, dims):
            continue
        affine = np.eye(4, dtype=np.int64)
        affine[:3, :3] = m
        # a negative sign maps coordinate c to -c; shift it back into 0..dim-1
        affine[:3, 3] = np.where(m.sum(axis=1) < 0, np.abs(m) @ dims - 1, 0)
        maps.append(affine)
    return maps

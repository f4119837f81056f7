"""Classes of fillings under the puzzle's symmetries, and the expansion of classes back
into every filling, as numba kernels on rows of placement indices.

A filling is a sorted row of placement indices (placements are numbered type by type, so a
sorted row lists the types in order). An element of the puzzle's group maps each placement
to a placement (`PuzzleGroup.placement_map`); the image of a row, sorted again, is a
filling. A row's canonical form is the smallest image over the group, and two fillings are
in one class when their canonical forms are equal. The number of elements that map a row
onto itself (its stabilizer) gives the size of its class: group order / stabilizer.
Classes are counted under the whole group (mirror images included when they are
fillings) and under its rotations.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int32Array, Int64Array
from puzzleviz.solvers.cube.arrays import FillingRows
from puzzleviz.solvers.cube.group import PuzzleGroup
from puzzleviz.solvers.jit import njit


@njit(cache=True, inline="always")
def _image(row: Int64Array, pmap: Int32Array, g: int, out: Int64Array) -> None:
    """out = sorted placement images of `row` under element g (insertion sort: rows are
    short)."""
    n = row.shape[0]
    for i in range(n):
        v = pmap[g, row[i]]
        j = i
        while j > 0 and out[j - 1] > v:
            out[j] = out[j - 1]
            j -= 1
        out[j] = v


@njit(cache=True, inline="always")
def _compare(a: Int64Array, b: Int64Array) -> int:
    """-1, 0 or 1 as row a is lexicographically below, equal to or above row b."""
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return -1 if a[i] < b[i] else 1
    return 0


@njit(cache=True)
def canonical_rows(
    rows: FillingRows, pmap: Int32Array, elements: Int64Array
) -> tuple[FillingRows, Int64Array]:
    """(canonical form of each row, how many of `elements` map the row onto itself)."""
    n_rows, n = rows.shape
    canon = rows.copy()
    stab = np.zeros(n_rows, dtype=np.int64)
    img = np.empty(n, dtype=rows.dtype)
    for s in range(n_rows):
        row = rows[s]
        best = canon[s]
        first = True
        for k in range(elements.shape[0]):
            _image(row, pmap, elements[k], img)
            if _compare(img, row) == 0:
                stab[s] += 1
            if first or _compare(img, best) < 0:
                best[:] = img
                first = False
    return canon, stab


@njit(cache=True)
def expand_rows(
    reps: FillingRows, pmap: Int32Array, rotation: BoolArray, total: int
) -> tuple[FillingRows, Int64Array, BoolArray, int]:
    """Every filling of the classes of `reps`: (rows, class of each row, True where the
    row is only a mirror image of its representative, not a rotation of it)."""
    n_reps, n = reps.shape
    n_elements = pmap.shape[0]
    out = np.empty((total, n), dtype=reps.dtype)
    cls = np.empty(total, dtype=np.int64)
    mirrored = np.zeros(total, dtype=np.bool_)
    img = np.empty(n, dtype=reps.dtype)
    k = 0
    for r in range(n_reps):
        start = k
        for g in range(n_elements):
            _image(reps[r], pmap, g, img)
            seen = -1
            for j in range(start, k):
                if _compare(img, out[j]) == 0:
                    seen = j
                    break
            if seen < 0:
                if k >= total:
                    return out, cls, mirrored, -1
                out[k] = img
                cls[k] = r
                mirrored[k] = not rotation[g]
                k += 1
            elif rotation[g]:
                mirrored[seen] = False
    return out, cls, mirrored, k


def first_appearance(keys: np.ndarray) -> np.ndarray:
    """Class number of each row of `keys`, equal rows alike, numbered in order of first
    appearance."""
    if len(keys) == 0:
        return np.zeros(0, dtype=np.int64)
    _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    rank = np.empty(len(first), dtype=np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(len(first))
    return rank[inverse.ravel()]


@dataclasses.dataclass(frozen=True)
class RowClasses:
    """The classes of a list of fillings: `of[i]` under the whole group, `rotations_of[i]`
    under its rotations (numbered in order of first appearance); the orbit sizes say how
    many fillings each class has."""

    of: np.ndarray  # (S,) int64
    rotations_of: np.ndarray  # (S,) int64
    orbit: np.ndarray  # (S,) int64: fillings in the class of row i (whole group)
    rotation_orbit: np.ndarray  # (S,) int64: fillings in its class under rotations


def classify_rows(rows: FillingRows, group: PuzzleGroup) -> RowClasses:
    everything = np.arange(group.order, dtype=np.int64)
    rotations = np.flatnonzero(group.rotation).astype(np.int64)
    canon, stab = canonical_rows(rows, group.placement_map, everything)
    canon_rot, stab_rot = canonical_rows(rows, group.placement_map, rotations)
    return RowClasses(
        of=first_appearance(canon),
        rotations_of=first_appearance(canon_rot),
        orbit=group.order // np.maximum(stab, 1),
        rotation_orbit=len(rotations) // np.maximum(stab_rot, 1),
    )


@dataclasses.dataclass(frozen=True)
class Enumeration:
    """Fillings with their classes: what the symmetry-broken search and its expansion
    give. `rows` are one filling per class (the first found) or every filling."""

    rows: FillingRows
    count: int  # fillings in all (every class counted in full)
    classes: int  # under the whole group
    rotation_classes: int  # under its rotations
    class_of: np.ndarray  # (S,) class of each row under the whole group
    rotation_class_of: np.ndarray  # (S,) under the rotations
    weight: np.ndarray  # (S,) fillings each row stands for (its class's size, or 1)


def one_per_class(found: FillingRows, group: PuzzleGroup) -> Enumeration:
    """Keep the first found filling of each class; count every class in full."""
    cl = classify_rows(found, group)
    _, first = np.unique(cl.of, return_index=True)
    keep = np.sort(first)
    per_mirror_pair = cl.orbit[keep] // cl.rotation_orbit[keep]  # 1 or 2 rotation classes
    return Enumeration(
        rows=found[keep],
        count=int(cl.orbit[keep].sum()),
        classes=len(keep),
        rotation_classes=int(per_mirror_pair.sum()),
        class_of=np.arange(len(keep), dtype=np.int64),
        rotation_class_of=first_appearance(cl.rotations_of[keep][:, None]),
        weight=cl.orbit[keep],
    )


def every_filling(classes: Enumeration, group: PuzzleGroup) -> Enumeration:
    """Each class expanded into all its fillings, class by class."""
    rotation = group.rotation
    rows, cls, mirrored, made = expand_rows(classes.rows, group.placement_map, rotation,
                                            classes.count)  # fmt: skip
    if made != classes.count:
        raise AssertionError(
            f"the classes expand to {made} fillings but the search counted {classes.count}"
        )
    # a class splits into two rotation classes when some of its fillings are only mirror
    # images; its rotation images come first (the identity is element 0), so numbering by
    # first appearance gives the mirror ones the second number
    split = np.bincount(cls, weights=mirrored, minlength=len(classes.rows)) > 0
    base = np.concatenate([[0], np.cumsum(1 + split)[:-1]]).astype(np.int64)
    rotation_class = base[cls] + mirrored
    return dataclasses.replace(classes, rows=rows, class_of=cls, rotation_class_of=rotation_class,
                               weight=np.ones(len(rows), dtype=np.int64))  # fmt: skip

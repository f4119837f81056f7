"""The stabilizer of a cap R in AGL(k,3), and the maps of R onto an equivalent cap, as
permutations of the points of AG(k,3).

Why: the extension search fixes R in the slice x1 = 0, so every affine map of AG(k+1,3) that
keeps that slice and R is a symmetry of the remaining search. Those maps are
(x1, x') -> (±x1, M x' + c x1 + t) with x' -> M x' + t in Stab(R); their action on the slice
x1 = 1 is x' -> M x' + s with s arbitrary (the shear c is free), so what the search needs is
the set of linear parts M and their orbits on nonzero vectors.

The stabilizer is found by brute force over ordered frames: R is taken in a form that
contains the standard frame 0, e1, ..., ek (affine.CapClass.canonical does), so the map that
sends the standard frame to an ordered frame (f0, ..., fk) of R has columns f_i - f0 and
translation f0; it is in Stab(R) exactly when it maps R into R. A cap of 20 cards has under
2 million ordered 5-tuples, a second of numba. The same search with the frames drawn from
another cap S finds the maps of R onto S (classify.py lays a slice of a cap onto R with one).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.setgame.geometry import AffineSpace


@njit(cache=True)
def _image(
    k: int, digits: Int64Array, weights: Int64Array, f0: Int64Array, cols: Int64Array, p: int
) -> int:
    """The index of f0 + sum_j digits(p)_j cols[j]."""
    code = 0
    for r in range(k):
        v = f0[r]
        for j in range(k):
            v += cols[j, r] * digits[p, j]
        code += (v % 3) * weights[r]
    return code


@njit(cache=True)
def _transporter_kernel(
    k: int,
    cap: Int64Array,
    target: Int64Array,
    digits: Int64Array,
    weights: Int64Array,
    out: Int64Array,
    stop_when_full: bool,
) -> int:
    """Fill out[i] with the point permutation of the i-th affine map sending `cap` onto
    `target` (caps of equal size, `cap` holding the standard frame); return how many there
    are (maps beyond out's rows are counted only, or, stop_when_full, not looked for)."""
    n_points = digits.shape[0]
    m = target.shape[0]
    member = np.zeros(n_points, dtype=np.bool_)
    for i in range(m):
        member[target[i]] = True
    idx = np.zeros(k + 1, dtype=np.int64)  # indices into target of the frame being built
    cols = np.zeros((k, k), dtype=np.int64)  # cols[j] = digits(f_{j+1} - f0)
    count = 0
    level = 0
    idx[0] = -1
    while level >= 0:
        idx[level] += 1
        if idx[level] >= m:
            level -= 1
            continue
        ok = True
        for j in range(level):
            if idx[j] == idx[level]:
                ok = False
        if not ok:
            continue
        if level < k:
            level += 1
            idx[level] = -1
            continue
        # a full (k+1)-tuple: build the map, check it is invertible and maps cap into target
        f0 = digits[target[idx[0]]]
        for j in range(k):
            fj = digits[target[idx[j + 1]]]
            for r in range(k):
                cols[j, r] = (fj[r] - f0[r]) % 3
        # the cap's images first (cheap, and most frames fail there), then every point
        good = True
        for i in range(cap.shape[0]):
            if not member[_image(k, digits, weights, f0, cols, cap[i])]:
                good = False
                break
        if not good:
            continue
        perm = np.empty(n_points, dtype=np.int64)
        seen = np.zeros(n_points, dtype=np.bool_)
        for p in range(n_points):
            code = _image(k, digits, weights, f0, cols, p)
            if seen[code]:
                good = False  # not injective: the columns are dependent
                break
            seen[code] = True
            perm[p] = code
        if good:
            if count < out.shape[0]:
                for p in range(n_points):
                    out[count, p] = perm[p]
            count += 1
            if stop_when_full and count >= out.shape[0]:
                return count
    return count


def transporters(
    space: AffineSpace, cap: Sequence[int], target: Sequence[int], limit: int | None = None
) -> Int64Array:
    """The affine maps of AG(k,3) (space) sending `cap` onto `target`, as rows of point
    permutations (at most `limit` of them; none: the caps are not equivalent). `cap` must
    contain the standard frame 0, e1, ..., ek: a map is then fixed by the ordered frame of
    `target` it sends the standard frame to."""
    cards = sorted(int(c) for c in cap)
    if not set(space.frame) <= set(cards):
        raise ValueError("the cap must contain the standard frame 0, e1, ..., ek")
    if len(set(int(c) for c in target)) != len(cards):
        return np.zeros((0, space.size), dtype=np.int64)
    arr = np.asarray(cards, dtype=np.int64)
    dst = np.asarray(sorted(int(c) for c in target), dtype=np.int64)
    digits = space.digits.astype(np.int64)
    weights = np.asarray(space.weights, dtype=np.int64)
    if limit is not None:  # one pass, ended at the limit
        out = np.zeros((limit, space.size), dtype=np.int64)
        found = _transporter_kernel(space.n, arr, dst, digits, weights, out, True)
        return out[: min(found, limit)]
    none = np.zeros((0, space.size), np.int64)
    count = _transporter_kernel(space.n, arr, dst, digits, weights, none, False)
    out = np.zeros((count, space.size), dtype=np.int64)
    _transporter_kernel(space.n, arr, dst, digits, weights, out, False)
    return out


def stabilizer(space: AffineSpace, cap: Sequence[int]) -> Int64Array:
    """The stabilizer of `cap` in AGL(k,3) (space = AG(k,3)) as rows of point permutations.
    The cap must contain the standard frame 0, e1, ..., ek."""
    return transporters(space, cap, cap)


def linear_parts(space: AffineSpace, perms: Int64Array) -> Int64Array:
    """x -> M x for each element x -> M x + t (t = image of 0), as point permutations,
    without repeats (a nonempty cap's stabilizer has no translations, so none collapse)."""
    rows = []
    for perm in perms:
        t = int(perm[0])
        rows.append(space.sub[perm, t].astype(np.int64))  # M x = (M x + t) - t
    return np.unique(np.asarray(rows, dtype=np.int64).reshape(-1, space.size), axis=0)


def vector_orbits(space: AffineSpace, linear: Int64Array) -> list[list[int]]:
    """Orbits of the linear parts on the nonzero vectors, each sorted, ordered by their
    smallest member (the orbit's representative)."""
    parent = list(range(space.size))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for perm in linear:
        for p in range(1, space.size):
            a, b = find(p), find(int(perm[p]))
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups: dict[int, list[int]] = {}
    for p in range(1, space.size):
        groups.setdefault(find(p), []).append(p)
    return sorted((sorted(g) for g in groups.values()), key=lambda g: g[0])


__all__ = ["linear_parts", "stabilizer", "transporters", "vector_orbits"]

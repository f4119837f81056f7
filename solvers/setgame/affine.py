"""Caps up to affine equivalence (v = 3): ordered frames, frame images, classes, sizes.

An ordered affine frame of a cap C is a tuple (p0, p1, ..., pn) of its cards with the
differences p_i - p0 linearly independent. Exactly one affine map T_F sends it to the
standard frame (0, e1, ..., en); T_F(C) is "C seen from F". Two caps are affinely
equivalent exactly when they have a common image, so the set of all images of C (its
"frame orbit") decides membership with one lookup, the smallest image is a canonical form,
and |Stab(C)| = (number of frames) / (number of distinct images). The class of C then has
|AGL(n,3)| / |Stab(C)| members: that is how all maximum caps are counted without listing them.

Images are computed without matrix inverses: while the frame grows, every point of the
current affine span gets its coordinates (as a card index) from the points before it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

import numpy as np
from puzzleviz.solvers.arrays import Int64Array, UInt64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.setgame.arrays import CardBits, CardTable
from puzzleviz.solvers.setgame.geometry import AffineSpace, affine_group_order, from_bitset


@njit(cache=True)
def _frame_images(
    n: int, cap: Int64Array, add: CardTable, sub: CardTable, weights: Int64Array,
    images: UInt64Array, limit: int, first_only: bool,
) -> int:  # fmt: skip
    """Fill images[k] with T_F(cap) (bitset rows) for every ordered frame F of `cap`;
    return the number of frames (images beyond `limit` are counted, not stored)."""
    n_points = add.shape[0]
    words = images.shape[1]
    code = np.full(n_points, -1, dtype=np.int64)
    span = np.zeros(n_points, dtype=np.int64)
    level_choice = np.zeros(n + 2, dtype=np.int64)  # index into cap tried at each level
    span_size = np.zeros(n + 2, dtype=np.int64)
    m = cap.shape[0]
    count = 0
    for i0 in range(m):
        p0 = cap[i0]
        code[p0] = 0
        span[0] = p0
        span_size[1] = 1
        k = 1
        level_choice[1] = -1
        while k >= 1:
            if k > n:
                if count < limit:
                    for w in range(words):
                        images[count, w] = 0
                    for i in range(m):
                        c = code[cap[i]]
                        images[count, c >> 6] |= np.uint64(1) << np.uint64(c & 63)
                count += 1
                if first_only:
                    return count
                k -= 1
                base = span_size[k]
                for j in range(base, 3 * base):
                    code[span[j]] = -1
                continue
            # advance the choice at level k
            i = level_choice[k] + 1
            while i < m and code[cap[i]] >= 0:
                i += 1
            if i >= m:
                k -= 1
                if k >= 1:
                    base = span_size[k]
                    for j in range(base, 3 * base):
                        code[span[j]] = -1
                continue
            level_choice[k] = i
            u = sub[cap[i], p0]
            u2 = add[u, u]
            base = span_size[k]
            weight = weights[k - 1]
            for j in range(base):
                y = span[j]
                y1 = add[y, u]
                y2 = add[y, u2]
                code[y1] = code[y] + weight
                code[y2] = code[y] + 2 * weight
                span[base + 2 * j] = y1
                span[base + 2 * j + 1] = y2
            span_size[k + 1] = 3 * base
            k += 1
            level_choice[k] = -1
        code[p0] = -1
    return count


def frame_images(space: AffineSpace, cap: Iterable[int]) -> tuple[UInt64Array, int]:
    """T_F(cap) for every ordered frame F of the cap (a first pass counts the frames)."""
    cards = np.asarray(sorted(int(c) for c in cap), dtype=np.int64)
    images = np.zeros((0, space.words), dtype=np.uint64)
    count = _frame_images(space.n, cards, space.add, space.sub, space.weights, images, 0, False)
    images = np.empty((count, space.words), dtype=np.uint64)
    _frame_images(space.n, cards, space.add, space.sub, space.weights, images, count, False)
    return images, count


def one_image(space: AffineSpace, cap: Iterable[int]) -> CardBits:
    cards = np.asarray(sorted(int(c) for c in cap), dtype=np.int64)
    images = np.zeros((1, space.words), dtype=np.uint64)
    count = _frame_images(space.n, cards, space.add, space.sub, space.weights, images, 1, True)
    if count == 0:
        raise ValueError("this cap spans no affine frame (it lies in a hyperplane)")
    image: CardBits = images[0]
    return image


def _key(row: np.ndarray) -> bytes:
    return row.tobytes()


def unique_rows(rows: UInt64Array) -> UInt64Array:
    """Distinct rows of a 2-D uint64 array (np.unique(axis=0) is slow on many rows)."""
    if len(rows) == 0:
        return rows
    order = np.lexsort(rows.T[::-1])
    ordered = rows[order]
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = np.any(ordered[1:] != ordered[:-1], axis=1)
    unique: UInt64Array = ordered[keep]
    return unique


@dataclasses.dataclass
class CapClass:
    """One affine class of caps, known by its frame orbit."""

    representative: list[int]  # a cap found by the search
    canonical: list[int]  # the smallest frame image, as sorted cards
    frames: int  # ordered frames in one cap of the class
    images: int  # distinct frame images
    orbit: set[bytes]
    image_rows: UInt64Array  # the distinct images as bitset rows: every cap of the class
    #                         that contains the standard frame 0, e1, ..., en

    @property
    def stabilizer(self) -> int:
        return self.frames // self.images

    def size(self, n: int) -> int:
        """How many caps of the whole space are in this class."""
        return affine_group_order(n) // self.stabilizer


def build_class(space: AffineSpace, cap: Sequence[int]) -> CapClass:
    images, frames = frame_images(space, cap)
    unique = unique_rows(images)
    # the canonical form: the image whose sorted card list is lexicographically smallest
    canonical = min(from_bitset(row) for row in unique)
    return CapClass(
        representative=sorted(int(c) for c in cap),
        canonical=canonical,
        frames=frames,
        images=len(unique),
        orbit={_key(r) for r in unique},
        image_rows=unique,
    )


def classify(space: AffineSpace, caps: Iterable[Sequence[int]]) -> tuple[list[CapClass], list[int]]:
    """Group caps into affine classes; returns the classes and each cap's class index."""
    classes: list[CapClass] = []
    which: list[int] = []
    for cap in caps:
        key = _key(one_image(space, cap))
        for index, known in enumerate(classes):
            if key in known.orbit:
                which.append(index)
                break
        else:
            classes.append(build_class(space, cap))
            which.append(len(classes) - 1)
    return classes, which

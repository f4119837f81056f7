"""For v = 3 the cards are the points of the affine space AG(n, 3) and SETs are its lines:
three cards form a SET exactly when their digit vectors add up to zero mod 3. This module
holds the tables the fast searches use: the third card of every pair, point sums,
hyperplanes as bitsets, and the order of the affine group.

Bitsets are rows of uint64 words, card c in word c >> 6, bit c & 63.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import numpy as np
from puzzleviz.solvers.setgame.arrays import CardBits
from puzzleviz.solvers.setgame.cards import CardSpace


def words_for(size: int) -> int:
    return (size + 63) // 64


def to_bitset(cards: Iterable[int | np.integer[Any]], size: int) -> CardBits:
    bits = np.zeros(words_for(size), dtype=np.uint64)
    for c in cards:
        bits[int(c) >> 6] |= np.uint64(1) << np.uint64(int(c) & 63)
    return bits


def from_bitset(bits: CardBits) -> list[int]:
    cards: list[int] = []
    for w, word in enumerate(bits.tolist()):
        while word:
            low = word & -word
            cards.append(w * 64 + low.bit_length() - 1)
            word ^= low
    return cards


def affine_group_order(n: int) -> int:
    """|AGL(n, 3)| = 3**n * |GL(n, 3)|: the number of ways to relabel cards that keep SETs
    (and the number of ordered affine frames 0, e1, ..., en)."""
    q: int = 3**n  # (int ** int is Any to mypy: a negative power would be a float)
    order = q
    for i in range(n):
        order *= q - 3**i
    return order


class AffineSpace:
    """AG(n, 3) with index arithmetic: point i is card i of CardSpace(3, n)."""

    def __init__(self, n: int):
        self.n = n
        self.cards = CardSpace(3, n)
        self.size = self.cards.size
        self.words = words_for(self.size)
        digits, weights = self.cards.digits, self.cards.weights
        self.digits = digits
        self.weights = weights
        size = self.size
        self.add = np.empty((size, size), dtype=np.int32)
        self.sub = np.empty((size, size), dtype=np.int32)
        self.third = np.empty((size, size), dtype=np.int32)
        for a in range(size):  # row by row: a (size, size, n) temporary would be too big
            self.add[a] = ((digits[a] + digits) % 3) @ weights
            self.sub[a] = ((digits[a] - digits) % 3) @ weights
            self.third[a] = ((-(digits[a] + digits)) % 3) @ weights
        # Directions: nonzero vectors up to sign (first nonzero digit 1). Each direction d
        # cuts the space into 3 parallel hyperplanes {x : <x, d> = t}.
        firsts = [row[np.flatnonzero(row)[0]] if row.any() else 0 for row in digits]
        self.directions = np.array(
            [p for p in range(1, self.size) if firsts[p] == 1], dtype=np.int64
        )
        values = (digits @ digits[self.directions].T) % 3  # (size, D)
        n_dirs = len(self.directions)
        self.point_hyperplanes = (3 * np.arange(n_dirs)[None, :] + values).astype(np.int32)
        self.hyperplane_masks = np.zeros((3 * n_dirs, self.words), dtype=np.uint64)
        for h in range(3 * n_dirs):
            members = np.flatnonzero(self.point_hyperplanes[:, h // 3] == h)
            self.hyperplane_masks[h] = to_bitset(members, self.size)
        self.frame = [0] + [3 ** (n - 1 - k) for k in range(n)]  # 0, e1 = 10..0, ..., en

    def slice_hyperplane(self, value: int) -> int:
        """The hyperplane {first digit = value} (the three big blocks of the card layout)."""
        first = 3 ** (self.n - 1)
        d = int(np.flatnonzero(self.directions == first)[0])
        return 3 * d + value

    def counting_bound(self, k: int) -> float:
        """Sum |C∩H|^2 / sum |C∩H| over all hyperplanes H, for any cap C of k cards.

        Each card lies in D = (3^n-1)/2 hyperplanes and each pair in D2 = (3^(n-1)-1)/2, so
        the sums are k*D and k*D + k(k-1)*D2. As |C∩H| <= max |C∩H|, the fullest hyperplane
        holds at least this ratio: a cap cannot be spread evenly."""
        d1: int = (3**self.n - 1) // 2
        d2: int = (3 ** (self.n - 1) - 1) // 2
        return 1 + (k - 1) * d2 / d1


@functools.lru_cache(maxsize=8)
def affine_space(n: int) -> AffineSpace:
    return AffineSpace(n)

"""Maximum caps through required cards, from the classes instead of a new search (v = 3).

Relabel the space so that an affinely independent basis B of the required cards W becomes
0, e1, ..., ej (the rest of W follows, as it lies in the span of B). A maximum cap C
through W contains B plus cards completing B to a frame; the relabelings that fix B and
send a completion to e(j+1), ..., en map C onto a maximum cap through the whole standard
frame. Those are known: the distinct frame images of each class (456 for n = 4). Counting
pairs (cap, completion) both ways gives

    #(maximum caps through W) = sum over images D containing g(W) of |S| / f(D)

with |S| = prod_{i=j}^{n-1} (3^n - 3^i) relabelings fixing B pointwise and f(D) the
ordered completions of B inside D. If no image contains g(W), no maximum cap goes through
W and the caller falls back to a search.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.setgame.affine import CapClass
from puzzleviz.solvers.setgame.arrays import CardTable
from puzzleviz.solvers.setgame.geometry import AffineSpace, from_bitset, to_bitset


def _rank_mod3(rows: list[np.ndarray]) -> int:
    if not rows:
        return 0
    m = np.array(rows, dtype=np.int64) % 3
    rank = 0
    for col in range(m.shape[1]):
        pivot = next((r for r in range(rank, m.shape[0]) if m[r, col]), None)
        if pivot is None:
            continue
        m[[rank, pivot]] = m[[pivot, rank]]
        m[rank] = (m[rank] * m[rank, col]) % 3  # 1*1 = 2*2 = 1 mod 3
        for r in range(m.shape[0]):
            if r != rank and m[r, col]:
                m[r] = (m[r] - m[r, col] * m[rank]) % 3
        rank += 1
    return rank


def _inverse_mod3(matrix: np.ndarray) -> np.ndarray:
    n = matrix.shape[0]
    m = np.concatenate([matrix % 3, np.eye(n, dtype=np.int64)], axis=1)
    for col in range(n):
        pivot = next(r for r in range(col, n) if m[r, col])
        m[[col, pivot]] = m[[pivot, col]]
        m[col] = (m[col] * m[col, col]) % 3
        for r in range(n):
            if r != col and m[r, col]:
                m[r] = (m[r] - m[r, col] * m[col]) % 3
    return m[:, n:]


class Relabel:
    """An affine map of AG(n,3) sending an independent basis of W to 0, e1, ..., ej."""

    def __init__(self, space: AffineSpace, required: Sequence[int]):
        self.space = space
        digits = space.digits
        origin = digits[required[0]]
        basis: list[int] = [required[0]]
        vectors: list[np.ndarray] = []
        for card in required[1:]:
            u = (digits[card] - origin) % 3
            if _rank_mod3([*vectors, u]) > len(vectors):
                vectors.append(u)
                basis.append(card)
        self.basis = basis
        self.dim = len(vectors)
        columns = list(vectors)
        for k in range(space.n):  # complete to a basis of F_3^n with unit vectors
            e = np.zeros(space.n, dtype=np.int64)
            e[k] = 1
            if _rank_mod3([*columns, e]) > len(columns):
                columns.append(e)
        self.matrix = np.array(columns, dtype=np.int64).T  # image of e_i is column i
        self.inverse = _inverse_mod3(self.matrix)
        self.origin = origin

    def forward(self, cards: Iterable[int]) -> list[int]:
        d = (self.space.digits[list(cards)] - self.origin) % 3
        return [int(c) for c in ((d @ self.inverse.T) % 3) @ self.space.weights]

    def backward(self, cards: Iterable[int]) -> list[int]:
        d = (self.space.digits[list(cards)] @ self.matrix.T + self.origin) % 3
        return [int(c) for c in d @ self.space.weights]


@njit(cache=True)
def _count_completions(
    n: int, start_level: int, cap: Int64Array, add: CardTable, sub: CardTable,
    span_init: Int64Array, p0: int,
) -> int:  # fmt: skip
    """Ordered tuples of cap cards extending an affine basis (whose span is span_init) to a
    frame of the whole space."""
    n_points = add.shape[0]
    inside = np.zeros(n_points, dtype=np.bool_)
    span = np.zeros(n_points, dtype=np.int64)
    for i in range(span_init.shape[0]):
        inside[span_init[i]] = True
        span[i] = span_init[i]
    span_size = np.zeros(n + 2, dtype=np.int64)
    choice = np.zeros(n + 2, dtype=np.int64)
    m = cap.shape[0]
    k = start_level
    span_size[k] = span_init.shape[0]
    choice[k] = -1
    count = 0
    while k >= start_level:
        if k > n:
            count += 1
            k -= 1
            base = span_size[k]
            for j in range(base, 3 * base):
                inside[span[j]] = False
            continue
        i = choice[k] + 1
        while i < m and inside[cap[i]]:
            i += 1
        if i >= m:
            k -= 1
            if k >= start_level:
                base = span_size[k]
                for j in range(base, 3 * base):
                    inside[span[j]] = False
            continue
        choice[k] = i
        u = sub[cap[i], p0]
        u2 = add[u, u]
        base = span_size[k]
        for j in range(base):
            y = span[j]
            span[base + 2 * j] = add[y, u]
            span[base + 2 * j + 1] = add[y, u2]
            inside[add[y, u]] = True
            inside[add[y, u2]] = True
        span_size[k + 1] = 3 * base
        k += 1
        choice[k] = -1
    return count


def _falling(x: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= x - i
    return result


def caps_through(
    space: AffineSpace, classes: list[CapClass], required: Sequence[int], keep: int = 1000
) -> tuple[int, list[list[int]], list[CapClass]] | None:
    """(count, some caps, their classes) of the maximum caps through `required`, or None if
    no maximum cap contains them all."""
    relabel = Relabel(space, list(required))
    image_of_w = to_bitset(relabel.forward(required), space.size)
    j = relabel.dim
    weights = space.weights
    span_init = np.array(
        [int(np.dot(c, weights[:j])) for c in np.ndindex(*(3,) * j)] if j else [0],
        dtype=np.int64,
    )
    fixers = 1
    for i in range(j, space.n):
        fixers *= 3**space.n - 3**i
    total = Fraction(0)
    caps: list[list[int]] = []
    hit: list[CapClass] = []
    for cls in classes:
        rows = cls.image_rows
        contains = np.all((rows & image_of_w) == image_of_w, axis=1)
        if not contains.any():
            continue
        hit.append(cls)
        if j <= 1:
            # AGL(n,3) moves any card, and any pair of cards, to any other: count directly
            k, size = len(required), len(cls.canonical)
            total += Fraction(cls.size(space.n) * _falling(size, k), _falling(space.size, k))
        for row in rows[contains]:
            cap = np.array(from_bitset(row), dtype=np.int64)
            if j > 1:
                f = _count_completions(space.n, j + 1, cap, space.add, space.sub, span_init, 0)
                total += Fraction(fixers, f)
            if len(caps) < keep:
                caps.append(sorted(relabel.backward(cap)))
    if total == 0:
        return None
    assert total.denominator == 1, "the double count must be a whole number"
    return int(total), caps, hit


def random_witness(
    space: AffineSpace,
    classes: list[CapClass],
    required: Sequence[int],
    forbidden: Sequence[int],
    tries: int = 3000,
    seed: int = 0,
) -> list[int] | None:
    """A maximum cap through `required` avoiding `forbidden`, by relabeling known maximum
    caps at random (deterministic seed): relabelings that fix the basis of `required`
    keep it inside, and most of them dodge a few forbidden cards. None if all tries hit."""
    rng = np.random.default_rng(seed)
    relabel = Relabel(space, list(required)) if required else None
    image_of_w = to_bitset(relabel.forward(required) if relabel else [], space.size)
    rows = [
        row for cls in classes for row in cls.image_rows if np.all((row & image_of_w) == image_of_w)
    ]
    if not rows:
        return None
    j = relabel.dim if relabel else -1
    n, digits, weights = space.n, space.digits, space.weights
    banned = np.zeros(space.size, dtype=bool)
    banned[list(forbidden)] = True
    for _ in range(tries):
        matrix = np.eye(n, dtype=np.int64)
        free_cols = range(max(j, 0), n)
        for col in free_cols:
            matrix[:, col] = rng.integers(0, 3, size=n)
        if _rank_mod3(list(matrix.T)) < n:
            continue
        shift = rng.integers(0, 3, size=n) if j < 0 else np.zeros(n, dtype=np.int64)
        row = rows[int(rng.integers(len(rows)))]
        points = np.array(from_bitset(row))
        moved = ((digits[points] @ matrix.T + shift) % 3) @ weights
        cap = relabel.backward(moved.tolist()) if relabel else moved.tolist()
        if not banned[cap].any():
            return sorted(int(c) for c in cap)
    return None


MAX_FORBIDDEN_EXACT = 12  # inclusion-exclusion makes 2**k class lookups


def count_avoiding(
    space: AffineSpace,
    classes: list[CapClass],
    required: Sequence[int],
    forbidden: Sequence[int],
) -> tuple[int, list[CapClass]] | None:
    """Maximum caps through `required` that avoid `forbidden`, by inclusion-exclusion:
    sum over subsets S of the forbidden cards of (-1)^|S| #(maximum caps through W + S).
    Returns (count, classes that have such caps), or None with too many forbidden cards."""
    if len(forbidden) > MAX_FORBIDDEN_EXACT:
        return None
    total = 0
    hit: list[CapClass] = []
    for cls in classes:
        in_class = 0
        for k in range(len(forbidden) + 1):
            for subset in itertools.combinations(forbidden, k):
                cards = [*required, *subset]
                if cards and not space.cards.is_cap(cards):
                    continue
                if cards:
                    through = caps_through(space, [cls], cards, keep=0)
                    number = 0 if through is None else through[0]
                else:
                    number = cls.size(space.n)
                in_class += (-1) ** k * number
        if in_class:
            hit.append(cls)
        total += in_class
    return total, hit

"""The fast maximum search for v = 3 without user constraints: symmetry, bounds, proof.

Why it is fast. The affine group AGL(n,3) (relabelings that keep SETs) is huge, 1.97e9
for n = 4, so the search fixes as much as a counting argument allows:

1. For a cap C of k cards, sum over all hyperplanes H of |C∩H| and of |C∩H|^2 depend on k
   only (each card lies in D1 hyperplanes, each pair in D2). Since |C∩H| <= max |C∩H|,
   the fullest hyperplane holds m >= 1 + (k-1) D2/D1 cards: for k = 21 in AG(4,3), m >= 8;
   for k = 20 also m >= 8.
2. Relabel so that the fullest hyperplane is the block "first digit 0" and its m cards are
   a fixed representative R of one affine class of m-caps of AG(n-1,3) (the classes come
   from the same search one dimension lower). The other blocks hold a >= b cards
   (swap them if not), a, b <= m, and a shear (x1, x') -> (x1, x' + c*x1), which moves
   nothing in block 0, makes 10..0 one of the a cards.
3. Search the rest with bitsets, at most m cards in every hyperplane (bound), the matching
   bound, and a >= b.
So "no cap of T cards" is a handful of small searches, one per (m, class of R). All caps of
the maximum size are found up to symmetry the same way, grouped into affine classes by
their frame orbits, and counted as sum over classes of |AGL| / |Stab|.

For n <= 3 it simply fixes an affine frame 0, e1, ..., en (every maximum cap spans the
space). For n >= 5 the classification one level down is out of reach here; there the
search looks for caps invariant under an affine map of order 5 (prescribed symmetry: a
much smaller search whose solutions are genuine caps), which finds a 45-cap for n = 5, and
the counting argument gives an upper bound; the maximum is then not proven.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.setgame.affine import CapClass, build_class, classify
from puzzleviz.solvers.setgame.board import Board
from puzzleviz.solvers.setgame.geometry import AffineSpace, affine_space
from puzzleviz.solvers.setgame.kernels.bitsearch import ALL_EXACT, ALL_MAX, STOP_FIRST
from puzzleviz.solvers.setgame.model import REASON_SYMMETRY, SetGameModel
from puzzleviz.solvers.setgame.results import CapSearch
from puzzleviz.solvers.setgame.runner import Captions, SearchStats, bit_run, free_candidates
from puzzleviz.solvers.setgame.symmetric import prescribed_symmetry_search
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer


def min_fullest(space: AffineSpace, k: int) -> int:
    """The least number of cards the fullest hyperplane of any k-cap holds (argument 1)."""
    d1 = (3**space.n - 1) // 2
    d2 = (3 ** (space.n - 1) - 1) // 2
    return math.ceil(Fraction(d1 + (k - 1) * d2, d1))


def _most_uneven_squares(k: int, m: int) -> int:
    """The largest a^2 + b^2 + c^2 over a + b + c = k with 0 <= a, b, c <= m."""
    a = min(m, k)
    b = min(m, k - a)
    return a * a + b * b + (k - a - b) ** 2


def fullest_sizes(space: AffineSpace, k: int, max_below: int) -> list[int]:
    """The sizes m the fullest hyperplane of a k-cap can have. Per direction the three
    parallel hyperplanes hold a + b + c = k cards, each at most m, so the sum of squares
    over all hyperplanes is at most D1 * (most uneven split); it must reach
    k*D1 + k(k-1)*D2. For k = 21 in AG(4,3) this leaves only m = 9."""
    d1 = (3**space.n - 1) // 2
    d2 = (3 ** (space.n - 1) - 1) // 2
    needed = k * d1 + k * (k - 1) * d2
    return [
        m
        for m in range(min_fullest(space, k), max_below + 1)
        if 3 * m >= k and d1 * _most_uneven_squares(k, m) >= needed
    ]


def counting_upper_bound(space: AffineSpace, max_below: int) -> int:
    """The largest k that the counting argument cannot rule out."""
    k = max_below
    while fullest_sizes(space, k + 1, max_below):
        k += 1
    return k


# -- n <= 3: fix a frame ------------------------------------------------------------------


def frame_search(
    space: AffineSpace,
    mode: int,
    target: int,
    tracer: Tracer = NULL_TRACER,
    stats: SearchStats | None = None,
    keep: int = 100_000,
) -> tuple[int, list[list[int]], int]:
    """Caps containing the frame 0, e1, ..., en: ALL_MAX for the maximum, ALL_EXACT for
    every cap of `target` cards (of those that span the space, all classes appear)."""
    stats = stats if stats is not None else SearchStats()
    board = Board(SetGameModel(3, space.n), tracer)
    captions = Captions(tracer, space.cards.all_words)
    tracer.step(
        msg("Symmetry: a large cap spans the space, so relabel 4 of its cards as 0, e1, ..., en")
        if space.n == 3
        else msg("Symmetry: fix the affine frame 0, e1, ..., en")
    )
    for card in space.frame:
        board.place(card)
    result = bit_run(space, board, captions, stats, free_candidates(board), target, mode, keep=keep)
    tracer.step(msg("Take the frame back"))
    board.take_back_to(0)
    return result


# -- classes one dimension down -----------------------------------------------------------

_CLASS_CACHE: dict[tuple[int, int], list[CapClass]] = {}
_MAX_CACHE: dict[int, CapSearch] = {}


def clear_caches() -> None:
    """Forget classifications and maxima (benchmarks time a proof from scratch)."""
    _CLASS_CACHE.clear()
    _MAX_CACHE.clear()


def cap_classes(n: int, size: int) -> list[CapClass]:
    """All affine classes of caps of `size` cards in AG(n,3) that span the space."""
    key = (n, size)
    if key not in _CLASS_CACHE:
        space = affine_space(n)
        if n <= 3:
            _, caps, _ = frame_search(space, ALL_EXACT, size)
        else:  # one representative per class is enough: the fullest-hyperplane search
            caps = fullest_hyperplane_search(space, size, ALL_EXACT, known_maximum(n - 1))
        classes, _ = classify(space, caps)
        classes.sort(key=lambda c: c.canonical)
        _CLASS_CACHE[key] = classes
    return _CLASS_CACHE[key]


# -- n = 4: the fullest hyperplane ----------------------------------------------------------


def fullest_hyperplane_search(
    space: AffineSpace,
    target: int,
    mode: int,
    below: CapSearch,
    tracer: Tracer = NULL_TRACER,
    stats: SearchStats | None = None,
    keep: int = 100_000,
) -> list[list[int]]:
    """Caps of `target` cards (STOP_FIRST: one, ALL_EXACT: all up to symmetry), by
    arguments 1-3 in the module docstring. `below` is the proven maximum of AG(n-1,3)."""
    stats = stats if stats is not None else SearchStats()
    n = space.n
    block = 3 ** (n - 1)
    sub_max = below.size
    sizes = fullest_sizes(space, target, sub_max)
    if mode == STOP_FIRST:
        sizes = sizes[::-1]  # full hyperplanes first: a cap is found sooner
    board = Board(SetGameModel(3, n), tracer)
    words = space.cards.all_words
    captions = Captions(tracer, words)
    allowed = np.zeros(space.size, dtype=bool)
    allowed[block:] = True
    s1, s2 = space.slice_hyperplane(1), space.slice_hyperplane(2)
    found: list[list[int]] = []
    for m in sizes:
        if n >= 3 and m <= known_maximum(n - 2).size:
            # an m-cap could then lie in a plane of block 0 and have no frame to classify by
            raise NotImplementedError(f"caps of {m} cards in AG({n - 1},3) may not span it")
        a_min = -(-(target - m) // 2)
        if a_min > m:
            continue
        classes = cap_classes(n - 1, m)
        for index, rep in enumerate(classes, start=1):
            tracer.step(
                msg("Fullest hyperplane with {m} cards, class {index} of {total}: put it in "
                    "block 0", m=m, index=index, total=len(classes))
            )  # fmt: skip
            for card in rep.canonical:
                board.place(card)
            board.prune(range(block), REASON_SYMMETRY)
            tracer.step(
                msg("Shear symmetry: block 1 holds at least {a_min} cards, one of them {card}",
                    a_min=a_min, card=words[block])
            )  # fmt: skip
            board.place(block)
            _, caps, met = bit_run(
                space,
                board,
                captions,
                stats,
                free_candidates(board, allowed),
                target,
                mode,
                hyperplane_cap=m,
                slices=(s1, s2, a_min, 2 * block),
                keep=keep,
            )
            if met > len(caps):
                raise RuntimeError(f"{met:,} caps found, only {len(caps):,} kept: raise keep")
            found.extend(caps)
            done = msg("Done with class {index} of the {m}-card hyperplanes", index=index, m=m)
            tracer.step(done)
            board.take_back_to(0)
            if mode == STOP_FIRST and found:
                return found
    return found


def doubled_cap(space: AffineSpace, cap_below: list[int]) -> list[int]:
    """{(0,x)} ∪ {(1,x)} for a cap in AG(n-1,3): a cap of twice the size (no line meets
    the blocks 0, 0, 1 or 0, 1, 1, as 0+0+1 and 0+1+1 are not 0 mod 3)."""
    block = 3 ** (space.n - 1)
    return sorted([c for c in cap_below] + [block + c for c in cap_below])


def maximum_v3(
    n: int, *, count: bool = False, tracer: Tracer = NULL_TRACER, node_limit: int | None = None
) -> CapSearch:
    """The largest cap of AG(n,3) with no user constraints, proven for n <= 4."""
    space = affine_space(n)
    stats = SearchStats()
    if n <= 3:
        best, caps, _ = frame_search(space, ALL_MAX, n + 1, tracer, stats)
        result = CapSearch(best, True, caps, method="frame")
    elif n == 4:
        below = _cached_maximum(n - 1)
        size = 2 * below.size
        witness = [doubled_cap(space, below.caps[0])]
        for target in range(size + 1, 3 * below.size + 1):
            caps = fullest_hyperplane_search(space, target, STOP_FIRST, below, tracer, stats)
            if not caps:
                break
            size, witness = target, caps
        caps = witness
        if count:
            caps = fullest_hyperplane_search(space, size, ALL_EXACT, below, tracer, stats)
        result = CapSearch(size, True, caps, method="fullest hyperplane")
    else:
        below = _cached_maximum(n - 1)
        result = prescribed_symmetry_search(space, tracer=tracer, stats=stats)
        sub_max = below.upper_bound or below.size
        result.upper_bound = counting_upper_bound(space, sub_max)
        sizes = fullest_sizes(space, result.size + 1, sub_max)
        result.notes.append(
            f"counting cards and pairs over hyperplanes: no cap has more than "
            f"{result.upper_bound} cards, and one of {result.size + 1} would need a hyperplane "
            f"with {' or '.join(map(str, sizes))} of them (not searched: out of reach here)"
        )
    result.nodes = stats.nodes
    if result.proven:
        result.upper_bound = result.size
        tracer.milestone(
            "proven",
            msg("no cap has {more} cards: {size} is the maximum", more=result.size + 1,
                size=result.size),
        )  # fmt: skip
    if count and result.proven:
        result.classes, _ = classify(space, result.caps)
        result.count = sum(c.size(n) for c in result.classes)
    if tracer.enabled and result.caps:
        size, found = result.size, result.count
        if not result.proven:
            caption = msg(
                "Finished: {size} cards without a SET, not proven the largest: here is one",
                size=size,
            )
        elif found:
            caption = msg(
                "Finished: {size} cards without a SET, proven the largest ({count:,} "
                "such caps): here is one",
                size=size,
                count=found,
            )
        else:
            caption = msg(
                "Finished: {size} cards without a SET, proven the largest: here is one", size=size
            )
        # the title row's counts agree with the caption: the caps of the symmetry-reduced
        # search stand for all `count` of them
        tracer.count(best=size, **({"solutions": found} if found else {}))
        Board(SetGameModel(3, n), tracer).show(result.caps[0], caption)  # fmt: skip
    return result


def _cached_maximum(n: int) -> CapSearch:
    if n not in _MAX_CACHE:
        _MAX_CACHE[n] = maximum_v3(n)
    return _MAX_CACHE[n]


def known_maximum(n: int, *, count: bool = False) -> CapSearch:
    """maximum_v3 without a trace, computed once per process (count=True also classifies)."""
    key = -n if count else n
    if key not in _MAX_CACHE:
        _MAX_CACHE[key] = maximum_v3(n, count=count)
    return _MAX_CACHE[key]


__all__ = [
    "CapSearch",
    "build_class",
    "cap_classes",
    "clear_caches",
    "counting_upper_bound",
    "frame_search",
    "fullest_hyperplane_search",
    "known_maximum",
    "maximum_v3",
    "min_fullest",
]

"""Pure-Python references, written from the rules alone for the tests to check the fast
searches against: what a SET is, and the largest cap by plain backtracking (small spaces).

A card is a word of n digits in 0..v-1. v cards form a SET when, in every position, their
digits are all the same or all different. A cap holds no SET.
"""

from __future__ import annotations

from itertools import combinations, product


def is_set(cards: tuple[tuple[int, ...], ...]) -> bool:
    """Do these v cards (v = their number) form a SET?"""
    v = len(cards)
    return all(len(set(digits)) in (1, v) for digits in zip(*cards, strict=True))


def is_cap(cards: list[tuple[int, ...]], v: int) -> bool:
    return not any(is_set(group) for group in combinations(cards, v))


def largest_cap(v: int, n: int) -> int:
    """The most cards without a SET, by backtracking over the cards in order with the
    plain bound "chosen + still to come cannot beat the best". Adding a constant to a
    position's digits (mod v) keeps equal digits equal and distinct ones distinct, so it
    maps caps to caps: some largest cap holds the card 0...0, and the search starts there."""
    cards = list(product(range(v), repeat=n))
    best = 0

    def extend(chosen: list[tuple[int, ...]], start: int) -> None:
        nonlocal best
        best = max(best, len(chosen))
        for i in range(start, len(cards)):
            if len(chosen) + len(cards) - i <= best:
                return
            card = cards[i]
            if any(is_set((*group, card)) for group in combinations(chosen, v - 1)):
                continue
            chosen.append(card)
            extend(chosen, i + 1)
            chosen.pop()

    extend([cards[0]], 1)
    return best

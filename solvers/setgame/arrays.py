"""Names for the SET game's array layouts (built on solvers.arrays), so a signature says
which one it takes.

A card is an int, its index in the space of N = v**n cards, and also a vector: its n digits
in 0..v-1 (cards.CardSpace: index = digits @ weights). Sets of cards are bitsets.
"""

from __future__ import annotations

from typing import TypeAlias

from puzzleviz.solvers.arrays import Int32Array, Int64Array, StateArray, UInt64Array

SetState: TypeAlias = StateArray
"""The model's state (model.py): the level, then per card forbidden, status, by, order."""

CardBits: TypeAlias = UInt64Array
"""(words,) uint64: a set of cards, bit c & 63 of word c >> 6 standing for card c."""

CardVectors: TypeAlias = Int64Array
"""(N, n) int64: each card's digits, one row a card."""

CardTable: TypeAlias = Int32Array
"""(N, N) int32: a card for each pair of cards, e.g. third[a, b], the card that makes a
SET with a and b (geometry.AffineSpace)."""

Hyperplanes: TypeAlias = Int32Array
"""(N, D) int32: per card and direction, the hyperplane (3 d + value) it lies in."""

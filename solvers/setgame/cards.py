"""Cards as words: n properties with v variants each, and the SET rule of seed 003.

A card is a word of n digits in 0..v-1 ("0201" for v = 3, n = 4); its index is the word
read in base v, first digit most significant, so the cards are 0..v**n - 1 and "0201" is 19.
v cards form a SET when every property is all the same or all different on them.

The seed's program never tests whole SETs: it asks which card would *complete* a SET with
v - 1 chosen cards, per property: if one variant occurs v - 1 times the completing card has
it too; if v - 1 distinct variants occur once each it has the missing one; otherwise no card
completes them. For v = 2 both cases apply at once (any two different cards form a SET), so
there every other card completes a single chosen card.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Iterator, Sequence

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import N_, N_plural, msg, nmsg

MAX_CARDS = 2187  # 3**7: keeps the per-pair tables and the trace states small
NO_CARD = -1


class CardSpace:
    """All v**n cards of one game, with conversions and the seed's completion rule."""

    def __init__(self, v: int, n: int):
        if not isinstance(v, int) or not isinstance(n, int) or v < 2 or n < 1:
            raise PuzzleInputError(f"v must be at least 2 and n at least 1 (got v={v}, n={n})")
        if n > MAX_CARDS.bit_length() or v**n > MAX_CARDS:  # n first: 10**10**9 never ends
            size = f"{v}**{n} = {v**n}" if n <= MAX_CARDS.bit_length() else f"{v}**{n}"
            raise PuzzleInputError(
                f"v**n = {size} cards is more than this program handles ({MAX_CARDS})"
            )
        self.v = v
        self.n = n
        self.size = v**n
        weights = v ** np.arange(n - 1, -1, -1, dtype=np.int64)
        self.weights = weights
        cards = np.arange(self.size, dtype=np.int64)
        self.digits = ((cards[:, None] // weights[None, :]) % v).astype(np.int64)
        self._words: list[str] | None = None

    @property
    def all_words(self) -> list[str]:
        """The word of every card, by index (cached: scenes and captions use it a lot)."""
        if self._words is None:
            self._words = [self.word(c) for c in range(self.size)]
        return self._words

    def __repr__(self) -> str:
        return f"CardSpace(v={self.v}, n={self.n})"

    def word(self, card: int) -> str:
        return (
            "".join(str(int(d)) for d in self.digits[card])
            if self.v <= 10
            else "-".join(str(int(d)) for d in self.digits[card])
        )

    def words(self, cards: Iterable[int]) -> list[str]:
        return [self.word(c) for c in cards]

    def index(self, digits: Sequence[int]) -> int:
        return int(np.dot(np.asarray(digits, dtype=np.int64), self.weights))

    def parse(self, text: str) -> int:
        """A card from its word ("0201"; for v > 10 digits separated by "-")."""
        raw = text.strip()
        parts = raw.split("-") if self.v > 10 else list(raw)
        if len(parts) != self.n or not all(p.isdigit() for p in parts):
            raise PuzzleInputError(
                f"card {text!r} is not a word of {self.n} digits in 0..{self.v - 1}"
            )
        values = [int(p) for p in parts]
        if any(d >= self.v for d in values):
            raise PuzzleInputError(f"card {text!r} has a digit above {self.v - 1}")
        return self.index(values)

    def parse_list(self, text: str | None) -> list[int]:
        """Cards from "0000,1201"; duplicates are an error a user should hear about."""
        if not text:
            return []
        cards = [self.parse(part) for part in text.split(",") if part.strip()]
        if len(set(cards)) != len(cards):
            raise PuzzleInputError(f"a card is listed twice in {text!r}")
        return cards

    def is_set(self, cards: Sequence[int]) -> bool:
        """True if these v different cards form a SET."""
        if len(cards) != self.v or len(set(cards)) != self.v:
            return False
        columns = self.digits[list(cards)]
        for k in range(self.n):
            distinct = len(set(columns[:, k].tolist()))
            if distinct not in (1, self.v):
                return False
        return True

    def completing_card(self, cards: Sequence[int]) -> int:
        """The card that completes a SET with v - 1 different cards, by the seed's rule, or
        NO_CARD. (For v = 2 use `completions`, which knows that any card completes.)"""
        return completing_card(self.digits, self.v, np.asarray(cards, dtype=np.int64))

    def completions(self, new: int, chosen: Sequence[int]) -> Iterator[tuple[int, tuple[int, ...]]]:
        """Every card that would complete a SET with `new` and v - 2 of `chosen`, with the
        v - 2 partners: what the seed's SchliesseAus marks after placing `new`."""
        others = [c for c in chosen if c != new]
        if self.v == 2:
            for card in range(self.size):
                if card != new:
                    yield card, ()
            return
        if self.v == 3:  # the third card of a line: digits adding up to 0 mod 3
            if others:
                thirds = ((-(self.digits[new] + self.digits[others])) % 3) @ self.weights
                for card, partner in zip(thirds.tolist(), others, strict=True):
                    yield card, (partner,)
            return
        for partners in itertools.combinations(others, self.v - 2):
            card = self.completing_card((new, *partners))
            if card != NO_CARD:
                yield card, partners

    def is_cap(self, cards: Sequence[int]) -> bool:
        """True if no v of these cards form a SET (brute force; for tests and checks)."""
        chosen = list(cards)
        if len(set(chosen)) != len(chosen):
            return False
        if self.v == 2:
            return len(chosen) <= 1
        if self.v == 3:  # all pairs at once: a SET is a pair plus its third card
            d = self.digits[chosen]
            thirds = ((-(d[:, None, :] + d[None, :, :])) % 3) @ self.weights
            inside = np.isin(thirds, np.asarray(chosen))
            np.fill_diagonal(inside, False)  # third(c, c) = c is no SET
            return not inside.any()
        members = set(chosen)
        for subset in itertools.combinations(chosen, self.v - 1):
            card = self.completing_card(subset)
            if card != NO_CARD and card in members and card not in subset:
                return False
        return True


def completing_card(digits: np.ndarray, v: int, cards: np.ndarray) -> int:
    """The seed's rule on the digit table (v >= 3): per property, v - 1 equal variants give
    that variant, v - 1 different variants give the missing one, anything else no card."""
    n = digits.shape[1]
    result = 0
    for k in range(n):
        column = digits[cards, k]
        counts = np.bincount(column, minlength=v)
        top = int(counts.argmax())
        if counts[top] == v - 1:
            variant = top
        elif counts.max() == 1:
            variant = int(np.flatnonzero(counts == 0)[0])
        else:
            return NO_CARD
        result = result * v + variant
    return result


# -- the real game's cards (v = 3, n <= 4): digit k of the word is property k --------------
#
#     digit 0: number   1, 2, 3
#     digit 1: shape    diamond, squiggle, oval
#     digit 2: colour   red, green, purple
#     digit 3: shading  solid, striped, open
#
# Properties beyond n take their first variant (one solid red diamond...). These are the
# cards' names in words (for captions); how they are drawn is the scene's (scenes/set_cards).

NUMBERS = (1, 2, 3)
SHAPES = ("diamond", "squiggle", "oval")
COLOURS = ("red", "green", "purple")
SHADINGS = ("solid", "striped", "open")


@dataclasses.dataclass(frozen=True)
class CardLook:
    number: int
    shape: str
    colour: str
    shading: str

    def text(self) -> str:
        plural = "s" if self.number > 1 else ""
        return f"{self.number} {self.colour} {self.shading} {self.shape}{plural}"

    def message(self) -> str:
        """The look as a caption message (solvers.i18n): one sentence per shape, so each
        language agrees its number, colour and shading words with the shape's noun."""
        singular, plural = _SHAPE_WORDS[self.shape]
        return nmsg(singular, plural, self.number,
                    colour=msg(_WORDS[self.colour]), shading=msg(_WORDS[self.shading]))  # fmt: skip


_SHAPE_WORDS = {
    "diamond": N_plural("{n} {colour} {shading} diamond", "{n} {colour} {shading} diamonds"),
    "squiggle": N_plural("{n} {colour} {shading} squiggle", "{n} {colour} {shading} squiggles"),
    "oval": N_plural("{n} {colour} {shading} oval", "{n} {colour} {shading} ovals"),
}
_WORDS = {word: word for word in (N_("red"), N_("green"), N_("purple"), N_("solid"),
                                  N_("striped"), N_("open"))}  # fmt: skip


def card_look(card: int, n: int = 4) -> CardLook:
    if not 1 <= n <= 4:
        raise ValueError("real SET cards have at most 4 properties")
    digits = [(card // 3 ** (n - 1 - k)) % 3 for k in range(n)] + [0] * (4 - n)
    return CardLook(NUMBERS[digits[0]], SHAPES[digits[1]], COLOURS[digits[2]], SHADINGS[digits[3]])

"""How a card of the real game looks (v = 3, n <= 4): digit k of the word is property k.

    digit 0: number   1, 2, 3
    digit 1: shape    diamond, squiggle, oval
    digit 2: colour   red, green, purple
    digit 3: shading  solid, striped, open
Properties beyond n are drawn with their first variant (one solid red diamond...).
"""

from __future__ import annotations

import dataclasses

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


def card_look(card: int, n: int = 4) -> CardLook:
    if not 1 <= n <= 4:
        raise ValueError("real SET cards have at most 4 properties")
    digits = [(card // 3 ** (n - 1 - k)) % 3 for k in range(n)] + [0] * (4 - n)
    return CardLook(NUMBERS[digits[0]], SHAPES[digits[1]], COLOURS[digits[2]], SHADINGS[digits[3]])

"""The STATE text format: each ring's own balls in own-ball order, one colour character per
ball (1-9, then a, b, ... for colours 10 and up), rings separated by '/'.

For the original puzzle that is C1_1..C1_19 / C2_1..C2_19, e.g. the solved state
'1111111112222222222/3333333334444444444'.
"""

from __future__ import annotations

import string

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.layouts import RingState

_DIGITS = "123456789" + string.ascii_lowercase


def colour_char(colour: int) -> str:
    return _DIGITS[colour - 1]


def format_state(config: RingConfig, state: RingState) -> str:
    offsets = config.offsets
    return "/".join(
        "".join(colour_char(int(c)) for c in state[offsets[r] : offsets[r + 1]])
        for r in range(config.rings)
    )


def parse_state(config: RingConfig, text: str) -> RingState:
    """The state array for STATE `text`; one clear error line when it does not fit."""
    parts = text.strip().split("/")
    if len(parts) != config.rings:
        raise PuzzleInputError(
            f"state {text!r} has {len(parts)} ring(s) separated by '/', "
            f"configuration {config} has {config.rings}"
        )
    values: list[int] = []
    for r, part in enumerate(parts):
        want = config.own_count(r)
        if len(part) != want:
            raise PuzzleInputError(
                f"ring {r + 1} of the state lists {len(part)} balls, it owns {want} "
                f"(configuration {config})"
            )
        for ch in part.lower():
            colour = _DIGITS.find(ch) + 1
            if colour < 1 or colour > config.n_colours:
                raise PuzzleInputError(
                    f"ring {r + 1}: {ch!r} is not a colour of configuration {config} "
                    f"(colours are {colour_char(1)}..{colour_char(config.n_colours)})"
                )
            values.append(colour)
    state = np.array(values, dtype=np.int32)
    check_colour_counts(config, state)
    return state


def check_colour_counts(config: RingConfig, state: RingState) -> None:
    counts = np.bincount(state, minlength=config.n_colours + 1)[1:]
    for c, (have, want) in enumerate(zip(counts, config.colour_counts, strict=True)):
        if have != want:
            raise PuzzleInputError(
                f"the state has {have} balls of colour {colour_char(c + 1)}, "
                f"configuration {config} has {want}"
            )

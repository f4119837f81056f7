"""The answers a packing quiz offers as buttons: a few candidates, the recorded one among them.

A packing's scene cannot make a move by a click (a piece has a place and a way to lie), so
its judge offers the moves the search weighs for the next cell as buttons. A column of
buttons holds about eight (viz.quiz_panel: 36-unit buttons beside a 720-unit stage), so
the list is cut there, keeping the recorded move and the others the search would try
first. The buttons are sorted by their text, not in the search's order: the search tries
its first candidate first, so that order would give the recorded move away.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_CHOICES = 8


def offered(candidates: Sequence[str], recorded: str, limit: int = MAX_CHOICES) -> list[str]:
    """At most `limit` of `candidates` (the first ones, the recorded move always among
    them), sorted by their text (numbers by their value: "x 2" before "x 10")."""
    chosen = list(dict.fromkeys(candidates))
    if recorded not in chosen:
        chosen.append(recorded)
    if len(chosen) > limit:
        keep = [c for c in chosen if c != recorded][: limit - 1]
        chosen = [*keep, recorded]
    return sorted(chosen, key=natural)


def natural(text: str) -> tuple[tuple[int, str], ...]:
    """A sort key that reads the numbers in `text` as numbers."""
    return tuple((int(part), "") if part.isdigit() else (-1, part.lower())
                 for part in re.split(r"(\d+)", text))  # fmt: skip

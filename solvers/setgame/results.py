"""What the SET searches return: one maximum search's findings (CapSearch), and the answer
to a question with the user's constraints (SetResult), as the command prints and writes it."""

from __future__ import annotations

import dataclasses
from typing import Any

from puzzleviz.solvers.setgame.affine import CapClass
from puzzleviz.solvers.setgame.cards import CardSpace


@dataclasses.dataclass
class CapSearch:
    """What one maximum search established."""

    size: int  # the largest cap found
    proven: bool  # True if no larger cap exists (the search finished)
    caps: list[list[int]]  # caps of that size found by the search (symmetry reduced)
    classes: list[CapClass] | None = None
    count: int | None = None  # all caps of that size in the whole space
    upper_bound: int | None = None
    nodes: int = 0
    method: str = ""
    notes: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class SetResult:
    v: int
    n: int
    max: int
    proven: bool
    count: int | None
    classes: list[CapClass] | None
    caps: list[list[int]]
    upper_bound: int | None
    nodes: int
    solver: str
    method: str
    notes: list[str] = dataclasses.field(default_factory=list)
    finished: bool = True  # the search ran to its end (no node limit hit)
    caps_in_json: int = 10  # how many caps --json lists
    class_count: int | None = None  # classes of maximum caps when `classes` is not listed

    @property
    def stopped(self) -> bool:
        return not self.finished

    def _words(self) -> list[str]:
        return CardSpace(self.v, self.n).all_words

    def to_json(self) -> dict[str, Any]:
        """The CLI's JSON: the issue's keys first, then what was proven."""
        words = self._words()
        return {
            "v": self.v,
            "n": self.n,
            "max": self.max,
            "count": self.count,
            "classes": self.class_count if self.classes is None else len(self.classes),
            "caps": [[words[c] for c in cap] for cap in self.caps[: self.caps_in_json]],
            "proven": self.proven,
            "upper_bound": self.upper_bound,
        }

    def summary(self) -> str:
        proof = "proven maximum" if self.proven else "largest found, not proven maximum"
        return f"v={self.v} n={self.n}: {self.max} cards ({proof}; {self.method})"

    def lines(self) -> list[str]:
        words = self._words()
        lines = [self.summary()]
        if not self.proven and self.upper_bound is not None:
            lines.append(f"  no cap has more than {self.upper_bound} cards (counting argument)")
        if self.count is not None:
            lines.append(f"  {self.count:,} caps of {self.max} cards")
        if self.classes is not None:
            sizes = ", ".join(f"{c.size(self.n):,}" for c in self.classes)
            lines.append(f"  {len(self.classes)} affine class(es) ({sizes} caps)")
        lines.append(f"  search nodes: {self.nodes:,}")
        if self.caps:
            lines.append("  a cap: " + " ".join(words[c] for c in self.caps[0]))
        lines.extend(f"  note: {note}" for note in self.notes)
        return lines

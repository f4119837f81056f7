"""What a rings search returns, and how the command says it."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from puzzleviz.solvers.i18n import N_, nmsg
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.stateio import format_state
from puzzleviz.solvers.rings.search.graphsearch import CANCELLED, EXHAUSTED, FOUND, NODE_LIMIT

REASONS = {  # English in JSON and on the command line; msgids for the window's notices
    FOUND: "solved",
    EXHAUSTED: N_("no solution within the limits"),
    NODE_LIMIT: N_("stopped at the node limit"),
    CANCELLED: N_("cancelled"),
}


@dataclasses.dataclass
class RingsResult:
    method: str
    found: bool
    moves: list[tuple[int, int]]  # (ring 0-based, f)
    reason: str
    expanded: int
    open: int
    closed: int
    final_state: np.ndarray | None = None
    details: dict[str, Any] = dataclasses.field(default_factory=dict)
    config: RingConfig | None = None  # what was solved (set by methods.solve)
    start: np.ndarray | None = None
    seconds: float = 0.0
    optimal: bool | None = None  # proven shortest or not (None: the method does not say)
    lower_bound: int | None = None  # proved: no solution is shorter (optimal, practical)

    @property
    def length(self) -> int:
        return len(self.moves)

    @property
    def stopped(self) -> bool:
        return self.reason == REASONS[NODE_LIMIT]

    def _text(self, state: np.ndarray | None) -> str:
        assert self.config is not None
        return format_state(self.config, state) if state is not None else "?"

    def proof(self) -> str:
        """'shortest: 14 moves (proven)', '14 moves (not proven shortest)' or '14 moves'."""
        if self.optimal is None:
            return f"{self.length} moves"
        return solution_words(self.length, self.optimal)

    def summary(self) -> str:
        return (
            f"{self.method}: {self.proof()} ({self.expanded:,} positions expanded, "
            f"{self.seconds:.2f} s)"
        )

    def lines(self) -> list[str]:
        moves = " ".join(f"{r + 1}:{f}" for r, f in self.moves) or "(already solved)"
        return [
            f"config   {self.config}",
            f"start    {self._text(self.start)}",
            f"method   {self.method} ({self.expanded:,} expanded, {self.seconds:.2f} s)",
            f"length   {self.length}{self._length_note()}",
            f"moves    {moves}",
            f"solved   {self._text(self.final_state)}",
        ]

    def _length_note(self) -> str:
        if self.optimal:
            return " (proven shortest)"
        if self.optimal is None:
            return ""
        bound = "" if self.lower_bound is None else f"; none shorter than {self.lower_bound}"
        return f" (not proven shortest{bound})"

    def to_json(self) -> dict[str, Any]:
        out = {
            "config": str(self.config),
            "start": self._text(self.start),
            "moves": [[ring + 1, f] for ring, f in self.moves],
            "length": self.length,
            "method": self.method,
        }
        if self.lower_bound is not None:
            out["optimal"] = bool(self.optimal)
            out["lower_bound"] = self.lower_bound
        return out


def solution_message(length: int, optimal: bool | None) -> str:
    """solution_words (or a bare count when optimality is unknown) as a caption message."""
    if optimal is None:
        return nmsg("{n} move", "{n} moves", length)
    if optimal:
        return nmsg("shortest: {n} move (proven)", "shortest: {n} moves (proven)", length)
    return nmsg("{n} move (not proven shortest)", "{n} moves (not proven shortest)", length)


def solution_words(length: int, optimal: bool) -> str:
    """How a solution is announced: whether it is proven shortest, in plain words."""
    moves = f"{length} move{'' if length == 1 else 's'}"
    return f"shortest: {moves} (proven)" if optimal else f"{moves} (not proven shortest)"

"""What a rings search returns, and how the command says it."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from solvers.rings.config import RingConfig
from solvers.rings.graphsearch import CANCELLED, EXHAUSTED, FOUND, NODE_LIMIT
from solvers.rings.stateio import format_state

REASONS = {
    FOUND: "solved",
    EXHAUSTED: "no solution within the limits",
    NODE_LIMIT: "stopped at the node limit",
    CANCELLED: "cancelled",
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
    config: RingConfig | None = None  # what was solved (set by search.solve)
    start: np.ndarray | None = None
    seconds: float = 0.0

    @property
    def length(self) -> int:
        return len(self.moves)

    @property
    def stopped(self) -> bool:
        return self.reason == REASONS[NODE_LIMIT]

    def _text(self, state: np.ndarray | None) -> str:
        assert self.config is not None
        return format_state(self.config, state) if state is not None else "?"

    def summary(self) -> str:
        return (
            f"{self.method}: {self.length} moves ({self.expanded:,} positions expanded, "
            f"{self.seconds:.2f} s)"
        )

    def lines(self) -> list[str]:
        moves = " ".join(f"{r + 1}:{f}" for r, f in self.moves) or "(already solved)"
        return [
            f"config   {self.config}",
            f"start    {self._text(self.start)}",
            f"method   {self.method} ({self.expanded:,} expanded, {self.seconds:.2f} s)",
            f"length   {self.length}",
            f"moves    {moves}",
            f"solved   {self._text(self.final_state)}",
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "config": str(self.config),
            "start": self._text(self.start),
            "moves": [[ring + 1, f] for ring, f in self.moves],
            "length": self.length,
            "method": self.method,
        }

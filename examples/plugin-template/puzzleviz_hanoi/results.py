"""What the method found, in lines and in JSON: {"disks": 3, "moves": [[disk, from, to]]}."""

from __future__ import annotations

import dataclasses
from typing import Any

from puzzleviz_hanoi.model import Move, peg_name


@dataclasses.dataclass(frozen=True)
class HanoiResult:
    disks: int
    moves: tuple[Move, ...]
    stopped: bool  # a node limit cut it short

    def summary(self) -> str:
        return f"{self.disks} disks: {len(self.moves):,} moves"

    def lines(self) -> list[str]:
        steps = [f"  {k + 1:>4}. disk {m.disk + 1}: {peg_name(m.source)} -> {peg_name(m.target)}"
                 for k, m in enumerate(self.moves[:20])]  # fmt: skip
        more = [f"  ... and {len(self.moves) - 20:,} more"] if len(self.moves) > 20 else []
        stop = ["  STOPPED at the node limit"] if self.stopped else []
        return [self.summary(), *steps, *more, *stop]

    def to_json(self) -> dict[str, Any]:
        return {"disks": self.disks, "moves": [[m.disk, m.source, m.target] for m in self.moves]}

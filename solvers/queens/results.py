"""What the N-queens search returns, and how the command says it: the count, the first
solution as a board, and the JSON {"n": N, "count": C, "solutions": [[col of row 0, ...]]}."""

from __future__ import annotations

import dataclasses
from typing import Any

from puzzleviz.solvers.queens.model import square


@dataclasses.dataclass(frozen=True)
class QueensResult:
    n: int
    count: int | None  # every solution of the board; None if the count was stopped
    solutions: tuple[tuple[int, ...], ...]  # the first, or all of them: a column per row
    nodes: int  # queens placed by the row-by-row search that found `solutions`
    count_nodes: int  # queens placed by the bitmask count
    stopped: bool  # a node limit (or Ctrl-C) cut a search short: the numbers are partial

    def summary(self) -> str:
        n = self.n
        if self.count is None:
            return f"{n} queens: not counted (stopped after {self.count_nodes:,} queens placed)"
        plural = "" if self.count == 1 else "s"
        return f"{n} queens on the {n} x {n} board: {self.count:,} solution{plural}"

    def lines(self) -> list[str]:
        lines = [self.summary()]
        if not self.solutions:
            lines.append(
                "  STOPPED at the node limit before a solution"
                if self.stopped
                else "  no way to place them: every arrangement has two queens attacking"
            )
            return lines
        first = self.solutions[0]
        squares = " ".join(square(row, col) for row, col in enumerate(first))
        lines.append(f"  first solution, row by row: {squares}")
        lines.append(f"  found after {self.nodes:,} queens placed (and taken back)")
        lines.extend("    " + row for row in board_text(first))
        if len(self.solutions) > 1:
            lines.append(f"  {len(self.solutions):,} solutions listed (--json writes them)")
        if self.stopped:
            lines.append("  STOPPED at the node limit: the numbers are partial")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "count": self.count, "solutions": [list(s) for s in self.solutions]}


def board_text(solution: tuple[int, ...]) -> list[str]:
    """The board in text: a row per line from the top, Q for a queen, with the edges'
    labels (the names the captions use)."""
    n = len(solution)
    rows = [f"{r + 1:>2} " + " ".join("Q" if c == col else "." for c in range(n))
            for r, col in enumerate(solution)]  # fmt: skip
    return [*rows, "   " + " ".join(square(0, c)[0] for c in range(n))]

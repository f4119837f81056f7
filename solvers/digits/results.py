"""What the digits search returns, and how the command says it."""

from __future__ import annotations

import dataclasses
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from puzzleviz.solvers.digits.exact import SearchSetup
    from puzzleviz.solvers.digits.symmetry import Solution

GRANULARITY_WORDS = {
    "mesh": "even block offsets, as the post searched (under a second)",
    "block": "every block offset (about half a minute)",
    "half": "offsets of half a block (one grid square of the picture), on the unit-square "
    "grid (about 35 CPU minutes for the shipped puzzle: 17 min with --workers 2)",
}


@dataclasses.dataclass(frozen=True)
class DigitsResult:
    setup: SearchSetup
    found: tuple[Solution, ...]  # what the search itself found (one symmetry per orbit)
    solutions: tuple[Solution, ...]  # all of them (images under the frame's symmetries)
    nodes: int
    stopped_early: bool
    final_path: tuple[int, ...]  # decisions on the stack if stopped early (see kernel)
    root_choices: int = 0  # how many choices the root has (the parts `roots` can select)
    # How the command reports it (set by the plugin's method, search.exact):
    seconds: float = 0.0
    first: bool = False  # asked to stop at the first solution
    show_all: bool = False  # print and write every solution, not one per class

    @property
    def count(self) -> int:
        return len(self.solutions)

    @cached_property
    def classes(self) -> list[list[Solution]]:
        return self.setup.classes.classes(self.solutions)

    def representatives(self) -> list[Solution]:
        """One solution per class (the first of each, in the order solutions are sorted)."""
        return [members[0] for members in self.classes]

    @property
    def stopped(self) -> bool:
        """Stopped by the node limit (not by --first with a solution in hand)."""
        return self.stopped_early and not (self.first and self.found)

    def summary(self) -> str:
        what = "first solution" if self.stopped_early and not self.stopped else "solutions"
        return (
            f"{self.count} {what} in {len(self.classes)} classes ({len(self.found)} found, "
            f"the rest by the frame's symmetry and swapping same-shaped pieces); "
            f"{self.nodes:,} search nodes in {self.seconds:.2f} s"
        )

    def lines(self) -> list[str]:
        # lazy: --help (options.py imports this module; solutions loads numpy and numba)
        from puzzleviz.solvers.digits.solutions import board_text, on_mesh, with_post_fixed_zero

        table = self.setup.table
        grid, granularity = table.grid, self.setup.granularity
        unit = "blocks" if grid.resolution == "block" else "unit squares (half blocks)"
        lines = [
            f"{grid.puzzle.name}: {granularity} granularity ({GRANULARITY_WORDS[granularity]}); "
            f"frame {grid.width} x {grid.height} {unit}, {len(grid.frame_cells)} triangles, "
            f"pieces {sum(len(o[0].cells) for o in grid.orientations)}",
            self.summary(),
        ]
        if self.stopped:
            lines.append("STOPPED at the node limit: the search is incomplete, the counts are "
                         "partial")  # fmt: skip
        if granularity != "mesh" and self.solutions:
            off = sum(not on_mesh(table, s) for s in self.solutions)
            lines.append(f"{off} of them off the mesh (pieces not all at even block offsets)")
        fixed = with_post_fixed_zero(table, self.solutions)
        if fixed and not self.stopped_early:
            lines.append(f"{len(fixed)} with the 0 lying as the post fixes it (tate v0 or yoko v1)")
        shown = list(self.solutions) if self.show_all else self.representatives()
        for i, solution in enumerate(shown, 1):
            title = (
                f"solution {i}"
                if self.show_all
                else f"class {i} ({len(self.classes[i - 1])} solutions)"
            )
            lines.append(f"\n{title}:\n{board_text(table, solution)}")
        return lines

    def to_json(self) -> dict[str, Any]:
        from puzzleviz.solvers.digits.solutions import result_json  # lazy: --help

        return result_json(self, all_solutions=self.show_all)

"""What the exact cube search returns, and how the command says it (the stochastic search's
result is solvers.cube.stochastic.StochasticResult)."""

from __future__ import annotations

import dataclasses
from typing import Any

from solvers.cube.puzzle import CubePuzzle
from solvers.cube.solution import Solution


@dataclasses.dataclass(frozen=True)
class CubeResult:
    puzzle: CubePuzzle
    solutions: list[Solution]  # in the order the search found them
    count: int
    nodes: int
    complete: bool  # False if the search stopped at max_solutions or at the node limit
    stopped: bool = False  # it stopped at the node limit: counts are partial
    # How the command reports it (set by the plugin's method, cube.search.exact):
    name: str = ""
    seconds: float = 0.0
    facts: dict[str, Any] = dataclasses.field(default_factory=dict)
    shown: int = 1  # which solution the text shows (1-based)

    def summary(self) -> str:
        what = "solutions" if self.complete else "solution(s) found (use --all for every one)"
        if self.stopped:
            what = "solution(s) found before the node limit"
        return f"{self.count:,} {what} in {self.seconds:.3f} s ({self.nodes:,} search nodes)"

    def lines(self) -> list[str]:
        from solvers.cube.model import CubeModel
        from solvers.cube.report import slice_lines

        lines = [f"{self.name}: {self.puzzle.describe()}", self.summary()]
        facts = self.facts
        if self.complete and facts:
            lines.append(
                f"{facts['classes_rotations']} class(es) under the box's {facts['rotations']} "
                f"rotations, {facts['classes_all']} under all its {facts['symmetries']} "
                "symmetries"
            )
        diagonal = facts.get("unit_cubes_on_a_space_diagonal")
        if diagonal is not None:
            lines.append(
                f"unit cubes on a space diagonal in {diagonal} of {len(self.solutions)} solutions"
            )
        if self.stopped:
            lines.append(f"STOPPED at the node limit ({self.nodes:,} nodes): the search is "
                         "incomplete")  # fmt: skip
        if self.solutions and self.shown <= len(self.solutions):
            model = CubeModel(self.puzzle, 0)
            codes = ", ".join(f"{t.code} = {t.name}" for t in self.puzzle.types if not t.is_hole)
            lines.append(f"\nsolution {self.shown}, z-slices (cell codes: {codes}):")
            lines.extend(slice_lines(model, model.solution_state(self.solutions[self.shown - 1])))
        return lines

    def to_json(self) -> dict[str, Any]:
        from solvers.cube.solution import solution_to_json

        facts = self.facts
        return {
            "title": self.puzzle.title,
            "box": list(self.puzzle.box),
            "count": self.count,
            "classes_rotations": facts.get("classes_rotations"),
            "classes_all": facts.get("classes_all"),
            **{k: v for k, v in facts.items() if k != "count"},
            "solutions": [solution_to_json(self.puzzle, s) for s in self.solutions],
        }

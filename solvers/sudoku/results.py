"""What the sudoku solver returns, and how the command says it (steps, grid, summary, JSON:
0-based rows and columns)."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import numpy as np
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.sudoku.arrays import Grid
from puzzleviz.solvers.sudoku.geometry import digit_char
from puzzleviz.solvers.sudoku.parse import Puzzle
from puzzleviz.solvers.sudoku.rating import Rating, rate_path
from puzzleviz.solvers.sudoku.steps import Step
from puzzleviz.solvers.sudoku.techniques import ORDERED, T_GUESS, TECHNIQUES

# The bands of the scale in solvers.sudoku.techniques: the level is the band of the
# hardest step (a forcing net is "extreme", only a guess is "guessing").
LEVELS = (
    (1.2, "easy"),
    (2.1, "medium"),
    (3.5, "hard"),
    (4.8, "expert"),
    (6.9, "master"),
    (9.0, "extreme"),
)


def level_name(rating: float) -> str:
    for limit, name in LEVELS:
        if rating <= limit:
            return name
    return "guessing"


@dataclasses.dataclass
class SudokuResult:
    puzzle: Puzzle
    steps: list[Step]
    final: Grid  # the grid reached (complete unless logic stalled with guessing off)
    solution: Grid  # the puzzle's solution (by brute force; one of them if several)
    unique: bool
    enabled: frozenset[str]

    @property
    def solved(self) -> bool:
        return bool(np.all(self.final > 0))

    @property
    def fallback_used(self) -> bool:
        return any(s.technique == T_GUESS for s in self.steps)

    @property
    def rating(self) -> float:
        """The rating of the hardest technique needed; 10.0 if a guess was needed, 0.0 for a
        grid that was already full."""
        if self.fallback_used:
            return TECHNIQUES[T_GUESS].rating
        used = [TECHNIQUES[s.technique].rating for s in self.steps if s.is_technique]
        return max(used, default=0.0)

    @functools.cached_property
    def ratings(self) -> Rating:
        """The ratings people already use: Sudoku Explainer's and HoDoKu's
        (solvers.sudoku.rating). Computed on first use: SE's may need one more solve."""
        return rate_path(self.puzzle, self.steps, self.enabled, unique=self.unique)

    @property
    def level(self) -> str:
        if not self.solved:
            return "stalled"
        return level_name(self.rating)

    def techniques_used(self) -> dict[str, int]:
        """Technique name -> number of steps, in registry order (special steps left out)."""
        counts: dict[str, int] = {}
        for t in ORDERED:
            k = sum(1 for s in self.steps if s.technique == t.id)
            if k:
                counts[t.name] = k
        return counts

    @property
    def stopped(self) -> bool:
        return False  # logic either finishes, stalls (said in the summary) or guesses

    def summary(self) -> str:
        name = f"{self.puzzle.name}: " if self.puzzle.name else ""
        used = ", ".join(f"{name} x{k}" for name, k in self.techniques_used().items())
        if not self.solved:
            open_cells = int((self.final == 0).sum())
            return (
                f"{name}logic stalled after {len(self.steps)} steps with {open_cells} cells "
                f"open (enable more techniques, or allow guessing); techniques: "
                f"{used or 'none'}"
            )
        guesses = sum(1 for s in self.steps if s.name == "guess")
        how = f"with {guesses} guess{'es' if guesses != 1 else ''}" if guesses else "by logic"
        return (
            f"{name}solved {how} in {len(self.steps)} steps, rating {self.rating:.1f} "
            f"({self.level}); {render(self.ratings.words(), 'en')}; techniques: {used or 'none'}"
        )

    def grid_text(self) -> str:
        b, n = self.puzzle.b, self.puzzle.n
        lines = []
        for r in range(n):
            if r and r % b == 0:
                lines.append("+".join(["-" * (2 * b + 1)] * b))
            row = [digit_char(int(v)) for v in self.final[r * n : (r + 1) * n]]
            lines.append("|".join(" " + " ".join(row[i : i + b]) + " " for i in range(0, n, b)))
        return "\n".join(lines)

    def lines(self) -> list[str]:
        width = len(str(len(self.steps)))
        numbered = [f"{k:>{width}}. {step.caption}" for k, step in enumerate(self.steps, 1)]
        return [*numbered, self.grid_text(), self.summary()]

    def to_json(self) -> dict[str, Any]:
        n = self.puzzle.n
        return {
            "puzzle": self.puzzle.text(),
            "solution": "".join(digit_char(int(v)) for v in self.final),
            "rating": self.ratings.to_json(),
            "fallback_used": self.fallback_used,
            "steps": [step_document(s, n) for s in self.steps],
        }


def step_document(step: Step, n: int) -> dict[str, Any]:
    return {
        "technique": step.name,
        "placements": [[c // n, c % n, d] for c, d in step.placements],
        "eliminations": [[c // n, c % n, d] for c, d in step.eliminations],
        "pattern": [[c // n, c % n] for c in step.pattern_cells()],
        "caption": step.caption,
    }

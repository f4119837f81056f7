"""The soundness check: no step that assumed only true things may remove a true digit.

A step inside a guessed branch is judged by the solution only if every guess it assumed is
the solution's digit; a wrong guess may legitimately lead to eliminating true digits until
the contradiction shows up. A contradiction under true assumptions is a bug too, and so is
a refutation of a true guess. Tests and the benchmark run this on every puzzle they solve.
"""

from __future__ import annotations

from puzzleviz.solvers.sudoku.geometry import Names
from puzzleviz.solvers.sudoku.results import SudokuResult
from puzzleviz.solvers.sudoku.techniques import T_CONTRADICTION, T_GUESS


def unsound_steps(result: SudokuResult) -> list[str]:
    """One line per unsound elimination, placement or contradiction (empty when sound).
    Only meaningful for a puzzle with a unique solution."""
    solution = result.solution.tolist()
    names = Names(result.puzzle.b)
    problems = []
    for number, step in enumerate(result.steps, start=1):
        if any(solution[c] != d for c, d in step.assumptions):
            continue
        where = f"step {number} ({step.name})"
        for cell, digit in step.eliminations:
            if solution[cell] == digit:
                problems.append(f"{where} removes {digit} from {names.cell(cell)}, its digit")
        if step.technique != T_GUESS:
            for cell, digit in step.placements:
                if solution[cell] != digit:
                    problems.append(f"{where} places {digit} in {names.cell(cell)}, not its digit")
        if step.technique == T_CONTRADICTION:
            problems.append(f"{where} finds a contradiction under true assumptions")
    return problems

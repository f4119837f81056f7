"""The facts an exact enumeration establishes, in one dict: the CLI prints them, the JSON
and the assembly trace's header (`params["facts"]`) carry them, so a scene can caption
them ("8 solutions, all one up to rotation; the unit cubes lie on a space diagonal")."""

from __future__ import annotations

from typing import Any

from solvers.cube.results import CubeResult
from solvers.cube.solution import on_a_space_diagonal, unit_cells
from solvers.cube.symmetry import classify


def solution_facts(result: CubeResult) -> dict[str, Any]:
    puzzle = result.puzzle
    rotations = classify(puzzle, result.solutions, rotations_only=True)
    everything = classify(puzzle, result.solutions, rotations_only=False)
    facts: dict[str, Any] = {
        "count": result.count,
        "complete": result.complete,
        "nodes": result.nodes,
        "rotations": rotations.group_order,
        "symmetries": everything.group_order,
        "classes_rotations": rotations.count,
        "classes_all": everything.count,
        "class_rotations_of": rotations.of,
        "class_all_of": everything.of,
    }
    units = [unit_cells(puzzle, s) for s in result.solutions]
    if result.solutions and all(len(u) > 1 for u in units):
        facts["unit_cubes_on_a_space_diagonal"] = sum(
            on_a_space_diagonal(u, puzzle.box) for u in units
        )
    return facts


def facts_caption(facts: dict[str, Any]) -> str:
    """One sentence, e.g. "8 solutions: 1 up to the 24 rotations, 1 up to all 48
    symmetries; the unit cubes lie on a space diagonal in every one"."""
    if not facts["complete"]:
        return f"{facts['count']} solution(s) found so far"
    text = (
        f"{facts['count']} solutions: {facts['classes_rotations']} up to the "
        f"{facts['rotations']} rotations, {facts['classes_all']} up to all "
        f"{facts['symmetries']} symmetries"
    )
    diagonal = facts.get("unit_cubes_on_a_space_diagonal")
    if diagonal is not None:
        if diagonal == facts["count"]:
            text += "; the unit cubes lie on a space diagonal in every one"
        else:
            text += f"; the unit cubes lie on a space diagonal in {diagonal} of them"
    return text

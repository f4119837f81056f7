"""The facts an exact enumeration establishes, in one dict: the CLI prints them, the JSON
and the assembly trace's header (`params["facts"]`) carry them, so a scene can caption
them ("8 solutions, all one up to rotation; the unit cubes lie on a space diagonal").

Everything here works on the solutions as rows of placement indices with numpy and the
numba kernels of `classes`, so tens of thousands of fillings take milliseconds."""

from __future__ import annotations

from typing import Any

import numpy as np
from puzzleviz.solvers.cube.classes import classify_rows
from puzzleviz.solvers.cube.group import puzzle_group
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.results import CubeResult
from puzzleviz.solvers.cube.symmetry import solution_rows
from puzzleviz.solvers.cube.tables import exact_tables
from puzzleviz.solvers.i18n import N_, msg, nmsg, render


def unit_columns(puzzle: CubePuzzle) -> np.ndarray:
    """The columns of a filling's row that hold real unit cubes (a row lists its pieces
    type by type, each type `count` times)."""
    cols = [
        np.arange(puzzle.first_instance[t], puzzle.first_instance[t] + ptype.count)
        for t, ptype in enumerate(puzzle.types)
        if ptype.volume == 1 and not ptype.is_hole
    ]
    return np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64)


def on_a_diagonal(puzzle: CubePuzzle, rows: np.ndarray) -> np.ndarray:
    """(S,) bool: the unit cubes of each filling lie on one space diagonal of a cubic box."""
    cols = unit_columns(puzzle)
    sx, sy, sz = puzzle.box
    if not sx == sy == sz or len(rows) == 0:
        return np.zeros(len(rows), dtype=np.bool_)
    cells = exact_tables(puzzle).placements.cells[rows[:, cols], 0]
    x, y, z = cells % sx, (cells // sx) % sy, cells // (sx * sy)
    flip = sx - 1
    found = np.zeros(len(rows), dtype=np.bool_)
    for a, b, c in ((x, y, z), (x, y, flip - z), (x, flip - y, z), (flip - x, y, z)):
        found |= ((a == b) & (b == c)).all(axis=1)
    return found


def solution_facts(result: CubeResult) -> dict[str, Any]:
    puzzle = result.puzzle
    group = puzzle_group(puzzle)
    rows = result.rows if result.rows is not None else solution_rows(puzzle, result.solutions)
    e = result.enumeration
    if e is not None:
        classes_all, classes_rot = e.classes, e.rotation_classes
        of, rot_of = e.class_of, e.rotation_class_of
    else:
        found = classify_rows(rows, group)
        of, rot_of = found.of, found.rotations_of
        classes_all = int(of.max()) + 1 if len(of) else 0
        classes_rot = int(rot_of.max()) + 1 if len(rot_of) else 0
    facts: dict[str, Any] = {
        "count": result.count,
        "complete": result.complete,
        "nodes": result.nodes,
        "rotations": group.rotations,
        "symmetries": group.order,
        "mirror_images_are_fillings": group.has_mirrors,
        "classes_rotations": classes_rot,
        "classes_all": classes_all,
        "class_rotations_of": rot_of,  # numpy arrays: CubeResult.to_json lists them
        "class_all_of": of,
    }
    if len(rows) and len(unit_columns(puzzle)) > 1 and not puzzle.ranged:
        # a symmetry of a cubic box keeps its space diagonals: a class counts in full
        weight = e.weight if e is not None else np.ones(len(rows), dtype=np.int64)
        facts["unit_cubes_on_a_space_diagonal"] = int(weight[on_a_diagonal(puzzle, rows)].sum())
    return facts


def facts_caption(facts: dict[str, Any]) -> str:
    """One sentence, e.g. "8 solutions: 1 up to the 24 rotations, 1 up to all 48
    symmetries; the unit cubes lie on a space diagonal in every one"."""
    return render(facts_message(facts), "en")


def facts_message(facts: dict[str, Any]) -> str:
    """facts_caption as a message (solvers.i18n), which the scene shows in any language."""
    if not facts["complete"]:
        return nmsg("{n:,} solution found so far", "{n:,} solutions found so far", facts["count"])
    diagonal = facts.get("unit_cubes_on_a_space_diagonal")
    counts = {k: facts[k] for k in ("count", "classes_rotations", "classes_all", "rotations",
                                    "symmetries")}  # fmt: skip
    if diagonal is None:
        template = N_("{count:,} solutions: {classes_rotations:,} up to the {rotations} "
                      "rotations, {classes_all:,} up to all {symmetries} symmetries")  # fmt: skip
    elif diagonal == facts["count"]:
        template = N_("{count:,} solutions: {classes_rotations:,} up to the {rotations} "
                      "rotations, {classes_all:,} up to all {symmetries} symmetries; the unit "
                      "cubes lie on a space diagonal in every one")  # fmt: skip
    else:
        template = N_("{count:,} solutions: {classes_rotations:,} up to the {rotations} "
                      "rotations, {classes_all:,} up to all {symmetries} symmetries; the unit "
                      "cubes lie on a space diagonal in {diagonal} of them")  # fmt: skip
    return msg(template, diagonal=diagonal, **counts)

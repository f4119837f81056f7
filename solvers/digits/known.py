"""Solutions of the searches too long to run at a keypress, recorded once per granularity.

The block search takes half a minute and the half-block search a quarter of an hour on
two cores, so the scene's view of the classes must not start them.
`benchmarks/digits.py --split-log LOG --save-classes` records what a complete search of
the shipped puzzle found into assets/puzzles/digits/known_classes.json: the number of
solutions and one solution per class, each piece as (orientation, x, y) on the
granularity's own grid. The tests check that every recorded solution is a packing and that
its images add up to the count.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

from puzzleviz.assets import asset_path
from puzzleviz.solvers.digits.exact import every_solution, prepare
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle, default_puzzle
from puzzleviz.solvers.digits.results import DigitsResult
from puzzleviz.solvers.digits.symmetry import Solution

Placements = dict[int, tuple[int, int, int]]  # piece -> (orientation, x, y)


def known_classes_path() -> Path:
    return asset_path("puzzles", "digits", "known_classes.json")


def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _is_shipped(puzzle: DigitsPuzzle) -> bool:
    return puzzle.definition() == default_puzzle().definition()


def known_entry(granularity: str) -> dict[str, Any] | None:
    """The record of the shipped puzzle's search at `granularity`, if there is one."""
    return _read(known_classes_path()).get(granularity)


def known_representatives(puzzle: DigitsPuzzle, granularity: str) -> list[Placements] | None:
    """One solution per class of the recorded search, or None if none was recorded for
    this puzzle and granularity."""
    entry = known_entry(granularity) if _is_shipped(puzzle) else None
    if entry is None:
        return None
    return [
        {int(k): (o, x, y) for k, o, x, y in representative["pieces"]}
        for representative in entry["classes"]
    ]


def record_classes(result: DigitsResult, how: str, path: Path | None = None) -> Path:
    """Write one solution per class of a complete search of the shipped puzzle."""
    if result.stopped_early:
        raise ValueError("only a complete search can be recorded")
    table = result.setup.table
    if not _is_shipped(table.grid.puzzle):
        raise ValueError("only the shipped puzzle's classes are recorded")
    path = path or known_classes_path()
    data = _read(path)
    data[result.setup.granularity] = {
        "count": result.count,
        "recorded": f"{datetime.date.today().isoformat()}, {how}",
        "classes": [
            {
                "size": len(members),
                "pieces": [
                    [k, int(table.orientation[p]), int(table.x[p]), int(table.y[p])]
                    for k, p in enumerate(members[0])
                ],
            }
            for members in result.classes
        ],
    }
    text = json.dumps(data, indent=1)
    text = re.sub(r"\[\s+(\d+),\s+(\d+),\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2, \3, \4]", text)
    path.write_text(text + "\n", encoding="utf-8")
    return path


def solutions_of(granularity: str, representatives: list[Placements]) -> tuple[Solution, ...]:
    """Every solution that the representatives stand for (their images and swaps)."""
    setup = prepare(default_puzzle(), granularity)
    table = setup.table
    found = [
        tuple(table.find(k, *where) for k, where in sorted(placements.items()))
        for placements in representatives
    ]
    if any(p < 0 for solution in found for p in solution):
        raise ValueError("a recorded placement is not one of the table's")
    return every_solution(setup, found)

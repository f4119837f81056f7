"""Solutions as data: the JSON the CLI writes, text boards, and the post's way of counting."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.digits.geometry import SIDE_NAMES, Cell
from puzzleviz.solvers.digits.pieces import triangles_json
from puzzleviz.solvers.digits.placements import PlacementTable
from puzzleviz.solvers.digits.post import POST_FIXED_ZERO, post_variant_keys
from puzzleviz.solvers.digits.symmetry import Solution

if TYPE_CHECKING:
    from puzzleviz.solvers.digits.results import DigitsResult

GRID_NAMES = {"block": "block", "unit": "unit-square"}


def piece_key(label: str) -> int | str:
    """Digits are written as numbers in JSON, other piece names as strings."""
    return int(label) if label.isdigit() else label


def placement_cells(table: PlacementTable, p: int) -> list[Cell]:
    return sorted(table.grid.cell(int(c)) for c in table.cell_indices(p))


def solution_json(table: PlacementTable, solution: Solution) -> list[dict[str, Any]]:
    labels = table.grid.puzzle.labels
    return [
        {"digit": piece_key(labels[k]), "triangles": triangles_json(placement_cells(table, p))}
        for k, p in enumerate(solution)
    ]


def result_json(result: DigitsResult, *, all_solutions: bool) -> dict[str, Any]:
    """{"granularity", "grid", "count", "classes", "solutions"}: coordinates are 0-based
    squares of `grid` (blocks, or unit squares = half blocks for "half"), x right, y down."""
    table = result.setup.table
    chosen = list(result.solutions) if all_solutions else result.representatives()
    return {
        "granularity": result.setup.granularity,
        "grid": GRID_NAMES[table.grid.resolution],
        "count": result.count,
        "classes": len(result.classes),
        "solutions": [solution_json(table, s) for s in chosen],
    }


def with_post_fixed_zero(table: PlacementTable, solutions: Sequence[Solution]) -> list[Solution]:
    """The solutions whose 0 lies as the post fixes it (tate v0 or yoko v1).

    Only meaningful for the shipped digits; other piece sets give an empty list."""
    labels = table.grid.puzzle.labels
    if "0" not in labels:
        return []
    k = labels.index("0")
    piece = table.grid.puzzle.pieces[k]
    keep = []
    for solution in solutions:
        o = int(table.orientation[solution[k]])
        block_cells = piece.orientations()[o].cells
        if set(post_variant_keys("0", block_cells)) & set(POST_FIXED_ZERO):
            keep.append(solution)
    return keep


def board_text(table: PlacementTable, solution: Solution) -> str:
    """A text picture: each square is 3 x 3 characters, the T owner on top, L and R owners in
    the middle row, B below; '.' is an empty triangle, ' ' outside the frame."""
    grid = table.grid
    labels = grid.puzzle.labels
    owner: dict[Cell, str] = {c: "." for c in grid.frame_cells}
    for k, p in enumerate(solution):
        for cell in placement_cells(table, p):
            owner[cell] = labels[k][:1]
    lines: list[str] = []
    for y in range(grid.height):
        top, mid, bottom = [], [], []
        for x in range(grid.width):
            t, lft, b, r = (owner.get((x, y, SIDE_NAMES.index(s)), " ") for s in "TLBR")
            top.append(f" {t} ")
            mid.append(f"{lft} {r}")
            bottom.append(f" {b} ")
        lines.extend(("".join(top), "".join(mid), "".join(bottom)))
    return "\n".join(lines)


def on_mesh(table: PlacementTable, solution: Solution) -> bool:
    """True if every piece sits at even block offsets (the post's "mesh")."""
    grid = table.grid
    step = 2 * grid.squares_per_block
    for p in solution:
        k, o = int(table.piece[p]), int(table.orientation[p])
        px, py = grid.orientations[k][o].phase
        if (int(table.x[p]) - px) % step or (int(table.y[p]) - py) % step:
            return False
    return True

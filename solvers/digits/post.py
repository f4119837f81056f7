"""The original post's conventions: its variants T0..T3 / Y0..Y3 and its printed solutions.

The post stores each digit as 4 upright (tate) and 4 lying (yoko) variants and prints a
solution as `digit=(X,Y,V,R)`: block offset X, Y, V = 0 tate / 1 yoko, R = variant. Its
searches fix the 0 as tate v0 or yoko v1 (the mirror images are stored but skipped), which
is why it reports 12 solutions where there are 48.
"""

from __future__ import annotations

import re
from functools import cache

from puzzleviz.solvers.digits.geometry import Cell, normalized
from puzzleviz.solvers.digits.pieces import cells_from_rows_hex, shape_from_spec
from puzzleviz.solvers.digits.placements import PlacementTable
from puzzleviz.solvers.digits.puzzle import _read_json, shipped_pieces_path

POST_FIXED_ZERO = ("T0", "Y1")
_ENTRY = re.compile(r"(\d)=\((\d+),(\d+),([01]),([0-3])\)")


@cache
def post_variants() -> dict[str, dict[str, tuple[Cell, ...]]]:
    """digit -> variant key ("T0".."Y3") -> normalised block cells, from the shipped data."""
    data = _read_json(shipped_pieces_path())["pieces"]
    out: dict[str, dict[str, tuple[Cell, ...]]] = {}
    for digit, variants in data.items():
        out[digit] = {}
        for key, spec in variants.items():
            cells = shape_from_spec(digit, spec)
            out[digit][key] = normalized(cells)[0]
    return out


def post_variant_keys(digit: str, cells: tuple[Cell, ...]) -> list[str]:
    """Which of the post's variants of `digit` have this shape (block cells, any offset)."""
    shape = normalized(cells)[0]
    return [key for key, v in post_variants()[digit].items() if v == shape]


def parse_post_solution(line: str) -> dict[str, frozenset[Cell]]:
    """`0=(0,8,1,1) 1=(0,4,0,1) ...` -> digit -> the block cells it covers in the frame."""
    entries = _ENTRY.findall(line)
    if len(entries) != 10:
        raise ValueError(f"not a solution line of the post: {line!r}")
    out = {}
    for digit, x, y, v, r in entries:
        key = ("T" if v == "0" else "Y") + r
        raw = _variant_cells_raw(digit, key)
        out[digit] = frozenset((cx + int(x), cy + int(y), s) for cx, cy, s in raw)
    return out


def _variant_cells_raw(digit: str, key: str) -> tuple[Cell, ...]:
    """A variant's cells as the post's put_tate/put_yoko lay them: from the box corner."""
    data = _read_json(shipped_pieces_path())["pieces"]
    return cells_from_rows_hex(data[digit][key]["rows_hex"])


def post_placement(table: PlacementTable, digit: str, x: int, y: int, v: int, r: int) -> int:
    """Our placement index for the post's `digit=(x,y,v,r)` (-1 if the table lacks it)."""
    key = ("T" if v == 0 else "Y") + str(r)
    cells = {(cx + x, cy + y, s) for cx, cy, s in _variant_cells_raw(digit, key)}
    if table.grid.resolution != "block":
        raise ValueError("the post's placements are on the block grid")
    k = table.grid.puzzle.labels.index(digit)
    for p in table.of_piece(k):
        if {table.grid.cell(c) for c in table.cell_indices(p)} == cells:
            return p
    return -1

"""A packing puzzle: a frame of block triangles and a set of pieces, read from JSON.

The default is the post's: the ten seven-segment digits of the shipped
assets/puzzles/digits/digits_pieces.json and the full 9 x 11-block frame (the C program's
zeroed `unsigned char map[9][11]`). Other frames and piece sets come from a file:

    {"name": "small test",
     "frame": {"width": 4, "height": 6}            (blocks; or "rows_hex": [...] for a
                                                    frame of any outline, same encoding
                                                    as the pieces: 1=L 2=B 4=R 8=T)
     "pieces": {"0": {"rows_hex": ["6f3", ...]},    (or "triangles": [[x, y, "L"], ...])
                "1": ...}}

A file with only "pieces" gets the 9 x 11 frame; one with only "frame" gets the digits.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from puzzleviz.assets import asset_path
from puzzleviz.solvers.digits.geometry import Cell
from puzzleviz.solvers.digits.pieces import (
    MAX_SIDE,
    Piece,
    cells_from_rows_hex,
    rows_hex_of,
    shape_from_spec,
)
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.reading import MB, FileFormat, parse_json, read_text

DEFAULT_FRAME_BLOCKS = (9, 11)
MAX_FRAME_BLOCKS = MAX_SIDE
# A frame and its pieces: the shipped file of the ten digits is 120 KB.
DIGITS_JSON = FileFormat("puzzle file", 1 * MB)


def shipped_pieces_path() -> Path:
    return asset_path("puzzles", "digits", "digits_pieces.json")


@dataclasses.dataclass(frozen=True)
class DigitsPuzzle:
    name: str
    pieces: tuple[Piece, ...]
    frame: tuple[Cell, ...]  # the block triangles inside the frame

    def __post_init__(self) -> None:
        if not self.pieces:
            raise PuzzleInputError("a puzzle needs at least one piece")
        labels = [p.label for p in self.pieces]
        if len(set(labels)) != len(labels):
            raise PuzzleInputError("two pieces have the same name")
        if not self.frame:
            raise PuzzleInputError("the frame is empty")
        if self.piece_area > len(self.frame):
            raise PuzzleInputError(
                f"the pieces cover {self.piece_area} triangles but the frame holds only "
                f"{len(self.frame)}"
            )

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(p.label for p in self.pieces)

    @cached_property
    def width(self) -> int:
        """Frame width in blocks (its bounding box)."""
        return 1 + max(c[0] for c in self.frame)

    @cached_property
    def height(self) -> int:
        return 1 + max(c[1] for c in self.frame)

    @property
    def piece_area(self) -> int:
        return sum(p.area for p in self.pieces)

    @property
    def slack(self) -> int:
        """Triangles that stay empty in every packing: frame area minus piece area."""
        return len(self.frame) - self.piece_area

    def is_rectangle(self) -> bool:
        return len(self.frame) == 4 * self.width * self.height

    def definition(self) -> dict[str, Any]:
        frame: dict[str, Any]
        if self.is_rectangle():
            frame = {"width": self.width, "height": self.height}
        else:
            frame = {"rows_hex": rows_hex_of(self.frame)}
        definition: dict[str, Any] = {
            "name": self.name,
            "frame": frame,
            "pieces": {p.label: {"rows_hex": rows_hex_of(p.cells)} for p in self.pieces},
        }
        labels = [p.label for p in self.pieces]
        if labels != sorted(labels):
            # A trace's header is written with its keys sorted, which would renumber the
            # pieces (a trace's events name them by number): the order says it again.
            definition["order"] = labels
        return definition

    @classmethod
    def from_definition(cls, data: Mapping[str, Any], *, where: str = "puzzle") -> DigitsPuzzle:
        if not isinstance(data, Mapping):
            raise PuzzleInputError(f"{where}: expected a JSON object with frame and pieces")
        pieces_spec = data.get("pieces")
        if pieces_spec is None:
            pieces = default_pieces()
        elif isinstance(pieces_spec, Mapping) and pieces_spec:
            pieces = tuple(
                Piece(str(label), shape_from_spec(str(label), spec))
                for label, spec in pieces_spec.items()
            )
        else:
            raise PuzzleInputError(f"{where}: 'pieces' must map piece names to shapes")
        order = data.get("order")
        if order is not None:
            by_label = {p.label: p for p in pieces}
            if not isinstance(order, list) or sorted(map(str, order)) != sorted(by_label):
                raise PuzzleInputError(f"{where}: 'order' must list every piece's name once")
            pieces = tuple(by_label[str(label)] for label in order)
        frame = frame_from_spec(data.get("frame"), where)
        return cls(str(data.get("name", "digits")), pieces, frame)


def frame_from_spec(spec: Any, where: str = "puzzle") -> tuple[Cell, ...]:
    if spec is None:
        width, height = DEFAULT_FRAME_BLOCKS
        return rectangle_frame(width, height)
    if isinstance(spec, Mapping) and "rows_hex" in spec:
        cells = cells_from_rows_hex(spec["rows_hex"])
        if not cells:
            raise PuzzleInputError(f"{where}: the frame has no triangles")
        _check_size(1 + max(c[0] for c in cells), 1 + max(c[1] for c in cells), where)
        return cells
    if isinstance(spec, Mapping) and "width" in spec and "height" in spec:
        try:
            width, height = int(spec["width"]), int(spec["height"])
        except (TypeError, ValueError):
            raise PuzzleInputError(f"{where}: frame width and height must be integers") from None
        _check_size(width, height, where)
        return rectangle_frame(width, height)
    raise PuzzleInputError(f"{where}: the frame needs width and height (blocks) or rows_hex")


def _check_size(width: int, height: int, where: str) -> None:
    if not (1 <= width <= MAX_FRAME_BLOCKS and 1 <= height <= MAX_FRAME_BLOCKS):
        raise PuzzleInputError(
            f"{where}: frame of {width} x {height} blocks; each side must be 1..{MAX_FRAME_BLOCKS}"
        )


def rectangle_frame(width: int, height: int) -> tuple[Cell, ...]:
    return tuple((x, y, s) for y in range(height) for x in range(width) for s in range(4))


@cache
def default_pieces() -> tuple[Piece, ...]:
    data = _read_json(shipped_pieces_path())
    return tuple(
        Piece(str(label), shape_from_spec(str(label), spec))
        for label, spec in data["pieces"].items()
    )


def default_puzzle() -> DigitsPuzzle:
    width, height = DEFAULT_FRAME_BLOCKS
    return DigitsPuzzle("digits", default_pieces(), rectangle_frame(width, height))


def load_puzzle(path: str | os.PathLike[str]) -> DigitsPuzzle:
    """Read a puzzle file (see the module docstring); every problem is one clear line."""
    return DigitsPuzzle.from_definition(_read_json(Path(path)), where=str(path))


def _read_json(path: Path) -> Any:
    return parse_json(read_text(path, DIGITS_JSON), path, DIGITS_JSON)

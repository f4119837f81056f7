"""Finding and reading cube puzzle files (format: assets/puzzles/cube/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

from solvers.cube.puzzle import CubePuzzle, puzzle_from_json
from solvers.errors import PuzzleInputError

DEFAULT_PUZZLE = "fakocka"


def puzzle_folder() -> Path:
    """assets/puzzles/cube, beside the solvers package (editable or installed)."""
    return Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "cube"


def known_puzzles() -> list[str]:
    return sorted(p.stem for p in puzzle_folder().glob("*.json"))


def load_puzzle(name_or_file: str = DEFAULT_PUZZLE, *, allow_holes: bool = False) -> CubePuzzle:
    """A puzzle by its name in assets/puzzles/cube, or from a JSON file."""
    named = puzzle_folder() / f"{name_or_file}.json"
    path = named if named.is_file() else Path(name_or_file)
    if not path.is_file():
        known = ", ".join(known_puzzles())
        raise PuzzleInputError(
            f"no cube puzzle called {name_or_file!r} (known: {known}) and no such file"
        )
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise PuzzleInputError(f"{path}: not a text file") from None
    except json.JSONDecodeError as exc:
        raise PuzzleInputError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except OSError as exc:
        raise PuzzleInputError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        return puzzle_from_json(data, allow_holes=allow_holes)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path.name}: {exc}") from None

"""Finding and reading cube puzzle files: our JSON format (assets/puzzles/cube/README.md)
and BurrTools' .xmpuzzle files (`xmpuzzle`), by name in assets/puzzles/cube or by path."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from puzzleviz.solvers.cube.puzzle import CubePuzzle, puzzle_from_json
from puzzleviz.solvers.cube.xmpuzzle import XMPUZZLE, load_xmpuzzle, load_xmpuzzle_variants
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.reading import (
    MB,
    FileFormat,
    check_regular,
    exists,
    parse_json,
    read_limited,
)

if TYPE_CHECKING:
    from puzzleviz.solvers.cube.xmpuzzle import XmSource

DEFAULT_PUZZLE = "fakocka"
XM_SUFFIX = ".xmpuzzle"
# A box of at most 16x16x16 cells and its pieces: the largest sensible file is a few KB.
CUBE_JSON = FileFormat("cube puzzle file", 1 * MB)


def puzzle_folder() -> Path:
    """assets/puzzles/cube, beside the solvers package (editable or installed)."""
    return Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "cube"


def known_puzzles() -> list[str]:
    folder = puzzle_folder()
    return sorted(
        {p.stem for p in folder.glob("*.json")} | {p.stem for p in folder.glob("*.xmpuzzle")}
    )


def _is_xmpuzzle(path: Path) -> bool:
    """By its name, or for another name by its first bytes (gzip or XML)."""
    if path.suffix in (XM_SUFFIX, ".json"):
        return path.suffix == XM_SUFFIX
    head = read_limited(path, XMPUZZLE)[:64]
    return head[:2] == b"\x1f\x8b" or head.lstrip().startswith(b"<")


def find_puzzle(name_or_file: str, *, burrtools: bool = False) -> Path:
    """A shipped puzzle by name (its JSON file first, its .xmpuzzle with `burrtools`), or
    a path."""
    folder = puzzle_folder()
    names = [f"{name_or_file}.json", f"{name_or_file}{XM_SUFFIX}"]
    for candidate in (folder / n for n in (names[::-1] if burrtools else names)):
        if candidate.is_file():
            return candidate
    path = Path(name_or_file)
    if not exists(path):
        known = ", ".join(known_puzzles())
        raise PuzzleInputError(
            f"no cube puzzle called {name_or_file!r} (known: {known}) and no such file"
        )
    check_regular(path, CUBE_JSON)  # a folder, a pipe, /dev/zero: refused before a read
    return path


def load_source(
    name_or_file: str = DEFAULT_PUZZLE,
    *,
    allow_holes: bool = False,
    problem: str | None = None,
    burrtools: bool = False,
) -> tuple[CubePuzzle, XmSource | None]:
    """A puzzle by name or path, and the BurrTools file it came from (None for JSON)."""
    path = find_puzzle(name_or_file, burrtools=burrtools)
    if _is_xmpuzzle(path):
        return load_xmpuzzle(path, problem)
    if problem is not None:
        raise PuzzleInputError("--problem picks a problem of a BurrTools (.xmpuzzle) file")
    return _load_json(path, allow_holes), None


def load_sources(
    name_or_file: str = DEFAULT_PUZZLE,
    *,
    allow_holes: bool = False,
    problem: str | None = None,
    burrtools: bool = False,
) -> list[tuple[CubePuzzle, XmSource | None]]:
    """Like `load_source`, as a list (the solve command takes a list of puzzles; a
    BurrTools problem with count ranges is one ranged puzzle, `xmpuzzle.puzzle_variants`)."""
    path = find_puzzle(name_or_file, burrtools=burrtools)
    if _is_xmpuzzle(path):
        return list(load_xmpuzzle_variants(path, problem))
    return [load_source(name_or_file, allow_holes=allow_holes, problem=problem)]


def load_puzzle(name_or_file: str = DEFAULT_PUZZLE, *, allow_holes: bool = False) -> CubePuzzle:
    """A puzzle by its name in assets/puzzles/cube, or from a JSON or .xmpuzzle file."""
    return load_source(name_or_file, allow_holes=allow_holes)[0]


def _load_json(path: Path, allow_holes: bool) -> CubePuzzle:
    data = parse_json(read_limited(path, CUBE_JSON), path, CUBE_JSON)
    try:
        return puzzle_from_json(data, allow_holes=allow_holes)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{path.name}: {exc}") from None

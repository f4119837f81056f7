"""Reading puzzles: 81-character lines, grids with separators, .sdk files, collections.

Accepted, for 4x4, 9x9 and 16x16 (16, 81 or 256 cells; the size follows from the count):
  * one line: `4.....8.5.3..........7......2...` with 0 or . (or -) for blanks;
  * a grid of lines, with any of `| + - =` and spaces as separators;
  * SadMan .sdk files (lines starting with # are metadata, [Puzzle]-style headers skipped);
  * collections: one puzzle per line, each optionally followed by a space and a comment
    (ratings, names), as in the well-known top95 / hardest lists.
Digits are 1-9 then A-G (10-16) for 16x16. Every error is one line a teacher understands.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.reading import MB, FileFormat, exists, read_text
from puzzleviz.solvers.sudoku.arrays import Grid
from puzzleviz.solvers.sudoku.geometry import DIGIT_CHARS, SIZES, Names, digit_char, geometry

BLANKS = "0.-"
IGNORED = " \t|+!:\r"
CELL_CHARS = set(DIGIT_CHARS + DIGIT_CHARS.lower() + BLANKS)
# A collection of puzzles, one per line: 16 MB is 200,000 puzzles of 9x9.
SUDOKU_FILE = FileFormat("puzzle file", 16 * MB)
MOST_CELLS = max(SIZES)  # a single grid: more cell characters than this is no sudoku


@dataclasses.dataclass(frozen=True, eq=False)
class Puzzle:
    """Givens of one sudoku: box size and an int32 array (0 = blank), plus an optional name."""

    b: int
    givens: Grid
    name: str = ""

    @property
    def n(self) -> int:
        return self.b * self.b

    def text(self) -> str:
        """The canonical one-line form: digits (1-9, A-G) and '.' for blanks."""
        return "".join(digit_char(int(v)) for v in self.givens)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Puzzle)
            and self.b == other.b
            and np.array_equal(self.givens, other.givens)
        )

    def __hash__(self) -> int:
        return hash(self.text())


def _cell_value(ch: str, where: str) -> int:
    if ch in BLANKS:
        return 0
    index = DIGIT_CHARS.find(ch.upper())
    if index < 0:
        raise PuzzleInputError(
            f"bad character {ch!r} {where}: use 1-9 (A-G for 16x16) for digits and 0 or . "
            "for blanks"
        )
    return index + 1


def _values(chars: list[tuple[str, str]]) -> Grid:
    count = len(chars)
    b = SIZES.get(count)
    if b is None:
        raise PuzzleInputError(
            f"a sudoku needs 16, 81 or 256 cells (4x4, 9x9, 16x16); this one has {count}"
        )
    values = np.array([_cell_value(ch, where) for ch, where in chars], dtype=np.int32)
    n = b * b
    too_big = np.flatnonzero(values > n)
    if too_big.size:
        ch, where = chars[int(too_big[0])]
        raise PuzzleInputError(f"digit {ch!r} {where} does not fit a {n}x{n} sudoku")
    return values


def check_givens(b: int, values: Grid) -> None:
    """Raise if a digit appears twice in a row, column or box."""
    geo = geometry(b)
    names = Names(b)
    for house in range(3 * geo.n):
        seen: dict[int, int] = {}
        for cell in geo.house_cells[house].tolist():
            d = int(values[cell])
            if d == 0:
                continue
            if d in seen:
                raise PuzzleInputError(
                    f"conflicting givens: {digit_char(d)} appears twice in {names.house(house)} "
                    f"({names.cell(seen[d])} and {names.cell(cell)})"
                )
            seen[d] = cell


def _make(chars: list[tuple[str, str]], name: str = "") -> Puzzle:
    values = _values(chars)
    b = SIZES[len(values)]
    check_givens(b, values)
    values.setflags(write=False)
    return Puzzle(b, values, name)


def _is_separator(line: str) -> bool:
    return not any(ch.isalnum() or ch == "." for ch in line)


def _content_lines(text: str) -> list[tuple[int, str]]:
    """Numbered lines that may hold cells: no blank, comment, header or separator lines."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "[", "//")) or _is_separator(line):
            continue
        lines.append((number, line))
    return lines


def _collection_lines(lines: list[tuple[int, str]]) -> list[tuple[int, str, str]] | None:
    """(line number, puzzle token, comment) per line if the lines are a collection (one
    puzzle per line; a line of the wrong length is then an error that names it), None if
    they are one grid."""
    out = []
    for number, line in lines:
        parts = line.split(None, 1)
        out.append((number, parts[0], parts[1].strip() if len(parts) > 1 else ""))
    whole = sum(len(token) in SIZES for _, token, _ in out)
    # n lines of n cells is a grid (16 lines of 16: one 16x16, not sixteen 4x4 puzzles)
    grid = all(len(t) == len(out) for _, t, _ in out) or (len(out) == 16 and whole < 16)
    if len(out) > 1 and grid:
        return None
    if whole == len(out):
        return out
    if len(out) > 1 and 2 * whole > len(out):
        for number, token, _ in out:
            if len(token) not in SIZES:
                raise PuzzleInputError(
                    f"line {number}: a sudoku needs 16, 81 or 256 cells (4x4, 9x9, 16x16); "
                    f"this line has {len(token)}"
                )
    return None


def _odd_line(rows: list[tuple[int, int]]) -> str:
    """' (line 7 has 8 cells, the others 9)' when one line of a grid differs from the rest."""
    counts = [count for _, count in rows]
    usual = max(set(counts), key=counts.count)
    odd = [(number, count) for number, count in rows if count != usual]
    if len(rows) > 2 and len(odd) == 1:
        return f" (line {odd[0][0]} has {odd[0][1]} cells, the others {usual})"
    return ""


def parse_text(text: str) -> list[Puzzle]:
    """All puzzles in `text`: a collection (one per line) or a single grid."""
    lines = _content_lines(text)
    if not lines:
        raise PuzzleInputError("no puzzle found (the input is empty or only comments)")
    collection = _collection_lines(lines)
    if collection is not None:
        puzzles = []
        for number, token, comment in collection:
            chars = [(ch, f"in line {number}, position {i + 1}") for i, ch in enumerate(token)]
            try:
                puzzles.append(_make(chars, comment))
            except PuzzleInputError as exc:
                where = f"line {number}"
                prefix = f"{where}: " if len(collection) > 1 and where not in str(exc) else ""
                raise PuzzleInputError(f"{prefix}{exc}") from None
        return puzzles
    _check_grid_size(lines)
    chars = []
    rows = []
    for number, line in lines:
        position = 0
        before = len(chars)
        for ch in line:
            position += 1
            if ch in IGNORED:
                continue
            chars.append((ch, f"in line {number}, position {position}"))
        rows.append((number, len(chars) - before))
    if len(chars) not in SIZES:
        raise PuzzleInputError(
            f"a sudoku needs 16, 81 or 256 cells (4x4, 9x9, 16x16); this one has {len(chars)}"
            + _odd_line(rows)
        )
    return [_make(chars)]


def _check_grid_size(lines: list[tuple[int, str]]) -> None:
    """A grid of more cells than the largest sudoku is refused before each of its cells is
    looked at (a 16 MB file of one line would take gigabytes to describe cell by cell)."""
    count = 0
    for _, line in lines:
        count += len(line) - sum(line.count(ch) for ch in IGNORED)
        if count > MOST_CELLS:
            raise PuzzleInputError(
                f"a sudoku needs 16, 81 or 256 cells (4x4, 9x9, 16x16); this one has more "
                f"than {MOST_CELLS}"
            )


def parse_puzzle(text: str) -> Puzzle:
    """Exactly one puzzle from a line or a grid."""
    puzzles = parse_text(text)
    if len(puzzles) != 1:
        raise PuzzleInputError(f"expected one puzzle, found {len(puzzles)}")
    return puzzles[0]


def read_puzzles(path: str | Path) -> list[Puzzle]:
    source = Path(path)
    if not exists(source):
        raise PuzzleInputError(f"{source}: no such file")
    text = read_text(source, SUDOKU_FILE, encoding="utf-8-sig")
    try:
        return parse_text(text)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{source}: {exc}") from None


def _is_file(arg: str) -> bool:
    return exists(arg)  # a name too long for a file, or a NUL in it: not a file


def _cells(text: str) -> list[str]:
    return [ch for ch in text if ch not in IGNORED and ch != "\n"]


def _looks_like_puzzle(text: str) -> bool:
    """A puzzle with a typo rather than a file name: mostly cell characters."""
    cells = _cells(text)
    return len(cells) >= 16 and sum(ch in CELL_CHARS for ch in cells) >= 0.75 * len(cells)


def _looks_like_file_name(text: str) -> bool:
    return (
        any(ch in "/\\" for ch in text)
        or re.search(r"\.[A-Za-z][A-Za-z0-9]{0,5}$", text) is not None
    )


def load_argument(arg: str) -> list[Puzzle]:
    """A command-line PUZZLE|FILE: an existing file, else the puzzle text itself."""
    stripped = arg.strip()
    if not stripped:
        raise PuzzleInputError(
            "the puzzle is empty: give 81 characters (0 or . for blanks) or a file"
        )
    if set(stripped.replace("\n", "")) <= CELL_CHARS | set(IGNORED):
        return parse_text(arg)
    if _is_file(arg):
        return read_puzzles(arg)
    if _looks_like_puzzle(stripped):
        return parse_text(arg)  # a puzzle with a typo: say what is wrong with it
    shown = arg if arg.isprintable() else repr(arg)
    if _looks_like_file_name(stripped):
        raise PuzzleInputError(f"{shown}: no such file")
    if len(_cells(stripped)) in SIZES:
        return parse_text(arg)  # a puzzle's number of cells: name its odd characters
    raise PuzzleInputError(f"{shown}: no such file, and not a puzzle either")

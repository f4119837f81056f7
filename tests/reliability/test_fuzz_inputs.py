"""Fuzzing what users type: puzzle text and option values (issue 19). Whatever the input,
the answer is a result or one line that says what is wrong with what was given (which
line, which character at which position), never another exception."""

from __future__ import annotations

import argparse
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.options import positive, whole
from puzzleviz.solvers.sudoku.parse import load_argument, parse_text
from puzzleviz.viz.cli_view import parse_size

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVABLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
puzzle_chars = st.sampled_from(list("0123456789.-abcdefgABCDEFG |+\n#xyzHé\t"))


def _one_line(error: BaseException) -> str:
    message = str(error)
    assert message and "\n" not in message
    return message


@settings(max_examples=300, deadline=None)
@given(st.text(puzzle_chars, max_size=400))
def test_any_text_is_puzzles_or_one_line(text):
    try:
        puzzles = parse_text(text)
    except PuzzleInputError as exc:
        _one_line(exc)
    else:
        assert puzzles and all(p.givens.size in (16, 81, 256) for p in puzzles)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_argument_is_puzzles_or_one_line(text):
    try:
        load_argument(text)
    except PuzzleInputError as exc:
        _one_line(exc)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 80), st.sampled_from("xyzH?*é"))
def test_an_unknown_character_is_shown_with_its_position(position, bad):
    text = SUDOKU[:position] + bad + SUDOKU[position + 1 :]
    with pytest.raises(PuzzleInputError) as caught:
        load_argument(text)
    assert f"bad character {bad!r} in line 1, position {position + 1}" in _one_line(caught.value)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 5), st.integers(1, 80))
def test_a_bad_line_of_a_collection_is_named_by_its_number(bad_line, length):
    lines = [SOLVABLE] * 6
    lines[bad_line] = SOLVABLE[:length] if length < 81 else SOLVABLE + "1"
    with pytest.raises(PuzzleInputError) as caught:
        parse_text("\n".join(lines) + "\n")
    assert re.search(rf"\bline {bad_line + 1}\b", _one_line(caught.value))


def test_a_missing_file_is_no_such_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("missing_puzzles.txt", "nowhere/p.sdk", "puzzles.txt"):
        with pytest.raises(PuzzleInputError, match=f"^{name}: no such file$"):
            load_argument(name)
    with pytest.raises(PuzzleInputError, match="the puzzle is empty"):
        load_argument("   ")


def test_a_long_puzzle_with_a_typo_is_not_taken_for_a_file_name():
    text = "1" + "." * 120 + "H" + "." * 134  # 256 characters: a 16x16 with a typo
    with pytest.raises(PuzzleInputError, match=r"bad character 'H' in line 1, position 122"):
        load_argument(text)


def test_an_odd_line_of_a_grid_is_named():
    rows = [SUDOKU[i : i + 9] for i in range(0, 81, 9)]
    rows[6] = rows[6][:8]
    with pytest.raises(PuzzleInputError, match=r"line 7 has 8 cells, the others 9"):
        parse_text("\n".join(rows))


OPTION_TEXT = st.one_of(
    st.text(max_size=12),
    st.integers(-(10**20), 10**20).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(["1e9", "1e400", "-0", "nan", "inf", "0x10", "1_000", "1,000", " 7 "]),
)


@settings(max_examples=300, deadline=None)
@given(OPTION_TEXT, st.integers(-5, 5), st.integers(0, 10**6))
def test_whole_numbers_are_in_bounds_or_one_line(text, low, span):
    parse = whole(low, low + span)
    try:
        value = parse(text)
    except argparse.ArgumentTypeError as exc:
        _one_line(exc)
    else:
        assert isinstance(value, int) and low <= value <= low + span


@settings(max_examples=300, deadline=None)
@given(OPTION_TEXT)
def test_positive_numbers_are_finite_and_in_bounds_or_one_line(text):
    try:
        value = positive(1000.0)(text)
    except argparse.ArgumentTypeError as exc:
        _one_line(exc)
    else:
        assert 0 < value <= 1000


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=20), st.from_regex(r"\d{1,8}[xX]\d{1,8}", fullmatch=True)))
def test_sizes_are_in_bounds_or_one_line(text):
    try:
        w, h = parse_size(text)
    except argparse.ArgumentTypeError as exc:
        _one_line(exc)
    else:
        assert 16 <= w <= 7680 and 16 <= h <= 4320

from __future__ import annotations

import pytest
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.sudoku.geometry import Names, geometry
from puzzleviz.solvers.sudoku.parse import load_argument, parse_puzzle, parse_text, read_puzzles

LINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID = """
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
"""


def test_line_and_grid_and_zeros_give_the_same_puzzle():
    a = parse_puzzle(LINE)
    assert a.b == 3 and a.text() == LINE
    assert parse_puzzle(GRID) == a
    assert parse_puzzle(LINE.replace(".", "0")) == a
    assert int((a.givens > 0).sum()) == 17


def test_sdk_file_with_metadata(tmp_path):
    rows = [LINE[i : i + 9] for i in range(0, 81, 9)]
    path = tmp_path / "p.sdk"
    path.write_text("#A someone\n#D a comment\n[Puzzle]\n" + "\n".join(rows) + "\n")
    assert read_puzzles(path) == [parse_puzzle(LINE)]


def test_collection_with_comments_and_blank_lines(tmp_path):
    path = tmp_path / "list.txt"
    other = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    path.write_text(f"# two puzzles\n{LINE}  first one\n\n{other}\tsecond\n")
    puzzles = read_puzzles(path)
    assert [p.name for p in puzzles] == ["first one", "second"]
    assert puzzles[1].text() == other


def test_a_typo_in_a_collection_names_its_line(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text(f"{LINE}\n{LINE[:40]}x{LINE[41:]}\n")
    with pytest.raises(
        PuzzleInputError, match=r"list\.txt: bad character 'x' in line 2, position 41"
    ):
        read_puzzles(path)


def test_sizes_4_and_16():
    small = parse_puzzle("1..4\n.4..\n..2.\n3..1")  # a grid of 4 lines
    assert small.b == 2 and small.givens.tolist()[:4] == [1, 0, 0, 4]
    big = parse_text("G" + "." * 255)[0]
    assert big.b == 4 and big.givens[0] == 16
    sixteen_lines = "\n".join(["1" + "." * 15] + ["." * 16] * 15)
    assert parse_puzzle(sixteen_lines).b == 4  # 16 lines of 16: one 16x16, not 16 4x4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (LINE[:-1], "16, 81 or 256 cells (4x4, 9x9, 16x16); this one has 80"),
        (LINE[:-1] + "x", "bad character 'x' in line 1, position 81"),
        ("A" + LINE[1:], "digit 'A' in line 1, position 1 does not fit a 9x9"),
        ("44" + LINE[2:], "conflicting givens: 4 appears twice in row 1 (A1 and B1)"),
        ("# nothing\n", "no puzzle found"),
    ],
)
def test_errors_are_one_clear_line(text, message):
    with pytest.raises(PuzzleInputError) as info:
        parse_text(text)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_load_argument_tells_a_missing_file_from_a_bad_puzzle(tmp_path):
    with pytest.raises(PuzzleInputError, match="no such file"):
        load_argument(str(tmp_path / "none.txt"))
    with pytest.raises(PuzzleInputError, match="this one has 80"):
        load_argument(LINE[:-1])
    assert load_argument(LINE)[0].text() == LINE


def test_names_follow_the_seed_and_r1c1():
    a1, rc = Names(3), Names(3, "r1c1")
    assert a1.cell(0) == "A1" and a1.cell(80) == "I9" and a1.cell(8) == "I1"
    assert a1.house(2 * 9 + 2) == "box G1I3"  # the seed's top-right box
    assert a1.house(9 + 5) == "column F" and a1.house(4) == "row 5"
    assert rc.cell(10) == "r2c2" and rc.house(2 * 9 + 2) == "box 3"


@pytest.mark.parametrize("b", [2, 3, 4])
def test_geometry_tables(b):
    geo = geometry(b)
    n = b * b
    assert geo.house_cells.shape == (3 * n, n)
    assert geo.peers.shape == (n * n, 2 * (n - 1) + (b - 1) ** 2)
    for cell in range(n * n):
        for h in geo.cell_houses[cell]:
            assert cell in geo.house_cells[h]

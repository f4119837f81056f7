"""Sudoku Explainer's rating by SE's own walk (solvers.sudoku.se, issue 35).

The expected ratings are data measured with SE itself: Sudoku Explainer 1.2.1's jar as
kept in denis-berthier/CSP-Rules-V2.1 (XTERNS/SER/SudokuExplainer.jar), run here as
`java -cp SudokuExplainer.jar diuf.sudoku.test.serate --format="%r %g"` on puzzles of our
own generator (`generate(3, seed)`, the seed named beside each), one per rating SE gave
them. Each stands for a rule of SE's order: its "direct" rules (1.7, 2.0), singles after
them (2.3), and on to BUG (5.6) and its chains (6.6-8.4). benchmarks/sudoku.py --se
measures the same on 1,000+ puzzles.
"""

from __future__ import annotations

import pytest
from puzzleviz.solvers.sudoku.parse import parse_puzzle
from puzzleviz.solvers.sudoku.rated import rate_puzzle
from puzzleviz.solvers.sudoku.se.board import REGIONS, ROW
from puzzleviz.solvers.sudoku.se.rules import Board, direct_locking, locking, naked_set
from puzzleviz.solvers.sudoku.se.walk import walk

# SE 1.2.1's rating -> (puzzle, generator seed, a rule SE's path must use)
MEASURED = {
    1.2: (
        "...2..1...5...9..7....3.8.9....76..879.....141..89....9.5.1....8..4...2...6..3...",
        0,
        "hidden_single",
    ),
    1.5: (
        "6..5...2..891.....3..6......678..29.8.......6.31..674......9..1.....138..5...3..2",
        1,
        "hidden_single",
    ),
    1.7: (
        "2.46..9...9..834........1..78.....1.....6.....3.....78..9........827..3...1..57.9",
        59,
        "direct_locking",
    ),
    2.0: (
        ".8.7.652..6.....1.2.9..4.7......2....1..9..8....5......9.3..1.7.3.....5..759.8.6.",
        5,
        "direct_hidden_set",
    ),
    2.3: (
        ".....2..6.267..85....4..3.2.8.3...65.........34...1.8.7.4..3....61..479.9..1.....",
        66,
        "naked_single",
    ),
    2.6: (
        "1..5......5.9.2...7....8.56.92........6...7........86.43.8....1...3.9.4......1..7",
        48,
        "locking",
    ),
    2.8: (
        "..1.6.38....4...12.2....9.....6.7...4.3.5.7.1...1.3.....8....6.19...6....36.7.2..",
        247,
        "locking",
    ),
    3.0: (
        ".9....8.4..24.....3..5..2...3.7...6.9.6.4.3.7.8...6.4...8..5..2.....14..6.9....1.",
        80,
        "naked_set",
    ),
    3.4: (
        "..958...4.68...15....2....6...1..2....2.4.5....4..9...9....7....37...61.6...128..",
        379,
        "hidden_set",
    ),
    3.6: (
        "........3.6.35.17.1....6..8...87.4.18.......63.4.15...7..5....2.18.23.9.5........",
        314,
        "naked_set",
    ),
    4.2: (
        "2..9...6...7...4.1...743...4....6.1..9.2.5.4..5.4....3...389...3.9...8...6...2..4",
        84,
        "xy_wing",
    ),
    4.4: (
        "..487....6......8..27..1....7.2..84.5...1...6.82..6.1....5..42..3......9....625..",
        88,
        "xy_wing",
    ),
    4.5: (
        "..1....8.4...586272...7.....1...9......526......3...9.....6...456281...9.4....1..",
        12,
        "unique_rectangle_2",
    ),
    5.6: (
        "3....7....82.65..4.15..........2..71..8...6..25..3..........41.8..24.73....7....8",
        83,
        "bug_plus_1",
    ),
    6.6: (
        "...2.3.6..8.5....21.2..84.....4..1..6.7.2.5.3..1..5.....48..3.78....2.1..1.3.6...",
        20,
        "aic",
    ),
    7.1: (
        ".....2...5.347..6..98....4.6...9.1..7..3.1..9..1.2...5.1....45..4..159.6...9.....",
        58,
        "aic",
    ),
    7.2: (
        "6.172...59...4..2......1...1..97.2...7.....9...9.58..1...8......2..6...93...128.6",
        26,
        "aic",
    ),
    8.4: (
        ".....87.1.92..1.36..7......1....63....85.24....63....8......9..58.1..62.7.39.....",
        68,
        "forcing_chain",
    ),
}


@pytest.mark.parametrize("se", sorted(MEASURED))
def test_the_walk_rates_as_sudoku_explainer_does(se):
    text, _seed, rule = MEASURED[se]
    path = walk(parse_puzzle(text).givens)
    assert path.complete and path.se == se
    assert rule in {name for name, _weight in path.path}


def test_the_json_rating_is_the_walk_s():
    text = MEASURED[1.7][0]  # our solver's own path: singles and a pointing pair (SE 2.6)
    assert rate_puzzle(parse_puzzle(text)).se == 1.7


def _board(rows: list[str]) -> Board:
    """A board from nine rows of nine cells, each a digit or a set of candidates '[12]'."""
    values, cand = [], []
    for row in rows:
        for cell in row.split():
            if cell.startswith("["):
                values.append(0)
                cand.append(sum(1 << (int(d) - 1) for d in cell.strip("[]")))
            else:
                values.append(int(cell))
                cand.append(0)
    return Board(values, cand)


def test_direct_pointing_places_its_single_and_removes_nothing():
    # value 1 in block 1 lies in column 1 only, so block 4's place for it in column 1 goes
    # and r4c2 is left, a hidden single of block 4: SE places it and removes nothing
    board = Board([0] * 81, [0x1FF & ~1] * 81)
    for cell in (0, 9, 27, 28, 54, 72):  # 1 at r1c1 r2c1 | r4c1 r4c2 | r7c1 r9c1
        board.cand[cell] |= 1
    hint = direct_locking(board)
    assert hint is not None and hint.difficulty == 1.7
    assert hint.place == (28, 1) and hint.remove == ()
    plain = locking(board)  # the plain pointing removes 1 from column 1 below
    assert plain is not None and plain.difficulty == 2.6 and plain.place is None
    assert {cell for cell, _mask in plain.remove} == {27, 54, 72}


def test_a_naked_pair_counts_only_where_sudoku_explainer_looks_for_it():
    # row 1 holds a naked pair [12] [12] and a third empty cell [123]: SE looks for a naked
    # pair only in a region with at least four empty cells, so it finds none (the third
    # cell is a naked single of 3 once seen, which SE's singles find first)
    row = "[12] [12] [123] 4 5 6 7 8 9"
    filler = ["4 5 6 7 8 9 1 2 3"] * 8
    board = _board([row, *filler])
    assert board.empty_count(ROW, 0) == 3 and [c for c in REGIONS[ROW][0] if not board.values[c]]
    assert naked_set(2)(board) is None
    board.values[3], board.cand[3] = 0, 0b1001  # a fourth empty cell [14]: loses 1 too
    hint = naked_set(2)(board)
    assert hint is not None and hint.difficulty == 3.0 and hint.remove == ((2, 0b11), (3, 0b1))

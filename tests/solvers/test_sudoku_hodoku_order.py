"""HoDoKu's order replayed with our techniques (solvers.sudoku.hodoku_order): its own three
steps are sound, and on puzzles where hodoku-py 0.2.1's path takes one of them where ours
takes another technique, the replay takes it too (the paths were read from hodoku-py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.hodoku_order import FINDERS, order, path, uses
from puzzleviz.solvers.sudoku.parse import parse_puzzle, read_puzzles
from puzzleviz.solvers.sudoku.search import solve

from tests.solvers.test_sudoku_soundness import grids_along_the_path

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"


def test_locked_pairs_remote_pairs_and_multi_colours_remove_only_false_candidates():
    fired: Counter = Counter()
    puzzles = (
        read_puzzles(ASSETS / "examples.txt") + read_puzzles(ASSETS / "generated_hard.txt")[::5]
    )
    for puzzle in (p for p in puzzles if p.b == 3):
        for values, cand, solution in grids_along_the_path(puzzle, 2):
            for name, finder in FINDERS.items():
                found = finder(geometry(3), values, cand)
                if found is None:
                    continue
                fired[name] += 1
                gone = found[1]
                assert gone and all(solution[c] != d for c, d in gone), name
                assert all(cand[c] & (1 << (d - 1)) for c, d in gone), name
    assert set(fired) == set(FINDERS), fired


@pytest.mark.parametrize(
    ("puzzle", "hodoku_takes", "ours_takes"),
    [  # HoDoKu: Locked Pair where we point; Remote Pair where we fly a Skyscraper;
       # Multi-Colours where we chain (an X-Chain)
        ("..61.37..5.1.8....49...6.........4366.......2349.........4...17....7.9.5..89.23..",
         "locked_subset", "pointing_pair"),
        ("..47....327....6..9....3..4....3459.5..2.7..1.4259....7..3....6..9....276....24..",
         "remote_pair", "skyscraper"),
        ("6...18..3..79..2.......5..4.9....7...24...95...5....4.9..1.......2..31..1..48...5",
         "multi_colours", "x_chain"),
    ],
)  # fmt: skip
def test_the_replay_takes_hodoku_s_own_step_where_our_order_takes_another(
    puzzle, hodoku_takes, ours_takes
):
    puzzle = parse_puzzle(puzzle)
    ours = [s.name for s in solve(puzzle, names=None).steps]
    replay = [names[0] for names in path(puzzle)]
    assert ours_takes in ours and hodoku_takes in replay
    first = replay.index(hodoku_takes)
    assert ours_takes not in replay[:first]
    if ours_takes != "x_chain":  # the X-Chain comes later, after Multi-Colours
        assert not uses(puzzle, ours_takes)


def test_a_technique_hodoku_leaves_off_is_on_only_when_asked_about():
    assert "death_blossom" not in order("x_wing") and "death_blossom" in order("death_blossom")
    assert order("x_wing").index("naked_triple") < order("x_wing").index("hidden_pair")

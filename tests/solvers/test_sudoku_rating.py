"""Ratings people already use: Sudoku Explainer's number and HoDoKu's level and score.

The expected values are data measured with the programs themselves, on the puzzles of
assets/puzzles/sudoku/examples.txt (2026-11-24):

- SE: Sudoku Explainer 1.2.1 as kept in github.com/1to9only/SudokuExplainer at b1f9ed4,
  built from source (javac, Java 17) and run as `java diuf.sudoku.test.serate
  --format='%r %g' --input=FILE`. It also rates AI Escargot 10.5, its published rating.
- HoDoKu: hodoku-py 0.2.1 (/work/peers/hodoku-venv, "full fidelity with HoDoKu 2.2.0"),
  `Solver().solve(puzzle)` -> level, score, default configuration.

SE's rating is the hardest step on SE's own path, and ours is settled the same way, so it
matches exactly wherever we have SE's techniques; HoDoKu's score sums every step of a path
and ours follows our solver's path, which picks other (equally hard) steps now and then: the
level must agree, the score within a few percent.
"""

from __future__ import annotations

import puzzleviz.solvers.sudoku.logic as logic
import puzzleviz.solvers.sudoku.rated as rated
import pytest
from puzzleviz.solvers.sudoku.parse import parse_puzzle
from puzzleviz.solvers.sudoku.rated import rate_puzzle
from puzzleviz.solvers.sudoku.rating import (
    HODOKU,
    SE,
    Rating,
    StepFacts,
    length_bonus,
    rate,
    se_weight,
)
from puzzleviz.solvers.sudoku.roles import HOUSE_BASE, LINK_STRONG, LINK_WEAK
from puzzleviz.solvers.sudoku.search import solve_and_record
from puzzleviz.solvers.sudoku.techniques import BY_NAME
from puzzleviz.solvers.tracefile import parse_trace, trace_bytes

# puzzle -> (SE 1.2.1 serate, hodoku-py level, hodoku-py score)
MEASURED = {
    "6.8..134...4..27..21..3...8....2..7...1...5...9..1....5...9..87..32..9...874..2.1":
        (5.6, "HARD", 324),  # BUG+1
    "..3..8..28..4..79..712..4.8..487.................269..3.7..925..89..7..31..6..8..":
        (4.5, "HARD", 404),  # unique rectangle
    "..68.94........61..3.6....7.2..735.1.4.....3.3.796..2.5....7.8..83........23.61..":
        (6.6, "HARD", 464),  # colouring / X-chain
    "..24....835.6.......4.1..3.57...1.43..9...8..63.2...95.9..2.3.......7.522....64..":
        (4.4, "HARD", 594),  # XYZ-Wing
    ".2..........75...9..6.238.5..78...4..8..6..5..9...53..3.958.7..8...71..........6.":
        (7.1, "UNFAIR", 1026),  # AIC
    "...65.72....2.3..4.........4.3..5.87..2...5..67.8..3.1.........9..1.8....56.27...":
        (5.0, "HARD", 980),  # naked quad
    ".....6..7...85.......7..83935..82..1..1...6..6..43..95738..9.......65...5..3.....":
        (4.2, "HARD", 772),  # Y-Wing
    "9....6......14..3.5....726834....6...5.....9...2....832853....9.7..29......5....6":
        (6.6, "HARD", 532),  # finned X-Wing
}  # fmt: skip

# The names the registry has, and the ones issue 21 adds (HoDoKu's repertoire): each must
# be rated on both scales, so a new technique is never silently worth 0.
ISSUE_21 = [
    "skyscraper", "two_string_kite", "turbot_fish", "empty_rectangle", "unique_rectangle_3",
    "unique_rectangle_5", "unique_rectangle_6", "hidden_rectangle", "avoidable_rectangle",
    "bug_plus_n", "franken_fish", "mutant_fish", "kraken_fish", "sue_de_coq", "als_xz",
    "als_xy_wing", "als_chain", "death_blossom", "grouped_nice_loop", "grouped_aic",
    "template", "forcing_chain", "forcing_net",
]  # fmt: skip


@pytest.mark.parametrize("name", sorted(set(BY_NAME) | set(ISSUE_21)))
def test_every_technique_is_rated_on_both_scales(name):
    assert name in HODOKU
    assert name in SE or name == "guess"
    level, points = rate([StepFacts(name)]).level, rate([StepFacts(name)]).score
    assert points > 0 and level in ("EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME")


def test_an_unknown_technique_is_an_error_not_zero():
    with pytest.raises(KeyError):
        rate([StepFacts("no_such_technique")])


def test_se_length_bonus_follows_its_steps():
    # ChainingHint.getLengthDifficulty: +0.1 past 4, 6, 8, 12, 16, 24, 32 nodes
    bonus = {n: round(length_bonus(n), 1) for n in (4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25)}
    assert bonus == {4: 0.0, 5: 0.1, 6: 0.1, 7: 0.2, 8: 0.2, 9: 0.3, 12: 0.3, 13: 0.4,
                     16: 0.4, 17: 0.5, 24: 0.5, 25: 0.6}  # fmt: skip


def test_se_weights_of_singles_and_chains():
    box, row = 18, 0  # houses: rows 0-8, columns 9-17, boxes 18-26
    assert se_weight(StepFacts("naked_single", ((row, HOUSE_BASE),))) == 1.0  # full house
    assert se_weight(StepFacts("naked_single")) == 2.3
    assert se_weight(StepFacts("hidden_single", ((box, HOUSE_BASE),))) == 1.2
    assert se_weight(StepFacts("hidden_single", ((row, HOUSE_BASE),))) == 1.5
    # a 3-link X-chain (a Turbot Fish): 6.6; 5 links: 6.7
    x3 = tuple((k * 9, (k + 1) * 9, LINK_STRONG if k % 2 == 0 else LINK_WEAK) for k in range(3))
    x5 = tuple((k * 9, (k + 1) * 9, LINK_STRONG if k % 2 == 0 else LINK_WEAK) for k in range(5))
    assert se_weight(StepFacts("x_chain", links=x3)) == 6.6
    assert se_weight(StepFacts("x_chain", links=x5)) == 6.7
    # an AIC with a strong link inside a cell (Y) and one between cells (X): 7.0 + length
    mixed = ((0, 1, LINK_STRONG), (1, 10, LINK_WEAK), (10, 19, LINK_STRONG))
    assert se_weight(StepFacts("aic", links=mixed)) == 7.0
    assert se_weight(StepFacts("guess")) is None


def test_hodoku_level_rises_with_the_score():
    # 57 hidden singles score 798 (EASY); 58 score 812 > 800: MEDIUM, as HoDoKu does
    assert rate([StepFacts("hidden_single")] * 57) == Rating(1.5, False, "EASY", 798)
    assert rate([StepFacts("hidden_single")] * 58).level == "MEDIUM"
    guessed = rate([StepFacts("naked_single"), StepFacts("guess"), StepFacts("backtrack")])
    assert guessed.se_lower_bound and guessed.level == "EXTREME" and guessed.score == 10004


def test_locked_pair_scores_as_hodoku_does():
    locked = StepFacts("naked_pair", ((0, HOUSE_BASE), (18, HOUSE_BASE)))
    assert rate([locked]).score == 40 and rate([StepFacts("naked_pair")]).score == 60


@pytest.mark.parametrize("puzzle", list(MEASURED))
def test_ratings_match_sudoku_explainer_and_hodoku(puzzle):
    se, level, score = MEASURED[puzzle]
    rating = rate_puzzle(parse_puzzle(puzzle))
    assert rating.se == se and not rating.se_lower_bound
    assert rating.level == level
    assert abs(rating.score - score) <= 0.15 * score


def test_a_trace_keeps_its_ratings_and_a_player_reads_them_without_solving(monkeypatch):

    puzzle = next(iter(MEASURED))
    result, trace = solve_and_record(puzzle)
    assert trace.header.params["ratings"] == result.ratings.to_json()
    loaded = parse_trace(trace_bytes(trace))

    def no_solving(*args, **kwargs):
        raise AssertionError("the player solved the puzzle again")

    monkeypatch.setattr(logic, "logic_steps", no_solving)
    monkeypatch.setattr(rated, "solve", no_solving)
    rated._BY_SETTINGS.clear()
    assert rated.rate_trace(loaded) == result.ratings

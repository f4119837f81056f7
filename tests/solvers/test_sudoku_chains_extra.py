"""ALS chains, continuous nice loops, grouped AICs and AICs with ALS nodes
(solvers.sudoku.kernels.als_chain, .grouped): pinned hard puzzles where each fires (the
forcing tier and the complex fish off, so the chain is the step taken), every
step checked against the solution, the chain recorded link by link and written in Eureka
notation; the notation itself on a hand-built step."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from puzzleviz.scenes.sudoku_chains import eureka
from puzzleviz.solvers.sudoku.captions import chain_notation
from puzzleviz.solvers.sudoku.geometry import Names
from puzzleviz.solvers.sudoku.logic import start_grid
from puzzleviz.solvers.sudoku.model import MARK_CANDIDATE, MARK_CELL, MARK_LINK, Mark, decode_link
from puzzleviz.solvers.sudoku.parse import read_puzzles
from puzzleviz.solvers.sudoku.rating import HODOKU, SE
from puzzleviz.solvers.sudoku.record import record
from puzzleviz.solvers.sudoku.roles import (
    ALS_NODE_CODE,
    CELL_ALS,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_ALS,
    ROLE_GROUP,
)
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.soundness import unsound_steps
from puzzleviz.solvers.sudoku.steps import Step
from puzzleviz.solvers.sudoku.techniques import BY_NAME, ORDERED, parse_selection

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"
NCAND = 81 * 9
NEW = ("als_chain", "continuous_nice_loop", "grouped_aic", "als_aic")
OFF = "-forcing,-franken_fish,-mutant_fish,-kraken_fish"


@cache
def _solved(name: str):
    (puzzle,) = [p for p in read_puzzles(ASSETS / "famous_hard.txt") if p.name == name]
    result = solve(puzzle, parse_selection(OFF), names="r1c1")
    assert unsound_steps(result) == []
    return result


def _first(name: str, technique: str, loop: int | None = None):
    result = _solved(name)
    steps = [s for s in result.steps if s.name == technique and loop in (None, s.info[0])]
    assert steps, f"no {technique} in {name}"
    step = steps[0]
    assert step.eliminations
    assert all(result.solution[c] != d for c, d in step.eliminations)
    return step


def _alternates(step: Step, loop: bool) -> None:
    kinds = [kind for _a, _b, kind in step.links]
    body = kinds[:-1] if loop else kinds
    assert body == [LINK_STRONG, LINK_WEAK] * (len(body) // 2) + [LINK_STRONG]
    if loop:
        assert kinds[-1] == LINK_WEAK and step.links[-1][1] == step.links[0][0]
    for (_a, b, _k), (a2, _b2, _k2) in zip(step.links, step.links[1:], strict=False):
        assert b == a2  # one chain, each link starting where the last ended


def test_order_and_ratings():
    rank = {t.name: k for k, t in enumerate(ORDERED)}
    assert rank["xy_chain"] < rank["continuous_nice_loop"] < rank["aic"] < rank["grouped_aic"]
    assert rank["grouped_aic"] < rank["als_xz"] < rank["als_xy_wing"] < rank["als_chain"]
    assert rank["als_chain"] < rank["death_blossom"] < rank["als_aic"] < rank["kraken_fish"]
    assert [BY_NAME[name].id for name in NEW] == [49, 50, 51, 52]
    for name in NEW:
        assert name in HODOKU and name in SE


def test_continuous_nice_loop_removes_along_its_weak_links():
    step = _first("hardest 8", "continuous_nice_loop")
    assert step.info[0] == 1 and step.info[1] == len(step.links) == 10
    _alternates(step, loop=True)
    assert all(a < NCAND and b < NCAND for a, b, _k in step.links)  # single candidates only
    # r4c8 holds 5 or 6: its weak link (6)r4c8-(5)r4c8 closes the loop
    assert step.eliminations == ((3 * 9 + 7, 8),)
    assert "(5)r4c8=r9c8-(5=7)r9c9-r1c9=r1c3-r4c3=r4c4-(6)r4c4=r4c8-(5)r4c8" in step.caption


def test_grouped_aic_with_a_group_node():
    step = _first("hardest 11", "grouped_aic")
    assert step.info[0] == 0 and step.info[2] == 1
    _alternates(step, loop=False)
    end = step.links[-1][1]
    assert end >= NCAND  # the chain ends on the group (9)r3c78
    assert sorted(c // 9 for c in step.node_candidates(end, NCAND)) == [2 * 9 + 6, 2 * 9 + 7]
    assert "(7)r2c7=r2c3-(2)r2c3=r6c3-(2=9)r6c5-r3c5=r3c78" in step.caption
    assert step.eliminations == ((1 * 9 + 6, 9),)


def test_grouped_continuous_loop():
    step = _first("top95 11", "grouped_aic", loop=1)
    _alternates(step, loop=True)
    assert set(step.eliminations) == {(20, 1), (36, 9), (11, 8), (20, 8)}
    assert "(8)r1c3=r1c5-(1)r1c5=r1c23-r3c1=r5c1-(8)r5c1=r5c3-r1c3" in step.caption


def test_als_aic_enters_and_leaves_each_set_on_two_digits():
    step = _first("hardest 3", "als_aic")
    _alternates(step, loop=False)
    sets = step.info[3]
    assert sets == 2 and [r for _c, r in step.cells] == [CELL_ALS] * (step.info[4] + step.info[5])
    first = NCAND + ALS_NODE_CODE
    inside = [(a, b) for a, b, k in step.links if a >= first and b >= first and k == LINK_STRONG]
    assert inside == [(first, first + 1), (first + 2, first + 3)]
    assert "(7)r6c6=r1c6-(7=8)r1c37-(8=6)r567c3" in step.caption
    assert step.eliminations == ((5 * 9 + 5, 6),)


def test_als_chain_of_four_sets():
    step = _first("top95 64", "als_chain")
    z, count = step.info[0], step.info[1]
    assert (z, count) == (4, 4)
    assert len(step.cells) == sum(step.info[2 : 2 + count])
    kinds = [k for _a, _b, k in step.links]
    assert kinds == [LINK_STRONG, LINK_WEAK] * (count - 1) + [LINK_STRONG]
    assert "(4=6)r1c278-(6=8)r7c7-(8=6)r7c58-(6=4)r38c5" in step.caption
    assert set(step.eliminations) == {(3, 4), (4, 4)}


def test_notation_of_a_hand_built_chain():
    """(4)r2c5=r2c9-(4)r8c9 style: the digit where it changes, a group as r2c56, an ALS as
    (4=7)r1c12, a bivalue cell as (2=5)r1c1."""
    n = 9

    def cand(r: int, c: int, d: int) -> int:
        return ((r - 1) * n + c - 1) * n + d - 1

    group = NCAND + 2
    als_in, als_out = NCAND + ALS_NODE_CODE, NCAND + ALS_NODE_CODE + 1
    step = Step(
        technique=BY_NAME["als_aic"].id,
        info=(0, 5, 1, 1, 2, 0, 0, 0),
        cells=((0, CELL_ALS), (1, CELL_ALS)),
        links=(
            (cand(2, 4, 4), cand(2, 9, 4), LINK_STRONG),
            (cand(2, 9, 4), group, LINK_WEAK),
            (group, cand(8, 5, 4), LINK_STRONG),
            (cand(8, 5, 4), als_in, LINK_WEAK),
            (als_in, als_out, LINK_STRONG),
        ),
        nodes=(
            (group, cand(2, 5, 4)),
            (group, cand(2, 6, 4)),
            (als_in, cand(1, 1, 4)),
            (als_in, cand(1, 2, 4)),
            (als_out, cand(1, 2, 7)),
        ),
    )
    text = chain_notation(step, Names(3, "r1c1"))
    assert text == "(4)r2c4=r2c9-r2c56=r8c5-(4=7)r1c12"
    assert chain_notation(step, Names(3)).endswith("-(4=7)A1B1")


@pytest.mark.parametrize("name", ["hardest 3", "hardest 8", "hardest 11", "top95 11"])
def test_trace_draws_the_chain_link_by_link(name):
    """The recorded trace marks one link per event, in chain order, ALS node candidates in
    the ALS colour; the scene's notation of the finished step writes an ALS link (7=8)."""

    result = _solved(name)
    chains = [i for i, s in enumerate(result.steps) if s.name in NEW]
    k = next(i for i in chains if name != "hardest 3" or result.steps[i].info[0] == 0)
    trace = record(result)
    lo, hi = trace.step_range(k)  # trace step k is solver step k
    rows = trace.rows[lo:hi]
    links = rows[(rows[:, 0] == Mark.OP) & (rows[:, 1] == MARK_LINK) & (rows[:, 3] != 0)]
    step = result.steps[k]
    assert len(links) == len(step.links)
    decoded = [decode_link(NCAND, int(v)) for v in links[:, 3]]
    assert [kind for _a, _b, kind in decoded] == [kind for _a, _b, kind in step.links]
    marks = rows[(rows[:, 0] == Mark.OP) & (rows[:, 1] == MARK_CANDIDATE)]
    roles = {int(i): int(v) for i, v in zip(marks[:, 2], marks[:, 3], strict=True)}
    for code, candidate in step.nodes:
        expected = ROLE_ALS if code >= NCAND + ALS_NODE_CODE else ROLE_GROUP
        assert roles[candidate] == expected
    cells = rows[(rows[:, 0] == Mark.OP) & (rows[:, 1] == MARK_CELL)]
    als = {int(c) for c, v in zip(cells[:, 2], cells[:, 3], strict=True) if v == CELL_ALS}
    groups: dict[int, set[int]] = {}
    for candidate, role in roles.items():
        if role == ROLE_GROUP:
            groups.setdefault(candidate % 9 + 1, set()).add(candidate // 9)
    box = [(c // 27) * 3 + (c % 9) // 3 for c in range(81)]
    masks = [0] * 81  # the pencil marks when the step is taken
    for cell, digit in _marks_before(result, k):
        masks[cell] |= 1 << (digit - 1)
    text = eureka([(a, b, kind, 1.0) for a, b, kind in decoded], NCAND, Names(3, "r1c1"),
                  groups, box, als, masks)  # fmt: skip
    if name == "hardest 3":
        # an ALS is read off the outlined cells of a house through both ends of its link
        assert text == "(7)r6c6=r1c6-(7=8)r1c37-(8=6)r567c3"
    if name == "hardest 11":
        assert text.endswith("-r3c5=r3c78")


def _marks_before(result, k: int) -> list[tuple[int, int]]:
    """(cell, digit) of every candidate left before solver step k."""

    _values, cand = start_grid(3, result.puzzle.givens)
    cand = cand.tolist()
    for step in result.steps[:k]:
        for cell, digit in step.eliminations:
            cand[cell] &= ~(1 << (digit - 1))
        for cell, digit in step.placements:
            cand[cell] = 0
            for peer in range(81):
                same = peer // 9 == cell // 9 or peer % 9 == cell % 9
                same = same or (peer // 27, peer % 9 // 3) == (cell // 27, cell % 9 // 3)
                if same:
                    cand[peer] &= ~(1 << (digit - 1))
    return [(c, d + 1) for c in range(81) for d in range(9) if cand[c] >> d & 1]

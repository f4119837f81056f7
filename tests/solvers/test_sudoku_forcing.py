"""Forcing chains and nets: the hard sets are solved without a guess, every step sound, and
each forcing step carries its branches in the recorded format the scene draws from."""

from __future__ import annotations

from pathlib import Path

import pytest
from puzzleviz.solvers.sudoku.parse import read_puzzles
from puzzleviz.solvers.sudoku.record import final_state
from puzzleviz.solvers.sudoku.roles import LINK_STRONG, LINK_WEAK, ROLE_FIN, ROLE_OFF, ROLE_ON
from puzzleviz.solvers.sudoku.search import solve, solve_and_record
from puzzleviz.solvers.sudoku.soundness import unsound_steps
from puzzleviz.solvers.sudoku.steps import Step
from puzzleviz.solvers.sudoku.techniques import parse_selection

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"


def _famous(prefix: str):
    return [p for p in read_puzzles(ASSETS / "famous_hard.txt") if p.name.startswith(prefix)]


@pytest.mark.parametrize(
    "puzzles",
    [
        pytest.param(lambda: _famous("top95 "), id="top95"),
        pytest.param(lambda: read_puzzles(ASSETS / "hodoku_extreme.txt"), id="hodoku_extreme"),
    ],
)
def test_hard_sets_need_no_guess_and_every_step_is_sound(puzzles):
    needed_guess, unsound = [], []
    for puzzle in puzzles():
        result = solve(puzzle, names=None)
        assert result.solved
        unsound += unsound_steps(result)
        if result.fallback_used:
            needed_guess.append(puzzle.name)
    assert unsound == []
    assert needed_guess == []


def _forcing_steps(name: str) -> list[Step]:
    (puzzle,) = [p for p in read_puzzles(ASSETS / "famous_hard.txt") if p.name == name]
    return [s for s in solve(puzzle, names="r1c1").steps if s.name.startswith("forcing")]


def _branch_links(step: Step, k: int):
    first = step.branches[k][2]
    last = step.branches[k + 1][2] if k + 1 < len(step.branches) else len(step.links)
    return step.links[first:last]


def test_forcing_branches_are_implications_from_their_premise():
    steps = _forcing_steps("top95 7") + _forcing_steps("top95 35")
    assert {s.name for s in steps} == {"forcing_chain", "forcing_net"}
    n = 9
    for step in steps:
        assert len(step.eliminations) + len(step.placements) == 1
        assert step.info[7] == len(step.branches) >= 1
        assert step.info[6] == len(step.links)
        for k, (premise, on, _first, node) in enumerate(step.branches):
            links = _branch_links(step, k)
            assert links, "a branch without implications"
            # the branch's nodes begin with its premise
            cell, digit, role = step.candidates[node]
            assert cell * n + digit - 1 == premise
            assert role == (ROLE_ON if on else ROLE_OFF)
            # every link starts at a fact known before it: the premise or an earlier target
            known = {premise}
            for a, b, kind in links:
                assert a in known
                assert kind in (LINK_STRONG, LINK_WEAK)
                known.add(b)
            if step.name == "forcing_chain":  # a chain: one reason per fact
                targets = [b for _a, b, _k in links]
                assert len(targets) == len(set(targets))
        assert step.caption.startswith(("Forcing Chain", "Forcing Net"))


def test_chain_caption_uses_forum_notation():
    chains = [s for s in _forcing_steps("top95 7") if s.name == "forcing_chain"]
    assert chains
    assert "(6)r6c2-(2)r6c2=(2)r8c2" in chains[0].caption


def test_forcing_steps_replay_in_the_trace():
    (puzzle,) = [p for p in read_puzzles(ASSETS / "famous_hard.txt") if p.name == "top95 7"]
    result, trace = solve_and_record(puzzle)
    assert not result.fallback_used
    model_values = final_state(trace)[1 : 1 + 81]
    assert model_values.tolist() == result.final.tolist()


def test_kraken_fish_ties_each_fin_to_the_target():
    """top95 12 with the forcing tier off: a finned Swordfish on 2 whose fin H3 reaches E4
    through (2)H3-(2)I1=(2)E1-(2)E4, so E4 loses 2 (pinned for the scene, issue 21)."""

    (puzzle,) = [p for p in read_puzzles(ASSETS / "famous_hard.txt") if p.name == "top95 12"]
    # the chains and templates of issue 21 off too: a grouped AIC or a Template Delete would
    # take the eliminations first
    off = "-forcing,-continuous_nice_loop,-grouped_aic,-als_chain,-als_aic"
    off += ",-template_set,-template_delete"
    result = solve(puzzle, parse_selection(off))
    assert unsound_steps(result) == []
    krakens = [s for s in result.steps if s.name == "kraken_fish"]
    assert krakens
    step = krakens[0]
    assert step.eliminations == ((4 + 3 * 9, 2),)  # E4 (row 4, column E)
    assert result.solution[4 + 3 * 9] != 2
    fins = [c * 9 + d - 1 for c, d, r in step.candidates[: step.branches[0][3]] if r == ROLE_FIN]
    assert [premise for premise, *_rest in step.branches] == fins
    target = (4 + 3 * 9) * 9 + 1
    for k, (premise, on, _first, _node) in enumerate(step.branches):
        links = _branch_links(step, k)
        assert on == 1 and links[0][0] == premise
        assert links[-1][1] == target and links[-1][2] == LINK_WEAK
    assert "(2)H3-(2)I1=(2)E1-(2)E4" in step.caption
    assert step.caption.startswith("Kraken Fish: a finned Swordfish on 2")
    _result, trace = solve_and_record(puzzle, parse_selection(off))
    assert any("Kraken Fish" in s for s in trace.strings)

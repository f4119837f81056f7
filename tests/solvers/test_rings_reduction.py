"""The reduction solver for two colours per ring: the macros do what they claim, each
stage reaches its goal, and the five-ring two-colour puzzle is solved."""

from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.shuffle import uniform_shuffle
from puzzleviz.solvers.rings.practical.practical import practical_moves
from puzzleviz.solvers.rings.practical.reduction import (
    macro_table,
    merge_colours,
    merged_config,
    order_moves,
)
from puzzleviz.solvers.rings.search.graphsearch import FOUND

from tests.solvers.test_rings_search import play

OLYMPIC_2 = RingConfig.parse("5/18/2/2")


def test_merged_state_is_a_state_of_the_merged_configuration():
    merged = merged_config(OLYMPIC_2)
    state = merge_colours(uniform_shuffle(OLYMPIC_2, 4))
    counts = np.bincount(state, minlength=merged.n_colours + 1)[1:]
    assert tuple(counts) == merged.colour_counts
    assert np.array_equal(merge_colours(OLYMPIC_2.solved_state()), merged.solved_state())


def test_every_macro_moves_only_the_balls_it_lists():
    table = macro_table(OLYMPIC_2, 1)
    rng = np.random.default_rng(0)
    state = np.arange(1, OLYMPIC_2.n_balls + 1)  # every ball told apart
    picks = zip(
        rng.integers(len(table.setups), size=40),
        rng.integers(len(table.bases), size=40),
        strict=True,
    )
    for s, b in picks:
        after = play(OLYMPIC_2, state, table.moves(int(s), int(b)))
        pairs = [(d, q) for d, q in table.base_pairs[b] if d >= 0]
        gather = table.setup_gather[s]
        want = state.copy()
        for d, q in pairs:
            want[gather[d]] = state[gather[q]]
        assert np.array_equal(after, want)
        assert 4 <= np.count_nonzero(after != state) <= 5


@pytest.mark.slow  # about 10 s: the three-turn setups of the Olympic rings
def test_order_stage_sorts_rings_that_hold_their_own_colours():
    # a scramble that keeps every ball on its ring: random macros from the solved state
    table = macro_table(OLYMPIC_2, 2)
    rng = np.random.default_rng(1)
    state = OLYMPIC_2.solved_state()
    ring_of = np.repeat(np.arange(5), np.diff(OLYMPIC_2.offsets))
    scrambled = 0
    while scrambled < 30:
        s, b = int(rng.integers(len(table.setups))), int(rng.integers(len(table.bases)))
        after = play(OLYMPIC_2, state, table.moves(s, b))
        if np.array_equal(merge_colours(after) - 1, ring_of):  # membership kept
            state, scrambled = after, scrambled + 1
    assert not is_goal(OLYMPIC_2, state)
    code, moves = order_moves(OLYMPIC_2, state)
    assert code == FOUND and is_goal(OLYMPIC_2, play(OLYMPIC_2, state, moves))


@pytest.mark.slow  # 5-10 s each
@pytest.mark.parametrize(("seed", "relaxed"), [(0, True), (1, True), (0, False)])
def test_five_rings_with_two_colours_are_solved(seed, relaxed):
    # relaxed: the beam directly, the reduction if it stalls; without the relaxed tables
    # the reduction at once
    state = uniform_shuffle(OLYMPIC_2, seed)
    code, moves = practical_moves(OLYMPIC_2, state, relaxed=relaxed)
    assert code == FOUND and is_goal(OLYMPIC_2, play(OLYMPIC_2, state, moves))

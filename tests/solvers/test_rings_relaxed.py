"""The relaxed ring tables: a true relaxation (never above the real number of turns for its
ring or colour) and a guide under which the practical beam solves every variant."""

from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.shuffle import random_moves, uniform_shuffle
from puzzleviz.solvers.rings.practical.practical import guide, guide_params, practical_moves
from puzzleviz.solvers.rings.practical.relaxed import relaxed_tables
from puzzleviz.solvers.rings.search.graphsearch import FOUND
from puzzleviz.solvers.rings.search.kernels import tables, to_kernel_state

from tests.solvers.test_rings_search import play


def _values(config: RingConfig, state: np.ndarray) -> list[int]:
    """Each table's value (unweighted) at `state`."""
    rt = relaxed_tables(config)
    x = to_kernel_state(state)
    out = []
    for e, r in enumerate(rt.ring):
        pattern = sum(1 << p for p, i in enumerate(config.circuits[r]) if rt.own[e, x[i]])
        out.append(int(rt.flat[rt.offset[e] + pattern]))
    return out


@pytest.mark.parametrize("text", ["3/10/2/2", "5/18/1/2", "3/12/1/2"])
def test_no_table_exceeds_the_turns_of_a_scramble(text):
    # every real turn is a relaxed move of every table (its own ring: a rotation; a
    # neighbour: a change of one lens; any other ring: nothing), so a state N turns from
    # the solved one reads at most N in every table
    config = RingConfig.parse(text)
    assert _values(config, config.solved_state()) == [0] * len(relaxed_tables(config).ring)
    for n in range(1, 13):
        for seed in range(6):
            state = play(config, config.solved_state(), random_moves(config, n, 100 * n + seed))
            assert max(_values(config, state)) <= n


def test_a_wrong_ball_at_the_lens_is_one_move_from_home_elsewhere_more():
    # counting wrong balls cannot tell these two states apart; the table can: at the
    # lens a neighbour's turn takes the ball away, elsewhere ring 1 must turn first
    config = RingConfig.parse("3/12/1/2")
    lens = next(lens for lens in config.lenses if lens.ring == 0)
    for position, expected in ((lens.start, 1), (1, 2)):
        state = config.solved_state()
        state[config.circuits[0, position - 1]] = 3
        state[config.circuits[2, 0]] = 1
        assert _values(config, state)[0] == expected


@pytest.mark.parametrize("text", ["3/20/1/4", "3/20/2/4", "5/18/1/2"])  # 5/18/2/2: reduction
def test_the_relaxed_guide_solves_every_large_variant(text):
    config = RingConfig.parse(text)
    gp = guide_params(config)
    assert guide(to_kernel_state(config.solved_state()), tables(config), gp) <= 0
    state = uniform_shuffle(config, 3)
    code, moves = practical_moves(config, state)
    assert code == FOUND and is_goal(config, play(config, state, moves))


def test_the_olympic_guide_aims_at_the_nearest_of_its_goals():
    # one colour per ring: the colours of equal counts may trade rings (12 goals); the guide
    # is the least over those goals, so it reads 0 at every one of them, and with the first
    # goal alone it is the guide aimed at colour r in ring r
    from puzzleviz.solvers.rings.model.goal import goal_states

    config = RingConfig.parse("5/18/1/2")
    tab = tables(config)
    gp = guide_params(config)
    fixed = guide_params(config, any_goal=False)
    assert len(gp.assign) == 12
    assert all(guide(to_kernel_state(g), tab, gp) <= 0 for g in goal_states(config))
    for seed in range(4):
        x = to_kernel_state(uniform_shuffle(config, seed))
        first = guide(x, tab, gp._replace(assign=gp.assign[:1]))
        assert first == guide(x, tab, fixed) >= guide(x, tab, gp)

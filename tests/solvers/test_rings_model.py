from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.modelcheck import assert_walk_invertible
from puzzleviz.solvers.rings.model.config import RingConfig, all_configs
from puzzleviz.solvers.rings.model.geometry import layout, short_way
from puzzleviz.solvers.rings.model.goal import goal_states, is_goal, max_heuristic, thesis_heuristic
from puzzleviz.solvers.rings.model.model import Examine, RingsModel, Rotate
from puzzleviz.solvers.rings.model.ranking import rank, unrank
from puzzleviz.solvers.rings.model.shuffle import random_moves, thesis_shuffle, uniform_shuffle
from puzzleviz.solvers.rings.model.stateio import format_state, parse_state

CONFIGS = all_configs(thesis_only=False)


def names(config: RingConfig, ring: int) -> str:
    return " ".join(config.ball_name(int(i))[1:].replace("_", ".") for i in config.circuits[ring])


def test_there_are_43_thesis_settings():
    assert len({(c.rings, c.size, c.inner) for c in all_configs()}) == 43


@pytest.mark.parametrize(
    ("text", "ring", "circuit"),
    [
        ("2/20/2/4", 0, "1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 1.12 1.13 1.14 1.15 "
         "1.16 1.17 1.18 1.19 2.15"),
        ("2/20/2/4", 1, "2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 2.9 2.10 2.11 2.12 2.13 2.14 2.15 "
         "2.16 2.17 2.18 2.19 1.15"),
        ("3/20/1/4", 1, "2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8 2.9 1.15 2.10 2.11 2.12 2.13 2.14 "
         "2.15 2.16 2.17 2.18 3.15"),
        ("3/20/1/4", 2, "3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 3.9 3.10 3.11 3.12 3.13 3.14 3.15 "
         "3.16 3.17 3.18 3.19 2.14"),
        ("5/18/1/2", 0, "1.1 1.2 1.3 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 1.12 1.13 1.14 1.15 "
         "1.16 1.17 2.2"),
        ("5/18/1/2", 2, "3.1 3.2 3.3 3.4 4.2 3.5 3.6 3.7 3.8 3.9 3.10 3.11 3.12 3.13 3.14 "
         "3.15 3.16 2.14"),
        ("5/18/1/2", 3, "4.1 4.2 4.3 4.4 3.2 4.5 4.6 4.7 4.8 4.9 4.10 4.11 4.12 4.13 4.14 "
         "4.15 4.16 5.15"),
    ],
)  # fmt: skip
def test_circuits_are_the_specs(text, ring, circuit):
    assert names(RingConfig.parse(text), ring) == circuit


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_configuration_is_consistent(config):
    counts = np.bincount(config.circuits.ravel(), minlength=config.n_balls)
    assert set(counts.tolist()) <= {1, 2}
    assert len(config.shared_balls) == 2 * (config.rings - 1)
    assert sum(config.colour_counts) == config.n_balls
    # Shared balls sit where both circles pass; no two balls overlap.
    where = layout(config)
    for r in range(config.rings):
        for p in range(config.size):
            assert np.allclose(where.point(r, p + 1), where.ball_xy[config.circuits[r, p]])
    xy = where.ball_xy
    gaps = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    assert gaps[~np.eye(len(xy), dtype=bool)].min() > 0.05


def test_state_counts_are_the_thesis_table():
    table = {
        "2/8/1/2": 3432, "2/8/2/2": 4204200, "2/12/1/2": 705432, "2/16/1/2": 155117520,
        "2/20/1/2": 35345263800, "3/10/1/2": 75957810500,
    }  # fmt: skip
    for text, count in table.items():
        assert RingConfig.parse(text).state_count == count
    approx = {"2/20/2/4": 3.01626e20, "3/14/1/2": 2.81594e16, "5/18/1/2": 4.10e53,
              "5/18/2/2": 5.17e74}  # fmt: skip
    for text, value in approx.items():
        assert math.isclose(RingConfig.parse(text).state_count, value, rel_tol=2e-3)


def test_shared_positions_of_the_original():
    config = RingConfig.parse("original")
    assert config.shared_positions(0) == [(15, 1, 20), (20, 1, 15)]
    assert config.inner == 4


def test_olympic_layout_is_a_w():
    where = layout(RingConfig.parse("olympic"))
    assert where.top_row == (0, 2, 4)
    assert where.centres[1, 1] < where.centres[0, 1]


def test_original_first_balls_sit_where_the_thesis_says():
    where = layout(RingConfig.parse("original"))
    x1, y1 = where.ball_xy[0] - where.centres[0]
    assert x1 > 0 and y1 > 0  # C1_1 top right of the left ring
    x2, y2 = where.ball_xy[19] - where.centres[1]
    assert x2 < 0 and y2 < 0  # C2_1 bottom left of the right ring


def test_rotate_one_is_the_thesis_operator_c1e():
    """C1_e: C1'_j = C1_{j-1} (j != 1), C1'_1 = C2_15, C2'_15 = C1_19."""
    config = RingConfig.parse("original")
    model = RingsModel(config)
    rng = np.random.default_rng(3)
    for _ in range(20):
        old = rng.permutation(config.solved_state())
        new = old.copy()
        model.apply(new, Rotate(0, 1))
        c1, c2 = old[:19], old[19:]
        expect1 = np.concatenate([[c2[14]], c1[:18]])
        expect2 = c2.copy()
        expect2[14] = c1[18]
        assert np.array_equal(new[:19], expect1) and np.array_equal(new[19:], expect2)
        # forgat(2, f) is C2_e applied f times
        a, b = old.copy(), old.copy()
        model.apply(a, Rotate(1, 7))
        for _ in range(7):
            model.apply(b, Rotate(1, 1))
        assert np.array_equal(a, b)


def test_short_way_round():
    config = RingConfig.parse("original")
    assert short_way(config, 3) == 3 and short_way(config, 10) == 10
    assert short_way(config, 17) == -3


@pytest.mark.parametrize(
    ("text", "goals"),
    [("2/20/2/4", 16), ("2/10/1/2", 2), ("3/20/1/4", 2), ("3/10/2/2", 192), ("5/18/1/2", 12)],
)
def test_goal_counts(text, goals):
    config = RingConfig.parse(text)
    found = goal_states(config)
    assert len(found) == goals
    assert all(is_goal(config, g) for g in found)
    assert len({g.tobytes() for g in found}) == goals


@pytest.mark.slow  # about 5 s: 322,560 goals
def test_olympic_two_colour_goals_are_listed_in_order_and_each_is_a_goal():
    config = RingConfig.parse("5/18/2/2")
    found = goal_states(config)
    assert len(found) == 322_560  # 16 block sizes a ring, colours shared as counts allow
    assert (np.diff(found.astype(np.int64), axis=0) != 0).any(axis=1).all()  # no repeats
    assert [tuple(row) for row in found[::4_000]] == sorted(tuple(row) for row in found[::4_000])
    assert all(is_goal(config, g) for g in found[::997])


@pytest.mark.parametrize("text", ["2/8/1/2", "2/6/2/1"])
def test_goal_set_of_a_small_config_is_exactly_the_goal_test(text):
    config = RingConfig.parse(text)
    every = {unrank(config, i).tobytes() for i in range(config.state_count)
             if is_goal(config, unrank(config, i))}  # fmt: skip
    assert every == {g.tobytes() for g in goal_states(config)}


def test_thesis_heuristic_on_the_original_goals():
    config = RingConfig.parse("original")
    values = sorted(thesis_heuristic(config, g) for g in goal_states(config))
    assert values == [0, 0, 0, 0, 160, 161, 161, 162, 198, 199, 199, 200, 360, 360, 360, 360]
    assert max_heuristic(config) == 362


@pytest.mark.parametrize("text", ["2/20/2/4", "2/10/1/2", "3/20/1/4", "3/10/2/2", "5/18/1/2"])
def test_heuristic_is_zero_on_the_own_colour_goal(text):
    config = RingConfig.parse(text)
    assert thesis_heuristic(config, config.solved_state()) == 0


def test_rank_is_a_bijection_in_lexicographic_order():
    config = RingConfig.parse("2/6/2/1")
    states = [unrank(config, i) for i in range(config.state_count)]
    keys = [tuple(s.tolist()) for s in states]
    assert keys == sorted(keys) and len(set(keys)) == config.state_count
    assert all(rank(config, s) == i for i, s in enumerate(states[:2000]))


@given(st.sampled_from(["2/20/2/4", "5/18/2/2", "3/14/2/3"]), st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_rank_roundtrip_on_big_configs(text, seed):
    config = RingConfig.parse(text)
    state = uniform_shuffle(config, seed)
    index = rank(config, state)
    assert 0 <= index < config.state_count
    assert np.array_equal(unrank(config, index), state)


def test_shuffles_are_seeded_and_keep_colour_counts():
    config = RingConfig.parse("original")
    for shuffle in (thesis_shuffle, uniform_shuffle):
        a, b = shuffle(config, 5), shuffle(config, 5)
        assert np.array_equal(a, b)
        assert not np.array_equal(a, shuffle(config, 6))
        RingsModel(config).check_state(a)


def test_thesis_shuffle_is_not_uniform():
    """The thesis' fill draws among colours with balls left, so once a colour runs out the
    rest is forced: its states end in long one-colour runs far more often (spec 2.4)."""
    config = RingConfig.parse("2/8/1/2")

    def final_run(state: np.ndarray) -> int:
        k = 1
        while k < len(state) and state[-k - 1] == state[-1]:
            k += 1
        return k

    thesis = np.mean([final_run(thesis_shuffle(config, s)) for s in range(400)])
    uniform = np.mean([final_run(uniform_shuffle(config, s)) for s in range(400)])
    assert thesis > uniform + 0.7  # about 3.0 against 1.8


def test_state_text_roundtrip_and_errors():
    config = RingConfig.parse("original")
    solved = "1111111112222222222/3333333334444444444"
    assert format_state(config, config.solved_state()) == solved
    assert np.array_equal(parse_state(config, solved), config.solved_state())
    bad = {
        "1111111112222222222": "separated by '/'",
        "111111111222222222/3333333334444444444": "lists 18 balls",
        "1111111112222222225/3333333334444444444": "not a colour",
        "1111111112222222223/3333333334444444444": "balls of colour",
    }
    for text, message in bad.items():
        with pytest.raises(PuzzleInputError, match=message):
            parse_state(config, text)
    ten = RingConfig.parse("5/18/2/2")
    assert "a" in format_state(ten, ten.solved_state())


@pytest.mark.parametrize("text", ["2/4/1/1", "4/18/1/2", "3/12/1/3", "2/20/3/4", "x", "2/20/2/9"])
def test_bad_configurations(text):
    with pytest.raises(PuzzleInputError):
        RingConfig.parse(text)


@st.composite
def walks(draw):
    config = RingConfig.parse(draw(st.sampled_from(["2/20/2/4", "3/16/2/3", "5/18/1/2"])))
    start = uniform_shuffle(config, draw(st.integers(0, 1000)))
    events = []
    for _ in range(draw(st.integers(1, 12))):
        if draw(st.booleans()):
            events.append(Rotate(draw(st.integers(0, config.rings - 1)),
                                 draw(st.integers(1, config.size - 1))))  # fmt: skip
        else:
            events.append(Examine(draw(st.integers(0, 99)), draw(st.integers(0, 9)), -1))
    return config, start, events


@given(walks())
@settings(max_examples=40, deadline=None)
def test_events_are_invertible(walk):
    config, start, events = walk
    assert_walk_invertible(RingsModel(config), start, events)


def test_random_moves_never_turn_a_ring_twice():
    config = RingConfig.parse("olympic")
    moves = random_moves(config, 50, 3)
    assert all(a[0] != b[0] for a, b in itertools.pairwise(moves))
    assert all(1 <= f < config.size for _, f in moves)


def test_model_definition_roundtrip_and_describe():
    model = RingsModel("3/20/1/4")
    again = RingsModel.from_definition(model.definition())
    assert str(again.config) == "3/20/1/4"
    assert model.describe(Rotate(1, 18)) == "ring 2: 2 steps clockwise"
    assert model.describe(Rotate(0, 1)) == "ring 1: 1 step counter-clockwise"
    with pytest.raises(PuzzleInputError):
        model.check_state(np.ones(56, dtype=np.int32))


def test_goal_sets_are_cached_on_disk_and_a_bad_cache_is_listed_again(
    tmp_path, monkeypatch, capsys
):
    import puzzleviz.solvers.rings.model.goal as goal
    from puzzleviz.solvers.cachefiles import DamagedCache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(goal, "CACHE_GOALS", 0)
    config = RingConfig.parse("3/10/2/2")
    listed = goal._list_goal_states(config)
    goal._goal_states.cache_clear()
    try:
        assert np.array_equal(goal._goal_states(config), listed)
        path = goal._cache_path(config)
        assert path.is_relative_to(tmp_path) and path.exists()
        assert np.array_equal(goal._load_goals(config, path), listed)
        bad = listed.astype(np.int8)
        bad[[0, 1]] = bad[[1, 0]]  # out of order
        np.save(path, bad)
        with pytest.raises(DamagedCache, match="out of order"):
            goal._load_goals(config, path)
        bad = listed.astype(np.int8)
        bad[5, [0, -1]] = bad[5, [-1, 0]]  # not a goal any more
        np.save(path, bad)
        with pytest.raises(DamagedCache, match="not a goal"):
            goal._load_goals(config, path)
        for damage in (b"not an array", b"", np.lib.format.magic(1, 0)):  # an empty file too
            path.write_bytes(damage)
            with pytest.raises(DamagedCache, match="not a goal list"):
                goal._load_goals(config, path)
        goal._goal_states.cache_clear()
        capsys.readouterr()
        assert np.array_equal(goal._goal_states(config), listed)  # listed again, and said
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "goal set" in err[0] and "listing the goals again" in err[0]
        assert np.array_equal(goal._load_goals(config, path), listed)  # and kept again
    finally:
        goal._goal_states.cache_clear()

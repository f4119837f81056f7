"""The optimal solver: colour pattern databases and IDA* against exact BFS distances.

Small configurations only (tables built in memory in well under a second); the original's
tables (hundreds of megabytes) are measured in benchmarks/rings_optimal.py instead.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque

import numpy as np
import pytest
from puzzleviz.solvers.interrupt import SearchStopped
from puzzleviz.solvers.modelcheck import assert_trace_replays
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.macros import turn_gather
from puzzleviz.solvers.rings.model.model import RingsModel
from puzzleviz.solvers.rings.model.shuffle import played as play
from puzzleviz.solvers.rings.model.shuffle import scrambled, uniform_shuffle
from puzzleviz.solvers.rings.optimal import colour_pdb as cp
from puzzleviz.solvers.rings.optimal.optimal import colour_masks, heuristic_value, solve_optimal
from puzzleviz.solvers.rings.search.methods import recording_tracer
from puzzleviz.solvers.rings.stats import exact

SMALL = ["2/6/2/1", "2/8/2/2", "2/8/1/2", "2/10/1/2", "2/12/1/2"]


def mask_of(state: np.ndarray, colour: int) -> int:
    return sum(1 << i for i, v in enumerate(state.tolist()) if v == colour)


# ----- masks and turns -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["2/6/2/1", "2/10/1/3", "2/20/2/4"])
def test_a_turn_of_a_mask_is_the_models_turn(text):
    config = RingConfig.parse(text)
    gm = cp.geometry(config)
    rng = np.random.default_rng(5)
    for _ in range(100):
        state = uniform_shuffle(config, int(rng.integers(1 << 30)))
        ring, f = int(rng.integers(2)), int(rng.integers(1, config.size))
        after = play(config, state, [(ring, f)])
        for colour in range(1, config.n_colours + 1):
            got = int(cp.turn_mask(np.uint64(mask_of(state, colour)), ring, f, gm.geo))
            assert got == mask_of(after, colour)
        m = np.uint64(mask_of(state, 1))
        assert int(cp.swap_rings(cp.swap_rings(m, gm.geo), gm.geo)) == int(m)


@pytest.mark.parametrize("text", ["2/8/2/2", "2/10/1/2"])
def test_the_index_is_a_bijection_with_orbits_side_by_side(text):
    config = RingConfig.parse(text)
    gm = cp.geometry(config)
    for tokens in {*config.colour_counts, 3}:
        offsets, binomg = cp.class_offsets(config, tokens)
        seen = set()
        for places in itertools.combinations(range(config.n_balls), tokens):
            m = np.uint64(sum(1 << p for p in places))
            i = int(cp.index_of(m, gm.geo, gm.posw, gm.tposw, gm.perw, gm.rankr, offsets, binomg))
            base, t, per = cp.orbit_base(m, gm.geo, gm.posw, gm.tposw, gm.perw, gm.rankr,
                                         offsets, binomg)  # fmt: skip
            assert base + t == i and 0 <= t < per and config.size % per == 0
            # the orbit holds the ring-1 turns of m, in order
            for f in range(config.size):
                turned = cp.turn_mask(m, 0, f, gm.geo)
                j = cp.index_of(turned, gm.geo, gm.posw, gm.tposw, gm.perw, gm.rankr,
                                offsets, binomg)  # fmt: skip
                assert j == base + (t + f) % per
            seen.add(i)
        assert seen == set(range(int(offsets[-1])))


# ----- tables ------------------------------------------------------------------------------


def reference_table(pattern: cp.Pattern) -> dict[int, int]:
    """Plain BFS over token masks from every goal pattern (the pure-Python reference)."""
    config = pattern.config
    n = config.n_balls
    gathers = [turn_gather(config, r, f) for r in range(2) for f in range(1, config.size)]

    def move(m: int, src: np.ndarray) -> int:
        return sum(1 << q for q in range(n) if m >> int(src[q]) & 1)

    dist = dict.fromkeys(cp.seed_masks(pattern), 0)
    queue = deque(dist)
    while queue:
        m = queue.popleft()
        for src in gathers:
            y = move(m, src)
            if y not in dist:
                dist[y] = dist[m] + 1
                queue.append(y)
    return dist


TABLE_CASES = [("2/8/2/2", cp.MAX_ENTRIES), ("2/8/2/2", 200),
               pytest.param("2/10/1/3", cp.MAX_ENTRIES, marks=pytest.mark.slow),  # about 10 s
               ("2/10/1/2", 200)]  # fmt: skip


@pytest.mark.parametrize(("text", "budget"), TABLE_CASES)
def test_tables_hold_the_exact_abstract_distances(text, budget):
    config = RingConfig.parse(text)
    patterns, lookups = cp.plan(config, budget)
    assert {lk.colour for lk in lookups} == set(range(config.n_colours))
    for pattern in patterns:
        table = cp.build_table(pattern)
        ref = reference_table(pattern)
        assert len(ref) == pattern.size
        assert all(table.value(m) == min(d, 15) for m, d in ref.items())
        assert sum(table.layers) == pattern.size


def test_one_colour_tables_are_the_spec_distance_tables():
    # with one colour per ring a colour's places are the whole state: spec section 6
    config = RingConfig.parse("2/10/1/3")
    (pattern,), _ = cp.plan(config)
    assert cp.build_table(pattern).layers == [2, 34, 284, 1760, 6740, 16800, 15000, 7500, 500]


@pytest.mark.slow  # about 5 s: builds the tables twice
def test_the_cache_is_written_once_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(cp, "CACHE_FROM", 0)
    cp.forget_tables()
    config = RingConfig.parse("2/8/2/2")
    patterns, _ = cp.plan(config)
    calls = []
    built = cp.get_table(patterns[0], on_progress=lambda d, t: calls.append((d, t)))
    assert built.source == "built" and calls and calls[-1][0] == calls[-1][1]
    files = list((tmp_path / "puzzleviz" / "rings-pdb").iterdir())
    assert [f.name for f in files] == [f"{patterns[0].key}.pdb"]
    cp.forget_tables()
    loaded = cp.get_table(patterns[0])
    assert loaded.source == "cache" and np.array_equal(loaded.data, built.data)
    # a damaged file is rebuilt, not trusted
    raw = bytearray(files[0].read_bytes())
    raw[-1] ^= 0xFF
    files[0].write_bytes(bytes(raw))
    cp.forget_tables()
    again = cp.get_table(patterns[0])
    assert again.source == "built" and np.array_equal(again.data, built.data)
    cp.forget_tables()


def test_a_build_stops_when_asked():
    config = RingConfig.parse("2/10/1/2")
    (pattern,), _ = cp.plan(config)
    with pytest.raises(SearchStopped):
        cp.build_table(pattern, control=np.ones(2, dtype=np.int64))


# ----- the optimal search ------------------------------------------------------------------


@pytest.mark.parametrize("text", SMALL)
def test_optimal_lengths_are_the_bfs_distances(text):
    config = RingConfig.parse(text)
    for seed in range(25):
        state = uniform_shuffle(config, seed) if seed < 20 else scrambled(config, 6, seed)
        distance = exact.distance(config, state)
        result = solve_optimal(config, state, threads=1 + seed % 2)
        assert result.optimal and result.solved
        assert result.length == result.lower_bound == distance
        assert is_goal(config, play(config, state, result.moves))
        assert heuristic_value(config, state) <= distance
        assert all(r in (0, 1) and 1 <= f < config.size for r, f in result.moves)
        assert all(a[0] != b[0] for a, b in itertools.pairwise(result.moves))


def test_the_heuristic_never_overestimates_on_a_whole_space():
    config = RingConfig.parse("2/8/2/2")
    table = exact.distance_table(config)
    rng = np.random.default_rng(3)
    space = exact.space_for(config)
    for index in rng.integers(0, table.size, 3000):
        state = space.state(int(index))
        assert heuristic_value(config, state) <= table[index]


def test_the_answer_does_not_depend_on_the_threads():
    config = RingConfig.parse("2/8/2/2")
    for seed in range(5):
        state = uniform_shuffle(config, 100 + seed)
        one = solve_optimal(config, state, threads=1, batch=4)
        two = solve_optimal(config, state, threads=2, batch=4)
        assert one.moves == two.moves


def test_a_solved_state_needs_no_moves():
    config = RingConfig.parse("2/8/2/2")
    result = solve_optimal(config, config.solved_state())
    assert result.optimal and result.moves == [] and result.lower_bound == 0


def test_limits_stop_the_search_with_a_proven_lower_bound():
    config = RingConfig.parse("2/8/2/2")
    state = next(s for s in (uniform_shuffle(config, k) for k in range(50))
                 if len(solve_optimal(config, s).iterations) >= 2)  # fmt: skip
    full = solve_optimal(config, state)
    cut = solve_optimal(config, state, max_nodes=1)
    assert not cut.optimal and cut.moves == [] and cut.reason == "node limit"
    assert full.start_h <= cut.lower_bound < full.length
    stopped = solve_optimal(config, state, control=np.ones(2, dtype=np.int64))
    assert not stopped.optimal and stopped.reason == "stopped"


def test_the_trace_shows_iterations_then_replays_the_solution():
    config = RingConfig.parse("2/8/2/2")
    state = scrambled(config, 5, 3)
    tracer = recording_tracer(config, state, "optimal")
    result = solve_optimal(config, state, tracer=tracer)
    trace = tracer.finish()
    captions = [trace.step_caption_text(k) for k in range(trace.n_steps)]
    assert any(c.startswith("IDA*: bound") for c in captions)
    moves = [c for c in captions if c.startswith("Move ")]
    assert len(moves) == result.length and moves[0].startswith(f"Move 1 of {result.length} · ring")
    final = play(config, state, result.moves)
    assert_trace_replays(trace, RingsModel(config), final)
    assert is_goal(config, final)


def test_colour_masks_partition_the_places():
    config = RingConfig.parse("2/20/2/4")
    masks = colour_masks(config, uniform_shuffle(config, 1))
    total = 0
    for m in masks.tolist():
        assert total & m == 0
        total |= m
    assert total == (1 << config.n_balls) - 1


def test_a_search_on_another_thread_stops_on_its_control():
    config = RingConfig.parse("2/12/1/2")
    control = np.zeros(2, dtype=np.int64)
    out = {}

    def run():
        out["r"] = solve_optimal(config, uniform_shuffle(config, 2), control=control)

    worker = threading.Thread(target=run)
    worker.start()
    control[0] = 1
    started = time.perf_counter()
    worker.join(5)
    assert not worker.is_alive() and time.perf_counter() - started < 5


# ----- the original, and the method as the command line offers it ----------------------

ORIGINAL = RingConfig.parse("2/20/2/4")
QUICK_BUDGET = 50_000_000  # tables of 8 of each colour's balls: built in well under a minute


@pytest.mark.slow
def test_twelve_turn_scrambles_of_the_original_need_at_most_twelve(tmp_path, monkeypatch):
    # the full tables when this machine has built them (`--method optimal` does, once);
    # else smaller ones, weaker but as admissible, built in a scratch cache folder
    budget = cp.MAX_ENTRIES if cp.tables_ready(ORIGINAL) else QUICK_BUDGET
    if budget != cp.MAX_ENTRIES:
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    try:
        for seed in (2, 3, 5):
            state = scrambled(ORIGINAL, 12, seed)
            result = solve_optimal(ORIGINAL, state, budget=budget)
            assert result.optimal and result.length == result.lower_bound <= 12
            assert is_goal(ORIGINAL, play(ORIGINAL, state, result.moves))
    finally:
        cp.forget_tables()


def test_the_optimal_method_writes_optimal_and_its_lower_bound(tmp_path, capsys):
    from puzzleviz.viz.cli import main

    config = RingConfig.parse("2/10/1/2")
    out = tmp_path / "o.json"
    code = main(["solve", "rings", "--config", str(config), "--shuffle", "4", "--method",
                 "optimal", "--json", str(out)])  # fmt: skip
    assert code == 0
    data = json.loads(out.read_text())
    state = RingsModel(config).parse(data["start"])
    assert data["optimal"] is True and data["method"] == "optimal"
    assert data["length"] == data["lower_bound"] == exact.distance(config, state)
    assert "(proven shortest)" in capsys.readouterr().out


def test_the_optimal_method_refuses_three_rings_in_one_line(capsys):
    from puzzleviz.viz.cli import main

    assert main(["solve", "rings", "--config", "three", "--method", "optimal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "two-ring configurations" in err and "Traceback" not in err

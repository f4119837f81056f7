from __future__ import annotations

import contextlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.modelcheck import assert_trace_replays, assert_walk_invertible
from puzzleviz.solvers.setgame.demo import demo_trace
from puzzleviz.solvers.setgame.model import (
    CHOSEN,
    EXCLUDED,
    Add,
    Exclude,
    Forbid,
    Prune,
    Remove,
    SetGameModel,
    Unexclude,
    Unforbid,
    Unprune,
)
from puzzleviz.solvers.setgame.session import SetSession
from puzzleviz.solvers.tracefile import parse_trace, trace_bytes


@st.composite
def session_walks(draw):
    v = draw(st.sampled_from([3, 3, 4]))
    n = draw(st.integers(2, 3))
    session = SetSession(v, n)
    size = session.space.size
    for _ in range(draw(st.integers(1, 14))):
        op = draw(st.sampled_from(["add", "add", "add", "remove", "forbid", "unforbid"]))
        card = draw(st.integers(0, size - 1))
        with contextlib.suppress(PuzzleInputError):
            getattr(session, op)(card)
        session.model.check_consistent(session.state)
    return session


@settings(max_examples=40, deadline=None)
@given(session_walks())
def test_every_session_event_is_invertible_and_the_trace_replays(session):
    model = session.model
    assert_walk_invertible(model, model.initial_state(), session.events)
    assert_trace_replays(session.trace(), model, session.state)


@settings(max_examples=40, deadline=None)
@given(session_walks())
def test_excluded_cards_link_to_placements_that_make_a_set(session):
    model, state = session.model, session.state
    status, by = model.status(state), model.by(state)
    chosen = model.chosen(state)
    every = model.exclusion_map(state)
    for card in np.flatnonzero(status == EXCLUDED).tolist():
        links = model.exclusion_links(state, card)
        assert sorted(every[card]) == sorted(links)
        assert links, "an excluded card must complete a SET"
        for group in links:
            assert model.space.is_set((*group, card))
        # the first placement that excluded it is the earliest link's last card
        assert min(chosen.index(g[-1]) for g in links) + 1 == by[card]


def test_removing_an_early_card_replaces_the_later_ones():
    session = SetSession(3, 4)
    for word in ("0000", "1111", "0120", "2012"):
        session.add(word)
    session.remove("1111")
    assert session.chosen == ["0000", "0120", "2012"]
    fresh = SetSession(3, 4)
    for word in ("0000", "0120", "2012"):
        fresh.add(word)
    assert np.array_equal(session.state, fresh.state)


def test_session_refuses_what_the_seed_refuses():
    session = SetSession(3, 4)
    session.add("0000")
    session.add("1111")
    with pytest.raises(PuzzleInputError, match="complete a SET with 0000 1111"):
        session.add("2222")
    with pytest.raises(PuzzleInputError, match="already"):
        session.add("0000")
    with pytest.raises(PuzzleInputError, match="remove it first"):
        session.forbid("1111")
    with pytest.raises(PuzzleInputError, match="not on the board"):
        session.remove("0120")


def test_each_event_kind_round_trips():
    model = SetGameModel(3, 2)
    events = [
        Forbid(4),
        Add(0, 1),
        Add(1, 2),
        Exclude(2, 2),
        Prune(5, 2, 1),
        Prune(7, 2, 2),
        Unforbid(4),
    ]
    undo = [Unexclude(2, 2), Unprune(7, 2, 2), Unprune(5, 2, 1), Remove(1, 2)]
    assert_walk_invertible(model, model.initial_state(), events + undo)  # all 8 kinds
    state = model.initial_state()
    for e in events:
        model.apply(state, e)
    model.check_consistent(state)
    assert model.chosen(state) == [0, 1]
    assert model.excluded_by_card(state, 5) == 1  # pruned at level 2, which placed card 1
    assert model.excluded_by_card(state, 3) == -1
    assert "excluded by #2" in model.describe(Exclude(2, 2))


def ends_on_a_cap(trace, session: SetSession, size: int) -> np.ndarray:
    """Where a search's trace ends: a cap of `size` laid out on the session's board, its
    required cards in it and its forbidden ones out."""
    model = session.model
    end = np.array(trace.header.initial_state, dtype=np.int32)
    model.apply_rows(end, trace.rows)
    chosen = model.status(end) == CHOSEN
    assert int(np.count_nonzero(chosen)) == size
    assert chosen[model.status(session.state) == CHOSEN].all()
    assert not chosen[model.forbidden(session.state).astype(bool)].any()
    return end


def test_search_traces_replay_to_the_final_state():
    session = SetSession(3, 3)
    session.add("000")
    session.add("120")
    session.forbid("111")
    result, trace = session.maximum(record=True)
    assert result.max == 9 and trace.n_events > 0
    assert_trace_replays(trace, session.model, ends_on_a_cap(trace, session, 9))
    small = SetSession(4, 2)
    small.forbid("00")
    result, trace = small.maximum(record=True, solver="seed")
    assert result.max == 9 and any(k == "best" for _, k, _ in trace.milestones())
    assert_trace_replays(trace, small.model, ends_on_a_cap(trace, small, 9))
    trace = demo_trace(4)
    model = SetGameModel(3, 4)
    final = model.initial_state()
    model.apply_rows(final, trace.rows)
    assert len(model.chosen(final)) == 20
    assert model.space.is_cap(model.chosen(final))
    assert_trace_replays(trace, model, final)
    assert trace_bytes(parse_trace(trace_bytes(trace))) == trace_bytes(trace)
    assert trace_bytes(demo_trace(4)) == trace_bytes(trace)  # deterministic

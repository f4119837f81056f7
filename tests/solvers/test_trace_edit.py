from __future__ import annotations

import numpy as np
from puzzleviz.solvers.modelcheck import assert_trace_replays
from puzzleviz.solvers.trace_edit import append_step, truncate

from tests.toy import Add, Swap, ToyModel
from tests.viz.test_player import make_trace


def test_truncate_keeps_what_happened_before_the_cursor():
    trace, _ = make_trace(n_steps=4, per_step=3, milestone_every=2)
    cut = truncate(trace, 7)
    assert cut.n_events == 7
    assert cut.step_start.tolist() == [0, 3, 6]
    assert cut.milestones() == [(6, "solution", "after step 1")]


def test_append_step_cuts_the_future_and_replays():
    trace, model = make_trace(n_steps=4, per_step=3)
    edited = append_step(trace, model.events, 5, "my move", [Add(3, 9), Swap(0, 3)],
                         milestone="solved", counters={"done": 99})  # fmt: skip
    assert edited.n_events == 7
    assert edited.step_start.tolist() == [0, 3, 5]
    assert edited.step_caption_text(2) == "my move"
    assert edited.milestones()[-1] == (7, "solved", "my move")
    assert edited.counters_at(7) == {"done": 99}
    state = np.array(trace.header.initial_state, dtype=np.int32)
    model.apply_rows(state, trace.rows[:5])
    model.apply(state, Add(3, 9))
    model.apply(state, Swap(0, 3))
    assert_trace_replays(edited, model, state)


def test_append_to_an_empty_trace():
    trace, model = make_trace(n_steps=0)
    edited = append_step(trace, ToyModel.events, 0, "first", [Add(0, 1)])
    assert edited.n_events == 1 and edited.step_start.tolist() == [0]
    assert model.kind == "toy"


def test_append_to_a_trace_without_counters():
    from puzzleviz.solvers.tracer import RecordingTracer

    trace = RecordingTracer(ToyModel(), solver="play").finish()
    edited = append_step(trace, ToyModel.events, 0, "move", [Swap(0, 1), Add(1, 2)])
    assert edited.counters.shape == (2, 0)


def test_the_users_steps_are_marked_and_carry_no_solver_statistics():
    from puzzleviz.solvers.trace_edit import by_hand, played_from

    trace, model = make_trace(n_steps=4, per_step=3)
    assert played_from(trace) is None and not by_hand(trace, 3)
    first = append_step(trace, model.events, 12, "my move", [Add(0, 1)])
    again = append_step(first, model.events, 13, "and another", [Add(1, 1)])
    assert played_from(again) == 12  # where the user's play began
    assert [by_hand(again, k) for k in range(again.n_steps)] == [False] * 4 + [True, True]
    assert trace.counters_at(12)["done"] >= 0 and again.counters_at(14) == {"done": -1}
    earlier = append_step(again, model.events, 5, "from further back", [Add(2, 1)])
    assert played_from(earlier) == 5  # the later play was cut away with the future

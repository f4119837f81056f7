from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.tracer import RecordingTracer
from tests.toy import Add, Swap, ToyModel
from viz.player import GLIDE_SECONDS, HOLD, Mode, Player
from viz.timeline import Level, Units


def make_trace(n_steps: int = 5, per_step: int = 3, milestone_every: int = 2):
    model = ToyModel(4)
    tracer = RecordingTracer(model, solver="test", counters=("done",))
    k = 0
    for s in range(n_steps):
        tracer.step(f"step {s}")
        for e in range(per_step):
            tracer.count(done=k)
            tracer.emit(Add(e % 4, s + 1) if e % 2 == 0 else Swap(e % 4, (e + 1) % 4))
            k += 1
        if (s + 1) % milestone_every == 0:
            tracer.milestone("solution", f"after step {s}")
    return tracer.finish(), model


def replayed(trace, model, cursor):
    state = np.array(trace.header.initial_state, dtype=np.int32)
    model.apply_rows(state, trace.rows[:cursor])
    return state


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("seek"), st.integers(-5, 400)),
            st.tuples(st.just("advance"), st.floats(0, 3)),
            st.tuples(st.sampled_from(["play", "reverse", "pause", "fwd", "back"]), st.none()),
            st.tuples(st.just("level"), st.sampled_from(list(Level))),
        ),
        max_size=30,
    ),
    st.integers(1, 16),
)
def test_state_always_matches_a_plain_replay(commands, interval):
    trace, model = make_trace(n_steps=40, per_step=7)
    player = Player(trace, model, keyframe_interval=interval, speed=3)
    for name, arg in commands:
        if name == "seek":
            player.seek(arg)
        elif name == "advance":
            player.advance(arg)
        elif name == "level":
            player.set_level(arg)
        elif name == "fwd":
            player.step_forward()
        elif name == "back":
            player.step_backward()
        else:
            getattr(player, name)()
        assert 0 <= player.position <= trace.n_events
        assert player.cursor == int(player.position)
        assert np.array_equal(player.state, replayed(trace, model, player.cursor))


def test_playing_steps_moves_one_step_per_beat_and_holds_on_the_result():
    trace, model = make_trace(n_steps=4, per_step=3)
    player = Player(trace, model, level=Level.STEP, speed=1.0)
    player.play()
    player.advance((1 - HOLD) / 2)  # halfway through the moving part of step 0
    assert player.position == pytest.approx(1.5)
    frame = player.frame()
    assert frame.step == 0 and frame.caption == "step 0" and frame.event is not None
    player.advance((1 - HOLD) / 2 + HOLD / 2)  # into the hold: step 0 done, resting
    frame = player.frame()
    assert player.position == 3 and frame.event is None and frame.step == 0
    player.advance(10)
    assert player.at_end and player.mode is Mode.PAUSED
    assert player.frame().step == 3


def test_single_steps_glide_then_pause_and_count_milestones():
    trace, model = make_trace(n_steps=4, per_step=3, milestone_every=2)
    player = Player(trace, model)
    player.step_forward()
    assert player.mode is Mode.PAUSED
    player.advance(GLIDE_SECONDS / 2)
    assert 0 < player.position < 3
    player.advance(GLIDE_SECONDS)
    assert player.position == 3
    player.step_forward()
    player.step_forward()  # a second press finishes the first glide at once
    assert player.cursor == 6
    player.advance(GLIDE_SECONDS)
    assert player.position == 9
    assert player.frame().milestones_reached == 1  # the milestone at 6 is behind us
    player.step_backward()
    player.advance(GLIDE_SECONDS)
    assert player.position == 6 and player.frame().milestones_reached == 1
    player.jump_milestone(forward=True)
    assert player.position == 12
    player.jump_milestone(forward=False)
    assert player.position == 6


def test_reverse_plays_backward_and_pauses_at_the_start():
    trace, model = make_trace()
    player = Player(trace, model, level=Level.EVENT, speed=10)
    player.seek(5)
    player.reverse()
    player.advance(0.25)
    assert player.position == pytest.approx(2.5) and player.mode is Mode.REVERSING
    player.advance(1)
    assert player.position == 0 and player.mode is Mode.PAUSED


def test_scrubbing_returns_to_the_mode_before():
    trace, model = make_trace()
    player = Player(trace, model)
    player.play()
    player.begin_scrub()
    player.scrub_to(0.5)
    player.advance(5)  # time does not move a scrub
    assert player.position == round(0.5 * trace.n_events)
    player.end_scrub()
    assert player.mode is Mode.PLAYING


def test_recording_mode_uses_only_the_given_clock():
    trace, model = make_trace(n_steps=4, per_step=3)
    player = Player(trace, model, level=Level.EVENT, speed=6)
    player.start_recording()
    for _ in range(30):
        player.advance(1 / 30)
    assert player.position == pytest.approx(6)
    player.advance(100)
    assert player.at_end and player.mode is Mode.RECORDING


def test_counters_and_caption_follow_the_cursor():
    trace, model = make_trace(n_steps=3, per_step=2)
    player = Player(trace, model)
    assert player.frame().step == -1 and player.frame().caption == ""
    player.seek(3)
    frame = player.frame()
    assert frame.counters == {"done": 2} and frame.step == 1 and frame.caption == "step 1"


def test_units_map_both_ways():
    trace, _ = make_trace(n_steps=5, per_step=3)
    units = Units.for_level(trace, Level.STEP, hold=0.25)
    assert units.count == 5
    for p in [0, 0.5, 3, 7.25, 14.9, 15]:
        assert units.to_events(units.to_units(p)) == pytest.approx(p)
    assert units.next_boundary(3) == 6 and units.previous_boundary(3) == 0
    assert units.next_boundary(15) == 15 and units.previous_boundary(0.5) == 0

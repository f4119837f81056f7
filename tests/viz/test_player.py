from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.player import GLIDE_SECONDS, HOLD, Mode, Player
from puzzleviz.viz.timeline import Level, Units, level_boundaries

from tests.toy import Add, Swap, ToyModel


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
    player.advance(0.2)  # two events back: moving at once, then resting on event 3
    assert player.position == pytest.approx(3) and player.mode is Mode.REVERSING
    player.advance(1)
    assert player.position == 0 and player.mode is Mode.PAUSED


def test_scrubbing_lands_on_a_step_and_returns_to_the_mode_before():
    trace, model = make_trace()
    player = Player(trace, model)
    player.play()
    player.begin_scrub()
    player.scrub_to(0.45)  # 6.75 events: the nearest step end is 6
    player.advance(5)  # time does not move a scrub
    assert player.position == 6
    player.end_scrub()
    assert player.mode is Mode.PLAYING
    player.set_level(Level.EVENT)
    player.scrub_to(0.45)  # by event, a scrub may stop between steps
    assert player.position == 7


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
        assert units.to_events(units.to_beats(p)) == pytest.approx(p)
        assert units.to_events(units.to_beats(p, backward=True)) == pytest.approx(p)
    assert units.to_beats(3) == 1 and units.to_beats(3, backward=True) == 0.75
    assert units.next_boundary(3) == 6 and units.previous_boundary(3) == 0
    assert units.next_boundary(15) == 15 and units.previous_boundary(0.5) == 0
    weighted = Units.for_level(trace, Level.STEP, 0.25, np.array([1.0, 0.5, 0.5, 2.0, 1.0]))
    # beat 1.25: half of step 1 (0.5 beats from 1.0), two thirds of its motion: 3 + 2
    assert weighted.total == 5.0 and weighted.to_events(1.25) == pytest.approx(5.0)


SPEEDS = (0.25, 1, 2, 8, 30, 500, 10_000)
FPS = (30, 60, 144)


@functools.cache
def long_trace():
    return make_trace(n_steps=20_000, per_step=1, milestone_every=3)


def _seconds(speed: float) -> float:
    """A whole number of frames at every FPS and of units at `speed`."""
    return 4.0 if speed < 1 else 1.0 if speed < 500 else 0.5


def _boundaries(trace, level: Level) -> np.ndarray:
    if level is Level.EVENT:
        return np.arange(trace.n_events + 1)
    return level_boundaries(trace, level)


def _play_for(player: Player, seconds: float, fps: int) -> list[float]:
    """Positions after every frame of `seconds` at `fps` (the virtual clock)."""
    positions = []
    for _ in range(round(seconds * fps)):
        player.advance(1 / fps)
        positions.append(player.position)
    return positions


@pytest.mark.parametrize("fps", FPS)
@pytest.mark.parametrize("speed", SPEEDS)
@pytest.mark.parametrize("level", list(Level))
def test_a_speed_of_s_units_a_second_moves_s_units_a_second_both_ways(level, speed, fps):
    """Measured, forward and backward: after n seconds the player rests exactly S*n units
    on; it never stands still longer than one rest nor moves against its direction."""
    trace, model = long_trace()
    b = _boundaries(trace, level)
    units = len(b) - 1
    seconds = _seconds(speed)
    moved = speed * seconds
    longest_rest = HOLD / speed + 1.5 / fps
    for backward in (False, True):
        player = Player(trace, model, level=level, speed=speed)
        if backward:
            player.seek(trace.n_events)
            player.reverse()
        else:
            player.play()
        positions = _play_for(player, seconds, fps)
        expected = b[units - round(moved)] if backward else b[round(moved)]
        assert player.position == pytest.approx(expected, abs=1e-6), (backward, positions[-5:])
        steps = np.diff([trace.n_events if backward else 0.0, *positions])
        assert np.all(steps <= 1e-9) if backward else np.all(steps >= -1e-9)
        still = np.abs(steps) < 1e-12
        longest = max((len(run) for run in "".join("s" if x else "m" for x in still).split("m")),
                      default=0)  # fmt: skip
        assert longest / fps <= longest_rest + 1e-9, (backward, longest)


@pytest.mark.parametrize("fps", FPS)
def test_reverse_at_classroom_speeds_moves_every_second(fps):
    """The defect a class saw: R at 1 and 2 steps a second sat on one step for seconds."""
    trace, model = make_trace(n_steps=17, per_step=1)
    for speed in (1, 2, 8):
        player = Player(trace, model, speed=speed)
        player.seek(13)
        player.reverse()
        _play_for(player, 1.0, fps)
        assert player.position == 13 - speed
        assert player.frame().step == 13 - speed - 1  # resting on the step it came back to


def test_pausing_mid_step_finishes_the_step_in_the_direction_of_travel():
    trace, model = make_trace(n_steps=6, per_step=4)
    for backward, target in ((False, 12), (True, 8)):
        player = Player(trace, model, speed=1)
        if backward:
            player.seek(12)
            player.reverse()
        else:
            player.seek(8)
            player.play()
        player.advance(0.35)  # half way through the step's motion
        assert 8 < player.position < 12
        player.pause()
        assert player.mode is Mode.PAUSED
        player.advance(GLIDE_SECONDS)
        assert player.position == target
        frame = player.frame()
        assert frame.event is None
        assert frame.caption == f"step {frame.step}"  # the board's step and the caption's
        assert np.array_equal(player.state, replayed(trace, model, target))


def test_settle_finishes_the_step_at_once():
    trace, model = make_trace(n_steps=6, per_step=4)
    player = Player(trace, model, speed=1)
    player.play()
    player.advance(0.35)
    player.settle()
    assert player.position == 4 and player.mode is Mode.PAUSED


def test_the_automatic_pace_rushes_the_search_and_reads_the_solution():
    """A long search with one solution: the search's steps fly by, the steps around the
    solution and the rare captions after it play at the reading speed."""
    model = ToyModel(4)
    tracer = RecordingTracer(model, solver="test", counters=("done",))
    for k in range(3000):
        tracer.step("search: try the next slot")
        tracer.emit(Add(k % 4, 1))
    tracer.milestone("solution", "found")
    for k in range(5):
        tracer.step(f"move {k + 1} of 5")
        tracer.emit(Swap(0, 1))
    trace = tracer.finish()
    player = Player(trace, model)
    assert player.auto_applies and player.speed == 1
    player.play()
    for _ in range(40 * 30):
        player.advance(1 / 30)
        if player.position >= 2990:
            break
    assert player.position >= 2990  # 3,000 search steps in well under a minute
    player.seek(trace.step_range(3000)[0])  # the first move after the solution
    player.play()
    _play_for(player, 1.0, 30)
    assert player.position == trace.step_range(3000)[1]  # one readable step a second
    assert player.frame().rate == pytest.approx(1.0)


def test_a_steady_speed_given_turns_the_automatic_pace_off():
    trace, model = make_trace(n_steps=400, per_step=1)
    assert not Player(trace, model, speed=5).auto
    player = Player(trace, model)
    assert player.auto
    player.toggle_auto()
    assert not player.auto_applies


class TidyToyModel(ToyModel):
    """Swaps stand for events that only tidy up (a highlight switched off)."""

    def tidying(self, rows: np.ndarray) -> np.ndarray | None:
        return rows[:, 0] == Swap.OP


def test_the_event_level_passes_over_tidying_events_with_the_event_after():
    trace, _ = make_trace(n_steps=3, per_step=4)  # per step: Add, Swap, Add, Swap
    player = Player(trace, TidyToyModel(4), level=Level.EVENT)
    stops = []
    for _ in range(12):
        player.step_forward(Level.EVENT)
        player.settle()
        stops.append(player.cursor)
    # every press ends on an Add: a Swap always comes with the Add after it
    assert stops[:6] == [1, 3, 5, 7, 9, 11] and stops[-1] == trace.n_events
    for _ in range(2):
        player.step_backward(Level.EVENT)
        player.settle()
    assert player.cursor == 9
    plain = Player(trace, ToyModel(4), level=Level.EVENT)
    plain.step_forward(Level.EVENT)
    plain.step_forward(Level.EVENT)
    plain.settle()
    assert plain.cursor == 2  # a model without tidying events: one event a press


def test_a_sudoku_net_is_stepped_one_implication_a_press_after_one_press_of_tidying():
    from puzzleviz.solvers.sudoku.model import Mark, SudokuModel
    from puzzleviz.solvers.sudoku.search import solve_and_record

    aic = ".2..........75...9..6.238.5..78...4..8..6..5..9...53..3.958.7..8...71..........6."
    _, trace = solve_and_record(aic)
    model = SudokuModel.from_definition(trace.header.definition)
    rows = trace.rows
    tidy = model.tidying(rows)
    assert tidy is not None and tidy.any()
    # a step that starts by clearing the last step's marks, then draws its own
    for step in range(1, trace.n_steps):
        start, end = trace.step_range(step)
        if tidy[start] and not tidy[start:end].all():
            break
    player = Player(trace, model, level=Level.EVENT)
    player.seek(start)
    player.step_forward(Level.EVENT)
    player.settle()
    first_new = start + int(np.argmin(tidy[start:end]))
    assert player.cursor == first_new + 1  # all the clearing, and the first new event
    assert not (rows[player.cursor - 1, 0] == Mark.OP and rows[player.cursor - 1, 3] == 0)
    player.step_forward(Level.EVENT)
    player.settle()
    after = first_new + 1 + int(np.argmin(tidy[first_new + 1 : end]))
    assert player.cursor == after + 1  # the next press: the next thing drawn


def test_snapshots_of_a_long_trace_of_a_large_state_keep_to_their_budget(monkeypatch):
    """Snapshots thin out rather than outgrow their memory budget (a crafted trace of
    millions of events of a large state asked for gigabytes), and every seek still lands
    on the state a plain replay reaches."""
    import puzzleviz.viz.keyframes as keyframes

    monkeypatch.setattr(keyframes, "SNAPSHOT_BYTES", 4 * 16 * 8)  # 8 states of 16 ints
    trace, model = make_trace(n_steps=40, per_step=5)
    start = np.zeros(16, dtype=np.int32)
    frames = keyframes.Keyframes(model, start, trace.rows, interval=2)
    assert frames.interval > 2
    assert frames._snapshots.nbytes <= 2 * keyframes.SNAPSHOT_BYTES
    out = np.empty_like(start)
    for cursor in (*range(0, trace.n_events + 1, 7), trace.n_events, 3):
        frames.restore(cursor, out)
        expected = start.copy()
        model.apply_rows(expected, trace.rows[:cursor])
        assert np.array_equal(out, expected), cursor

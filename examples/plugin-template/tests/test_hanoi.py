"""The checks every puzzle needs, with puzzleviz's test kit (puzzleviz.testing)."""

from __future__ import annotations

import json

import pytest
from puzzleviz_hanoi.demo import demo_trace
from puzzleviz_hanoi.model import HanoiModel, Move
from puzzleviz_hanoi.options import HanoiProblem
from puzzleviz_hanoi.search import moves, recursive

from puzzleviz import Limits, Progress, RecordingTracer
from puzzleviz.testing import assert_one_line_error, check_model, render_frame, run_cli


@pytest.mark.parametrize("disks", [1, 2, 5])
def test_the_shortest_solution_has_2_to_the_n_minus_1_moves(disks: int) -> None:
    problem = HanoiProblem(disks)
    tracer = RecordingTracer(problem.model(), solver="hanoi.recursive", counters=("moves",))
    result = recursive(problem, tracer, Limits(), Progress(None, "test", enabled=False))
    assert len(result.moves) == 2**disks - 1 and not result.stopped
    trace = tracer.finish()
    assert trace.n_events == trace.n_steps == 2**disks - 1  # a step a move
    model = HanoiModel(disks)
    check_model(model, result.moves)  # every move invertible, every state valid
    state = model.initial_state()
    model.apply_rows(state, trace.rows)
    assert state.tolist() == [2] * disks  # the whole tower on peg C


def test_no_move_puts_a_disk_on_a_smaller_one() -> None:
    model = HanoiModel(4)
    state = model.initial_state()
    for move in moves(4):
        assert all(disk > move.disk for disk in range(4) if state[disk] == move.target)
        model.apply(state, move)


def test_the_model_refuses_what_a_trace_could_not_hold() -> None:
    check_model(HanoiModel(3), [Move(0, 0, 2), Move(1, 0, 1), Move(0, 2, 1)])
    with pytest.raises(AssertionError):
        check_model(HanoiModel(3), [Move(5, 0, 2)])  # no disk 6 on a 3-disk tower


def test_the_command_solves_and_says_so_in_json() -> None:
    run = run_cli("solve", "hanoi", "--disks", "3", "--json", "-", "-q")
    assert run.code == 0, run.err
    document = json.loads(run.out[run.out.index("{") :])
    assert document["disks"] == 3 and len(document["moves"]) == 7


def test_a_bad_option_is_one_line() -> None:
    assert_one_line_error("solve", "hanoi", "--disks", "0", match="--disks")


def test_the_scene_draws_the_solved_tower() -> None:
    image = render_frame(demo_trace(), size=(320, 180))
    assert image.shape == (180, 320, 3)
    assert len({tuple(pixel) for pixel in image.reshape(-1, 3)[::7]}) > 10  # not blank

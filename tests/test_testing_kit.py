"""puzzleviz.testing, the kit plugin authors test with, does what it promises."""

from __future__ import annotations

import json

import numpy as np
import pytest
from puzzleviz.solvers.queens.demo import demo_trace
from puzzleviz.solvers.queens.model import Place, QueensModel, Remove

from puzzleviz.testing import (
    assert_one_line_error,
    check_model,
    render_frame,
    run_cli,
    run_cli_process,
    save_frame,
)


def test_run_cli_captures_the_exit_code_and_both_streams():
    run = run_cli("solve", "queens", "--n", "6", "--json", "-", "-q")
    assert run.code == 0
    assert json.loads(run.out[run.out.index("{") :])["count"] == 4
    usage = run_cli("solve", "queens", "--n", "0")
    assert usage.code == 2 and "--n" in usage.err and usage.out == ""
    assert run_cli("--help").code == 0


def test_assert_one_line_error_fails_for_a_command_that_succeeds():
    assert "--n" in assert_one_line_error("solve", "queens", "--n", "0")
    with pytest.raises(AssertionError, match="exit code 0"):
        assert_one_line_error("solve", "queens", "--n", "4", "-q")


def test_run_cli_process_runs_the_command_in_a_new_process():
    run = run_cli_process("solve", "queens", "--n", "5", "-q", env={"PUZZLEVIZ_LANG": "en"})
    assert run.code == 0 and "10 solutions" in run.out


def test_check_model_passes_a_valid_walk_and_returns_its_trace():
    walk = [Place(0, 1), Place(1, 3), Remove(1, 3)]
    trace = check_model(QueensModel(4), walk)
    assert trace.n_events == 3 and trace.header.kind == "queens"


def test_check_model_refuses_an_event_outside_the_declared_ranges_before_applying_it():
    with pytest.raises(AssertionError, match="not all valid"):
        check_model(QueensModel(4), [Place(9, 0)])  # row 9 of a 4 x 4 board


def test_check_model_catches_a_revert_that_does_not_undo():
    class Forgetful(QueensModel):
        def revert(self, state, event):  # leaves every queen where it is
            pass

    with pytest.raises(AssertionError, match="revert does not undo"):
        check_model(Forgetful(4), [Place(0, 1)])


@pytest.mark.gl
def test_render_frame_draws_the_trace_headless_in_the_language_asked(tmp_path):
    trace = demo_trace()
    english = render_frame(trace, size=(320, 180), lang="en")
    assert english.shape == (180, 320, 3) and english.dtype == np.uint8
    assert not np.array_equal(english, render_frame(trace, 0, size=(320, 180), lang="en"))
    hungarian = render_frame(trace, size=(320, 180), lang="hu")
    assert not np.array_equal(english, hungarian)  # the same board, the words translated
    path = save_frame(trace, tmp_path / "end.png", size=(320, 180))
    assert path.read_bytes().startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="outside the trace"):
        render_frame(trace, trace.n_events + 1)

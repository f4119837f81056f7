"""How exhaustive searches end in their traces: on a summary with what they found laid out,
never on a dead end with an empty board; and the step after a solution says the search
goes back to look for more."""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.cube.exact import EXACT_COUNTERS, solve_exact
from puzzleviz.solvers.cube.files import load_puzzle
from puzzleviz.solvers.cube.model import CubeModel
from puzzleviz.solvers.digits.exact import solve as solve_digits
from puzzleviz.solvers.digits.kernels import COUNTERS as DIGITS_COUNTERS
from puzzleviz.solvers.digits.model import DigitsModel
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.setgame.model import CHOSEN
from puzzleviz.solvers.setgame.session import SetSession
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.solvers.traceview import model_for

from tests.digits_fixtures import SMALL


def final_state(trace: Trace) -> np.ndarray:
    state = np.array(trace.header.initial_state, dtype=np.int32)
    model_for(trace).apply_rows(state, trace.rows)
    return state


def captions_after_solutions(trace: Trace) -> list[str]:
    """The caption of the step that starts right after each solution milestone."""
    after = []
    for cursor, kind, _ in trace.milestones():
        if kind == "solution" and cursor < trace.n_events:
            after.append(trace.step_caption_text(trace.step_of(cursor)))
    return after


def test_the_digits_search_ends_on_a_summary_with_a_solution_in_the_frame():
    puzzle = DigitsPuzzle.from_definition(SMALL)
    model = DigitsModel(puzzle, "mesh")
    tracer = RecordingTracer(model, solver="digits.exact", counters=DIGITS_COUNTERS)
    result = solve_digits(puzzle, "mesh", tracer)
    trace = tracer.finish()
    last = trace.step_caption_text(trace.n_steps - 1)
    assert last.startswith(f"Finished: {result.count} solutions in {len(result.classes)} class")
    state = final_state(trace)
    assert all(model.placement_of(state, k) is not None for k in range(model.n_pieces))
    after = captions_after_solutions(trace)
    assert after and all(c.startswith("Back to look for more") for c in after), after


def test_the_cube_search_ends_with_the_box_filled():
    puzzle = load_puzzle("fakocka")  # the seed's box
    model = CubeModel(puzzle)
    tracer = RecordingTracer(model, solver="cube.exact", counters=EXACT_COUNTERS)
    result = solve_exact(puzzle, tracer=tracer)
    trace = tracer.finish()
    assert result.count == 8
    assert trace.step_caption_text(trace.n_steps - 1).startswith("Finished: 8 fillings")
    assert len(model.pieces(final_state(trace))) == puzzle.n_pieces
    after = captions_after_solutions(trace)
    assert after and all("to look for more" in c for c in after)


def test_set_searches_and_the_windows_g_end_showing_the_cap():
    for v, n, size in ((3, 3, 9), (4, 2, 9)):
        game = SetSession(v, n)
        result, trace = game.maximum(record=True, count=True)
        assert result.max == size
        assert trace.step_caption_text(trace.n_steps - 1).startswith(f"Finished: {size} cards")
        status = model_for(trace).status(final_state(trace))
        assert int(np.count_nonzero(status == CHOSEN)) == size
        after = captions_after_solutions(trace)
        assert all(not c.startswith("Dead end") for c in after), after

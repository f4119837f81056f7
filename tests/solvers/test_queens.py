"""N queens: the counts against the published ones and a plain-Python search, the model's
events invertible, the traced search sound (every cross is a real attack, every queen safe)
and ending on a solution, and the command's JSON and errors."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.interrupt import STOP, SearchStopped, _with_control, new_control
from puzzleviz.solvers.modelcheck import assert_trace_replays, assert_walk_invertible
from puzzleviz.solvers.plugin import Limits
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.queens import COUNTERS
from puzzleviz.solvers.queens.demo import demo_trace
from puzzleviz.solvers.queens.kernels import count_all
from puzzleviz.solvers.queens.model import Clear, Conflict, Place, QueensModel, Remove
from puzzleviz.solvers.queens.options import QueensProblem
from puzzleviz.solvers.queens.reference import count, solutions
from puzzleviz.solvers.queens.search import backtracking
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import NULL_TRACER, RecordingTracer, Tracer

from tests.cli.helpers import assert_one_line_error, run_cli

PUBLISHED = (1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200)  # OEIS A000170, n = 1..12
NO_LIMIT = 1 << 62


def solve(n: int, every: bool = False, tracer: Tracer = NULL_TRACER, nodes: int | None = None):
    silent = Progress(None, "test", enabled=False)
    return backtracking(QueensProblem(n, every), tracer, Limits(nodes=nodes), silent)


def traced(n: int, every: bool = False, nodes: int | None = None) -> tuple[Trace, QueensModel]:
    model = QueensModel(n)
    tracer = RecordingTracer(model, solver="queens.backtracking", counters=COUNTERS)
    solve(n, every, tracer, nodes)
    return tracer.finish(), model


def replay(trace: Trace, model: QueensModel) -> np.ndarray:
    state = model.initial_state()
    model.apply_rows(state, trace.rows)
    return state


def test_the_bitmask_counts_are_the_published_ones_and_the_reference_agrees():
    control = new_control()
    assert tuple(count_all(n, NO_LIMIT, control)[0] for n in range(1, 13)) == PUBLISHED
    assert tuple(count(n) for n in range(1, 11)) == PUBLISHED[:10]


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8, 9])
def test_every_solution_is_listed_in_the_reference_order(n):
    every = solve(n, every=True)
    assert every.solutions == tuple(solutions(n))
    assert every.count == len(every.solutions) == PUBLISHED[n - 1]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 8, 10])
def test_the_first_solution_is_the_reference_first_and_the_json_is_exact(n):
    result = solve(n)
    first = next(solutions(n), None)
    assert result.to_json() == {"n": n, "count": PUBLISHED[n - 1],
                                "solutions": [] if first is None else [list(first)]}  # fmt: skip
    assert not result.stopped


def test_a_node_limit_stops_the_count_and_says_it_is_not_known():
    result = solve(12, nodes=1000)
    assert result.stopped and result.count is None
    assert result.to_json()["count"] is None and "not counted" in result.summary()


@pytest.mark.parametrize("n", [8, 16])
def test_a_stop_request_ends_the_searches_at_their_first_look(n):
    control = new_control()
    control[STOP] = 1
    assert count_all(n, NO_LIMIT, control)[2] or n < 10  # a small count ends before a look
    with pytest.raises(SearchStopped):
        _with_control(lambda: solve(n), control)


@st.composite
def walks(draw):
    """A valid walk of events on a small board: queens placed and taken back, squares
    marked by a real queen and cleared, each as the search could do it."""
    model = QueensModel(draw(st.integers(1, 6)))
    n, state, events = model.n, model.initial_state(), []
    for _ in range(draw(st.integers(1, 30))):
        queens, marks = model.queens(state), model.marks(state)
        row, col = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
        placed = [r for r in range(n) if queens[r] >= 0]
        if queens[row] >= 0:
            event = Remove(row, int(queens[row]))
        elif marks[row, col]:
            by = int(marks[row, col]) - 1
            event = Clear(row, col, by, int(queens[by]))
        elif placed and draw(st.booleans()):
            by = draw(st.sampled_from(placed))
            event = Conflict(row, col, by, int(queens[by]))
        else:
            event = Place(row, col)
        model.apply(state, event)
        events.append(event)
    return model, events


@settings(max_examples=60, deadline=None)
@given(walks())
def test_every_event_is_invertible(walk):
    model, events = walk
    assert_walk_invertible(model, model.initial_state(), events)


@pytest.mark.parametrize(("n", "every"), [(5, True), (6, False), (8, False)])
def test_the_traced_search_is_sound_replays_and_ends_on_a_solution(n, every):
    trace, model = traced(n, every)
    state = model.initial_state()
    for event in model.events.decode_rows(trace.rows):
        queens = model.queens(state)
        if isinstance(event, Conflict):  # the cross names a queen that really attacks it
            assert queens[event.by_row] == event.by_col and event.by_row < event.row
            gap = event.row - event.by_row
            assert event.by_col == event.col or abs(event.by_col - event.col) == gap
        if isinstance(event, Place):  # a queen goes only where no queen above attacks it
            assert all(c != event.col and abs(c - event.col) != event.row - r
                       for r, c in enumerate(queens[: event.row]))  # fmt: skip
        model.apply(state, event)
    assert_trace_replays(trace, model, state)
    last = trace.step_caption_text(trace.n_steps - 1)
    assert last.startswith("Finished:") and f"{PUBLISHED[n - 1]:,}" in last
    assert tuple(model.queens(state)) == next(solutions(n)) and not model.marks(state).any()
    found = [kind for _, kind, _ in trace.milestones()]
    assert found == ["solution"] * (PUBLISHED[n - 1] if every else 1)
    for cursor, _, _ in trace.milestones()[:-1]:  # after a solution, the search goes on
        assert trace.step_caption_text(trace.step_of(cursor)).startswith("Back to look for more")


@pytest.mark.parametrize(("nodes", "found"), [(10, 0), (100, 3)])
def test_a_stopped_search_ends_saying_so_on_what_it_found(nodes, found):
    trace, model = traced(6, every=True, nodes=nodes)  # the count takes 76 nodes
    last = trace.step_caption_text(trace.n_steps - 1)
    assert last.startswith(f"Stopped after {nodes} queens placed") and trace.n_milestones == found
    state = replay(trace, model)
    on_board = model.queens(state)
    assert not model.marks(state).any()
    assert not found or tuple(on_board) == next(solutions(6))
    assert trace.counters[-1, COUNTERS.index("queens")] == np.count_nonzero(on_board >= 0)


def test_a_board_without_solutions_ends_with_every_square_tried():
    trace, model = traced(3)
    assert trace.step_caption_text(trace.n_steps - 1).endswith("every square has been tried")
    assert trace.n_milestones == 0
    assert np.array_equal(replay(trace, model), model.initial_state())


def test_captions_say_in_plain_words_what_each_row_does():
    trace, _ = traced(6)
    captions = [trace.step_caption_text(k) for k in range(trace.n_steps)]
    assert captions[0] == "Queen on a1: nothing attacks it"
    assert captions[1] == "Queen on c2: safe from the queen above (a2 and b2 attacked)"
    assert "Queen on e3: safe from the 2 queens above (a3 to d3 attacked)" in captions
    assert "Row 6: every square is attacked, a dead end: back to row 5" in captions
    assert any(c.startswith("Back in row 5: no safe square right of d5") for c in captions)


def test_the_demo_is_short_and_ends_solved():
    trace = demo_trace()
    model = QueensModel(trace.header.definition["n"])
    assert trace.header.solver == "queens.backtracking" and trace.n_steps < 100
    state = replay(trace, model)
    assert (model.queens(state) >= 0).all() and not model.marks(state).any()


def test_the_command_writes_the_json_and_the_trace(capsys, tmp_path):
    out, trace_path = tmp_path / "q.json", tmp_path / "q.pzt"
    code, text, _ = run_cli(capsys, "solve", "queens", "--n", "6", "--all", "--json", str(out),
                            "--trace", str(trace_path))  # fmt: skip
    assert code == 0 and "6 queens on the 6 x 6 board: 4 solutions" in text
    assert json.loads(out.read_text()) == {
        "n": 6,
        "count": 4,
        "solutions": [list(s) for s in solutions(6)],
    }
    from puzzleviz.solvers.tracefile import load_trace

    trace = load_trace(trace_path)
    assert trace.header.solver == "queens.backtracking" and trace.header.params["n"] == 6
    code, text, _ = run_cli(capsys, "solve", "queens", "--json", "-")
    assert code == 0 and '"count": 92' in text


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["--n", "0"], "at least 1 row"),
        (["--n", "99"], "more than the most allowed, 20"),
        (["--n", "eight"], "not a whole number"),
        (["--n", "14", "--all"], "--all lists every solution, up to --n 13"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, match):
    assert_one_line_error(capsys, "solve", "queens", *argv, match=match)

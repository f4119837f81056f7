"""The model's contract: every event kind reverts exactly, traces replay to the end state."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.modelcheck import assert_trace_replays, assert_walk_invertible
from puzzleviz.solvers.sudoku.model import (
    GIVEN,
    LINK_SLOTS,
    Eliminate,
    Mark,
    Place,
    Restore,
    SetDepth,
    SudokuModel,
    Unplace,
    UseTechnique,
    encode_link,
)
from puzzleviz.solvers.sudoku.parse import parse_puzzle
from puzzleviz.solvers.sudoku.record import (
    enabled_techniques,
    record_with_state,
    techniques_used_at,
)
from puzzleviz.solvers.sudoku.search import resolve_trace, solve, solve_and_record
from puzzleviz.solvers.sudoku.techniques import TECHNIQUES, parse_selection
from puzzleviz.solvers.tracefile import parse_trace, trace_bytes

SMALL = "1..4.4....2.3..1"
NINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


@st.composite
def walks(draw):
    """A model, its start state and a sequence of events that are valid where they occur
    (a Place only on an empty cell, naming the mask it wipes, and so on)."""
    model = SudokuModel(draw(st.sampled_from([SMALL, NINE])))
    lay = model.layout
    state = model.initial_state()
    start = state.copy()
    events = []
    for _ in range(draw(st.integers(1, 30))):
        values, cands = model.values(state), model.candidates(state)
        origin = model.origin(state)
        kind = draw(
            st.sampled_from(["place", "unplace", "elim", "restore", "mark", "tech", "depth"])
        )
        cell = draw(st.integers(0, lay.ncell - 1))
        digit = draw(st.integers(1, model.n))
        bit = 1 << (digit - 1)
        event = None
        if kind == "place" and values[cell] == 0:
            event = Place(cell, digit, int(cands[cell]), draw(st.sampled_from([2, 3])))
        elif kind == "unplace" and values[cell] and origin[cell] != GIVEN:
            event = Unplace(
                cell, int(values[cell]), draw(st.integers(0, 2**model.n - 1)), int(origin[cell])
            )
        elif kind == "elim" and values[cell] == 0 and cands[cell] & bit:
            event = Eliminate(cell, digit)
        elif kind == "restore" and values[cell] == 0 and not cands[cell] & bit:
            event = Restore(cell, digit)
        elif kind == "mark":
            layer = draw(st.integers(0, 3))
            size = (lay.ncell, lay.ncell * model.n, 3 * model.n, LINK_SLOTS)[layer]
            index = draw(st.integers(0, size - 1))
            value = draw(st.integers(0, 7))
            if layer == 3:
                value = encode_link(lay.ncell * model.n, cell, lay.ncell - 1, value % 3)
            previous = int(state[lay.mark_offset(layer) + index])
            event = Mark(layer, index, value, previous)
        elif kind == "tech":
            event = UseTechnique(
                draw(st.integers(0, len(TECHNIQUES) - 1)), int(state[lay.current_tech])
            )
        elif kind == "depth":
            event = SetDepth(draw(st.integers(0, 5)), int(state[lay.depth]))
        if event is not None:
            model.apply(state, event)
            events.append(event)
    return model, start, events


@settings(max_examples=60, deadline=None)
@given(walks())
def test_every_event_kind_reverts_exactly(walk):
    model, start, events = walk
    assert_walk_invertible(model, start, events)


def test_a_recorded_solve_with_guesses_replays_and_rewinds():
    puzzle = parse_puzzle(
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    )
    result = solve(puzzle)
    assert result.fallback_used
    trace, final = record_with_state(result)
    model = SudokuModel.from_definition(trace.header.definition)
    assert_trace_replays(trace, model, final)
    assert np.array_equal(model.values(final), result.solution)
    assert not model.candidate_marks(final).any() and not model.house_marks(final).any()
    assert model.links(final) == [] and model.depth(final) == result.steps[-1].depth == 1
    assert model.techniques_used(final) == techniques_used_at(trace, trace.n_events)
    assert dict(model.techniques_used(final)) == result.techniques_used()
    kinds = {kind for _, kind, _ in trace.milestones()}
    assert {"guess", "contradiction", "backtrack", "solved"} <= kinds
    assert trace.n_steps == len(result.steps) + 1  # plus the closing "Solved" step
    # same input, same bytes
    again = record_with_state(solve(puzzle))[0]
    assert trace_bytes(again) == trace_bytes(trace)
    assert parse_trace(trace_bytes(trace)).n_events == trace.n_events


def test_step_states_show_the_pattern_and_the_struck_out_candidates():
    result = solve(parse_puzzle(NINE), parse_selection("all"))
    trace, _ = record_with_state(result)
    model = SudokuModel.from_definition(trace.header.definition)
    pointing = next(i for i, s in enumerate(result.steps) if s.name.startswith("pointing"))
    state = np.array(trace.header.initial_state, dtype=np.int32)
    lo, hi = trace.step_range(pointing)
    model.apply_rows(state, trace.rows[:hi])
    step = result.steps[pointing]
    marks = model.candidate_marks(state)
    grid = model.candidate_grid(state)
    for cell, digit in step.eliminations:
        assert marks[cell, digit - 1] == 2 and not grid[cell, digit - 1]  # red, struck out
    for cell, digit, role in step.candidates:
        assert marks[cell, digit - 1] == role == 1  # green pattern
    assert sorted(np.flatnonzero(model.house_marks(state))) == sorted(h for h, _ in step.houses)
    assert model.current_technique(state) == step.name
    assert trace.step_caption_text(pointing) == step.caption
    described = [model.describe(e) for e in model.events.decode_rows(trace.rows[lo:hi])]
    assert any(line.startswith("remove candidate") for line in described)


def test_resolving_a_trace_with_techniques_toggled():

    _, trace = solve_and_record(NINE)
    assert "pointing_pair" in enabled_techniques(trace)
    fewer = resolve_trace(trace, enabled_techniques(trace) - {"pointing_pair", "pointing_triple"})
    assert "pointing_pair" not in enabled_techniques(fewer)
    model = SudokuModel.from_definition(fewer.header.definition)
    used = dict(techniques_used_at(fewer, fewer.n_events))
    assert "pointing_pair" not in used and model.puzzle.text() == NINE

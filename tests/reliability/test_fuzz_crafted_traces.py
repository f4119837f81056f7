"""Crafted traces with valid checksums (issue 31), as an attacker writes them: a real trace
of each puzzle (assets/demos/*.pzt) with its event rows, op codes, initial state, header
entries, string table, counters, steps or milestones changed, and written out again with
correct checksums. Each is either refused with one TraceError line, or it loads, and then
everything that reads it works: seeking to every keyframe, to the end and back, the
frames the scene draws there (draw lists, no GL), `trace show`'s lines, the summary and
the JSON export (valid JSON). In-process: after validation nothing may crash; a few files
that crashed the kernels before also run as their own processes, where a SIGSEGV would be
an outcome rather than the end of the test run."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import TraceError
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracefile import parse_trace
from puzzleviz.solvers.traceview import event_lines, export_json, model_for, summary_lines
from puzzleviz.viz.compose import compose, default_look
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import scene_for

from tests.reliability.crafted import PUZZLES, Parts, demo, parts
from tests.reliability.forked import run_forked

INT32 = st.integers(-(2**31), 2**31 - 1)
ODD = st.one_of(
    st.sampled_from([0, 1, -1, 2, -2, 2**31 - 1, -(2**31), 2**53, 0.5, float("nan"),
                     float("inf"), "", "x", None, True, [], {}, [1, 2]]),
    INT32,
)  # fmt: skip
TEXTS = st.sampled_from([
    "", "x" * 25_000, "\x1b[2J\x1b]0;t\x07", "\u202e", '\x1f["{n:>999999999}",{"n":1}]',
    '\x1f["{n.__class__}",{"n":1}]', '\x1f["{n:.99999f}",{"n":1.5}]', "\x1f[", "\x1f" + "[" * 3000,
    '\x1f["{a} {b}",{"a":1}]', '\x1f["{n} card","{n} cards",{"n":1e308}]', "ok",
])  # fmt: skip


KINDS = ["field", "field", "field", "op", "permute", "state", "definition", "header", "string",
         "counter", "steps"]  # fmt: skip


def edge_values(allowed: range) -> list[int]:
    """The values where a range check can be wrong: either side of each end, and 0."""
    return [v for v in {allowed.start - 1, allowed.start, allowed.stop - 1, allowed.stop, 0}
            if -(2**31) <= v < 2**31]  # fmt: skip


@st.composite
def field_value(draw, trace: Trace, column: int, op: int) -> int:
    """An edge of the field's declared range (for the row's own op), or any int32."""
    model = model_for(trace)
    ranges = model.field_ranges() or {}
    edges: list[int] = []
    if op in model.events:
        kind = model.events.kind(op)
        names = kind.field_names()
        if column - 1 < len(names):
            allowed = ranges.get(kind, {}).get(names[column - 1])
            edges = edge_values(allowed) if allowed is not None else []
    return draw(st.sampled_from(edges) if edges and draw(st.booleans()) else INT32)


@st.composite
def mutation(draw, p: Parts, trace: Trace):
    """One change an attacker might make, applied to `p` in place; returns its name."""
    kind = draw(st.sampled_from(KINDS))
    n = len(p.rows)
    if kind in ("field", "op", "permute") and n:
        i = draw(st.integers(0, n - 1))
        if kind == "field":
            column = draw(st.integers(1, p.rows.shape[1] - 1))
            p.rows[i, column] = draw(field_value(trace, column, int(p.rows[i, 0])))
        elif kind == "op":
            ops = sorted(model_for(trace).events._by_op)
            p.rows[i, 0] = draw(st.one_of(st.sampled_from([*ops, max(ops) + 1, -1]), INT32))
        else:
            j = draw(st.integers(i, min(n, i + 64)))
            order = draw(st.permutations(range(i, j)))
            p.rows[i:j] = p.rows[list(order)]
    elif kind == "state" and isinstance(p.header.get("initial_state"), list):
        state = p.header["initial_state"]
        i = draw(st.integers(0, max(len(state) - 1, 0)))
        state[i : i + 1] = [
            draw(st.one_of(st.sampled_from([-3, -2, -1, 0, 1, 2, 99, 2**20]), INT32))
        ]
    elif kind == "definition" and isinstance(p.header.get("definition"), dict):
        definition = p.header["definition"]
        key = draw(st.sampled_from(sorted(definition) + ["extra"]))
        definition[key] = draw(ODD)
    elif kind in ("header", "state", "definition"):
        key = draw(st.sampled_from(sorted(p.header)))
        p.header[key] = draw(ODD)
    elif kind == "string" and p.document["strings"]:
        i = draw(st.integers(0, len(p.document["strings"]) - 1))
        p.document["strings"][i] = draw(TEXTS)
    elif kind == "counter" and p.arrays["counters"].size:
        counters = p.arrays["counters"]
        i, j = (
            draw(st.integers(0, counters.shape[0] - 1)),
            draw(st.integers(0, counters.shape[1] - 1)),
        )
        counters[i, j] = draw(st.integers(-(2**63), 2**63 - 1))
    else:
        name = draw(st.sampled_from(["step_start", "step_caption", "milestone_pos",
                                     "milestone_kind", "milestone_caption"]))  # fmt: skip
        array = p.arrays[name]
        if array.size:
            array[draw(st.integers(0, array.size - 1))] = draw(
                st.one_of(st.sampled_from([-2, -1, 0, 1, n - 1, n, n + 1]), INT32)
            )
    return kind


@st.composite
def crafted(draw) -> tuple[str, list[str], bytes]:
    puzzle = draw(st.sampled_from(PUZZLES))
    trace, p = demo(puzzle), parts(puzzle)
    changes = [draw(mutation(p, trace)) for _ in range(draw(st.integers(1, 3)))]
    return puzzle, changes, p.to_bytes()


def read_everything(trace: Trace) -> None:
    """What the player, the scenes and `trace show / info / export` do with a trace."""
    model = model_for(trace)
    player = Player(trace, model)
    n, step = trace.n_events, player.keyframes.interval
    shown = {0, n // 2, n}
    for cursor in [*range(0, n + 1, step), n, 0, n // 2]:
        player.seek(cursor)
        if cursor in shown:
            shown.discard(cursor)
            frame = player.frame()
            compose(frame, default_look(scene_for(trace.header.kind), frame), (640, 360))
    assert all("\x1b" not in line for line in event_lines(trace))
    summary_lines(trace, "crafted.pzt")
    out = io.StringIO()
    export_json(trace, out)
    json.loads(out.getvalue())


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(crafted())
def test_a_crafted_trace_is_refused_in_one_line_or_works_everywhere(example):
    puzzle, changes, data = example
    try:
        trace = parse_trace(data)
    except TraceError as exc:
        message = str(exc)
        assert message and "\n" not in message, (puzzle, changes, message)
        event(f"refused: {changes[-1]}")
        return
    event(f"loaded: {changes[-1]}")
    read_everything(trace)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_demo_reads_whole(puzzle):
    """The fuzzer's starting points themselves load and read (no change at all)."""
    read_everything(parse_trace(parts(puzzle).to_bytes()))


# Rows that made a kernel write outside its state (or raise from numba) before validation.
CRASHERS = {
    "rings": [0, 615237680, 1, 0],
    "sudoku": [0, 10**7, 5, 0, 2],
    "setgame": [0, 3, 10**6],
    "queens": [0, 2**30, 0, 0, 0],
    "digits": [0, 0, 0, 0, 10**6],
    "cube": [0, 10**6, 0, 0],
}


@pytest.mark.parametrize("puzzle", sorted(CRASHERS))
def test_rows_that_crashed_the_kernels_end_in_one_line_in_their_own_process(tmp_path, puzzle):
    from tests.reliability.forked import preload

    preload()
    p = parts(puzzle)
    row = CRASHERS[puzzle]
    p.rows[0] = row + [0] * (p.rows.shape[1] - len(row))
    (tmp_path / "crafted.pzt").write_bytes(p.to_bytes())
    for argv in (["record", "crafted.pzt", "-o", "out.mp4"], ["trace", "show", "crafted.pzt"]):
        outcome = run_forked(argv, cwd=tmp_path, timeout=60)
        assert outcome.signal is None, f"{puzzle} {argv}: signal {outcome.signal}"
        assert outcome.code == 2 and len(outcome.err_lines) == 1, outcome.err
        assert "event 0 (" in outcome.err, outcome.err
    assert sorted(path.name for path in Path(tmp_path).iterdir()) == ["crafted.pzt"]


def test_trace_show_spells_out_what_a_terminal_would_act_on():
    """A caption that clears the screen, retitles the terminal or turns the text around is
    listed with those characters written as escapes, and summary lines likewise."""
    p = parts("queens")
    p.document["strings"][int(demo("queens").step_caption[0])] = "\x1b[2J\x1b]0;t\x07\u202eevil"
    p.header["solver"] = "x\x1b[31m"
    trace = parse_trace(p.to_bytes())
    first = next(iter(event_lines(trace, 0, 0)))
    assert first.endswith(": \\x1b[2J\\x1b]0;t\\x07\\u202eevil"), first
    assert "  solver      x\\x1b[31m" in summary_lines(trace, "t.pzt")


def test_a_mark_off_the_grid_is_described_not_a_traceback():
    """A crafted sudoku trace once loaded and then broke `trace show` (IndexError in the
    cell names): a Mark event may point at any cell, candidate, house or link end; the
    event list names the ones off the grid as such."""
    from puzzleviz.solvers.sudoku.model import (
        MARK_CANDIDATE,
        MARK_CELL,
        MARK_HOUSE,
        MARK_LINK,
        Mark,
        SudokuModel,
        encode_link,
    )

    model = SudokuModel("." * 81)
    far, ncand = 10**6, 81 * 9
    lines = [
        model.describe(Mark(MARK_CELL, far, 1, 0)),
        model.describe(Mark(MARK_CELL, -3, 1, 0)),
        model.describe(Mark(MARK_CANDIDATE, far, 1, 0)),
        model.describe(Mark(MARK_HOUSE, 27, 1, 0)),
        model.describe(Mark(MARK_LINK, 0, encode_link(ncand, ncand + 40, 5, 1), 0)),
    ]
    assert all("off the grid" in line for line in lines), lines
    assert "A1" in model.describe(Mark(MARK_CELL, 0, 1, 0))

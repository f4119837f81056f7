"""`puzzleviz solve cube --disassemble --trace OUT`: the first solution's disassembly (or,
with --assemble, its assembly) recorded as a trace, on BurrTools' Cube in Cage."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from puzzleviz.solvers.cube.model import Slide
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.traceview import model_for

from tests.cli.helpers import assert_one_line_error, run_cli

CAGE = Path(__file__).parents[1] / "solvers" / "burrtools" / "CubeInCage.xmpuzzle"


def record(capsys, out: Path, *extra: str) -> str:
    code, text, err = run_cli(capsys, "solve", "cube", "--puzzle", str(CAGE), "--classes",
                              "--disassemble", "--trace", str(out), *extra)  # fmt: skip
    assert code == 0, err
    return text


def test_the_trace_is_the_disassembly_not_the_search(capsys, tmp_path: Path) -> None:
    out = tmp_path / "cage.pzt"
    text = record(capsys, out)
    assert f"wrote {out} (disassembly of the first solution: 16 moves, level 4.9.3)" in text
    trace = load_trace(out)
    assert trace.header.solver == "cube.disassemble"
    assert trace.header.params["level"] == "4.9.3"
    model = model_for(trace)
    events = model.events.decode_rows(trace.rows)
    assert len(events) == trace.n_steps == 16 and all(isinstance(e, Slide) for e in events)
    kinds = [kind for _, kind, _ in trace.milestones()]
    assert kinds == ["apart"] * kinds.count("apart") + ["solution"] and len(kinds) >= 4
    # the trace replays from its assembled start to every piece apart, and back
    state = np.array(trace.header.initial_state, dtype=np.int32)
    start = state.copy()
    model.apply_rows(state, trace.rows)
    assert not np.array_equal(state, start)
    model.revert_rows(state, trace.rows)
    assert np.array_equal(state, start)


def test_assemble_records_the_same_moves_reversed(capsys, tmp_path: Path) -> None:
    apart, together = tmp_path / "apart.pzt", tmp_path / "together.pzt"
    record(capsys, apart)
    text = record(capsys, together, "--assemble")
    assert "(assembly of the first solution: 16 moves, level 4.9.3)" in text
    a, b = load_trace(apart), load_trace(together)
    assert b.header.solver == "cube.assemble"
    first = [(e.pieces, e.direction ^ 1, e.amount) for e in model_for(a).events.decode_rows(a.rows)]
    second = [(e.pieces, e.direction, e.amount) for e in model_for(b).events.decode_rows(b.rows)]
    assert second == first[::-1]
    state = np.array(a.header.initial_state, dtype=np.int32)
    model_for(a).apply_rows(state, a.rows)
    assert np.array_equal(state, np.array(b.header.initial_state, dtype=np.int32))


def test_assemble_needs_a_disassembly_to_record(capsys, tmp_path: Path) -> None:
    assert_one_line_error(capsys, "solve", "cube", "--puzzle", str(CAGE), "--classes",
                          "--assemble", "--trace", str(tmp_path / "t.pzt"),
                          match="--assemble")  # fmt: skip

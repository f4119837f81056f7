"""The demo tour plays ready-made traces (assets/demos/), so a new machine shows the first
picture at once instead of compiling solvers first. They must be what the builders make
now: an edit of a demo or of a solver it uses fails here until tools/demo_traces.py is run."""

from __future__ import annotations

import pytest
from puzzleviz.solvers.demos import built_in_demo_kinds, demo_trace, shipped_demo, shipped_demo_path
from puzzleviz.solvers.tracefile import trace_bytes


@pytest.mark.parametrize("kind", built_in_demo_kinds())
def test_the_shipped_demo_is_what_its_builder_makes_now(demo, kind):
    path = shipped_demo_path(kind)
    assert path.is_file(), f"{path} is missing: run tools/demo_traces.py"
    assert path.read_bytes() == trace_bytes(demo(kind)), (
        f"{path} is stale: run tools/demo_traces.py {kind}"
    )


def test_every_built_in_puzzle_ships_its_demo():
    assert set(built_in_demo_kinds()) == {"cube", "digits", "queens", "rings", "setgame", "sudoku"}
    for kind in built_in_demo_kinds():
        assert shipped_demo(kind) is not None


def test_an_unreadable_shipped_demo_is_built_instead(monkeypatch, tmp_path):
    broken = tmp_path / "queens.pzt"
    broken.write_bytes(b"PZVTRACE" + b"\0" * 40)
    monkeypatch.setattr("puzzleviz.solvers.demos.shipped_demo_path", lambda kind: broken)
    assert shipped_demo("queens") is None
    trace = demo_trace("queens")
    assert trace.header.kind == "queens" and trace.n_steps > 0

"""A trace names its solver `<kind>.<method>`, and the title row shows the method in plain
words. SET's traces said "setgame-demo" and "session" before they said "setgame.demo" and
"setgame.session": traces written then still show the same title."""

from __future__ import annotations

import dataclasses

import pytest
from puzzleviz.solvers.demos import shipped_demo
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import scene_for, solver_method


def heading(trace, solver: str) -> str:
    named = dataclasses.replace(trace, header=dataclasses.replace(trace.header, solver=solver))
    return scene_for(named.header.kind).heading(Player(named, model_for(named)).frame())


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [("setgame-demo", "setgame.demo", "backtracking search"),
     ("session", "setgame.session", "played by hand"),
     ("setgame-fast", "setgame.fast", "backtracking search")],
)  # fmt: skip
def test_an_old_set_trace_shows_the_title_its_new_name_shows(old, new, words):
    trace = shipped_demo("setgame")
    assert trace is not None and trace.header.solver == "setgame.demo"
    assert heading(trace, old) == heading(trace, new) == f"SET · {words}"


def test_the_method_is_what_follows_the_kind():
    assert solver_method("cube.exact", "cube") == "exact"
    assert solver_method("rings best-first", "rings") == "best-first"
    assert solver_method("session", "setgame") == "session"
    assert solver_method("setgame.seed", "set") == "setgame.seed"  # the kind, not the name

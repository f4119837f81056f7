"""Every search that can run for hours stops at a default limit, says so, and a flag lifts
it (issue 19, group 2). The limits are shrunk here so that they are reached at once."""

from __future__ import annotations

import dataclasses
import json

from puzzleviz.solvers import registry

from tests.cli.helpers import run_cli


def shrink_default_limit(monkeypatch, kind: str, nodes: int) -> None:
    """Every method of the puzzle with a default node limit gets `nodes` instead."""
    spec = registry.by_kind(kind)
    methods = tuple(
        dataclasses.replace(m, node_limit=nodes) if m.node_limit is not None else m
        for m in spec.methods
    )
    shrunk = dataclasses.replace(spec, methods=methods)  # the installed puzzle, for this test
    monkeypatch.setitem(
        registry.installed(), kind, dataclasses.replace(registry.installed()[kind], spec=shrunk)
    )


def test_set_stops_at_its_default_node_limit_and_says_how_to_lift_it(capsys, monkeypatch):
    shrink_default_limit(monkeypatch, "setgame", 5_000)
    code, out, _ = run_cli(capsys, "solve", "set", "--v", "4", "--n", "3")
    assert code == 0
    assert "largest found, not proven maximum" in out
    assert "(the default node limit, 5,000; --max-nodes 0 lifts it)" in out


def test_set_keeps_its_quick_proofs_under_the_default_limit(capsys, monkeypatch):
    shrink_default_limit(monkeypatch, "setgame", 1)
    code, out, _ = run_cli(capsys, "solve", "set", "--n", "3")
    assert code == 0 and "9 cards (proven maximum" in out


def test_digits_stops_at_its_default_node_limit(capsys, monkeypatch, tmp_path):
    shrink_default_limit(monkeypatch, "digits", 500)
    out_file = tmp_path / "d.json"
    code, out, _ = run_cli(capsys, "solve", "digits", "--json", str(out_file))
    assert code == 0
    assert "STOPPED at the node limit" in out and "--max-nodes 0 lifts it" in out
    assert json.loads(out_file.read_text())["count"] < 48
    code, out, _ = run_cli(capsys, "solve", "digits", "--max-nodes", "0")
    assert code == 0 and "48 solutions in 3 classes" in out


def test_cube_stops_at_its_default_node_limit(capsys, monkeypatch):
    shrink_default_limit(monkeypatch, "cube", 1_000)
    code, out, _ = run_cli(capsys, "solve", "cube", "--puzzle", "conway", "--all")
    assert code == 0
    assert "STOPPED at the node limit" in out and "--max-nodes 0 lifts it" in out


def test_rings_stats_refuses_a_large_space_unless_lifted(capsys, monkeypatch):
    monkeypatch.setattr("puzzleviz.solvers.rings.commands.options.DEFAULT_MAX_STATES", 1_000)
    code, _, err = run_cli(capsys, "rings", "stats", "--config", "2/8/1/2")
    assert code == 2 and "--max-states lifts it" in err
    code, out, _ = run_cli(capsys, "rings", "stats", "--config", "2/8/1/2", "--max-states", "1e9")
    assert code == 0 and "states by distance" in out

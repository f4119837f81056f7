from __future__ import annotations

import json

import pytest
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli import main

from tests.cli.helpers import run_cli


def test_solve_set_writes_the_issue_json(tmp_path, capsys):
    out = tmp_path / "caps.json"
    assert main(["solve", "set", "--v", "3", "--n", "3", "--count", "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert list(doc)[:6] == ["v", "n", "max", "count", "classes", "caps"]
    assert (doc["v"], doc["n"], doc["max"], doc["count"], doc["classes"]) == (3, 3, 9, 2106, 1)
    assert 1 <= len(doc["caps"]) <= 10 and all(len(cap) == 9 for cap in doc["caps"])
    assert doc["proven"] is True
    assert "9 cards (proven maximum" in capsys.readouterr().out


def test_solve_set_default_game_with_constraints_and_trace(tmp_path):
    out, trace = tmp_path / "r.json", tmp_path / "r.pzv"
    code = main(
        [
            "solve",
            "set",
            "--with",
            "0000,1201",
            "--json-caps",
            "2",
            "--json",
            str(out),
            "--trace",
            str(trace),
        ]
    )
    assert code == 0
    doc = json.loads(out.read_text())
    assert doc["max"] == 20 and len(doc["caps"]) == 2 and "1201" in doc["caps"][0]
    loaded = load_trace(trace)
    assert loaded.header.kind == "setgame" and loaded.n_events > 0


def test_solve_set_prove_and_trace_the_real_game(tmp_path):
    trace = tmp_path / "proof.pzv"
    assert main(["solve", "set", "--trace", str(trace)]) == 0
    loaded = load_trace(trace)
    assert any(kind == "best" for _, kind, _ in loaded.milestones())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--v", "1"], "argument --v: 1: it must be at least 2"),
        (["--n", "3", "--with", "000,111,222"], "contain a SET"),
        (["--with", "0003"], "digit above 2"),
        (["--with", "0000", "--forbid", "0000"], "both required and forbidden"),
        (["--json-caps", "-1"], "--json-caps"),
        (["--n", "9"], "more than"),
    ],
)
def test_bad_inputs_are_one_line_and_exit_2(tmp_path, capsys, args, message):
    out = tmp_path / "x.json"
    argv = ["solve", "set", *args, "--json", str(out), "--trace", str(tmp_path / "t")]
    code, _, err = run_cli(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_set_play_is_the_seeds_console_game(tmp_path, capsys, monkeypatch):
    import io

    record = tmp_path / "session.pzv"
    script = "add 0000 1111\nadd 2222\nforbid 0120\nshow\nmax\nremove 0000\nbogus\nquit\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["set", "play", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "error: 2222 would complete a SET with 0000 1111" in out
    assert "20 cards (proven maximum" in out
    assert "chosen (1): 1111" in out and "unknown command 'bogus'" in out
    trace = load_trace(record)
    assert trace.header.solver == "setgame.session" and trace.n_events == 8

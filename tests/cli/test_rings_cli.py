from __future__ import annotations

import json

import pytest
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli import main

SOLVED_2_8_2 = "1112222/3334444"


def test_solve_writes_the_issues_json(tmp_path, capsys):
    out = tmp_path / "sol.json"
    trace = tmp_path / "sol.pzv"
    start = "1412434/4322231"
    code = main(["solve", "rings", "--config", "2/8/2/2", "--state", start, "--method",
                 "idastar", "--json", str(out), "--trace", str(trace)])  # fmt: skip
    assert code == 0
    data = json.loads(out.read_text())
    assert set(data) == {"config", "start", "moves", "length", "method"}
    assert data["config"] == "2/8/2/2" and data["start"] == start
    assert data["method"] == "idastar" and data["length"] == len(data["moves"]) == 6
    assert all(1 <= ring <= 2 and 1 <= f <= 7 for ring, f in data["moves"])
    loaded = load_trace(trace)
    assert loaded.header.kind == "rings" and loaded.header.definition == {"config": "2/8/2/2"}
    assert "length   6" in capsys.readouterr().out


def test_solve_a_shuffle_of_the_original_by_default(tmp_path, capsys):
    out = tmp_path / "o.json"
    assert main(["solve", "rings", "--shuffle", "5", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["config"] == "2/20/2/4" and data["method"] == "practical"
    assert len(data["start"]) == 39 and data["length"] > 10


def test_scramble_and_presets(capsys):
    assert main(["solve", "rings", "--config", "olympic", "--scramble", "3", "--method",
                 "best-first"]) == 0  # fmt: skip
    assert "config   5/18/1/2" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--state", "111/222"], "owns"),
        (["--config", "2/8/2/2", "--state", "1112222/3334443"], "balls of colour"),
        (["--config", "9/9/9/9"], "colours per ring"),
        (["--config", "2/20/2/4", "--method", "bfs", "--max-nodes", "100"], "no solution"),
        (["--config", "2/8/2/2", "--state", SOLVED_2_8_2.replace("1", "x", 1)], "not a colour"),
    ],
)
def test_bad_input_is_one_line_and_no_files(tmp_path, capsys, args, message):
    out = tmp_path / "x.json"
    code = main(["solve", "rings", *args, "--json", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_argparse_errors_are_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["solve", "rings", "--method", "magic"])
    assert exc.value.code == 2 and capsys.readouterr().err.count("\n") == 1


def test_stats_prints_tables_and_writes_json(tmp_path, capsys):
    out = tmp_path / "s.json"
    assert main(["rings", "stats", "--config", "2/8/1/2", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "states by distance" in text and "thesis' heuristic" in text
    data = json.loads(out.read_text())
    assert data["distance"]["forgat"]["layers"] == [2, 26, 164, 696, 1348, 942, 232, 22]
    assert data["distance"]["unit"]["depth"] == 12


def test_stats_refuses_huge_spaces(capsys):
    assert main(["rings", "stats", "--config", "original"]) == 2
    assert "full BFS" in capsys.readouterr().err


def test_sample_gives_the_bfs_distance_of_every_position(tmp_path, capsys):
    from puzzleviz.solvers.rings.model.config import RingConfig
    from puzzleviz.solvers.rings.model.shuffle import uniform_shuffle
    from puzzleviz.solvers.rings.stats import exact

    out = tmp_path / "sample.json"
    args = ["rings", "sample", "--config", "2/10/1/2", "--count", "4", "--first-seed", "7"]
    assert main([*args, "--per-part", "3", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    data = json.loads(out.read_text())
    config = RingConfig.parse("2/10/1/2")
    truth = [exact.distance(config, uniform_shuffle(config, seed)) for seed in range(7, 11)]
    assert [p["seed"] for p in data["positions"]] == [7, 8, 9, 10]
    assert [p["length"] for p in data["positions"]] == truth
    assert all(p["optimal"] for p in data["positions"])
    assert data["gods_number_at_least"] == max(truth)
    assert f"God's number of 2/10/1/2 (turn metric) >= {max(truth, default=0)}" in printed


def test_sample_refuses_three_rings_in_one_line(capsys):
    assert main(["rings", "sample", "--config", "three"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "two-ring" in err

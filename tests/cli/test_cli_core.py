from __future__ import annotations

import argparse
import io
import json

import av
import pytest
from puzzleviz.solvers.tracefile import save_trace

from tests.cli.helpers import assert_one_line_error, run_cli
from tests.viz.test_player import make_trace


@pytest.fixture
def trace_file(tmp_path, toy_scene):
    trace, _ = make_trace(n_steps=3, per_step=2)
    return save_trace(trace, tmp_path / "toy.pzt")


def test_trace_info(capsys, trace_file):
    code, out, _ = run_cli(capsys, "trace", "info", str(trace_file))
    assert code == 0
    assert "toy trace" in out and "events      6" in out and "solution x1" in out


def test_trace_show_lists_steps_events_and_milestones(capsys, trace_file):
    code, out, _ = run_cli(capsys, "trace", "show", str(trace_file), "--from", "2", "--to", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "step 2/3: step 1"
    assert lines[1].split()[0] == "2" and "Add(slot=0, amount=2)" in lines[1]
    assert "  * solution: after step 1" in lines
    assert "step 3/3: step 2" in lines and not any(line.split()[0] == "5" for line in lines)


def test_trace_export_json(capsys, trace_file, tmp_path):
    out = tmp_path / "t.json"
    code, stdout, _ = run_cli(capsys, "trace", "export", str(trace_file), "--json", str(out))
    assert code == 0 and "wrote" in stdout
    document = json.loads(out.read_text())
    assert document["header"]["kind"] == "toy"
    assert len(document["events"]) == 6
    assert document["events"][1] == {
        "index": 1,
        "type": "Swap",
        "fields": {"i": 1, "j": 2},
        "counters": {"done": 1},
    }
    assert document["milestones"] == [{"cursor": 4, "kind": "solution", "caption": "after step 1"}]
    assert [s["start"] for s in document["steps"]] == [0, 2, 4]


def test_record_to_mp4(capsys, trace_file, tmp_path):
    out = tmp_path / "toy.mp4"
    code, stdout, _ = run_cli(
        capsys, "record", str(trace_file), "-o", str(out), "--size", "320x180", "--fps", "10",
        "--speed", "3", "--from", "2", "--to", "3", "--no-captions",
    )  # fmt: skip
    assert code == 0 and f"wrote {out}" in stdout
    with av.open(str(out)) as container:
        stream = container.streams.video[0]
        assert (stream.codec_context.width, stream.codec_context.height) == (320, 180)
        # 2 steps at 3 steps/s = 7 frames of motion, 8 + 15 frames of rest at 10 fps.
        assert sum(1 for _ in container.decode(stream)) == 7 + 8 + 15


def test_play_without_a_display_says_what_to_do(capsys, trace_file, monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert_one_line_error(capsys, "play", str(trace_file), match="puzzleviz record")


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["trace", "info", "missing.pzt"], "no such trace file"),
        (["trace", "show", "BAD"], "not a puzzleviz trace file"),
        (["record", "GOOD", "-o", "x.avi"], "use .mp4, .gif or a folder"),
        (["record", "GOOD", "-o", "x.mp4", "--size", "big"], "is not WIDTHxHEIGHT"),
        (["record", "GOOD", "-o", "x.mp4", "--size", "321x180"], "even width"),
        (["record", "GOOD", "-o", "x.mp4", "--speed", "-1"], "not positive"),
        (["record", "GOOD", "-o", "x.mp4", "--from", "9"], "not within 1..3"),
        (["record", "GOOD", "-o", "nowhere/x.mp4"], "does not exist"),
        (["trace", "export", "GOOD", "--json", "nowhere/x.json"], "does not exist"),
        (["frobnicate"], "invalid choice"),
        (["record", "GOOD"], "required: -o"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, trace_file, tmp_path, monkeypatch, argv, match):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "BAD").write_text("not a trace")
    argv = [str(trace_file) if a == "GOOD" else a for a in argv]
    assert_one_line_error(capsys, *argv, match=match)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["BAD", "toy.pzt"]  # nothing written


@pytest.mark.parametrize("option", ["--json", "--trace", "--video"])
def test_a_missing_output_folder_stops_a_solve_before_it_searches(capsys, option):
    code, out, err = run_cli(capsys, "solve", "rings", "--shuffle", "1", option, "nowhere/x.mp4")
    assert code == 2 and "folder nowhere does not exist" in err and err.count("\n") == 1
    assert out == ""  # nothing solved, nothing printed: the check came first


def test_solve_commands_can_record_their_trace_at_once(capsys, tmp_path):
    out = tmp_path / "rings.gif"
    code, stdout, _ = run_cli(capsys, "solve", "rings", "--config", "2/8/1/2", "--shuffle", "3",
                              "--video", str(out))  # fmt: skip
    assert code == 0 and f"wrote {out}" in stdout
    with av.open(str(out)) as container:
        assert sum(1 for _ in container.decode(container.streams.video[0])) > 30
    assert [p.name for p in tmp_path.iterdir()] == ["rings.gif"]


class _ClosedPipe:
    """A stdout whose reader has gone (as `| head` leaves it) after `lines` lines."""

    def __init__(self, lines: int):
        self.left = lines

    def write(self, text: str) -> int:
        if self.left <= 0:
            raise BrokenPipeError(32, "Broken pipe")
        self.left -= text.count("\n")
        return len(text)

    def flush(self) -> None:
        if self.left <= 0:
            raise BrokenPipeError(32, "Broken pipe")

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no file descriptor")


def test_a_command_started_with_stdout_closed_refuses_an_output_to_it(capsys, monkeypatch):
    """`puzzleviz ... >&-`: Python's sys.stdout is None. An output `-` is refused before the
    work in one line (it was an AttributeError after the search); plain printing goes
    nowhere."""
    from puzzleviz.viz.cli import main

    monkeypatch.setattr("sys.stdout", None)
    assert main(["solve", "queens", "--n", "6", "--json", "-"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["puzzleviz: error: --json -: standard output is closed (give a file name)"]
    monkeypatch.setattr("sys.stdout", None)
    assert main(["solve", "queens", "--n", "6", "-q"]) == 0


def test_a_reader_closing_stdout_early_does_not_lose_the_files(tmp_path, monkeypatch):
    from puzzleviz.viz.cli import main

    monkeypatch.setattr("sys.stdout", _ClosedPipe(lines=1))
    out = tmp_path / "digits.json"
    assert main(["solve", "digits", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["count"] == 48


def _parsers(parser):
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                yield from _parsers(child)


def test_no_parser_of_the_command_line_takes_an_abbreviation(capsys):
    from puzzleviz.viz.cli import build_parser

    parsers = list(_parsers(build_parser()))
    assert len(parsers) > 15 and not [p.prog for p in parsers if p.allow_abbrev]
    for argv in (
        ["solve", "queens", "--vid", "x.mp4"],
        ["solve", "set", "--js", "x.json"],
        ["record", "t.pzt", "-o", "x.mp4", "--sub"],
        ["solve", "rings", "--max-n", "5"],
    ):
        bad = next(arg for arg in argv[2:] if arg.startswith("--"))
        assert_one_line_error(capsys, *argv, match=f"unrecognized arguments: {bad}")

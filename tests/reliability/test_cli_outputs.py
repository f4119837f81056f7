"""Outputs on the command line: `-` and /dev/stdout carry the output alone, an output is
never an input, and the checks come before the work (issue 19, groups 1 and 6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.cli.helpers import assert_one_line_error, run_cli

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_json_dash_is_the_json_alone_and_messages_go_to_stderr(capsys):
    code, out, err = run_cli(capsys, "solve", "sudoku", SUDOKU, "-q", "--json", "-")
    assert code == 0
    assert json.loads(out)["solution"].startswith("417")
    assert "solved by logic" in err and "wrote -" in err


def test_trace_export_to_dash(capsys, tmp_path):
    trace = tmp_path / "s.pzt"
    assert run_cli(capsys, "solve", "sudoku", SUDOKU, "-q", "--trace", str(trace))[0] == 0
    code, out, _ = run_cli(capsys, "trace", "export", str(trace), "--json", "-", "--to", "3")
    assert code == 0 and len(json.loads(out)["events"]) == 4


def test_json_dev_stdout_works_in_a_pipe(tmp_path):
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    command = [sys.executable, "-m", "puzzleviz.viz.cli", "solve", "sudoku", SUDOKU, "-q"]
    done = subprocess.run(
        [*command, "--json", "/dev/stdout"], capture_output=True, env=env, cwd=tmp_path,
        check=False, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rating"]["score"] > 0
    assert "wrote /dev/stdout" in done.stderr


def test_an_output_onto_its_input_is_refused_and_the_input_kept(capsys, tmp_path):
    puzzles = tmp_path / "puz.txt"
    puzzles.write_text(SUDOKU + "\n")
    assert_one_line_error(
        capsys, "solve", "sudoku", str(puzzles), "--json", str(puzzles), match="it is the input"
    )
    assert puzzles.read_text() == SUDOKU + "\n"
    trace = tmp_path / "t.pzt"
    assert run_cli(capsys, "solve", "sudoku", SUDOKU, "-q", "--trace", str(trace))[0] == 0
    before = trace.read_bytes()
    assert_one_line_error(
        capsys, "trace", "export", str(trace), "--json", str(trace), match="it is the input"
    )
    assert trace.read_bytes() == before


def test_an_empty_export_range_keeps_the_old_file(capsys, tmp_path):
    trace = tmp_path / "t.pzt"
    assert run_cli(capsys, "solve", "sudoku", SUDOKU, "-q", "--trace", str(trace))[0] == 0
    important = tmp_path / "important.json"
    important.write_text("{}")
    for argv, match in (
        (["--from", "999999"], "the trace has 1,005 events"),
        (["--from", "10", "--to", "2"], "the range is empty"),
        (["--from", "-5"], "events are numbered from 0"),
    ):
        assert_one_line_error(
            capsys, "trace", "export", str(trace), "--json", str(important), *argv, match=match
        )
        assert_one_line_error(capsys, "trace", "show", str(trace), *argv, match=match)
    assert important.read_text() == "{}"


def test_a_bad_video_stops_the_solve_before_anything_is_written(capsys, tmp_path):
    out = tmp_path / "j.json"
    line = assert_one_line_error(
        capsys, "solve", "sudoku", SUDOKU, "--video", str(tmp_path / "x.avi"), "--json", str(out)
    )
    assert "cannot record to .avi files" in line and not out.exists()


def test_a_recording_named_only_by_its_extension_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(capsys, "record", "t.pzt", "-o", ".mp4", match="only an extension")
    assert list(tmp_path.iterdir()) == []


def test_json_dev_stdout_appends_to_a_file_opened_for_appending(tmp_path):
    log = tmp_path / "log.txt"
    log.write_text("an earlier line\n")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    command = [sys.executable, "-m", "puzzleviz.viz.cli", "solve", "sudoku", SUDOKU, "-q"]
    with log.open("a") as out:  # as the shell's >> opens it
        done = subprocess.run(
            [*command, "--json", "/dev/stdout"], stdout=out, stderr=subprocess.PIPE,
            env=env, cwd=tmp_path, check=False,
        )  # fmt: skip
    assert done.returncode == 0
    first, rest = log.read_text().split("\n", 1)
    assert first == "an earlier line" and json.loads(rest)["rating"]["score"] > 0


def test_a_recording_through_a_link_onto_its_input_is_refused(capsys, tmp_path):
    trace = tmp_path / "t.pzt"
    assert run_cli(capsys, "solve", "sudoku", SUDOKU, "-q", "--trace", str(trace))[0] == 0
    before = trace.read_bytes()
    link = tmp_path / "link.mp4"
    link.symlink_to(trace)
    assert_one_line_error(capsys, "record", str(trace), "-o", str(link), match="it is the input")
    (tmp_path / "out.vtt").symlink_to(trace)  # the captions beside a new video
    assert_one_line_error(capsys, "record", str(trace), "-o", str(tmp_path / "out.mp4"),
                          match="out.vtt: it is the input")  # fmt: skip
    assert trace.read_bytes() == before and not (tmp_path / "out.mp4").exists()


def test_captions_beside_a_video_replace_only_captions(capsys, tmp_path):
    trace = tmp_path / "t.pzt"
    assert run_cli(capsys, "solve", "sudoku", SUDOKU, "-q", "--trace", str(trace))[0] == 0
    notes = tmp_path / "out.vtt"
    notes.write_text("my notes for the class")
    line = assert_one_line_error(capsys, "record", str(trace), "-o", str(tmp_path / "out.mp4"),
                                 "--size", "64x36", "--to", "1")  # fmt: skip
    assert "out.vtt exists and is not a WebVTT captions file" in line
    assert "--no-subtitles" in line and notes.read_text() == "my notes for the class"
    notes.write_text("WEBVTT\n\n")  # captions of an earlier recording: replaced with the video
    code, out, _ = run_cli(capsys, "record", str(trace), "-o", str(tmp_path / "out.mp4"),
                           "--size", "64x36", "--to", "1")  # fmt: skip
    assert code == 0 and "and its captions" in out and "-->" in notes.read_text()


def test_a_split_log_is_never_an_input_a_device_or_another_output(capsys, tmp_path):
    puzzle = tmp_path / "p.xmpuzzle"
    puzzle.write_bytes(b"<puzzle version='2'/>")
    argv = ["solve", "cube", "--xmpuzzle", str(puzzle), "--all", "--split-log"]
    assert_one_line_error(capsys, *argv, str(puzzle), match="it is the input")
    assert_one_line_error(capsys, *argv, "/dev/null", match="a split log is a regular file")
    log = str(tmp_path / "log")
    assert_one_line_error(capsys, *argv, log, "--json", log, match="both name")
    other = tmp_path / "notes.txt"
    other.write_text("keep me\n")
    assert_one_line_error(capsys, *argv, str(other), match="notes.txt is not a split log")
    assert other.read_text() == "keep me\n" and not os.path.exists(log)

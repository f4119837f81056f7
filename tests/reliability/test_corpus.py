"""A corpus of bad and edge-case invocations across every command (issue 19): each must
end with exit code 2 and one line on stderr, no traceback, nothing on stdout, and leave
every file it found exactly as it was (contents, kind and permissions), outputs that it
would have replaced included. Runs in-process; no case reaches a search."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tests.cli.helpers import run_cli

SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVABLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
TYPO_16 = "1" + "." * 120 + "H" + "." * 134

CORPUS: list[tuple[str, list[str], str]] = [
    # play
    ("play", ["play", "missing.pzt"], "no such trace file"),
    ("play", ["play", "bad.pzt"], "not a puzzleviz trace file"),
    ("play", ["play", "junk.pzt"], "after its end"),
    ("play", ["play", "empty.pzt"], "the file is empty"),
    ("play", ["play", "trunc.pzt"], "truncated"),
    ("play", ["play", "folder"], "is a folder"),
    ("play", ["play"], "play needs a TRACE file, or --practice"),
    ("play", ["play", "good.pzt", "--size", "0x0"], "outside 16x16"),
    ("play", ["play", "good.pzt", "--size", "big"], "is not WIDTHxHEIGHT"),
    ("play", ["play", "good.pzt", "--speed", "0"], "not positive"),
    ("play", ["play", "good.pzt", "--speed", "inf"], "not a finite number"),
    ("play", ["play", "good.pzt", "--speed", "nan"], "not a finite number"),
    ("play", ["play", "good.pzt", "--speed", "1e9"], "more than 1,000,000"),
    ("play", ["play", "good.pzt", "--level", "fast"], "invalid choice"),
    ("play", ["play", "good.pzt", "--msaa", "3"], "invalid choice"),
    # record
    ("record", ["record", "good.pzt", "-o", "x.avi"], "cannot record to .avi files"),
    ("record", ["record", "good.pzt", "-o", ".mp4"], "only an extension"),
    ("record", ["record", "good.pzt", "-o", "-"], "cannot record to standard output"),
    ("record", ["record", "good.pzt", "-o", "nowhere/x.mp4"], "does not exist"),
    ("record", ["record", "good.pzt", "-o", "frames"], "not an empty folder"),
    ("record", ["record", "good.pzt", "-o", "old.json"], "cannot record to .json"),
    ("record", ["record", "good.pzt", "-o", "good.pzt"], "cannot record to .pzt"),
    ("record", ["record", "good.pzt"], "required: -o"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--size", "321x180"], "even width"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--size", "99999x2"], "outside"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--size", "8000x100"], "outside"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--fps", "0"], "at least 1"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--fps", "1000"], "most allowed, 240"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--speed", "inf"], "not a finite"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--speed", "-1"], "not positive"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--seconds", "0"], "not positive"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--seconds", "1e12"], "more than"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--from", "0"], "numbered from 1"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--from", "-5"], "numbered from 1"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--from", "999"], "not within 1.."),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--from", "3", "--to", "2"], "not within"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--crf", "99"], "outside 0..51"),
    ("record", ["record", "good.pzt", "-o", "x.mp4", "--preset", "turbo"], "invalid choice"),
    ("record", ["record", "missing.pzt", "-o", "x.mp4"], "no such trace file"),
    ("record", ["record", "junk.pzt", "-o", "x.mp4"], "damaged trace file"),
    ("record", ["record", "good.pzt", "-o", "x.gif", "--speed", "0.000001"], "frames"),
    # demo
    ("demo", ["demo", "-o", "x.avi"], "cannot record to .avi files"),
    ("demo", ["demo", "-o", "nowhere/d.mp4"], "does not exist"),
    ("demo", ["demo", "--seconds", "0"], "not positive"),
    ("demo", ["demo", "--speed", "inf"], "not a finite number"),
    ("demo", ["demo", "--size", "1x1"], "outside 16x16"),
    # trace info / show / export
    ("trace", ["trace", "info", "missing.pzt"], "no such trace file"),
    ("trace", ["trace", "info", "bad.pzt"], "not a puzzleviz trace file"),
    ("trace", ["trace", "info", "junk.pzt"], "joined with another file"),
    ("trace", ["trace", "info", "trunc.pzt"], "truncated"),
    ("trace", ["trace", "info", "flipped.pzt"], "corrupt trace"),
    ("trace", ["trace", "info", "folder"], "is a folder"),
    ("trace", ["trace", "show", "good.pzt", "--from", "999999999"], "the trace has"),
    ("trace", ["trace", "show", "good.pzt", "--from", "10", "--to", "2"], "range is empty"),
    ("trace", ["trace", "show", "good.pzt", "--from", "-5"], "numbered from 0"),
    ("trace", ["trace", "show", "good.pzt", "--to", "x"], "not a whole number"),
    ("trace", ["trace", "export", "good.pzt", "--json", "good.pzt"], "it is the input"),
    ("trace", ["trace", "export", "good.pzt", "--json", "link.pzt"], "it is the input"),
    ("trace", ["trace", "export", "good.pzt", "--json", "old.json", "--from", "999999"], "has"),
    (
        "trace",
        ["trace", "export", "good.pzt", "--json", "old.json", "--from", "3", "--to", "1"],
        "range is empty",
    ),
    ("trace", ["trace", "export", "good.pzt", "--json", "folder"], "it is a folder"),
    ("trace", ["trace", "export", "good.pzt", "--json", "nowhere/x.json"], "does not exist"),
    ("trace", ["trace", "export", "good.pzt", "--json", "n" * 300], "name is too long"),
    ("trace", ["trace", "export", "good.pzt"], "required: --json"),
    ("trace", ["trace", "export", "junk.pzt", "--json", "old.json"], "damaged trace file"),
    ("trace", ["trace", "frob", "good.pzt"], "invalid choice"),
    ("trace", ["trace"], "required: COMMAND"),
    # solve sudoku
    ("sudoku", ["solve", "sudoku", "missing_puzzles.txt"], "missing_puzzles.txt: no such file"),
    ("sudoku", ["solve", "sudoku", "   "], "the puzzle is empty"),
    ("sudoku", ["solve", "sudoku", TYPO_16], "bad character 'H' in line 1, position 122"),
    ("sudoku", ["solve", "sudoku", SUDOKU[:40] + "x" + SUDOKU[41:]], "position 41"),
    ("sudoku", ["solve", "sudoku", "badline.txt"], "badline.txt: line 2:"),
    ("sudoku", ["solve", "sudoku", "grid.txt"], "line 7 has 8 cells"),
    ("sudoku", ["solve", "sudoku", "puz.txt", "--json", "puz.txt"], "it is the input"),
    ("sudoku", ["solve", "sudoku", "puz.txt", "--trace", "puz.txt"], "it is the input"),
    ("sudoku", ["solve", "sudoku", "puz.txt", "--index", "0"], "at least 1"),
    ("sudoku", ["solve", "sudoku", "puz.txt", "--index", "99"], "holds 2 puzzles"),
    ("sudoku", ["solve", "sudoku", "puz.txt", "--trace", "t.pzt"], "pick one with --index"),
    ("sudoku", ["solve", "sudoku", SUDOKU, "--techniques", "magic"], "unknown technique"),
    ("sudoku", ["solve", "sudoku", SUDOKU, "--names", "x"], "invalid choice"),
    ("sudoku", ["solve", "sudoku", SUDOKU, "--json", "folder"], "it is a folder"),
    ("sudoku", ["solve", "sudoku", SUDOKU, "--json", "nowhere/x.json"], "does not exist"),
    ("sudoku", ["solve", "sudoku", SUDOKU, "--video", "x.avi", "--json", "j.json"], ".avi"),
    (
        "sudoku",
        ["solve", "sudoku", SUDOKU, "--json", "o.json", "--trace", "o.json"],
        "both name",
    ),
    ("sudoku", ["solve", "sudoku", SUDOKU, "--json", "-", "--trace", "-"], "both name -"),
    ("sudoku", ["solve", "sudoku", "44" + SUDOKU[2:]], "conflicting givens"),
    ("sudoku", ["solve", "sudoku"], "give a puzzle"),
    ("sudoku", ["solve", "sudoku", "hello"], "no such file, and not a puzzle"),
    # solve rings, rings stats
    ("rings", ["solve", "rings", "--scramble", "1000000000000"], "most allowed, 10,000"),
    ("rings", ["solve", "rings", "--scramble", "-1"], "cannot be negative"),
    ("rings", ["solve", "rings", "--config", "2/x/1/2"], "2/x/1/2"),
    ("rings", ["solve", "rings", "--state", "123"], "123"),
    ("rings", ["solve", "rings", "--method", "magic"], "invalid choice"),
    ("rings", ["solve", "rings", "--max-nodes", "-1"], "cannot be negative"),
    ("rings", ["solve", "rings", "--method", "bfs", "--max-nodes", "1e12"], "at most 100,000,000"),
    ("rings", ["solve", "rings", "--max-depth", "100"], "most allowed, 64"),
    ("rings", ["solve", "rings", "--shuffle", "x"], "not a whole number"),
    ("rings", ["solve", "rings", "--seed", "-1"], "cannot be negative"),
    ("rings", ["solve", "rings", "--state", "1/2", "--shuffle", "1"], "not allowed with"),
    ("rings", ["solve", "rings", "--json", "folder"], "it is a folder"),
    ("rings", ["solve", "rings", "--video", "frames"], "not an empty folder"),
    ("rings", ["solve", "rings", "--trace", "-", "--video", "x.gif"], "give --trace a file"),
    ("rings", ["rings", "stats"], "required: --config"),
    ("rings", ["rings", "stats", "--config", "2/18/1/2"], "--max-states lifts it"),
    ("rings", ["rings", "stats", "--config", "original"], "full BFS is offered up to"),
    ("rings", ["rings", "stats", "--config", "2/8/1/2", "--width", "0"], "at least 1"),
    ("rings", ["rings", "stats", "--config", "2/8/1/2", "--metric", "x"], "invalid choice"),
    # solve set, set play
    ("set", ["solve", "set", "--v", "1"], "at least 2"),
    ("set", ["solve", "set", "--n", "0"], "at least 1"),
    ("set", ["solve", "set", "--n", "9"], "more than this program handles"),
    ("set", ["solve", "set", "--with", "0003"], "digit above 2"),
    ("set", ["solve", "set", "--with", "0000", "--forbid", "0000"], "required and forbidden"),
    ("set", ["solve", "set", "--n", "3", "--with", "000,111,222"], "contain a SET"),
    ("set", ["solve", "set", "--json-caps", "-1"], "cannot be negative"),
    ("set", ["solve", "set", "--node-limit", "-5"], "cannot be negative"),
    ("set", ["solve", "set", "--max-events", "0"], "at least 1"),
    ("set", ["solve", "set", "--max-events", "1e12"], "most allowed"),
    ("set", ["solve", "set", "--method", "turbo"], "invalid choice"),
    ("set", ["solve", "set", "--json", "o.json", "--trace", "o.json"], "both name"),
    ("set", ["set", "play", "--v", "1"], "at least 2"),
    ("set", ["set", "play", "--record", "folder"], "it is a folder"),
    # solve cube
    ("cube", ["solve", "cube", "--puzzle", "nope"], "no cube puzzle called 'nope'"),
    ("cube", ["solve", "cube", "--puzzle", "bad.json"], "bad.json"),
    ("cube", ["solve", "cube", "--method", "stochastic", "--all"], "exact solver"),
    ("cube", ["solve", "cube", "--method", "stochastic", "--node-limit", "5"], "exact solver"),
    ("cube", ["solve", "cube", "--max-steps", "0"], "at least 1"),
    ("cube", ["solve", "cube", "--seed", "-1"], "cannot be negative"),
    ("cube", ["solve", "cube", "--trace-steps", "1e12"], "most allowed"),
    ("cube", ["solve", "cube", "--node-limit", "-1"], "cannot be negative"),
    ("cube", ["solve", "cube", "--json", "folder"], "it is a folder"),
    ("cube", ["solve", "cube", "--method", "annealing"], "invalid choice"),
    ("cube", ["solve", "cube", "--puzzle", "cube.json", "--json", "cube.json"], "the input"),
    # solve digits
    ("digits", ["solve", "digits", "--granularity", "quarter"], "invalid choice"),
    ("digits", ["solve", "digits", "--node-limit", "inf"], "not a whole number"),
    ("digits", ["solve", "digits", "--node-limit", "nan"], "not a whole number"),
    ("digits", ["solve", "digits", "--workers", "0"], "at least 1"),
    ("digits", ["solve", "digits", "--workers", "2", "--first"], "combined with --first"),
    ("digits", ["solve", "digits", "--puzzle", "missing.json"], "no such puzzle file"),
    ("digits", ["solve", "digits", "--puzzle", "bad.json"], "not valid JSON"),
    ("digits", ["solve", "digits", "--puzzle", "dig.json", "--json", "dig.json"], "the input"),
    ("digits", ["solve", "digits", "--json", "nowhere/x.json"], "does not exist"),
    ("digits", ["solve", "digits", "--trace", "folder"], "it is a folder"),
    ("quiz", ["quiz", "missing.pzt", "--answers", "puz.txt", "--json", "-"], "no such trace"),
    ("quiz", ["quiz", "bad.pzt", "--answers", "puz.txt", "--json", "-"], "not a puzzleviz"),
    ("quiz", ["quiz", "good.pzt", "--answers", "missing.txt", "--json", "-"], "missing.txt"),
    ("quiz", ["quiz", "good.pzt", "--answers", "folder", "--json", "-"], "folder"),
    ("quiz", ["quiz", "good.pzt", "--answers", "puz.txt", "--json", "-"], "2 answers for"),
    ("quiz", ["quiz", "good.pzt", "--answers", "puz.txt", "--json", "good.pzt"], "the input"),
    (
        "quiz",
        ["quiz", "good.pzt", "--answers", "puz.txt", "--json", "x.json", "--at", "99999"],
        "the trace has",
    ),
    (
        "quiz",
        ["quiz", "good.pzt", "--answers", "puz.txt", "--json", "x.json", "--every", "0"],
        "N from 1",
    ),
    ("quiz", ["quiz", "good.pzt", "--answers", "puz.txt"], "--answers needs --json"),
    ("quiz", ["quiz", "good.pzt"], "no display to open a window on"),
    ("quiz", ["quiz", "good.pzt", "--size", "0x0"], "is outside 16x16"),
    # handout
    ("handout", ["handout", "missing.pzt", "-o", "h.pdf"], "no such trace file"),
    ("handout", ["handout", "bad.pzt", "-o", "h.pdf"], "not a puzzleviz trace file"),
    ("handout", ["handout", "junk.pzt", "-o", "h.pdf"], "damaged trace file"),
    ("handout", ["handout", "good.pzt", "-o", "good.pzt"], "it is the input"),
    ("handout", ["handout", "good.pzt", "-o", "link.pzt"], "it is the input"),
    ("handout", ["handout", "good.pzt", "-o", "old.json"], "a handout is a PDF"),
    ("handout", ["handout", "good.pzt", "-o", "folder"], "it is a folder"),
    ("handout", ["handout", "good.pzt", "-o", "nowhere/h.pdf"], "does not exist"),
    ("handout", ["handout", "good.pzt", "-o", "h.pdf", "--at", "99999"], "the trace has"),
    ("handout", ["handout", "good.pzt", "-o", "h.pdf", "--every", "0"], "N from 1"),
    ("handout", ["handout", "good.pzt", "-o", "h.pdf", "--every", "x"], "not a whole number"),
    ("handout", ["handout", "good.pzt", "-o", "h.pdf", "--at", "3,x"], "not a list of step"),
    ("handout", ["handout", "good.pzt", "-o", "h.pdf", "--paper", "a5"], "invalid choice"),
    ("handout", ["handout", "good.pzt", "-o", "h.pdf", "--title", ""], "--title is empty"),
    ("handout", ["handout", "toy.pzt", "-o", "h.pdf", "--quiz"], "has no quiz judge"),
    ("handout", ["handout", "good.pzt"], "required: -o"),
    ("handout", ["handout", "-o", "h.pdf"], "required: TRACE"),
    # the command itself
    ("cli", ["frobnicate"], "invalid choice"),
    ("cli", [], "required: COMMAND"),
]


@pytest.fixture(scope="module")
def corpus_folder(tmp_path_factory) -> Path:
    """Files a user has lying about: good, damaged and odd traces and puzzles, outputs of
    earlier runs, a folder, a non-empty folder of frames, a link."""
    from puzzleviz.solvers.sudoku.parse import parse_puzzle
    from puzzleviz.solvers.sudoku.record import record
    from puzzleviz.solvers.sudoku.search import solve
    from puzzleviz.solvers.sudoku.techniques import parse_selection
    from puzzleviz.solvers.tracefile import save_trace

    folder = tmp_path_factory.mktemp("corpus")
    good = save_trace(
        record(solve(parse_puzzle(SOLVABLE), parse_selection(None))), folder / "good.pzt"
    )
    data = good.read_bytes()
    from puzzleviz.viz.cli import main

    assert main(["solve", "toy", "--trace", str(folder / "toy.pzt"), "-q"]) == 0  # no judge
    (folder / "junk.pzt").write_bytes(data + b"junk")
    (folder / "trunc.pzt").write_bytes(data[: len(data) // 2])
    flipped = bytearray(data)
    flipped[len(data) - 3] ^= 0x10
    (folder / "flipped.pzt").write_bytes(bytes(flipped))
    (folder / "empty.pzt").write_bytes(b"")
    (folder / "bad.pzt").write_text("not a trace\n")
    (folder / "link.pzt").symlink_to("good.pzt")
    (folder / "old.json").write_text('{"earlier": "run"}\n')
    (folder / "puz.txt").write_text(f"{SOLVABLE}\n{SOLVABLE}\n")
    (folder / "badline.txt").write_text(f"{SOLVABLE}\n{SOLVABLE[:80]}\n{SOLVABLE}\n")
    rows = [SUDOKU[i : i + 9] for i in range(0, 81, 9)]
    rows[6] = rows[6][:8]
    (folder / "grid.txt").write_text("\n".join(rows) + "\n")
    (folder / "bad.json").write_text("{not json")
    (folder / "cube.json").write_text('{"box": [1, 1, 2], "pieces": [{"size": [1, 1, 2]}]}')
    (folder / "dig.json").write_text('{"frame": {"width": 9, "height": 11}}')
    (folder / "folder").mkdir()
    (folder / "frames").mkdir()
    (folder / "frames" / "frame_000001.png").write_bytes(b"an earlier recording")
    return folder


def _snapshot(folder: Path) -> dict[str, tuple[int, bytes | str | None]]:
    seen: dict[str, tuple[int, bytes | str | None]] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = Path(root) / name
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                content: bytes | str | None = os.readlink(path)
            elif stat.S_ISREG(info.st_mode):
                content = path.read_bytes()
            else:
                content = None
            seen[str(path.relative_to(folder))] = (info.st_mode, content)
    return seen


def test_the_corpus_is_large_and_covers_every_command():
    assert len(CORPUS) >= 100
    commands = {a[0] if a[0] not in ("solve", "rings", "set", "trace") else " ".join(a[:2])
                for _, a, _ in CORPUS if a}  # fmt: skip
    leaves = {"play", "record", "demo", "trace info", "trace show", "trace export",
              "solve sudoku", "solve rings", "rings stats", "solve set", "set play",
              "solve cube", "solve digits"}  # fmt: skip
    assert leaves <= commands


@pytest.mark.parametrize(
    ("argv", "match"),
    [(argv, match) for _, argv, match in CORPUS],
    ids=[f"{group}-{i}" for i, (group, _, _) in enumerate(CORPUS)],
)
def test_a_bad_invocation_is_one_line_exit_2_and_changes_nothing(
    capsys, monkeypatch, corpus_folder, argv, match
):
    monkeypatch.chdir(corpus_folder)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    before = _snapshot(corpus_folder)
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, f"exit {code} for {argv}: {out}{err}"
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"{argv}: {err!r}"
    assert "Traceback" not in err and match in lines[0], f"{match!r} not in {lines[0]!r}"
    assert out == "", f"{argv} printed {out!r} before failing"
    assert _snapshot(corpus_folder) == before

"""Hostile inputs: where a command writes (see __init__.py).

One output rule (solvers.atomic.check_outputs) for every path a command writes: never an
input (by inode: a hard link or a symbolic link to it counts), never two outputs on one
path, never an existing file nobody named (a video's captions beside it replace only
captions), and a split log, which is appended to and read back, is a regular file that is
new or a split log already. The files live in o/ of the shared folder.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.reliability.hostile.case import Case

SOLVABLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
CUBE = '{"box": [1, 1, 2], "pieces": [{"size": [1, 1, 1], "count": 2}]}'
XMPUZZLE = (
    '<?xml version="1.0"?>\n<puzzle version="2"><gridType type="0"/><colors/><shapes>'
    '<voxel x="2" y="1" z="1" name="Box" type="0">##</voxel>'
    '<voxel x="1" y="1" z="1" name="Dot" type="0">#</voxel></shapes><problems>'
    '<problem name="P" state="0"><shapes><shape id="1" count="2"/></shapes><result id="0"/>'
    "<bitmap/></problem></problems></puzzle>\n"
)
LESSON = "[[slide]]\ntitle = 'x'\ntrace = 'good.pzt'\n"
INPUT = "it is the input"
A_LOG = "a split log is a regular file that is read back"


def _shipped(name: str) -> str:
    from puzzleviz.solvers.cube.files import puzzle_folder

    return str(puzzle_folder() / name)


def _export(*argv: str, match: str) -> Case:
    return Case.of("output-export", "trace", "export", "o/good.pzt", *argv, match=match)


def _record(*argv: str, match: str) -> Case:
    return Case.of("output-record", "record", "o/good.pzt", *argv, match=match)


def _solve(*argv: str, match: str) -> Case:
    return Case.of("output-solve", "solve", *argv, match=match)


# The commands that take --split-log, each with what it needs to split its search.
SPLITTERS = {
    "cube": ("solve", "cube", "--xmpuzzle", "o/cube.xmpuzzle", "--all"),
    "digits": ("solve", "digits", "--puzzle", "o/dig.json", "--granularity", "block"),
    "set": ("solve", "set", "--with", "0000"),
    "rings": ("rings", "sample", "--config", "2/8/1/2", "--count", "2"),
}


def _split_logs() -> list[Case]:
    cases = []
    for name, argv in SPLITTERS.items():
        for log, match in (
            ("/dev/null", A_LOG),
            ("/dev/full", A_LOG),
            ("/dev/zero", A_LOG),
            ("/dev/stdout", A_LOG),
            ("-", "not standard output"),
            ("o/fifo", "not a device or a pipe"),
            ("o/dir", "cannot write o/dir: it is a folder"),
            ("o/notes.txt", "o/notes.txt is not a split log: name a new file for --split-log"),
            ("o/lesson.toml", "o/lesson.toml is not a split log"),
        ):
            cases.append(Case.of(f"output-split-log-{name}", *argv, "--split-log", log,
                                 match=match))  # fmt: skip
        cases.append(Case.of(f"output-split-log-{name}", *argv, "--split-log", "o/new.log",
                             "--json", "o/new.log", match="both name o/new.log"))  # fmt: skip
    cases += [
        Case.of("output-split-log-cube", *SPLITTERS["cube"], "--split-log", "o/cube.xmpuzzle",
                match=INPUT),
        Case.of("output-split-log-cube", *SPLITTERS["cube"], "--split-log",
                "o/link-cube.xmpuzzle", match=INPUT),
        Case.of("output-split-log-digits", *SPLITTERS["digits"], "--split-log", "o/dig.json",
                match=INPUT),
        Case.of("output-split-log-cube", *SPLITTERS["cube"], "--split-log", "o/other.log",
                match="o/other.log is the log of another search"),
        Case.of("output-split-log-cube", *SPLITTERS["cube"], "--split-log", "o/damaged.log",
                match="o/damaged.log:2: a damaged line (not JSON)"),
        Case.of("output-split-log-cube", *SPLITTERS["cube"], "--split-log", "o/version.log",
                match="a split log of another version (99)"),
        Case.of("output-split-log-cube", *SPLITTERS["cube"], "--split-log", "o/row.log",
                match="o/row.log:2: not a line of a split log"),
        Case.of("output-split-log-cube", *SPLITTERS["cube"], "--split-log", "o/x.log",
                "--trace", "o/x.pzt", match="--split-log cannot be combined with --trace"),
    ]  # fmt: skip
    return cases


def _cases() -> list[Case]:
    cases = [
        _export("--json", "o/link-good.json", match=INPUT),
        _export("--json", "o/hard.json", match=INPUT),
        _export("--json", "o/good.pzt", match=INPUT),
        _export("--json", "/dev/full", match="cannot write /dev/full: no space left"),
        _export("--json", "/dev/nul", match="cannot write /dev/nul: no such device"),
        _export("--json", "o/dir", match="it is a folder"),
        _export("--json", "o/link-dir", match="it is a folder"),
        _export("--json", "o/nowhere/x.json", match="folder o/nowhere does not exist"),
        _export("--json", "o/good.pzt/x.json", match="a part of the path is not a folder"),
        _export("--json", "o/dangling.json", match="does not exist"),
        Case.of("output-export", "trace", "export", "o/link-good.json", "--json", "o/good.pzt",
                match=INPUT),
        _record("-o", "o/link-good.mp4", match=INPUT),
        _record("-o", "o/link-good.gif", match=INPUT),
        _record("-o", "o/hard.mp4", match=INPUT),
        _record("-o", "o/notes.mp4",
                match="o/notes.vtt exists and is not a WebVTT captions file written here"),
        _record("-o", "o/vttlink.mp4", match="cannot write o/vttlink.vtt: it is the input"),
        _record("-o", "o/vttdir.mp4", match="cannot write o/vttdir.vtt: it is a folder"),
        _record("-o", "o/fifo.mp4", match="a pipe cannot go back"),
        _record("-o", "/dev/null.mp4", match="no such device"),
        _record("-o", "o/good.pzt", match="cannot record to .pzt files"),
        _record("-o", "o/frames", match="exists and is not an empty folder"),
        _record("-o", "-", match="cannot record to standard output"),
        Case.of("output-record", "record", "o/good.pzt", "o/good2.pzt", "-o",
                "o/link-good2.gif", match=INPUT),
        Case.of("output-record", "record", "o/link-good.json", "-o", "o/hard.mp4", match=INPUT),
        _solve("sudoku", "o/puz.txt", "--json", "o/link-puz.json", match=INPUT),
        _solve("sudoku", "o/puz.txt", "--trace", "o/link-puz.json", match=INPUT),
        _solve("sudoku", "o/puz.txt", "--json", "o/puz.txt", match=INPUT),
        _solve("sudoku", "o/puz.txt", "--video", "o/link-puz.mp4", match=INPUT),
        _solve("sudoku", SOLVABLE, "--json", "o/x.json", "--trace", "o/x.json",
               match="--json and --trace both name o/x.json"),
        _solve("sudoku", SOLVABLE, "--json", "o/x.json", "--trace", "o/alias.json",
               match="--json and --trace both name o/alias.json"),
        _solve("sudoku", SOLVABLE, "--json", "-", "--trace", "-", match="both name -"),
        _solve("sudoku", SOLVABLE, "--trace", "o/t.pzt", "--video", "o/t.pzt",
               match="cannot record to .pzt files"),
        _solve("queens", "--json", "o/dir", match="it is a folder"),
        _solve("queens", "--trace", "/dev/nul", match="no such device"),
        _solve("cube", "--xmpuzzle", "o/cube.xmpuzzle", "--write-solutions", "o/cube.xmpuzzle",
               match=INPUT),
        _solve("cube", "--xmpuzzle", "o/cube.xmpuzzle", "--write-solutions",
               "o/link-cube.xmpuzzle", match=INPUT),
        _solve("cube", "--xmpuzzle", "soma", "--write-solutions", _shipped("soma.xmpuzzle"),
               match=INPUT),
        _solve("cube", "--puzzle", "fakocka", "--json", _shipped("fakocka.json"), match=INPUT),
        _solve("cube", "--puzzle", "o/cube.json", "--assembly", "o/cube.json", match=INPUT),
        _solve("cube", "--puzzle", "o/cube.json", "--json", "o/link-cube.json", match=INPUT),
        _solve("cube", "--puzzle", "o/cube.json", "--write-solutions", "o/w.xmpuzzle",
               "--json", "o/w.xmpuzzle", match="both name o/w.xmpuzzle"),
        _solve("digits", "--puzzle", "o/dig.json", "--json", "o/dig.json", match=INPUT),
        _solve("digits", "--puzzle", "o/dig.json", "--trace", "o/link-dig.pzt", match=INPUT),
        _solve("set", "--json", "o/x.json", "--trace", "o/alias.json", match="both name"),
        _solve("rings", "--json", "o/x.json", "--trace", "o/x.json", match="both name"),
        Case.of("output-rings", "rings", "stats", "--config", "2/8/1/2", "--json", "o/dir",
                match="it is a folder"),
        Case.of("output-set", "set", "play", "--record", "o/dir", match="it is a folder"),
        Case.of("output-present", "present", "o/lesson.toml", "-o", "o/link-lesson.mp4",
                match=INPUT),
        Case.of("output-present", "present", "o/lesson.toml", "-o", "o/link-good.mp4",
                match=INPUT),
        Case.of("output-present", "present", "o/lesson.toml", "-o", "o/notes.mp4",
                match="o/notes.vtt exists and is not a WebVTT captions file"),
        Case.of("output-demo", "demo", "-o", "o/notes.mp4",
                match="o/notes.vtt exists and is not a WebVTT captions file"),
        Case.of("output-demo", "demo", "-o", "o/frames", match="not an empty folder"),
        Case.of("output-demo", "demo", "-o", "/dev/null", match="not a folder"),
    ]  # fmt: skip
    return cases + _split_logs()


def _trace(path: Path) -> None:
    from puzzleviz.solvers.sudoku.parse import parse_puzzle
    from puzzleviz.solvers.sudoku.record import record
    from puzzleviz.solvers.sudoku.search import solve
    from puzzleviz.solvers.sudoku.techniques import parse_selection
    from puzzleviz.solvers.tracefile import save_trace

    save_trace(record(solve(parse_puzzle(SOLVABLE), parse_selection(None))), path)


def _real_log(here: Path) -> list[str]:
    """The lines of a split log of the cube search the split-log cases run."""
    from puzzleviz.viz.cli import main

    log = here / "real.log"
    assert main(["solve", "cube", "--xmpuzzle", str(here / "cube.xmpuzzle"), "--all",
                 "--split-log", str(log), "-q"]) == 0  # fmt: skip
    lines = log.read_text().splitlines()
    log.unlink()
    return lines


def _logs(here: Path) -> None:
    header, *parts = _real_log(here)
    first = parts[0] if parts else '{"key":[0],"nodes":1,"cpu_s":0.0,"data":{}}'
    (here / "damaged.log").write_text("\n".join([header, first[: len(first) // 2], first, ""]))
    (here / "row.log").write_text("\n".join([header, "[1, 2, 3]", ""]))
    other = json.loads(header)
    other["job"]["problem"]["puzzle"]["box"] = [9, 9, 9]
    (here / "other.log").write_text(json.dumps(other, separators=(",", ":")) + "\n")
    version = dict(json.loads(header), split_log=99)
    (here / "version.log").write_text(json.dumps(version, separators=(",", ":")) + "\n")


def make_files(folder: Path) -> None:
    """The files this area's cases use, made in the shared corpus folder."""
    here = folder / "o"
    here.mkdir()
    _trace(here / "good.pzt")
    (here / "good2.pzt").write_bytes((here / "good.pzt").read_bytes())
    (here / "puz.txt").write_text(SOLVABLE + "\n")
    (here / "cube.json").write_text(CUBE)
    (here / "cube.xmpuzzle").write_text(XMPUZZLE)
    (here / "dig.json").write_text('{"frame": {"width": 9, "height": 11}}')
    (here / "lesson.toml").write_text(LESSON)
    (here / "notes.txt").write_text("a teacher's notes\n")
    (here / "notes.vtt").write_text("my own captions, not WebVTT\n")
    (here / "vttdir.vtt").mkdir()
    (here / "dir").mkdir()
    (here / "frames").mkdir()
    (here / "frames" / "frame_000001.png").write_bytes(b"an earlier recording")
    os.mkfifo(here / "fifo")
    os.mkfifo(here / "fifo.mp4")
    for name in ("hard.json", "hard.mp4"):
        os.link(here / "good.pzt", here / name)
    links = {
        "link-good.json": "good.pzt", "link-good.mp4": "good.pzt", "link-good.gif": "good.pzt",
        "link-good2.gif": "good2.pzt", "link-puz.json": "puz.txt", "link-puz.mp4": "puz.txt",
        "link-cube.xmpuzzle": "cube.xmpuzzle", "link-cube.json": "cube.json",
        "link-dig.pzt": "dig.json", "link-lesson.mp4": "lesson.toml", "vttlink.vtt": "good.pzt",
        "alias.json": "x.json", "link-dir": "dir", "dangling.json": "nowhere/x.json",
    }  # fmt: skip
    for name, target in links.items():
        (here / name).symlink_to(target)
    _logs(here)


CASES: list[Case] = _cases()

"""Hostile inputs: lesson files (see __init__.py).

A lesson is a description, not a command line (viz.lesson): it reads only files in its own
folder, its `solve` may set only options that write nothing, start no processes and reach
no network (whole option names, the puzzle's own types and bounds), its paces are checked
as the command line checks them, and its recording never replaces the lesson or a file it
reads. The lessons live in l/ of the shared folder, the files "outside" them in lx/.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.reliability.hostile.case import Case

LARGE = "../hostile-large-inputs"  # beside the shared folder (as in puzzles.py)
SOLVABLE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OUTSIDE = "a lesson reads only files in its own folder (present --allow-outside lifts this)"
WRITES = "writes a file, and a lesson writes nothing but its own recording"


def _solve(solve: str) -> str:
    return f"[[slide]]\ntitle = 'A solve'\nsolve = {solve!r}\n"


def _trace(name: str, extra: str = "") -> str:
    return f"[[slide]]\ntitle = 'A trace'\ntrace = {name!r}\n{extra}"


# (file name in l/, its text, what the one line says, options after `present l/NAME`)
LESSONS: list[tuple[str, str | bytes, str, tuple[str, ...]]] = [
    # the solve may not act for the presenter
    ("json.toml", _solve("set --v 3 --n 2 --json /tmp/any-path"), f"--json {WRITES}", ()),
    ("json-list.toml", "[[slide]]\ntitle = 'x'\nsolve = ['set', '--json=x.json']\n",
     f"--json {WRITES}", ()),
    ("vid.toml", _solve("rings --vid a.mp4"), "unrecognized arguments: --vid", ()),
    ("jso.toml", _solve("set --jso x.json"), "unrecognized arguments: --jso", ()),
    ("video.toml", _solve("rings --video=a.mp4"), "--video is the lesson's to set", ()),
    ("trace.toml", _solve("rings --trace t.pzt"), "--trace is the lesson's to set", ()),
    ("play.toml", _solve("queens --play"), "--play is the lesson's to set", ()),
    ("workers.toml", _solve("cube --all --workers 2"), "--workers starts worker processes", ()),
    ("scheduler.toml", _solve("digits --scheduler 10.1.2.3:8786"),
     "--scheduler reaches a cluster over the network", ()),
    ("splitlog.toml", _solve("set --split-log parts.log"), "--split-log writes a log file", ()),
    ("solutions.toml", _solve("cube --write-solutions out.xmpuzzle"),
     f"--write-solutions {WRITES}", ()),
    ("assembly.toml", _solve("cube --assembly a.pzt"), f"--assembly {WRITES}", ()),
    ("help.toml", _solve("queens -h"), "-h/--help is not for a lesson", ()),
    ("longhelp.toml", _solve("sudoku --help"), "-h/--help is not for a lesson", ()),
    ("rings-json.toml", _solve("rings --scramble 3 --json out.json"), f"--json {WRITES}", ()),
    # ... and reads only its own folder
    ("etc.toml", _solve("sudoku /etc/hostname"), f"'/etc/hostname': {OUTSIDE}", ()),
    ("up.toml", _solve("sudoku ../lx/puz.txt"), f"'../lx/puz.txt': {OUTSIDE}", ()),
    ("linked.toml", _solve("sudoku link-out.txt"), f"'link-out.txt': {OUTSIDE}", ()),
    ("passwd.toml", _solve("cube --puzzle /etc/passwd"), OUTSIDE, ()),
    ("xm.toml", _solve("cube --xmpuzzle=../lx/puz.txt"), OUTSIDE, ()),
    ("digits.toml", _solve("digits --puzzle ../lx/dig.json"), OUTSIDE, ()),
    ("trace-up.toml", _trace("../lx/out.pzt"), f"'trace' '../lx/out.pzt': {OUTSIDE}", ()),
    ("trace-etc.toml", _trace("/etc/hostname"), OUTSIDE, ()),
    ("trace-link.toml", _trace("link-out.pzt"), OUTSIDE, ()),
    ("trace-dev.toml", _trace("/dev/zero"), OUTSIDE, ()),
    ("trace-missing.toml", _trace("missing.pzt"), "slide 1: 'trace': ", ()),
    # its solve is checked as the command line checks it
    ("queens0.toml", _solve("queens --n 0"), "argument --n: 0: a board has at least 1 row", ()),
    ("depth.toml", _solve("rings --max-depth 100"), "100 is more than the most allowed, 64", ()),
    ("setv.toml", _solve("set --v 1"), "argument --v: 1: it must be at least 2", ()),
    ("scramble.toml", _solve("rings --scramble 1e12"), "more than the most allowed, 10,000", ()),
    ("lang.toml", _solve("queens --lang xx"), "argument --lang", ()),
    ("extra.toml", _solve("queens --n 8 surplus"), "unrecognized arguments: surplus", ()),
    ("nodes.toml", _solve("sudoku --max-nodes 5"), "unrecognized arguments: --max-nodes", ()),
    ("method.toml", _solve("rings --method magic"), "argument --method: invalid choice", ()),
    ("chess.toml", _solve("chess --fast"), "'solve' starts with a puzzle: one of", ()),
    ("blank.toml", _solve(""), "'solve' starts with a puzzle", ()),
    ("quote.toml", _solve("rings --config '2/8"), "No closing quotation", ()),
    ("number.toml", "[[slide]]\ntitle = 'x'\nsolve = 5\n", "'solve' must be text", ()),
    ("mixed.toml", "[[slide]]\ntitle = 'x'\nsolve = ['rings', 5]\n", "'solve' must be text", ()),
    # its paces, as the command line's
    ("slow.toml", _trace("t.pzt", "speed = 1e-300\n"), "more than a million hours",
     ("-o", "l/out.mp4")),
    ("fast.toml", _trace("t.pzt", "speed = 1e9\n"), "is more than 1,000,000", ()),
    ("zero.toml", _trace("t.pzt", "speed = 0\n"), "0 is not positive", ()),
    ("negative.toml", _trace("t.pzt", "speed = -1\n"), "-1 is not positive", ()),
    ("nan.toml", _trace("t.pzt", "speed = nan\n"), "nan is not a finite number", ()),
    ("inf.toml", _trace("t.pzt", "seconds = inf\n"), "inf is not a finite number", ()),
    ("text.toml", _trace("t.pzt", "speed = 'fast'\n"), "'speed' must be a number", ()),
    ("bool.toml", _trace("t.pzt", "seconds = true\n"), "'seconds' must be a number", ()),
    ("day.toml", _trace("t.pzt", "seconds = 1e12\n"), "is more than 86,400", ()),
    ("level.toml", _trace("t.pzt", "level = 'warp'\n"), "'level' must be one of", ()),
    ("pause.toml", _trace("t.pzt", "pause_at = [true]\n"), "'pause_at' takes milestone", ()),
    ("pause-neg.toml", _trace("t.pzt", "pause_at = [-3]\n"), "steps count from 1", ()),
    ("pause-table.toml", _trace("t.pzt", "pause_at = [{a = 1}]\n"), "'pause_at' takes", ()),
    # the file itself
    ("untitled.toml", "[[slide]]\ntrace = 't.pzt'\n", "slide 1: 'title' is missing", ()),
    ("title.toml", "[[slide]]\ntitle = 5\n", "'title' must be text, not 5", ()),
    ("key.toml", "[[slide]]\ntitle = 'x'\nscript = 'rm -rf /'\n", "unknown key 'script'", ()),
    ("top.toml", "run = 'x'\n[[slide]]\ntitle = 'x'\n", "unknown key 'run' (a lesson has", ()),
    ("notes.toml", "[[slide]]\ntitle = 'x'\nnotes = [1]\n", "'notes' must be text", ()),
    ("auto.toml", "autoplay = 'yes'\n[[slide]]\ntitle = 'x'\n", "'autoplay' must be true", ()),
    ("noslides.toml", "title = 'Nothing'\n", "no slides", ()),
    ("slidenum.toml", "slide = 5\n", "no slides", ()),
    ("slidelist.toml", "slide = [1, 2]\n", "a slide is a [[slide]] table", ()),
    ("cards.toml", "[[slide]]\ntitle = 'x'\n", "no slide shows a trace", ()),
    ("both.toml", _trace("t.pzt", "demo = 'queens'\n"), "give one of trace, solve or demo", ()),
    ("demo.toml", "[[slide]]\ntitle = 'x'\ndemo = 'chess'\n", "no puzzle has that demo", ()),
    ("demonum.toml", "[[slide]]\ntitle = 'x'\ndemo = 5\n", "'demo' must be text", ()),
    ("many.toml", "[[slide]]\ndemo = 'all'\n" * 40, "more than 200 slides", ()),
    ("deep.toml", "x = " + "[" * 20_000 + "]" * 20_000, "nested too deeply to be a lesson", ()),
    ("deeptable.toml", "x = " + "{a = " * 5_000 + "1" + "}" * 5_000, "nested too deeply", ()),
    ("syntax.toml", "[[slide]\ntitle = 'x'\n", "not a valid TOML file", ()),
    ("binary.toml", b"\xff\xfe[[slide]]", "not a text file", ()),
    ("empty.toml", "", "no slides", ()),
    # where its recording goes
    ("good.toml", _trace("t.pzt"), "it is the input", ("-o", "l/link-lesson.mp4")),
    ("good2.toml", _trace("t.pzt"), "it is the input", ("-o", "l/link-trace.mp4")),
    ("good3.toml", _trace("t.pzt"), "l/notes.vtt exists and is not a WebVTT",
     ("-o", "l/notes.mp4")),
    ("good4.toml", _trace("t.pzt"), "cannot record to .avi files", ("-o", "l/out.avi")),
    ("good5.toml", _trace("t.pzt"), "cannot record to .toml files", ("-o", "l/good5.toml")),
    # a solve that fails when it runs (in the lesson's folder, on the lesson's own files)
    ("conflict.toml", _solve("sudoku 11" + "." * 79), "'solve' failed: conflicting givens",
     ("-o", "l/out.mp4")),
    ("fifo-solve.toml", _solve("cube --puzzle fifo.json"), "'solve' failed: fifo.json: is a pipe",
     ("-o", "l/out.mp4")),
    ("technique.toml", _solve(f"sudoku {SOLVABLE} --techniques magic"),
     "'solve' failed: unknown technique", ("-o", "l/out.mp4")),
]  # fmt: skip


def _cases() -> list[Case]:
    cases = [Case.of("lesson-file", "present", f"l/{name}", *extra, match=match, timeout=60.0)
             for name, _, match, extra in LESSONS]  # fmt: skip
    cases += [
        Case.of("lesson-kind", "present", "/dev/zero", match="/dev/zero: is a device"),
        Case.of("lesson-kind", "present", "l/fifo.toml", match="is a pipe (FIFO)"),
        Case.of("lesson-kind", "present", "l/folder.toml", match="is a folder, not a lesson"),
        Case.of("lesson-kind", "present", "l/missing.toml", match="no such lesson file"),
        Case.of("lesson-kind", "present", f"{LARGE}/big.toml",
                match="more than a lesson file may have (1 MB)"),
        Case.of("lesson-outside", "present", "l/trace-up.toml", "--allow-outside",
                "--allow-outsid", match="unrecognized arguments: --allow-outsid"),
        Case.of("lesson-outside", "present", "l/trace-bad.toml", "--allow-outside",
                match="slide 1: 'trace': "),
    ]  # fmt: skip
    return cases


def _write_trace(path: Path) -> None:
    from puzzleviz.solvers.sudoku.parse import parse_puzzle
    from puzzleviz.solvers.sudoku.record import record
    from puzzleviz.solvers.sudoku.search import solve
    from puzzleviz.solvers.sudoku.techniques import parse_selection
    from puzzleviz.solvers.tracefile import save_trace

    save_trace(record(solve(parse_puzzle(SOLVABLE), parse_selection(None))), path)


def make_files(folder: Path) -> None:
    """The files this area's cases use, made in the shared corpus folder."""
    here, outside = folder / "l", folder / "lx"
    here.mkdir()
    outside.mkdir()
    _write_trace(here / "t.pzt")
    (outside / "out.pzt").write_bytes((here / "t.pzt").read_bytes())
    (outside / "bad.pzt").write_bytes(b"not a trace at all")
    (outside / "puz.txt").write_text(SOLVABLE + "\n")
    (outside / "dig.json").write_text('{"frame": {"width": 9, "height": 11}}')
    for name, text, _, _ in LESSONS:
        (here / name).write_bytes(text if isinstance(text, bytes) else text.encode())
    (here / "trace-bad.toml").write_text(_trace("../lx/bad.pzt"))
    (here / "notes.vtt").write_text("the teacher's own notes\n")
    (here / "folder.toml").mkdir()
    os.mkfifo(here / "fifo.toml")
    os.mkfifo(here / "fifo.json")
    links = {"link-out.pzt": "../lx/out.pzt", "link-out.txt": "../lx/puz.txt",
             "link-lesson.mp4": "good.toml", "link-trace.mp4": "t.pzt"}  # fmt: skip
    for name, target in links.items():
        (here / name).symlink_to(target)
    large = (folder / LARGE).resolve()
    large.mkdir(exist_ok=True)
    with (large / "big.toml").open("wb") as out:
        out.truncate((1 << 20) + 1)  # sparse: refused by its size before a byte is read


CASES: list[Case] = _cases()

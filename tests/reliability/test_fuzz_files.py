"""Fuzzing the files people share (issue 31): BurrTools puzzles and lessons crafted as an
attacker would, well-formed enough to pass the first checks (valid XML and gzip, valid
TOML) with hostile contents. Whatever the file, the answer is a puzzle (a lesson) or one
line naming what is wrong; and a lesson that is accepted never sets an option that
writes, starts processes or reaches the network, nor reads outside its folder."""

from __future__ import annotations

import gzip
import shlex

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.tracefile import save_trace
from puzzleviz.viz.lesson import REFUSED, LessonError, load_lesson

from tests.viz.test_player import make_trace

HOSTILE_SIZES = st.sampled_from([-3, -1, 0, 17, 64, 65, 200, 10**6, 2**63])
# A valid puzzle (a box of unit cubes and a domino count) that each example then attacks in
# a few places, so that files reach every check, the deep ones included.
MUTATIONS = {
    "size": lambda d: d["R"].update(x=str(d["draw"](HOSTILE_SIZES))),
    "text": lambda d: d["R"].update(
        text=d["draw"](st.text(st.sampled_from("#_+ 12\n"), max_size=60))
    ),
    "type": lambda d: d["R"].update(type=d["draw"](st.sampled_from(["1", "2", "x"]))),
    "hot": lambda d: d["R"].update(hx=d["draw"](st.sampled_from(["-9", "x", str(10**20)]))),
    "count": lambda d: d["P"].update(count=str(d["draw"](st.sampled_from([0, -1, 10**12, 3])))),
    "range": lambda d: d["P"].update(
        min=str(d["draw"](st.integers(-1, 5))),
        max=str(d["draw"](st.sampled_from([0, 2, 10**6]))),
        count=None,
    ),
    "id": lambda d: d["P"].update(id=str(d["draw"](st.integers(-2, 4)))),
    "result": lambda d: d.update(result=str(d["draw"](st.integers(-2, 4)))),
    "version": lambda d: d.update(version=d["draw"](st.sampled_from(["1", "3", ""]))),
    "grid": lambda d: d.update(grid=d["draw"](st.sampled_from(["1", "2", "x"]))),
    "holes": lambda d: d.update(extra=' maxHoles="1"'),
    "colours": lambda d: d.update(bitmap="<bitmap><color min='1' max='1'/></bitmap>"),
    "gzip": lambda d: d.update(pack=d["draw"](st.sampled_from(["gzip", "cut", "trailing"]))),
}


def _element(tag: str, attrs: dict[str, str | None]) -> str:
    text = attrs.get("text") or ""
    shown = " ".join(f'{k}="{v}"' for k, v in attrs.items() if v is not None and k != "text")
    return f"<{tag} {shown}>{text}</{tag}>"


@st.composite
def xmpuzzle(draw) -> bytes:
    x, y, z = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 2))
    box = {"x": str(x), "y": str(y), "z": str(z), "type": "0", "text": "#" * (x * y * z)}
    doc: dict = {"draw": draw, "result": "0", "version": "2", "grid": "0", "extra": "",
                 "bitmap": "<bitmap/>", "pack": draw(st.sampled_from(["plain", "gzip"])),
                 "R": box, "P": {"id": "1", "count": str(x * y * z)}}  # fmt: skip
    for name in draw(st.lists(st.sampled_from(sorted(MUTATIONS)), max_size=2, unique=True)):
        MUTATIONS[name](doc)
    dot = '<voxel x="1" y="1" z="1" type="0">#</voxel>'
    text = (
        f'<?xml version="1.0"?><puzzle version="{doc["version"]}"><gridType type="{doc["grid"]}"/>'
        f'<shapes>{_element("voxel", doc["R"])}{dot}</shapes><problems><problem name="P"'
        f"{doc['extra']}><shapes>{_element('shape', doc['P'])}</shapes>"
        f'<result id="{doc["result"]}"/>{doc["bitmap"]}</problem></problems></puzzle>'
    ).encode()
    packed = gzip.compress(text, mtime=0)
    return {"plain": text, "gzip": packed, "cut": packed[: len(packed) // 2],
            "trailing": packed + b"x"}[doc["pack"]]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(xmpuzzle())
def test_a_crafted_burrtools_file_is_puzzles_or_one_line(tmp_path_factory, data):
    from puzzleviz.solvers.cube.xmpuzzle import load_xmpuzzle_variants

    path = tmp_path_factory.mktemp("xm") / "crafted.xmpuzzle"
    path.write_bytes(data)
    try:
        variants = load_xmpuzzle_variants(path)
    except PuzzleInputError as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert variants and all(max(p.box) <= 16 and p.n_cells <= 16**3 for p, _ in variants)


# what a hostile lesson's solve may try: options that write, spawn or connect, and paths
SOLVE_WORDS = ["--json", "--json=x.json", "--trace", "--video", "--vid", "--play", "--workers",
               "--scheduler", "--split-log", "--write-solutions", "--assembly", "--puzzle",
               "--xmpuzzle", "-q", "--seed", "--max-nodes", "--n", "--all", "--lang", "-h",
               "2", "0", "x.json", "/etc/hostname", "../outside.txt", "puz.txt", "de",
               "127.0.0.1:8786", "--with", "0000", "--techniques", "singles",
               "fakocka"]  # fmt: skip
TRACES = ["t.pzt", "../outside.pzt", "/etc/hostname", "link.pzt"]
PACES = ["", "speed = 1e-300", "speed = 2", "seconds = 1e9", "speed = nan", "level = 'step'",
         "pause_at = [0]"]  # fmt: skip
PUZZLES = ["queens", "sudoku", "cube", "set", "rings", "digits", "chess"]


@st.composite
def lesson_text(draw) -> str:
    slides = []
    for _ in range(draw(st.integers(1, 3))):
        words = [draw(st.sampled_from(PUZZLES)), *draw(st.lists(st.sampled_from(SOLVE_WORDS),
                                                                max_size=6))]  # fmt: skip
        source = draw(st.sampled_from([
            f"solve = {shlex.join(words)!r}",
            f"solve = {words!r}",
            f"trace = {draw(st.sampled_from(TRACES))!r}",
            f"demo = {draw(st.sampled_from(['queens', 'all', 'chess']))!r}",
            "",
        ]))  # fmt: skip
        pace = draw(st.sampled_from(PACES))
        slides.append(f"[[slide]]\ntitle = 'T'\n{source}\n{pace}\n")
    return "".join(slides)


WRITES_OR_SPAWNS = {"--" + dest.replace("_", "-") for dest in REFUSED} | {
    "--write-solutions", "--assembly", "-h", "--help"}  # fmt: skip


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lesson_text())
def test_a_crafted_lesson_is_safe_or_one_line(tmp_path_factory, toy_scene, text):
    root = tmp_path_factory.mktemp("lessons")
    folder = root / "lesson"
    folder.mkdir()
    save_trace(make_trace(n_steps=2, per_step=1)[0], folder / "t.pzt")
    save_trace(make_trace(n_steps=2, per_step=1)[0], root / "outside.pzt")
    (root / "outside.txt").write_text("keep out\n")
    (folder / "link.pzt").symlink_to(root / "outside.pzt")
    path = folder / "lesson.toml"
    path.write_text(text)
    try:
        lesson = load_lesson(path)
    except LessonError as exc:
        assert str(exc).startswith(str(path)) and "\n" not in str(exc)
        return
    for slide in lesson.slides:
        options = {arg.split("=")[0] for arg in slide.solve}
        assert not options & WRITES_OR_SPAWNS, slide.solve
        assert "/etc/hostname" not in slide.solve and "../outside.txt" not in slide.solve
    assert all(p.resolve().is_relative_to(folder) for p in lesson.inputs), lesson.inputs


@pytest.mark.parametrize("solve", ["set --v 3 --n 2 --json /any/path", "rings --vid a.mp4"])
def test_the_two_lessons_of_the_issue_are_refused(tmp_path, solve):
    path = tmp_path / "lesson.toml"
    path.write_text(f"[[slide]]\ntitle = 'x'\nsolve = {solve!r}\n")
    with pytest.raises(LessonError, match="'solve'"):
        load_lesson(path)

"""`puzzleviz export TRACE --quiz` and `puzzleviz quiz TRACE --html OUT`: what the page is
given (every answer judged, the hints, where a click names which move), and the errors,
each one line before any work."""

from __future__ import annotations

import base64
import json
import re
import struct
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.queens.judge import QueensJudge
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.compose import make_view
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.web import quiz_map
from puzzleviz.viz.web.encode import members
from puzzleviz.viz.web.frames import FrameSource
from puzzleviz.viz.web.languages import in_language
from puzzleviz.viz.web.quiz_map import GRID, sample_hits
from puzzleviz.viz.web.quiz_page import quiz_header

from tests.cli.helpers import assert_one_line_error, run_cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "sudoku.pzt"


@pytest.fixture(scope="module")
def queens8(tmp_path_factory) -> Path:
    from puzzleviz.viz.cli import main

    path = tmp_path_factory.mktemp("queens") / "q8.pzt"
    assert main(["solve", "queens", "--n", "8", "--trace", str(path), "-q"]) == 0
    return path


def page_header(html: str) -> dict[str, Any]:
    """The first payload's header, as the page decodes it (viz.web.encode.pack)."""
    found = re.search(r'id="payload">([^<]*)<', html)
    assert found is not None
    first = members(base64.b64decode(found[1]))[0]
    (length,) = struct.unpack_from("<I", first, 4)
    header: dict[str, Any] = json.loads(first[8 : 8 + length])
    return header


def test_every_answer_is_judged_in_every_language(queens8):
    """What the page is given: the judge's verdict on every answer, its hints and reasons
    in each language, a hit map for each (shared where they agree)."""
    trace = load_trace(queens8)
    judge = QueensJudge(trace)
    sources = {}
    for code in ("en", "hu", "de", "ja"):
        with in_language(code):
            sources[code] = FrameSource(trace, (640, 360))
    quiz = quiz_header(trace, judge, [2, 0], sources)
    assert [q["step"] for q in quiz["questions"]] == [0, 2]
    for q in quiz["questions"]:
        answers = quiz["answerLists"][q["answers"]]
        assert answers == judge.answers(q["step"]) and q["recorded"] == judge.recorded(q["step"])
        for k, answer in enumerate(answers):
            verdict = judge.judge(q["step"], answer)
            kind = {"right": "r", "right-but-different": "d"}.get(verdict.kind, "w")
            assert q["kinds"][k] == kind
            for code, words in quiz["words"].items():
                assert words["reasons"][q["reasons"][k]] == render(verdict.reason, code)
        assert len(q["hints"]) == len(judge.hints(q["step"]))
        assert len(q["maps"]) == 4
    reasons = quiz["words"]["de"]["reasons"]
    assert reasons != quiz["words"]["en"]["reasons"], "the reasons are translated"
    assert quiz["fonts"], "the Japanese words bring their glyphs"


def test_quiz_html_writes_the_quiz_page(capsys, tmp_path):
    trace, out = tmp_path / "q4.pzt", tmp_path / "quiz.html"
    assert run_cli(capsys, "solve", "queens", "--n", "4", "--trace", str(trace), "-q")[0] == 0
    code, _out, err = run_cli(capsys, "quiz", str(trace), "--at", "1,2", "--html", str(out),
                              "--size", "320x180")  # fmt: skip
    assert code == 0, err
    quiz = page_header(out.read_text())["quiz"]
    judge = QueensJudge(load_trace(trace))
    assert [q["recorded"] for q in quiz["questions"]] == [judge.recorded(0), judge.recorded(1)]
    assert set(quiz["words"]) == {"en", "hu", "de", "ja"}


@pytest.mark.parametrize("kind", ["queens", "sudoku"])
def test_the_hit_map_names_what_the_scene_names(kind, queens8):
    """At every 4th pixel of the stage, the sampled map names what the scene's quiz_answer
    names, but within a pixel of an edge, for both buttons."""
    trace = load_trace(queens8 if kind == "queens" else EXAMPLE)
    source = FrameSource(trace, (1280, 720))
    source.player.seek(int(trace.step_range(2)[0]))
    frame = source.player.frame()
    view, _layout = make_view(source.look, (1280, 720), frame)
    scene = source.look.scene

    def answer(x: float, y: float, button: int) -> str | None:
        return scene.quiz_answer(frame, view, x, y, button)

    hits = sample_hits(answer, view.stage, view.scale)
    stage = view.stage
    disagree = checked = 0
    for y in np.arange(stage.y + 1.5, stage.y + stage.h, 4.0):
        for x in np.arange(stage.x + 1.5, stage.x + stage.w, 4.0):
            for button in (1, 3):
                truth = answer(float(x), float(y), button)
                checked += 1
                if hits.at(float(x), float(y), button) != truth:
                    near_edge = any(answer(float(x) + dx, float(y) + dy, button) != truth
                                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))  # fmt: skip
                    assert near_edge, f"({x}, {y}) button {button}: not {truth!r}"
                    disagree += 1
    assert len(hits.names) >= 64 and disagree < checked / 100


@pytest.mark.parametrize("lines", [True, False])
def test_a_round_shape_is_sampled_to_within_a_grid_cell(lines, monkeypatch):
    """A ring, by the cells between the edge lines or (where they would be too many) by
    each grid cell's own edges: every point further than GRID from its rims names what the
    shape names, with either button."""
    if not lines:
        monkeypatch.setattr(quiz_map, "LINES_BUDGET", 0)
    area, cx, cy, r = Rect(0, 0, 400, 300), 200.0, 150.0, 97.3

    def ring(x: float, y: float, button: int) -> str | None:
        inside = 60.0**2 <= (x - cx) ** 2 + (y - cy) ** 2 <= r**2
        return None if not inside else "ring 1" if button == 1 else "ring 1 right"

    hits = sample_hits(ring, area)
    for y in np.arange(0.5, 300, 5.0):
        for x in np.arange(0.5, 400, 5.0):
            d = float(np.hypot(x - cx, y - cy))
            if min(abs(d - r), abs(d - 60.0)) > GRID:
                for button in (1, 3):
                    assert hits.at(float(x), float(y), button) == ring(float(x), float(y), button)


def test_steps_without_quiz_are_refused(capsys, tmp_path, queens8):
    out = tmp_path / "page.html"
    assert_one_line_error(capsys, "export", str(queens8), "--every", "2", "-o", str(out),
                          match="--every and --at choose a quiz's questions")  # fmt: skip
    assert not out.exists()


def test_a_quiz_asks_about_one_trace(capsys, tmp_path, queens8):
    out = tmp_path / "page.html"
    assert_one_line_error(capsys, "export", str(queens8), str(queens8), "--quiz", "-o", str(out),
                          match="--quiz asks about one trace")  # fmt: skip
    assert not out.exists()


def test_quiz_steps_are_checked_before_the_work(capsys, tmp_path, queens8):
    out = tmp_path / "page.html"
    assert_one_line_error(capsys, "export", str(queens8), "--quiz", "--at", "6", "-o", str(out),
                          match="--at 6: that step makes no move to ask about")  # fmt: skip
    assert_one_line_error(capsys, "export", str(queens8), "--quiz", "--at", "0", "-o", str(out),
                          match="steps are numbered from 1")  # fmt: skip
    assert not out.exists()


def test_a_puzzle_without_a_judge_is_refused_by_name(capsys, tmp_path):
    trace, out = tmp_path / "toy.pzt", tmp_path / "page.html"
    code, _out, err = run_cli(capsys, "solve", "toy", "--trace", str(trace), "-q")
    assert code == 0, err
    assert_one_line_error(capsys, "export", str(trace), "--quiz", "-o", str(out),
                          match="Toy (toy) has no quiz judge")  # fmt: skip
    assert not out.exists()

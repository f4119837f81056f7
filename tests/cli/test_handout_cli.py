"""`puzzleviz handout TRACE... -o lesson.pdf`: the PDF read back (pypdf) and every bad input."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from puzzleviz.solvers import registry
from puzzleviz.solvers.i18n import set_language
from puzzleviz.solvers.queens.judge import QueensJudge
from puzzleviz.solvers.sudoku.judge import SudokuJudge
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.cli import main
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.cli.helpers import assert_one_line_error, run_cli
from tests.cli.test_quiz_cli import JUDGED_TOY
from tests.entry_points import write_distribution

ROOT = Path(__file__).resolve().parents[2]
QUEENS = ROOT / "assets" / "demos" / "queens.pzt"  # 6 queens, 57 steps, one solution
SUDOKU = ROOT / "examples" / "sudoku.pzt"  # 52 steps, 51 of them explained moves
CUBE = ROOT / "assets" / "demos" / "cube.pzt"
ASKS = "What does the solver do next?"


def handout(capsys, tmp_path: Path, *argv: str) -> PdfReader:
    out = tmp_path / "lesson.pdf"
    code, _out, err = run_cli(capsys, "handout", *argv, "-o", str(out))
    assert code == 0, err
    return PdfReader(out)


def text_of(reader: PdfReader, pages: slice = slice(None)) -> str:
    """The text of `pages`, one line per line (pypdf puts a NUL before each character of a
    CID font with CFF outlines, the Noto subset: dropped)."""
    return "\n".join(p.extract_text() for p in reader.pages[pages]).replace("\x00", "")


def operators(page) -> set[str]:
    return {op.decode() for _args, op in ContentStream(page.get_contents(), page.pdf).operations}


def images(page) -> int:
    found = page["/Resources"].get("/XObject", {})
    return sum(1 for x in found.values() if x.get_object()["/Subtype"] == "/Image")


def test_a_handout_has_a_panel_per_chosen_step_with_its_caption_drawn_in_vectors(capsys, tmp_path):
    pdf = handout(capsys, tmp_path, str(QUEENS), "--at", "1,20,57")
    trace = load_trace(QUEENS)
    text = text_of(pdf)
    assert text.startswith("6 queens · backtracking, row by row")  # the default title
    assert re.findall(r"Step \d+ of 57", text) == ["Step 1 of 57", "Step 20 of 57",
                                                   "Step 57 of 57"]  # fmt: skip
    for step in (0, 19, 56):
        assert " ".join(trace.step_caption_text(step).split()) in " ".join(text.split())
    assert len(pdf.pages) == 2  # two panels a page
    for page in pdf.pages:
        assert images(page) == 0  # a 2D scene is all vectors...
        assert {"m", "l", "c", "f", "S", "Tj"} <= operators(page)  # ... paths, fills, text
    assert pdf.pages[0].mediabox.width == pytest.approx(595.28, abs=0.1)  # A4


@pytest.fixture(scope="module")
def queens5(tmp_path_factory) -> Path:
    """5 queens, every solution: 98 steps, 10 milestones."""
    path = tmp_path_factory.mktemp("queens") / "q5.pzt"
    assert main(["solve", "queens", "--n", "5", "--all", "--trace", str(path), "-q"]) == 0
    return path


def test_by_default_the_start_and_the_milestones_on_letter_paper_in_german(
    capsys, tmp_path, queens5
):
    trace = load_trace(queens5)
    reached = sorted({trace.step_of(int(pos) - 1) for pos in trace.milestone_pos})
    try:
        pdf = handout(capsys, tmp_path, str(queens5), "--paper", "letter", "--lang", "de")
        set_language("de")
        captions = [trace.step_caption_text(s) for s in reached]
    finally:
        set_language("en")
    text = " ".join(text_of(pdf).split())
    assert "Start" in text and "Lösung 10" in text
    labels = re.findall(r"Schritt (\d+) von 98", text)
    assert [int(n) - 1 for n in labels] == reached and len(reached) == 10
    assert all(" ".join(c.split()) in text for c in captions)
    assert (pdf.pages[0].mediabox.width, pdf.pages[0].mediabox.height) == (612, 792)


@pytest.mark.gl
def test_the_cube_is_an_image_under_its_vector_labels(capsys, tmp_path):
    pdf = handout(capsys, tmp_path, str(CUBE), "--at", "17")
    (page,) = pdf.pages
    assert images(page) == 1 and "Tj" in operators(page)
    assert "1x2x4" in text_of(pdf)  # the legend, drawn over the picture as text


def test_a_quiz_asks_first_and_answers_last(capsys, tmp_path):
    pdf = handout(capsys, tmp_path, str(QUEENS), "--quiz", "--every", "10")
    judge = QueensJudge(load_trace(QUEENS))
    moves = [s for s in range(57) if judge.recorded(s) is not None][9::10]
    pages = [text_of(pdf, slice(i, i + 1)) for i in range(len(pdf.pages))]
    asking = [i for i, t in enumerate(pages) if ASKS in t]
    key = next(i for i, t in enumerate(pages) if t.startswith("Answer key"))
    assert asking == list(range(len(asking))) and key == len(pages) - 1  # first ... last
    assert sum(t.count(ASKS) for t in pages) == len(moves) == 3
    assert "Question 2 · before step" in pages[0] + pages[1]
    answers = re.findall(r"(\d+)\.\s*step (\d+): (queen \w\d)", pages[key])
    assert answers == [(str(n), str(s + 1), judge.recorded(s)) for n, s in enumerate(moves, 1)]
    assert not any(judge.recorded(s) in "".join(pages[: len(asking)]) for s in moves)


def test_a_japanese_sudoku_quiz_in_the_shipped_fonts(capsys, tmp_path):
    pdf = handout(capsys, tmp_path, str(SUDOKU), "--quiz", "--at", "1,2", "--lang", "ja")
    judge = SudokuJudge(load_trace(SUDOKU))
    text = text_of(pdf)
    assert text.count("ソルバーは次にどうする？") == 2 and "解答" in text
    assert "問 1" in text and "あなたの答え：" in text
    assert all(judge.recorded(s) in text for s in (0, 1))
    fonts = {f.get_object()["/BaseFont"] for p in pdf.pages
             for f in p["/Resources"]["/Font"].values()}  # fmt: skip
    assert any("DejaVuSans" in f for f in fonts) and any("NotoSansCJK" in f for f in fonts)


def test_several_traces_one_pdf_each_under_its_heading_and_a_title_given(capsys, tmp_path):
    pdf = handout(capsys, tmp_path, str(QUEENS), str(SUDOKU), "--at", "1", "--title",
                  "Two  searches")  # fmt: skip
    text = text_of(pdf)
    assert text.startswith("Two searches")
    first, second = text.index("6 queens · backtracking"), text.index("Sudoku · solved by")
    assert first < text.index("Step 1 of 57") < second < text.index("Step 1 of 52")


def test_the_pdf_goes_to_standard_output(capsysbinary):
    code = main(["handout", str(QUEENS), "--at", "57", "-o", "-"])
    out, err = capsysbinary.readouterr()
    assert code == 0 and out.startswith(b"%PDF-") and out.rstrip().endswith(b"%%EOF")
    assert b"wrote -" in err  # what was written is said on stderr, stdout is the PDF's
    assert len(PdfReader(io.BytesIO(out)).pages) == 1


HANDOUT_TOY = (
    JUDGED_TOY.replace("toyquiz", "toyhandout").replace('"toyq"', '"toyh"')
    + """

from tests.toy_scene import ToyScene


class Scene(ToyScene):
    kind = "toyh"


PUZZLE = dataclasses.replace(PUZZLE, scene=Ref("toyhandout:Scene"))
"""
)


def test_a_plugins_judge_makes_its_quiz(capsys, tmp_path, monkeypatch):
    (tmp_path / "toyhandout.py").write_text(HANDOUT_TOY)
    write_distribution(tmp_path, "puzzleviz-toyhandout", {"toyh": "toyhandout:PUZZLE"})
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_installed()
    try:
        trace = tmp_path / "toyh.pzt"
        assert run_cli(capsys, "solve", "toyh", "--trace", str(trace), "-q")[0] == 0
        pdf = handout(capsys, tmp_path, str(trace), "--quiz")
        key = text_of(pdf, slice(-1, None))
        assert re.findall(r"step (\d): (slot \d)", key) == [(str(s + 1), f"slot {s}")
                                                            for s in range(4)]  # fmt: skip
    finally:
        registry.forget_installed()


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["--quiz"], "Toy (toy) has no quiz judge"),
        (["--at", "9"], "--at 9: the trace has 4 steps"),
        (["--every", "0"], "--every: 0: a handout shows every N-th step, N from 1"),
        (["--every", "2", "--at", "1"], "not allowed with argument"),
        (["--paper", "a5"], "invalid choice: 'a5'"),
        (["--title", "  "], "--title is empty"),
        (["--title", "x" * 201], "--title has 201 characters (at most 200)"),
    ],
)
def test_bad_options_are_one_line_and_write_nothing(capsys, tmp_path, argv, match):
    trace = tmp_path / "toy.pzt"
    assert run_cli(capsys, "solve", "toy", "--trace", str(trace), "-q")[0] == 0
    out = tmp_path / "h.pdf"
    assert_one_line_error(capsys, "handout", str(trace), "-o", str(out), *argv, match=match)
    assert not out.exists()


def test_bad_outputs_are_one_line_and_replace_nothing(capsys, tmp_path):
    trace = tmp_path / "toy.pzt"
    assert run_cli(capsys, "solve", "toy", "--trace", str(trace), "-q")[0] == 0
    before = trace.read_bytes()
    for out, match in [
        (str(trace), "it is the input"),
        (str(tmp_path / "h.txt"), "a handout is a PDF: name it OUT.pdf"),
        (str(tmp_path), "it is a folder"),
        (str(tmp_path / "nowhere" / "h.pdf"), "does not exist"),
        (str(tmp_path / "missing.pzt"), "no such trace file"),
    ]:
        given = [str(trace), "-o", out] if "missing" not in out else [out, "-o", "h.pdf"]
        assert_one_line_error(capsys, "handout", *given, match=match)
    assert trace.read_bytes() == before and not (tmp_path / "h.txt").exists()

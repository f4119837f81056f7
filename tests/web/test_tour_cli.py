"""Pages of several traces and the other ways to write a page, without a browser:
`export A B` (a tour, each trace its own payload), `--languages` and `--lang`,
`present LESSON --html` (a card per slide) and `solve ... --html`, each option checked
before any work."""

from __future__ import annotations

import shutil
from pathlib import Path

from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace

from tests.cli.helpers import assert_one_line_error, run_cli
from tests.web.test_languages import payloads, same_runs

SMALL = ("--size", "320x180")


def _queens(tmp_path: Path, capsys, n: int = 5) -> Path:
    trace = tmp_path / f"q{n}.pzt"
    code, _, _ = run_cli(capsys, "solve", "queens", "--n", str(n), "--trace", str(trace))
    assert code == 0
    return trace


def test_export_of_two_traces_is_a_tour_of_two_payloads(tmp_path, capsys):
    rings = asset_path("demos", "rings.pzt")
    queens = _queens(tmp_path, capsys)
    out = tmp_path / "tour.html"
    code, _, _ = run_cli(capsys, "export", str(rings), str(queens), "-o", str(out), *SMALL,
                         "--languages", "en,de", "--lang", "de")  # fmt: skip
    assert code == 0
    first, second = payloads(out.read_text())
    assert first.header["kind"] == "rings" and second.header["kind"] == "queens"
    assert second.header["rest"][-1] + 1 == len(second.header["words"]["en"]["slots"])
    assert len(second.header["rest"]) == load_trace(queens).n_steps + 1
    for payload in (first, second):
        assert payload.header["languages"] == ["de", "en"]  # the opening one first
        assert set(payload.header["words"]) == {"de", "en"}
        assert "card" not in payload.header["words"]["de"]
    assert '<option value="de" lang="de" selected>Deutsch (de)</option>' in out.read_text()


def test_one_language_has_no_menu(tmp_path, capsys):
    out = tmp_path / "q.html"
    code, _, _ = run_cli(capsys, "export", str(asset_path("demos", "queens.pzt")), "-o",
                         str(out), *SMALL, "--languages", "ja")  # fmt: skip
    assert code == 0
    (payload,) = payloads(out.read_text())
    assert payload.header["languages"] == ["ja"]
    assert 'id="language"' not in out.read_text() and '<html lang="ja">' in out.read_text()


def test_language_mistakes_are_one_line_before_any_work(tmp_path, capsys):
    out = tmp_path / "q.html"
    queens = str(asset_path("demos", "queens.pzt"))
    assert_one_line_error(capsys, "export", queens, "-o", str(out), "--languages", "en,xx",
                          match="unknown language")  # fmt: skip
    assert_one_line_error(capsys, "export", queens, "-o", str(out), "--languages", "en,de",
                          "--lang", "ja", match="--lang ja is not among")  # fmt: skip
    assert not out.exists()


def test_present_html_writes_the_lessons_tour_with_its_cards(tmp_path, capsys):
    shutil.copy(asset_path("demos", "rings.pzt"), tmp_path / "rings.pzt")
    shutil.copy(asset_path("demos", "queens.pzt"), tmp_path / "queens.pzt")
    lesson = tmp_path / "lesson.toml"
    lesson.write_text('title = "Two"\n[[slide]]\ntitle = "Rings"\ntrace = "rings.pzt"\n'
                      '[[slide]]\ntitle = "A card alone"\n'
                      '[[slide]]\ntitle = "Queens"\ntrace = "queens.pzt"\n')  # fmt: skip
    out = tmp_path / "lesson.html"
    code, stdout, _ = run_cli(capsys, "present", str(lesson), "--html", str(out),
                              "--size", "320x180")  # fmt: skip
    assert code == 0 and "wrote" in stdout
    rings, queens = payloads(out.read_text())  # the card alone has no trace: left out
    assert (rings.header["kind"], queens.header["kind"]) == ("rings", "queens")
    for payload in (rings, queens):
        for words in payload.header["words"].values():
            card = payload.frames[words["card"]]
            assert card and not same_runs(card, payload.frame_at(0))
    de, en = (rings.frames[rings.header["words"][code]["card"]] for code in ("de", "en"))
    assert not same_runs(de, en)  # each language's card in its words


def test_present_html_never_replaces_what_the_lesson_reads(tmp_path, capsys):
    shutil.copy(asset_path("demos", "rings.pzt"), tmp_path / "rings.pzt")
    lesson = tmp_path / "lesson.toml"
    lesson.write_text('[[slide]]\ntitle = "Rings"\ntrace = "rings.pzt"\n')
    before = (tmp_path / "rings.pzt").read_bytes()
    assert_one_line_error(capsys, "present", str(lesson), "--html", str(tmp_path / "rings.pzt"))
    assert (tmp_path / "rings.pzt").read_bytes() == before


def test_solve_html_writes_the_page_of_the_trace_it_solved(tmp_path, capsys):
    out = tmp_path / "q.html"
    trace = tmp_path / "q.pzt"
    code, stdout, _ = run_cli(capsys, "solve", "queens", "--n", "5", "--trace", str(trace),
                              "--html", str(out))  # fmt: skip
    assert code == 0 and f"wrote {out}" in stdout
    (payload,) = payloads(out.read_text())
    assert len(payload.header["rest"]) == load_trace(trace).n_steps + 1
    # without --trace the trace goes to a temporary file and the page is still written
    page = tmp_path / "4.html"
    code, said, _ = run_cli(capsys, "solve", "queens", "--n", "4", "--html", str(page))
    assert code == 0 and page.exists()
    assert "wrote" in said and ".pzt" not in said  # the trace behind it was temporary: not said


def test_solve_html_is_checked_before_the_solve(tmp_path, capsys):
    trace = tmp_path / "q.pzt"
    assert_one_line_error(capsys, "solve", "queens", "--n", "5", "--trace", str(trace),
                          "--html", str(trace))  # fmt: skip
    assert not trace.exists()  # refused before the solve wrote anything
    assert_one_line_error(capsys, "solve", "queens", "--n", "5", "--html",
                          str(tmp_path / "no" / "such" / "folder" / "q.html"))  # fmt: skip

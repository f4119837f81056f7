"""`puzzleviz export` end to end, without a browser: a file is written, standard output
works, and a mistake is one line and exit code 2 before any work."""

from __future__ import annotations

import shutil

from puzzleviz.assets import asset_path

from tests.cli.helpers import assert_one_line_error, run_cli


def test_export_writes_one_self_contained_page(tmp_path, capsys):
    out = tmp_path / "queens.html"
    code, stdout, _ = run_cli(capsys, "export", str(asset_path("demos", "queens.pzt")),
                              "-o", str(out), "--size", "320x180")  # fmt: skip
    assert code == 0
    assert "wrote" in stdout and "moments" in stdout and "distinct pictures" in stdout
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and 'id="payload"' in page


def test_export_to_standard_output(capsys):
    code, stdout, stderr = run_cli(capsys, "export", str(asset_path("demos", "queens.pzt")),
                                   "-o", "-", "--size", "320x180")  # fmt: skip
    assert code == 0
    assert stdout.startswith("<!DOCTYPE html>")
    assert "wrote -" in stderr


def test_export_never_replaces_its_input(tmp_path, capsys):
    trace = tmp_path / "q.pzt"
    shutil.copy(asset_path("demos", "queens.pzt"), trace)
    before = trace.read_bytes()
    assert_one_line_error(capsys, "export", str(trace), "-o", str(trace))
    assert trace.read_bytes() == before


def test_export_of_a_missing_trace_is_one_line(tmp_path, capsys):
    assert_one_line_error(capsys, "export", str(tmp_path / "nope.pzt"), "-o",
                          str(tmp_path / "x.html"))  # fmt: skip
    assert not (tmp_path / "x.html").exists()


def test_export_of_a_3d_scene_carries_its_layers(tmp_path, capsys):
    out = tmp_path / "c.html"
    code, _, _ = run_cli(capsys, "export", str(asset_path("demos", "cube.pzt")), "-o", str(out),
                         "--size", "320x180")  # fmt: skip
    assert code == 0
    assert '"scene3d":["' in out.read_text()  # viz/web/frames3d.py, in the page's settings


def test_the_page_speaks_the_language_it_was_exported_in(tmp_path, capsys):
    out = tmp_path / "damen.html"
    code, _, _ = run_cli(capsys, "export", str(asset_path("demos", "queens.pzt")), "-o",
                         str(out), "--size", "320x180", "--lang", "de")  # fmt: skip
    assert code == 0
    page = out.read_text()
    assert '<html lang="de">' in page and "<title>puzzleviz: N Damen</title>" in page

"""Notebooks: a trace's rich summary, puzzleviz.show()'s inline page, clip and step slider,
and the example notebook executed as a student would run it (nbclient, a real kernel). The
page inside a notebook's iframe is driven in chromium in tests/web/test_notebook_player.py."""

from __future__ import annotations

import base64
import html as html_lib
import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path

import av
import pytest

from tests.viz.test_player import make_trace

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def missing(*modules: str) -> list[str]:
    return [m for m in modules if importlib.util.find_spec(m) is None]


def clip_of(html: str) -> tuple[int, list[str]]:
    """(video frames, subtitle texts) of the MP4 embedded in a clip's HTML."""
    data = base64.b64decode(re.search(r"data:video/mp4;base64,([A-Za-z0-9+/=]+)", html)[1])
    with av.open(io.BytesIO(data)) as container:
        frames = sum(1 for _ in container.decode(container.streams.video[0]))
    with av.open(io.BytesIO(data)) as container:
        stream = container.streams.subtitles[0]
        texts = [s.ass.decode().split(",", 8)[8] for p in container.demux(stream)
                 for s in stream.decode(p)]  # fmt: skip
    return frames, texts


@pytest.fixture
def trace(toy_scene):
    return make_trace(n_steps=4, per_step=3)[0]


def test_importing_puzzleviz_loads_nothing_else():
    code = (
        "import sys, puzzleviz; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('viz', 'solvers', 'numpy', 'av', 'moderngl', 'pygame')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_a_trace_summarises_itself_in_html(trace):
    page = trace._repr_html_()
    assert "<b>toy trace</b>" in page
    assert '<td style="text-align:left">12</td>' in page  # events
    assert "solution ×2" in page and "done 11" in page
    assert "step 1: step 0" in page and "<script" not in page


def test_show_gives_a_clip_with_its_captions_and_step_buttons(trace):
    import puzzleviz

    clip = puzzleviz.show(trace, seconds=1.0, size=(320, 180), fps=10)
    page = clip._repr_html_()
    frames, texts = clip_of(page)
    assert frames == round(clip.timed.duration * 10)
    assert texts == ["step 0", "step 1", "step 2", "step 3"]
    assert 'data-act="next"' in page and page.count("data-go=") == 3  # start + 2 solutions
    stops = re.search(r'"stops": \[([^\]]*)\]', page)[1].split(", ")
    assert len(stops) == 5 and float(stops[0]) == 0.0  # the start, then each step's result


def test_a_clip_is_never_saved_over_the_trace_it_came_from(trace, tmp_path):
    from puzzleviz.solvers.errors import OutputError
    from puzzleviz.solvers.tracefile import save_trace

    import puzzleviz

    source = save_trace(trace, tmp_path / "toy.pzt")
    (tmp_path / "link.mp4").symlink_to(source)
    before = source.read_bytes()
    clip = puzzleviz.show(str(source), seconds=0.5, size=(160, 90), fps=5)
    for target in (source, tmp_path / "link.mp4"):
        with pytest.raises(OutputError, match=f"cannot write {target}: it is the input"):
            clip.save(target)
    assert source.read_bytes() == before
    assert clip.save(tmp_path / "clip.mp4").read_bytes() == clip.mp4


def test_show_gives_the_browser_player_by_default(trace):
    """The page `puzzleviz export` writes, whole, in an iframe's srcdoc: a clip option asks
    for a clip instead, and a page asked for with one is a clear error."""
    from puzzleviz.solvers.errors import PuzzlevizError
    from puzzleviz.viz.notebook import Clip
    from puzzleviz.viz.web.export import render_page

    import puzzleviz

    shown = puzzleviz.show(trace)
    assert shown.html == render_page(trace, (1280, 720)).html
    frame = shown._repr_html_()
    assert html_lib.unescape(re.search(r'srcdoc="([^"]*)"', frame)[1]) == shown.html
    assert isinstance(puzzleviz.show(trace, seconds=0.5, size=(160, 90), fps=5), Clip)
    with pytest.raises(PuzzlevizError, match="seconds= shapes a clip, not the page"):
        puzzleviz.show(trace, player="page", seconds=3)
    with pytest.raises(PuzzlevizError, match="player='movie': give one of page, clip, slider"):
        puzzleviz.show(trace, player="movie")


def test_a_bad_request_is_one_clear_error(trace):
    from puzzleviz.solvers.errors import PuzzlevizError, TraceError

    import puzzleviz

    with pytest.raises(TraceError, match="no such trace file"):
        puzzleviz.show("nowhere.pzt")
    with pytest.raises(PuzzlevizError, match="frames"):
        puzzleviz.show(trace, seconds=None, speed=0.001, level="event")
    with pytest.raises(PuzzlevizError, match=r"fps=2\.5: give a whole number"):
        puzzleviz.show(trace, fps=2.5)  # was PyAV's AttributeError


def test_a_trace_built_in_the_notebook_is_checked_before_it_is_shown():
    """A Trace made by hand (not read from a file) with a ring far beyond the two there are
    is one line, as a file holding it is: its rows never reach the kernel."""
    import dataclasses

    import numpy as np
    from puzzleviz.solvers.errors import TraceError

    import puzzleviz
    from tests.reliability.crafted import demo

    rings = demo("rings")
    rows = np.array(rings.rows)
    rows[0, 1] = 615237680
    with pytest.raises(TraceError, match=r"event 0 \(Rotate ring=615237680 f=1\): ring is"):
        puzzleviz.show(dataclasses.replace(rings, rows=rows))


@pytest.mark.skipif(bool(missing("ipywidgets")), reason="ipywidgets not installed")
def test_the_slider_walks_the_steps_results(trace):
    import puzzleviz

    box = puzzleviz.show(trace, size=(320, 180), slider=True)
    controls, caption, picture = box.children
    slider = controls.children[1]
    assert (slider.min, slider.max) == (0, 4) and caption.value == "start"
    first = picture.value
    slider.value = 4
    assert caption.value == "step 4: step 3" and picture.value != first
    assert bytes(picture.value).startswith(b"\x89PNG")


@pytest.mark.slow
def test_the_example_notebook_runs(tmp_path):
    absent = missing("nbclient", "nbformat", "ipykernel")
    if absent:
        pytest.skip(f"{', '.join(absent)} not installed: pip install -e '.[test]'")
    import nbclient
    import nbformat

    notebook = nbformat.read(EXAMPLES / "sudoku.ipynb", as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells), "saved with outputs"
    client = nbclient.NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": EXAMPLES}}
    )
    client.execute()
    html = [output["data"]["text/html"] for cell in notebook.cells if cell.cell_type == "code"
            for output in cell.outputs if "text/html" in output.get("data", {})]  # fmt: skip
    summary, page, part = html
    assert "<b>sudoku trace</b>" in summary and "step 1: Naked Single" in summary
    # the whole solve as the browser player: the exported page, inside an iframe
    inner = html_lib.unescape(re.search(r'srcdoc="([^"]*)"', page)[1])
    assert page.startswith("<iframe") and 'id="payload"' in inner and "webgl2" in inner
    _, texts = clip_of(part)
    # the clip opens on step 4's result, under its caption, then plays steps 5 to 8
    assert len(texts) == 5 and texts[0] == "Naked Single: C5 can only be 6"

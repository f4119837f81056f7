"""The payload format and the page, without a browser: what the page decodes is what the
window drew, bit for bit, and the page names nothing outside itself."""

from __future__ import annotations

import re

import numpy as np
import pytest
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.web.encode import FrameStore, decode, pack
from puzzleviz.viz.web.page import page_html, port_shader, ported_shaders


def _frame(x: float, extra: bool) -> list[tuple[str, np.ndarray]]:
    d = DrawList2D(320, 180)
    d.rect(10, 10, 100, 50, "#336699", radius=6, stroke="#000000", width=2)
    if extra:
        d.circle(x, 90, 8, "#cc3300")
    d.text("step 3", x, 120, 18)
    d.polygon([(0, 0), (30, 0), (15, 20)], "#00aa00")
    d.circle(200, 40, 300, "#0000ff")  # too big for a sprite: a shape
    return d.finish()


def test_frames_decode_to_the_same_bits_and_repeats_are_stored_once():
    frames = [_frame(40, False), _frame(40, True), _frame(41.5, True), _frame(40, True)]
    store = FrameStore()
    for runs in frames:
        store.add(runs)
    assert store.slots == [0, 1, 2, 1]
    atlas = np.arange(3 * 2048, dtype=np.uint32).astype(np.uint8).reshape(3, 2048)
    decoded = decode(pack({"atlasSize": 2048}, atlas, store))
    assert np.array_equal(decoded.atlas_rows, atlas)
    for slot, runs in enumerate(frames):
        got = decoded.frame_at(slot)
        assert [kind for kind, _ in got] == [kind for kind, _ in runs]
        for (_, a), (_, b) in zip(got, runs, strict=True):
            assert a.tobytes() == np.ascontiguousarray(b, dtype="<f4").tobytes()


def test_shaders_are_the_windows_with_an_es_version_line():
    shaders = ported_shaders()
    assert set(shaders) == {"shape", "tris", "dots", "glyphs"}
    for stages in shaders.values():
        for source in stages.values():
            assert source.startswith("#version 300 es\nprecision highp float;")
            assert "#version 330" not in source
    with pytest.raises(ValueError, match="version 330"):
        port_shader("#version 450\nvoid main() {}")


def test_the_page_loads_nothing_from_outside():
    store = FrameStore()
    store.add(_frame(40, True))
    page = page_html("a <title>", pack({"atlasSize": 2048}, np.zeros((0, 2048), np.uint8), store),
                     {"width": 320, "height": 180})  # fmt: skip
    assert "<title>a &lt;title&gt;</title>" in page
    assert not re.search(r"""(src|href)\s*=|@import|url\(|https?://|import\(""", page)
    assert "{{" not in page

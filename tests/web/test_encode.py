"""The payload format and the page, without a browser: what the page decodes is what the
window drew, bit for bit, and the page names nothing outside itself."""

from __future__ import annotations

import base64
import json
import re

import numpy as np
import pytest
from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.compose import compose, default_look
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.hud import HudOptions
from puzzleviz.viz.meshes import unit_box, voxel_mesh
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import Rect, scene_for
from puzzleviz.viz.web.encode import FrameStore, decode, pack
from puzzleviz.viz.web.export import render_page
from puzzleviz.viz.web.frames3d import Scene3DStore, camera_fields, decode3d
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
    assert set(shaders) == {"shape", "tris", "dots", "glyphs", "mesh"}
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


def _layers(x: float, moving: bool) -> list[DrawList3D]:
    camera = OrbitCamera.framing((0.0, 0.0, 0.0), 2.0)
    layer = DrawList3D((10, 20, 300, 150), camera)
    layer.box((0.0, 0.0, 0.0), (2.0, 0.1, 2.0), "#c9c3b6")
    layer.mesh("piece", lambda: voxel_mesh([(0, 0, 0), (1, 0, 0)]),
               np.array([[x, 0.5, 0.0]]), np.array([[0.2, 0.4, 0.8, 0.82]]))  # fmt: skip
    if moving:
        layer.box((x, 1.0, 0.0), (1.0, 1.0, 1.0), "#cc3300")
    narrow = DrawList3D((320, 20, 100, 150), camera.fitted(100 / 150), light_follows_camera=False)
    narrow.box((0.0, 0.0, 0.0), (1.0, 1.0, 1.0), "#336699")
    return [layer, narrow]


def test_3d_layers_decode_to_the_same_bits_meshes_once_and_repeats_once():
    moments = [_layers(0.0, False), _layers(0.0, True), _layers(0.5, True), _layers(0.0, True)]
    camera = OrbitCamera.framing((0.0, 0.0, 0.0), 2.0)
    store = Scene3DStore(camera, Rect(0, 10, 320, 170))
    for layers in moments:
        store.add(layers)
    decoded = decode3d(store.pack())
    assert decoded.header["slots"] == [0, 1, 2, 1]
    assert decoded.header["camera"] == camera_fields(camera)
    assert list(decoded.meshes) == ["box", "piece"]  # each mesh's vertices once
    assert np.array_equal(decoded.meshes["piece"], voxel_mesh([(0, 0, 0), (1, 0, 0)]))
    assert np.array_equal(decoded.meshes["box"], unit_box())
    for slot, layers in enumerate(moments):
        got = decoded.layers_at(slot)
        assert len(got) == len(layers)
        for mine, drawn in zip(got, layers, strict=True):
            assert mine.viewport == drawn.viewport
            assert mine.camera == camera_fields(drawn.camera)
            assert mine.light_follows_camera == drawn.light_follows_camera
            instances = drawn.instances()
            assert list(mine.instances) == list(instances)  # the window's drawing order
            for key, block in instances.items():
                assert mine.instances[key].tobytes() == block.astype("<f4").tobytes()


def test_an_exported_cube_holds_the_layers_the_window_composes():
    trace = load_trace(asset_path("demos", "cube.pzt"))
    result = render_page(trace, (320, 180))
    settings = json.loads(re.search(r'id="settings">([^<]*)<', result.html).group(1))
    (layers,) = settings["scene3d"]  # one trace: one entry, its 3D layers
    scene = decode3d(base64.b64decode(layers))
    payload = decode(base64.b64decode(re.search(r'id="payload">([^<]*)<', result.html).group(1)))
    player = Player(trace, model_for(trace))
    cube = scene_for("cube")
    cube.warm_up(trace)
    look = default_look(cube, player.frame(), HudOptions(pace=False))
    assert scene.header["camera"] == camera_fields(look.camera)
    for slot in (0, len(payload.header["positions"]) // 2, len(payload.header["positions"]) - 1):
        player.seek(payload.header["positions"][slot])
        drawn = compose(player.frame(), look, (320, 180))[0].layers3d
        got = scene.layers_at(slot)
        assert [layer.viewport for layer in got] == [layer.viewport for layer in drawn]
        for mine, layer in zip(got, drawn, strict=True):
            instances = layer.instances()
            assert list(mine.instances) == list(instances)
            for key, block in instances.items():
                assert mine.instances[key].tobytes() == block.astype("<f4").tobytes()

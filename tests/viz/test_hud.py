"""The HUD's geometry at projector sizes: the UI scale, and a timeline whose step counter and
pace keep clear of the track and its knob however long the trace and whatever the language."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from puzzleviz.solvers import i18n
from puzzleviz.solvers.i18n import LANGUAGES
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.compose import compose, default_look
from puzzleviz.viz.hud import HudOptions, hud_layout
from puzzleviz.viz.player import Mode, Player
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.timeline import Level

from tests.toy import Add, ToyModel

SIZES = ((1024, 768), (1280, 800), (1280, 720), (1366, 768), (1440, 900), (1920, 1080),
         (3840, 2160))  # fmt: skip


def test_the_ui_scale_follows_the_frame():
    """1.0 at 1280x720; 16:9 and 16:10 frames scale with their height, 4:3 with its width
    (a 1024x768 frame is laid out as 1024 units wide, like a 1280x720 one is 1280)."""
    scale = {size: hud_layout(*size, HudOptions()).scale for size in SIZES}
    assert scale[(1280, 720)] == 1.0 and scale[(1366, 768)] == pytest.approx(768 / 720)
    assert scale[(1920, 1080)] == 1.5 and scale[(3840, 2160)] == 3.0
    assert scale[(1024, 768)] == 1.0 and scale[(1440, 900)] == 1.25
    assert scale[(1280, 800)] == pytest.approx(800 / 720)
    assert hud_layout(2048, 1536, HudOptions()).scale == 2.0
    assert hud_layout(320, 180, HudOptions()).scale == 0.25


@functools.cache
def long_trace():
    """120,000 steps of one event, and milestones: the counter's widest numbers."""
    tracer = RecordingTracer(ToyModel(4), solver="test", counters=("done",))
    for s in range(120_000):
        tracer.step(f"step {s}")
        tracer.emit(Add(s % 4, 1 if s % 8 < 4 else -1))
        if s % 29_000 == 0:
            tracer.milestone("solution", f"after step {s}")
    return tracer.finish()


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)], ids=["1024x768", "1280x720"])
@pytest.mark.parametrize("level", [Level.STEP, Level.EVENT])
def test_the_counter_and_the_pace_keep_clear_of_the_track(toy_scene, language, lang, size,
                                                            level):  # fmt: skip
    language(lang)
    trace = long_trace()
    player = Player(trace, ToyModel(4), level=level)
    player.seek(trace.n_events)
    frame = dataclasses.replace(player.frame(), mode=Mode.PLAYING, rate=123_456.0, auto=True)
    look = default_look(scene_for("toy"), frame)
    canvas, layout = compose(frame, look, size, show_text=False)
    s = layout.scale
    knob = layout.track.inset(-10 * s, -10 * s)  # the knob (7 px and its rim), the marks
    footer = [run for run in canvas.d2.texts if run.boxes[0][1] >= layout.footer.y - 1]
    assert len(footer) == 2  # the pace, the counter
    for run in footer:
        x0, _, x1, _ = run.boxes[0]
        assert x1 < knob.x or x0 > knob.x + knob.w, (run.text, knob)
        assert x0 >= 0 and x1 <= size[0]
    assert layout.track.w > 0.3 * size[0]  # still a track to scrub along


def test_the_timeline_is_hit_tested_where_it_is_drawn(toy_scene):
    trace = long_trace()
    layout = hud_layout(1024, 768, HudOptions(), trace)
    track = layout.track
    assert layout.on_timeline(track.x + 1, track.y + track.h / 2)
    assert layout.fraction_at(track.x + track.w) == 1.0
    assert not layout.on_timeline(*layout.counter_box.center)

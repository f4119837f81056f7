from __future__ import annotations

import os
import stat

import av
import numpy as np
import pytest
from puzzleviz.viz.images import load_png
from puzzleviz.viz.record import Recorder, RecordSettings, plan, record_traces
from puzzleviz.viz.sinks import RecordError, output_kind

from tests.viz.test_player import make_trace

SMALL = RecordSettings(size=(320, 180), fps=10, speed=4.0, head_seconds=0.2, tail_seconds=0.3)


@pytest.fixture
def trace(toy_scene):
    return make_trace(n_steps=4, per_step=3)[0]


def probe(path):
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = [f.to_ndarray(format="rgb24") for f in container.decode(stream)]
        ctx = stream.codec_context
        duration = float(stream.duration * stream.time_base) if stream.duration else None
        return frames, ctx.width, ctx.height, ctx.pix_fmt, stream.codec_context.name, duration


def test_plan_counts_frames_from_the_virtual_clock(trace):
    segment = plan(trace, SMALL)
    # 4 steps at 4 steps/s = 1 s of motion at 10 fps, plus the rests.
    assert (segment.head_frames, segment.motion_frames, segment.tail_frames) == (2, 10, 3)
    part = plan(trace, RecordSettings(fps=10, speed=4.0, first_step=2, last_step=3))
    assert (part.start, part.end, part.motion_frames) == (3, 9, 5)


def test_mp4_is_h264_yuv420p_with_the_planned_frames(trace, tmp_path):
    out = record_traces([trace], tmp_path / "toy.mp4", SMALL, progress=False)
    frames, w, h, pix_fmt, codec, duration = probe(out)
    assert (w, h, pix_fmt, codec) == (320, 180, "yuv420p", "h264")
    assert len(frames) == plan(trace, SMALL).frames == 15
    assert duration == pytest.approx(15 / 10, abs=0.11)
    assert [p.name for p in tmp_path.iterdir()] == ["toy.mp4"]  # no temp files left


def test_recording_is_reproducible_frame_by_frame(trace, tmp_path):
    first = record_traces([trace], tmp_path / "a", SMALL, progress=False)
    second = record_traces([trace], tmp_path / "b", SMALL, progress=False)
    names = sorted(p.name for p in first.iterdir())
    assert len(names) == 15 and names[0] == "frame_000001.png"
    for name in names:
        assert np.array_equal(load_png(first / name), load_png(second / name))


def test_gif_and_two_traces_back_to_back(trace, tmp_path):
    out = record_traces([trace, trace], tmp_path / "two.gif", SMALL, progress=False)
    frames, w, h, _, codec, _ = probe(out)
    assert (w, h, codec) == (320, 180, "gif")
    assert len(frames) == 30


def test_the_first_and_last_frames_show_start_and_result(trace, tmp_path):
    out = record_traces([trace], tmp_path / "frames", SMALL, progress=False)
    first = load_png(out / "frame_000001.png")
    last = load_png(out / "frame_000015.png")
    assert not np.array_equal(first, last)
    assert np.array_equal(last, load_png(out / "frame_000013.png"))  # the tail rests


def test_more_msaa_than_the_driver_offers_draws_with_what_it_offers(trace, tmp_path, capsys):
    """--msaa 8 on a driver that offers 4 (llvmpipe) was moderngl's 'number of samples
    is invalid': it records with the driver's most, and says so."""
    from puzzleviz.viz.gl import headless_context

    most = headless_context().max_samples
    settings = RecordSettings(size=(320, 180), fps=10, speed=4.0, samples=2 * most)
    out = tmp_path / "out.mp4"
    record_traces([trace], out, settings, progress=False)
    assert probe(out)[1:3] == (320, 180)
    said = capsys.readouterr().err.strip().splitlines()
    assert said == [f"puzzleviz: --msaa {2 * most}: this GL driver ({_renderer()}) offers at "
                    f"most {most} samples; drawing with {most if most >= 2 else 0}"]  # fmt: skip


def _renderer() -> str:
    from puzzleviz.viz.gl import headless_context, renderer_name

    return renderer_name(headless_context())


def test_bad_outputs_are_refused_before_any_work(trace, tmp_path):
    with pytest.raises(RecordError, match=r"\.avi"):
        output_kind(tmp_path / "x.avi")
    with pytest.raises(RecordError, match="even width"):
        record_traces([trace], tmp_path / "odd.mp4", RecordSettings(size=(321, 180)))
    with pytest.raises(RecordError, match="does not exist"):
        record_traces([trace], tmp_path / "nope" / "x.mp4", SMALL)
    with pytest.raises(RecordError, match=r"steps 3\.\.9"):
        record_traces([trace], tmp_path / "x.mp4", RecordSettings(first_step=3, last_step=9))
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "keep.txt").write_text("mine")
    with pytest.raises(RecordError, match="not an empty folder"):
        record_traces([trace], tmp_path / "full", SMALL)
    assert (tmp_path / "full" / "keep.txt").read_text() == "mine"


def test_a_failure_midway_leaves_nothing_behind(trace, tmp_path, monkeypatch):
    recorder = Recorder(SMALL)
    calls = {"n": 0}
    original = recorder._render

    def failing(player, look):
        calls["n"] += 1
        if calls["n"] == 5:
            raise KeyboardInterrupt
        return original(player, look)

    monkeypatch.setattr(recorder, "_render", failing)
    with pytest.raises(KeyboardInterrupt):
        recorder.record([plan(trace, SMALL)], tmp_path / "cut.mp4", progress=False)
    assert list(tmp_path.iterdir()) == []


def test_outputs_get_ordinary_permissions(trace, tmp_path):
    out = record_traces([trace], tmp_path / "p.mp4", SMALL, progress=False)
    mask = os.umask(0o022)
    os.umask(mask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o666 & ~mask


def test_an_encoder_failure_is_one_clear_error_and_leaves_nothing(trace, tmp_path, monkeypatch):
    from puzzleviz.viz.sinks import Mp4Sink

    def broken(self, frame):
        if frame.pts == 3:
            raise av.error.FFmpegError(28, "No space left on device")
        return original(self, frame)

    original = Mp4Sink._encode
    monkeypatch.setattr(Mp4Sink, "_encode", broken)
    with pytest.raises(RecordError, match=r"mp4 encoder failed: .*No space left"):
        record_traces([trace], tmp_path / "full.mp4", SMALL, progress=False)
    assert list(tmp_path.iterdir()) == []


def test_mp4_colours_match_the_rendered_frames(trace, tmp_path):
    """The GPU's RGB to BT.709 conversion, tagged in the stream, decodes back to what was
    drawn (within chroma subsampling and compression)."""
    video = record_traces([trace], tmp_path / "c.mp4", SMALL, progress=False)
    frames = record_traces([trace], tmp_path / "frames", SMALL, progress=False)
    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        assert (stream.codec_context.colorspace, stream.codec_context.color_range) == (1, 1)
        for i, decoded in enumerate(container.decode(stream)):
            drawn = load_png(frames / f"frame_{i + 1:06d}.png").astype(int)
            difference = np.abs(decoded.to_ndarray(format="rgb24").astype(int) - drawn)
            assert difference.mean() < 4, f"frame {i}: colours drift by {difference.mean():.1f}"

"""Recording throughput, end to end (player -> scene -> render -> readback -> H.264), set
against PyAV encoding the very same frames alone: the limit on this machine.

Target (issue 2): recording 1080p30 end to end >= 30 frames/s and >= 0.6 of encode-only.
The scene is the synthetic packing search with the full HUD (see _synthetic.py).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import av
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _synthetic import SyntheticPacking, search_like
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.record import Recorder, RecordSettings, plan

FRAMES = 150


def trace_of(n_events: int):
    model = SyntheticPacking()
    tracer = RecordingTracer(model, solver="bench", counters=("nodes", "depth"))
    tracer.intern("solution")
    buf = tracer.kernel_buffer(n_events)
    search_like(buf, n_events, 3)
    tracer.absorb(buf)
    return tracer.finish()


def encode_only(images: list[np.ndarray], size: tuple[int, int], settings: RecordSettings) -> float:
    """PyAV alone turning the same RGB frames into H.264 (its own RGB to YUV included)."""
    w, h = size
    # The recorder hands over RGBA, bottom row first: give PyAV plain RGB, top row first.
    images = [np.ascontiguousarray(image[::-1, :, :3]) for image in images]
    with tempfile.TemporaryDirectory() as folder:
        container = av.open(str(Path(folder) / "x.mp4"), "w")
        stream = container.add_stream("libx264", rate=settings.fps)
        stream.width, stream.height, stream.pix_fmt = w, h, "yuv420p"
        stream.options = {"crf": str(settings.crf), "preset": settings.preset}
        start = time.perf_counter()
        for i, image in enumerate(images):
            frame = av.VideoFrame.from_ndarray(image, format="rgb24")
            frame.pts = i
            for packet in stream.encode(frame):
                container.mux(packet)
        for packet in stream.encode():
            container.mux(packet)
        container.close()
        return len(images) / (time.perf_counter() - start)


def main() -> None:
    trace = trace_of(20_000)
    for size in ((1280, 720), (1920, 1080)):
        settings = RecordSettings(size=size, fps=30, head_seconds=0, tail_seconds=0,
                                  speed=trace.n_steps / (FRAMES / 30))  # fmt: skip
        recorder = Recorder(settings)
        segment = plan(trace, settings)
        frames = list(recorder.frames(segment))  # warm up, and the frames for encode-only
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            recorder.record([segment], Path(folder) / "out.mp4", progress=False)
            total = segment.frames / (time.perf_counter() - start)
        start = time.perf_counter()
        for _ in recorder.frames(segment):
            pass
        render_only = segment.frames / (time.perf_counter() - start)
        limit = encode_only(frames, size, settings)
        print(f"{size[0]}x{size[1]}@30 ({settings.preset}, crf {settings.crf}): end to end "
              f"{total:5.1f} frames/s, render+readback alone {render_only:5.1f}, "
              f"encode-only {limit:5.1f}; ratio {total / limit:.2f} (target >= 0.6), "
              f"{total / 30:.2f}x real time")  # fmt: skip


if __name__ == "__main__":
    main()

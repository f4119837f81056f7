"""Headless frames per second at 1920x1080 (EGL; Mesa llvmpipe on the CI machines).

2D: 10,000 discs (radius 2.5-6.5 px, mean 4.5) and 2,000 glyphs; 3D: 1,000 lit, outlined
boxes (a 10x10x10 block seen from a corner). Each is timed as render + glFinish, and again
with the readback a recorder or screenshot adds. Target (issue 2): >= 60 frames/s for both.

Measured figures, and where the time goes: benchmarks/RESULTS.md.
"""

from __future__ import annotations

import statistics
import time

import numpy as np
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.color import palette
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.gl import headless_context, renderer_name
from puzzleviz.viz.renderer import Renderer
from puzzleviz.viz.target import RenderTarget

W, H = 1920, 1080
FRAMES = 60


def scene_2d() -> DrawList2D:
    rng = np.random.default_rng(0)
    d = DrawList2D(W, H)
    colors = np.array([palette(i) for i in range(8)], dtype=np.float32)[rng.integers(0, 8, 10_000)]
    d.circles(rng.uniform([0, 0], [W, H], (10_000, 2)), rng.uniform(2.5, 6.5, 10_000), colors)
    line = "Naked-triple{2,8,9}in-row-5-removes-8-from-C5:40-glyphs"[:40]
    for row in range(50):  # 50 lines x 40 visible glyphs = 2,000 glyphs
        d.text(line, 40 + (row % 2) * 900, 20 + row * 21, 16, (0.1, 0.1, 0.1, 1))
    return d


def scene_3d() -> DrawList3D:
    grid = np.stack(np.meshgrid(*[np.arange(10)] * 3, indexing="ij"), -1).reshape(-1, 3)
    camera = OrbitCamera.framing((4.5 * 1.15, 4.5 * 1.15, 4.5 * 1.15), 9.5, yaw=40, pitch=30)
    d = DrawList3D((0, 0, W, H), camera)
    colors = np.array([palette(i) for i in range(1000)], dtype=np.float32)
    d.boxes(grid * 1.15, np.full((1000, 3), 0.95), colors)
    return d


def measure(gl, render, read: bool) -> float:
    times = []
    for i in range(FRAMES + 5):
        start = time.perf_counter()
        render()
        if read:
            target.read_pixels()
        gl.finish()
        if i >= 5:
            times.append(time.perf_counter() - start)
    return 1.0 / statistics.median(times)


if __name__ == "__main__":
    ctx = headless_context()
    print(f"GL renderer: {renderer_name(ctx)}; {W}x{H}, median of {FRAMES} frames")
    renderer = Renderer(ctx)
    for samples in (0, 4):
        target = RenderTarget(ctx, (W, H), samples)
        d2, d3 = scene_2d(), scene_3d()
        d2.finish()
        for name, run in (
            ("2D 10k discs + 2k glyphs", lambda t=target, d=d2: renderer.render(t, [], d)),
            ("3D 1,000 lit boxes", lambda t=target, d=d3: renderer.render(t, [d], None)),
        ):
            fps = measure(ctx, run, read=False)
            with_read = measure(ctx, run, read=True)
            print(f"  {name:26s} MSAA {samples}: {fps:6.1f} frames/s ({fps / 60:.2f}x target), "
                  f"with readback {with_read:6.1f}")  # fmt: skip
        target.release()
    start = time.perf_counter()
    for _ in range(20):
        scene_2d().finish()
    print(
        f"  building the 2D draw list in Python: {(time.perf_counter() - start) / 20 * 1000:.1f} ms"
    )

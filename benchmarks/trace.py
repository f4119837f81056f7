"""Trace machinery speed: recording from numba, saving, loading, and seeking in 10M events.

Targets (issue 2): a numba kernel records >= 20 million events/s; a seek to any event of a
10-million-event trace takes <= 5 ms median.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _synthetic import SyntheticPacking, replay_into, search_like
from puzzleviz.solvers.tracefile import load_trace, save_trace
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.player import Player

N = 10_000_000


def main() -> None:
    model = SyntheticPacking()
    tracer = RecordingTracer(model, solver="bench", counters=("nodes", "depth"))
    tracer.intern("solution")  # milestone kind 0, as the kernel records it
    search_like(tracer.kernel_buffer(100), 100, 1)  # compile (or load the cache)
    tracer = RecordingTracer(model, solver="bench", counters=("nodes", "depth"))
    tracer.intern("solution")

    buf = tracer.kernel_buffer(N)
    start = time.perf_counter()
    search_like(buf, N, 7)
    searched = time.perf_counter() - start
    rows = buf.rows[:N].copy()
    replay_into(tracer.kernel_buffer(10), rows[:10])
    fresh, warm = [], []
    for _ in range(3):
        target = tracer.kernel_buffer(N)  # new memory: includes first-touch page faults
        start = time.perf_counter()
        replay_into(target, rows)
        fresh.append(N / (time.perf_counter() - start))
        target.fill[:] = 0  # the same memory again: recording alone
        start = time.perf_counter()
        replay_into(target, rows)
        warm.append(N / (time.perf_counter() - start))
    rate = statistics.median(fresh)
    print(f"numba recording (steps, events, 2 counters): {rate / 1e6:,.0f} M events/s into new "
          f"memory, {statistics.median(warm) / 1e6:,.0f} M events/s into touched memory "
          f"(target >= 20 M/s: {rate / 20e6:.1f}x)")  # fmt: skip
    print(
        f"a search-shaped kernel with random moves, recording: {N / searched / 1e6:,.0f} M events/s"
    )

    start = time.perf_counter()
    tracer.absorb(buf)
    trace = tracer.finish()
    print(f"finish into a Trace: {time.perf_counter() - start:.2f} s, {trace.n_events:,} "
          f"events, {trace.n_steps:,} steps, {trace.n_milestones:,} milestones")  # fmt: skip

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.pzt"
        start = time.perf_counter()
        save_trace(trace, path)
        saved = time.perf_counter() - start
        size = path.stat().st_size
        start = time.perf_counter()
        loaded = load_trace(path)
        loaded_s = time.perf_counter() - start
    print(f"save: {saved:.2f} s, load + validate: {loaded_s:.2f} s, file {size / 1e6:,.0f} MB "
          f"({size / trace.n_events:.1f} bytes/event)")  # fmt: skip

    player = Player(loaded, SyntheticPacking())
    start = time.perf_counter()
    player.seek(N)
    first = time.perf_counter() - start
    print(f"first seek to the end (builds all keyframes): {first * 1000:,.0f} ms")
    rng = np.random.default_rng(0)
    times = []
    for target in rng.integers(0, N + 1, 2000):
        start = time.perf_counter()
        player.seek(int(target))
        times.append(time.perf_counter() - start)
    median = statistics.median(times) * 1000
    print(f"random seek: median {median:.3f} ms, p99 {np.percentile(times, 99) * 1000:.3f} ms "
          f"(target <= 5 ms, ratio {5 / median:,.0f}x under)")  # fmt: skip
    check = model.initial_state()
    model.apply_rows(check, loaded.rows[: player.cursor])
    assert np.array_equal(check, player.state), "seek reached a wrong state"

    fresh = Player(loaded, SyntheticPacking())
    times = []
    for target in rng.integers(0, N + 1, 200):
        start = time.perf_counter()
        fresh.seek(int(target))
        times.append(time.perf_counter() - start)
    print(f"random seek on a fresh player (keyframes built on the way): "
          f"median {statistics.median(times) * 1000:.2f} ms")  # fmt: skip


if __name__ == "__main__":
    main()

"""Long traces in the browser player: what is baked of a search too long to bake whole
(viz/web/sampling.py), the payload in chunks the page unpacks one by one, and the level
keys (`.` `,` L A) in chromium."""

from __future__ import annotations

import base64
import gzip
import re
import struct

import numpy as np
import pytest
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.images import load_png
from puzzleviz.viz.pace import auto_weights
from puzzleviz.viz.player import Player
from puzzleviz.viz.record import RecordSettings, stills
from puzzleviz.viz.timeline import Level
from puzzleviz.viz.web.encode import CHUNK_FRAMES, CHUNKED, FrameStore, decode, pack
from puzzleviz.viz.web.export import render_page
from puzzleviz.viz.web.frames import MOMENT_BUDGET
from puzzleviz.viz.web.sampling import BURST, READABLE, schedule

from tests.toy import Add, Swap, ToyModel
from tests.web.browser import browser  # noqa: F401  (the fixture)
from tests.web.test_browser_parity import SIZE as PARITY_SIZE
from tests.web.test_browser_parity import assert_close

SIZE = (320, 180)


def search_trace(n_steps: int = 600, found_at: tuple[int, ...] = (150, 420)):
    """A search as the automatic pace sees one: the same caption again and again, two
    events a step, and a rare step with a milestone now and then."""
    model = ToyModel(4)
    tracer = RecordingTracer(model, solver="test", counters=("done",))
    for s in range(n_steps):
        tracer.step(f"found {s}" if s in found_at else "try a cell")
        tracer.emit(Add(s % 4, s % 7 + 1))
        tracer.emit(Swap(s % 4, (s + 1) % 4))
        if s in found_at:
            tracer.milestone("solution", f"solution at {s}")
    return tracer.finish()


def test_a_long_search_is_sampled_within_its_budget_keeping_what_the_window_slows_at():
    trace = search_trace()
    player = Player(trace, model_for(trace))
    weights = auto_weights(trace)
    assert weights is not None
    plan = schedule(player, budget=120)
    assert plan.sampled and len(plan.positions) <= 120
    steps = np.array(plan.steps)
    assert steps[0] == 0 and steps[-1] == trace.n_steps
    assert np.all(np.diff(steps) > 0) and np.all(np.diff(plan.positions) > 0)
    # every stop rests on its step boundary, and the beats between stops add up
    bounds = [int(b) for b in trace.step_start] + [trace.n_events]
    for k, slot in zip(plan.steps, plan.rest, strict=True):
        assert plan.positions[slot] == (bounds[k] if k < trace.n_steps else trace.n_events)
    assert sum(plan.beats) == pytest.approx(weights.sum())
    assert sum(plan.steady_beats) == trace.n_steps
    # every readable step is baked whole, and every milestone is a stop
    for k in np.flatnonzero(weights >= READABLE):
        assert k in plan.steps and k + 1 in plan.steps
    milestone_events = {int(p) for p in trace.milestone_pos}
    assert milestone_events <= {plan.boundaries[k] for k in plan.milestones}
    # the fast stretches are sampled in bursts of single steps Right can walk one by one
    singles = np.flatnonzero(np.diff(steps) == 1)
    fast = [i for i in singles if weights[steps[i]] < READABLE]
    assert len(fast) >= BURST - 1


def test_a_short_trace_bakes_every_step_and_the_events_inside_them():
    trace = search_trace(n_steps=40, found_at=(10,))
    player = Player(trace, model_for(trace))
    plan = schedule(player, budget=None)
    assert not plan.sampled
    assert list(plan.steps) == list(range(trace.n_steps + 1))
    events = player.units_of(Level.EVENT)
    stops = [plan.positions[slot] for slot in plan.event_rest]
    assert stops == [float(events.boundary(k)) for k in range(events.count + 1)]
    assert sum(plan.event_beats) == events.count


def test_the_payload_is_chunks_each_unpacked_alone_from_its_own_base64():
    store = FrameStore()
    frames = []
    for i in range(CHUNK_FRAMES * 2 + 5):
        d = DrawList2D(*SIZE)
        d.rect(10 + i * 0.5, 10, 100, 50, "#336699")  # every frame distinct
        d.circle(40, 90, 8 + i % 3, "#cc3300")
        frames.append(d.finish())
        store.add(frames[-1])
    payload = pack({"atlasSize": 2048}, np.zeros((0, 2048), np.uint8), store)
    decoded = decode(payload)
    for slot, runs in enumerate(frames):
        got = decoded.frame_at(slot)
        for (_, a), (_, b) in zip(got, runs, strict=True):
            assert a.tobytes() == np.ascontiguousarray(b, dtype="<f4").tobytes()
    # as the page does it: the directory, then each member from its own stretch of base64
    text = base64.b64encode(payload).decode()
    assert payload[:4] == CHUNKED
    (count,) = struct.unpack_from("<I", payload, 4)
    assert count == 1 + 3  # the header and tables, then three chunks of frames
    where = struct.unpack_from(f"<{2 * count}I", payload, 8)
    for at, length in zip(where[:count], where[count:], strict=True):
        assert at % 3 == 0
        stretch = base64.b64decode(text[at // 3 * 4 : -(-(at + length) // 3) * 4])
        gzip.decompress(stretch[:length])  # a whole gzip member alone


def test_a_long_trace_exports_sampled_and_its_frames_are_the_windows(toy_scene):
    trace = search_trace()
    result = render_page(trace, SIZE)
    payload = re.search(r'id="payload">([^<]*)<', result.html)
    assert payload is not None
    header = decode(base64.b64decode(payload.group(1))).header
    assert header["sampled"] is True and len(header["positions"]) <= MOMENT_BUDGET
    assert header["paceLabelsBy"].keys() == {"event", "step", "milestone", "auto"}
    assert len(header["paceLabelsBy"]["auto"][0]) == len(header["rest"]) - 1


def test_level_keys_step_by_event_and_change_what_space_plays_by(browser, toy_scene, tmp_path):  # noqa: F811
    trace = search_trace(n_steps=30, found_at=(10,))
    html = tmp_path / "solve.html"
    html.write_text(render_page(trace, SIZE).html)
    page = browser.new_page(viewport={"width": SIZE[0], "height": SIZE[1]})
    page.goto(html.resolve().as_uri())
    page.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
    state = lambda: page.evaluate("({...window.puzzleviz})")  # noqa: E731

    def press(key: str) -> dict:
        page.keyboard.press(key)
        page.wait_for_function("puzzleviz.mode === 'paused'", timeout=5_000)
        page.wait_for_timeout(100)
        return state()

    assert state()["error"] is None
    assert press(".")["position"] == 1  # one event: inside the first step
    assert press(".")["position"] == 2 and state()["step"] == 1
    assert press(",")["position"] == 1
    assert press("ArrowRight")["position"] == 2  # Right: to the step's end, by step
    before = state()["label"]
    assert press("l")["level"] == "milestone" and state()["label"] != before
    assert press("L")["level"] == "event"
    page.keyboard.press(" ")  # playing by event: one event a beat at a beat a second
    page.wait_for_timeout(400)
    page.keyboard.press(" ")
    page.wait_for_function("puzzleviz.mode === 'paused'", timeout=5_000)
    assert state()["position"] == 3  # the event under way is finished, not the step
    assert press("a")["auto"] is False
    page.close()


@pytest.mark.slow
@pytest.mark.gl
def test_a_sampled_stop_shows_the_windows_picture_of_that_step(
    browser,  # noqa: F811
    gl_ctx,
    toy_scene,
    tmp_path,
):
    trace = search_trace()
    html = tmp_path / "solve.html"
    html.write_text(render_page(trace, PARITY_SIZE).html)
    page = browser.new_page(viewport={"width": PARITY_SIZE[0], "height": PARITY_SIZE[1]})
    page.goto(html.resolve().as_uri())
    page.wait_for_function("window.puzzleviz && (puzzleviz.ready || puzzleviz.error)")
    track = page.evaluate("puzzleviz.track")  # a click in the search, far from milestones
    page.locator("#view").click(position={"x": track[0] + 0.55 * track[2], "y": track[1] + 2})
    steps = []
    for _ in range(4):  # Right walks a burst's single steps, then jumps to the next burst
        page.keyboard.press("ArrowRight")
        page.wait_for_function("puzzleviz.mode === 'paused'", timeout=5_000)
        page.wait_for_timeout(100)
        steps.append(page.evaluate("puzzleviz.step"))
    assert 1 in np.diff(steps) and max(np.diff(steps)) > 1, steps
    state = page.evaluate("({...window.puzzleviz})")
    shot = tmp_path / "page.png"
    page.locator("#view").screenshot(path=str(shot))
    page.close()
    window = next(stills(trace, [int(state["position"])], RecordSettings(size=PARITY_SIZE), gl_ctx))
    assert_close(load_png(shot), window, "sampled", tmp_path)


def test_the_automatic_pace_is_labelled_only_where_it_applies(toy_scene):
    for trace, applies in ((search_trace(), True), (search_trace(n_steps=40), False)):
        html = render_page(trace, SIZE).html
        payload = re.search(r'id="payload">([^<]*)<', html)
        assert payload is not None
        header = decode(base64.b64decode(payload.group(1))).header
        by = header["paceLabelsBy"]
        assert header["auto"] is applies
        assert (by["auto"] != by["step"]) is applies  # short: the window says "1 step/s"


def test_a_step_keeps_its_event_stops_when_it_has_fewer_motion_frames():
    model = ToyModel(4)
    tracer = RecordingTracer(model, solver="test", counters=("done",))
    for s in range(4):
        tracer.step(f"step {s}")
        for e in range(5):  # five events a step: four event boundaries inside it
            tracer.emit(Add(e % 4, s + 1) if e % 2 == 0 else Swap(e % 4, (e + 1) % 4))
    trace = tracer.finish()
    plan = schedule(Player(trace, model_for(trace)), tweens=1)
    stops = {plan.positions[slot] for slot in plan.event_rest}
    assert stops == set(map(float, range(trace.n_events + 1)))
    assert len(plan.positions) == trace.n_events + 1  # the motion frame gave way to them


def test_a_search_with_a_milestone_a_step_keeps_within_its_budget():
    trace = search_trace(n_steps=2_000, found_at=tuple(range(0, 2_000, 2)))
    plan = schedule(Player(trace, model_for(trace)), budget=200)
    assert len(plan.positions) <= 200
    assert plan.sampled and 2 < len(plan.milestones) <= 100

"""Drawings kept and replayed (viz.draw2d.Drawing): a block drawn into a blank list and
replayed gives the very runs of drawing it in place, whatever was drawn around it; a text
drawn again is replayed from the text cache with the same rows; a SET card's look is
drawn once and replayed across frames, the frames bit for bit those drawn afresh."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzleviz.assets import asset_path
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz import draw2d
from puzzleviz.viz.compose import compose, default_look
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.hud import HudOptions
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import scene_for

SIZE = (640, 360)


def _draw(d: DrawList2D, op: int, k: int) -> None:
    """One of the kinds of call a scene makes, placed by k."""
    x, y = 20.0 + 37 * k % 500, 15.0 + 23 * k % 300
    if op == 0:
        d.rect(x, y, 40, 20, "#336699", radius=4, stroke="#000000", width=2)
    elif op == 1:
        d.circle(x, y, 6 + k % 5, "#AA3322")
    elif op == 2:
        d.text(f"cell {k}", x, y, 14 + k % 3, anchor="cm")
    elif op == 3:
        d.polygon([(x, y), (x + 30, y), (x + 15, y + 25)], "#22AA55")
    else:
        d.line(x, y, x + 50, y + 10, "#111111", 2)


def _same(a: list[tuple[str, np.ndarray]], b: list[tuple[str, np.ndarray]]) -> bool:
    return [k for k, _ in a] == [k for k, _ in b] and all(
        x.tobytes() == y.tobytes() for (_, x), (_, y) in zip(a, b, strict=True)
    )


calls = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 40)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(before=calls, block=calls, after=calls)
def test_a_replayed_block_gives_the_runs_of_drawing_it_in_place(before, block, after):
    direct, replayed = DrawList2D(*SIZE), DrawList2D(*SIZE)
    for op, k in before:
        _draw(direct, op, k)
        _draw(replayed, op, k)
    kept = replayed.blank()
    for op, k in block:
        _draw(direct, op, k)
        _draw(kept, op, k)
    replayed.replay(kept.drawing())
    for op, k in after:
        _draw(direct, op, k)
        _draw(replayed, op, k)
    assert _same(direct.finish(), replayed.finish())
    assert [t.text for t in direct.texts] == [t.text for t in replayed.texts]


def test_a_text_drawn_again_is_replayed_with_the_same_rows():
    draw2d._TEXT_DRAWINGS.clear()
    first, again = DrawList2D(*SIZE), DrawList2D(*SIZE)
    assert first.text("Naked Single: C5 can only be 6", 30, 40, 18) == again.text(
        "Naked Single: C5 can only be 6", 30, 40, 18
    )
    assert len(draw2d._TEXT_DRAWINGS) == 1  # the second was the first, replayed
    assert _same(first.finish(), again.finish())
    moved = DrawList2D(*SIZE)
    moved.text("Naked Single: C5 can only be 6", 31, 40, 18)
    assert not _same(moved.finish(), first.finish())


def test_set_frames_with_kept_card_looks_are_the_frames_drawn_afresh(monkeypatch):
    from puzzleviz.scenes import setgame

    trace = load_trace(asset_path("demos", "setgame.pzt"))
    scene = scene_for("setgame")
    scene.warm_up(trace)
    player = Player(trace, model_for(trace))
    look = default_look(scene, player.frame(), HudOptions())
    positions = [0, trace.n_events // 3, trace.n_events // 3 + 0.5, trace.n_events]

    def frames() -> list[list[tuple[str, np.ndarray]]]:
        drawn = []
        for position in positions:
            player.seek(position)
            canvas, _ = compose(player.frame(), look, SIZE)
            drawn.append(canvas.d2.finish())
        return drawn

    setgame._CARD_DRAWINGS.clear()
    kept_twice = (frames(), frames())  # cold, then every look replayed
    assert setgame._CARD_DRAWINGS
    monkeypatch.setattr(setgame, "_draw_one", setgame._draw_card_at)
    afresh = frames()
    for cold, warm, fresh in zip(*kept_twice, afresh, strict=True):
        assert _same(cold, fresh) and _same(warm, fresh)

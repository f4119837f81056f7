from __future__ import annotations

import av
from puzzleviz.solvers.demos import demo_builders

from tests.cli.helpers import run_cli


def test_demo_without_a_display_records_the_tour_and_says_where(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, out, err = run_cli(capsys, "demo", "--size", "192x108", "--seconds", "0.5")
    assert code == 0
    assert "no display" in err and "demo.mp4" in out
    path = tmp_path / "demo.mp4"
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = sum(1 for _ in container.decode(stream))
    # Each puzzle with a demo rests 22 + 45 frames at its ends and moves for at most half a
    # second (15 frames); the pace is the next speed on the player's ladder, so a bit less.
    puzzles = len(demo_builders())
    rests = puzzles * (22 + 45)
    assert rests + puzzles * 3 <= frames <= rests + puzzles * 15

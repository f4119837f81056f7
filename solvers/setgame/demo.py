"""A short, watchable search of the real game for the demo tour."""

from __future__ import annotations

from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.setgame.board import Board
from puzzleviz.solvers.setgame.fast import frame_search, fullest_hyperplane_search, known_maximum
from puzzleviz.solvers.setgame.geometry import affine_space
from puzzleviz.solvers.setgame.kernels.bitsearch import COUNTERS, STOP_FIRST
from puzzleviz.solvers.setgame.model import SetGameModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer


def demo_trace(n: int = 4) -> Trace:
    """n = 4: the search that finds a 20-card cap (the fullest block holds a 9-card cap,
    about sixty placements), then the cap laid out; n <= 3: the whole frame search."""
    space = affine_space(n)
    model = SetGameModel(3, n)
    tracer = RecordingTracer(
        model, solver="setgame.demo", params={"n": n}, counters=COUNTERS, max_events=2_000_000
    )
    if n >= 4:
        target = known_maximum(n).size
        caps = fullest_hyperplane_search(space, target, STOP_FIRST, known_maximum(n - 1), tracer)
    else:
        from puzzleviz.solvers.setgame.kernels.bitsearch import ALL_MAX

        _, caps, _ = frame_search(space, ALL_MAX, n + 1, tracer)
    board = Board(model, tracer)
    size = len(caps[0])
    tracer.step(msg("A cap of {size} cards: no three of them form a SET", size=size))
    for card in caps[0]:
        board.place(card)
    tracer.milestone("solution", msg("{size} cards without a SET", size=size))
    return tracer.finish()

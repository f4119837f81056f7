"""A rings solution played move by move into a trace, after the search that found it (the
graph and depth-first searches of search/methods.py, the optimal solver of optimal/optimal.py)."""

from __future__ import annotations

from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.geometry import turn_message
from puzzleviz.solvers.rings.model.model import Rotate
from puzzleviz.solvers.tracer import Tracer


def forget_position_counters(tracer: Tracer) -> None:
    """The search's depth, estimate and bound describe the position it looked at last; once
    the trace shows other positions (the solution replayed) they are unknown, not shown.
    The totals (positions expanded, waiting) stay: they are facts about the search."""
    tracer.count(depth=-1, h=-1, bound=-1)


def record_moves(tracer: Tracer, config: RingConfig, moves: list[tuple[int, int]]) -> None:
    """A solution played move by move, each move a step, ending on 'solved'."""
    forget_position_counters(tracer)
    n = len(moves)
    for i, (ring, f) in enumerate(moves, start=1):
        tracer.step(msg("Move {i} of {total} · {turn}", i=i, total=n,
                        turn=turn_message(config, ring, f)))  # fmt: skip
        tracer.emit(Rotate(ring, f))
    if n:
        tracer.milestone("solved", msg("The rings are solved"))

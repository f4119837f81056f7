"""The window's G: a search from the user's board that a class can watch.

`solve` answers fast with symmetry shortcuts that show nothing worth watching: a known cap
relabelled onto the user's cards appears in one step. Asked to "watch the search", the
window gets the search itself instead, as `solve set --trace` records it: from the user's
cards, the bitset branch and bound (at most as many cards in a hyperplane as a cap of one
dimension less holds) looks for a cap of the largest size any cap has (20 cards for the
real game) and stops at the first; an empty board gets the demo's fullest-hyperplane
search. A node budget keeps the trace a few minutes of play at most. When the budget runs
out first, or no cap that large holds the user's cards, the proven answer comes from
`solve` and the trace ends on it, saying so.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.setgame.board import Board
from puzzleviz.solvers.setgame.fast import fullest_hyperplane_search, known_maximum
from puzzleviz.solvers.setgame.geometry import affine_space
from puzzleviz.solvers.setgame.kernels.bitsearch import COUNTERS, STOP_FIRST
from puzzleviz.solvers.setgame.model import SetGameModel
from puzzleviz.solvers.setgame.results import SetResult
from puzzleviz.solvers.setgame.runner import Captions, SearchStats, bit_run, free_candidates
from puzzleviz.solvers.setgame.search import solve
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import NULL_TRACER, RecordingTracer

WATCH_NODES = 3_000  # about a minute of the automatic pace
WATCH_EVENTS = 200_000


def can_watch(model: SetGameModel) -> bool:
    """The real game's sizes, whose largest cap is known (v = 3, n = 2..4)."""
    return model.v == 3 and 2 <= model.n <= 4


def watch_maximum(
    model: SetGameModel, state: np.ndarray, *, node_limit: int = WATCH_NODES
) -> tuple[SetResult, Trace]:
    """The largest cap with the board's cards and without its forbidden ones, and the
    trace of a search for it that starts from `state` (see the module docstring)."""
    if not can_watch(model):
        raise ValueError("a watched search needs the real game's cards (v = 3, n <= 4)")
    tracer = RecordingTracer(model, solver="setgame.fast", counters=COUNTERS,
                             params={"node_limit": node_limit, "watch": True},
                             initial_state=state, max_events=WATCH_EVENTS)  # fmt: skip
    board = Board(model, tracer, state)
    space, n = affine_space(model.n), model.n
    target = known_maximum(n).size
    stats = SearchStats()
    if board.level == 0 and not board.forbidden.any() and n >= 3:
        caps = fullest_hyperplane_search(space, target, STOP_FIRST, known_maximum(n - 1), tracer,
                                         stats)  # fmt: skip
    else:
        _, caps, _ = bit_run(space, board, Captions(tracer, board.space.all_words), stats,
                             free_candidates(board), target, STOP_FIRST, node_limit=node_limit,
                             keep=1, hyperplane_cap=known_maximum(n - 1).size)  # fmt: skip
    answer = solve(model.v, n, board=Board(model, NULL_TRACER, state))
    caption, cap = _ending(caps, stats, target, answer, yours=board.level > 0)
    tracer.count(best=len(cap))
    Board(model, tracer, state).show(cap, caption)
    tracer.milestone("solution", msg("a cap of {size} cards", size=len(cap)))
    return answer, tracer.finish()


def _ending(caps: list[list[int]], stats: SearchStats, target: int, answer: SetResult, *,
            yours: bool) -> tuple[str, list[int]]:  # fmt: skip
    """The last step's caption and the cap it lays out: the search's own, or the answer
    `solve` proved when the search stopped at its budget or found no cap that large."""
    nodes = stats.nodes
    if caps and yours:
        return msg("Found: a cap of {size} cards with yours after {nodes:,} nodes; no cap has "
                   "more", size=target, nodes=nodes), caps[0]  # fmt: skip
    if caps:
        return msg("Found: a cap of {size} cards after {nodes:,} nodes; no cap has more",
                   size=target, nodes=nodes), caps[0]  # fmt: skip
    if stats.finished:
        return msg("No cap of {target} cards fits here ({nodes:,} nodes searched); the largest "
                   "has {size}: here is one", target=target, nodes=nodes,
                   size=answer.max), answer.caps[0]  # fmt: skip
    stopped = msg("Stopped after {nodes:,} nodes; the largest cap here, known from the classes "
                  "of caps, has {size}: here is one", nodes=nodes, size=answer.max)  # fmt: skip
    return stopped, answer.caps[0]

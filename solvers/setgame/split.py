"""The constrained SET searches split into subtrees by their first card, on the engines of
solvers.split (`puzzleviz solve set ... --workers N / --scheduler ADDRESS / --split-log`).

Every search of search._search_board takes cards in index order, each placed or passed
over, so the subtree whose first card is c places c and then only cards after c: the
subtrees of the cards that may come first partition the search, and each is a part (plain
data: the game, the required and forbidden cards, the method, the target, the node limit
per part, and c). A part finds its own largest caps and every cap of that size; the merge,
in the order of the first cards (the order one search meets them in), keeps the largest
size, the caps of that size in that order and their count. So the answer, the caps listed
and the JSON are those of one process; only the nodes differ, as parts do not share the
best size found so far as a bound.

Small games (fewer than SPLIT_MIN_CARDS cards) and the unconstrained v = 3 proofs (a few
small searches, seconds at most) stay in one process: a cluster would only add its start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers.setgame.board import Board, prepare_board
from puzzleviz.solvers.setgame.geometry import affine_space, from_bitset, to_bitset
from puzzleviz.solvers.setgame.kernels.bitsearch import ALL_MAX
from puzzleviz.solvers.setgame.model import SetGameModel
from puzzleviz.solvers.setgame.runner import (
    Captions,
    SearchStats,
    bit_run,
    free_candidates,
    try_from_run,
)
from puzzleviz.solvers.split.choose import engine_for
from puzzleviz.solvers.split.parts import Job, Key, PartResult
from puzzleviz.solvers.split.run import run_parts
from puzzleviz.solvers.tracer import NULL_TRACER

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.split.options import SplitOptions

SPLIT_MIN_CARDS = 64  # v^n: AG(4,3)'s 81 cards, 4^3 = 64; smaller games end in seconds
RUNNER = "puzzleviz.solvers.setgame.split:search_part"
WARM = "puzzleviz.solvers.setgame.split:warm"
KINDS = ("seed", "bitset", "bounded")  # search._search_board's three searches


def worth_splitting(board: Board, options: SplitOptions | None) -> bool:
    return options is not None and options.splits and board.space.size >= SPLIT_MIN_CARDS


def set_job(board: Board, kind: str, *, symmetric: bool, target: int, keep: int,
            hyperplane_cap: int | None, node_limit: int) -> Job:  # fmt: skip
    space = board.space
    problem = {
        "v": space.v, "n": space.n, "with": [int(c) for c in board.chosen],
        "forbid": [int(c) for c in np.flatnonzero(board.forbidden)], "kind": kind,
        "symmetric": symmetric, "target": target, "keep": keep, "hyperplane_cap": hyperplane_cap,
    }  # fmt: skip
    return Job("set", RUNNER, problem, node_limit, warm=WARM)


def first_cards(job: Job) -> list[Key]:
    """The parts: each card the search may take first, in the order it would."""
    board = _board(job)
    if job.problem["kind"] == "bitset":
        cards = from_bitset(_candidates(board))
    else:
        start = board.chosen[-1] + 1 if job.problem["symmetric"] else 0
        cards = [c for c in range(start, board.space.size) if board.can_place(c)]
    return [(int(c),) for c in cards]


def split_search(
    board: Board, kind: str, options: SplitOptions, progress: Progress, *, symmetric: bool,
    target: int, keep: int, hyperplane_cap: int | None, node_limit: int,
) -> tuple[int, list[list[int]], int, SearchStats, str]:  # fmt: skip
    """What the one search of that kind would return (best, caps, how many caps of that
    size), its nodes and whether it finished, and a note saying how it was split."""
    job = set_job(board, kind, symmetric=symmetric, target=target, keep=keep,
                  hyperplane_cap=hyperplane_cap, node_limit=node_limit)  # fmt: skip
    keys = first_cards(job)
    with engine_for(options) as engine:
        parts = run_parts(job, keys, engine, log=options.log(), progress=progress)
        where = engine.name
    best, caps, found = merge(job, parts)
    stats = SearchStats(
        nodes=sum(p.nodes for p in parts), finished=not any(p.stopped for p in parts)
    )
    note = f"searched in {len(keys)} parts, one per first card, on {where}"
    return best, caps, found, stats, note


def merge(job: Job, parts: list[PartResult]) -> tuple[int, list[list[int]], int]:
    """The largest size over the parts, and the caps of that size in the order of the
    parts (the root's own cap first, for a search whose root already is one)."""
    problem = job.problem
    chosen = sorted(problem["with"])
    level = len(chosen)
    entries: list[tuple[int, list[list[int]], int]] = []
    if level >= problem["target"] or problem["kind"] != "bitset":
        entries.append((level, [chosen], 1))  # the search's root, a cap of its own
    entries += [(p.data["best"], p.data["caps"], p.data["found"]) for p in parts]
    best = max((b for b, _, _ in entries), default=-1)
    caps: list[list[int]] = []
    found = 0
    for size, listed, met in entries:
        if size == best:
            caps.extend(listed[: problem["keep"] - len(caps)])
            found += met
    return best, caps, found


# -- what the workers run (imported by name) ------------------------------------------------


def _board(job: Job) -> Board:

    problem = job.problem
    # The symmetric search's card 0 is among the "with" cards: the board held it when the
    # job was described.
    return prepare_board(
        SetGameModel(problem["v"], problem["n"]), problem["with"], problem["forbid"], NULL_TRACER
    )


def _candidates(board: Board, after: int = -1) -> np.ndarray:
    """The bitset search's candidates (a bitset): free, allowed cards after `after`."""
    bits = free_candidates(board)
    if after >= 0:
        bits &= ~to_bitset(np.arange(after + 1), board.space.size)
    return bits


def _cap_hyperplanes(board: Board, bits: np.ndarray, cap: int | None) -> np.ndarray:
    """Without the cards of a hyperplane already holding the most it may: the rule the
    kernel applies when it places a card, here for the part's first card."""
    if cap is None:
        return bits
    space = affine_space(board.space.n)
    counts = np.bincount(space.point_hyperplanes[board.chosen].ravel(),
                         minlength=space.hyperplane_masks.shape[0])  # fmt: skip
    for h in np.flatnonzero(counts >= cap):
        bits = bits & ~space.hyperplane_masks[h]
    return bits


def search_part(job: Job, key: Key) -> PartResult:
    (card,) = key
    problem = job.problem
    board = _board(job)
    start_level = board.level
    board.place(card)
    stats = SearchStats()
    captions = Captions(NULL_TRACER, [])
    keep, limit = int(problem["keep"]), job.node_limit
    if problem["kind"] == "bitset":
        cap = problem["hyperplane_cap"]
        candidates = _cap_hyperplanes(board, _candidates(board, card), cap)
        best, caps, found = bit_run(
            affine_space(board.space.n), board, captions, stats, candidates,
            int(problem["target"]), ALL_MAX, node_limit=limit, keep=keep, hyperplane_cap=cap,
        )  # fmt: skip
    else:
        bounded = problem["kind"] == "bounded"
        third = affine_space(board.space.n).third if board.space.v == 3 and not bounded else None
        best, caps, found = try_from_run(
            board, captions, stats, bounded=bounded, first=card + 1, node_limit=limit, keep=keep,
            best_start=start_level if bounded else 0, third=third,
        )  # fmt: skip
    data: dict[str, Any] = {"best": int(best), "caps": caps, "found": int(found)}
    return PartResult(key, data, stats.nodes, stopped=not stats.finished)


def warm(job: Job) -> None:
    """Load the kernels (a one-node search) and build the game's tables."""
    keys = first_cards(job)
    if keys:
        search_part(Job(job.puzzle, job.runner, job.problem, 1), keys[-1])

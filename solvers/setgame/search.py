"""One entry point for "the largest cap under these constraints", used by the session and
the CLI: picks the method (fast proof, bounded search, or the seed's TryFrom), records the
trace, and reports what was found and what was proven."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import msg
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.setgame.affine import classify
from puzzleviz.solvers.setgame.board import Board, prepare_board
from puzzleviz.solvers.setgame.constrained import caps_through, count_avoiding, random_witness
from puzzleviz.solvers.setgame.fast import known_maximum, maximum_v3
from puzzleviz.solvers.setgame.geometry import affine_space
from puzzleviz.solvers.setgame.kernels.bitsearch import ALL_MAX
from puzzleviz.solvers.setgame.model import FREE, REASON_SYMMETRY, SetGameModel
from puzzleviz.solvers.setgame.results import SetResult
from puzzleviz.solvers.setgame.runner import (
    NO_LIMIT,
    Captions,
    SearchStats,
    bit_run,
    free_candidates,
    try_from_run,
)
from puzzleviz.solvers.setgame.split import split_search, worth_splitting
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer

if TYPE_CHECKING:
    from puzzleviz.solvers.plugin import Limits
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.setgame.options import SetProblem
    from puzzleviz.solvers.split.options import SplitOptions

SOLVERS = ("fast", "seed")
MAX_CLASSIFIED = 20_000  # caps classified one by one; more would take too long to group


def solve(
    v: int,
    n: int,
    *,
    with_cards: Sequence[int] = (),
    forbidden: Sequence[int] = (),
    count: bool = False,
    solver: str = "fast",
    tracer: Tracer = NULL_TRACER,
    node_limit: int | None = None,
    board: Board | None = None,
    default_limit: int | None = None,
    split: SplitOptions | None = None,
    progress: Progress | None = None,
) -> SetResult:
    """The largest cap containing `with_cards` and avoiding `forbidden`.

    With `board` given (a session's), its placed and forbidden cards are the constraints
    and its state is where the trace starts; the board is left as it was. `node_limit`
    bounds every search (and so rules out the symmetry shortcuts, which are not node
    bounded); `default_limit`, when there is no `node_limit`, bounds only the searches
    that can run for hours, so a default limit never costs a proof that is quick anyway.
    `split` (--workers, --scheduler, --split-log) splits a large constrained search into
    subtrees by their first card (split.py); then `node_limit` bounds each of them."""
    if solver not in SOLVERS:
        raise PuzzleInputError(f"unknown solver {solver!r} (choose from {', '.join(SOLVERS)})")
    model = SetGameModel(v, n)
    if board is None:
        board = prepare_board(model, with_cards, forbidden, tracer)
    else:
        board = Board(model, tracer, board.state)
    limit = node_limit if node_limit is not None else default_limit or NO_LIMIT
    constrained = board.level > 0 or bool(board.forbidden.any())
    if solver == "fast" and v == 3 and not constrained and node_limit is None:
        found = maximum_v3(n, count=count, tracer=tracer)
        return SetResult(
            v,
            n,
            found.size,
            found.proven,
            found.count,
            found.classes,
            found.caps,
            found.upper_bound,
            found.nodes,
            solver,
            found.method,
            found.notes,
        )
    required = board.chosen
    if solver == "fast" and v == 3 and n <= 4 and required and not board.forbidden.any():
        known = known_maximum(n, count=True)
        through = caps_through(affine_space(n), known.classes or [], required)
        if through is not None:
            total, caps, classes = through
            _show_caps(board, caps[:1], msg("A maximum cap through the required cards"))
            return SetResult(
                v,
                n,
                known.size,
                True,
                total if count else None,
                classes if count else None,
                caps,
                known.size,
                0,
                solver,
                "maximum caps relabeled onto the required cards",
            )
    witness = None
    if solver == "fast" and v == 3 and n <= 4 and board.forbidden.any():
        known = known_maximum(n, count=True)
        forbidden_cards = [int(c) for c in np.flatnonzero(board.forbidden)]
        witness = random_witness(affine_space(n), known.classes or [], required, forbidden_cards)
        exact = (
            count_avoiding(affine_space(n), known.classes or [], required, forbidden_cards)
            if count and witness is not None
            else None
        )
        if witness is not None and (not count or exact is not None):
            _show_caps(board, [witness], msg("A maximum cap that avoids the forbidden cards"))
            listed = [witness]
            through = (
                caps_through(affine_space(n), known.classes or [], required) if required else None
            )
            if through is not None:
                banned = set(forbidden_cards)
                listed += [c for c in through[1] if not banned & set(c) and c != witness]
            return SetResult(
                v,
                n,
                known.size,
                True,
                None if exact is None else exact[0],
                None if exact is None else exact[1],
                listed,
                known.size,
                0,
                solver,
                "a relabeled maximum cap avoids the forbidden cards"
                + (" (counted by inclusion-exclusion)" if exact else ""),
                [f"no cap has more than {known.size} cards, so this maximum is proven"],
            )
    start = known_maximum(n).size if witness is not None else None
    return _search_board(board, count=count, solver=solver, node_limit=limit, target=start,
                         split=split, progress=progress)  # fmt: skip


def _show_caps(board: Board, caps: list[list[int]], caption: str) -> None:
    """Place a found cap on the board (for the trace), then take it back."""
    if not board.tracer.enabled:
        return
    start = board.level
    for k, cap in enumerate(caps):
        board.tracer.step(caption)
        for card in cap:
            if board.status[card] == FREE:
                board.place(card)
        board.tracer.milestone("solution", msg("a cap of {size} cards", size=len(cap)))
        if k + 1 < len(caps):  # the last one stays on the board: the trace ends on it
            board.tracer.step(msg("Take it back to show the next one"))
            board.take_back_to(start)


def _search_board(
    board: Board, *, count: bool, solver: str, node_limit: int, target: int | None = None,
    split: SplitOptions | None = None, progress: Progress | None = None,
) -> SetResult:  # fmt: skip
    """Search under constraints; `target` (a size known to be reachable) lets the bound
    prune everything smaller from the start. Split by the first card when `split` asks
    and the game is large (split.py)."""
    parted = worth_splitting(board, split) and not board.tracer.enabled
    space = board.space
    v, n = space.v, space.n
    tracer = board.tracer
    captions = Captions(tracer, space.all_words)
    stats = SearchStats()
    start_level = board.level
    symmetric = start_level == 0 and not board.forbidden.any() and solver == "fast"
    notes: list[str] = []
    if solver == "seed":
        if parted:
            best, caps, found, stats, note = _split(
                board, "seed", split, progress, symmetric=False, target=0, hyperplane_cap=None,
                keep=1000, node_limit=node_limit,
            )  # fmt: skip
            notes.append(note)
        else:
            best, caps, found = _try_from(board, captions, stats, False, node_limit)
        method = "seed TryFrom"
    elif v == 3:
        below = known_maximum(n - 1).size if 2 <= n <= 5 else None
        tracer.step(
            msg("Bitset search with bounds (the constraints rule out the symmetry shortcuts); "
                "a hyperplane holds at most {below} cards", below=below) if below else
            msg("Bitset search with bounds (the constraints rule out the symmetry shortcuts)")
        )  # fmt: skip
        goal = board.level if target is None else target
        if parted:
            best, caps, found, stats, note = _split(
                board, "bitset", split, progress, symmetric=False, target=goal,
                hyperplane_cap=below, keep=100_000, node_limit=node_limit,
            )  # fmt: skip
            notes.append(note)
        else:
            best, caps, found = bit_run(
                affine_space(n),
                board,
                captions,
                stats,
                free_candidates(board),
                goal,
                ALL_MAX,
                node_limit=node_limit,
                keep=100_000,
                hyperplane_cap=below,
            )
        method = "bitset branch and bound"
    else:
        if symmetric:
            tracer.step(msg("Symmetry: relabel variants so that the cap holds {card}",
                            card=space.word(0)))  # fmt: skip
            board.place(0)
        if parted:
            best, caps, found, stats, note = _split(
                board, "bounded", split, progress, symmetric=symmetric, target=board.level,
                hyperplane_cap=None, keep=1000, node_limit=node_limit,
            )  # fmt: skip
            notes.append(note)
        else:
            best, caps, found = _try_from(board, captions, stats, True, node_limit)
        method = "bounded TryFrom" + (" with the first card fixed" if symmetric else "")
        if symmetric:
            board.take_back_to(0)
    finished = stats.finished
    best = max(best, start_level)
    if finished:
        tracer.milestone(
            "proven", msg("the search is complete: {best} cards is the maximum", best=best)
        )
    if v == 3 and not finished and n <= 4 and best == known_maximum(n).size:
        notes.append(f"{best} cards is the most any cap has, so this maximum is proven")
        proven_max = True
    else:
        proven_max = finished
    total: int | None = found if finished else None
    if symmetric and finished and v != 3 and best > 0:
        # every card is in the same number of maximum caps: count = cards * found / size
        total = space.size * found // best
    classes = None
    if count and v == 3 and finished and 0 < found <= MAX_CLASSIFIED:
        try:
            classes, _ = classify(affine_space(n), caps)
        except ValueError:
            notes.append("the maximum caps lie in a hyperplane: no affine classes")
    if not finished:
        what = "the count is incomplete" if proven_max else "the maximum is not proven"
        notes.append(f"stopped after {stats.nodes:,} nodes: {what}")
    if found > len(caps):
        notes.append(f"{len(caps):,} of {found:,} caps kept")
    if tracer.enabled and caps:
        _end_on_the_best(board, caps[0], best, proven_max, stats.nodes)
    return SetResult(
        v,
        n,
        best,
        proven_max,
        total if count else None,
        classes,
        caps,
        best if proven_max else None,
        stats.nodes,
        solver,
        method,
        notes,
        finished,
    )


def _try_from(
    board: Board, captions: Captions, stats: SearchStats, bounded: bool, node_limit: int
) -> tuple[int, list[list[int]], int]:
    """The seed's TryFrom from the board (bounded: from the size it already holds)."""
    space = board.space
    return try_from_run(
        board, captions, stats, bounded=bounded, node_limit=node_limit,
        best_start=board.level if bounded else 0,
        third=affine_space(space.n).third if space.v == 3 and not bounded else None,
    )  # fmt: skip


def _split(board: Board, kind: str, split: SplitOptions | None, progress: Progress | None,
           **how: Any) -> tuple[int, list[list[int]], int, SearchStats, str]:  # fmt: skip
    assert split is not None  # worth_splitting said so
    return split_search(
        board, kind, split, progress or Progress(None, "parts", enabled=False), **how
    )


def _end_on_the_best(board: Board, cap: list[int], best: int, proven: bool, nodes: int) -> None:
    """End the search's trace on what it found, not on its last take-back (which leaves
    the board empty): a summary step that lays one largest cap out again."""
    caption = (
        msg("Finished: {best} cards without a SET, proven the largest, {nodes:,} nodes "
            "searched: here is one", best=best, nodes=nodes) if proven else
        msg("Finished: {best} cards without a SET, not proven (the search was stopped), "
            "{nodes:,} nodes searched: here is one", best=best, nodes=nodes)
    )  # fmt: skip
    board.show(cap, caption)


__all__ = ["REASON_SYMMETRY", "SOLVERS", "SetResult", "prepare_board", "solve"]


# -- the puzzle's methods, in the plugin API's one signature (solvers.plugin) --------------


def _method(solver: str) -> Callable[[SetProblem, Tracer, Limits, Progress], SetResult]:
    def run(problem: SetProblem, tracer: Tracer, limits: Limits, progress: Progress) -> SetResult:
        """A user's --max-nodes bounds every search (and rules out the unbounded shortcuts);
        the default limit bounds only the searches that can run for hours."""
        node_limit = None if limits.default_nodes else limits.nodes
        if problem.prove is not None:
            from puzzleviz.solvers.setgame.five.answer import proof_result

            return proof_result(problem.n, problem.prove, problem.split, tracer, progress,
                                node_limit)  # fmt: skip
        if problem.classify is not None:
            from puzzleviz.solvers.setgame.five.answer import classify_result

            return classify_result(problem.n, problem.classify, problem.split, progress,
                                   node_limit)  # fmt: skip
        model = SetGameModel(problem.v, problem.n)
        board = prepare_board(model, problem.with_cards, problem.forbidden, tracer)
        progress.label, progress.unit = "searching", "nodes"
        result = solve(
            problem.v, problem.n, count=problem.count, solver=solver, tracer=tracer,
            node_limit=None if limits.default_nodes else limits.nodes,
            default_limit=limits.nodes if limits.default_nodes else None, board=board,
            split=problem.split, progress=progress,
        )  # fmt: skip
        result.caps_in_json = problem.caps_in_json
        return result

    run.__name__ = run.__qualname__ = solver
    return run


fast, seed = _method("fast"), _method("seed")

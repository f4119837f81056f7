"""Running the numba kernels from Python: board in, solutions and trace events out."""

from __future__ import annotations

import dataclasses

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int16Array, Int64Array
from puzzleviz.solvers.i18n import N_, msg, nmsg
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped
from puzzleviz.solvers.kernel_trace import KernelBuffer
from puzzleviz.solvers.setgame.arrays import CardBits, CardTable
from puzzleviz.solvers.setgame.board import Board
from puzzleviz.solvers.setgame.cards import card_look
from puzzleviz.solvers.setgame.geometry import AffineSpace, from_bitset, to_bitset
from puzzleviz.solvers.setgame.kernels.bitsearch import (
    COUNTERS,
    ST_FINISHED,
    ST_SOLUTIONS,
    bit_search,
)
from puzzleviz.solvers.setgame.kernels.tryfrom import try_from_kernel
from puzzleviz.solvers.setgame.model import FREE
from puzzleviz.solvers.tracer import Tracer

NO_LIMIT = 2**62


@dataclasses.dataclass
class SearchStats:
    """What the searches of one solve did, summed."""

    nodes: int = 0
    finished: bool = True

    def array(self) -> Int64Array:
        return np.array([self.nodes, 0, 0, 1], dtype=np.int64)

    def take(self, stats: Int64Array) -> None:
        self.nodes = int(stats[0])
        self.finished = self.finished and bool(stats[ST_FINISHED])


class Captions:
    """Interned captions the kernels attach to steps and milestones."""

    def __init__(self, tracer: Tracer, words: list[str]):
        size = len(words)
        self.enabled = tracer.enabled
        if not tracer.enabled:
            zeros = np.full(size + 1, -1, dtype=np.int32)
            self.place = self.best = zeros
            self.back = np.full((2, size + 1), -1, dtype=np.int32)
            self.best_kind = self.sol_kind = self.sol = 0
            return
        looks = _looks(words)
        self.place = np.array(
            [tracer.intern(
                msg("Place {card} ({look}): every card it would make a SET with goes grey",
                    card=w, look=look) if look else
                msg("Place {card}: every card it would make a SET with goes grey", card=w))
             for w, look in zip(words, looks, strict=True)],
            dtype=np.int32,
        )  # fmt: skip
        # back[0]: after a dead end; back[1]: right after a solution, to look for more
        self.back = np.array(
            [[tracer.intern(msg(why[0], card=w, look=look) if look else msg(why[1], card=w))
              for w, look in zip(words, looks, strict=True)]
             for why in _BACK],
            dtype=np.int32,
        )  # fmt: skip
        self.best = np.array(
            [tracer.intern(nmsg("new best: {n} card", "new best: {n} cards", k))
             for k in range(size + 1)], dtype=np.int32,
        )  # fmt: skip
        self.best_kind = tracer.intern("best")
        self.sol_kind = tracer.intern("solution")
        self.sol = tracer.intern(msg("a cap of the size sought"))


_BACK = (  # (with the card's look, without), after a dead end and after a solution
    (N_("Dead end: take {card} ({look}) back, its grey cards return"),
     N_("Dead end: take {card} back, its grey cards return")),
    (N_("Back to look for more: take {card} ({look}) back, its grey cards return"),
     N_("Back to look for more: take {card} back, its grey cards return")),
)  # fmt: skip


def _looks(words: list[str]) -> list[str]:
    """ "two green open diamonds" (a message) for real cards (v = 3, n <= 4), else ""."""
    if not words or len(words) != 3 ** len(words[0]) or len(words[0]) > 4:
        return [""] * len(words)
    n = len(words[0])
    return [card_look(card, n).message() for card in range(len(words))]


def kernel_buffer(tracer: Tracer) -> KernelBuffer:
    buf = tracer.kernel_buffer()
    if tracer.enabled and buf.current.shape[0] != len(COUNTERS):
        raise ValueError(f"a setgame search tracer needs the counters {COUNTERS}")
    return buf


def rows_to_caps(rows: Int16Array, count: int) -> list[list[int]]:
    caps = []
    for row in rows[: min(count, rows.shape[0])]:
        caps.append(sorted(int(c) for c in row if c >= 0))
    return caps


def bit_run(
    space: AffineSpace,
    board: Board,
    captions: Captions,
    stats: SearchStats,
    candidates: CardBits,
    target: int,
    mode: int,
    *,
    hyperplane_cap: int | None = None,
    slices: tuple[int, int, int, int] | None = None,
    use_match: bool = True,
    node_limit: int = NO_LIMIT,
    keep: int = 1000,
) -> tuple[int, list[list[int]], int]:
    """One bit_search from the board's placed cards; returns best, caps (as many as `keep`)
    and how many caps of the best size it met."""
    tracer = board.tracer
    chosen_list = board.chosen
    n_cards = space.size
    chosen = np.zeros(n_cards + 1, dtype=np.int64)
    chosen[: len(chosen_list)] = chosen_list
    n_hyp = space.hyperplane_masks.shape[0]
    cap = n_cards + 1 if hyperplane_cap is None else hyperplane_cap
    hyp_cap = np.full(n_hyp, cap, dtype=np.int64)
    hyp_cnt = np.zeros(n_hyp, dtype=np.int64)
    for c in chosen_list:
        hyp_cnt[space.point_hyperplanes[c]] += 1
    free0 = to_bitset(np.flatnonzero(board.status == FREE), n_cards)
    s1, s2, a_min, split = (-1, -1, 0, n_cards) if slices is None else slices
    sol_out = np.empty((keep, n_cards), dtype=np.int16)
    run_stats = stats.array()
    buf = kernel_buffer(tracer)
    best = bit_search(
        space.third,
        space.point_hyperplanes,
        space.hyperplane_masks,
        hyp_cap,
        hyp_cnt,
        chosen,
        len(chosen_list),
        candidates,
        free0,
        target,
        mode,
        use_match,
        s1,
        s2,
        a_min,
        split,
        node_limit,
        sol_out,
        run_stats,
        captions.enabled,
        buf,
        captions.place,
        captions.back,
        captions.best_kind,
        captions.best,
        captions.sol_kind,
        captions.sol,
        current_control(),
    )
    raise_if_stopped()
    tracer.absorb(buf)
    stats.take(run_stats)
    found = int(run_stats[ST_SOLUTIONS])
    return int(best), rows_to_caps(sol_out, found), found


def try_from_run(
    board: Board,
    captions: Captions,
    stats: SearchStats,
    *,
    bounded: bool,
    first: int = 0,
    best_start: int = 0,
    node_limit: int = NO_LIMIT,
    keep: int = 1000,
    third: CardTable | None = None,
) -> tuple[int, list[list[int]], int]:
    """The seed's TryFrom from the board's placed cards (which it keeps)."""
    space = board.space
    chosen_list = board.chosen
    chosen = np.zeros(space.size + 1, dtype=np.int64)
    chosen[: len(chosen_list)] = chosen_list
    status = board.status.astype(np.int64)
    by = board.by.astype(np.int64)
    forbidden = board.forbidden.astype(np.int64)
    if third is None:
        third = np.zeros((1, 1), dtype=np.int32)
    sol_out = np.full((keep, space.size), -1, dtype=np.int16)
    run_stats = stats.array()
    buf = kernel_buffer(board.tracer)
    best = try_from_kernel(
        space.digits,
        space.v,
        third,
        status,
        by,
        forbidden,
        chosen,
        len(chosen_list),
        first,
        bounded,
        best_start,
        node_limit,
        sol_out,
        run_stats,
        captions.enabled,
        buf,
        captions.place,
        captions.back,
        captions.best_kind,
        captions.best,
        current_control(),
    )
    raise_if_stopped()
    board.tracer.absorb(buf)
    stats.take(run_stats)
    found = int(run_stats[ST_SOLUTIONS])
    return int(best), rows_to_caps(sol_out, found), found


def free_candidates(board: Board, allowed: BoolArray | None = None) -> CardBits:
    ok = (board.status == FREE) & ~board.forbidden
    if allowed is not None:
        ok &= allowed
    return to_bitset(np.flatnonzero(ok), len(ok))


__all__ = ["Captions", "SearchStats", "bit_run", "free_candidates", "from_bitset", "try_from_run"]

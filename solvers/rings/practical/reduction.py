"""Solving two-colour configurations by reduction: first the rings, then each ring's order.

The beam of solvers.rings.practical.practical solves the two-ring and three-ring puzzles directly,
but with five rings and two colours per ring (5/18/2/2, ten colours) its guide is too
weak: the beam wanders for minutes. Splitting the problem makes both halves easy:

1. Rings. Merge each ring's two colours into one (colours 2k-1 and 2k become k). The
   result is a valid one-colour-per-ring state of the same rings, which the practical
   beam solves in well under a second. Afterwards every ring holds exactly its two
   colours, in some order.
2. Order. Each ring's own balls must form two blocks (one colour change in index order).
   The tools are conjugated commutators S C S^-1: C = R_a^i R_b^j R_a^-i R_b^-j of two
   neighbouring rings moves 4 or 5 balls (a double swap or a 5-cycle), and a short setup
   S of one to three turns brings the balls to be moved under it; every other ball stays
   put. Macros that would carry a colour into a ring it does not belong to are never
   used, so the rings stay solved. A greedy pass applies, again and again, the macro that
   removes the most misplaced balls per turn spent (shortest setups first) until none
   are left.

Misplaced balls are counted against the better of each ring's two block orders (lower
colour first or higher colour first), so the goal is exactly "zero misplaced".
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from puzzleviz.solvers.arrays import Int8Array, Int32Array, Int64Array, UInt8Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import is_goal
from puzzleviz.solvers.rings.model.macros import (
    Turn,
    all_turns,
    commutators,
    sequence_gather,
    turn_gather,
)
from puzzleviz.solvers.rings.search.graphsearch import (
    CANCELLED,
    FOUND,
    N_STATUS,
    ST_EXPANDED,
    ST_H,
    STALLED,
)

MAX_SUPPORT = 5  # balls a base commutator may move: double swaps and 5-cycles


def merged_config(config: RingConfig) -> RingConfig:
    """The same rings with one colour per ring."""
    return RingConfig.parse(f"{config.rings}/{config.size}/1/{config.inner}")


def merge_colours(state: np.ndarray) -> np.ndarray:
    """Colours 2k-1 and 2k (1-based) become k."""
    return (np.asarray(state, dtype=np.int32) + 1) // 2


class MacroTable:
    """Every S C S^-1 as its setup and base, with the moved balls as (destination, source)
    pairs: after the macro, ball position dst holds what src held."""

    def __init__(self, config: RingConfig, depth: int):
        n = config.n_balls
        turns = all_turns(config)
        gathers = {t: turn_gather(config, *t) for t in turns}
        # setups: every sequence of at most `depth` turns, no ring twice in a row; built
        # a layer at a time as whole arrays (depth 3 on the Olympic rings: 400,000 setups)
        setups: list[tuple[Turn, ...]] = [()]
        layer_seqs: list[tuple[Turn, ...]] = [()]
        layer = np.arange(n, dtype=np.uint8)[None, :]
        blocks = [layer]
        for _ in range(depth):
            next_seqs, next_blocks = [], []
            for t in turns:
                keep = [k for k, seq in enumerate(layer_seqs) if not seq or seq[-1][0] != t[0]]
                next_seqs += [layer_seqs[k] + (t,) for k in keep]
                next_blocks.append(layer[keep][:, gathers[t]])
            layer_seqs, layer = next_seqs, np.concatenate(next_blocks)
            setups += layer_seqs
            blocks.append(layer)
        setup_gather = np.concatenate(blocks)
        # base commutators of neighbouring rings that move few balls
        bases: list[tuple[Turn, ...]] = []
        supports: list[np.ndarray] = []
        for seq in commutators(config):
            total = sequence_gather(config, seq)
            moved = np.flatnonzero(total != np.arange(n))
            if 0 < moved.size <= MAX_SUPPORT:
                bases.append(seq)
                pairs = np.full((MAX_SUPPORT, 2), -1, dtype=np.int32)
                pairs[: moved.size, 0] = moved
                pairs[: moved.size, 1] = total[moved]
                supports.append(pairs)
        self.config = config
        self.setups = setups
        self.bases = bases
        self.setup_gather = setup_gather
        self.setup_length = np.array([len(s) for s in setups], dtype=np.int64)
        self.base_pairs = np.array(supports, dtype=np.int32)
        # the inverse gathers: setup_inverse[s, p] is where setup s carries the ball at p
        self.setup_inverse = np.empty_like(setup_gather)
        rows = np.arange(len(setups))[:, None]
        self.setup_inverse[rows, setup_gather] = np.arange(n, dtype=np.uint8)[None, :]
        # bases_at[q]: (base, pair slot) of every base that moves a ball into position q,
        # padded with -1
        lists: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for b, pairs in enumerate(supports):
            for slot, dst in enumerate(pairs[:, 0]):
                if dst >= 0:
                    lists[dst].append((b, slot))
        self.bases_at = np.full((n, max(map(len, lists)), 2), -1, dtype=np.int32)
        for q, entries in enumerate(lists):
            self.bases_at[q, : len(entries)] = entries

    def moves(self, setup: int, base: int) -> list[tuple[int, int]]:
        g = self.config.size
        s = self.setups[setup]
        undo = [(r, g - f) for r, f in reversed(s)]
        return [*s, *self.bases[base], *undo]


@functools.lru_cache(maxsize=4)
def macro_table(config: RingConfig, depth: int) -> MacroTable:
    return MacroTable(config, depth)


def block_targets(config: RingConfig, state: np.ndarray) -> np.ndarray:
    """(2, N) int8: each ball's wanted colour (0-based) under the two block orders of its
    ring: lower colour first (row 0) or higher colour first (row 1). Needs every ring to
    hold exactly two colours (the state after the rings stage)."""
    x = np.asarray(state, dtype=np.int32) - 1
    out = np.empty((2, config.n_balls), dtype=np.int8)
    for r in range(config.rings):
        lo, hi = config.offsets[r], config.offsets[r + 1]
        colours, counts = np.unique(x[lo:hi], return_counts=True)
        if colours.size != 2:
            raise ValueError(f"ring {r + 1} holds colours {colours + 1}, not two")
        out[0, lo:hi] = np.repeat(colours, counts)
        out[1, lo:hi] = np.repeat(colours[::-1], counts[::-1])
    return out


@njit(cache=True)
def _misplaced(x: Int32Array, targets: Int8Array, ring_of: Int64Array, n_rings: int) -> Int64Array:
    """(n_rings, 2) misplaced balls of each ring under each block order."""
    out = np.zeros((n_rings, 2), dtype=np.int64)
    for i in range(x.shape[0]):
        for o in range(2):
            if x[i] != targets[o, i]:
                out[ring_of[i], o] += 1
    return out


@njit(cache=True)
def _useful_positions(
    x: Int32Array, targets: Int8Array, ring_of: Int64Array, miss: Int64Array, max_support: int
) -> Int64Array:
    """Balls a helpful macro must move: misplaced under a block order that a macro could
    bring below the ring's current best (one moving k balls lowers a count by k at most)."""
    out = np.empty(x.shape[0], dtype=np.int64)
    n = 0
    for i in range(x.shape[0]):
        r = ring_of[i]
        best = min(miss[r, 0], miss[r, 1])
        for o in range(2):
            if x[i] != targets[o, i] and miss[r, o] - max_support < best:
                out[n] = i
                n += 1
                break
    return out[:n]


@njit(cache=True)
def _macro_gain(
    x: Int32Array, targets: Int8Array, ring_of: Int64Array, miss: Int64Array, sg: UInt8Array,
    pairs: Int32Array, delta: Int64Array, touched: Int64Array,
) -> int:  # fmt: skip
    """Misplaced balls removed by one macro (setup gather sg, base pairs), or -1 if it
    would carry a colour into a ring it does not belong to."""
    nt = 0
    foreign = False
    for k in range(pairs.shape[0]):
        if pairs[k, 0] < 0:
            break
        dst = sg[pairs[k, 0]]
        src = sg[pairs[k, 1]]
        if x[src] != targets[0, dst] and x[src] != targets[1, dst]:
            foreign = True
        r = ring_of[dst]
        for o in range(2):
            t = targets[o, dst]
            delta[r, o] += (x[src] != t) - (x[dst] != t)
        touched[nt] = r
        nt += 1
    gain = 0
    for k in range(nt):
        r = touched[k]
        if delta[r, 0] == 0 and delta[r, 1] == 0:
            continue  # no change, or this ring was counted already
        gain += min(miss[r, 0], miss[r, 1]) - min(
            miss[r, 0] + delta[r, 0], miss[r, 1] + delta[r, 1]
        )
        delta[r, 0] = 0
        delta[r, 1] = 0
    return -1 if foreign else gain


@njit(cache=True)
def _best_macro(
    x: Int32Array, targets: Int8Array, ring_of: Int64Array, miss: Int64Array,
    setup_gather: UInt8Array, setup_inverse: UInt8Array, setup_length: Int64Array,
    base_pairs: Int32Array, bases_at: Int32Array, enough: int,
) -> tuple[int, int, int]:  # fmt: skip
    """(setup, base, macros tried): the macro that removes the most misplaced balls per
    turn, or setup -1 if none helps; the first one that removes `enough` is taken at once.
    Only bases that move a useful ball (found through bases_at, by position) are tried."""
    best_s, best_b = -1, -1
    best_gain, best_len = 0, 1
    delta = np.zeros((miss.shape[0], 2), dtype=np.int64)
    touched = np.zeros(base_pairs.shape[1], dtype=np.int64)
    useful = _useful_positions(x, targets, ring_of, miss, base_pairs.shape[1])
    tried = 0
    for s in range(setup_gather.shape[0]):
        sg = setup_gather[s]
        length = 2 * setup_length[s] + 4
        for p in useful:
            q = setup_inverse[s, p]  # where the setup carries the ball at p
            for k in range(bases_at.shape[1]):
                b = bases_at[q, k, 0]
                if b < 0:
                    break
                # the ball arriving at p must be the other colour of p's ring
                arriving = x[sg[base_pairs[b, bases_at[q, k, 1], 1]]]
                if arriving == x[p] or (arriving != targets[0, p] and arriving != targets[1, p]):
                    continue
                gain = _macro_gain(x, targets, ring_of, miss, sg, base_pairs[b], delta, touched)
                tried += 1
                if gain * best_len > best_gain * length:
                    best_gain, best_len, best_s, best_b = gain, length, s, b
                    if gain >= enough:
                        return best_s, best_b, tried
    return best_s, best_b, tried


def order_moves(
    config: RingConfig,
    state: np.ndarray,
    control: np.ndarray | None = None,
    status: np.ndarray | None = None,
) -> tuple[int, list[tuple[int, int]]]:
    """The order stage: (FOUND, moves) once every ring's own balls are two blocks, or
    (STALLED, moves so far) when no macro helps, or CANCELLED. `status` (the searches'
    slots) counts the macros tried as expanded and holds the misplaced balls as h."""
    status = np.zeros(N_STATUS, dtype=np.int64) if status is None else status
    targets = block_targets(config, state)
    ring_of = np.repeat(np.arange(config.rings), np.diff(config.offsets)).astype(np.int64)
    x = np.asarray(state, dtype=np.int32) - 1
    moves: list[tuple[int, int]] = []
    while True:
        miss = _misplaced(x, targets, ring_of, config.rings)
        status[ST_H] = miss.min(axis=1).sum()
        if status[ST_H] == 0:
            return FOUND, moves
        if control is not None and control[0]:
            return CANCELLED, moves
        # the best macro with the shortest setups that help at all: one turn, else two
        # (the first that fixes two pairs will do), else the first three-turn one that
        # fixes a pair (all those have one length; scanning the 400,000 three-turn setups
        # in full costs seconds)
        for depth, enough in ((1, 1 << 30), (2, 4), (3, 2)):
            table = macro_table(config, depth)
            s, b, tried = _best_macro(x, targets, ring_of, miss, table.setup_gather,
                                      table.setup_inverse, table.setup_length,
                                      table.base_pairs, table.bases_at, enough)  # fmt: skip
            status[ST_EXPANDED] += tried
            if s >= 0:
                break
        if s < 0:
            return STALLED, moves
        macro = table.moves(s, b)
        x = x[sequence_gather(config, macro)]
        moves.extend(macro)


RingSolver = Callable[[RingConfig, np.ndarray], tuple[int, list[tuple[int, int]]]]


def reduction_moves(
    config: RingConfig,
    state: np.ndarray,
    solve_rings: RingSolver,
    control: np.ndarray | None = None,
    status: np.ndarray | None = None,
) -> tuple[int, list[tuple[int, int]]]:
    """(code, moves) solving a two-colour state by the two stages of the module docstring;
    `solve_rings` solves the merged one-colour state (the practical beam)."""
    if config.colours_per_ring != 2:
        raise ValueError("reduction is for two colours per ring")
    code, first = solve_rings(merged_config(config), merge_colours(state))
    if code != FOUND:
        return code, []
    middle = np.asarray(state)[sequence_gather(config, first)]
    code, second = order_moves(config, middle, control, status)
    if code != FOUND:
        return code, []
    moves = first + second
    if not is_goal(config, np.asarray(state)[sequence_gather(config, moves)]):
        raise AssertionError("the reduction ended off the goal")
    return FOUND, moves

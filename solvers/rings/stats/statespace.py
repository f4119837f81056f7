"""Exact state-space statistics: distance-to-goal distributions by full BFS over ranked
states, with one bit per state for 'seen', 'this layer' and 'next layer'.

Two move metrics (spec 6): "forgat" (one move turns a ring by any amount, the thesis'
operators) and "unit" (one move is one step, C_m or C_e). The BFS starts from every goal
at once (multi-source), so entry d of the distribution is the number of states d moves
from the nearest goal. On the forgat pass each state's thesis heuristic is counted when
it is first reached, giving the heuristic histogram and h per distance for free.

Indexing (see _Space): a state is the pair of its two rings' own sequences, each packed
one or two bits per ball into a small integer and ranked inside its colour histogram by
a table lookup; a turn is a bit rotation of one ring's circuit word. Ranking a successor
costs two table reads, so a probe costs a few nanoseconds plus the bit-array access.
Only two-ring configurations fit the state budget (the smallest 3-ring space has 7.6e10
states), so only they are indexed.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeAlias

import numpy as np
from puzzleviz.solvers import memory
from puzzleviz.solvers.arrays import Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.goal import goal_states, max_heuristic
from puzzleviz.solvers.rings.model.layouts import KernelState
from puzzleviz.solvers.rings.search.kernels import Tables, tables, thesis_h

METRICS = ("forgat", "unit")
MAX_STATES = 2_500_000_000
MAX_DEPTH = 255


@dataclasses.dataclass
class Distribution:
    metric: str
    layers: list[int]  # states at distance 0, 1, ...
    unreachable: int

    @property
    def depth(self) -> int:
        return len(self.layers) - 1


@dataclasses.dataclass
class StateSpaceStats:
    config: str
    states: int
    goals: int
    distributions: dict[str, Distribution]
    h_by_distance: Int64Array  # (depth + 1, maxH + 1) int64, forgat distances
    max_h: int

    @property
    def h_histogram(self) -> Int64Array:
        histogram: Int64Array = self.h_by_distance.sum(axis=0)  # numpy's stubs: Any
        return histogram

    def to_json(self) -> dict[str, Any]:
        hist = self.h_histogram
        nz = np.flatnonzero(hist)
        return {
            "config": self.config,
            "states": self.states,
            "goals": self.goals,
            "distance": {
                m: {"depth": d.depth, "layers": d.layers, "unreachable": d.unreachable}
                for m, d in self.distributions.items()
            },
            "heuristic": {
                "max_h": self.max_h,
                "range": [int(nz[0]), int(nz[-1])] if nz.size else None,
                "histogram": {int(h): int(hist[h]) for h in nz},
                "mean_by_forgat_distance": [
                    round(float((row * np.arange(row.size)).sum() / row.sum()), 3)
                    for row in self.h_by_distance
                    if row.sum()
                ],
            },
        }


# ----- indexing: a state is its two rings' own sequences, each ranked by table --------
#
# With two rings every ring's circuit is its own G-1 balls followed by one foreign slot
# holding the other ring's own ball h+1. A ring's own sequence packed `bits` per ball
# (1 bit for 2 colours, 2 bits for 4) is a small integer, a "code", so a turn of ring 0 is
# a rotation of the G-digit word (ring 0's code with the foreign ball on top), and only
# one digit of ring 1's code changes. Codes are grouped by their colour histogram (a
# "class"); inside a class a code's rank is its position among the class's codes, read
# from a table of C^(G-1) entries (at most 262,144 here). A state's index is
#
#     base[class of A] + rank[A] * size_b[class of A] + rank[B]
#
# where size_b is the number of codes of B's class (fixed by A's class, since the colour
# counts are fixed). This is a bijection onto 0 .. multinomial - 1, ranking a successor
# costs two table reads, and stepping through the states of a frontier word in index
# order needs only a division per state.


Bits: TypeAlias = UInt64Array
"""One bit per state index (a set of states: seen, a BFS layer), 64 to a word."""


class _Space:
    """The index tables of one two-ring configuration."""

    def __init__(self, config: RingConfig):
        if config.rings != 2:
            raise PuzzleInputError(f"{config}: full BFS is offered for two-ring configurations")
        self.config = config
        self.total = config.state_count
        self.tab = tables(config)
        counts = np.array(config.colour_counts, dtype=np.int64)
        n_colours = len(counts)
        bits = 1 if n_colours == 2 else 2
        length = config.size - 1  # own balls per ring
        self.bits, self.length = bits, length
        codes = np.arange(1 << (bits * length), dtype=np.int64)
        digits = (codes[:, None] >> (bits * np.arange(length))) & ((1 << bits) - 1)
        hist = np.stack([(digits == c).sum(axis=1) for c in range(n_colours)], axis=1)
        valid = (hist <= counts).all(axis=1) & (digits < n_colours).all(axis=1)
        radix = (length + 1) ** np.arange(n_colours)
        key = np.where(valid, hist @ radix, -1)
        class_keys = np.unique(key[valid])
        n_classes = class_keys.size
        cls = np.full(codes.size, -1, dtype=np.int32)
        cls[valid] = np.searchsorted(class_keys, key[valid])
        # codes sorted by (class, code); a code's rank is its place in its class's run
        order = np.lexsort((codes[valid], cls[valid]))
        sorted_codes = codes[valid][order]
        class_size = np.bincount(cls[valid], minlength=n_classes).astype(np.int64)
        class_start = np.concatenate([[0], np.cumsum(class_size)])
        rank = np.zeros(codes.size, dtype=np.int32)
        rank[sorted_codes] = np.arange(sorted_codes.size) - class_start[cls[sorted_codes]]
        class_hist = np.array([[(k // radix[c]) % (length + 1) for c in range(n_colours)]
                               for k in class_keys.tolist()], dtype=np.int64)  # fmt: skip
        partner_keys = (counts[None, :] - class_hist) @ radix
        partner = np.searchsorted(class_keys, partner_keys).astype(np.int64)
        if not np.array_equal(class_keys[partner], partner_keys):
            raise AssertionError(f"{config}: a class without its complement")
        size_b = class_size[partner]
        base = np.concatenate([[0], np.cumsum(class_size * size_b)])
        if int(base[-1]) != self.total:
            raise AssertionError(f"{config}: {base[-1]} indices for {self.total} states")
        self.cls, self.rank, self.base, self.size_b = cls, rank, base, size_b
        self.codes, self.class_start, self.partner = sorted_codes, class_start, partner
        wl = bits * length
        self.geo = np.array(
            [bits, length, bits * config.h, wl, wl + bits, (1 << bits) - 1,
             (1 << wl) - 1, (1 << (wl + bits)) - 1],
            dtype=np.int64,
        )  # fmt: skip

    def code_pair(self, state: np.ndarray) -> tuple[int, int]:
        """The two own-sequence codes of a state (1-based colours)."""
        digits = np.asarray(state, dtype=np.int64) - 1
        weights = 1 << (self.bits * np.arange(self.length, dtype=np.int64))
        return int(digits[: self.length] @ weights), int(digits[self.length :] @ weights)

    def index(self, state: np.ndarray) -> int:
        a, b = self.code_pair(state)
        k = int(self.cls[a])
        return int(self.base[k] + int(self.rank[a]) * int(self.size_b[k]) + int(self.rank[b]))

    def state(self, index: int) -> np.ndarray:
        """The state (1-based colours) of `index`: the inverse of index()."""
        k = int(np.searchsorted(self.base, index, side="right")) - 1
        ra, rb = divmod(index - int(self.base[k]), int(self.size_b[k]))
        a = int(self.codes[self.class_start[k] + ra])
        b = int(self.codes[self.class_start[self.partner[k]] + rb])
        mask = (1 << self.bits) - 1
        shifts = self.bits * np.arange(self.length)
        return np.concatenate([(a >> shifts) & mask, (b >> shifts) & mask]).astype(np.int32) + 1

    @functools.cached_property
    def goal_indices(self) -> np.ndarray:
        return np.array(sorted(self.index(g) for g in goal_states(self.config)), dtype=np.int64)


def turn_moves(config: RingConfig, metric: str) -> np.ndarray:
    """(moves, 2) int64 rows (ring, f): the metric's moves (spec 6)."""
    if metric not in METRICS:
        raise PuzzleInputError(f"metric {metric!r} is not one of {', '.join(METRICS)}")
    g = config.size
    amounts = range(1, g) if metric == "forgat" else (1, g - 1)
    return np.array([(r, f) for r in range(config.rings) for f in amounts], dtype=np.int64)


@njit(cache=True, inline="always")
def _successor(
    a: int, b: int, ring: int, f: int, geo: Int64Array, cls: Int32Array, rank: Int32Array,
    base: Int64Array, size_b: Int64Array,
) -> int:  # fmt: skip
    """Index of the state after turning `ring` by f (new[p] = old[p - f]) from codes a, b."""
    bits, sh, wl, w = geo[0], geo[2], geo[3], geo[4]
    dmask, lmask, wmask = geo[5], geo[6], geo[7]
    own = a if ring == 0 else b
    other = b if ring == 0 else a
    word = own | (((other >> sh) & dmask) << wl)  # the ring's circuit, position 1 lowest
    s = bits * f
    word = ((word << s) | (word >> (w - s))) & wmask
    own = word & lmask
    other = (other & ~(dmask << sh)) | ((word >> wl) << sh)
    if ring != 0:
        own, other = other, own
    k = cls[own]
    return int(base[k] + np.int64(rank[own]) * size_b[k] + rank[other])


_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DEBRUIJN_TABLE = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _DEBRUIJN_TABLE[((1 << _i) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _i


@njit(cache=True, inline="always")
def _lowest_bit(v: np.uint64) -> int:
    """Position of the lowest set bit of a nonzero uint64 (de Bruijn multiplication)."""
    low = v & (~v + np.uint64(1))
    return int(_DEBRUIJN_TABLE[(low * _DEBRUIJN) >> np.uint64(58)])


@njit(cache=True, inline="always")
def _decode(
    i: int | np.int64, k: int, base: Int64Array, size_b: Int64Array, codes: Int64Array,
    cstart: Int64Array, partner: Int64Array,
) -> tuple[int, int, int]:  # fmt: skip
    """(class, code of ring 0, code of ring 1) of index i: the inverse of the index formula.
    `k` is the class of an index at or below i, so a walk in index order moves it forward
    only (amortised constant time)."""
    while base[k + 1] <= i:
        k += 1
    sb = size_b[k]
    ra = (i - base[k]) // sb
    return k, codes[cstart[k] + ra], codes[cstart[partner[k]] + (i - base[k] - ra * sb)]


@njit(cache=True, nogil=True)
def _expand(
    seen: Bits, front: Bits, nxt: Bits, pull: bool, moves: Int64Array, geo: Int64Array,
    cls: Int32Array, rank: Int32Array, base: Int64Array, size_b: Int64Array, codes: Int64Array,
    cstart: Int64Array, partner: Int64Array, control: Int64Array,
) -> int:  # fmt: skip
    """One BFS layer. Push: every frontier state marks its unseen successors. Pull: every
    unseen state joins if one of its neighbours is in the frontier (the moves are closed
    under inverse, so a neighbour is a predecessor). Returns the new layer's size, or -1
    if stopped through `control` (solvers.interrupt) halfway."""
    added = 0
    k = 0
    nmoves = moves.shape[0]
    for wi in range(seen.shape[0]):
        if (wi & 1023) == 0 and control[0] != 0:
            return -1
        bits = ~seen[wi] if pull else front[wi]
        while bits:
            bit = _lowest_bit(bits)
            bits &= bits - np.uint64(1)
            i = np.int64(wi) * 64 + bit
            k, a, b = _decode(i, k, base, size_b, codes, cstart, partner)
            if pull:
                for m in range(nmoves):
                    j = _successor(a, b, moves[m, 0], moves[m, 1], geo, cls, rank, base, size_b)
                    if (front[j >> 6] >> np.uint64(j & 63)) & np.uint64(1):
                        seen[wi] |= np.uint64(1) << np.uint64(bit)
                        nxt[wi] |= np.uint64(1) << np.uint64(bit)
                        added += 1
                        break
            else:
                for m in range(nmoves):
                    j = _successor(a, b, moves[m, 0], moves[m, 1], geo, cls, rank, base, size_b)
                    word = j >> 6
                    flag = np.uint64(1) << np.uint64(j & 63)
                    if not seen[word] & flag:
                        seen[word] |= flag
                        nxt[word] |= flag
                        added += 1
    return added


@njit(cache=True, nogil=True)
def _heuristic_row(
    front: Bits, geo: Int64Array, base: Int64Array, size_b: Int64Array, codes: Int64Array,
    cstart: Int64Array, partner: Int64Array, tab: Tables, row: Int64Array, x: KernelState,
    control: Int64Array,
) -> None:  # fmt: skip
    """Add the thesis' h of every frontier state to row[h] (unless stopped halfway)."""
    bits, length, dmask = geo[0], geo[1], geo[5]
    k = 0
    for wi in range(front.shape[0]):
        if (wi & 1023) == 0 and control[0] != 0:
            return
        v = front[wi]
        while v:
            bit = _lowest_bit(v)
            v &= v - np.uint64(1)
            i = np.int64(wi) * 64 + bit
            k, a, b = _decode(i, k, base, size_b, codes, cstart, partner)
            for p in range(length):
                x[p] = (a >> (bits * p)) & dmask
                x[length + p] = (b >> (bits * p)) & dmask
            row[thesis_h(x, tab.hseq, tab.hlen, tab.mine, tab.max_h)] += 1


@njit(cache=True, nogil=True)
def _bfs(
    seen: Bits, fronts: Bits, state: Int64Array, layers: Int64Array, max_layers: int,
    total: int, moves: Int64Array, geo: Int64Array, cls: Int32Array, rank: Int32Array,
    base: Int64Array, size_b: Int64Array, codes: Int64Array, cstart: Int64Array,
    partner: Int64Array, want_h: bool, hist: Int64Array, tab: Tables, x: KernelState,
    control: Int64Array,
) -> None:  # fmt: skip
    """Run up to `max_layers` BFS layers. state = [depth, parity, reached, finished]:
    layers[depth] is the size of fronts[parity], the deepest layer found so far. Stopped
    through `control`, it returns unfinished with the layers half done."""
    for _ in range(max_layers):
        depth, parity, reached = state[0], state[1], state[2]
        front, nxt = fronts[parity], fronts[1 - parity]
        if want_h:
            _heuristic_row(
                front, geo, base, size_b, codes, cstart, partner, tab, hist[depth], x, control
            )
        # Direction-optimising BFS: pushing costs every move per frontier state; pulling
        # costs up to every move per unseen state but stops at the first frontier
        # neighbour, so it wins once the frontier outgrows what is left.
        pull = layers[depth] > (total - reached) * 0.7
        added = _expand(seen, front, nxt, pull, moves, geo, cls, rank, base, size_b, codes,
                        cstart, partner, control)  # fmt: skip
        if added < 0:
            return
        if added == 0 or depth + 1 >= layers.shape[0]:
            state[3] = 1
            return
        layers[depth + 1] = added
        state[0] = depth + 1
        state[1] = 1 - parity
        state[2] = reached + added
        front[:] = 0


@functools.lru_cache(maxsize=8)
def space_for(config: RingConfig) -> _Space:
    """The index tables of `config`, built once (numpy, well under a second)."""
    return _Space(config)


# Below this many states the whole BFS runs in one kernel call; above it one call per
# layer, so that progress can be reported.
_ONE_CALL = 4_000_000


def distance_layers(
    config: RingConfig,
    metric: str,
    *,
    hist: np.ndarray | None = None,
    on_layer: Callable[[int, int], None] | None = None,
    space: _Space | None = None,
) -> Distribution:
    """Multi-source BFS from the goal set in `metric`; if `hist` is given, row d counts
    the thesis' h over the states at distance d."""
    space = space or space_for(config)
    total = space.total
    words = -(-total // 64)
    seen = np.zeros(words, dtype=np.uint64)
    if total % 64:
        seen[-1] = ~np.uint64(0) << np.uint64(total % 64)  # indices past the end: never
    fronts = np.zeros((2, words), dtype=np.uint64)
    goals = space.goal_indices
    goal_bits = np.uint64(1) << (goals & 63).astype(np.uint64)
    np.bitwise_or.at(seen, goals >> 6, goal_bits)
    np.bitwise_or.at(fronts[0], goals >> 6, goal_bits)
    layers = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    layers[0] = goals.size
    state = np.array([0, 0, goals.size, 0], dtype=np.int64)
    want_h = hist is not None
    hist_arg = hist if hist is not None else np.zeros((1, 1), dtype=np.int64)
    x = np.zeros(config.n_balls, dtype=np.int8)
    moves = turn_moves(config, metric)
    step = MAX_DEPTH + 1 if (total <= _ONE_CALL and on_layer is None) else 1
    while not state[3]:
        if on_layer:
            on_layer(int(state[0]), int(state[2]))
        _bfs(seen, fronts, state, layers, step, total, moves, space.geo,
             space.cls, space.rank, space.base, space.size_b, space.codes, space.class_start,
             space.partner, want_h, hist_arg, space.tab, x, current_control())  # fmt: skip
        raise_if_stopped()
    depth = int(state[0])
    return Distribution(metric, layers[: depth + 1].tolist(), total - int(state[2]))


def check_size(config: RingConfig, max_states: int = MAX_STATES) -> None:
    """Refuse, before any work, a state space larger than `max_states` (at most MAX_STATES:
    one bit per state in three bit arrays)."""
    total = config.state_count
    if total > min(max_states, MAX_STATES):
        raise PuzzleInputError(
            f"configuration {config} has {total:,} states; full BFS is offered up to "
            f"{min(max_states, MAX_STATES):,} states"
            + (f" (--max-states lifts it to {MAX_STATES:,})" if max_states < MAX_STATES else "")
        )
    memory.check(3 * (total // 8 + 8), f"the full BFS of {config}'s {total:,} states")


def state_space_stats(
    config: RingConfig,
    metrics: tuple[str, ...] = METRICS,
    *,
    with_heuristic: bool = True,
    on_layer: Callable[[str, int, int], None] | None = None,
    max_states: int = MAX_STATES,
) -> StateSpaceStats:
    """Full multi-source BFS for each metric; the heuristic is counted on the first."""
    check_size(config, max_states)
    space = space_for(config)
    max_h = max_heuristic(config)
    hist = np.zeros((MAX_DEPTH + 1, max_h + 1), dtype=np.int64)
    dists: dict[str, Distribution] = {}
    for i, metric in enumerate(metrics):

        def report(depth: int, reached: int, metric: str = metric) -> None:
            if on_layer:
                on_layer(metric, depth, reached)

        want = hist if (with_heuristic and i == 0) else None
        dists[metric] = distance_layers(config, metric, hist=want, on_layer=report, space=space)
    depth = max((d.depth for d in dists.values()), default=0)
    return StateSpaceStats(
        config=str(config),
        states=config.state_count,
        goals=len(goal_states(config)),
        distributions=dists,
        h_by_distance=hist[: depth + 1],
        max_h=max_h,
    )

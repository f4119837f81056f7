"""Exact state-space statistics: distance-to-goal distributions by full BFS over ranked
states, with one bit per state for 'seen', 'this layer' and 'next layer'.

Two move metrics (spec 6): "forgat" (one move turns a ring by any amount, the thesis'
operators) and "unit" (one move is one step, C_m or C_e). The BFS starts from every goal
at once (multi-source), so entry d of the distribution is the number of states d moves
from the nearest goal. On the forgat pass each state's thesis heuristic is counted when
it is first reached, giving the heuristic histogram and h per distance for free.

Indexing: with two colours (1 colour per ring, 2 rings) a state is the bit mask of the
colour-1 balls, indexed by its colex rank (the combinatorial number system) with byte
tables for moving and ranking, and walked in rank order by Gosper's hack. With more
colours a state is indexed by its lexicographic multinomial rank (the same order as
solvers.rings.ranking) through a table of multinomials over remaining colour counts.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable

import numpy as np
from numba import njit

from solvers.errors import PuzzleInputError
from solvers.rings.config import RingConfig
from solvers.rings.goal import goal_states, max_heuristic
from solvers.rings.kernels import tables, thesis_h

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
    h_by_distance: np.ndarray  # (depth + 1, maxH + 1) int64, forgat distances
    max_h: int

    @property
    def h_histogram(self) -> np.ndarray:
        return self.h_by_distance.sum(axis=0)

    def to_json(self) -> dict:
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


# ----- moves: unit steps and how they group into the metric's moves --------------------
def step_sources(config: RingConfig) -> np.ndarray:
    """(2K, N) int32: successor[i] = state[src[s, i]] for a one-step turn: row 2r turns
    ring r by +1, row 2r+1 by -1 (= Gsz - 1)."""
    n, g = config.n_balls, config.size
    out = []
    for r in range(config.rings):
        circ = config.circuits[r]
        for f in (1, g - 1):
            src = np.arange(n, dtype=np.int32)
            src[circ] = np.roll(circ, f)
            out.append(src)
    return np.array(out, dtype=np.int32)


def move_groups(config: RingConfig, metric: str) -> np.ndarray:
    """(groups, 2) int64 rows (step, repeats): a state's successors are, for each group,
    the states after 1, 2, ..., repeats applications of that step."""
    if metric == "forgat":
        return np.array([(2 * r, config.size - 1) for r in range(config.rings)], dtype=np.int64)
    return np.array([(s, 1) for s in range(2 * config.rings)], dtype=np.int64)


# ----- two colours: colex-ranked bit masks ---------------------------------------------
_POPCOUNT8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def _mask_tables(config: RingConfig, src: np.ndarray):
    n = config.n_balls
    k = config.colour_counts[0]
    chunks = -(-n // 8)
    # step tables: bit i of the successor is bit src[i] of the state
    dest = np.zeros((src.shape[0], chunks, 256), dtype=np.uint64)
    for m in range(src.shape[0]):
        inverse = np.empty(n, dtype=np.int64)
        inverse[src[m]] = np.arange(n)
        for c in range(chunks):
            for b in range(8):
                i = 8 * c + b
                if i >= n:
                    continue
                bit = np.uint64(1) << np.uint64(inverse[i])
                dest[m, c, (np.arange(256) >> b) & 1 == 1] |= bit
    rank = np.zeros((chunks, 256, k + 1), dtype=np.int64)
    for c in range(chunks):
        for byte in range(256):
            for before in range(k + 1):
                total, j = 0, before
                for b in range(8):
                    if byte >> b & 1:
                        j += 1
                        total += math.comb(8 * c + b, j)
                rank[c, byte, before] = total
    binom = np.array(
        [[math.comb(i, j) for j in range(k + 2)] for i in range(n + 1)], dtype=np.int64
    )
    return dest, rank, binom


@njit(cache=True, inline="always")
def _mask_rank(mask, rank_table, k):
    total = 0
    before = 0
    for c in range(rank_table.shape[0]):
        byte = (mask >> np.uint64(8 * c)) & np.uint64(255)
        if before <= k:
            total += rank_table[c, byte, before]
        before += _POPCOUNT8[byte]
    return total


@njit(cache=True)
def _mask_unrank(index, n, k, binom):
    mask = np.uint64(0)
    j = k
    for i in range(n - 1, -1, -1):
        if j > 0 and binom[i, j] <= index:
            index -= binom[i, j]
            mask |= np.uint64(1) << np.uint64(i)
            j -= 1
    return mask


@njit(cache=True, inline="always")
def _apply_mask(mask, dest, m):
    out = np.uint64(0)
    for c in range(dest.shape[1]):
        out |= dest[m, c, (mask >> np.uint64(8 * c)) & np.uint64(255)]
    return out


@njit(cache=True, inline="always")
def _next_combination(v):
    """Gosper's hack: the next larger integer with the same number of set bits."""
    lowest = v & (~v + np.uint64(1))
    ripple = v + lowest
    ones = ((v ^ ripple) >> np.uint64(2)) // lowest
    return ripple | ones


@njit(cache=True)
def _mask_to_colours(mask, n, x):
    for i in range(n):
        x[i] = 0 if (mask >> np.uint64(i)) & np.uint64(1) else 1


@njit(cache=True, inline="always")
def _test_and_set(bits, r):
    word = r >> 6
    bit = np.uint64(1) << np.uint64(r & 63)
    if bits[word] & bit:
        return False
    bits[word] |= bit
    return True


@njit(cache=True, inline="always")
def _test(bits, r):
    return (bits[r >> 6] >> np.uint64(r & 63)) & np.uint64(1)


@njit(cache=True, nogil=True)
def _push_masks(seen, front, nxt, n, k, dest, groups, rank_table, binom):
    """Expand every frontier state; returns how many new states were reached."""
    added = 0
    for w in range(front.shape[0]):
        bits = front[w]
        if bits == 0:
            continue
        mask = _mask_unrank(np.int64(w) * 64, n, k, binom)
        for b in range(64):
            if (bits >> np.uint64(b)) & np.uint64(1):
                for gi in range(groups.shape[0]):
                    y = mask
                    for _ in range(groups[gi, 1]):
                        y = _apply_mask(y, dest, groups[gi, 0])
                        r = _mask_rank(y, rank_table, k)
                        if _test_and_set(seen, r):
                            nxt[r >> 6] |= np.uint64(1) << np.uint64(r & 63)
                            added += 1
            if b == 63 or (bits >> np.uint64(b + 1)) == 0:
                break
            mask = _next_combination(mask)
    return added


@njit(cache=True, nogil=True)
def _pull_masks(seen, front, nxt, n, k, total, dest, groups, rank_table, binom):
    """Every unseen state with a neighbour in the frontier joins the next layer."""
    added = 0
    for w in range(seen.shape[0]):
        free = ~seen[w]
        if w == seen.shape[0] - 1 and total - np.int64(w) * 64 < 64:
            free &= (np.uint64(1) << np.uint64(total - np.int64(w) * 64)) - np.uint64(1)
        if free == 0:
            continue
        mask = _mask_unrank(np.int64(w) * 64, n, k, binom)
        for b in range(64):
            if (free >> np.uint64(b)) & np.uint64(1):
                hit = False
                for gi in range(groups.shape[0]):
                    y = mask
                    for _ in range(groups[gi, 1]):
                        y = _apply_mask(y, dest, groups[gi, 0])
                        if _test(front, _mask_rank(y, rank_table, k)):
                            hit = True
                            break
                    if hit:
                        break
                if hit:
                    seen[w] |= np.uint64(1) << np.uint64(b)
                    nxt[w] |= np.uint64(1) << np.uint64(b)
                    added += 1
            if b == 63 or (free >> np.uint64(b + 1)) == 0:
                break
            mask = _next_combination(mask)
    return added


@njit(cache=True, nogil=True)
def _h_masks(front, n, k, binom, tab, row):
    x = np.empty(n, dtype=np.int8)
    for w in range(front.shape[0]):
        bits = front[w]
        if bits == 0:
            continue
        mask = _mask_unrank(np.int64(w) * 64, n, k, binom)
        for b in range(64):
            if (bits >> np.uint64(b)) & np.uint64(1):
                _mask_to_colours(mask, n, x)
                row[thesis_h(x, tab.hseq, tab.hlen, tab.mine, tab.max_h)] += 1
            if b == 63 or (bits >> np.uint64(b + 1)) == 0:
                break
            mask = _next_combination(mask)


@njit(cache=True, nogil=True)
def count_bits(bits):
    total = 0
    for w in range(bits.shape[0]):
        v = bits[w]
        while v:
            v &= v - np.uint64(1)
            total += 1
    return total


# ----- any number of colours: lexicographic multinomial ranks ----------------------------
def _multinomial_tables(counts: tuple[int, ...]):
    """stride of each colour in the remaining-counts index, and per (index, colour) the
    rank offset of taking that colour next (the sizes of the blocks of smaller colours)."""
    c = len(counts)
    stride = np.ones(c, dtype=np.int64)
    for i in range(c - 2, -1, -1):
        stride[i] = stride[i + 1] * (counts[i + 1] + 1)
    size = int(stride[0] * (counts[0] + 1))
    multi = np.zeros(size, dtype=np.int64)
    offset = np.zeros((size, c), dtype=np.int64)
    remaining = [
        [(idx // int(stride[i])) % (counts[i] + 1) for i in range(c)] for idx in range(size)
    ]
    for idx, rem in enumerate(remaining):
        total, left = 1, sum(rem)
        for v in rem:
            total *= math.comb(left, v)
            left -= v
        multi[idx] = total
    for idx, rem in enumerate(remaining):
        acc = 0
        for a in range(c):
            offset[idx, a] = acc
            if rem[a] > 0:
                acc += multi[idx - stride[a]]
    return stride, offset


@njit(cache=True, inline="always")
def _lex_rank(y, start, stride, offset):
    nc = offset.shape[1]
    flat = offset.ravel()
    idx = start
    r = np.int64(0)
    for i in range(y.shape[0]):
        a = y[i]
        r += flat[idx * nc + a]
        idx -= stride[a]
    return r


@njit(cache=True)
def _lex_unrank(index, start, stride, modulus, offset, x):
    """The colouring of lexicographic rank `index`: at each ball take the largest colour
    still available whose block starts at or before `index`."""
    idx = start
    nc = stride.shape[0]
    for i in range(x.shape[0]):
        for a in range(nc - 1, -1, -1):
            if (idx // stride[a]) % modulus[a] == 0:
                continue
            lo = offset[idx, a]
            if index >= lo:
                index -= lo
                x[i] = a
                idx -= stride[a]
                break


@njit(cache=True, inline="always")
def _next_permutation(x):
    """The next colouring in lexicographic order, in place (False after the last)."""
    n = x.shape[0]
    i = n - 2
    while i >= 0 and x[i] >= x[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = n - 1
    while x[j] <= x[i]:
        j -= 1
    x[i], x[j] = x[j], x[i]
    lo, hi = i + 1, n - 1
    while lo < hi:
        x[lo], x[hi] = x[hi], x[lo]
        lo += 1
        hi -= 1
    return True


@njit(cache=True, inline="always")
def _step(y, circuits, step, tmp):
    """Turn y one step in place: step 2r is ring r by +1, 2r+1 is ring r by -1."""
    ring = step >> 1
    g = circuits.shape[1]
    f = 1 if (step & 1) == 0 else g - 1
    for p in range(g):
        q = p - f
        if q < 0:
            q += g
        tmp[p] = y[circuits[ring, q]]
    for p in range(g):
        y[circuits[ring, p]] = tmp[p]


@njit(cache=True, nogil=True)
def _push_lex(seen, front, nxt, circuits, groups, start, stride, modulus, offset, x):
    y = np.empty_like(x)
    tmp = np.empty(circuits.shape[1], dtype=x.dtype)
    added = 0
    for w in range(front.shape[0]):
        bits = front[w]
        if bits == 0:
            continue
        _lex_unrank(np.int64(w) * 64, start, stride, modulus, offset, x)
        for b in range(64):
            if (bits >> np.uint64(b)) & np.uint64(1):
                for gi in range(groups.shape[0]):
                    y[:] = x
                    for _ in range(groups[gi, 1]):
                        _step(y, circuits, groups[gi, 0], tmp)
                        r = _lex_rank(y, start, stride, offset)
                        if _test_and_set(seen, r):
                            nxt[r >> 6] |= np.uint64(1) << np.uint64(r & 63)
                            added += 1
            if b == 63 or (bits >> np.uint64(b + 1)) == 0:
                break
            _next_permutation(x)
    return added


@njit(cache=True, nogil=True)
def _pull_lex(seen, front, nxt, total, circuits, groups, start, stride, modulus, offset, x):
    y = np.empty_like(x)
    tmp = np.empty(circuits.shape[1], dtype=x.dtype)
    added = 0
    for w in range(seen.shape[0]):
        free = ~seen[w]
        if w == seen.shape[0] - 1 and total - np.int64(w) * 64 < 64:
            free &= (np.uint64(1) << np.uint64(total - np.int64(w) * 64)) - np.uint64(1)
        if free == 0:
            continue
        _lex_unrank(np.int64(w) * 64, start, stride, modulus, offset, x)
        for b in range(64):
            if (free >> np.uint64(b)) & np.uint64(1):
                hit = False
                for gi in range(groups.shape[0]):
                    y[:] = x
                    for _ in range(groups[gi, 1]):
                        _step(y, circuits, groups[gi, 0], tmp)
                        if _test(front, _lex_rank(y, start, stride, offset)):
                            hit = True
                            break
                    if hit:
                        break
                if hit:
                    seen[w] |= np.uint64(1) << np.uint64(b)
                    nxt[w] |= np.uint64(1) << np.uint64(b)
                    added += 1
            if b == 63 or (free >> np.uint64(b + 1)) == 0:
                break
            _next_permutation(x)
    return added


@njit(cache=True, nogil=True)
def _h_lex(front, start, stride, modulus, offset, tab, row, x):
    for w in range(front.shape[0]):
        bits = front[w]
        if bits == 0:
            continue
        _lex_unrank(np.int64(w) * 64, start, stride, modulus, offset, x)
        for b in range(64):
            if (bits >> np.uint64(b)) & np.uint64(1):
                row[thesis_h(x, tab.hseq, tab.hlen, tab.mine, tab.max_h)] += 1
            if b == 63 or (bits >> np.uint64(b + 1)) == 0:
                break
            _next_permutation(x)


# ----- driver ---------------------------------------------------------------------------
class _Space:
    """One configuration's indexing: goal ranks and the per-layer kernels."""

    def __init__(self, config: RingConfig):
        self.config = config
        self.total = config.state_count
        self.two_colours = config.n_colours == 2 and config.n_balls <= 64
        self.tab = tables(config)
        self.src = step_sources(config)
        self.x = np.zeros(config.n_balls, dtype=np.int8)
        if self.two_colours:
            self.k = config.colour_counts[0]
            self.dest, self.rank_table, self.binom = _mask_tables(config, self.src)
        else:
            counts = config.colour_counts
            self.stride, self.offset = _multinomial_tables(counts)
            self.modulus = np.array([c + 1 for c in counts], dtype=np.int64)
            self.start = int(sum(c * int(s) for c, s in zip(counts, self.stride, strict=True)))

    def goal_ranks(self) -> np.ndarray:
        goals = goal_states(self.config)
        if self.two_colours:
            out = []
            for g in goals:
                ones = np.flatnonzero(g == 1)
                out.append(sum(math.comb(int(p), j + 1) for j, p in enumerate(ones)))
            return np.array(sorted(out), dtype=np.int64)
        from solvers.rings.ranking import rank

        return np.array(sorted(rank(self.config, g) for g in goals), dtype=np.int64)

    def push(self, seen, front, nxt, groups) -> int:
        if self.two_colours:
            return _push_masks(
                seen, front, nxt, self.config.n_balls, self.k, self.dest, groups,
                self.rank_table, self.binom,
            )  # fmt: skip
        return _push_lex(
            seen, front, nxt, self.tab.circuits, groups, self.start, self.stride,
            self.modulus, self.offset, self.x,
        )  # fmt: skip

    def pull(self, seen, front, nxt, groups) -> int:
        if self.two_colours:
            return _pull_masks(
                seen, front, nxt, self.config.n_balls, self.k, self.total, self.dest, groups,
                self.rank_table, self.binom,
            )  # fmt: skip
        return _pull_lex(
            seen, front, nxt, self.total, self.tab.circuits, groups, self.start, self.stride,
            self.modulus, self.offset, self.x,
        )  # fmt: skip

    def heuristic_row(self, front, row) -> None:
        if self.two_colours:
            _h_masks(front, self.config.n_balls, self.k, self.binom, self.tab, row)
        else:
            _h_lex(front, self.start, self.stride, self.modulus, self.offset, self.tab, row, self.x)


@functools.lru_cache(maxsize=8)
def space_for(config: RingConfig) -> _Space:
    """The indexing tables of `config`, built once (a few hundred ms in Python)."""
    return _Space(config)


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
    groups = move_groups(config, metric)
    seen = np.zeros(words, dtype=np.uint64)
    front = np.zeros(words, dtype=np.uint64)
    nxt = np.zeros(words, dtype=np.uint64)
    for s in space.goal_ranks():
        seen[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
        front[s >> 6] |= np.uint64(1) << np.uint64(s & 63)
    layers = [int(count_bits(front))]
    reached = layers[0]
    while True:
        depth = len(layers) - 1
        if hist is not None:
            space.heuristic_row(front, hist[depth])
        if on_layer:
            on_layer(depth, reached)
        # Direction-optimising BFS: expanding the frontier costs `moves` probes per
        # frontier state; checking every unseen state costs up to `moves` probes each but
        # stops at the first frontier neighbour, so it wins once the frontier outgrows
        # what is left (measured on 2/14/1 and 2/8/2).
        if layers[-1] > (total - reached) * 0.7:
            added = space.pull(seen, front, nxt, groups)
        else:
            added = space.push(seen, front, nxt, groups)
        if added == 0 or depth + 1 > MAX_DEPTH:
            break
        layers.append(added)
        reached += added
        front, nxt = nxt, front
        nxt[:] = 0
    return Distribution(metric, layers, total - reached)


def state_space_stats(
    config: RingConfig,
    metrics: tuple[str, ...] = METRICS,
    *,
    with_heuristic: bool = True,
    on_layer: Callable[[str, int, int], None] | None = None,
) -> StateSpaceStats:
    """Full multi-source BFS for each metric; the heuristic is counted on the first."""
    total = config.state_count
    if total > MAX_STATES:
        raise PuzzleInputError(
            f"configuration {config} has {total:.3e} states; full BFS is offered up to "
            f"{MAX_STATES:.1e} states (one bit per state in three bit arrays)"
        )
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
        states=total,
        goals=len(goal_states(config)),
        distributions=dists,
        h_by_distance=hist[: depth + 1],
        max_h=max_h,
    )

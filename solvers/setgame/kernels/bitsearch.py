"""The fast search for v = 3: candidates as bitsets, exclusions by a table lookup per
placed card, two bounds, and optional symmetry constraints, with the trace recorded from
inside the kernel.

The search is the seed's TryFrom loop (cards in index order, each one placed or passed
over) with what makes it fast:
- candidates and "still free" cards are uint64 bitsets, copied per depth;
- placing card c excludes third(c, p) for every placed p: one table lookup each;
- bound 1: placed + candidates left must reach the target;
- bound 2 (matching): each placed card p pairs up candidates a, b with a + b + p = 0, of
  which at most one can be taken; a greedy matching of such pairs lowers bound 1 by its size;
- hyperplane caps: when a hyperplane holds its allowed number of cards, its other cards are
  pruned (the caller's argument for why no hyperplane can hold more);
- slice symmetry: with slices s1, s2 of one direction, the caller may require that s1 ends
  with at least `a_min` cards and s2 with no more than s1 (cards of s2 come after `split`).

Modes: STOP_FIRST ends at the first cap of `target` cards; ALL_MAX finds the largest size
(at least `target`) and every cap of that size, like the seed's GetMaxOhneSet.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int16Array, Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.interrupt import stop_requested
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import (
    KernelBuffer,
    record_event,
    record_milestone,
    record_step,
)
from puzzleviz.solvers.setgame.arrays import CardBits, CardTable, Hyperplanes

STOP_FIRST = 0
ALL_MAX = 1
ALL_EXACT = 2  # every cap of exactly `target` cards (used to classify smaller caps)

# stats slots
ST_NODES, ST_SOLUTIONS, ST_BEST, ST_FINISHED = 0, 1, 2, 3
# counters the kernel keeps in the trace (RecordingTracer counters, in this order)
COUNTERS = ("nodes", "cards", "best", "solutions")

_ONE = np.uint64(1)


@njit(cache=True)
def popcount64(x: np.uint64) -> int:
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True)
def lowest_bit(x: np.uint64) -> int:
    b = 0
    t = x & (~x + _ONE)
    while t > _ONE:
        t >>= _ONE
        b += 1
    return b


@njit(cache=True)
def has_bit(bits: CardBits, c: int) -> np.uint64:
    bit: np.uint64 = (bits[c >> 6] >> np.uint64(c & 63)) & _ONE
    return bit


@njit(cache=True)
def matching_bound(
    third: CardTable, chosen: Int64Array, nch: int, row: CardBits, cand: Int64Array,
    unmatched: CardBits,
) -> int:  # fmt: skip
    """Candidates left minus a greedy matching of pairs that exclude each other."""
    words = row.shape[0]
    na = 0
    for w in range(words):
        x = row[w]
        unmatched[w] = x
        while x != 0:
            cand[na] = w * 64 + lowest_bit(x)
            x &= x - _ONE
            na += 1
    matched = 0
    for i in range(na):
        a = cand[i]
        if not has_bit(unmatched, a):
            continue
        for k in range(nch):
            q = third[a, chosen[k]]
            if has_bit(unmatched, q):
                unmatched[a >> 6] &= ~(_ONE << np.uint64(a & 63))
                unmatched[q >> 6] &= ~(_ONE << np.uint64(q & 63))
                matched += 1
                break
    return na - matched


@njit(cache=True)
def emit(buf: KernelBuffer, op: int, card: int, level: int, reason: int) -> None:
    """record_event with one fixed signature (each distinct one costs a compilation).

    The np.int64 casts pin numba's argument types; mypy's `int` is not np.int64, hence the
    ignores here and in `step` and `mark`."""
    record_event(buf, np.int64(op), np.int64(card), np.int64(level), np.int64(reason))  # type: ignore[arg-type]


@njit(cache=True)
def step(buf: KernelBuffer, caption: int) -> None:
    record_step(buf, np.int64(caption))  # type: ignore[arg-type]


@njit(cache=True)
def mark(buf: KernelBuffer, kind: int, caption: int) -> None:
    record_milestone(buf, np.int64(kind), np.int64(caption))  # type: ignore[arg-type]


@njit(cache=True)
def store_solution(sol_out: Int16Array, n_sol: int, chosen: Int64Array, nch: int) -> None:
    """Keep chosen[:nch] as solution row n_sol (padded with -1) if there is room."""
    if n_sol < sol_out.shape[0]:
        for k in range(sol_out.shape[1]):
            sol_out[n_sol, k] = chosen[k] if k < nch else -1


@njit(cache=True)
def _emit_bits(buf: KernelBuffer, bits: CardBits, op: int, level: int, reason: int) -> None:
    for w in range(bits.shape[0]):
        x = bits[w]
        while x != 0:
            emit(buf, op, w * 64 + lowest_bit(x), level, reason)
            x &= x - _ONE


@njit(cache=True, nogil=True)
def bit_search(
    third: CardTable,
    point_hyp: Hyperplanes,
    hyp_masks: UInt64Array,
    hyp_cap: Int64Array,
    hyp_cnt: Int64Array,
    chosen: Int64Array,
    n_fixed: int,
    cand0: CardBits,
    free0: CardBits,
    target: int,
    mode: int,
    use_match: bool,
    s1: int,
    s2: int,
    a_min: int,
    split: int,
    node_limit: int,
    sol_out: Int16Array,
    stats: Int64Array,
    trace: bool,
    buf: KernelBuffer,
    place_cap: Int32Array,
    back_cap: Int32Array,
    best_kind: int,
    best_cap: Int32Array,
    sol_kind: int,
    sol_cap: int,
    control: Int64Array,
) -> int:
    """Search caps extending chosen[:n_fixed] with cards from the candidate bitset cand0.

    free0 marks the cards that are free on the board (for the Exclude/Prune events).
    hyp_cnt must hold the hyperplane counts of the fixed cards; it is restored on return.
    Returns the best size reached (or -1 if no cap of `target` cards was found); stats gets
    nodes, solutions, best and whether the search finished (1) or hit node_limit (0), or
    was stopped through `control` (solvers.interrupt), which counts as a node limit."""
    words = cand0.shape[0]
    n_cards = third.shape[0]
    depth_max = n_cards - n_fixed + 2
    avail = np.zeros((depth_max, words), dtype=np.uint64)
    free = np.zeros((depth_max, words), dtype=np.uint64)
    new_ex = np.zeros((depth_max, words), dtype=np.uint64)
    new_pb = np.zeros((depth_max, words), dtype=np.uint64)
    new_ps = np.zeros((depth_max, words), dtype=np.uint64)
    cand = np.zeros(n_cards, dtype=np.int64)
    unmatched = np.zeros(words, dtype=np.uint64)
    for w in range(words):
        avail[0, w] = cand0[w]
        free[0, w] = free0[w]
    n_dirs = point_hyp.shape[1]
    best = -1
    n_sol = 0
    found_one = 0  # 1 right after a solution: the next take-back looks for more
    nodes = 0
    base_nodes = stats[ST_NODES]
    stopping = False
    finished = 1
    d = 0
    nch = n_fixed
    entering = True
    while True:
        pop = False
        if entering:
            entering = False
            nodes += 1
            if trace:
                buf.current[0] = base_nodes + nodes
                buf.current[1] = nch
            if nodes >= node_limit or stop_requested(control, base_nodes + nodes):
                stopping = True
                finished = 0
            if nch >= target:
                if nch > best:
                    best = nch
                    n_sol = 0
                    if mode == ALL_MAX:
                        target = nch
                    if trace:
                        buf.current[2] = max(buf.current[2], best)
                        mark(buf, best_kind, best_cap[nch])
                if nch == best:
                    store_solution(sol_out, n_sol, chosen, nch)
                    n_sol += 1
                    if trace:
                        buf.current[3] = n_sol
                        mark(buf, sol_kind, sol_cap)
                        found_one = 1
                if mode == STOP_FIRST:
                    stopping = True
                elif mode == ALL_EXACT:
                    pop = True
            if not stopping and not pop:
                left = 0
                for w in range(words):
                    left += popcount64(avail[d, w])
                if nch + left < target or (
                    use_match
                    and nch + matching_bound(third, chosen, nch, avail[d], cand, unmatched) < target
                ):
                    pop = True
        if stopping:
            pop = True
        c = -1
        if not pop:
            for w in range(words):
                if avail[d, w] != 0:
                    c = w * 64 + lowest_bit(avail[d, w])
                    avail[d, w] &= avail[d, w] - _ONE
                    break
            if c < 0:
                pop = True
            elif s1 >= 0 and c >= split and hyp_cnt[s1] < a_min:
                pop = True  # slice s1 is complete and too small
            else:
                left = 0
                for w in range(words):
                    left += popcount64(avail[d, w])
                if nch + 1 + left < target:
                    pop = True
        if pop:
            if d == 0:
                break
            d -= 1
            nch -= 1
            c = chosen[nch]
            for j in range(n_dirs):
                hyp_cnt[point_hyp[c, j]] -= 1
            if trace:
                buf.current[1] = nch
                step(buf, back_cap[found_one, c])
                found_one = 0
                _emit_bits(buf, new_ps[d + 1], 5, nch + 1, 2)
                _emit_bits(buf, new_pb[d + 1], 5, nch + 1, 1)
                _emit_bits(buf, new_ex[d + 1], 3, nch + 1, 0)
                emit(buf, 1, c, nch + 1, 0)
            continue
        # place card c as level nch + 1
        for w in range(words):
            avail[d + 1, w] = avail[d, w]
            free[d + 1, w] = free[d, w]
            new_ex[d + 1, w] = 0
            new_pb[d + 1, w] = 0
            new_ps[d + 1, w] = 0
        free[d + 1, c >> 6] &= ~(_ONE << np.uint64(c & 63))
        for k in range(nch):
            q = third[c, chosen[k]]
            bit = _ONE << np.uint64(q & 63)
            avail[d + 1, q >> 6] &= ~bit
            if free[d + 1, q >> 6] & bit:
                free[d + 1, q >> 6] &= ~bit
                new_ex[d + 1, q >> 6] |= bit
        for j in range(n_dirs):
            h = point_hyp[c, j]
            hyp_cnt[h] += 1
            if hyp_cnt[h] >= hyp_cap[h]:
                for w in range(words):
                    avail[d + 1, w] &= ~hyp_masks[h, w]
                    gone = free[d + 1, w] & hyp_masks[h, w]
                    new_pb[d + 1, w] |= gone
                    free[d + 1, w] &= ~gone
        if s1 >= 0 and c >= split and hyp_cnt[s2] >= hyp_cnt[s1]:
            for w in range(words):
                avail[d + 1, w] &= ~hyp_masks[s2, w]
                gone = free[d + 1, w] & hyp_masks[s2, w]
                new_ps[d + 1, w] |= gone
                free[d + 1, w] &= ~gone
        chosen[nch] = c
        nch += 1
        d += 1
        entering = True
        if trace:
            buf.current[1] = nch
            step(buf, place_cap[c])
            emit(buf, 0, c, nch, 0)
            _emit_bits(buf, new_ex[d], 2, nch, 0)
            _emit_bits(buf, new_pb[d], 4, nch, 1)
            _emit_bits(buf, new_ps[d], 4, nch, 2)
    stats[ST_NODES] += nodes
    stats[ST_SOLUTIONS] = n_sol
    stats[ST_BEST] = best
    stats[ST_FINISHED] = finished
    return best

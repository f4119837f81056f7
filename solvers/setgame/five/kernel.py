"""The extension kernel: fill the slices x1 = 1 and x1 = 2 of AG(n,3) around a fixed cap R
in the slice x1 = 0, in card-index order (each card placed or passed over), with bounds.

Cards are points of AG(n,3), bitsets of 3^n bits (n = 5: four uint64 words). A = the cards
of slice 1, B = of slice 2. Placing card c excludes third(c, p) for every placed p: inside a
slice that keeps A and B caps, across slices it is -(a + r) in slice 2 for r in R (a line
(0,r), (1,a), (2,b) needs r + a + b = 0), and lines with one point per slice through R are
all such. Pruning, each valid for any cap extending the node:
- every hyperplane of AG(n,3) holds at most m cards (the slice x1 = 0 is a fullest one):
  a hyperplane that reaches m has its free cards removed;
- per direction of AG(n,3) the three parallel hyperplanes hold all `target` cards, each at
  most min(m, |R∩h| + min(c2, |A∩h| + free) + min(c2, |B∩h| + free)), c2 the largest cap
  of the (n-2)-flat h∩slice (9 in AG(3,3)); their sum must reach the target;
- the same sums per slice bound |A| and |B| (a cap's size is the sum over three parallel
  hyperplanes): |R| + pot(A) + pot(B) must reach the target, pot(A) >= a_min, pot(B) <= pot(A);
- symmetry: slice 1 holds at least a_min cards and slice 2 no more than slice 1 (the swap
  x1 -> -x1), and a placed card a of slice 1 forbids a + L for a set L of difference
  vectors handled by earlier parts (extension.py explains the orbit split).

A run may start along a forced prefix (a frontier node's path: its subtree alone) and may
stop at a depth (to list the frontier): the two halves of sampling a tree's size.
"""

from __future__ import annotations

import numpy as np
from numba import types
from numba.extending import intrinsic
from puzzleviz.solvers.arrays import Int16Array, Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.interrupt import stop_requested
from puzzleviz.solvers.jit import njit

STOP_FIRST = 0
ALL = 1

# stats slots
ST_NODES, ST_SOLUTIONS, ST_FINISHED, ST_FRONTIER, ST_PRUNED_BOUND = 0, 1, 2, 3, 4
N_STATS = 5

_ONE = np.uint64(1)


@intrinsic
def _ctpop(typingctx, x):  # type: ignore[no-untyped-def]
    """LLVM's ctpop: one POPCNT instruction on the host CPU."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return builder.ctpop(args[0])

    return sig, codegen


@njit(cache=True)
def popcount(x: np.uint64) -> int:
    return int(_ctpop(x))  # type: ignore[call-arg]  # numba supplies typingctx


@njit(cache=True)
def lowest_bit(x: np.uint64) -> int:
    return int(_ctpop((x & (~x + _ONE)) - _ONE))  # type: ignore[call-arg]


@njit(cache=True)
def slice_bounds(
    avail: UInt64Array, hs_masks: UInt64Array, hs_cap: Int64Array, hcnt: Int64Array,
    w_lo: Int64Array, w_hi: Int64Array, m: int, target: int,
) -> tuple[int, int, int]:  # fmt: skip
    """(worst direction sum, pot(A), pot(B)) for the node (see the module docstring)."""
    n_hyp = hcnt.shape[0]
    worst = 1 << 30
    pot_a = 1 << 30
    pot_b = 1 << 30
    for h0 in range(0, n_hyp, 3):
        tot = 0
        sa = 0
        sb = 0
        for h in range(h0, h0 + 3):
            ea = 0
            for w in range(w_lo[1], w_hi[1] + 1):
                ea += popcount(avail[w] & hs_masks[h, 1, w])
            eb = 0
            for w in range(w_lo[2], w_hi[2] + 1):
                eb += popcount(avail[w] & hs_masks[h, 2, w])
            va = min(hs_cap[h, 1], hcnt[h, 1] + ea)
            vb = min(hs_cap[h, 2], hcnt[h, 2] + eb)
            tot += min(m, hcnt[h, 0] + va + vb)
            sa += va
            sb += vb
        worst = min(worst, tot)
        pot_a = min(pot_a, sa)
        pot_b = min(pot_b, sb)
        if worst < target:
            break
    return worst, pot_a, pot_b


@njit(cache=True)
def extend(
    third: Int32Array,
    point_hyp: Int32Array,
    hyp_masks: UInt64Array,
    hs_masks: UInt64Array,
    hs_cap: Int64Array,
    w_lo: Int64Array,
    w_hi: Int64Array,
    slice_masks: UInt64Array,
    m: int,
    target: int,
    a_min: int,
    block: int,
    sub_add: Int32Array,
    sym_off: Int64Array,
    chosen: Int64Array,
    n_fixed: int,
    hcnt: Int64Array,
    cand0: UInt64Array,
    prefix: Int64Array,
    max_depth: int,
    frontier: Int16Array,
    mode: int,
    use_bound: bool,
    sol_out: Int16Array,
    node_limit: int,
    stats: Int64Array,
    control: Int64Array,
) -> int:
    """Search extensions of chosen[:n_fixed] (R and the fixed cards of slice 1) by cards of
    cand0 to `target` cards. hcnt[h, s] = fixed cards of slice s in hyperplane h (changed:
    pass a copy). Returns the number of solutions met (stored in sol_out up to its rows).
    max_depth > 0: nodes at that depth (counted from the root) are recorded in `frontier`
    as their placed cards and not expanded. prefix: the run follows it first and ends when
    it takes back its first card (the subtree of the prefix's node). A stop request in
    `control` (solvers.interrupt) ends the run as the node limit does."""
    words = cand0.shape[0]
    n_cards = third.shape[0]
    n_dirs = point_hyp.shape[1]
    depth_cap = n_cards + 2
    avail = np.zeros((depth_cap, words), dtype=np.uint64)
    for w in range(words):
        avail[0, w] = cand0[w]
    count = np.zeros(3, dtype=np.int64)
    for k in range(n_fixed):
        count[chosen[k] // block] += 1
    n_prefix = prefix.shape[0]
    n_sol = 0
    n_front = 0
    nodes = 0
    pruned = 0
    finished = 1
    d = 0
    nch = n_fixed
    entering = True
    stopping = False
    n_sym = sym_off.shape[0]
    while True:
        pop = False
        if entering:
            entering = False
            nodes += 1
            if nodes >= node_limit or stop_requested(control, nodes):
                stopping = True
                finished = 0
            if nch >= target:
                if n_sol < sol_out.shape[0]:
                    for k in range(sol_out.shape[1]):
                        sol_out[n_sol, k] = chosen[k] if k < nch else -1
                n_sol += 1
                pop = True
                if mode == STOP_FIRST:
                    stopping = True
            elif max_depth > 0 and d >= max_depth:
                if n_front < frontier.shape[0]:
                    for k in range(frontier.shape[1]):
                        frontier[n_front, k] = chosen[n_fixed + k] if n_fixed + k < nch else -1
                n_front += 1
                pop = True
            else:
                left = 0
                for w in range(words):
                    left += popcount(avail[d, w])
                if nch + left < target:
                    pop = True
                elif use_bound:
                    worst, pot_a, pot_b = slice_bounds(
                        avail[d], hs_masks, hs_cap, hcnt, w_lo, w_hi, m, target
                    )
                    pot_a = min(pot_a, m)
                    pot_b = min(pot_b, pot_a)
                    if worst < target or pot_a < a_min or count[0] + pot_a + pot_b < target:
                        pop = True
                        pruned += 1
        if stopping:
            pop = True
        c = -1
        if not pop:
            if d < n_prefix:
                c = prefix[d]
                # the siblings before it were passed over
                for w in range(words):
                    lo = w * 64
                    if c >= lo + 64:
                        avail[d, w] = 0
                    elif c >= lo:
                        avail[d, w] &= ~((_ONE << np.uint64(c - lo)) - _ONE)
                if not (avail[d, c >> 6] >> np.uint64(c & 63)) & _ONE:
                    stats[ST_FINISHED] = -1  # the prefix is not a node of this search
                    return 0
                avail[d, c >> 6] &= ~(_ONE << np.uint64(c & 63))
            else:
                for w in range(words):
                    if avail[d, w] != 0:
                        c = w * 64 + lowest_bit(avail[d, w])
                        avail[d, w] &= avail[d, w] - _ONE
                        break
            if c < 0:
                pop = True
            elif c // block == 2 and count[1] < a_min:
                pop = True  # slice 1 is complete and too small
            else:
                left = 0
                for w in range(words):
                    left += popcount(avail[d, w])
                if nch + 1 + left < target:
                    pop = True
        if pop:
            if d == 0:
                break
            d -= 1
            nch -= 1
            c = chosen[nch]
            s = c // block
            for j in range(n_dirs):
                hcnt[point_hyp[c, j], s] -= 1
            count[s] -= 1
            if d < n_prefix:
                break
            continue
        # place card c
        s = c // block
        for w in range(words):
            avail[d + 1, w] = avail[d, w]
        for k in range(nch):
            q = third[c, chosen[k]]
            avail[d + 1, q >> 6] &= ~(_ONE << np.uint64(q & 63))
        for j in range(n_dirs):
            h = point_hyp[c, j]
            hcnt[h, s] += 1
            if hcnt[h, 0] + hcnt[h, 1] + hcnt[h, 2] >= m:
                for w in range(words):
                    avail[d + 1, w] &= ~hyp_masks[h, w]
        count[s] += 1
        if s == 1:
            local = c - block
            for i in range(n_sym):
                q = block + sub_add[local, sym_off[i]]
                avail[d + 1, q >> 6] &= ~(_ONE << np.uint64(q & 63))
        elif s == 2 and count[2] >= count[1]:
            for w in range(words):
                avail[d + 1, w] &= ~slice_masks[2, w]
        chosen[nch] = c
        nch += 1
        d += 1
        entering = True
    stats[ST_NODES] += nodes
    stats[ST_SOLUTIONS] += n_sol
    stats[ST_FINISHED] = finished
    stats[ST_FRONTIER] += n_front
    stats[ST_PRUNED_BOUND] += pruned
    return n_sol


__all__ = ["ALL", "N_STATS", "STOP_FIRST", "extend", "popcount"]

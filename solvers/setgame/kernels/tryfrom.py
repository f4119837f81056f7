"""The seed's GetMaxOhneSet / TryFrom backtracking, faithfully, for any v: the teaching
baseline.

    TryFrom(from):
        if more cards are placed than Best: Best = that number, drop stored solutions
        if exactly Best cards are placed: store the solution
        for every card i from `from` on that may be placed:
            place i (SchliesseAus marks the cards it now excludes, tagged with its level)
            TryFrom(i + 1)
            take i back and lift the marks of its level

It finds all maximum solutions and uses no bound and no symmetry, so it is slow beyond
tiny games (n = 4 takes hours). `bounded=True` adds the one obvious bound (placed + cards
left from `from` must reach Best) and is the general-v fast search's core.

The kernel keeps the board state of the model (status and level per card) and records
Add/Exclude/Unexclude/Remove events when tracing, so its trace replays the seed's run.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int16Array, Int32Array, Int64Array
from puzzleviz.solvers.interrupt import stop_requested
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import KernelBuffer
from puzzleviz.solvers.setgame.arrays import CardTable, CardVectors
from puzzleviz.solvers.setgame.kernels.bitsearch import (
    ST_BEST,
    ST_FINISHED,
    ST_NODES,
    ST_SOLUTIONS,
    emit,
    mark,
    step,
    store_solution,
)

FREE, CHOSEN, EXCLUDED = 0, 1, 2


@njit(cache=True)
def completing_card_kernel(
    digits: CardVectors, v: int, group: Int64Array, size: int, counts: Int64Array
) -> int:
    """The seed's rule for the `size` = v - 1 cards in group[:size] (v >= 3), or -1."""
    n = digits.shape[1]
    result = 0
    for k in range(n):
        for x in range(v):
            counts[x] = 0
        for i in range(size):
            counts[digits[group[i], k]] += 1
        variant = -1
        top = 0
        for x in range(v):
            if counts[x] > top:
                top = counts[x]
        if top == v - 1:
            for x in range(v):
                if counts[x] == v - 1:
                    variant = x
        elif top == 1:
            for x in range(v):
                if counts[x] == 0:
                    variant = x
        if variant < 0:
            return -1
        result = result * v + variant
    return result


@njit(cache=True)
def exclude_for(
    digits: CardVectors,
    v: int,
    third: CardTable,
    status: Int64Array,
    by: Int64Array,
    chosen: Int64Array,
    nch: int,
    card: int,
    level: int,
    stack: Int64Array,
    top: int,
    group: Int64Array,
    idx: Int64Array,
    counts: Int64Array,
) -> int:
    """SchliesseAus: mark every free card that completes a SET with `card` and v - 2 of
    chosen[:nch]; push them on `stack` from position `top`; return the new top."""
    n_cards = status.shape[0]
    if v == 2:
        for q in range(n_cards):
            if status[q] == FREE and q != card:
                status[q] = EXCLUDED
                by[q] = level
                stack[top] = q
                top += 1
        return top
    if v == 3:
        for k in range(nch):
            q = third[card, chosen[k]]
            if status[q] == FREE:
                status[q] = EXCLUDED
                by[q] = level
                stack[top] = q
                top += 1
        return top
    r = v - 2
    if nch < r:
        return top
    for i in range(r):
        idx[i] = i
    while True:
        group[0] = card
        for i in range(r):
            group[i + 1] = chosen[idx[i]]
        q = completing_card_kernel(digits, v, group, r + 1, counts)
        if q >= 0 and status[q] == FREE:
            status[q] = EXCLUDED
            by[q] = level
            stack[top] = q
            top += 1
        # next combination of r indices out of nch
        i = r - 1
        while i >= 0 and idx[i] == nch - r + i:
            i -= 1
        if i < 0:
            break
        idx[i] += 1
        for j in range(i + 1, r):
            idx[j] = idx[j - 1] + 1
    return top


@njit(cache=True, nogil=True)
def try_from_kernel(
    digits: CardVectors,
    v: int,
    third: CardTable,
    status: Int64Array,
    by: Int64Array,
    forbidden: Int64Array,
    chosen: Int64Array,
    n_fixed: int,
    first: int,
    bounded: bool,
    best_start: int,
    node_limit: int,
    sol_out: Int16Array,
    stats: Int64Array,
    trace: bool,
    buf: KernelBuffer,
    place_cap: Int32Array,
    back_cap: Int32Array,
    best_kind: int,
    best_cap: Int32Array,
    control: Int64Array,
) -> int:
    """Run TryFrom(first) on the board (status/by arrays are the model's, modified in place
    and restored on return). Returns Best; solutions of size Best go to sol_out (as many as
    fit), their number to stats."""
    n_cards = status.shape[0]
    depth_max = n_cards - n_fixed + 2
    pos = np.zeros(depth_max, dtype=np.int64)
    ex_top = np.zeros(depth_max, dtype=np.int64)
    stack = np.zeros(n_cards, dtype=np.int64)
    group = np.zeros(v + 1, dtype=np.int64)
    idx = np.zeros(v + 1, dtype=np.int64)
    counts = np.zeros(v, dtype=np.int64)
    best = best_start
    n_sol = 0
    found_one = 0  # 1 right after a solution: the next take-back looks for more
    nodes = 0
    base_nodes = stats[ST_NODES]
    finished = 1
    stopping = False
    d = 0
    nch = n_fixed
    pos[0] = first
    ex_top[0] = 0
    entering = True
    while True:
        if entering:
            entering = False
            nodes += 1
            if trace:
                buf.current[0] = base_nodes + nodes
                buf.current[1] = nch
            if nodes >= node_limit or stop_requested(control, base_nodes + nodes):
                stopping = True
                finished = 0
            if nch > best:
                best = nch
                n_sol = 0
                if trace:
                    buf.current[2] = max(buf.current[2], best)
                    mark(buf, best_kind, best_cap[nch])
            if nch == best:
                store_solution(sol_out, n_sol, chosen, nch)
                n_sol += 1
                if trace:
                    buf.current[3] = n_sol
                    found_one = 1
        card = -1
        if not stopping:
            i = pos[d]
            if bounded:
                left = 0
                for j in range(i, n_cards):
                    if status[j] == FREE and forbidden[j] == 0:
                        left += 1
                if nch + left < best:
                    i = n_cards
            while i < n_cards:
                if status[i] == FREE and forbidden[i] == 0:
                    card = i
                    break
                i += 1
            pos[d] = i + 1
        if card < 0:
            if d == 0:
                break
            d -= 1
            nch -= 1
            c = chosen[nch]
            if trace:
                buf.current[1] = nch
                step(buf, back_cap[found_one, c])
                found_one = 0
            for t in range(ex_top[d + 1] - 1, ex_top[d] - 1, -1):
                q = stack[t]
                status[q] = FREE
                by[q] = 0
                if trace:
                    emit(buf, 3, q, nch + 1, 0)
            status[c] = FREE
            by[c] = 0
            if trace:
                emit(buf, 1, c, nch + 1, 0)
            continue
        level = nch + 1
        status[card] = CHOSEN
        by[card] = level
        if trace:
            buf.current[1] = level
            step(buf, place_cap[card])
            emit(buf, 0, card, level, 0)
        top = exclude_for(
            digits,
            v,
            third,
            status,
            by,
            chosen,
            nch,
            card,
            level,
            stack,
            ex_top[d],
            group,
            idx,
            counts,
        )
        if trace:
            for t in range(ex_top[d], top):
                emit(buf, 2, stack[t], level, 0)
        chosen[nch] = card
        nch += 1
        d += 1
        ex_top[d] = top
        pos[d] = card + 1
        entering = True
    stats[ST_NODES] += nodes
    stats[ST_SOLUTIONS] = n_sol
    stats[ST_BEST] = best
    stats[ST_FINISHED] = finished
    return best

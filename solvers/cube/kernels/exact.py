"""The exact search as a numba kernel: depth-first exact cover on bitboards.

At each node the kernel keeps the list of placements still possible (no overlap with what
is placed, a piece of that type still in the box), counts per empty cell how many of them
cover it with bit-sliced counters (three bitboards: 1, 2, 3 and "4 or more"), and branches
on the empty cell with the fewest options. A node is a dead end if an empty cell has no
option, if more cells can only take a unit piece than unit pieces are left, or if the slab
parity bound fails (see `bounds`). Identical pieces are one type with a count, so every
filling is found exactly once.

The kernel is resumable: all its state lives in arrays the caller keeps, and it returns
after a node budget (to update a progress bar), when the solution buffer is full, or when
done. It starts from the empty box or from a root of fixed first pieces (the caller sets
the state to it; see `breaking`): a root that cannot be completed ends it at once.
"""

from __future__ import annotations

import numpy as np

from solvers.jit import njit
from solvers.kernel_trace import record_event, record_milestone, record_step

# regs
R_DEPTH, R_PHASE, R_NODES, R_SOLUTIONS, R_STORED, R_OPTIONS = 0, 1, 2, 3, 4, 5
N_REGS = 6
PHASE_SETUP, PHASE_BRANCH, PHASE_DONE = 0, 1, 2
# counters recorded with each event
C_NODES, C_DEPTH, C_SOLUTIONS, C_OPTIONS = 0, 1, 2, 3
# dead-end reasons (rows of the caption table `cap_back`)
WHY_EXHAUSTED, WHY_UNCOVERABLE, WHY_UNITS, WHY_PARITY, WHY_SOLUTION = 0, 1, 2, 3, 4

ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(cache=True, inline="always")
def _ctz(x):
    n = 0
    while (x & ONE) == ZERO:
        x >>= ONE
        n += 1
    return n


@njit(cache=True, inline="always")
def _popcount(x):
    n = 0
    while x:
        x &= x - ONE
        n += 1
    return n


@njit(cache=True)
def _take_back(
    p, d, why, masks, ptype, ppose, flips, counts, occ, par, first, total, rec, buf, cap_back
):
    """Remove the placement chosen at depth d; record it with the reason."""
    for w in range(masks.shape[1]):
        occ[w] ^= masks[p, w]
    for a in range(3):
        par[a] ^= flips[p, a]
    t = ptype[p]
    if rec:
        buf.current[C_DEPTH] = d
        record_step(buf, cap_back[why, t])
        record_event(buf, 1, first[t] + total[t] - counts[t] - 1, ppose[p])
    counts[t] += 1


@njit(cache=True)
def exact_search(
    masks, ptype, ppose, flips, max_flips, unit, first, total, full,  # tables
    counts, alive, nalive, branches, nbranch, branch_cell, pos, chosen, occ, par, regs,  # state
    sol_out, node_budget, max_solutions,  # limits
    rec, buf, cap_try, cap_back, ms_solution, cap_solution,  # recording
):  # fmt: skip
    n_pieces = chosen.shape[0] - 1
    n_types = counts.shape[0]
    n_words = masks.shape[1]
    b0 = np.zeros(n_words, dtype=np.uint64)
    b1 = np.zeros(n_words, dtype=np.uint64)
    b2 = np.zeros(n_words, dtype=np.uint64)
    big = np.zeros(n_words, dtype=np.uint64)
    nodes_at_start = regs[R_NODES]
    d = regs[R_DEPTH]
    while regs[R_PHASE] != PHASE_DONE:
        if regs[R_STORED] >= sol_out.shape[0]:
            break
        if regs[R_PHASE] == PHASE_SETUP:
            if regs[R_NODES] - nodes_at_start >= node_budget:
                break
            regs[R_NODES] += 1
            na = nalive[d]
            for w in range(n_words):
                b0[w] = ZERO
                b1[w] = ZERO
                b2[w] = ZERO
                big[w] = ZERO
            for i in range(na):
                p = alive[d, i]
                is_big = not unit[ptype[p]]
                for w in range(n_words):
                    m = masks[p, w]
                    c0 = b0[w] & m
                    b0[w] ^= m
                    c1 = b1[w] & c0
                    b1[w] ^= c0
                    b2[w] |= c1
                    if is_big:
                        big[w] |= m
            units_left = 0
            for t in range(n_types):
                if unit[t]:
                    units_left += counts[t]
            why = -1
            only_units = 0
            best_class = 5
            best_cell = -1
            for w in range(n_words):
                empty = full[w] & ~occ[w]
                if empty & ~(b0[w] | b1[w] | b2[w]):
                    why = WHY_UNCOVERABLE
                    break
                only_units += _popcount(empty & ~big[w])
                if best_class > 1:
                    e1 = empty & b0[w] & ~b1[w] & ~b2[w]
                    e2 = empty & ~b0[w] & b1[w] & ~b2[w]
                    e3 = empty & b0[w] & b1[w] & ~b2[w]
                    e4 = empty & b2[w]
                    if e1:
                        best_class, best_cell = 1, w * 64 + _ctz(e1)
                    elif e2 and best_class > 2:
                        best_class, best_cell = 2, w * 64 + _ctz(e2)
                    elif e3 and best_class > 3:
                        best_class, best_cell = 3, w * 64 + _ctz(e3)
                    elif e4 and best_class > 4:
                        best_class, best_cell = 4, w * 64 + _ctz(e4)
            if why < 0 and only_units > units_left:
                why = WHY_UNITS
            if why >= 0:
                if d == 0:  # a root that cannot be completed (see `breaking`)
                    regs[R_PHASE] = PHASE_DONE
                    break
                d -= 1
                _take_back(chosen[d], d, why, masks, ptype, ppose, flips, counts, occ, par,
                           first, total, rec, buf, cap_back)  # fmt: skip
                regs[R_PHASE] = PHASE_BRANCH
                continue
            cw = best_cell >> 6
            cb = ONE << np.uint64(best_cell & 63)
            k = 0
            for i in range(na):
                p = alive[d, i]
                if masks[p, cw] & cb:
                    branches[d, k] = p
                    k += 1
            nbranch[d] = k
            branch_cell[d] = best_cell
            pos[d] = 0
            regs[R_PHASE] = PHASE_BRANCH
            continue
        # PHASE_BRANCH at depth d
        if pos[d] >= nbranch[d]:
            if d == 0:
                regs[R_PHASE] = PHASE_DONE
                break
            d -= 1
            _take_back(chosen[d], d, WHY_EXHAUSTED, masks, ptype, ppose, flips, counts, occ, par,
                       first, total, rec, buf, cap_back)  # fmt: skip
            continue
        p = branches[d, pos[d]]
        pos[d] += 1
        chosen[d] = p
        t = ptype[p]
        for w in range(n_words):
            occ[w] |= masks[p, w]
        for a in range(3):
            par[a] ^= flips[p, a]
        counts[t] -= 1
        if rec:
            buf.current[C_NODES] = regs[R_NODES]
            buf.current[C_DEPTH] = d + 1
            buf.current[C_OPTIONS] = nbranch[d]
            record_step(buf, cap_try[branch_cell[d], t])
            record_event(buf, 0, first[t] + total[t] - counts[t] - 1, ppose[p])
        if d + 1 == n_pieces:
            s = regs[R_SOLUTIONS]
            regs[R_SOLUTIONS] = s + 1
            for i in range(n_pieces):
                sol_out[regs[R_STORED], i] = chosen[i]
            regs[R_STORED] += 1
            if rec:
                buf.current[C_SOLUTIONS] = s + 1
                caption = cap_solution[s] if s < cap_solution.shape[0] else -1
                record_milestone(buf, ms_solution, caption)
            if max_solutions > 0 and s + 1 >= max_solutions:
                d += 1
                regs[R_PHASE] = PHASE_DONE
                break
            _take_back(p, d, WHY_SOLUTION, masks, ptype, ppose, flips, counts, occ, par,
                       first, total, rec, buf, cap_back)  # fmt: skip
            continue
        bad = False
        for a in range(3):
            limit = 0
            for tt in range(n_types):
                limit += counts[tt] * max_flips[tt, a]
            if _popcount(par[a]) > limit:
                bad = True
        if bad:
            _take_back(p, d, WHY_PARITY, masks, ptype, ppose, flips, counts, occ, par,
                       first, total, rec, buf, cap_back)  # fmt: skip
            continue
        na = nalive[d]
        k = 0
        for i in range(na):
            q = alive[d, i]
            if counts[ptype[q]] == 0:
                continue
            clash = False
            for w in range(n_words):
                if masks[q, w] & masks[p, w]:
                    clash = True
                    break
            if not clash:
                alive[d + 1, k] = q
                k += 1
        nalive[d + 1] = k
        d += 1
        regs[R_PHASE] = PHASE_SETUP
    regs[R_DEPTH] = d

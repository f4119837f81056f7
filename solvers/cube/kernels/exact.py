"""The exact search as a numba kernel: depth-first exact cover on bitboards.

At each node the kernel keeps the list of placements still possible (no overlap with what
is placed, a piece of that type still in the box), counts per empty cell how many of them
cover it (while it makes the list), and branches on the empty cell with the fewest options,
or on a piece (the last of its type) that has fewer places left than any cell has options.
A node is a dead end if an empty cell has no option, if a type has fewer places left than
pieces, if more cells can only take a unit piece than unit pieces are left, or if the slab
parity bound fails (see `bounds`). Identical pieces are one type with a count, so every
filling is found exactly once.

The kernel is resumable: all its state lives in arrays the caller keeps, and it returns
after a node budget (to update a progress bar), when the solution buffer is full, or when
done. It starts from the empty box or from a root of fixed first pieces (the caller sets
the state to it; see `breaking`): a root that cannot be completed ends it at once.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.cube.arrays import Bitboard, FillingRows, PlacementCells, PlacementMasks
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import (
    KernelBuffer,
    record_event,
    record_milestone,
    record_step,
)

# regs
R_DEPTH, R_PHASE, R_NODES, R_SOLUTIONS, R_STORED, R_OPTIONS = 0, 1, 2, 3, 4, 5
N_REGS = 6
PHASE_SETUP, PHASE_BRANCH, PHASE_DONE = 0, 1, 2
# counters recorded with each event
C_NODES, C_DEPTH, C_SOLUTIONS, C_OPTIONS = 0, 1, 2, 3
# dead-end reasons (rows of the caption table `cap_back`)
WHY_EXHAUSTED, WHY_UNCOVERABLE, WHY_UNITS, WHY_PARITY, WHY_SOLUTION = 0, 1, 2, 3, 4
WHY_NO_PLACE = 5
N_WHY = 6

ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(cache=True, inline="always")
def _popcount(x: np.uint64) -> int:
    n = 0
    while x:
        x &= x - ONE
        n += 1
    return n


@njit(cache=True, inline="always")
def _count(
    p: int, ptype: Int64Array, unit: BoolArray, pcells: PlacementCells, pvolume: Int64Array,
    per_type: Int64Array, options: Int64Array, big_options: Int64Array,
) -> None:  # fmt: skip
    """Count placement p among the options of its cells and of its type."""
    t = ptype[p]
    per_type[t] += 1
    if unit[t]:
        options[pcells[p, 0]] += 1
    else:
        for k in range(pvolume[p]):
            c = pcells[p, k]
            options[c] += 1
            big_options[c] += 1


@njit(cache=True)
def _take_back(
    p: int, d: int, why: int, masks: PlacementMasks, ptype: Int64Array, ppose: Int64Array,
    flips: UInt64Array, counts: Int64Array, occ: Bitboard, par: UInt64Array, first: Int64Array,
    total: Int64Array, rec: bool, buf: KernelBuffer, cap_back: Int32Array,
) -> None:  # fmt: skip
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
    # tables
    masks: PlacementMasks, pcells: PlacementCells, pvolume: Int64Array, ptype: Int64Array,
    ppose: Int64Array, flips: UInt64Array, max_flips: Int64Array, unit: BoolArray,
    first: Int64Array, total: Int64Array, full: Bitboard,
    # state
    counts: Int64Array, alive: Int32Array, nalive: Int64Array, branches: Int32Array,
    nbranch: Int64Array, branch_cell: Int64Array, pos: Int64Array, chosen: Int64Array,
    occ: Bitboard, par: UInt64Array, regs: Int64Array,
    # limits
    sol_out: FillingRows, node_budget: int, max_solutions: int,
    # recording
    rec: bool, buf: KernelBuffer, cap_try: Int32Array, cap_piece: Int32Array,
    cap_back: Int32Array, ms_solution: int, cap_solution: Int32Array,
) -> None:  # fmt: skip
    n_pieces = chosen.shape[0] - 1
    n_types = counts.shape[0]
    n_words = masks.shape[1]
    n_cells = 64 * n_words
    per_type = np.zeros(n_types, dtype=np.int64)
    options = np.zeros(n_cells, dtype=np.int64)
    big_options = np.zeros(n_cells, dtype=np.int64)
    nodes_at_start = regs[R_NODES]
    d = regs[R_DEPTH]
    counted = False
    while regs[R_PHASE] != PHASE_DONE:
        if regs[R_STORED] >= sol_out.shape[0]:
            break
        if regs[R_PHASE] == PHASE_SETUP:
            if regs[R_NODES] - nodes_at_start >= node_budget:
                break
            regs[R_NODES] += 1
            na = nalive[d]
            if not counted:  # else the pass that made this alive list counted already
                options[:] = 0
                big_options[:] = 0
                per_type[:] = 0
                for i in range(na):
                    _count(alive[d, i], ptype, unit, pcells, pvolume, per_type, options,
                           big_options)  # fmt: skip
            counted = False
            units_left = 0
            for t in range(n_types):
                if unit[t]:
                    units_left += counts[t]
            why = -1
            only_units = 0
            best_class = masks.shape[0] + 1  # more than any count
            best_cell = -1
            for c in range(n_cells):
                w = c >> 6
                bit = ONE << np.uint64(c & 63)
                if (full[w] & bit) == ZERO or (occ[w] & bit) != ZERO:
                    continue
                n = options[c]
                if n == 0:
                    why = WHY_UNCOVERABLE
                    break
                if big_options[c] == 0:
                    only_units += 1
                if n < best_class:
                    best_class, best_cell = n, c
            if why < 0 and only_units > units_left:
                why = WHY_UNITS
            best_piece = -1
            if why < 0:
                for t in range(n_types):
                    if per_type[t] < counts[t]:
                        why = WHY_NO_PLACE
                        break
                    # a piece with fewer places than the tightest cell has options
                    if counts[t] == 1 and per_type[t] < best_class:
                        best_class, best_piece = per_type[t], t
            if why >= 0:
                if d == 0:  # a root that cannot be completed (see `breaking`)
                    regs[R_PHASE] = PHASE_DONE
                    break
                d -= 1
                _take_back(chosen[d], d, why, masks, ptype, ppose, flips, counts, occ, par,
                           first, total, rec, buf, cap_back)  # fmt: skip
                regs[R_PHASE] = PHASE_BRANCH
                continue
            k = 0
            if best_piece >= 0:
                for i in range(na):
                    p = alive[d, i]
                    if ptype[p] == best_piece:
                        branches[d, k] = p
                        k += 1
                branch_cell[d] = -1 - best_piece
            else:
                cw = best_cell >> 6
                cb = ONE << np.uint64(best_cell & 63)
                for i in range(na):
                    p = alive[d, i]
                    if masks[p, cw] & cb:
                        branches[d, k] = p
                        k += 1
                branch_cell[d] = best_cell
            nbranch[d] = k
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
            if branch_cell[d] >= 0:
                record_step(buf, cap_try[branch_cell[d], t])
            else:
                record_step(buf, cap_piece[t])
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
        options[:] = 0
        big_options[:] = 0
        per_type[:] = 0
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
                _count(q, ptype, unit, pcells, pvolume, per_type, options, big_options)
        nalive[d + 1] = k
        counted = True
        d += 1
        regs[R_PHASE] = PHASE_SETUP
    regs[R_DEPTH] = d

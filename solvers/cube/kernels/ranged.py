"""The exact search when pieces have count ranges (BurrTools' `min`/`max`): one search for
every choice of counts at once, instead of one search per choice.

The tree is `exact`'s (branch on the empty cell with the fewest options, lowest cell first
among equals), with two differences that ranges make:
- a type may still be used while it has copies left (`left[t]`, its most copies minus the
  ones placed), and must be while it is short of its fewest (`need[t]`): a type with fewer
  places left than copies it needs is a dead end, and a type is branched on alone only when
  exactly one copy must and may still go in (otherwise a filling with two copies would be
  found once per copy tried first);
- a filling is complete when every cell is covered (the number of pieces varies), and
  counts only if every type has its fewest copies.
Every filling of every choice of counts is found exactly once (a cell is covered by one
placement). Rows of the solution buffer are padded with `pad` (a placement number past the
table's end, so a sorted row ends with it).

The empty-cell, unit-piece and slab-parity bounds of `exact` use the copies left, which
bound what any choice can still place. Untraced; resumable like `exact`.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.bits import popcount64
from puzzleviz.solvers.cube.arrays import Bitboard, FillingRows, PlacementCells, PlacementMasks
from puzzleviz.solvers.jit import njit

# regs (the same slots as `exact`'s, so one driver reads both)
R_DEPTH, R_PHASE, R_NODES, R_SOLUTIONS, R_STORED = 0, 1, 2, 3, 4
N_REGS = 6
PHASE_SETUP, PHASE_BRANCH, PHASE_DONE = 0, 1, 2

ZERO = np.uint64(0)
ONE = np.uint64(1)


@njit(cache=True)
def _tally(
    alive: Int32Array, d: int, na: int, ptype: Int64Array, unit: BoolArray,
    pcells: PlacementCells, pvolume: Int64Array, per_type: Int64Array, options: Int64Array,
    big_options: Int64Array,
) -> None:  # fmt: skip
    """Count the options of every cell and type among the placements alive at depth d."""
    options[:] = 0
    big_options[:] = 0
    per_type[:] = 0
    for i in range(na):
        p = alive[d, i]
        t = ptype[p]
        per_type[t] += 1
        for k in range(pvolume[p]):
            c = pcells[p, k]
            options[c] += 1
            if not unit[t]:
                big_options[c] += 1


@njit(cache=True)
def ranged_search(
    # tables
    masks: PlacementMasks, pcells: PlacementCells, pvolume: Int64Array, ptype: Int64Array,
    flips: UInt64Array, max_flips: Int64Array, unit: BoolArray, full: Bitboard, pad: int,
    # state
    left: Int64Array, need: Int64Array, alive: Int32Array, nalive: Int64Array,
    branches: Int32Array, nbranch: Int64Array, pos: Int64Array, chosen: Int64Array,
    occ: Bitboard, par: UInt64Array, regs: Int64Array,
    # limits
    sol_out: FillingRows, node_budget: int, max_solutions: int,
) -> None:  # fmt: skip
    n_types = left.shape[0]
    n_words = masks.shape[1]
    n_cells = 64 * n_words
    per_type = np.zeros(n_types, dtype=np.int64)
    options = np.zeros(n_cells, dtype=np.int64)
    big_options = np.zeros(n_cells, dtype=np.int64)
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
            _tally(alive, d, na, ptype, unit, pcells, pvolume, per_type, options, big_options)
            units_left = 0
            for t in range(n_types):
                if unit[t]:
                    units_left += left[t]
            dead = False
            only_units = 0
            best_class = masks.shape[0] + 1
            best_cell = -1
            for c in range(n_cells):
                w = c >> 6
                bit = ONE << np.uint64(c & 63)
                if (full[w] & bit) == ZERO or (occ[w] & bit) != ZERO:
                    continue
                n = options[c]
                if n == 0:
                    dead = True
                    break
                if big_options[c] == 0:
                    only_units += 1
                if n < best_class:
                    best_class, best_cell = n, c
            if not dead and only_units > units_left:
                dead = True
            best_piece = -1
            if not dead:
                for t in range(n_types):
                    if per_type[t] < need[t]:
                        dead = True
                        break
                    if need[t] == 1 and left[t] == 1 and per_type[t] < best_class:
                        best_class, best_piece = per_type[t], t
            if dead or best_cell < 0:
                if d == 0:
                    regs[R_PHASE] = PHASE_DONE
                    break
                d -= 1
                _undo(chosen[d], masks, ptype, flips, left, need, occ, par)
                regs[R_PHASE] = PHASE_BRANCH
                continue
            k = 0
            if best_piece >= 0:
                for i in range(na):
                    p = alive[d, i]
                    if ptype[p] == best_piece:
                        branches[d, k] = p
                        k += 1
            else:
                cw = best_cell >> 6
                cb = ONE << np.uint64(best_cell & 63)
                for i in range(na):
                    p = alive[d, i]
                    if masks[p, cw] & cb:
                        branches[d, k] = p
                        k += 1
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
            _undo(chosen[d], masks, ptype, flips, left, need, occ, par)
            continue
        p = branches[d, pos[d]]
        pos[d] += 1
        chosen[d] = p
        t = ptype[p]
        for w in range(n_words):
            occ[w] |= masks[p, w]
        for a in range(3):
            par[a] ^= flips[p, a]
        left[t] -= 1
        need[t] -= 1
        covered = True
        for w in range(n_words):
            if occ[w] != full[w]:
                covered = False
                break
        if covered:
            short = False
            for u in range(n_types):
                if need[u] > 0:
                    short = True
            if not short:
                s = regs[R_SOLUTIONS]
                regs[R_SOLUTIONS] = s + 1
                row = regs[R_STORED]
                for i in range(sol_out.shape[1]):
                    sol_out[row, i] = chosen[i] if i <= d else pad
                regs[R_STORED] += 1
                if max_solutions > 0 and s + 1 >= max_solutions:
                    d += 1
                    regs[R_PHASE] = PHASE_DONE
                    break
            _undo(p, masks, ptype, flips, left, need, occ, par)
            continue
        bad = False
        for a in range(3):
            limit = 0
            for tt in range(n_types):
                limit += left[tt] * max_flips[tt, a]
            if popcount64(par[a]) > limit:  # type: ignore[call-arg]
                bad = True
        if bad:
            _undo(p, masks, ptype, flips, left, need, occ, par)
            continue
        na = nalive[d]
        k = 0
        for i in range(na):
            q = alive[d, i]
            if left[ptype[q]] == 0:
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


@njit(cache=True, inline="always")
def _undo(
    p: int, masks: PlacementMasks, ptype: Int64Array, flips: UInt64Array, left: Int64Array,
    need: Int64Array, occ: Bitboard, par: UInt64Array,
) -> None:  # fmt: skip
    """Take placement p back out."""
    for w in range(masks.shape[1]):
        occ[w] ^= masks[p, w]
    for a in range(3):
        par[a] ^= flips[p, a]
    t = ptype[p]
    left[t] += 1
    need[t] += 1

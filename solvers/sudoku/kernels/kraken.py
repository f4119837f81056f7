"""Kraken fish: a finned fish whose fins are each tied to the elimination by a chain.

A fish with fins (k base lines of one digit, their places in k cover lines except the fins)
says: either no fin is true, and then the digit sits on the fish, so a cover-line cell
outside the base lines (the target) is not that digit; or some fin is true. If every fin,
assumed true, leads by a forcing chain to "the target is not the digit", the target loses
it either way. A finned fish is the case where every fin sees the target (one link); the
kraken lets the fins be anywhere. Fins that lead to a contradiction are not used (such a
fin is false, but the step would then be a forcing chain, tried later).

The chains are the static (single-reason) implications of solvers.sudoku.kernels.forcing;
each fin is propagated once per digit and call, then every fish of 2 to 4 lines with 1 to
MAX_FINS fins is checked against those implications. The pattern with the shortest chains
(the sum of their depths) is taken.

Recorded step (items in this order):
    ITEM_ELIM       (target cell, digit)
    ITEM_HOUSE      base lines (HOUSE_BASE), cover lines (HOUSE_COVER)
    ITEM_CAND       every place of the digit in the base lines: ROLE_PATTERN in a cover line,
                    ROLE_FIN outside
    per fin k: ITEM_BRANCH (k, fin candidate, 1) and the branch's nodes and links as in a
    forcing chain, collapsed to the target's OFF fact
Info: k, digit, orientation (0: rows are the base), base mask, cover mask, target cell,
links, branches (= fins).
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int32Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, next_combination, popcount
from puzzleviz.solvers.sudoku.kernels.fish import log_fish
from puzzleviz.solvers.sudoku.kernels.forcing import (
    NO_CONFLICT,
    Scratch,
    _house_placed,
    _scratch,
    propagate,
    push_branch,
)
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info, stopping
from puzzleviz.solvers.sudoku.kernels.scan import (
    bit_positions,
    chosen_lines,
    lines_with_places,
    union_of_lines,
)
from puzzleviz.solvers.sudoku.roles import ITEM_CAND, ITEM_ELIM, ROLE_FIN, ROLE_PATTERN
from puzzleviz.solvers.sudoku.techniques import T_KRAKEN_FISH

MAX_FINS = 4
MAX_SIZE = 4


@njit(cache=True)
def _fin_reach(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos: Positions,
    hp0: Int32Array,
    d: int,
    reach: Int32Array,
    scratch: Scratch,
) -> None:
    """reach[f, t] = depth + 1 of OFF(t, d) under ON(f, d) (0: not reached) for every cell
    f holding candidate d; rows of fins that lead to a contradiction stay 0."""
    n = geo.n
    vv, cm, hp, when, depth, pstart, pcount, plist, queue, tmp, st = scratch
    reach[:, :] = 0
    for f in range(geo.ncell):
        if values[f] or not cand[f] & (1 << d):
            continue
        premise = 2 * (f * n + d) + 1
        propagate(geo, values, cand, pos, hp0, premise, False, vv, cm, hp, when, depth,
                  pstart, pcount, plist, queue, tmp, st)  # fmt: skip
        ok = st[2] == NO_CONFLICT
        for i in range(st[0]):
            fact = queue[i]
            when[fact] = -1
            node = fact >> 1
            if ok and fact & 1 == 0 and node % n == d:
                reach[f, node // n] = min(depth[fact], 30000) + 1


@njit(cache=True)
def _score(
    geo: Geo,
    cand: Candidates,
    pos: Positions,
    reach: Int32Array,
    d: int,
    base0: int,
    cover0: int,
    bases: int,
    covers: int,
    best: int,
) -> tuple[int, int]:
    """The best target of one finned fish: (sum of fin depths, target cell), or (best, -1)
    if none beats `best`. Fins: base-line places outside the cover lines."""
    n = geo.n
    bit = 1 << d
    fins = np.empty(MAX_FINS, dtype=np.int64)
    nf = 0
    for i in range(n):
        if not (bases >> i) & 1:
            continue
        places = pos[base0 + i, d]
        if places & covers == 0:
            return best, -1
        extra = places & ~covers
        while extra:
            if nf == MAX_FINS:
                return best, -1
            fins[nf] = geo.house_cells[base0 + i, low_index(extra)]
            extra &= extra - 1
            nf += 1
    if nf == 0:
        return best, -1
    target = -1
    for j in range(n):
        if not (covers >> j) & 1:
            continue
        for i in range(n):
            if (bases >> i) & 1:
                continue
            t = geo.house_cells[cover0 + j, i]
            if not cand[t] & bit:
                continue
            total = 0
            for q in range(nf):
                r = reach[fins[q], t]
                if r == 0:
                    total = -1
                    break
                total += r
            if total > 0 and total < best:
                best, target = total, t
    return best, target


@njit(cache=True)
def kraken_fish(geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog) -> bool:
    """Kraken fish (type 1: the target in a cover line); see the module docstring."""
    n = geo.n
    hp0 = _house_placed(geo, values)
    scratch = _scratch(geo)
    reach = np.zeros((geo.ncell, geo.ncell), dtype=np.int32)
    lines = np.empty(n, dtype=np.int64)
    comb = np.empty(MAX_SIZE, dtype=np.int64)
    cols = np.empty(n, dtype=np.int64)
    ccomb = np.empty(MAX_SIZE, dtype=np.int64)
    best = 1 << 40
    best_d = best_k = best_orient = best_bases = best_covers = best_t = -1
    for d in range(n):
        reached = False
        for k in range(2, MAX_SIZE + 1):
            for orient in range(2):
                base0 = 0 if orient == 0 else n
                cover0 = n - base0
                places = pos[base0 : base0 + n, d]
                m = lines_with_places(places, 1, k + MAX_FINS, lines)
                if m < k:
                    continue
                for i in range(k):
                    comb[i] = i
                while True:
                    if stopping(log):
                        return False
                    union, bases = union_of_lines(places, lines, comb, k)
                    nu = popcount(union)
                    if k < nu:
                        nc = bit_positions(union, cols)
                        for i in range(k):
                            ccomb[i] = i
                        while True:
                            covers = chosen_lines(cols, ccomb, k)
                            if not reached:
                                _fin_reach(geo, values, cand, pos, hp0, d, reach, scratch)
                                reached = True
                            score, t = _score(
                                geo, cand, pos, reach, d, base0, cover0, bases, covers, best
                            )
                            if t >= 0:
                                best, best_t = score, t
                                best_d, best_k, best_orient = d, k, orient
                                best_bases, best_covers = bases, covers
                            if not next_combination(ccomb, k, nc):
                                break
                    if not next_combination(comb, k, m):
                        break
    if best_t < 0:
        return False
    return _record(geo, values, cand, pos, hp0, log, best_d, best_k, best_orient, best_bases,
                   best_covers, best_t)  # fmt: skip


@njit(cache=True)
def _record(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos: Positions,
    hp0: Int32Array,
    log: StepLog,
    d: int,
    k: int,
    orient: int,
    bases: int,
    covers: int,
    target: int,
) -> bool:
    n = geo.n
    base0 = 0 if orient == 0 else n
    if not begin(log, T_KRAKEN_FISH):
        return False
    push(log, ITEM_ELIM, target, d + 1, 0)
    log_fish(log, n, k, d, orient, bases, covers)
    fins = np.empty(n * n, dtype=np.int64)
    nf = 0
    for i in range(n):
        if (bases >> i) & 1:
            places = pos[base0 + i, d]
            while places:
                j = low_index(places)
                places &= places - 1
                c = geo.house_cells[base0 + i, j]
                if (covers >> j) & 1:
                    push(log, ITEM_CAND, c, d + 1, ROLE_PATTERN)
                else:
                    push(log, ITEM_CAND, c, d + 1, ROLE_FIN)
                    fins[nf] = c
                    nf += 1
    vv, cm, hp, when, depth, pstart, pcount, plist, queue, tmp, st = _scratch(geo)
    need = np.zeros(2 * geo.ncell * n, dtype=np.bool_)
    stack = np.empty(2 * geo.ncell * n, dtype=np.int64)
    roots = np.empty(1, dtype=np.int64)
    roots[0] = 2 * (target * n + d)
    links = 0
    for q in range(nf):
        premise = 2 * (fins[q] * n + d) + 1
        propagate(geo, values, cand, pos, hp0, premise, False, vv, cm, hp, when, depth,
                  pstart, pcount, plist, queue, tmp, st)  # fmt: skip
        links += push_branch(log, n, q, premise, roots, 1, st, queue, pstart, pcount, plist,
                             need, stack)  # fmt: skip
        for i in range(st[0]):
            when[queue[i]] = -1
    set_info(log, 5, target)
    set_info(log, 6, links)
    set_info(log, 7, nf)
    commit(log)
    return True

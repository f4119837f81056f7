"""Alternating inference chains: the general chain of which X- and XY-chains are cases.

A node is (candidate, parity): parity 1 = "true if the start candidate is false". Strong
links (the only two places of a digit in a house, the only two digits of a cell) lead from
a false node to a true one; weak links (one digit in two peers, two digits of one cell)
from a true node to a false one. Breadth-first from every start, shortest chain first.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount, sees
from puzzleviz.solvers.sudoku.kernels.chains import MAX_LINKS
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info
from puzzleviz.solvers.sudoku.kernels.walk import reach, start_walk, walked_chain
from puzzleviz.solvers.sudoku.roles import (
    ITEM_CAND,
    ITEM_ELIM,
    ITEM_LINK,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_OFF,
    ROLE_ON,
)
from puzzleviz.solvers.sudoku.techniques import T_AIC


@njit(cache=True)
def _aic_victims(
    geo: Geo, cand: Candidates, log: StepLog, s: int, ds: int, e: int, de: int, record: bool
) -> int:
    """Eliminations of an AIC from candidate (s, ds) (assumed false) to (e, de) (then true):
    at least one of the two ends is true. Pushes them if `record`; returns how many."""
    count = 0
    if ds == de:
        bit = 1 << ds
        for k in range(geo.peers.shape[1]):
            x = geo.peers[s, k]
            if x != e and cand[x] & bit and sees(geo, x, e):
                count += 1
                if record:
                    push(log, ITEM_ELIM, x, ds + 1, 0)
    elif s == e:
        extra = cand[s] & ~((1 << ds) | (1 << de))
        while extra:
            count += 1
            if record:
                push(log, ITEM_ELIM, s, low_index(extra) + 1, 0)
            extra &= extra - 1
    elif sees(geo, s, e):
        if cand[s] & (1 << de):
            count += 1
            if record:
                push(log, ITEM_ELIM, s, de + 1, 0)
        if cand[e] & (1 << ds):
            count += 1
            if record:
                push(log, ITEM_ELIM, e, ds + 1, 0)
    return count


@njit(cache=True)
def aic(geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog) -> bool:
    """Alternating Inference Chain: candidates linked alternately by strong links (the only
    two places of a digit in a house, or the only two digits of a cell) and weak links (one
    digit in two peer cells, or two digits of one cell). If the first candidate is false
    the last is true, so whatever contradicts both ends goes. Generalises X- and XY-chains.
    Info: start cell, start digit, end cell, end digit, links."""
    n, ncell = geo.n, geo.ncell
    npeer = geo.peers.shape[1]
    nnode = ncell * n
    dist = np.empty(2 * nnode, dtype=np.int64)
    parent = np.empty(2 * nnode, dtype=np.int64)
    queue = np.empty(2 * nnode, dtype=np.int64)
    path = np.empty(2 * nnode, dtype=np.int64)
    best = np.empty(MAX_LINKS + 1, dtype=np.int64)
    best_len = MAX_LINKS + 1
    for start in range(nnode):
        s, ds = start // n, start % n
        if not (cand[s] >> ds) & 1:
            continue
        start_walk(dist, parent, queue, 2 * start)
        qn, qi = 1, 0
        found = False
        while qi < qn and not found:
            st = queue[qi]
            qi += 1
            node, par = st // 2, st % 2
            c, d = node // n, node % n
            du = dist[st]
            if du + 1 >= best_len:
                break
            # candidates of the next nodes: same cell (other digits), then the digit's peers
            for kind in range(2):
                limit = n if kind == 0 else npeer
                for k in range(limit):
                    if kind == 0:
                        c2, d2 = c, k
                        if d2 == d or not (cand[c] >> d2) & 1:
                            continue
                        if par == 0 and popcount(cand[c]) != 2:
                            continue  # a strong link inside a cell needs a bivalue cell
                    else:
                        c2, d2 = geo.peers[c, k], d
                        if not (cand[c2] >> d) & 1:
                            continue
                        if par == 0:
                            strong = False
                            for h in range(3):
                                house = geo.cell_houses[c, h]
                                if (
                                    geo.cell_houses[c2, house // n] == house
                                    and popcount(pos[house, d]) == 2
                                ):
                                    strong = True
                            if not strong:
                                continue
                    ns = 2 * (c2 * n + d2) + 1 - par
                    grown = reach(dist, parent, queue, qn, st, ns)
                    if grown == qn:
                        continue
                    qn = grown
                    if (
                        par == 0
                        and du + 1 >= 3
                        and _aic_victims(geo, cand, log, s, ds, c2, d2, False) > 0
                        and walked_chain(parent, ns, 2, path, best) > 0
                    ):
                        best_len = du + 1
                        found = True
                        break
                if found:
                    break
    if best_len > MAX_LINKS:
        return False
    if not begin(log, T_AIC):
        return False
    s, ds = best[0] // 2 // n, best[0] // 2 % n
    e, de = best[best_len] // 2 // n, best[best_len] // 2 % n
    _aic_victims(geo, cand, log, s, ds, e, de, True)
    set_info(log, 0, s)
    set_info(log, 1, ds + 1)
    set_info(log, 2, e)
    set_info(log, 3, de + 1)
    set_info(log, 4, best_len)
    for i in range(best_len + 1):
        node = best[i] // 2
        push(log, ITEM_CAND, node // n, node % n + 1, ROLE_ON if best[i] % 2 == 1 else ROLE_OFF)
    for i in range(best_len):
        kind = LINK_STRONG if best[i] % 2 == 0 else LINK_WEAK
        push(log, ITEM_LINK, best[i] // 2, best[i + 1] // 2, kind)
    commit(log)
    return True

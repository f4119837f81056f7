"""Forcing chains and forcing nets: the last tier of logic before any guess.

A premise is one candidate assumed true (ON) or false (OFF). From it, implications follow:
    ON(c, d)  -> OFF(c, e) for the cell's other digits, OFF(p, d) for every peer p
    OFF(...)  -> ON(c, e) when e is the last digit left in c (naked single), or
                 ON(p, d) when p is the last place of d in a house (hidden single)
A *chain* only follows implications with a single premise (an OFF that leaves one digit of
a bivalue cell or one place of a conjugate pair): every fact has one parent, so each branch
is an alternating chain. A *net* (dynamic) judges singles on the grid as the branch has
changed it, so a fact may need several earlier facts together.

Conclusions (all sound: each is a plain case analysis over implications):
    contradiction  a premise leads to a fact and its opposite, an empty cell or a digit
                   with no place in a house: the premise is false
    verity         ON(c, d) and OFF(c, d) both lead to F: F
    cell           every candidate of a cell, assumed true in turn, leads to F: F
    house          every place of a digit in a house, assumed true in turn, leads to F: F
Every premise is propagated once; the conclusion with the shortest explanation (the sum of
the branches' depths) is taken, then its branches are propagated again to keep only the
implications the conclusion needs ("the net collapsed to its decisive branches").

Recorded step (items in this order):
    ITEM_ELIM or ITEM_PLACE         the conclusion
    per branch k:
        ITEM_BRANCH (k, premise candidate, 1 ON / 0 OFF)
        ITEM_CAND   (cell, digit, ROLE_ON / ROLE_OFF) for every node of the branch, premise
                    first, then in the order they were derived
        ITEM_LINK   (from candidate, to candidate, LINK_STRONG if the target becomes true
                    (OFF -> ON), LINK_WEAK if it becomes false (ON -> OFF)), in order; a node
                    with several parents (nets) has one link from each
        ITEM_CELL (cell, CELL_CONFLICT) / ITEM_HOUSE (house, HOUSE_CONFLICT) when the
                    branch ends in an empty cell or a digit without a place
Info: kind (0 contradiction, 1 verity, 2 cell, 3 house), premise cell (or house), premise
digit (0 for a cell), conclusion cell, conclusion digit, 1 if placed else 0, links, branches.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int16Array, Int32Array, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info, stopping
from puzzleviz.solvers.sudoku.roles import (
    CELL_CONFLICT,
    HOUSE_CONFLICT,
    ITEM_BRANCH,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_HOUSE,
    ITEM_LINK,
    ITEM_PLACE,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_OFF,
    ROLE_ON,
)
from puzzleviz.solvers.sudoku.techniques import T_FORCING_CHAIN, T_FORCING_NET

KIND_CONTRADICTION, KIND_VERITY, KIND_CELL, KIND_HOUSE = 0, 1, 2, 3
# st (propagation status): facts derived, parent slots used, conflict kind, conflict a, b
NO_CONFLICT, CONFLICT_FACT, CONFLICT_CELL, CONFLICT_HOUSE = -1, 0, 1, 2

Scratch: TypeAlias = tuple[
    Int32Array,
    Int32Array,
    Int32Array,
    Int64Array,
    Int64Array,
    Int64Array,
    Int64Array,
    Int64Array,
    Int64Array,
    Int64Array,
    Int64Array,
]
"""propagate's work arrays, made by _scratch: vv, cm, hp, when, depth, pstart, pcount, plist,
queue, tmp, st."""


@njit(cache=True)
def _derive(
    f: int,
    tmp: Int64Array,
    ntmp: int,
    when: Int64Array,
    depth: Int64Array,
    pstart: Int64Array,
    pcount: Int64Array,
    plist: Int64Array,
    queue: Int64Array,
    st: Int64Array,
) -> None:
    """Add fact f (= 2 * candidate + on) with parents tmp[:ntmp]; flags a fact whose
    opposite is known."""
    if when[f] >= 0:
        return
    q = st[0]
    when[f] = q
    queue[q] = f
    st[0] = q + 1
    p = st[1]
    pstart[f] = p
    pcount[f] = ntmp
    dmax = -1
    for i in range(ntmp):
        plist[p + i] = tmp[i]
        if depth[tmp[i]] > dmax:
            dmax = depth[tmp[i]]
    st[1] = p + ntmp
    depth[f] = dmax + 1
    if when[f ^ 1] >= 0 and st[2] == NO_CONFLICT:
        st[2] = CONFLICT_FACT
        st[3] = f


@njit(cache=True)
def propagate(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos0: Int32Array,
    hp0: Int32Array,
    premise: int,
    dynamic: bool,
    vv: Int32Array,
    cm: Int32Array,
    hp: Int32Array,
    when: Int64Array,
    depth: Int64Array,
    pstart: Int64Array,
    pcount: Int64Array,
    plist: Int64Array,
    queue: Int64Array,
    tmp: Int64Array,
    st: Int64Array,
) -> int:
    """Derive every fact that follows from `premise` (see the module docstring). `when`
    must be all -1 on entry; the caller resets the facts listed in queue[:st[0]] after.
    st[2] ends as the conflict kind (NO_CONFLICT if none), st[3], st[4] its details, st[5]
    the conflict's depth."""
    n = geo.n
    vv[:] = values
    cm[:] = cand
    hp[:] = hp0
    st[0] = 0
    st[1] = 0
    st[2] = NO_CONFLICT
    _derive(premise, tmp, 0, when, depth, pstart, pcount, plist, queue, st)
    qi = 0
    while qi < st[0] and st[2] == NO_CONFLICT:
        f = queue[qi]
        qi += 1
        node = f >> 1
        c = node // n
        d = node % n
        bit = 1 << d
        if f & 1:
            vv[c] = d + 1
            for k in range(3):
                hp[geo.cell_houses[c, k]] |= bit
            tmp[0] = f
            m = cm[c] & ~bit
            while m and st[2] == NO_CONFLICT:
                e = low_index(m)
                m &= m - 1
                _derive(2 * (c * n + e), tmp, 1, when, depth, pstart, pcount, plist, queue, st)
            for k in range(geo.peers.shape[1]):
                if st[2] != NO_CONFLICT:
                    break
                p = geo.peers[c, k]
                if cm[p] & bit:
                    _derive(2 * (p * n + d), tmp, 1, when, depth, pstart, pcount, plist, queue, st)
            continue
        cm[c] &= ~bit
        if vv[c] == 0:
            m = cm[c]
            if m == 0:
                st[2] = CONFLICT_CELL
                st[3] = c
                break
            if m & (m - 1) == 0:
                e = low_index(m)
                rest = cand[c] & ~m
                ntmp = 0
                while rest:
                    x = low_index(rest)
                    rest &= rest - 1
                    tmp[ntmp] = 2 * (c * n + x)
                    ntmp += 1
                if dynamic or ntmp == 1:
                    _derive(2 * (c * n + e) + 1, tmp, ntmp, when, depth, pstart, pcount, plist,
                            queue, st)  # fmt: skip
        for k in range(3):
            if st[2] != NO_CONFLICT:
                break
            h = geo.cell_houses[c, k]
            if hp[h] & bit:
                continue
            count = 0
            last = -1
            for i in range(n):
                x = geo.house_cells[h, i]
                if vv[x] == 0 and cm[x] & bit:
                    count += 1
                    last = i
            if count == 0:
                st[2] = CONFLICT_HOUSE
                st[3] = h
                st[4] = d
                break
            if count == 1:
                rest = pos0[h, d] & ~(1 << last)
                ntmp = 0
                while rest:
                    i = low_index(rest)
                    rest &= rest - 1
                    tmp[ntmp] = 2 * (geo.house_cells[h, i] * n + d)
                    ntmp += 1
                if dynamic or ntmp == 1:
                    x = geo.house_cells[h, last]
                    _derive(2 * (x * n + d) + 1, tmp, ntmp, when, depth, pstart, pcount, plist,
                            queue, st)  # fmt: skip
    st[5] = 0
    if st[2] != NO_CONFLICT:
        st[5] = _conflict_depth(geo, cand, pos0, depth, st)
    return int(st[0])


@njit(cache=True)
def _conflict_parents(
    geo: Geo, cand: Candidates, pos0: Int32Array, st: Int64Array, out: Int64Array
) -> int:
    """The facts a conflict consists of, into out; returns how many."""
    n = geo.n
    k = 0
    if st[2] == CONFLICT_FACT:
        out[0] = st[3]
        out[1] = st[3] ^ 1
        k = 2
    elif st[2] == CONFLICT_CELL:
        c = st[3]
        m = cand[c]
        while m:
            out[k] = 2 * (c * n + low_index(m))
            m &= m - 1
            k += 1
    elif st[2] == CONFLICT_HOUSE:
        h, d = st[3], st[4]
        m = pos0[h, d]
        while m:
            out[k] = 2 * (geo.house_cells[h, low_index(m)] * n + d)
            m &= m - 1
            k += 1
    return k


@njit(cache=True)
def _conflict_depth(
    geo: Geo, cand: Candidates, pos0: Int32Array, depth: Int64Array, st: Int64Array
) -> int:
    out = np.empty(geo.n + 2, dtype=np.int64)
    k = _conflict_parents(geo, cand, pos0, st, out)
    dmax = 0
    for i in range(k):
        if depth[out[i]] > dmax:
            dmax = depth[out[i]]
    return dmax + 1


@njit(cache=True)
def _scratch(geo: Geo) -> Scratch:
    nf = 2 * geo.ncell * geo.n
    vv = np.empty(geo.ncell, dtype=np.int32)
    cm = np.empty(geo.ncell, dtype=np.int32)
    hp = np.empty(3 * geo.n, dtype=np.int32)
    when = np.full(nf, -1, dtype=np.int64)
    depth = np.zeros(nf, dtype=np.int64)
    pstart = np.zeros(nf, dtype=np.int64)
    pcount = np.zeros(nf, dtype=np.int64)
    plist = np.empty(nf * (geo.n + 1), dtype=np.int64)
    queue = np.empty(nf, dtype=np.int64)
    tmp = np.empty(geo.n + 2, dtype=np.int64)
    st = np.zeros(8, dtype=np.int64)
    return vv, cm, hp, when, depth, pstart, pcount, plist, queue, tmp, st


@njit(cache=True)
def _house_placed(geo: Geo, values: Grid) -> Int32Array:
    hp0 = np.zeros(3 * geo.n, dtype=np.int32)
    for h in range(3 * geo.n):
        for i in range(geo.n):
            v = values[geo.house_cells[h, i]]
            if v:
                hp0[h] |= 1 << (v - 1)
    return hp0


@njit(cache=True)
def _common_fact(dep: Int16Array, rows: Int64Array, nr: int) -> tuple[int, int]:
    """The fact every premise row in rows[:nr] (at least two) leads to with the smallest
    sum of depths: (sum, fact), or (0, -1) if none."""
    best, best_j = 0, -1
    if nr < 2:
        return best, best_j
    for j in range(dep.shape[1]):
        total = 0
        for r in range(nr):
            dj = dep[rows[r], j]
            if dj < 0:
                total = -1
                break
            total += dj
        if total > 0 and (best_j < 0 or total < best):
            best, best_j = total, j
    return best, best_j


@njit(cache=True)
def forcing(
    geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog, dynamic: bool
) -> bool:
    """Forcing chains (dynamic False) or forcing nets (True): see the module docstring."""
    n, ncell = geo.n, geo.ncell
    nnode = ncell * n
    index = np.full(nnode, -1, dtype=np.int64)  # candidate -> its number among candidates
    nodes = np.empty(nnode, dtype=np.int64)
    k = 0
    for c in range(ncell):
        m = cand[c] if values[c] == 0 else 0
        while m:
            node = c * n + low_index(m)
            m &= m - 1
            index[node] = k
            nodes[k] = node
            k += 1
    if k == 0:
        return False
    hp0 = _house_placed(geo, values)
    vv, cm, hp, when, depth, pstart, pcount, plist, queue, tmp, st = _scratch(geo)
    # dep[row, fact]: depth of fact (2 * k + on) under premise row (2 * k + on), -1 if not
    dep = np.full((2 * k, 2 * k), -1, dtype=np.int16)
    conflict = np.full(2 * k, -1, dtype=np.int64)
    for row in range(2 * k):
        if stopping(log):
            return False
        premise = 2 * nodes[row >> 1] + (row & 1)
        propagate(geo, values, cand, pos, hp0, premise, dynamic, vv, cm, hp, when, depth,
                  pstart, pcount, plist, queue, tmp, st)  # fmt: skip
        for i in range(st[0]):
            f = queue[i]
            j = index[f >> 1]
            if j >= 0:
                dep[row, 2 * j + (f & 1)] = min(depth[f], 32000)
            when[f] = -1
        if st[2] != NO_CONFLICT:
            conflict[row] = st[5]
    best = 1 << 40
    best_kind = -1
    best_a = -1  # contradiction/verity: candidate number; cell: cell; house: house
    best_b = -1  # house: digit
    best_fact = -1  # the concluded fact (2 * candidate number + on); contradiction: premise
    for row in range(2 * k):
        if conflict[row] >= 0 and conflict[row] < best:
            best = conflict[row]
            best_kind = KIND_CONTRADICTION
            best_a = row >> 1
            best_fact = row
    rows = np.empty(n, dtype=np.int64)
    # cells: every candidate of the cell in turn
    for c in range(ncell):
        m = cand[c] if values[c] == 0 else 0
        nr = 0
        while m:
            rows[nr] = 2 * index[c * n + low_index(m)] + 1
            m &= m - 1
            nr += 1
        total, j = _common_fact(dep, rows, nr)
        if 0 < total < best:
            best, best_kind, best_a, best_fact = total, KIND_CELL, c, j
    # houses: every place of the digit in the house in turn
    for h in range(3 * n):
        for d in range(n):
            m = pos[h, d]
            nr = 0
            while m:
                rows[nr] = 2 * index[geo.house_cells[h, low_index(m)] * n + d] + 1
                m &= m - 1
                nr += 1
            total, j = _common_fact(dep, rows, nr)
            if 0 < total < best:
                best, best_kind, best_a, best_b, best_fact = total, KIND_HOUSE, h, d, j
    # verity: a candidate's ON and OFF both lead to the fact
    for i in range(k):
        for j in range(2 * k):
            if j >> 1 == i:
                continue
            a = dep[2 * i, j]
            b = dep[2 * i + 1, j]
            if a >= 0 and b >= 0 and a + b < best:
                best = a + b
                best_kind = KIND_VERITY
                best_a = i
                best_fact = j
    if best_kind < 0:
        return False
    return _record(geo, values, cand, pos, hp0, log, dynamic, nodes, index, best_kind, best_a,
                   best_b, best_fact)  # fmt: skip


@njit(cache=True)
def _record(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos: Positions,
    hp0: Int32Array,
    log: StepLog,
    dynamic: bool,
    nodes: Int64Array,
    index: Int64Array,
    kind: int,
    a: int,
    b: int,
    fact: int,
) -> bool:
    """Write the chosen conclusion as a step: its branches propagated again, collapsed."""
    n = geo.n
    tech = T_FORCING_NET if dynamic else T_FORCING_CHAIN
    premises = np.empty(n + 1, dtype=np.int64)
    np_ = 0
    if kind == KIND_CONTRADICTION:
        premises[0] = 2 * nodes[a] + (fact & 1)
        np_ = 1
    elif kind == KIND_VERITY:
        premises[0] = 2 * nodes[a] + 1
        premises[1] = 2 * nodes[a]
        np_ = 2
    elif kind == KIND_CELL:
        m = cand[a]
        while m:
            premises[np_] = 2 * (a * n + low_index(m)) + 1
            m &= m - 1
            np_ += 1
    else:
        m = pos[a, b]
        while m:
            premises[np_] = 2 * (geo.house_cells[a, low_index(m)] * n + b) + 1
            m &= m - 1
            np_ += 1
    if not begin(log, tech):
        return False
    if kind == KIND_CONTRADICTION:
        p = premises[0]
        concl_cell, concl_digit, placed = (p >> 1) // n, (p >> 1) % n, 1 - (p & 1)
    else:
        f = 2 * nodes[fact >> 1] + (fact & 1)
        concl_cell, concl_digit, placed = (f >> 1) // n, (f >> 1) % n, f & 1
    push(log, ITEM_PLACE if placed else ITEM_ELIM, concl_cell, concl_digit + 1, 0)
    vv, cm, hp, when, depth, pstart, pcount, plist, queue, tmp, st = _scratch(geo)
    need = np.zeros(2 * geo.ncell * n, dtype=np.bool_)
    stack = np.empty(2 * geo.ncell * n, dtype=np.int64)
    roots = np.empty(n + 2, dtype=np.int64)
    links = 0
    for bi in range(np_):
        premise = premises[bi]
        propagate(geo, values, cand, pos, hp0, premise, dynamic, vv, cm, hp, when, depth,
                  pstart, pcount, plist, queue, tmp, st)  # fmt: skip
        if kind == KIND_CONTRADICTION:
            nroot = _conflict_parents(geo, cand, pos, st, roots)
        else:
            roots[0] = 2 * nodes[fact >> 1] + (fact & 1)
            nroot = 1
        links += push_branch(log, n, bi, premise, roots, nroot, st, queue, pstart, pcount,
                             plist, need, stack)  # fmt: skip
        if kind == KIND_CONTRADICTION:
            if st[2] == CONFLICT_CELL:
                push(log, ITEM_CELL, st[3], CELL_CONFLICT, 0)
            elif st[2] == CONFLICT_HOUSE:
                push(log, ITEM_HOUSE, st[3], HOUSE_CONFLICT, 0)
        for i in range(st[0]):
            when[queue[i]] = -1
    p0 = premises[0] >> 1
    set_info(log, 0, kind)
    if kind == KIND_HOUSE:
        set_info(log, 1, a)
        set_info(log, 2, b + 1)
    elif kind == KIND_CELL:
        set_info(log, 1, a)
        set_info(log, 2, 0)
    else:
        set_info(log, 1, p0 // n)
        set_info(log, 2, p0 % n + 1)
    set_info(log, 3, concl_cell)
    set_info(log, 4, concl_digit + 1)
    set_info(log, 5, placed)
    set_info(log, 6, links)
    set_info(log, 7, np_)
    commit(log)
    return True


@njit(cache=True)
def push_branch(
    log: StepLog,
    n: int,
    bi: int,
    premise: int,
    roots: Int64Array,
    nroot: int,
    st: Int64Array,
    queue: Int64Array,
    pstart: Int64Array,
    pcount: Int64Array,
    plist: Int64Array,
    need: BoolArray,
    stack: Int64Array,
) -> int:
    """Branch bi of a step, from `premise` as `propagate` left it: the facts roots[:nroot]
    need, through their parents (the branch collapsed), as ITEM_BRANCH, its nodes and its
    links in the order they were derived. Returns the links written; `need` ends all False."""
    sn = 0
    for i in range(nroot):
        if not need[roots[i]]:
            need[roots[i]] = True
            stack[sn] = roots[i]
            sn += 1
    while sn > 0:
        sn -= 1
        f = stack[sn]
        for i in range(pstart[f], pstart[f] + pcount[f]):
            g = plist[i]
            if not need[g]:
                need[g] = True
                stack[sn] = g
                sn += 1
    push(log, ITEM_BRANCH, bi, premise >> 1, premise & 1)
    for i in range(st[0]):
        f = queue[i]
        if need[f]:
            node = f >> 1
            push(log, ITEM_CAND, node // n, node % n + 1, ROLE_ON if f & 1 else ROLE_OFF)
    links = 0
    for i in range(st[0]):
        f = queue[i]
        if not need[f]:
            continue
        for j in range(pstart[f], pstart[f] + pcount[f]):
            kind_link = LINK_STRONG if f & 1 else LINK_WEAK
            push(log, ITEM_LINK, plist[j] >> 1, f >> 1, kind_link)
            links += 1
    for i in range(st[0]):
        need[queue[i]] = False
    return links

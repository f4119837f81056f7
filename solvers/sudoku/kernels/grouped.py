"""Grouped chains: AICs and continuous nice loops whose nodes may be more than one candidate.

A node is a set of candidates of one digit, "true" when one of them is the digit: a single
candidate; a group (the digit's two or three candidates where a box and a line cross); or
one digit of an almost locked set (an ALS node: the set's candidates of that digit).
Links, each a valid implication whatever else the chain holds:
- strong, "if u is false, v is true": u and v are every place of the digit in one house,
  the two digits of a bivalue cell, or two digits a, b of one ALS (without a the set is
  locked and holds b);
- weak, "if u is true, v is false": one digit and every candidate of u sees every
  candidate of v, or two digits of one cell.
A chain alternates them from a start assumed false: strong, weak, ..., strong, so its end
is true if the start is false, and whatever contradicts both ends goes (as in aic.py).
When the end also sees the start by a weak link the chain closes into a continuous nice
loop: going round either way, every weak link of the loop holds exactly one true end, so
the digit goes from every cell that sees both ends of a weak link (other digits from the
cell of a weak link inside a cell), and an ALS of the loop misses exactly one of its two
chain digits, so its other digits are locked in it.

Breadth-first from every start, shortest chain first, at most MAX_LINKS links. Recorded:
the eliminations; ITEM_CELL (cell, CELL_ALS) for the cells of each ALS of the chain, in
chain order, and ITEM_CAND (cell, digit, ROLE_ALS) for their candidates; ITEM_CAND (cell,
digit, ROLE_ON / ROLE_OFF) for each single node; ITEM_NODE (code, candidate, role) for each
candidate of a group (code ncand + i, i its place in the chain, ROLE_GROUP) or of an ALS
node (code ncand + ALS_CODE + 2j for the j-th set's entry digit, + 1 for its exit digit,
ROLE_ALS); then the links in chain order, a loop's closing weak link last.
Info: continuous (1) or not, links, group nodes, ALSs, the ALSs' sizes (info[4:]).
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.als import all_als
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount, sees
from puzzleviz.solvers.sudoku.kernels.chains import MAX_LINKS
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info
from puzzleviz.solvers.sudoku.kernels.walk import reach, start_walk, walked_chain
from puzzleviz.solvers.sudoku.roles import (
    ALS_NODE_CODE,
    CELL_ALS,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_LINK,
    ITEM_NODE,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_ALS,
    ROLE_GROUP,
    ROLE_OFF,
    ROLE_ON,
)

ALS_CODE = ALS_NODE_CODE  # ALS node codes start at ncand + ALS_CODE (groups: ncand + i)
MAX_CHAIN_ALS = 4  # info holds four ALS sizes
MAX_NODE_ALS_CELLS = 3  # ALS nodes of up to 3 cells: more cost much and rarely help
WIDTH = 4  # cells of a node: a box-line crossing (up to 4 for 16 x 16) or an ALS digit


@njit(cache=True)
def _all_see(geo: Geo, nd_cells: Int64Array, nd_size: Int64Array, u: int, v: int) -> bool:
    """Every cell of node u sees every cell of node v (so they share none)."""
    for i in range(nd_size[u]):
        a = nd_cells[u, i]
        for j in range(nd_size[v]):
            if not sees(geo, a, nd_cells[v, j]):
                return False
    return True


@njit(cache=True)
def _in_node(nd_cells: Int64Array, nd_size: Int64Array, u: int, c: int) -> bool:
    i = 0
    while i < nd_size[u] and nd_cells[u, i] != c:
        i += 1
    return bool(i < nd_size[u])


@njit(cache=True)
def _sees_node(geo: Geo, nd_cells: Int64Array, nd_size: Int64Array, u: int, c: int) -> bool:
    """Cell c lies outside node u and sees every cell of it."""
    i = 0
    while i < nd_size[u] and sees(geo, c, nd_cells[u, i]):
        i += 1
    return bool(i == nd_size[u])


@njit(cache=True)
def _nodes(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    use_groups: bool,
    use_als: bool,
    nd_digit: Int64Array,
    nd_size: Int64Array,
    nd_cells: Int64Array,
    nd_als: Int64Array,
    als_cells: Int64Array,
    als_size: Int64Array,
    als_mask: Int64Array,
) -> tuple[int, int, int, int]:
    """Fill the node table: singles at their candidate code, then groups, then ALS nodes.
    Returns (nodes, first group, first ALS node, ALSs)."""
    n, ncell = geo.n, geo.ncell
    for c in range(ncell):
        for d in range(n):
            k = c * n + d
            nd_digit[k] = d
            nd_als[k] = -1
            nd_cells[k, 0] = c
            nd_size[k] = 1 if values[c] == 0 and (cand[c] >> d) & 1 else 0
    count = ncell * n
    first_group = count
    if use_groups:
        for bx in range(n):
            box = 2 * n + bx
            for line in range(2 * n):
                for d in range(n):
                    k = 0
                    for i in range(n):
                        c = geo.house_cells[box, i]
                        if geo.cell_houses[c, line // n] == line and (cand[c] >> d) & 1:
                            if k < WIDTH:
                                nd_cells[count, k] = c
                            k += 1
                    if 2 <= k <= WIDTH and count < nd_digit.shape[0]:
                        nd_digit[count] = d
                        nd_size[count] = k
                        nd_als[count] = -1
                        count += 1
    first_als = count
    nals = 0
    if use_als:
        cells, size, mask, found = all_als(geo, values, cand)
        for a in range(found):
            if size[a] < 2 or size[a] > MAX_NODE_ALS_CELLS:
                continue  # one cell is a bivalue cell: the singles link it already
            if count + popcount(mask[a]) > nd_digit.shape[0] or nals >= als_size.shape[0]:
                break
            repeat = False
            for o in range(nals):
                if als_size[o] == size[a] and als_mask[o] == mask[a]:
                    same = True
                    for i in range(size[a]):
                        if als_cells[o, i] != cells[a, i]:
                            same = False
                    if same:
                        repeat = True  # the same cells, found again in another house
                        break
            if repeat:
                continue
            for i in range(size[a]):
                als_cells[nals, i] = cells[a, i]
            als_size[nals] = size[a]
            als_mask[nals] = mask[a]
            m = mask[a]
            while m:
                d = low_index(m)
                m &= m - 1
                k = 0
                for i in range(size[a]):
                    if (cand[cells[a, i]] >> d) & 1:
                        nd_cells[count, k] = cells[a, i]
                        k += 1
                nd_digit[count] = d
                nd_size[count] = k
                nd_als[count] = nals
                count += 1
            nals += 1
    return count, first_group, first_als, nals


@njit(cache=True)
def _add(ou: Int64Array, ov: Int64Array, k: int, u: int, v: int) -> int:
    if k < ou.shape[0]:
        ou[k] = u
        ov[k] = v
    return k + 1


@njit(cache=True)
def _weak_pairs(
    geo: Geo,
    cand: Candidates,
    nnode: int,
    nd_digit: Int64Array,
    nd_size: Int64Array,
    nd_cells: Int64Array,
    nd_als: Int64Array,
    ou: Int64Array,
    ov: Int64Array,
) -> int:
    """Every weak link (u true -> v false), both ways; returns how many (may exceed the
    arrays: then call again with bigger ones)."""
    n, ncell = geo.n, geo.ncell
    ncand = ncell * n
    k = 0
    for c in range(ncell):
        m = cand[c]
        while m:
            d = low_index(m)
            m &= m - 1
            u = c * n + d
            for p in range(geo.peers.shape[1]):
                x = geo.peers[c, p]
                if (cand[x] >> d) & 1:
                    k = _add(ou, ov, k, u, x * n + d)
            others = cand[c] & ~(1 << d)
            while others:
                e = low_index(others)
                others &= others - 1
                k = _add(ou, ov, k, u, c * n + e)
    for u in range(ncand, nnode):
        d = nd_digit[u]
        c0 = nd_cells[u, 0]
        for p in range(geo.peers.shape[1]):
            x = geo.peers[c0, p]
            if (cand[x] >> d) & 1 and _sees_node(geo, nd_cells, nd_size, u, x):
                k = _add(ou, ov, k, u, x * n + d)
                k = _add(ou, ov, k, x * n + d, u)
        for v in range(u + 1, nnode):
            if nd_digit[v] != d or (nd_als[u] >= 0 and nd_als[u] == nd_als[v]):
                continue
            if _all_see(geo, nd_cells, nd_size, u, v):
                k = _add(ou, ov, k, u, v)
                k = _add(ou, ov, k, v, u)
    return k


@njit(cache=True)
def _strong_pairs(
    geo: Geo,
    cand: Candidates,
    pos: Positions,
    nnode: int,
    first_group: int,
    first_als: int,
    nd_digit: Int64Array,
    nd_size: Int64Array,
    nd_cells: Int64Array,
    nd_als: Int64Array,
    ou: Int64Array,
    ov: Int64Array,
) -> int:
    """Every strong link (u false -> v true), both ways; returns how many."""
    n, ncell = geo.n, geo.ncell
    k = 0
    members = np.empty(n + 4 * n, dtype=np.int64)
    for h in range(3 * n):
        for d in range(n):
            total = popcount(pos[h, d])
            if total < 2:
                continue
            m = 0
            for i in range(n):
                c = geo.house_cells[h, i]
                if (cand[c] >> d) & 1:
                    members[m] = c * n + d
                    m += 1
            for g in range(first_group, first_als):
                if nd_digit[g] != d:
                    continue
                inside = True
                for i in range(nd_size[g]):
                    if geo.cell_houses[nd_cells[g, i], h // n] != h:
                        inside = False
                if inside and m < members.shape[0]:
                    members[m] = g
                    m += 1
            for i in range(m):
                u = members[i]
                for j in range(i + 1, m):
                    v = members[j]
                    if nd_size[u] + nd_size[v] != total:
                        continue
                    apart = True
                    for x in range(nd_size[u]):
                        if _in_node(nd_cells, nd_size, v, nd_cells[u, x]):
                            apart = False
                    if apart:
                        k = _add(ou, ov, k, u, v)
                        k = _add(ou, ov, k, v, u)
    for c in range(ncell):
        if popcount(cand[c]) == 2:
            d = low_index(cand[c])
            e = low_index(cand[c] & (cand[c] - 1))
            k = _add(ou, ov, k, c * n + d, c * n + e)
            k = _add(ou, ov, k, c * n + e, c * n + d)
    for u in range(first_als, nnode):
        for v in range(first_als, nnode):
            if u != v and nd_als[u] == nd_als[v]:
                k = _add(ou, ov, k, u, v)
    return k


@njit(cache=True)
def _csr(nnode: int, ou: Int64Array, ov: Int64Array, k: int) -> tuple[Int64Array, Int64Array]:
    start = np.zeros(nnode + 1, dtype=np.int64)
    for i in range(k):
        start[ou[i] + 1] += 1
    for u in range(nnode):
        start[u + 1] += start[u]
    fill = start[:-1].copy()
    adj = np.empty(max(k, 1), dtype=np.int64)
    for i in range(k):
        adj[fill[ou[i]]] = ov[i]
        fill[ou[i]] += 1
    return start, adj


@njit(cache=True)
def _end_victims(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    nd_digit: Int64Array,
    nd_size: Int64Array,
    nd_cells: Int64Array,
    s: int,
    e: int,
    log: StepLog,
    record: bool,
    seen: BoolArray,
) -> int:
    """Eliminations of a chain from node s (false) to node e (true): one of them is true."""
    n = geo.n
    ds, de = nd_digit[s], nd_digit[e]
    count = 0
    if ds == de:
        c0 = nd_cells[s, 0]
        for p in range(geo.peers.shape[1]):
            x = geo.peers[c0, p]
            if (
                (cand[x] >> ds) & 1
                and _sees_node(geo, nd_cells, nd_size, s, x)
                and _sees_node(geo, nd_cells, nd_size, e, x)
            ):
                count += _elim(log, x, ds, n, record, seen)
        return count
    if nd_size[s] == 1 and nd_size[e] == 1 and nd_cells[s, 0] == nd_cells[e, 0]:
        c = nd_cells[s, 0]
        extra = cand[c] & ~((1 << ds) | (1 << de))
        while extra:
            count += _elim(log, c, low_index(extra), n, record, seen)
            extra &= extra - 1
        return count
    if nd_size[s] == 1:
        c = nd_cells[s, 0]
        if (cand[c] >> de) & 1 and _sees_node(geo, nd_cells, nd_size, e, c):
            count += _elim(log, c, de, n, record, seen)
    if nd_size[e] == 1:
        c = nd_cells[e, 0]
        if (cand[c] >> ds) & 1 and _sees_node(geo, nd_cells, nd_size, s, c):
            count += _elim(log, c, ds, n, record, seen)
    return count


@njit(cache=True)
def _elim(log: StepLog, c: int, d: int, n: int, record: bool, seen: BoolArray) -> int:
    """Count (and push once, if recording) the elimination of digit d + 1 from cell c."""
    if not record:
        return 1
    if seen[c * n + d]:
        return 0
    seen[c * n + d] = True
    push(log, ITEM_ELIM, c, d + 1, 0)
    return 1


@njit(cache=True)
def _loop_victims(
    geo: Geo,
    cand: Candidates,
    nd_digit: Int64Array,
    nd_size: Int64Array,
    nd_cells: Int64Array,
    nd_als: Int64Array,
    als_cells: Int64Array,
    als_size: Int64Array,
    als_mask: Int64Array,
    chain: Int64Array,
    length: int,
    log: StepLog,
    record: bool,
    seen: BoolArray,
) -> int:
    """Eliminations of a continuous loop chain[0..length] (states node * 2 + parity) closed
    by a weak link from its end back to its start."""
    n = geo.n
    count = 0
    for i in range(length + 1):
        u = chain[i] // 2
        v = chain[i + 1] // 2 if i < length else chain[0] // 2
        if chain[i] % 2 == 1:  # a weak link u - v: now one of them is true
            d = nd_digit[u]
            if nd_digit[v] == d:
                c0 = nd_cells[u, 0]
                for p in range(geo.peers.shape[1]):
                    x = geo.peers[c0, p]
                    if (
                        (cand[x] >> d) & 1
                        and _sees_node(geo, nd_cells, nd_size, u, x)
                        and _sees_node(geo, nd_cells, nd_size, v, x)
                    ):
                        count += _elim(log, x, d, n, record, seen)
            else:
                c = nd_cells[u, 0]
                extra = cand[c] & ~((1 << d) | (1 << nd_digit[v]))
                while extra:
                    count += _elim(log, c, low_index(extra), n, record, seen)
                    extra &= extra - 1
        elif nd_als[u] >= 0 and nd_als[u] == nd_als[v]:  # an ALS misses a or b: rest locked
            a = nd_als[u]
            rest = als_mask[a] & ~((1 << nd_digit[u]) | (1 << nd_digit[v]))
            while rest:
                z = low_index(rest)
                rest &= rest - 1
                for c in range(geo.ncell):
                    if not (cand[c] >> z) & 1:
                        continue
                    hit = True
                    for j in range(als_size[a]):
                        y = als_cells[a, j]
                        if y == c or ((cand[y] >> z) & 1 and not sees(geo, c, y)):
                            hit = False
                            break
                    if hit:
                        count += _elim(log, c, z, n, record, seen)
    return count


@njit(cache=True)
def _valid(
    nd_digit: Int64Array,
    nd_size: Int64Array,
    nd_cells: Int64Array,
    nd_als: Int64Array,
    chain: Int64Array,
    length: int,
) -> bool:
    """A chain a person can follow: no candidate in two nodes, each ALS used once (as one
    entry-exit pair), at most MAX_CHAIN_ALS of them."""
    sets = 0
    for i in range(length + 1):
        u = chain[i] // 2
        if nd_als[u] >= 0 and (i == 0 or nd_als[chain[i - 1] // 2] != nd_als[u]):
            sets += 1
        for j in range(i + 1, length + 1):
            v = chain[j] // 2
            if nd_als[u] >= 0 and nd_als[u] == nd_als[v]:
                if j != i + 1:
                    return False
                continue
            if nd_digit[u] != nd_digit[v]:
                continue
            for x in range(nd_size[u]):
                if _in_node(nd_cells, nd_size, v, nd_cells[u, x]):
                    return False
    return sets <= MAX_CHAIN_ALS


@njit(cache=True)
def grouped_chain(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    pos: Positions,
    log: StepLog,
    tech: int,
    use_groups: bool,
    use_als: bool,
    discontinuous: bool,
) -> bool:
    """One technique of the family, by its switches: continuous nice loops of single
    candidates (no groups, no ALS, loops only), grouped AICs and loops (groups), AICs and
    loops with ALS nodes (groups and ALSs). See the module docstring."""
    n, ncell = geo.n, geo.ncell
    ncand = ncell * n
    cap = ncand + 2 * n * n * n + 2048
    nd_digit = np.empty(cap, dtype=np.int64)
    nd_size = np.zeros(cap, dtype=np.int64)
    nd_cells = np.empty((cap, WIDTH), dtype=np.int64)
    nd_als = np.full(cap, -1, dtype=np.int64)
    als_cells = np.empty((512, WIDTH), dtype=np.int64)
    als_size = np.empty(512, dtype=np.int64)
    als_mask = np.empty(512, dtype=np.int64)
    nnode, first_group, first_als, _nals = _nodes(
        geo, values, cand, use_groups, use_als, nd_digit, nd_size, nd_cells, nd_als,
        als_cells, als_size, als_mask,
    )  # fmt: skip
    size = 32 * nnode + 64
    ou = np.empty(size, dtype=np.int64)
    ov = np.empty(size, dtype=np.int64)
    k = _weak_pairs(geo, cand, nnode, nd_digit, nd_size, nd_cells, nd_als, ou, ov)
    if k > size:
        ou = np.empty(k, dtype=np.int64)
        ov = np.empty(k, dtype=np.int64)
        k = _weak_pairs(geo, cand, nnode, nd_digit, nd_size, nd_cells, nd_als, ou, ov)
    wstart, wadj = _csr(nnode, ou, ov, k)
    k = _strong_pairs(geo, cand, pos, nnode, first_group, first_als, nd_digit, nd_size,
                      nd_cells, nd_als, ou, ov)  # fmt: skip
    if k > ou.shape[0]:
        ou = np.empty(k, dtype=np.int64)
        ov = np.empty(k, dtype=np.int64)
        k = _strong_pairs(geo, cand, pos, nnode, first_group, first_als, nd_digit, nd_size,
                          nd_cells, nd_als, ou, ov)  # fmt: skip
    sstart, sadj = _csr(nnode, ou, ov, k)

    dist = np.empty(2 * nnode, dtype=np.int64)
    parent = np.empty(2 * nnode, dtype=np.int64)
    queue = np.empty(2 * nnode, dtype=np.int64)
    path = np.empty(2 * nnode, dtype=np.int64)
    chain = np.empty(MAX_LINKS + 2, dtype=np.int64)
    best = np.empty(MAX_LINKS + 2, dtype=np.int64)
    seen = np.zeros(ncand, dtype=np.bool_)
    best_len = MAX_LINKS + 1
    best_loop = False
    # a chain is as good read backwards, so one with an ALS at only one end is found from
    # the other; ALS-XZ and ALS chains cover sets at both ends
    for start in range(first_als):
        if nd_size[start] == 0 or sstart[start + 1] == sstart[start]:
            continue
        start_walk(dist, parent, queue, 2 * start)
        qn, qi = 1, 0
        found = False
        while qi < qn and not found:
            st = queue[qi]
            qi += 1
            u, par = st // 2, st % 2
            du = dist[st]
            if du + 1 >= best_len:
                break
            lo, hi = (sstart[u], sstart[u + 1]) if par == 0 else (wstart[u], wstart[u + 1])
            for e in range(lo, hi):
                v = sadj[e] if par == 0 else wadj[e]
                ns = 2 * v + 1 - par
                grown = reach(dist, parent, queue, qn, st, ns)
                if grown == qn:
                    continue
                qn = grown
                if par == 1 or du + 1 < 3 or v == start:
                    continue
                closes = False
                for w in range(wstart[v], wstart[v + 1]):
                    if wadj[w] == start:
                        closes = True
                        break
                if not closes and not discontinuous:
                    continue
                kk = walked_chain(parent, ns, 2, path, chain)
                if kk == 0:
                    continue
                if not _valid(nd_digit, nd_size, nd_cells, nd_als, chain, kk - 1):
                    continue
                if closes:
                    hits = _loop_victims(geo, cand, nd_digit, nd_size, nd_cells, nd_als,
                                         als_cells, als_size, als_mask, chain, kk - 1, log,
                                         False, seen)  # fmt: skip
                else:
                    hits = _end_victims(geo, values, cand, nd_digit, nd_size, nd_cells, start,
                                        v, log, False, seen)  # fmt: skip
                if hits > 0:
                    best_len = kk - 1
                    best_loop = closes
                    best[:kk] = chain[:kk]
                    found = True
                    break
    if best_len > MAX_LINKS or not begin(log, tech):
        return False
    length = best_len
    if best_loop:
        _loop_victims(geo, cand, nd_digit, nd_size, nd_cells, nd_als, als_cells, als_size,
                      als_mask, best, length, log, True, seen)  # fmt: skip
    else:
        _end_victims(geo, values, cand, nd_digit, nd_size, nd_cells, best[0] // 2,
                     best[length] // 2, log, True, seen)  # fmt: skip
    _record(geo, cand, log, best, length, best_loop, nd_digit, nd_size, nd_cells, nd_als,
            als_cells, als_size, ncand)  # fmt: skip
    commit(log)
    return True


@njit(cache=True)
def _record(
    geo: Geo,
    cand: Candidates,
    log: StepLog,
    best: Int64Array,
    length: int,
    loop: bool,
    nd_digit: Int64Array,
    nd_size: Int64Array,
    nd_cells: Int64Array,
    nd_als: Int64Array,
    als_cells: Int64Array,
    als_size: Int64Array,
    ncand: int,
) -> None:
    n = geo.n
    codes = np.empty(length + 1, dtype=np.int64)
    groups = 0
    sets = 0
    for i in range(length + 1):
        u = best[i] // 2
        if nd_als[u] >= 0:
            entry = i == 0 or nd_als[best[i - 1] // 2] != nd_als[u]
            if entry:
                a = nd_als[u]
                if sets < 4:
                    set_info(log, 4 + sets, als_size[a])
                for j in range(als_size[a]):
                    push(log, ITEM_CELL, als_cells[a, j], CELL_ALS, 0)
                codes[i] = ncand + ALS_CODE + 2 * sets
                sets += 1
            else:
                codes[i] = codes[i - 1] + 1
        elif u >= ncand:
            codes[i] = ncand + i
            groups += 1
        else:
            codes[i] = u
    for i in range(length + 1):
        u = best[i] // 2
        if nd_als[u] >= 0 and (i == 0 or nd_als[best[i - 1] // 2] != nd_als[u]):
            a = nd_als[u]
            for j in range(als_size[a]):
                c = als_cells[a, j]
                m = cand[c]
                while m:
                    push(log, ITEM_CAND, c, low_index(m) + 1, ROLE_ALS)
                    m &= m - 1
    for i in range(length + 1):
        u = best[i] // 2
        role = ROLE_ON if best[i] % 2 == 1 else ROLE_OFF
        if u < ncand:
            push(log, ITEM_CAND, u // n, u % n + 1, role)
        else:
            kind = ROLE_ALS if nd_als[u] >= 0 else ROLE_GROUP
            for j in range(nd_size[u]):
                push(log, ITEM_NODE, codes[i], nd_cells[u, j] * n + nd_digit[u], kind)
    for i in range(length):
        kind = LINK_STRONG if best[i] % 2 == 0 else LINK_WEAK
        push(log, ITEM_LINK, codes[i], codes[i + 1], kind)
    if loop:
        push(log, ITEM_LINK, codes[length], codes[0], LINK_WEAK)
    set_info(log, 0, 1 if loop else 0)
    set_info(log, 1, length + (1 if loop else 0))
    set_info(log, 2, groups)
    set_info(log, 3, sets)

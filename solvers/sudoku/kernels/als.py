"""Almost locked sets: ALS-XZ, ALS-XY-Wing and Death Blossom.

An ALS is k cells of one house holding k + 1 digits together (a bivalue cell is the
smallest). Take away any one digit and the rest are locked in it. Two ALSs A and B that
share no cell, with a digit X whose every place in A sees every place in B (a restricted
common candidate: X is in at most one of them), give: (Z=X)A - (X=Z)B for any other
common digit Z. If A has no Z it is locked with X in it, so B has no X and holds Z. Either
way Z is in A or in B, so Z goes from every cell that sees all of A's and B's Z cells.

Recorded: ITEM_CELL (cell, CELL_ALS) for the cells of A then B; ITEM_CAND (cell, digit,
ROLE_ALS) for every candidate of A and B; four ALS nodes, ITEM_NODE (ncand + k, candidate,
ROLE_ALS): k = 0 A's Z, 1 A's X, 2 B's X, 3 B's Z; ITEM_LINK (ncand + 0, ncand + 1, strong),
(ncand + 1, ncand + 2, weak), (ncand + 2, ncand + 3, strong).
Info: X, Z, cells in A, cells in B, A's digits (mask), B's digits (mask).
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.als_bits import (
    als_bitboards,
    any_victim_bits,
    has_bit,
    overlap_bits,
    rcc_mask_bits,
    restricted_bits,
)
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount, sees
from puzzleviz.solvers.sudoku.kernels.log import StepLog, begin, commit, push, set_info
from puzzleviz.solvers.sudoku.roles import (
    CELL_ALS,
    CELL_PIVOT,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_LINK,
    ITEM_NODE,
    LINK_STRONG,
    LINK_WEAK,
    ROLE_ALS,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.techniques import T_ALS_XY_WING, T_ALS_XZ, T_DEATH_BLOSSOM

MAX_ALS_CELLS = 4


@njit(cache=True)
def find_als(
    geo: Geo, values: Grid, cand: Candidates, cells: Int64Array, size: Int64Array, mask: Int64Array
) -> int:
    """Every ALS of up to MAX_ALS_CELLS cells, house by house, into cells[i, :size[i]] and
    mask[i]; returns how many (one set of cells may appear once per house it lies in)."""
    n = geo.n
    count = 0
    free = np.empty(n, dtype=np.int64)
    for h in range(3 * n):
        nf = 0
        for i in range(n):
            c = geo.house_cells[h, i]
            if values[c] == 0:
                free[nf] = c
                nf += 1
        for sub in range(1, 1 << nf):
            k = popcount(sub)
            if k > MAX_ALS_CELLS or k >= nf:
                continue
            m = 0
            s = sub
            while s:
                m |= cand[free[low_index(s)]]
                s &= s - 1
            if popcount(m) != k + 1:
                continue
            if count >= cells.shape[0]:
                return count
            s = sub
            j = 0
            while s:
                cells[count, j] = free[low_index(s)]
                s &= s - 1
                j += 1
            size[count] = k
            mask[count] = m
            count += 1
    return count


@njit(cache=True)
def all_als(
    geo: Geo, values: Grid, cand: Candidates
) -> tuple[Int64Array, Int64Array, Int64Array, int]:
    """Every ALS (find_als) in arrays of their own: cells, size, mask and how many."""
    limit = 4096
    cells = np.empty((limit, MAX_ALS_CELLS), dtype=np.int64)
    size = np.empty(limit, dtype=np.int64)
    mask = np.empty(limit, dtype=np.int64)
    return cells, size, mask, find_als(geo, values, cand, cells, size, mask)


@njit(cache=True)
def _overlap(cells: Int64Array, size: Int64Array, a: int, b: int) -> bool:
    for i in range(size[a]):
        for j in range(size[b]):
            if cells[a, i] == cells[b, j]:
                return True
    return False


@njit(cache=True)
def _restricted(
    geo: Geo, cand: Candidates, cells: Int64Array, size: Int64Array, a: int, b: int, bit: int
) -> bool:
    """Every cell of A holding the digit sees every cell of B holding it."""
    for i in range(size[a]):
        ca = cells[a, i]
        if not cand[ca] & bit:
            continue
        for j in range(size[b]):
            cb = cells[b, j]
            if cand[cb] & bit and not sees(geo, ca, cb):
                return False
    return True


@njit(cache=True)
def _sees_all(
    geo: Geo, cand: Candidates, cells: Int64Array, size: Int64Array, a: int, x: int, bit: int
) -> bool:
    for i in range(size[a]):
        c = cells[a, i]
        if c == x:
            return False
        if cand[c] & bit and not sees(geo, x, c):
            return False
    return True


@njit(cache=True)
def als_xz(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """ALS-XZ; see the module docstring. The smallest pair of ALSs first."""
    n = geo.n
    ncand = geo.ncell * n
    cells, size, mask, count = all_als(geo, values, cand)
    held, dcells, seen, digit_cells = als_bitboards(geo, cand, cells, size, mask, count)
    best = 2 * MAX_ALS_CELLS + 1
    best_a = best_b = best_x = best_z = -1
    for a in range(count):
        for b in range(a + 1, count):
            if size[a] + size[b] >= best:
                continue
            common = mask[a] & mask[b]
            if popcount(common) < 2 or overlap_bits(held, a, b):
                continue
            rcc = common
            while rcc:
                x = low_index(rcc)
                rcc &= rcc - 1
                if not restricted_bits(dcells, seen, a, b, x):
                    continue
                zs = common & ~(1 << x)
                while zs:
                    z = low_index(zs)
                    zs &= zs - 1
                    if any_victim_bits(seen, digit_cells, a, b, z):
                        best = size[a] + size[b]
                        best_a, best_b, best_x, best_z = a, b, x, z
    if best_a < 0 or not begin(log, T_ALS_XZ):
        return False
    _victims(geo, values, cand, log, cells, size, best_a, best_b, best_z, True)
    _record(geo, cand, log, cells, size, mask, best_a, best_b, best_x, best_z, ncand)
    commit(log)
    return True


@njit(cache=True)
def _victims(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    log: StepLog,
    cells: Int64Array,
    size: Int64Array,
    a: int,
    b: int,
    z: int,
    record: bool,
) -> int:
    """Cells outside A and B that see every Z of both; pushed as eliminations if record."""
    zbit = 1 << z
    count = 0
    for c in range(geo.ncell):
        if values[c] or not cand[c] & zbit:
            continue
        if _sees_all(geo, cand, cells, size, a, c, zbit) and _sees_all(
            geo, cand, cells, size, b, c, zbit
        ):
            count += 1
            if record:
                push(log, ITEM_ELIM, c, z + 1, 0)
    return count


@njit(cache=True)
def _record(
    geo: Geo,
    cand: Candidates,
    log: StepLog,
    cells: Int64Array,
    size: Int64Array,
    mask: Int64Array,
    a: int,
    b: int,
    x: int,
    z: int,
    ncand: int,
) -> None:
    n = geo.n
    set_info(log, 0, x + 1)
    set_info(log, 1, z + 1)
    set_info(log, 2, size[a])
    set_info(log, 3, size[b])
    set_info(log, 4, mask[a])
    set_info(log, 5, mask[b])
    _record_sets(geo, cand, log, cells, size, a, b, -1)
    for k in range(4):
        s = a if k < 2 else b
        d = z if k == 0 or k == 3 else x
        for i in range(size[s]):
            c = cells[s, i]
            if cand[c] & (1 << d):
                push(log, ITEM_NODE, ncand + k, c * n + d, ROLE_ALS)
    push(log, ITEM_LINK, ncand, ncand + 1, LINK_STRONG)
    push(log, ITEM_LINK, ncand + 1, ncand + 2, LINK_WEAK)
    push(log, ITEM_LINK, ncand + 2, ncand + 3, LINK_STRONG)


@njit(cache=True)
def _rcc_mask(
    geo: Geo,
    cand: Candidates,
    cells: Int64Array,
    size: Int64Array,
    mask: Int64Array,
    a: int,
    b: int,
) -> int:
    """The restricted common candidates of two ALSs that share no cell (0 if they do)."""
    if _overlap(cells, size, a, b):
        return 0
    out = 0
    common = mask[a] & mask[b]
    while common:
        x = low_index(common)
        common &= common - 1
        if _restricted(geo, cand, cells, size, a, b, 1 << x):
            out |= 1 << x
    return out


@njit(cache=True)
def als_xy_wing(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """ALS-XY-Wing: ALSs A and B each tied to a pivot ALS C by a restricted common
    candidate, X (A-C) and Y (B-C), X != Y. Z, common to A and B and neither X nor Y:
    (Z=X)A-(X=Y)C-(Y=Z)B. If A lacks Z it is locked with X, so C lacks X, is locked with
    Y, so B lacks Y and holds Z: Z is in A or B, and goes from every cell that sees all
    their Z cells. The smallest three ALSs first.

    Recorded like ALS-XZ with three sets: cells A, B, C (CELL_ALS); their candidates
    (ROLE_ALS); six nodes ncand + k: A's Z, A's X, C's X, C's Y, B's Y, B's Z, linked
    strong, weak, strong, weak, strong. Info: X, Z, cells in A, in B, in C, Y."""
    n = geo.n
    ncand = geo.ncell * n
    cells, size, mask, count = all_als(geo, values, cand)
    held, dcells, seen, digit_cells = als_bitboards(geo, cand, cells, size, mask, count)
    nb = np.empty(count, dtype=np.int64)
    nbr = np.empty(count, dtype=np.int64)
    best = 3 * MAX_ALS_CELLS + 1
    best_a = best_b = best_c = best_x = best_y = best_z = -1
    for c in range(count):
        k = 0
        for o in range(count):
            if o != c and size[o] + size[c] < best:
                r = rcc_mask_bits(held, dcells, seen, mask, c, o)
                if r:
                    nb[k] = o
                    nbr[k] = r
                    k += 1
        for i in range(k):
            a = nb[i]
            for j in range(i + 1, k):
                b = nb[j]
                if size[a] + size[b] + size[c] >= best or overlap_bits(held, a, b):
                    continue
                zs0 = mask[a] & mask[b]
                if zs0 == 0:
                    continue
                xs = nbr[i]
                while xs:
                    x = low_index(xs)
                    xs &= xs - 1
                    ys = nbr[j] & ~(1 << x)
                    while ys:
                        y = low_index(ys)
                        ys &= ys - 1
                        zs = zs0 & ~((1 << x) | (1 << y))
                        while zs:
                            z = low_index(zs)
                            zs &= zs - 1
                            if any_victim_bits(seen, digit_cells, a, b, z):
                                best = size[a] + size[b] + size[c]
                                best_a, best_b, best_c = a, b, c
                                best_x, best_y, best_z = x, y, z
    if best_a < 0 or not begin(log, T_ALS_XY_WING):
        return False
    _victims(geo, values, cand, log, cells, size, best_a, best_b, best_z, True)
    _record_sets(geo, cand, log, cells, size, best_a, best_c, best_b)
    x, y, z = best_x, best_y, best_z
    set_info(log, 0, x + 1)
    set_info(log, 1, z + 1)
    set_info(log, 2, size[best_a])
    set_info(log, 3, size[best_b])
    set_info(log, 4, size[best_c])
    set_info(log, 5, y + 1)
    sets = (best_a, best_a, best_c, best_c, best_b, best_b)
    digits = (z, x, x, y, y, z)
    for k in range(6):
        s = sets[k]
        for i in range(size[s]):
            c = cells[s, i]
            if cand[c] & (1 << digits[k]):
                push(log, ITEM_NODE, ncand + k, c * n + digits[k], ROLE_ALS)
    for k in range(5):
        push(log, ITEM_LINK, ncand + k, ncand + k + 1, LINK_WEAK if k % 2 else LINK_STRONG)
    commit(log)
    return True


@njit(cache=True)
def _record_sets(
    geo: Geo,
    cand: Candidates,
    log: StepLog,
    cells: Int64Array,
    size: Int64Array,
    a: int,
    b: int,
    c: int,
) -> None:
    """Cells (CELL_ALS), then candidates (ROLE_ALS) of the sets a, b, c (c < 0: none)."""
    for s in (a, b, c):
        if s >= 0:
            for i in range(size[s]):
                push(log, ITEM_CELL, cells[s, i], CELL_ALS, 0)
    for s in (a, b, c):
        if s >= 0:
            for i in range(size[s]):
                m = cand[cells[s, i]]
                while m:
                    push(log, ITEM_CAND, cells[s, i], low_index(m) + 1, ROLE_ALS)
                    m &= m - 1


@njit(cache=True)
def death_blossom(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """Death Blossom: a stem cell and, for each of its digits d, a petal: an ALS holding d
    (every d of it seeing the stem, the stem not in it) and a digit Z the stem lacks. The
    stem is some d; that petal then loses d, is locked, and holds Z. So Z is in one of the
    petals, and goes from every cell that sees all their Z cells. Petals may overlap (each
    case uses one). Stems of 2 to 4 digits; the smallest petals first.

    Recorded: ITEM_CELL (stem, CELL_PIVOT), the petals' cells (CELL_ALS, petal after
    petal in the stem's digit order); ITEM_CAND the stem's candidates (ROLE_PATTERN), the
    petals' (ROLE_ALS); nodes ncand + 2k (petal k's d cells) and ncand + 2k + 1 (its Z
    cells); links stem d - node 2k (weak), node 2k = node 2k + 1 (strong).
    Info: stem, Z, petals, petal sizes (one each, from info[3])."""
    n = geo.n
    ncand = geo.ncell * n
    cells, size, mask, count = all_als(geo, values, cand)
    _, _, seen, _ = als_bitboards(geo, cand, cells, size, mask, count)
    chosen = np.empty(4, dtype=np.int64)
    best_pick = np.empty(4, dtype=np.int64)
    petals = np.empty((4, count), dtype=np.int64)  # per stem digit: the ALSs that fit
    npet = np.zeros(4, dtype=np.int64)
    best = 4 * MAX_ALS_CELLS + 1
    best_s = best_z = -1
    for s in range(geo.ncell):
        m = cand[s] if values[s] == 0 else 0
        k = popcount(m)
        if k < 2 or k > 4:
            continue
        zs = ((1 << n) - 1) & ~m
        ds = m
        j = 0
        while ds:
            d = low_index(ds)
            ds &= ds - 1
            npet[j] = 0
            reach = 0
            for a in range(count):
                if mask[a] & (1 << d) and mask[a] & zs and has_bit(seen[a, d], s):
                    petals[j, npet[j]] = a
                    npet[j] += 1
                    reach |= mask[a]
            zs &= reach
            j += 1
        while zs:
            z = low_index(zs)
            zs &= zs - 1
            zbit = 1 << z
            for v in range(geo.ncell):
                if v == s or values[v] or not cand[v] & zbit:
                    continue
                total = 0
                for j in range(k):
                    pick = -1
                    for q in range(npet[j]):
                        a = petals[j, q]
                        if mask[a] & zbit == 0 or (pick >= 0 and size[a] >= size[pick]):
                            continue
                        if has_bit(seen[a, z], v):
                            pick = a
                    if pick < 0:
                        total = -1
                        break
                    chosen[j] = pick
                    total += size[pick]
                if 0 < total < best:
                    best, best_s, best_z = total, s, z
                    best_pick[:] = chosen
    if best_s < 0 or not begin(log, T_DEATH_BLOSSOM):
        return False
    s, z = best_s, best_z
    k = popcount(cand[s])
    for v in range(geo.ncell):
        if v == s or values[v] or not cand[v] & (1 << z):
            continue
        hit = True
        for j in range(k):
            if not _sees_all(geo, cand, cells, size, best_pick[j], v, 1 << z):
                hit = False
                break
        if hit:
            push(log, ITEM_ELIM, v, z + 1, 0)
    push(log, ITEM_CELL, s, CELL_PIVOT, 0)
    for j in range(k):
        for i in range(size[best_pick[j]]):
            push(log, ITEM_CELL, cells[best_pick[j], i], CELL_ALS, 0)
    ds = cand[s]
    while ds:
        push(log, ITEM_CAND, s, low_index(ds) + 1, ROLE_PATTERN)
        ds &= ds - 1
    for j in range(k):
        a = best_pick[j]
        for i in range(size[a]):
            mm = cand[cells[a, i]]
            while mm:
                push(log, ITEM_CAND, cells[a, i], low_index(mm) + 1, ROLE_ALS)
                mm &= mm - 1
    ds = cand[s]
    j = 0
    while ds:
        d = low_index(ds)
        ds &= ds - 1
        a = best_pick[j]
        for i in range(size[a]):
            c = cells[a, i]
            if cand[c] & (1 << d):
                push(log, ITEM_NODE, ncand + 2 * j, c * n + d, ROLE_ALS)
            if cand[c] & (1 << z):
                push(log, ITEM_NODE, ncand + 2 * j + 1, c * n + z, ROLE_ALS)
        push(log, ITEM_LINK, s * n + d, ncand + 2 * j, LINK_WEAK)
        push(log, ITEM_LINK, ncand + 2 * j, ncand + 2 * j + 1, LINK_STRONG)
        set_info(log, 3 + j, size[a])
        j += 1
    set_info(log, 0, s)
    set_info(log, 1, z + 1)
    set_info(log, 2, k)
    commit(log)
    return True


@njit(cache=True)
def _petal(  # the reference of has_bit(seen[a, d], s)
    geo: Geo, cand: Candidates, cells: Int64Array, size: Int64Array, a: int, s: int, d: int
) -> bool:
    """ALS a can be the stem s's petal for digit d: s is not in it, its every d sees s."""
    bit = 1 << d
    for i in range(size[a]):
        c = cells[a, i]
        if c == s:
            return False
        if cand[c] & bit and not sees(geo, c, s):
            return False
    return True

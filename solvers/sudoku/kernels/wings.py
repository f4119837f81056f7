"""Wings: Y-Wing (XY-Wing), XYZ-Wing and W-Wing."""

from __future__ import annotations

from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, popcount, sees
from puzzleviz.solvers.sudoku.kernels.log import (
    StepLog,
    abort,
    begin,
    commit,
    n_items_open,
    push,
    set_info,
)
from puzzleviz.solvers.sudoku.roles import (
    CELL_PATTERN,
    CELL_PIVOT,
    HOUSE_BASE,
    ITEM_CAND,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_HOUSE,
    ITEM_LINK,
    LINK_STRONG,
    ROLE_ON,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.techniques import T_W_WING, T_XYZ_WING, T_Y_WING


@njit(cache=True)
def _eliminate_seen_by(
    geo: Geo, cand: Candidates, log: StepLog, z: int, a: int, b: int, c: int
) -> None:
    """Push eliminations of digit mask z from every cell that sees a, b and (if c >= 0) c."""
    d = low_index(z) + 1
    for k in range(geo.peers.shape[1]):
        x = geo.peers[a, k]
        if x == b or x == c or not cand[x] & z:  # noqa: SIM109 (numba)
            continue
        if sees(geo, x, b) and (c < 0 or sees(geo, x, c)):
            push(log, ITEM_ELIM, x, d, 0)


@njit(cache=True)
def _wing_pattern(geo: Geo, cand: Candidates, log: StepLog, c: int) -> None:
    x = cand[c]
    while x:
        push(log, ITEM_CAND, c, low_index(x) + 1, ROLE_PATTERN)
        x &= x - 1


@njit(cache=True)
def _commit_wing(geo: Geo, cand: Candidates, log: StepLog, p: int, q: int, r: int, z: int) -> None:
    """Info and pattern of a Y- or XYZ-wing with pivot p and pincers q, r; then commit."""
    set_info(log, 0, p)
    set_info(log, 1, q)
    set_info(log, 2, r)
    set_info(log, 3, low_index(z) + 1)
    push(log, ITEM_CELL, p, CELL_PIVOT, 0)
    push(log, ITEM_CELL, q, CELL_PATTERN, 0)
    push(log, ITEM_CELL, r, CELL_PATTERN, 0)
    _wing_pattern(geo, cand, log, p)
    _wing_pattern(geo, cand, log, q)
    _wing_pattern(geo, cand, log, r)
    commit(log)


@njit(cache=True)
def y_wing(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """Pivot XY with pincers XZ and YZ that it sees: either pincer is Z, so Z goes from
    every cell that sees both pincers. Info: pivot, pincer 1, pincer 2, Z."""
    npeer = geo.peers.shape[1]
    for p in range(geo.ncell):
        m = cand[p]
        if values[p] != 0 or popcount(m) != 2:
            continue
        for i in range(npeer):
            q = geo.peers[p, i]
            mq = cand[q]
            if popcount(mq) != 2 or popcount(mq & m) != 1:
                continue
            z = mq & ~m
            want = (m & ~mq) | z  # the pivot's other digit with Z
            for j in range(i + 1, npeer):
                r = geo.peers[p, j]
                if cand[r] != want:
                    continue
                if not begin(log, T_Y_WING):
                    return False
                _eliminate_seen_by(geo, cand, log, z, q, r, -1)
                if n_items_open(log) == 0:
                    abort(log)
                    continue
                _commit_wing(geo, cand, log, p, q, r, z)
                return True
    return False


@njit(cache=True)
def xyz_wing(geo: Geo, values: Grid, cand: Candidates, log: StepLog) -> bool:
    """Pivot XYZ with pincers XZ and YZ that it sees: one of the three is Z, so Z goes from
    every cell that sees all three. Info: pivot, pincer 1, pincer 2, Z."""
    npeer = geo.peers.shape[1]
    for p in range(geo.ncell):
        m = cand[p]
        if values[p] != 0 or popcount(m) != 3:
            continue
        for i in range(npeer):
            q = geo.peers[p, i]
            mq = cand[q]
            if popcount(mq) != 2 or mq & ~m:
                continue
            for j in range(i + 1, npeer):
                r = geo.peers[p, j]
                mr = cand[r]
                if popcount(mr) != 2 or mr & ~m or mr == mq:
                    continue
                z = mq & mr
                if not begin(log, T_XYZ_WING):
                    return False
                _eliminate_seen_by(geo, cand, log, z, p, q, r)
                if n_items_open(log) == 0:
                    abort(log)
                    continue
                _commit_wing(geo, cand, log, p, q, r, z)
                return True
    return False


@njit(cache=True)
def w_wing(geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog) -> bool:
    """Two cells with the same two candidates X, Z that do not see each other, and a house
    where X has only two places, one seeing each cell: one of the two cells is Z, so Z goes
    from every cell that sees both. Info: cell a, cell b, X, Z, house, link end u, link end v."""
    n = geo.n
    for a in range(geo.ncell):
        m = cand[a]
        if values[a] != 0 or popcount(m) != 2:
            continue
        for b in range(a + 1, geo.ncell):
            if cand[b] != m or values[b] != 0 or sees(geo, a, b):
                continue
            for which in range(2):
                x = m & -m if which == 0 else m & (m - 1)
                z = m & ~x
                dx = low_index(x)
                for h in range(3 * n):
                    places = pos[h, dx]
                    if popcount(places) != 2:
                        continue
                    u = geo.house_cells[h, low_index(places)]
                    v = geo.house_cells[h, low_index(places & (places - 1))]
                    if u == a or u == b or v == a or v == b:  # noqa: SIM109
                        continue
                    if not (sees(geo, u, a) and sees(geo, v, b)):
                        if sees(geo, u, b) and sees(geo, v, a):
                            u, v = v, u
                        else:
                            continue
                    if not begin(log, T_W_WING):
                        return False
                    _eliminate_seen_by(geo, cand, log, z, a, b, -1)
                    if n_items_open(log) == 0:
                        abort(log)
                        continue
                    set_info(log, 0, a)
                    set_info(log, 1, b)
                    set_info(log, 2, dx + 1)
                    set_info(log, 3, low_index(z) + 1)
                    set_info(log, 4, h)
                    set_info(log, 5, u)
                    set_info(log, 6, v)
                    push(log, ITEM_HOUSE, h, HOUSE_BASE, 0)
                    push(log, ITEM_CELL, a, CELL_PATTERN, 0)
                    push(log, ITEM_CELL, b, CELL_PATTERN, 0)
                    _wing_pattern(geo, cand, log, a)
                    _wing_pattern(geo, cand, log, b)
                    push(log, ITEM_CAND, u, dx + 1, ROLE_ON)
                    push(log, ITEM_CAND, v, dx + 1, ROLE_ON)
                    push(log, ITEM_LINK, u * n + dx, v * n + dx, LINK_STRONG)
                    commit(log)
                    return True
    return False

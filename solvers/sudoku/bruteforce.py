"""Brute force with constraint propagation: counting solutions, finding one, random grids.

This is not how the human-style solver works; it checks the input (no solution, several
solutions), gives tests the true solution to check every elimination against, and lets the
generator make puzzles. Bitmask candidates, naked and hidden singles at every node, the cell
with the fewest candidates first; an explicit stack, so no recursion in numba.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped, stop_requested
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo, geometry
from puzzleviz.solvers.sudoku.kernels.bits import popcount


@njit(cache=True)
def _propagate(cand: Candidates, house_cells: Int32Array, peers: Int32Array, full: int) -> bool:
    """Naked and hidden singles until nothing changes; False on a contradiction."""
    ncell = cand.shape[0]
    nhouse, n = house_cells.shape
    changed = True
    while changed:
        changed = False
        for c in range(ncell):
            m = cand[c]
            if m == 0:
                return False
            if m & (m - 1) == 0:
                for k in range(peers.shape[1]):
                    p = peers[c, k]
                    if cand[p] & m:
                        cand[p] &= ~m
                        if cand[p] == 0:
                            return False
                        changed = True
        for h in range(nhouse):
            once = 0
            twice = 0
            for i in range(n):
                m = cand[house_cells[h, i]]
                twice |= once & m
                once |= m
            if once != full:
                return False
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for i in range(n):
                    c = house_cells[h, i]
                    if cand[c] & bit:
                        if cand[c] != bit:
                            cand[c] = bit
                            changed = True
                        break
    return True


@njit(cache=True)
def _pick_bit(mask: int, randomize: bool) -> int:
    if not randomize:
        return mask & -mask
    k = np.random.randint(popcount(mask))
    while k:
        mask &= mask - 1
        k -= 1
    return mask & -mask


@njit(cache=True)
def search(
    cand0: Candidates,
    house_cells: Int32Array,
    peers: Int32Array,
    limit: int,
    randomize: bool,
    seed: int,
    max_nodes: int,
    solution: Candidates,
    control: Int64Array,
) -> int:
    """Count solutions from candidate masks `cand0`, up to `limit`; the first goes into
    `solution` (as masks). Returns the count, or -1 if `max_nodes` was exceeded first or
    a stop was asked for through `control` (solvers.interrupt: a crafted 16 x 16 grid can
    keep it busy for hours)."""
    ncell = cand0.shape[0]
    n = house_cells.shape[1]
    full = (1 << n) - 1
    if randomize:
        np.random.seed(seed)
    stack = np.empty((ncell + 1, ncell), dtype=np.int32)
    # A level branches either on the digits of one cell (branch_house < 0) or on the places
    # of one digit in one house, whichever has fewer choices: the second avoids the
    # pathological searches that made Norvig's "hard1" take minutes.
    branch_cell = np.zeros(ncell + 1, dtype=np.int64)
    branch_house = np.zeros(ncell + 1, dtype=np.int64)
    branch_bit = np.zeros(ncell + 1, dtype=np.int64)
    remaining = np.zeros(ncell + 1, dtype=np.int64)
    stack[0, :] = cand0
    if not _propagate(stack[0], house_cells, peers, full):
        return 0
    count = 0
    nodes = 0
    depth = 0
    entering = True
    while depth >= 0:
        if entering:
            entering = False
            best, best_count = -1, n + 1
            for c in range(ncell):
                k = popcount(stack[depth, c])
                if 1 < k < best_count:
                    best, best_count = c, k
                    if k == 2:
                        break
            if best < 0:
                if count == 0:
                    solution[:] = stack[depth]
                count += 1
                if count >= limit:
                    return count
                depth -= 1
                continue
            branch_cell[depth] = best
            branch_house[depth] = -1
            remaining[depth] = stack[depth, best]
            if best_count > 2:
                for h in range(house_cells.shape[0]):
                    for d in range(n):
                        bit = 1 << d
                        places = 0
                        k = 0
                        for i in range(n):
                            m = stack[depth, house_cells[h, i]]
                            if m & bit and m != bit:
                                places |= 1 << i
                                k += 1
                        if 1 < k < best_count:
                            best_count = k
                            branch_house[depth] = h
                            branch_bit[depth] = bit
                            remaining[depth] = places
        if remaining[depth] == 0:
            depth -= 1
            continue
        nodes += 1
        if (max_nodes > 0 and nodes > max_nodes) or stop_requested(control, nodes):
            return -1
        choice = _pick_bit(remaining[depth], randomize)
        remaining[depth] &= ~choice
        stack[depth + 1, :] = stack[depth]
        if branch_house[depth] < 0:
            stack[depth + 1, branch_cell[depth]] = choice
        else:
            i = 0
            while choice >> i != 1:
                i += 1
            stack[depth + 1, house_cells[branch_house[depth], i]] = branch_bit[depth]
        if _propagate(stack[depth + 1], house_cells, peers, full):
            depth += 1
            entering = True
    return count


@njit(cache=True)
def _masks(values: Grid, full: int) -> Candidates:
    masks = np.empty(values.shape[0], dtype=np.int32)
    for i in range(values.shape[0]):
        masks[i] = full if values[i] <= 0 else 1 << (values[i] - 1)
    return masks


@njit(cache=True)
def _digits(masks: Candidates) -> Grid:
    digits = np.zeros(masks.shape[0], dtype=np.int32)
    for i in range(masks.shape[0]):
        m = masks[i]
        if m > 0 and m & (m - 1) == 0:
            d = 1
            while m > 1:
                m >>= 1
                d += 1
            digits[i] = d
    return digits


def masks_from_values(geo: Geo, values: Grid) -> Candidates:
    """Candidate masks with only the givens' constraints (peers not yet cleared). In a
    kernel: a uniqueness check costs tens of microseconds, and numpy's many small steps
    here had cost as much again (practice puzzles make hundreds of thousands)."""
    return _masks(np.asarray(values, dtype=np.int32).ravel(), (1 << geo.n) - 1)


def values_from_masks(masks: Candidates) -> Grid:
    """Digits of single-bit masks (0 where a mask has several bits)."""
    return _digits(np.asarray(masks, dtype=np.int32).ravel())


def count_solutions(
    b: int, values: Grid, limit: int = 2, max_nodes: int = 0
) -> tuple[int, Grid | None]:
    """(number of solutions up to `limit` or -1 if `max_nodes` ran out, the first one)."""
    return _solutions(b, masks_from_values(geometry(b), values), limit, max_nodes)


def other_solution(b: int, values: Grid, cell: int, digit: int) -> Grid | None:
    """A solution of `values` without `digit` at `cell`, or None. When `values` plus that
    clue has one solution, every other solution of `values` is such a one: a single search
    finds where a puzzle with a clue taken away goes ambiguous."""
    masks = masks_from_values(geometry(b), values)
    masks[cell] &= ~(1 << (digit - 1))
    return _solutions(b, masks, 1, 0)[1]


def _solutions(b: int, masks: Candidates, limit: int, max_nodes: int) -> tuple[int, Grid | None]:
    geo = geometry(b)
    solution = np.zeros(geo.ncell, dtype=np.int32)
    control = current_control()
    count = search(masks, geo.house_cells, geo.peers, limit, False, 0, max_nodes, solution, control)
    raise_if_stopped(control)
    return int(count), (values_from_masks(solution) if count > 0 else None)


def random_grid(b: int, seed: int) -> Grid:
    """A uniformly shuffled complete grid (as digits), reproducible from `seed`."""
    geo = geometry(b)
    solution = np.zeros(geo.ncell, dtype=np.int32)
    start = np.full(geo.ncell, (1 << geo.n) - 1, dtype=np.int32)
    found = search(start, geo.house_cells, geo.peers, 1, True, seed, 0, solution, current_control())
    raise_if_stopped()
    assert found == 1
    return values_from_masks(solution)

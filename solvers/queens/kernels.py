"""The two N-queens kernels (numba): the classroom search that records its trace, and the
fast bitmask count.

`classroom` is the backtracking a class is taught: row by row from the top, try the squares
left to right, reject each one a queen above attacks, place a queen on the first safe one,
and go back up when a row has none. It records every change into a KernelBuffer
(solvers.kernel_trace) at native speed and makes it on a state in the model's layout with
model.change, so what it records is exactly what it did.

`count_from` only counts: each row's free squares are one 64-bit mask (columns and both
diagonals taken by the queens above, the diagonals shifted one square per row), and the
lowest free bit is the next square to try. `count_all` halves its work with the board's
mirror image: a solution with its first queen in the left half mirrors to one with it in
the right half.

Both look at the interrupt control every CHECK_EVERY nodes (solvers.interrupt), so Ctrl-C
stops them within a second, and both stop at a node limit. A node is one queen placed.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.interrupt import stop_requested
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.kernel_trace import KernelBuffer, record_event, record_milestone, record_step
from puzzleviz.solvers.queens.arrays import QueensState
from puzzleviz.solvers.queens.model import change

NODES, QUEENS, SOLUTIONS = 0, 1, 2  # counter columns (solvers.queens.COUNTERS)
PLACE, REMOVE, CONFLICT, CLEAR = 0, 1, 2, 3  # the events' op codes (model.py)
# Step captions, captions[kind, row, col]: what the step about `row` does (search.py words them).
FIRST_SAFE, DEAD_END, MOVES_ON, NONE_AFTER, LOOK_FOR_MORE = 0, 1, 2, 3, 4
FRESH, BACK, MORE = 0, 1, 2  # how the search comes to a row


@njit(cache=True, inline="always")
def _do(
    state: QueensState, n: int, buf: KernelBuffer, op: int, row: int, col: int, by_row: int,
    by_col: int,
) -> None:  # fmt: skip
    record_event(buf, op, row, col, by_row, by_col)
    change(state, n, op, row, col, by_row)


@njit(cache=True)
def attacker(state: QueensState, row: int, col: int) -> int:
    """The nearest row above whose queen attacks (row, col), or -1 if the square is safe."""
    for r in range(row - 1, -1, -1):
        c = state[r]
        if c == col or abs(c - col) == row - r:
            return r
    return -1


@njit(cache=True, nogil=True)
def classroom(
    n: int, wanted: int, node_limit: int, control: Int64Array, buf: KernelBuffer,
    captions: Int32Array, milestone: Int32Array, state: QueensState, found: Int32Array,
) -> tuple[int, int, bool]:  # fmt: skip
    """Backtrack from `state` (an empty board) until `wanted` solutions (0: all); keep the
    first found.shape[0] in `found`. One trace step per row decision; a milestone
    (milestone = its kind and caption ids) per solution. Returns (solutions, nodes,
    stopped at the node limit or by a stop request)."""
    row, start, how = 0, 0, FRESH
    solutions, nodes = 0, 0
    by = np.empty(n, dtype=np.int64)
    while True:
        old, col = state[row], start
        while col < n:  # the first safe square from `start`, and who attacks those before
            by[col] = attacker(state, row, col)
            if by[col] < 0:
                break
            col += 1
        if how == FRESH:
            caption = captions[FIRST_SAFE if col < n else DEAD_END, row, min(col, n - 1)]
        elif how == MORE:
            caption = captions[LOOK_FOR_MORE, row, old]
        else:
            caption = captions[MOVES_ON, row, col] if col < n else captions[NONE_AFTER, row, old]
        record_step(buf, caption)
        if how == BACK:  # the row below was a dead end: lift its marks
            for c in range(n):
                mark = state[n + (row + 1) * n + c]
                if mark:
                    _do(state, n, buf, CLEAR, row + 1, c, mark - 1, state[mark - 1])
        if old >= 0:
            buf.current[QUEENS] -= 1
            _do(state, n, buf, REMOVE, row, old, 0, 0)
        for c in range(start, col):
            _do(state, n, buf, CONFLICT, row, c, by[c], state[by[c]])
        if col == n:  # a dead end: back to the row above, or the search is over
            if row == 0:
                return solutions, nodes, False
            row, how = row - 1, BACK
            start = state[row] + 1
            continue
        nodes += 1
        buf.current[NODES] = nodes
        buf.current[QUEENS] += 1
        _do(state, n, buf, PLACE, row, col, 0, 0)
        if nodes >= node_limit or stop_requested(control, nodes):
            return solutions, nodes, True
        if row < n - 1:
            row, start, how = row + 1, 0, FRESH
            continue
        if solutions < found.shape[0]:
            found[solutions, :] = state[:n]
        solutions += 1
        buf.current[SOLUTIONS] = solutions
        record_milestone(buf, milestone[0], milestone[1])
        if solutions == wanted:
            return solutions, nodes, False
        start, how = col + 1, MORE


@njit(cache=True, nogil=True)
def count_from(n: int, first: int, last: int, nodes: int, node_limit: int,
               control: Int64Array) -> tuple[int, int, bool]:  # fmt: skip
    """The solutions whose first-row queen is in columns first..last-1; `nodes` counts on
    from an earlier call. Returns (solutions, nodes, stopped)."""
    full = (1 << n) - 1
    cols, left, right = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64)
    free = np.zeros(n, np.int64)  # the squares of each row not yet tried, one bit a column
    free[0] = ((1 << last) - 1) & ~((1 << first) - 1)
    row = found = 0
    while row >= 0:
        avail = free[row]
        if avail == 0:
            row -= 1
            continue
        low = avail & -avail  # the lowest free square: place a queen there
        free[row] = avail ^ low
        nodes += 1
        if nodes >= node_limit or stop_requested(control, nodes):
            return found, nodes, True
        if row == n - 1:  # the last row: a solution
            found += 1
            continue
        covered = cols[row] | low
        diagonal, anti = ((left[row] | low) << 1) & full, (right[row] | low) >> 1
        row += 1
        cols[row], left[row], right[row] = covered, diagonal, anti
        free[row] = full & ~(covered | diagonal | anti)
    return found, nodes, False


def count_all(n: int, node_limit: int, control: Int64Array) -> tuple[int, int, bool]:
    """(solutions, nodes, stopped): only the first row's left half is searched, each
    solution counted twice for its mirror image; on an odd board the middle column, its
    own mirror, is searched on its own."""
    half, nodes, stopped = count_from(n, 0, n // 2, 0, node_limit, control)
    total = 2 * half
    if n % 2 and not stopped:
        middle, nodes, stopped = count_from(n, n // 2, n // 2 + 1, nodes, node_limit, control)
        total += middle
    return total, nodes, stopped

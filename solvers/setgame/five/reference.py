"""A second, plainer search of one proof part, for the certificate's recheck.

Why a second search: a certificate is only as good as the check that reads it. Rerunning
kernel.py would repeat its mistakes, so this searches the same part written again from the
definitions, sharing no code with kernel.py or extension.part_setup:

- plain recursion instead of the kernel's explicit stack, prefix and frontier modes;
- the cards still open kept as a boolean array, with a count per (hyperplane, slice) of
  open cards kept up to date as cards close, instead of bitsets and popcounts;
- the part's starting position reached by placing its cards one by one under the same
  rules as any other card, instead of a setup computed in one go.

The search visits the same nodes in the same order as the kernel (cards by index, each
placed or passed over; the same rules and bounds, restated below), so the two must agree
on the node count of every part, which is what `set verify` compares. Rules at a node with
`placed` cards and `open` cards left:
- a cap of `target` cards is a solution; fewer than `target` in reach (placed + open) ends
  the node; so does the direction bound: for each direction, the three parallel hyperplanes
  hold at most min(m, R's cards + min(cap of h∩slice 1, placed + open there) + the same
  for slice 2) cards each, and their sum must reach the target; the sums over one
  direction of the slice-1 (slice-2) terms bound |A| (|B|): |A| >= a_min, |B| <= |A|,
  |R| + |A| + |B| >= target;
- placing a card closes the third card of its line with every placed card, every card of
  a hyperplane that reaches m cards, in slice 1 the cards a + L (L: the differences of
  earlier parts), and slice 2 once it holds as many cards as slice 1;
- a card of slice 2 is not tried while slice 1 holds fewer than a_min cards (slice 1 is
  complete by then: cards go by index).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Int64Array
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped, stop_requested
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.setgame.geometry import affine_space

LARGEST_CAP = (1, 2, 4, 9, 20)  # in AG(k,3), k = 0..4: the largest cap of a flat of dimension k
# ints: the search's scalars, shared by every level of the recursion
PLACED, OPEN, TOP, NODES, SOLUTIONS, STOPPED = range(6)
# third, point_hyp, members, slices (AG(n-1,3)'s addition), block, m, sym (difference vectors)
Geometry = tuple[Int64Array, Int64Array, Int64Array, Int64Array, int, int, Int64Array]
# is_open, open_in, in_hyp, per_slice, placed, closed
State = tuple[BoolArray, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]


@njit(cache=True)
def _close(
    q: int, is_open: BoolArray, open_in: Int64Array, point_hyp: Int64Array, block: int,
    closed: Int64Array, ints: Int64Array,
) -> None:  # fmt: skip
    """Card q is no longer open (remembered on `closed` to be reopened on the way back)."""
    if is_open[q]:
        is_open[q] = False
        s = q // block
        for j in range(point_hyp.shape[1]):
            open_in[point_hyp[q, j], s] -= 1
        closed[ints[TOP]] = q
        ints[TOP] += 1
        ints[OPEN] -= 1


@njit(cache=True)
def _reopen_to(
    top: int, is_open: BoolArray, open_in: Int64Array, point_hyp: Int64Array, block: int,
    closed: Int64Array, ints: Int64Array,
) -> None:  # fmt: skip
    while ints[TOP] > top:
        ints[TOP] -= 1
        q = closed[ints[TOP]]
        is_open[q] = True
        s = q // block
        for j in range(point_hyp.shape[1]):
            open_in[point_hyp[q, j], s] += 1
        ints[OPEN] += 1


@njit(cache=True)
def _place(c: int, g: Geometry, st: State, ints: Int64Array) -> None:
    """Put card c down and close what it rules out (g: geometry, st: state arrays)."""
    third, point_hyp, members, slices, block, m, sym = g
    is_open, open_in, in_hyp, per_slice, placed, closed = st
    s = c // block
    for k in range(ints[PLACED]):
        _close(third[c, placed[k]], is_open, open_in, point_hyp, block, closed, ints)
    for j in range(point_hyp.shape[1]):
        h = point_hyp[c, j]
        in_hyp[h, s] += 1
        if in_hyp[h, 0] + in_hyp[h, 1] + in_hyp[h, 2] >= m:
            for q in members[h]:
                _close(q, is_open, open_in, point_hyp, block, closed, ints)
    per_slice[s] += 1
    if s == 1:
        for v in sym:
            _close(block + slices[c - block, v], is_open, open_in, point_hyp, block, closed, ints)
    elif s == 2 and per_slice[2] >= per_slice[1]:
        for q in range(2 * block, 3 * block):
            _close(q, is_open, open_in, point_hyp, block, closed, ints)
    placed[ints[PLACED]] = c
    ints[PLACED] += 1


@njit(cache=True)
def _lift(g: Geometry, st: State, ints: Int64Array) -> None:
    """Take the last card back (what it closed is reopened by the caller)."""
    point_hyp, block = g[1], g[4]
    in_hyp, per_slice, placed = st[2], st[3], st[4]
    ints[PLACED] -= 1
    c = placed[ints[PLACED]]
    for j in range(point_hyp.shape[1]):
        in_hyp[point_hyp[c, j], c // block] -= 1
    per_slice[c // block] -= 1


@njit(cache=True)
def _in_reach(
    in_hyp: Int64Array, open_in: Int64Array, flat_cap: Int64Array, m: int, target: int,
    a_min: int, on_slice0: int,
) -> bool:  # fmt: skip
    """False if the direction bound rules out every cap of `target` cards from here."""
    most_a = most_b = 1 << 30
    for first in range(0, in_hyp.shape[0], 3):
        total = in_a = in_b = 0
        for h in range(first, first + 3):
            a = min(flat_cap[h, 1], in_hyp[h, 1] + open_in[h, 1])
            b = min(flat_cap[h, 2], in_hyp[h, 2] + open_in[h, 2])
            total += min(m, in_hyp[h, 0] + a + b)
            in_a += a
            in_b += b
        if total < target:
            return False
        most_a = min(most_a, in_a)
        most_b = min(most_b, in_b)
    most_a = min(most_a, m)
    return most_a >= a_min and on_slice0 + most_a + min(most_b, most_a) >= target


@njit(cache=True)
def _node(
    start: int, g: Geometry, st: State, flat_cap: Int64Array, target: int, a_min: int,
    ints: Int64Array, control: Int64Array,
) -> None:  # fmt: skip
    """One node of the search: count it, judge it, then try each open card from `start`."""
    is_open, open_in, in_hyp, per_slice, _, closed = st
    point_hyp, block, m = g[1], g[4], g[5]
    ints[NODES] += 1
    if stop_requested(control, ints[NODES]):
        ints[STOPPED] = 1
        return
    if ints[PLACED] >= target:
        ints[SOLUTIONS] += 1
        return
    if ints[PLACED] + ints[OPEN] < target:
        return
    if not _in_reach(in_hyp, open_in, flat_cap, m, target, a_min, per_slice[0]):
        return
    top = ints[TOP]
    c = start
    n_cards = is_open.shape[0]
    while ints[STOPPED] == 0:
        while c < n_cards and not is_open[c]:
            c += 1
        if c >= n_cards:
            break
        _close(c, is_open, open_in, point_hyp, block, closed, ints)  # tried now: not again
        if c // block == 2 and per_slice[1] < a_min:
            break
        if ints[PLACED] + 1 + ints[OPEN] < target:
            break
        mark = ints[TOP]
        _place(c, g, st, ints)
        _node(c + 1, g, st, flat_cap, target, a_min, ints, control)
        _lift(g, st, ints)
        _reopen_to(mark, is_open, open_in, point_hyp, block, closed, ints)
        c += 1
    _reopen_to(top, is_open, open_in, point_hyp, block, closed, ints)


def recheck_part(
    n: int, target: int, rep: Sequence[int], slice1: Sequence[int], differences: Sequence[int]
) -> tuple[int, int]:
    """(nodes, caps of `target` cards) of the part that fixes the cap `rep` in slice 0 and
    the cards `slice1` (points of AG(n-1,3)) in slice 1, with the difference vectors
    `differences` ruled out next to every card of slice 1. Nodes are 0 if those cards
    already break a rule (the part is empty)."""
    space = affine_space(n)
    sub = affine_space(n - 1)
    block = sub.size
    n_hyp = space.hyperplane_masks.shape[0]
    point_hyp = space.point_hyperplanes.astype(np.int64)
    members = np.array([np.flatnonzero(point_hyp[:, h // 3] == h) for h in range(n_hyp)])
    slice_of = np.arange(space.size) // block
    flat_cap = np.zeros((n_hyp, 3), dtype=np.int64)
    for h in range(n_hyp):
        for s in range(3):
            inside = int((slice_of[members[h]] == s).sum())  # a flat of 3^k cards, or none
            flat_cap[h, s] = LARGEST_CAP[round(np.log(inside) / np.log(3))] if inside else 0
    m = len(rep)
    sym = np.unique(np.array([[v, int(sub.sub[0, v])] for v in differences], dtype=np.int64)
                    .reshape(-1))  # fmt: skip
    g = (space.third.astype(np.int64), point_hyp, members, sub.add.astype(np.int64), block, m,
         sym)  # fmt: skip
    is_open = slice_of != 0
    open_in = np.zeros((n_hyp, 3), dtype=np.int64)
    for q in np.flatnonzero(is_open):
        open_in[point_hyp[q], q // block] += 1
    st = (is_open, open_in, np.zeros((n_hyp, 3), dtype=np.int64), np.zeros(3, dtype=np.int64),
          np.zeros(space.size, dtype=np.int64), np.zeros(space.size, dtype=np.int64))  # fmt: skip
    ints = np.zeros(6, dtype=np.int64)
    ints[OPEN] = int(is_open.sum())
    for card in rep:
        _place(int(card), g, st, ints)
    for local in slice1:
        card = block + int(local)
        if not is_open[card]:
            return 0, 0  # ruled out by the cards before it
        _close(card, is_open, open_in, point_hyp, block, st[5], ints)
        _place(card, g, st, ints)
    if (st[2].sum(axis=1) > m).any():
        return 0, 0
    a_min = -(-(target - m) // 2)
    control: Int64Array = current_control()
    _node(0, g, st, flat_cap, target, a_min, ints, control)
    raise_if_stopped()
    return int(ints[NODES]), int(ints[SOLUTIONS])


__all__ = ["recheck_part"]

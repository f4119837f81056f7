"""Waste a placement forces on the frame, whatever else is placed: the search's lower bound.

The frame has `slack` more triangles than the pieces cover, so every packing leaves exactly
`slack` triangles empty. The search prunes a partial packing as soon as it can prove that
more than `slack` will end up empty. Two kinds of proof:

1. Dead cells: free cells that no placement still possible for the remaining pieces covers.
2. Forced waste of the pieces still to place. For each placement p, `forced[p]` is the set
   of frame cells that no placement of ANOTHER piece disjoint from p covers: the 8's
   windows, the pockets of the 2, 5, 6, 9 that no segment end can reach, the notch between
   a chamfered corner and the frame. Whatever p's neighbours are, those cells stay empty.
   Forced sets of two pieces may overlap (a notch between two pieces), which would count
   it twice, so every cell that two compatible placements both force is removed from both
   ("disjointified"). Then for the placements p_k finally used, the forced sets are
   disjoint and the waste is at least |dead| + sum_k |forced[p_k] - dead|, and the search
   uses the smallest forced set among the placements still possible for each piece.

Everything is checked on the placement table itself, so the bound holds for any frame and
piece set read from a file. Both passes take every pair of placements, minutes on a large
frame (64 x 64), so they look at the stop request (solvers.interrupt) once per placement
and are checked against the memory budget before their arrays are made.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers import memory
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.digits.arrays import CellBits, PlacementBits
from puzzleviz.solvers.digits.placements import PlacementTable
from puzzleviz.solvers.interrupt import STOP, current_control, raise_if_stopped
from puzzleviz.solvers.jit import njit


def forced_waste(table: PlacementTable) -> PlacementBits:
    """(n, n_words) uint64: the disjointified forced waste of every placement."""
    memory.check(2 * table.bits.nbytes, "the forced waste of every placement")
    control = current_control()
    static_dead = table.frame_bits & ~np.bitwise_or.reduce(table.bits, axis=0)
    lo, hi = word_ranges(table.bits)
    forced = _forced(table.bits, lo, hi, table.piece, table.frame_bits, control)
    raise_if_stopped(control)
    forced &= ~static_dead  # cells nothing covers are dead from the start: count them once
    _disjointify(table.bits, lo, hi, table.piece, forced, control)
    raise_if_stopped(control)
    return forced


def word_ranges(words: PlacementBits) -> tuple[Int64Array, Int64Array]:
    """Per row, the first and one-past-last non-zero word (0, 0 for an empty row)."""
    nonzero = words != 0
    has = nonzero.any(axis=1)
    lo = np.where(has, nonzero.argmax(axis=1), 0)
    hi = np.where(has, words.shape[1] - nonzero[:, ::-1].argmax(axis=1), 0)
    return lo.astype(np.int64), hi.astype(np.int64)


@njit(cache=True)
def _forced(
    bits: PlacementBits, lo: Int64Array, hi: Int64Array, piece: Int32Array, frame: CellBits,
    control: Int64Array,
) -> PlacementBits:  # fmt: skip
    n, n_words = bits.shape
    out = np.zeros((n, n_words), dtype=np.uint64)
    covered = np.zeros(n_words, dtype=np.uint64)
    for p in range(n):
        if control[STOP]:
            break
        for w in range(n_words):
            covered[w] = bits[p, w]
        for q in range(n):
            if piece[q] == piece[p]:
                continue
            disjoint = True
            for w in range(max(lo[p], lo[q]), min(hi[p], hi[q])):
                if bits[p, w] & bits[q, w]:
                    disjoint = False
                    break
            if disjoint:
                for w in range(lo[q], hi[q]):
                    covered[w] |= bits[q, w]
        for w in range(n_words):
            out[p, w] = frame[w] & ~covered[w]
    return out


@njit(cache=True)
def _disjointify(
    bits: PlacementBits, lo: Int64Array, hi: Int64Array, piece: Int32Array,
    forced: PlacementBits, control: Int64Array,
) -> None:  # fmt: skip
    """Remove from both forced sets every cell shared by two compatible placements."""
    n, n_words = bits.shape
    shared = np.zeros((n, n_words), dtype=np.uint64)
    flo = np.zeros(n, dtype=np.int64)
    fhi = np.zeros(n, dtype=np.int64)
    for p in range(n):
        flo[p] = n_words
        for w in range(n_words):
            if forced[p, w]:
                flo[p] = min(flo[p], w)
                fhi[p] = w + 1
    for p in range(n):
        if control[STOP]:
            return
        for q in range(p + 1, n):
            if piece[q] == piece[p]:
                continue
            a = max(flo[p], flo[q])
            b = min(fhi[p], fhi[q])
            meet = False
            for w in range(a, b):
                if forced[p, w] & forced[q, w]:
                    meet = True
                    break
            if not meet:
                continue
            disjoint = True
            for w in range(max(lo[p], lo[q]), min(hi[p], hi[q])):
                if bits[p, w] & bits[q, w]:
                    disjoint = False
                    break
            if disjoint:
                for w in range(a, b):
                    both = forced[p, w] & forced[q, w]
                    shared[p, w] |= both
                    shared[q, w] |= both
    for p in range(n):
        for w in range(n_words):
            forced[p, w] &= ~shared[p, w]

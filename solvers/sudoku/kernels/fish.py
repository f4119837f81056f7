"""Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4), rows or columns as base sets."""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.sudoku.kernels.bits import next_combination, popcount
from solvers.sudoku.kernels.log import abort, begin, commit, n_items_open, push, set_info
from solvers.sudoku.roles import (
    HOUSE_BASE,
    HOUSE_COVER,
    ITEM_CAND,
    ITEM_ELIM,
    ITEM_HOUSE,
    ROLE_PATTERN,
)
from solvers.sudoku.techniques import T_X_WING


@njit(cache=True)
def fish(geo, cand, pos, log, k):
    """A digit that in k rows lies only in the same k columns: it goes from the rest of
    those columns (and the same with rows and columns swapped). Info: k, digit,
    orientation (0: rows are the base), base mask, cover mask."""
    n = geo.n
    tech = T_X_WING + (k - 2)
    lines = np.empty(n, dtype=np.int64)
    comb = np.empty(k, dtype=np.int64)
    for d in range(n):
        bit = 1 << d
        for orient in range(2):
            base0 = 0 if orient == 0 else n  # houses of the base lines
            cover0 = n - base0  # houses of the cover lines
            m = 0
            for i in range(n):
                if 2 <= popcount(pos[base0 + i, d]) <= k:
                    lines[m] = i
                    m += 1
            if m < k:
                continue
            for i in range(k):
                comb[i] = i
            while True:
                covers = 0
                bases = 0
                for i in range(k):
                    covers |= pos[base0 + lines[comb[i]], d]
                    bases |= 1 << lines[comb[i]]
                if popcount(covers) == k:
                    if not begin(log, tech):
                        return False
                    for j in range(n):
                        if (covers >> j) & 1:
                            # place i of cover line j is base line i
                            for i in range(n):
                                c = geo.house_cells[cover0 + j, i]
                                if not (bases >> i) & 1 and cand[c] & bit:
                                    push(log, ITEM_ELIM, c, d + 1, 0)
                    if n_items_open(log) == 0:
                        abort(log)
                    else:
                        set_info(log, 0, k)
                        set_info(log, 1, d + 1)
                        set_info(log, 2, orient)
                        set_info(log, 3, bases)
                        set_info(log, 4, covers)
                        for i in range(n):
                            if (bases >> i) & 1:
                                push(log, ITEM_HOUSE, base0 + i, HOUSE_BASE, 0)
                        for j in range(n):
                            if (covers >> j) & 1:
                                push(log, ITEM_HOUSE, cover0 + j, HOUSE_COVER, 0)
                        for i in range(n):
                            if (bases >> i) & 1:
                                for j in range(n):
                                    c = geo.house_cells[base0 + i, j]
                                    if cand[c] & bit:
                                        push(log, ITEM_CAND, c, d + 1, ROLE_PATTERN)
                        commit(log)
                        return True
                if not next_combination(comb, k, m):
                    break
    return False

"""Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4), rows or columns as base sets."""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.bits import low_index, next_combination, popcount
from puzzleviz.solvers.sudoku.kernels.log import (
    StepLog,
    abort,
    begin,
    commit,
    n_items_open,
    push,
    set_info,
)
from puzzleviz.solvers.sudoku.kernels.scan import (
    bit_positions,
    chosen_lines,
    lines_with_places,
    union_of_lines,
)
from puzzleviz.solvers.sudoku.roles import (
    HOUSE_BASE,
    HOUSE_COVER,
    ITEM_CAND,
    ITEM_ELIM,
    ITEM_HOUSE,
    ROLE_FIN,
    ROLE_PATTERN,
)
from puzzleviz.solvers.sudoku.techniques import T_FINNED_X_WING, T_X_WING


@njit(inline="always", cache=True)
def log_fish(log: StepLog, n: int, k: int, d: int, orient: int, bases: int, covers: int) -> None:
    """A fish's info 0-4 (k, digit, orientation, base mask, cover mask) and its base and
    cover lines as houses: what basic, finned and Kraken fish record alike."""
    base0 = 0 if orient == 0 else n
    cover0 = n - base0
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


@njit(cache=True)
def fish(geo: Geo, cand: Candidates, pos: Positions, log: StepLog, k: int) -> bool:
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
            places = pos[base0 : base0 + n, d]
            m = lines_with_places(places, 2, k, lines)
            if m < k:
                continue
            for i in range(k):
                comb[i] = i
            while True:
                covers, bases = union_of_lines(places, lines, comb, k)
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
                        log_fish(log, n, k, d, orient, bases, covers)
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


@njit(cache=True)
def finned_fish(geo: Geo, cand: Candidates, pos: Positions, log: StepLog, k: int) -> bool:
    """A fish with fins: k base lines whose places lie in k cover lines except a few (the
    fins), all in one box. Either the fish holds or a fin is true; cells of the cover lines
    outside the base lines that are in the fins' box lose the digit both ways (sashimi fish
    included). Info: k, digit, orientation, base mask, cover mask, fin box."""
    n, b = geo.n, geo.b
    tech = T_FINNED_X_WING + (k - 2)
    lines = np.empty(n, dtype=np.int64)
    comb = np.empty(k, dtype=np.int64)
    cols = np.empty(n, dtype=np.int64)
    ccomb = np.empty(k, dtype=np.int64)
    for d in range(n):
        for orient in range(2):
            base0 = 0 if orient == 0 else n
            cover0 = n - base0
            places = pos[base0 : base0 + n, d]
            m = lines_with_places(places, 1, k + b, lines)
            if m < k:
                continue
            for i in range(k):
                comb[i] = i
            while True:
                union, bases = union_of_lines(places, lines, comb, k)
                nu = popcount(union)
                if k < nu <= k + b:
                    nc = bit_positions(union, cols)
                    for i in range(k):
                        ccomb[i] = i
                    while True:
                        covers = chosen_lines(cols, ccomb, k)
                        if _finned_step(
                            geo, cand, pos, log, tech, k, d, base0, cover0, bases, covers, orient
                        ):
                            return True
                        if log.fill[2]:
                            return False
                        if not next_combination(ccomb, k, nc):
                            break
                if not next_combination(comb, k, m):
                    break
    return False


@njit(cache=True)
def _finned_step(
    geo: Geo,
    cand: Candidates,
    pos: Positions,
    log: StepLog,
    tech: int,
    k: int,
    d: int,
    base0: int,
    cover0: int,
    bases: int,
    covers: int,
    orient: int,
) -> bool:
    n = geo.n
    bit = 1 << d
    fin_box = -1
    for i in range(n):
        if not (bases >> i) & 1:
            continue
        row_places = pos[base0 + i, d]
        if row_places & covers == 0:
            return False  # every base line must keep a place in the cover lines
        fins = row_places & ~covers
        while fins:
            c = geo.house_cells[base0 + i, low_index(fins)]
            fins &= fins - 1
            if fin_box < 0:
                fin_box = geo.box[c]
            elif geo.box[c] != fin_box:
                return False
    if fin_box < 0:
        return False
    if not begin(log, tech):
        return False
    for j in range(n):
        if (covers >> j) & 1:
            for i in range(n):
                c = geo.house_cells[cover0 + j, i]
                if not (bases >> i) & 1 and cand[c] & bit and geo.box[c] == fin_box:
                    push(log, ITEM_ELIM, c, d + 1, 0)
    if n_items_open(log) == 0:
        abort(log)
        return False
    log_fish(log, n, k, d, orient, bases, covers)
    set_info(log, 5, fin_box)
    for i in range(n):
        if (bases >> i) & 1:
            places = pos[base0 + i, d]
            while places:
                j = low_index(places)
                places &= places - 1
                role = ROLE_PATTERN if (covers >> j) & 1 else ROLE_FIN
                push(log, ITEM_CAND, geo.house_cells[base0 + i, j], d + 1, role)
    commit(log)
    return True

"""The logic loop: try the enabled techniques in order, apply the first step found, repeat.

It stops when the grid is full (SOLVED), when no technique applies (STALLED: the driver
may guess), when the grid contradicts itself (CONTRADICTION: only ever inside a guessed
branch), when the step log is full (OVERFLOW: the driver grows it and runs again), or when
the search was asked to stop (STOPPED: Ctrl-C, the memory budget, a cancelled job; the
driver raises, solvers.interrupt.raise_if_stopped).
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int32Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid, Positions
from puzzleviz.solvers.sudoku.geometry import Geo
from puzzleviz.solvers.sudoku.kernels.aic import aic
from puzzleviz.solvers.sudoku.kernels.als import als_xy_wing, als_xz, death_blossom
from puzzleviz.solvers.sudoku.kernels.als_chain import als_chain
from puzzleviz.solvers.sudoku.kernels.basic import (
    box_line,
    hidden_single,
    hidden_subset,
    naked_single,
    naked_subset,
    pointing,
)
from puzzleviz.solvers.sudoku.kernels.bits import compute_positions
from puzzleviz.solvers.sudoku.kernels.chains import simple_colouring, x_chain, xy_chain
from puzzleviz.solvers.sudoku.kernels.complex_fish import complex_fish, new_memo
from puzzleviz.solvers.sudoku.kernels.fish import finned_fish, fish
from puzzleviz.solvers.sudoku.kernels.forcing import forcing
from puzzleviz.solvers.sudoku.kernels.grouped import grouped_chain
from puzzleviz.solvers.sudoku.kernels.kraken import kraken_fish
from puzzleviz.solvers.sudoku.kernels.log import (
    FILL_OVERFLOW,
    FILL_STEPS,
    StepLog,
    begin,
    commit,
    push,
    set_info,
    stopping,
)
from puzzleviz.solvers.sudoku.kernels.rectangles import (
    AVOIDABLE,
    HIDDEN,
    UR3,
    UR5,
    UR6,
    bug_plus_n,
    rectangles,
)
from puzzleviz.solvers.sudoku.kernels.sdc import sue_de_coq
from puzzleviz.solvers.sudoku.kernels.templates import templates
from puzzleviz.solvers.sudoku.kernels.turbot import empty_rectangle, three_link_chain
from puzzleviz.solvers.sudoku.kernels.unique import (
    bug_plus_1,
    unique_rectangle_1,
    unique_rectangle_2_4,
)
from puzzleviz.solvers.sudoku.kernels.wings import w_wing, xyz_wing, y_wing
from puzzleviz.solvers.sudoku.roles import (
    CELL_CONFLICT,
    HOUSE_CONFLICT,
    ITEM_CELL,
    ITEM_ELIM,
    ITEM_HOUSE,
    ITEM_PLACE,
)
from puzzleviz.solvers.sudoku.techniques import (
    T_AIC,
    T_ALS_AIC,
    T_ALS_CHAIN,
    T_ALS_XY_WING,
    T_ALS_XZ,
    T_AVOIDABLE_RECTANGLE,
    T_BOX_LINE_PAIR,
    T_BOX_LINE_TRIPLE,
    T_BUG_PLUS_1,
    T_BUG_PLUS_N,
    T_CONTINUOUS_NICE_LOOP,
    T_CONTRADICTION,
    T_DEATH_BLOSSOM,
    T_EMPTY_RECTANGLE,
    T_FINNED_JELLYFISH,
    T_FINNED_X_WING,
    T_FORCING_CHAIN,
    T_FORCING_NET,
    T_FRANKEN_FISH,
    T_GROUPED_AIC,
    T_HIDDEN_PAIR,
    T_HIDDEN_QUAD,
    T_HIDDEN_RECTANGLE,
    T_HIDDEN_SINGLE,
    T_JELLYFISH,
    T_KRAKEN_FISH,
    T_MUTANT_FISH,
    T_NAKED_PAIR,
    T_NAKED_SINGLE,
    T_POINTING_PAIR,
    T_POINTING_TRIPLE,
    T_SIMPLE_COLOURING,
    T_SKYSCRAPER,
    T_SUE_DE_COQ,
    T_TEMPLATE_DELETE,
    T_TEMPLATE_SET,
    T_TURBOT_FISH,
    T_UNIQUE_RECTANGLE_1,
    T_UNIQUE_RECTANGLE_2,
    T_UNIQUE_RECTANGLE_3,
    T_UNIQUE_RECTANGLE_4,
    T_UNIQUE_RECTANGLE_5,
    T_UNIQUE_RECTANGLE_6,
    T_W_WING,
    T_X_CHAIN,
    T_X_WING,
    T_XY_CHAIN,
    T_XYZ_WING,
    T_Y_WING,
)

SOLVED, STALLED, CONTRADICTION, OVERFLOW, STEP_LIMIT, STOPPED = 0, 1, 2, 3, 4, 5


@njit(cache=True)
def initial_candidates(geo: Geo, values: Grid, cand: Candidates) -> None:
    """Candidates of every empty cell: all digits its peers do not hold."""
    full = (1 << geo.n) - 1
    for c in range(geo.ncell):
        if values[c] != 0:
            cand[c] = 0
            continue
        m = full
        for k in range(geo.peers.shape[1]):
            v = values[geo.peers[c, k]]
            if v:
                m &= ~(1 << (v - 1))
        cand[c] = m


@njit(cache=True)
def contradiction(geo: Geo, values: Grid, cand: Candidates, pos: Positions, log: StepLog) -> bool:
    """Record a CONTRADICTION step if a cell has no candidate or a digit has no place in a
    house it is missing from. Info: kind (0 cell, 1 house), cell or house, digit."""
    n = geo.n
    for c in range(geo.ncell):
        if values[c] == 0 and cand[c] == 0:
            if begin(log, T_CONTRADICTION):
                set_info(log, 0, 0)
                set_info(log, 1, c)
                push(log, ITEM_CELL, c, CELL_CONFLICT, 0)
                commit(log)
            return True
    for h in range(3 * n):
        placed = 0
        for i in range(n):
            v = values[geo.house_cells[h, i]]
            if v:
                placed |= 1 << (v - 1)
        for d in range(n):
            if pos[h, d] == 0 and not (placed >> d) & 1:
                if begin(log, T_CONTRADICTION):
                    set_info(log, 0, 1)
                    set_info(log, 1, h)
                    set_info(log, 2, d + 1)
                    push(log, ITEM_HOUSE, h, HOUSE_CONFLICT, 0)
                    commit(log)
                return True
    return False


@njit(cache=True)
def apply_step(geo: Geo, values: Grid, cand: Candidates, log: StepLog, s: int) -> None:
    """Eliminations and placements of step s; a placement also clears its digit from peers."""
    for i in range(log.item_start[s], log.item_start[s + 1]):
        kind = log.items[i, 0]
        c = log.items[i, 1]
        bit = 1 << (log.items[i, 2] - 1)
        if kind == ITEM_ELIM:
            cand[c] &= ~bit
        elif kind == ITEM_PLACE:
            values[c] = log.items[i, 2]
            cand[c] = 0
            for k in range(geo.peers.shape[1]):
                cand[geo.peers[c, k]] &= ~bit


@njit(cache=True)
def run_logic(
    geo: Geo,
    values: Grid,
    cand: Candidates,
    given: Int32Array,
    order: Int32Array,
    log: StepLog,
    max_steps: int,
) -> int:
    """Apply steps of the techniques in `order` (ids, easiest first) until solved, stalled,
    contradicted or out of log space; `values` and `cand` end in the reached state.
    `given` (1 for a given cell) tells the puzzle's clues from digits placed since: an
    Avoidable Rectangle may only use the latter."""
    n = geo.n
    pos = np.empty((3 * n, n), dtype=np.int32)
    fish_memo = new_memo(n)
    steps = 0
    while True:
        empty = 0
        for c in range(geo.ncell):
            if values[c] == 0:
                empty += 1
        compute_positions(geo, cand, pos)
        if contradiction(geo, values, cand, pos, log):
            return OVERFLOW if log.fill[FILL_OVERFLOW] else CONTRADICTION
        if empty == 0:
            return SOLVED
        if steps >= max_steps:
            return STEP_LIMIT
        found = False
        for t in order:
            if stopping(log):
                return STOPPED
            # the dispatch is written out here, not in a function of its own: every layer
            # of jitted calls re-optimises everything below it, and this one cost seconds
            # of compilation
            if t == T_NAKED_SINGLE:
                found = naked_single(geo, values, cand, log)
            elif t == T_HIDDEN_SINGLE:
                found = hidden_single(geo, values, cand, pos, log)
            elif T_POINTING_PAIR <= t <= T_POINTING_TRIPLE:
                found = pointing(geo, cand, pos, log, t == T_POINTING_TRIPLE)
            elif T_BOX_LINE_PAIR <= t <= T_BOX_LINE_TRIPLE:
                found = box_line(geo, cand, pos, log, t == T_BOX_LINE_TRIPLE)
            elif T_NAKED_PAIR <= t <= T_HIDDEN_QUAD and (t - T_NAKED_PAIR) % 2 == 0:
                found = naked_subset(geo, values, cand, log, 2 + (t - T_NAKED_PAIR) // 2)
            elif T_HIDDEN_PAIR <= t <= T_HIDDEN_QUAD:
                found = hidden_subset(geo, cand, pos, log, 2 + (t - T_HIDDEN_PAIR) // 2)
            elif T_X_WING <= t <= T_JELLYFISH:
                found = fish(geo, cand, pos, log, 2 + t - T_X_WING)
            elif T_FINNED_X_WING <= t <= T_FINNED_JELLYFISH:
                found = finned_fish(geo, cand, pos, log, 2 + t - T_FINNED_X_WING)
            elif T_SKYSCRAPER <= t <= T_TURBOT_FISH:
                found = three_link_chain(geo, cand, pos, log, t - T_SKYSCRAPER)
            elif t == T_EMPTY_RECTANGLE:
                found = empty_rectangle(geo, cand, pos, log)
            elif t == T_Y_WING:
                found = y_wing(geo, values, cand, log)
            elif t == T_XYZ_WING:
                found = xyz_wing(geo, values, cand, log)
            elif t == T_W_WING:
                found = w_wing(geo, values, cand, pos, log)
            elif t == T_UNIQUE_RECTANGLE_1:
                found = unique_rectangle_1(geo, values, cand, log)
            elif t == T_UNIQUE_RECTANGLE_2:
                found = unique_rectangle_2_4(geo, values, cand, pos, log, 2)
            elif t == T_UNIQUE_RECTANGLE_4:
                found = unique_rectangle_2_4(geo, values, cand, pos, log, 4)
            elif t == T_UNIQUE_RECTANGLE_3:
                found = rectangles(geo, values, cand, pos, given, log, UR3)
            elif t == T_UNIQUE_RECTANGLE_5:
                found = rectangles(geo, values, cand, pos, given, log, UR5)
            elif t == T_UNIQUE_RECTANGLE_6:
                found = rectangles(geo, values, cand, pos, given, log, UR6)
            elif t == T_HIDDEN_RECTANGLE:
                found = rectangles(geo, values, cand, pos, given, log, HIDDEN)
            elif t == T_AVOIDABLE_RECTANGLE:
                found = rectangles(geo, values, cand, pos, given, log, AVOIDABLE)
            elif t == T_BUG_PLUS_1:
                found = bug_plus_1(geo, values, cand, pos, log)
            elif t == T_BUG_PLUS_N:
                found = bug_plus_n(geo, values, cand, log)
            elif t == T_SIMPLE_COLOURING:
                found = simple_colouring(geo, values, cand, pos, log)
            elif t == T_X_CHAIN:
                found = x_chain(geo, values, cand, pos, log)
            elif t == T_XY_CHAIN:
                found = xy_chain(geo, values, cand, log)
            elif t == T_AIC:
                found = aic(geo, values, cand, pos, log)
            elif t == T_ALS_XZ:
                found = als_xz(geo, values, cand, log)
            elif t == T_ALS_XY_WING:
                found = als_xy_wing(geo, values, cand, log)
            elif t == T_ALS_CHAIN:
                found = als_chain(geo, values, cand, log)
            elif t == T_CONTINUOUS_NICE_LOOP:
                found = grouped_chain(geo, values, cand, pos, log, t, False, False, False)
            elif t == T_GROUPED_AIC:
                found = grouped_chain(geo, values, cand, pos, log, t, True, False, True)
            elif t == T_ALS_AIC:
                found = grouped_chain(geo, values, cand, pos, log, t, True, True, True)
            elif t == T_SUE_DE_COQ:
                found = sue_de_coq(geo, values, cand, log)
            elif t == T_DEATH_BLOSSOM:
                found = death_blossom(geo, values, cand, log)
            elif t == T_FRANKEN_FISH:
                found = complex_fish(geo, cand, pos, log, False, fish_memo)
            elif t == T_MUTANT_FISH:
                found = complex_fish(geo, cand, pos, log, True, fish_memo)
            elif t == T_TEMPLATE_SET:
                found = templates(geo, values, cand, log, False)
            elif t == T_TEMPLATE_DELETE:
                found = templates(geo, values, cand, log, True)
            elif t == T_KRAKEN_FISH:
                found = kraken_fish(geo, values, cand, pos, log)
            elif T_FORCING_CHAIN <= t <= T_FORCING_NET:
                found = forcing(geo, values, cand, pos, log, t == T_FORCING_NET)
            if log.fill[FILL_OVERFLOW]:
                return OVERFLOW
            if found:
                break
        if not found:
            return STOPPED if stopping(log) else STALLED
        apply_step(geo, values, cand, log, log.fill[FILL_STEPS] - 1)
        steps += 1

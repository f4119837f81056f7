"""One root's search, resumable in chunks: the general kernel (`kernels.exact`, any box,
traced or not), the one-word kernel (`kernels.packed`, at most 64 cells, untraced) or the
count-range kernel (`kernels.ranged`, a puzzle with count ranges, untraced), behind
one small interface so `exact._search` drives either the same way."""

from __future__ import annotations

from typing import Any

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array, UInt64Array
from puzzleviz.solvers.cube.arrays import Bitboard
from puzzleviz.solvers.cube.kernels import exact as K
from puzzleviz.solvers.cube.kernels import packed as KP
from puzzleviz.solvers.cube.kernels import ranged as KR
from puzzleviz.solvers.cube.tables import ExactTables
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.reading import size_text
from puzzleviz.solvers.tracer import Tracer

Root = tuple[Int64Array, Bitboard, UInt64Array, Int32Array]
"""Where a run starts (exact._root_state): the pieces left per type, the occupied cells, the
slab parity, and the placements still possible."""
Captions = tuple[Int32Array, Int32Array, Int32Array, Int32Array]
"""The traced kernel's caption ids (exact._captions): per cell and type, per type, per
dead end and type, per solution."""

SOLUTION_CHUNK = 4096
# The kernels keep, for every level of the search, the placements still alive and the ones
# tried: levels (pieces left) x placements entries. A 16x16x16 box of 4,093 pieces has 85,000
# placements, 2.8 GB; a puzzle worth watching needs a few MB.
MAX_RUN_BYTES = 512 << 20


def check_run_size(levels: int, placements: int, entry_bytes: int) -> None:
    """Refuse, before allocating, a search whose per-level tables would outgrow
    MAX_RUN_BYTES, saying what makes them large."""
    need = levels * placements * entry_bytes
    if need > MAX_RUN_BYTES:
        raise PuzzleInputError(
            f"the exact search would need {size_text(need)} for its tables ({levels - 1:,} "
            f"pieces to place x {placements:,} placements), more than the "
            f"{size_text(MAX_RUN_BYTES)} it may take: use larger pieces or a smaller box"
        )


def tree_fraction(depth: int, done: bool, pos: Int64Array, nbranch: Int64Array) -> float:
    """How far a depth-first search is through its tree, judged by its place among the
    choices at each level above it (Knuth's estimate: each choice an equal share)."""
    if done:
        return 1.0
    fraction, share = 0.0, 1.0
    for k in range(depth):
        if nbranch[k] <= 0:
            break
        share /= nbranch[k]
        fraction += max(int(pos[k]) - 1, 0) * share
    return fraction


def uses_packed(tables: ExactTables, tracer: Tracer) -> bool:
    """The one-word kernel serves untraced searches of spaces of at most 64 cells."""
    return tables.placements.words == 1 and not tracer.enabled


Stack = tuple[Int32Array, Int64Array, Int32Array, Int64Array, Int64Array, Int64Array,
              Int64Array, Int64Array]  # fmt: skip


def _search_stack(n_left: int, n_placements: int, free: Any, kernel: Any, nodes: int) -> Stack:
    """The resumable search's stack below one root, one row per depth, as the fixed-count
    and the count-range kernels both keep it: alive placements and their count, branches
    and their count, the branch reached, the branch taken, the solution buffer, and
    `kernel`'s registers with the node budget set."""
    check_run_size(n_left + 1, n_placements, 2 * 4)  # alive and branches, int32 each
    alive = np.empty((n_left + 1, n_placements), dtype=np.int32)
    alive[0, : len(free)] = free
    nalive = np.zeros(n_left + 1, dtype=np.int64)
    nalive[0] = len(free)
    branches = np.empty((n_left + 1, n_placements), dtype=np.int32)
    regs = np.zeros(kernel.N_REGS, dtype=np.int64)
    regs[kernel.R_NODES] = nodes
    return (alive, nalive, branches, np.zeros(n_left + 1, dtype=np.int64),
            np.zeros(n_left + 1, dtype=np.int64), np.zeros(n_left + 1, dtype=np.int64),
            np.zeros((SOLUTION_CHUNK, n_left), dtype=np.int64), regs)  # fmt: skip


class PlainRun:
    """The general kernel below one root (see `kernels.exact`)."""

    def __init__(
        self,
        tables: ExactTables,
        root: Root,
        n_left: int,
        tracer: Tracer,
        captions: Captions,
        nodes: int,
    ) -> None:
        pl = tables.placements
        self.tables, self.tracer, self.captions = tables, tracer, captions
        self.counts, self.occ, self.par, free = root
        (
            self.alive,
            self.nalive,
            self.branches,
            self.nbranch,
            self.pos,
            self.chosen,
            self.sol_out,
            self.regs,
        ) = _search_stack(n_left, pl.n, free, K, nodes)
        self.branch_cell = np.zeros(n_left + 1, dtype=np.int64)
        self.ms_solution = tracer.intern("solution")

    def step(self, budget: int, want: int) -> None:
        t, pl, tracer = self.tables, self.tables.placements, self.tracer
        cap_try, cap_piece, cap_back, cap_solution = self.captions
        total = np.array([ty.count for ty in t.puzzle.types], dtype=np.int64)
        buf = tracer.kernel_buffer()
        K.exact_search(
            pl.masks, pl.cells, pl.volume, pl.type, pl.pose, t.parity.flips,
            t.parity.max_flips, t.unit, t.puzzle.first_instance, total, t.full,
            self.counts, self.alive, self.nalive, self.branches, self.nbranch, self.branch_cell,
            self.pos, self.chosen, self.occ, self.par, self.regs, self.sol_out, budget, want,
            tracer.enabled, buf, cap_try, cap_piece, cap_back, self.ms_solution, cap_solution,
        )  # fmt: skip
        tracer.absorb(buf)

    def fraction(self) -> float:
        done = self.regs[K.R_PHASE] == K.PHASE_DONE
        return tree_fraction(int(self.regs[K.R_DEPTH]), done, self.pos, self.nbranch)


class PackedRun:
    """The one-word kernel below one root (see `kernels.packed`)."""

    def __init__(
        self,
        tables: ExactTables,
        root: Root,
        n_left: int,
        nodes: int,
    ) -> None:
        pl, puzzle = tables.placements, tables.puzzle
        self.tables = tables
        counts, occ, par, free = root
        self.counts = counts
        self.full = np.uint64(tables.full[0])
        rows = n_left + 2
        check_run_size(rows, len(free), 8 + 4 + 4)  # amask, aid and branches
        free = free[np.argsort(pl.type[free], kind="stable")]  # grouped by type
        self.amask = np.empty((rows, max(len(free), 1)), dtype=np.uint64)
        self.aid = np.empty((rows, max(len(free), 1)), dtype=np.int32)
        self.amask[0, : len(free)] = pl.masks[free, 0]
        self.aid[0, : len(free)] = free
        n_types = len(puzzle.types)
        self.seg = np.zeros((rows, n_types + 1), dtype=np.int64)
        self.seg[0] = np.searchsorted(pl.type[free], np.arange(n_types + 1))
        self.occ = np.zeros(rows, dtype=np.uint64)
        self.occ[0] = occ[0]
        self.par = np.zeros((rows, 3), dtype=np.uint64)
        self.par[0] = par
        self.limit = np.zeros((rows, 3), dtype=np.int64)
        self.limit[0] = counts @ tables.parity.max_flips
        self.branches = np.empty((rows, max(len(free), 1)), dtype=np.int32)
        self.nbranch = np.zeros(rows, dtype=np.int64)
        self.pos = np.zeros(rows, dtype=np.int64)
        self.chosen = np.zeros(n_left, dtype=np.int64)
        self.sol_out = np.zeros((SOLUTION_CHUNK, n_left), dtype=np.int64)
        self.regs = np.zeros(KP.N_REGS, dtype=np.int64)
        self.regs[KP.R_NODES] = nodes

    def step(self, budget: int, want: int) -> None:
        t = self.tables
        KP.packed_search(
            t.placements.type, t.parity.flips, t.parity.max_flips, t.unit, self.full,
            self.counts, self.amask, self.aid, self.seg, self.occ, self.par, self.limit,
            self.branches, self.nbranch, self.pos, self.chosen, self.regs,
            self.sol_out, budget, want,
        )  # fmt: skip

    def fraction(self) -> float:
        done = self.regs[KP.R_PHASE] == KP.PHASE_DONE
        depth = max(int(self.regs[KP.R_DEPTH]), 0)
        return tree_fraction(depth, done, self.pos[1:], self.nbranch[1:])


class RangedRun:
    """The count-range kernel below one root (see `kernels.ranged`): rows of the solution
    buffer are `n_left` wide, padded with the placement count."""

    def __init__(self, tables: ExactTables, root: Root, n_left: int, nodes: int) -> None:
        pl, puzzle = tables.placements, tables.puzzle
        self.tables = tables
        self.left, self.occ, self.par, free = root
        most = np.array([t.count for t in puzzle.types], dtype=np.int64)
        self.need = np.array(puzzle.minimum, dtype=np.int64) - (most - self.left)
        (
            self.alive,
            self.nalive,
            self.branches,
            self.nbranch,
            self.pos,
            self.chosen,
            self.sol_out,
            self.regs,
        ) = _search_stack(n_left, pl.n, free, KR, nodes)

    def step(self, budget: int, want: int) -> None:
        t, pl = self.tables, self.tables.placements
        KR.ranged_search(
            pl.masks, pl.cells, pl.volume, pl.type, t.parity.flips, t.parity.max_flips,
            t.unit, t.full, pl.n, self.left, self.need, self.alive, self.nalive, self.branches,
            self.nbranch, self.pos, self.chosen, self.occ, self.par, self.regs, self.sol_out,
            budget, want,
        )  # fmt: skip

    def fraction(self) -> float:
        done = self.regs[KR.R_PHASE] == KR.PHASE_DONE
        return tree_fraction(int(self.regs[KR.R_DEPTH]), done, self.pos, self.nbranch)

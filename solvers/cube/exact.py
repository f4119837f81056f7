"""The exact solver: every filling of the box, found once each (see `kernels.exact`)."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import numpy as np

from solvers.cube.bounds import SlabParity, slab_parity
from solvers.cube.kernels import exact as K
from solvers.cube.model import Place
from solvers.cube.placements import Placements, build_placements
from solvers.cube.puzzle import CubePuzzle
from solvers.cube.results import CubeResult
from solvers.cube.solution import Solution
from solvers.progress import Progress
from solvers.tracer import NULL_TRACER, Tracer

EXACT_COUNTERS = ("nodes", "depth", "solutions", "options")
NODE_BUDGET = 200_000  # nodes per kernel call between progress updates (~0.2 s)
SOLUTION_CHUNK = 4096
MAX_CELL_CAPTIONS = 20_000


@dataclasses.dataclass(frozen=True)
class ExactTables:
    puzzle: CubePuzzle
    placements: Placements
    parity: SlabParity
    unit: np.ndarray  # (T,) bool: types of volume 1 (unit cubes and holes)
    full: np.ndarray  # (words,) uint64: the box's cells


@lru_cache(maxsize=16)
def exact_tables(puzzle: CubePuzzle) -> ExactTables:
    placements = build_placements(puzzle)
    full = np.zeros(placements.words, dtype=np.uint64)
    for c in range(puzzle.n_cells):
        full[c >> 6] |= np.uint64(1) << np.uint64(c & 63)
    return ExactTables(
        puzzle=puzzle,
        placements=placements,
        parity=slab_parity(puzzle, placements),
        unit=np.array([t.volume == 1 for t in puzzle.types], dtype=np.bool_),
        full=full,
    )


def _captions(puzzle: CubePuzzle, tracer: Tracer) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n_types = len(puzzle.types)
    cap_try = np.full((puzzle.n_cells, n_types), -1, dtype=np.int32)
    cap_back = np.full((5, n_types), -1, dtype=np.int32)
    cap_solution = np.full(100, -1, dtype=np.int32)
    if not tracer.enabled:
        return cap_try, cap_back, cap_solution
    per_cell = puzzle.n_cells * n_types <= MAX_CELL_CAPTIONS
    for t, ptype in enumerate(puzzle.types):
        a = f"a {ptype.name}" if not ptype.is_hole else "an empty cell"
        for c in range(puzzle.n_cells):
            if per_cell:
                x, y, z = puzzle.cell_xyz(c)
                text = f"Cell ({x},{y},{z}) has the fewest options: try {a} there"
            else:
                text = f"Fill the cell with the fewest options: try {a} there"
            cap_try[c, t] = tracer.intern(text)
        the = f"the {ptype.name}" if not ptype.is_hole else "the empty cell"
        reasons = {
            K.WHY_EXHAUSTED: f"Nothing below it works: take {the} back out",
            K.WHY_UNCOVERABLE: f"Dead end, a cell can no longer be filled: take {the} back out",
            K.WHY_UNITS: f"Dead end, too many cells only a unit cube fits: take {the} back out",
            K.WHY_PARITY: f"Dead end, too many slabs with an odd number of empty cells: "
            f"take {the} back out",
            K.WHY_SOLUTION: f"Solution noted: take {the} back out to look for more",
        }
        for why, text in reasons.items():
            cap_back[why, t] = tracer.intern(text)
    for s in range(cap_solution.shape[0]):
        cap_solution[s] = tracer.intern(f"Solution {s + 1}: every cell is filled")
    return cap_try, cap_back, cap_solution


def solve_exact(
    puzzle: CubePuzzle,
    *,
    max_solutions: int = 0,
    tracer: Tracer = NULL_TRACER,
    progress: Progress | None = None,
    node_limit: int | None = None,
) -> CubeResult:
    """All fillings (or the first `max_solutions` if > 0), searching at most about
    `node_limit` nodes (None: no limit; checked between kernel calls of NODE_BUDGET nodes).
    With a recording tracer, every placement and removal is an event, each in a step, with
    a milestone per solution."""
    tables = exact_tables(puzzle)
    pl = tables.placements
    n_pieces = puzzle.n_pieces
    total = np.array([t.count for t in puzzle.types], dtype=np.int64)
    counts = total.copy()
    alive = np.empty((n_pieces + 1, pl.n), dtype=np.int32)
    alive[0] = np.arange(pl.n, dtype=np.int32)
    nalive = np.zeros(n_pieces + 1, dtype=np.int64)
    nalive[0] = pl.n
    branches = np.empty((n_pieces + 1, pl.n), dtype=np.int32)
    nbranch = np.zeros(n_pieces + 1, dtype=np.int64)
    branch_cell = np.zeros(n_pieces + 1, dtype=np.int64)
    pos = np.zeros(n_pieces + 1, dtype=np.int64)
    chosen = np.zeros(n_pieces + 1, dtype=np.int64)
    occ = np.zeros(pl.words, dtype=np.uint64)
    par = tables.parity.start.copy()
    regs = np.zeros(K.N_REGS, dtype=np.int64)
    sol_out = np.zeros((SOLUTION_CHUNK, n_pieces), dtype=np.int64)
    cap_try, cap_back, cap_solution = _captions(puzzle, tracer)
    ms_solution = tracer.intern("solution")
    found: list[np.ndarray] = []
    stopped = False
    while regs[K.R_PHASE] != K.PHASE_DONE:
        if node_limit is not None and regs[K.R_NODES] >= node_limit:
            stopped = True
            break
        buf = tracer.kernel_buffer()
        K.exact_search(
            pl.masks, pl.type, pl.pose, tables.parity.flips, tables.parity.max_flips,
            tables.unit, puzzle.first_instance, total, tables.full,
            counts, alive, nalive, branches, nbranch, branch_cell, pos, chosen, occ, par, regs,
            sol_out, NODE_BUDGET, max_solutions,
            tracer.enabled, buf, cap_try, cap_back, ms_solution, cap_solution,
        )  # fmt: skip
        tracer.absorb(buf)
        stored = int(regs[K.R_STORED])
        if stored:
            found.append(sol_out[:stored].copy())
            regs[K.R_STORED] = 0
        if progress is not None:
            progress.update(int(regs[K.R_NODES]))
    rows = np.concatenate(found) if found else np.zeros((0, n_pieces), dtype=np.int64)
    solutions = [
        Solution(tuple(sorted((int(pl.type[p]), int(pl.pose[p])) for p in row))) for row in rows
    ]
    count = int(regs[K.R_SOLUTIONS])
    complete = not (max_solutions > 0 and count >= max_solutions) and not stopped
    result = CubeResult(puzzle, solutions, count, int(regs[K.R_NODES]), complete, stopped)
    if tracer.enabled and complete:
        record_summary(tracer, result)
    return result


def record_summary(tracer: Tracer, result: CubeResult) -> None:
    """End a complete search on what it found, not on its last take-back (an empty box):
    one step with the count and the nodes, that fills the box with the first solution."""
    count, puzzle = result.count, result.puzzle
    tracer.step(
        f"Finished: {count:,} filling{'' if count == 1 else 's'}, {result.nodes:,} nodes "
        "searched" + (": here is solution 1" if count else "")
    )
    if not result.solutions:
        return
    used = [0] * len(puzzle.types)
    for t, pose in result.solutions[0].pieces:
        tracer.emit(Place(int(puzzle.first_instance[t]) + used[t], pose))
        used[t] += 1

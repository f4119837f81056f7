"""The exact solver: every filling of the box, found once each (see `kernels.exact`), or
about one per symmetry class and the rest by symmetry (see `breaking` and `classes`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np
from puzzleviz.solvers.cube.arrays import FillingRows
from puzzleviz.solvers.cube.breaking import Roots, symmetry_roots
from puzzleviz.solvers.cube.classes import every_filling, one_per_class
from puzzleviz.solvers.cube.group import puzzle_group
from puzzleviz.solvers.cube.kernels import exact as K
from puzzleviz.solvers.cube.model import Place
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.results import CubeResult, SolutionRows
from puzzleviz.solvers.cube.runs import (
    Captions,
    PackedRun,
    PlainRun,
    RangedRun,
    Root,
    check_run_size,
    uses_packed,
)
from puzzleviz.solvers.cube.tables import ExactTables, exact_tables
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import N_, msg, nmsg
from puzzleviz.solvers.interrupt import raise_if_stopped
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer

EXACT_COUNTERS = ("nodes", "depth", "solutions", "options")
NODE_BUDGET = 200_000  # nodes per kernel call between progress updates (~0.2 s)
MAX_CELL_CAPTIONS = 20_000
PROGRESS_STEPS = 1000  # the bar counts thousandths of the search tree
# Roots of one process's search: each costs its set-up in Python (about 0.1 ms, and the
# split that made it more), and past a few hundred the symmetries left are too few to save
# that. The seed's cube: 2,475 roots 0.36 s, 200 roots 0.07 s; Conway (0.7 s), Soma and
# Bedlam (44 s) the same or faster. Split runs keep breaking.MAX_ROOTS (parts to share out).
SEARCH_ROOTS = 200


# Captions as messages (solvers.i18n), [a piece, an empty cell]: one sentence each.
_TRY_CELL = (
    N_("Cell ({x},{y},{z}) has the fewest options: try a {piece} there"),
    N_("Cell ({x},{y},{z}) has the fewest options: try an empty cell there"),
)
_TRY = (
    N_("Fill the cell with the fewest options: try a {piece} there"),
    N_("Fill the cell with the fewest options: try an empty cell there"),
)
_BACK = {
    K.WHY_EXHAUSTED: (N_("Nothing below it works: take the {piece} back out"),
                      N_("Nothing below it works: take the empty cell back out")),
    K.WHY_UNCOVERABLE: (N_("Dead end, a cell can no longer be filled: take the {piece} back out"),
                        N_("Dead end, a cell can no longer be filled: take the empty cell back "
                           "out")),
    K.WHY_UNITS: (N_("Dead end, too many cells only a unit cube fits: take the {piece} back out"),
                  N_("Dead end, too many cells only a unit cube fits: take the empty cell back "
                     "out")),
    K.WHY_PARITY: (N_("Dead end, too many slabs with an odd number of empty cells: take the "
                      "{piece} back out"),
                   N_("Dead end, too many slabs with an odd number of empty cells: take the "
                      "empty cell back out")),
    K.WHY_SOLUTION: (N_("Solution noted: take the {piece} back out to look for more"),
                     N_("Solution noted: take the empty cell back out to look for more")),
    K.WHY_NO_PLACE: (N_("Dead end, a piece no longer fits anywhere: take the {piece} back out"),
                     N_("Dead end, a piece no longer fits anywhere: take the empty cell back "
                        "out")),
}  # fmt: skip


def _captions(puzzle: CubePuzzle, tracer: Tracer) -> Captions:
    n_types = len(puzzle.types)
    cap_try = np.full((puzzle.n_cells, n_types), -1, dtype=np.int32)
    cap_back = np.full((K.N_WHY, n_types), -1, dtype=np.int32)
    cap_piece = np.full(n_types, -1, dtype=np.int32)
    cap_solution = np.full(100, -1, dtype=np.int32)
    if not tracer.enabled:
        return cap_try, cap_piece, cap_back, cap_solution
    per_cell = puzzle.n_cells * n_types <= MAX_CELL_CAPTIONS
    for t, ptype in enumerate(puzzle.types):
        hole, piece = int(ptype.is_hole), ptype.name
        for c in range(puzzle.n_cells):
            if per_cell:
                x, y, z = puzzle.cell_xyz(c)
                text = msg(_TRY_CELL[hole], x=x, y=y, z=z, piece=piece)
            else:
                text = msg(_TRY[hole], piece=piece)
            cap_try[c, t] = tracer.intern(text)
        cap_piece[t] = tracer.intern(
            msg("The {piece} has the fewest places left: try one", piece=piece)
        )
        for why, texts in _BACK.items():
            cap_back[why, t] = tracer.intern(msg(texts[hole], piece=piece))
    for s in range(cap_solution.shape[0]):
        cap_solution[s] = tracer.intern(
            msg("Solution {number}: every cell is filled", number=s + 1)
        )
    return cap_try, cap_piece, cap_back, cap_solution


@dataclasses.dataclass
class _Searched:
    rows: FillingRows  # found
    count: int  # fillings counted, each weighted by its root
    nodes: int
    stopped: bool  # at the node limit
    finished: bool  # every root searched to its end (not cut at max_solutions)


def _root_state(tables: ExactTables, fixed: tuple[int, ...]) -> Root:
    """counts left, occupied cells, slab parity and alive placements once `fixed` is in."""
    pl, puzzle = tables.placements, tables.puzzle
    counts = np.array([t.count for t in puzzle.types], dtype=np.int64)
    occ = np.zeros(pl.words, dtype=np.uint64)
    par = tables.parity.start.copy()
    for p in fixed:
        counts[pl.type[p]] -= 1
        occ |= pl.masks[p]
        par ^= tables.parity.flips[p]
    free = ~(pl.masks & occ).any(axis=1) & (counts[pl.type] > 0)
    return counts, occ, par, np.flatnonzero(free).astype(np.int32)


def _enough(puzzle: CubePuzzle, left: np.ndarray) -> bool:
    """Has every type its fewest copies, with `left` copies of each still unplaced?"""
    if not puzzle.ranged:
        return True
    placed = np.array([t.count for t in puzzle.types]) - left
    return bool((placed >= np.array(puzzle.minimum)).all())


def _search(
    tables: ExactTables,
    roots: Roots,
    *,
    max_solutions: int,
    tracer: Tracer,
    progress: Progress | None,
    node_limit: int | None,
) -> _Searched:
    """The exact-cover kernel below each root in turn."""
    puzzle = tables.puzzle
    n_pieces = puzzle.n_pieces
    captions = _captions(puzzle, tracer)
    packed = uses_packed(tables, tracer)
    found: list[FillingRows] = []
    count = nodes = 0
    stopped = False
    for r, fixed in enumerate(roots.placements):
        counts, occ, par, free = _root_state(tables, fixed)
        n_left = n_pieces - len(fixed)
        whole = np.array_equal(occ, tables.full)
        if n_left == 0 or (puzzle.ranged and whole):  # the root is a whole filling, or nothing
            if whole and _enough(puzzle, counts):
                pad = [tables.placements.n] * n_left  # a ranged row's padding
                found.append(np.array([sorted(fixed) + pad], dtype=np.int64))
                count += int(roots.weights[r])
            continue
        root = (counts, occ, par, free)
        run: PlainRun | PackedRun | RangedRun
        if puzzle.ranged:
            run = RangedRun(tables, root, n_left, nodes)
        elif packed:
            run = PackedRun(tables, root, n_left, nodes)
        else:
            run = PlainRun(tables, root, n_left, tracer, captions, nodes)
        regs = run.regs
        want = max_solutions - count if max_solutions > 0 else 0
        while regs[K.R_PHASE] != K.PHASE_DONE:
            if node_limit is not None and regs[K.R_NODES] >= node_limit:
                stopped = True
                break
            run.step(NODE_BUDGET, want)
            stored = int(regs[K.R_STORED])
            if stored:
                rows = np.concatenate(
                    [np.broadcast_to(np.array(fixed, dtype=np.int64), (stored, len(fixed))),
                     run.sol_out[:stored]], axis=1)  # fmt: skip
                found.append(np.sort(rows, axis=1))
                regs[K.R_STORED] = 0
            if progress is not None:
                done = (r + run.fraction()) / roots.n
                progress.update(int(done * PROGRESS_STEPS), f"{int(regs[K.R_NODES]):,} nodes")
            raise_if_stopped()
        nodes = int(regs[K.R_NODES])
        count += int(regs[K.R_SOLUTIONS]) * int(roots.weights[r])
        if stopped or (max_solutions > 0 and count >= max_solutions):
            break
    rows = np.concatenate(found) if found else np.zeros((0, n_pieces), dtype=np.int64)
    rows = rows.astype(np.int32)  # placement indices: half the memory of int64 rows
    finished = not stopped and not (max_solutions > 0 and count >= max_solutions)
    return _Searched(rows, count, nodes, stopped, finished)


def solve_exact(
    puzzle: CubePuzzle,
    *,
    max_solutions: int = 0,
    tracer: Tracer = NULL_TRACER,
    progress: Progress | None = None,
    node_limit: int | None = None,
    symmetry: bool = True,
    every: bool = True,
    searcher: Callable[..., _Searched] | None = None,
) -> CubeResult:
    """All fillings (or the first `max_solutions` if > 0), searching at most about
    `node_limit` nodes (None: no limit; checked between kernel calls of NODE_BUDGET nodes).

    With `symmetry` the search starts from the roots of `breaking` and finds about one
    filling per class, counting all of them exactly; `every` then expands the classes into
    every filling (otherwise the result lists one filling per class). The first solutions
    and a recorded search (a tracer that records) come from the plain search of the empty
    box, which visits every filling: the trace shows each one.
    With a recording tracer, every placement and removal is an event, each in a step, with
    a milestone per solution.
    `searcher` (a split run's, solvers.cube.split_parts) searches the roots in place of
    `_search`, with its arguments, when every solution is wanted and nothing is recorded."""
    if puzzle.ranged and tracer.enabled:
        raise PuzzleInputError("a search of pieces with count ranges is not recorded: give "
                               "every piece a fixed count to record one")  # fmt: skip
    if puzzle.ranged:
        searcher = None  # one process: split runs know fixed counts only
    tables = exact_tables(puzzle)
    check_run_size(puzzle.n_pieces + 1, tables.placements.n, 2 * 4)  # before the roots
    plain = max_solutions > 0 or tracer.enabled or not symmetry
    if plain:
        roots = Roots([()], np.ones(1, dtype=np.int64))
    else:
        roots = symmetry_roots(puzzle, tables.placements, puzzle_group(puzzle), SEARCH_ROOTS)
    if progress is not None:
        progress.total, progress.unit = PROGRESS_STEPS, "thousandths of the search"
    split = searcher is not None and max_solutions == 0 and not tracer.enabled
    search = searcher if split and searcher is not None else _search
    searched = search(tables, roots, max_solutions=max_solutions, tracer=tracer,
                       progress=progress, node_limit=node_limit)  # fmt: skip
    complete = searched.finished
    enumeration = None
    rows = searched.rows
    if complete and max_solutions == 0:
        group = puzzle_group(puzzle)
        enumeration = one_per_class(rows, group)
        if enumeration.count != searched.count:
            raise AssertionError(
                f"the classes hold {enumeration.count} fillings, the search counted "
                f"{searched.count}"
            )
        if every and plain:
            enumeration = None  # the plain search found every filling itself
        elif every:
            enumeration = every_filling(enumeration, group)
        if enumeration is not None:
            rows = enumeration.rows
    result = CubeResult(puzzle, SolutionRows(rows, tables.placements), searched.count,
                        searched.nodes, complete, searched.stopped, rows=rows,
                        enumeration=enumeration)  # fmt: skip
    if tracer.enabled and complete:
        record_summary(tracer, result)
    return result


def record_summary(tracer: Tracer, result: CubeResult) -> None:
    """End a complete search on what it found, not on its last take-back (an empty box):
    one step with the count and the nodes, that fills the box with the first solution."""
    count, puzzle = result.count, result.puzzle
    tracer.step(
        nmsg("Finished: {n:,} filling, {nodes:,} nodes searched: here is solution 1",
             "Finished: {n:,} fillings, {nodes:,} nodes searched: here is solution 1",
             count, nodes=result.nodes) if count else
        msg("Finished: no filling, {nodes:,} nodes searched", nodes=result.nodes)
    )  # fmt: skip
    if not result.solutions:
        return
    used = [0] * len(puzzle.types)
    for t, pose in result.solutions[0].pieces:
        tracer.emit(Place(int(puzzle.first_instance[t]) + used[t], pose))
        used[t] += 1

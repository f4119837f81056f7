"""Solving a digits puzzle exactly: setup, the traced numba search, symmetry, results.

    result = solve(default_puzzle(), "mesh")          # 48 solutions in 3 classes
    result = solve(puzzle, "half", tracer=recording)  # with a replayable trace

The search places one piece (the one with the fewest placements: the 8) only at one
position of each orbit under the frame's symmetries, and same-shaped pieces (the 2 and the
5, the 6 and the 9) in one order of their shapes only; then it maps what it finds by every
symmetry and swap. So it finds one solution per class (3 of the 48 on the mesh) and still
reaches every solution.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Callable, Sequence
from functools import cached_property, lru_cache, partial

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, Float64Array, Int32Array, Int64Array
from puzzleviz.solvers.digits import kernels
from puzzleviz.solvers.digits.arrays import PlacementBits, PlacementSets
from puzzleviz.solvers.digits.bands import Settle, fewest_rows, least_band_rows, one_by_one
from puzzleviz.solvers.digits.grid import Grid, check_granularity, resolution_of
from puzzleviz.solvers.digits.model import Place
from puzzleviz.solvers.digits.overlaps import placement_rows
from puzzleviz.solvers.digits.placements import PlacementTable, build_placements
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.digits.results import DigitsResult
from puzzleviz.solvers.digits.symmetry import (
    FrameSymmetry,
    Solution,
    SolutionClasses,
    congruent_swaps,
)
from puzzleviz.solvers.digits.waste import forced_waste, word_ranges
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import msg, nmsg
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped
from puzzleviz.solvers.kernel_trace import KernelBuffer, new_kernel_buffer
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer

SOLUTION_CAPACITY = 1 << 14
MEMO_ENTRIES = 1 << 22  # remembered subtrees (48 MB)
BAND_GRANULARITIES = ("half",)  # where the search builds the bottom-band table (bands.py)
BAND_TEST_NODES = 200_000  # per test of that table: beyond, "perhaps it fits"
NO_BANDS = np.zeros(0, dtype=np.int64)
STRATEGIES = {
    "constrained": kernels.STRATEGY_MOST_CONSTRAINED,
    "first-cell": kernels.STRATEGY_FIRST_CELL,
}


@dataclasses.dataclass(frozen=True, eq=False)
class SearchSetup:
    """Everything the kernel needs for one puzzle at one granularity, built once."""

    table: PlacementTable
    symmetry: FrameSymmetry
    symmetric_piece: int  # placed only at orbit representatives (-1: no symmetry used)
    allowed: BoolArray  # per placement
    blo: Int64Array  # per placement, its first and one-past-last non-zero word of `bits`
    bhi: Int64Array
    forced: PlacementBits  # per placement, the waste it forces (waste.py)
    flo: Int64Array  # the same word range of `forced`
    fhi: Int64Array
    cover: PlacementSets  # per cell, the placements over it (overlaps.py)
    overlap: PlacementSets  # per placement, the placements that overlap it
    twin_next: Int64Array  # per piece, the next piece of the same shape, or -1 (kernels.py)
    twin_prev: Int64Array
    rank: Int64Array  # per placement, its shape's number among its twins' shapes, or -1
    paired: bool  # every placement covers 0, 2 or 4 cells of each square (see kernels.py)
    top_row: Int64Array  # per placement, the first grid row it covers (bands.py)

    @property
    def granularity(self) -> str:
        return self.table.granularity

    @property
    def slack(self) -> int:
        return len(self.table.grid.frame_cells) - sum(
            len(o[0].cells) for o in self.table.grid.orientations
        )

    @cached_property
    def classes(self) -> SolutionClasses:
        return SolutionClasses(self.symmetry)

    @property
    def uses_bands(self) -> bool:
        """Is the search long enough to repay the bottom-band table (bands.py)? At half-block
        offsets it is: about 2 CPU minutes to build, for a search it cuts from an hour of CPU
        to half an hour."""
        return self.granularity in BAND_GRANULARITIES

    @property
    def needs_band_table(self) -> bool:
        """Does the search use a bottom-band table not built yet?"""
        return self.uses_bands and "band_rows" not in self.__dict__

    @cached_property
    def band_rows(self) -> np.ndarray:
        """The bottom-band table where the search uses one; elsewhere empty, and the kernel
        skips the check."""
        return self.build_bands()

    def build_bands(
        self,
        on_progress: Callable[[int, int], None] | None = None,
        settle: Settle | None = None,
    ) -> np.ndarray:
        """Build `band_rows` now (once: later calls return it), reporting progress; by
        default each set in turn here, or as `settle` has them settled (parallel.py)."""
        if not self.needs_band_table:
            built: Int64Array = self.__dict__.get("band_rows", NO_BANDS)
            return built
        rows = least_band_rows(
            len(self.table.piece_start) - 1,
            settle or one_by_one(partial(_fits_in_band, self), self.table.grid.height),
            skip=self.symmetric_piece,
            on_progress=on_progress,
        )
        self.__dict__["band_rows"] = rows  # where cached_property keeps it
        return rows


def prepare(
    puzzle: DigitsPuzzle,
    granularity: str,
    *,
    use_symmetry: bool = True,
    resolution: str | None = None,
) -> SearchSetup:
    """Build (once per puzzle, granularity and grid) what the kernel needs.

    `resolution` defaults to the granularity's own grid; "unit" also works for "mesh" and
    "block", which the tests use to check the half-block machinery against the block grid.
    """
    check_granularity(granularity)
    # Not sort_keys: the pieces' order is part of the puzzle (solutions and captions use it).
    key = json.dumps(puzzle.definition())
    return _prepare_cached(key, granularity, use_symmetry, resolution or resolution_of(granularity))


@lru_cache(maxsize=8)
def _prepare_cached(key: str, granularity: str, use_symmetry: bool, resolution: str) -> SearchSetup:
    puzzle = DigitsPuzzle.from_definition(json.loads(key))
    table = build_placements(Grid(puzzle, resolution), granularity)
    symmetry = FrameSymmetry(table)
    counts = table.counts()
    n_pieces = len(counts)
    twin_next = np.full(n_pieces, -1, dtype=np.int64)
    twin_prev = np.full(n_pieces, -1, dtype=np.int64)
    rank = np.full(table.n, -1, dtype=np.int64)
    if use_symmetry and symmetry.order > 1 and table.n:
        # The piece with the fewest placements: its orbits are the fewest branches to keep.
        symmetric_piece = min(range(len(counts)), key=lambda k: (counts[k], k))
        allowed = symmetry.orbit_representatives(symmetric_piece)
    else:
        symmetric_piece = -1
        allowed = np.ones(table.n, dtype=bool)
    if use_symmetry:
        for group in twin_groups(table, symmetric_piece):
            for a, b in itertools.pairwise(group):
                twin_next[a], twin_prev[b] = b, a
            shapes = sorted({table.bits[p].tobytes() for p in table.of_piece(group[0])})
            number = {shape: i for i, shape in enumerate(shapes)}
            for k in group:
                for p in table.of_piece(k):
                    rank[p] = number[table.bits[p].tobytes()]
    blo, bhi = word_ranges(table.bits)
    forced = forced_waste(table)
    flo, fhi = word_ranges(forced)
    cover, overlap = placement_rows(table.cells, table.grid.n_cells)
    return SearchSetup(
        table=table,
        symmetry=symmetry,
        symmetric_piece=symmetric_piece,
        allowed=allowed,
        blo=blo,
        bhi=bhi,
        forced=forced,
        flo=flo,
        fhi=fhi,
        cover=cover,
        overlap=overlap,
        twin_next=twin_next,
        twin_prev=twin_prev,
        rank=rank,
        paired=bool(_even_quads(table.bits).all() and _even_quads(table.frame_bits[None]).all()),
        top_row=_top_rows(table),
    )


def _top_rows(table: PlacementTable) -> np.ndarray:
    rows = np.where(table.cells >= 0, table.cells // 4 // table.grid.width, 1 << 30)
    return rows.min(axis=1).astype(np.int64) if table.n else np.zeros(0, dtype=np.int64)


def band_entry(setup: SearchSetup, mask: int, low: int, table: np.ndarray) -> int:
    """One entry of the setup's bottom-band table: the fewest rows, from `low` up, that the
    pieces in `mask` fit into, given the entries of their subsets in `table`."""
    fits = partial(_fits_in_band, setup)
    return fewest_rows(fits, mask, low, setup.table.grid.height, table)


def _fits_in_band(setup: SearchSetup, mask: int, rows: int, band_rows: np.ndarray) -> bool:
    """May the pieces in `mask` go together into the frame's bottom `rows` rows? A search
    with only them present, stopped at the first packing or after BAND_TEST_NODES nodes
    (then: perhaps, so True)."""
    table = setup.table
    present = np.array([bool(mask >> k & 1) for k in range(len(table.piece_start) - 1)])
    allowed = setup.allowed & present[table.piece] & (setup.top_row >= table.grid.height - rows)
    mirror = setup.symmetry.row_mirror
    alone = [
        int(k) for k in np.flatnonzero(present) if setup.twin_next[k] < 0 and setup.twin_prev[k] < 0
    ]
    if mirror is not None and alone:
        # The band is kept by the left-right mirror, so one piece without a twin may keep to
        # one placement of each mirror pair: a packing or its mirror image does (and then
        # its twins swapped into their order). It halves the test.
        k = max(alone, key=lambda k: int(allowed[table.of_piece(k)].sum()))
        span = slice(table.piece_start[k], table.piece_start[k + 1])
        allowed[span] &= np.arange(span.start, span.stop) <= mirror[span]
    area = sum(len(o[0].cells) for k, o in enumerate(table.grid.orientations) if present[k])
    slack = len(table.grid.frame_cells) - area
    n_pieces = len(present)
    result = np.zeros(6, dtype=np.int64)
    _call_kernel(
        setup, allowed, present, slack, -1, 0, 1 << 62, 1, BAND_TEST_NODES,
        kernels.STRATEGY_FIRST_CELL, Memo(1 << 16), np.array([-1.0, 0.0]),
        np.zeros((1, n_pieces), dtype=np.int64), np.zeros(n_pieces + slack + 2, np.int64),
        False, new_kernel_buffer(0, 1, len(kernels.COUNTERS)),
        np.zeros(4 + n_pieces, dtype=np.int32), result, band_rows,
    )  # fmt: skip
    return bool(result[kernels.R_SOLUTIONS] > 0 or result[kernels.R_STOPPED])


def _even_quads(words: np.ndarray) -> np.ndarray:
    """Per row: does each group of four cells (4g to 4g + 3) hold an even number of bits?
    On the unit grid a group is a square, and a block triangle covers half of a square or
    all of it, so a piece leaves an even number of each square's cells to the others."""
    x = words ^ (words >> np.uint64(1))
    x ^= x >> np.uint64(2)
    even: BoolArray = (x & np.uint64(0x1111111111111111) == 0).all(axis=1)
    return even


def twin_groups(table: PlacementTable, symmetric_piece: int) -> list[list[int]]:
    """Groups of pieces with exactly the same placements (as cell sets), whose order the
    search may fix. Not the piece kept to orbit representatives: fixing both at once could
    miss packings, as a swap would move that piece off its representative."""
    out = []
    for group in congruent_swaps(table):
        if symmetric_piece in group:
            continue
        shapes = [{table.bits[p].tobytes() for p in table.of_piece(k)} for k in group]
        if all(shape == shapes[0] for shape in shapes) and len(shapes[0]) == len(
            table.of_piece(group[0])
        ):
            out.append(group)
    return out


def swap_twins(setup: SearchSetup, solutions: Sequence[Solution]) -> list[Solution]:
    """Every relabeling of the given solutions among same-shaped pieces (the search kept one)."""
    table = setup.table
    groups = [
        [int(k) for k in range(len(setup.twin_next)) if _chain_start(setup, k) == start]
        for start in range(len(setup.twin_next))
        if setup.twin_prev[start] < 0 and setup.twin_next[start] >= 0
    ]
    if not groups:
        return list(solutions)
    where = {(int(table.piece[p]), table.bits[p].tobytes()): p for p in range(table.n)}
    out = []
    for solution in solutions:
        for choice in itertools.product(*(itertools.permutations(g) for g in groups)):
            new = list(solution)
            for group, image in zip(groups, choice, strict=True):
                for src, dst in zip(group, image, strict=True):
                    new[dst] = where[(dst, table.bits[solution[src]].tobytes())]
            out.append(tuple(new))
    return out


def _chain_start(setup: SearchSetup, k: int) -> int:
    while setup.twin_prev[k] >= 0:
        k = int(setup.twin_prev[k])
    return k if setup.twin_next[k] >= 0 or setup.twin_prev[k] >= 0 else -1


class Memo:
    """The kernel's table of positions searched without a solution (see kernels.py). One
    table may serve several searches of the same setup (root choices searched one after
    another in a worker process): a position is a position, whichever root led to it."""

    def __init__(self, entries: int = MEMO_ENTRIES):
        self.keys = np.zeros((entries, 2), dtype=np.uint64)
        self.solutions = np.zeros(entries, dtype=np.int64)


def every_solution(setup: SearchSetup, found: Sequence[Solution]) -> tuple[Solution, ...]:
    """What the search found, with the images under the frame's symmetries and the swaps
    of same-shaped pieces that it left out (it searches one of each)."""
    if setup.symmetric_piece >= 0:
        return tuple(setup.symmetry.expand(swap_twins(setup, found)))
    return tuple(sorted(set(swap_twins(setup, found))))


def solve(
    puzzle: DigitsPuzzle,
    granularity: str = "mesh",
    tracer: Tracer = NULL_TRACER,
    *,
    stop_after: int = 0,
    node_limit: int = 1 << 62,
    use_symmetry: bool = True,
    resolution: str | None = None,
    fixed: dict[int, int] | None = None,
    strategy: str = "first-cell",
    on_progress: Callable[[int, int], None] | None = None,
    roots: tuple[int, int] | None = None,
    memo: Memo | None = None,
    band_rows: np.ndarray | None = None,
) -> DigitsResult:
    """Find every packing (or stop after `stop_after` found by the search itself, or after
    `node_limit` search nodes: then `stopped_early` is set and the counts are partial).
    `fixed` maps pieces to the one placement they may take (as the post's CHECKs fix the 0
    and its partner); it turns the symmetry off, and `solutions` then are those found.
    `strategy` picks the cell to branch on: "first-cell" (the default: the first live cell
    in reading order) or "constrained" (a cell that only one or two placements can still
    cover, else the first live one). Either way, positions already searched are remembered
    (see kernels.py); filling in reading order meets the same positions far more often, which
    makes it the faster of the two (block offsets 33 s against 37 s, half offsets about 2x).

    `on_progress(done, total)` is called between the root's choices. `roots` = (lo, hi)
    searches only the root's choices lo .. hi - 1 (as on_progress counts them; hi is
    clipped to their number): a long search split into parts, for several processes or
    several sittings, whose solutions together are the whole search's. Parts searched one
    after another may share a `memo` (only for the same puzzle, granularity and `fixed`).
    `band_rows` is the setup's bottom-band table (bands.py), built once and handed to the
    parts searched in other processes; by default the setup builds it when first needed.
    """
    if strategy not in STRATEGIES:
        raise PuzzleInputError(f"unknown strategy {strategy!r} (choose {', '.join(STRATEGIES)})")
    if fixed:
        use_symmetry = False
    setup = prepare(puzzle, granularity, use_symmetry=use_symmetry, resolution=resolution)
    if fixed:
        allowed = setup.allowed.copy()
        for k, p in fixed.items():
            if not 0 <= p < setup.table.n or int(setup.table.piece[p]) != k:
                raise PuzzleInputError(f"placement {p} is not one of piece {k}")
            allowed[setup.table.of_piece(k).start : setup.table.of_piece(k).stop] = False
            allowed[p] = True
        setup = dataclasses.replace(setup, allowed=allowed)
    record = bool(tracer.enabled)
    labels = puzzle.labels
    captions = np.array(
        [
            tracer.intern(msg("Leave this triangle empty (it costs one of the spare triangles)")),
            tracer.intern(msg("Dead end: take back the last choices")),
            tracer.intern("solution"),
            tracer.intern(msg("All pieces fit: a solution")),
            tracer.intern(msg("Back to look for more: take back the last choices")),
            *(tracer.intern(msg("Place the {piece}", piece=label)) for label in labels),
        ],
        dtype=np.int32,
    )
    buf = tracer.kernel_buffer() if record else new_kernel_buffer(0, 1, len(kernels.COUNTERS))
    if record and buf.current.shape[0] != len(kernels.COUNTERS):
        raise ValueError(f"the tracer must declare the counters {kernels.COUNTERS}")
    result = np.zeros(6, dtype=np.int64)
    path = np.zeros(len(labels) + setup.slack + 2, dtype=np.int64)
    solutions = np.zeros((SOLUTION_CAPACITY, len(labels)), dtype=np.int64)
    _run(
        setup,
        STRATEGIES[strategy],
        stop_after,
        node_limit,
        solutions,
        path,
        record,
        buf,
        captions,
        result,
        on_progress,
        roots=roots,
        memo=memo,
        band_rows=band_rows,
    )
    if record:
        tracer.absorb(buf)
    if result[kernels.R_STORED] < result[kernels.R_SOLUTIONS]:
        # More solutions than room: search again, untraced, with room for all of them.
        solutions = np.zeros((int(result[kernels.R_SOLUTIONS]), len(labels)), dtype=np.int64)
        again = np.zeros(6, dtype=np.int64)
        quiet = new_kernel_buffer(0, 1, len(kernels.COUNTERS))
        _run(
            setup,
            STRATEGIES[strategy],
            stop_after,
            node_limit,
            solutions,
            path,
            False,
            quiet,
            captions,
            again,
            None,
            roots=roots,
            band_rows=band_rows,
        )
        result[kernels.R_STORED] = again[kernels.R_STORED]
    stored = int(result[kernels.R_STORED])
    found = tuple(tuple(int(p) for p in row) for row in solutions[:stored])
    all_solutions = every_solution(setup, found)
    depth = int(result[kernels.R_DEPTH])
    outcome = DigitsResult(
        setup=setup,
        found=found,
        solutions=all_solutions,
        nodes=int(result[kernels.R_NODES]),
        stopped_early=bool(result[kernels.R_STOPPED]),
        final_path=tuple(int(v) for v in path[:depth]),
        root_choices=int(result[kernels.R_ROOT_OPTIONS]),
    )
    if record and roots is None and not outcome.stopped_early:
        record_summary(tracer, outcome)
    return outcome


def record_summary(tracer: Tracer, result: DigitsResult) -> None:
    """End a complete search on what it found, not on its last take-back (which leaves an
    empty frame): one step with the count, the classes and the nodes, that puts the first
    solution back in the frame."""
    count, classes = result.count, len(result.classes)
    nodes = result.nodes
    if not count:
        caption = msg("Finished: no solution, {nodes:,} nodes searched", nodes=nodes)
    elif classes == 1:
        caption = nmsg(
            "Finished: {n:,} solution in 1 class, {nodes:,} nodes searched: here is solution 1",
            "Finished: {n:,} solutions in 1 class, {nodes:,} nodes searched: here is solution 1",
            count,
            nodes=nodes,
        )
    else:
        caption = msg(
            "Finished: {count:,} solutions in {classes:,} classes, {nodes:,} nodes searched: "
            "here is solution 1",
            count=count,
            classes=classes,
            nodes=nodes,
        )
    tracer.step(caption)
    if not count:
        return
    table = result.setup.table
    for placed, p in enumerate(result.representatives()[0], start=1):
        tracer.count(placed=placed)
        tracer.emit(Place(int(table.piece[p]), int(table.orientation[p]), int(table.x[p]),
                          int(table.y[p])))  # fmt: skip


def _run(
    setup: SearchSetup,
    strategy: int,
    stop_after: int,
    node_limit: int,
    solutions: Int64Array,
    path: Int64Array,
    record: bool,
    buf: KernelBuffer,
    captions: Int32Array,
    result: Int64Array,
    on_progress: Callable[[int, int], None] | None,
    probe: Float64Array | None = None,
    roots: tuple[int, int] | None = None,
    memo: Memo | None = None,
    band_rows: Int64Array | None = None,
) -> None:
    """One kernel call for the whole tree (or the `roots` range of the root's choices), or
    one per choice at the root to show progress."""
    present = np.ones(len(setup.table.piece_start) - 1, dtype=np.bool_)
    band_rows = setup.band_rows if band_rows is None else band_rows
    probe = np.array([-1.0, 0.0]) if probe is None else probe
    if probe[0] >= 0:
        memo = Memo(0)
    elif memo is None:
        memo = Memo()
    lo, end = roots if roots is not None else (0, 1 << 62)
    total = lo + 1  # until the first call says how many choices the root has
    while lo < min(total, end):
        hi = lo + 1 if on_progress else end
        _call_kernel(
            setup, setup.allowed, present, setup.slack, setup.symmetric_piece, lo, hi,
            stop_after, node_limit, strategy, memo, probe, solutions, path, record, buf,
            captions, result, band_rows,
        )  # fmt: skip
        total = int(result[kernels.R_ROOT_OPTIONS])
        lo = min(hi, total)
        if on_progress:
            on_progress(lo, min(total, end))
        if result[kernels.R_STOPPED]:
            return


def _call_kernel(
    setup: SearchSetup, allowed: BoolArray, present: BoolArray, slack: int, root_piece: int,
    lo: int, hi: int, stop_after: int, node_limit: int, strategy: int, memo: Memo,
    probe: Float64Array, solutions: Int64Array, path: Int64Array, record: bool,
    buf: KernelBuffer, captions: Int32Array, result: Int64Array, band_rows: Int64Array,
) -> None:  # fmt: skip
    table = setup.table
    kernels.run_kernel(
        table.bits, setup.blo, setup.bhi, setup.forced, setup.flo, setup.fhi, setup.cover,
        setup.overlap, table.piece, table.orientation, table.x, table.y, table.piece_start,
        setup.twin_next, setup.twin_prev, setup.rank, table.frame_bits, slack, setup.paired,
        allowed, present, root_piece, lo, hi, stop_after, node_limit, strategy, memo.keys,
        memo.solutions, probe, band_rows, setup.top_row, table.grid.height,
        solutions, path, record, buf, captions, result, current_control(),
    )  # fmt: skip
    raise_if_stopped()


def estimate_nodes(
    puzzle: DigitsPuzzle, granularity: str, probes: int = 1000, seed: int = 1
) -> tuple[float, float]:
    """Knuth's random-probe estimate of the search tree's size (without remembered
    positions): (mean, standard error). For planning long searches such as "half"."""
    setup = prepare(puzzle, granularity)
    n_pieces = len(puzzle.labels)
    solutions = np.zeros((1, n_pieces), dtype=np.int64)
    path = np.zeros(n_pieces + setup.slack + 2, dtype=np.int64)
    buf = new_kernel_buffer(0, 1, len(kernels.COUNTERS))
    captions = np.zeros(4 + n_pieces, dtype=np.int32)
    estimates = []
    for i in range(probes):
        probe = np.array([float(seed + i), 0.0])
        result = np.zeros(6, dtype=np.int64)
        _run(
            setup, kernels.STRATEGY_MOST_CONSTRAINED, 0, 1 << 62, solutions, path, False, buf,
            captions, result, None, probe, band_rows=NO_BANDS,
        )  # fmt: skip
        estimates.append(probe[1])
    values = np.array(estimates)
    return float(values.mean()), float(values.std(ddof=1) / np.sqrt(len(values)))

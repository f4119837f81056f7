"""Does a partial packing of the digits still complete? The question a quiz asks of a move
that is not the recorded one: is there a packing with these pieces where they lie?

The answer comes from the search's own kernel (kernels.run_kernel), run untraced from the
empty frame with each placed piece allowed only its one placement (as `exact.solve(fixed=)`
pins the post's pieces), every placement over a triangle the search chose to leave empty
struck out (so that triangle is dead: it counts against the spare triangles, as it did in
the recorded search), and no symmetry breaking (the fixed pieces break the symmetry). It
stops at the first packing. The kernel's bounds settle most questions in a few hundred
nodes; a search that has not decided after `NODE_LIMITS[granularity]` nodes (about a second:
early in a block or half-block search, where the search below one move runs for minutes)
answers None: undecided.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from puzzleviz.solvers.digits import kernels
from puzzleviz.solvers.digits.exact import NO_BANDS, Memo, SearchSetup, _call_kernel, prepare
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.kernel_trace import new_kernel_buffer

NODE_LIMIT = 60_000  # under a second of the kernel at block offsets
# the nodes of the unit grid (half-block offsets) cost about three times as much
NODE_LIMITS = {"mesh": NODE_LIMIT, "block": NODE_LIMIT, "half": NODE_LIMIT // 3}
MEMO_ENTRIES = 1 << 16  # positions remembered within one question (1.5 MB)


def setup_for(puzzle: DigitsPuzzle, granularity: str) -> SearchSetup:
    """The search tables without symmetry breaking: with pieces pinned, no placement of the
    8 may be skipped as the image of another."""
    return prepare(puzzle, granularity, use_symmetry=False)


def completes(
    setup: SearchSetup,
    fixed: dict[int, int],
    empty_cells: Iterable[int] = (),
    node_limit: int = NODE_LIMIT,
) -> bool | None:
    """True when some packing has piece k at placement `fixed[k]` for every k and covers
    none of `empty_cells`; False when none has; None when `node_limit` nodes did not tell.
    The fixed placements must not overlap (the caller checks)."""
    table = setup.table
    blocked = np.zeros(table.n_words, dtype=np.uint64)
    cells = np.fromiter(empty_cells, dtype=np.int64)
    for p in fixed.values():
        cells = np.concatenate([cells, table.cell_indices(p).astype(np.int64)])
    if cells.size:
        bits = np.left_shift(np.uint64(1), (cells & 63).astype(np.uint64))
        np.bitwise_or.at(blocked, cells >> 6, bits)
    allowed = setup.allowed & ~(table.bits & blocked).any(axis=1)
    for k, p in fixed.items():
        span = table.of_piece(k)
        allowed[span.start : span.stop] = False
        allowed[p] = True
    n_pieces = len(table.piece_start) - 1
    present = np.ones(n_pieces, dtype=np.bool_)
    result = np.zeros(6, dtype=np.int64)
    _call_kernel(
        setup, allowed, present, setup.slack, -1, 0, 1 << 62, 1, node_limit,
        kernels.STRATEGY_FIRST_CELL, Memo(MEMO_ENTRIES), np.array([-1.0, 0.0]),
        np.zeros((1, n_pieces), dtype=np.int64), np.zeros(n_pieces + setup.slack + 2, np.int64),
        False, new_kernel_buffer(0, 1, len(kernels.COUNTERS)),
        np.zeros(5 + n_pieces, dtype=np.int32), result, NO_BANDS,
    )  # fmt: skip
    if result[kernels.R_SOLUTIONS] > 0:
        return True
    return None if result[kernels.R_STOPPED] else False

"""How many of the frame's bottom rows each set of pieces needs: a bound for the search.

The search fills the frame from its top, so once a few pieces are down, the others must
all go into the rows below them. Area alone says they may: with 100 of the 396 triangles
to spare, the waste bound (waste.py) often leaves room for five or six pieces in a band of
12 or 13 rows of unit squares. But these pieces are 10 rows tall standing or 6 lying, and
six of them do not fit in fewer than 16 rows (18 wide) however they turn and interlock.
The search would find that out only by trying every way to place the next two pieces.

So, once per puzzle and granularity, for each set S of pieces: the fewest rows h such that
S fits into the frame's bottom h rows (rows height - h .. height - 1), found by the search
itself with only S present and only placements inside the band allowed, one test per h
from the bound its subsets give (a set needs at least the rows any of its subsets needs).
During the search, for each remaining piece k with its first possible row t_k, the pieces j
with t_j >= t_k can only go in rows t_k and below: if they need more rows than that band
has, the position is a dead end (kernels.py). The band is the frame's own bottom, whatever
its outline, so no translation is involved; the placed pieces in the band only make room
scarcer, so the check is sound.

Where the frame has a left-right mirror, it keeps the band, so each test keeps one piece
(one without a twin) to one placement of each mirror pair, which halves it. A test stopped
by its node limit counts as "fits" (the table then says a little less than it could, never
more), so a long test cannot make the table expensive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

# Above this many pieces the table (2 ** pieces entries) is not built.
MAX_PIECES = 14

# fits(pieces as a bit mask, rows, the table so far) -> may they go into the bottom rows?
FitsTest = Callable[[int, int, np.ndarray], bool]
# settle(jobs, the table so far) -> for each job (pieces as a bit mask, the rows its subsets
# need), (mask, the fewest rows it fits into), in any order: the sets of one size at a time,
# which do not depend on each other, so that worker processes may share them (parallel.py).
Settle = Callable[[list[tuple[int, int]], np.ndarray], Iterable[tuple[int, int]]]


def fewest_rows(fits: FitsTest, mask: int, low: int, height: int, table: np.ndarray) -> int:
    """The fewest rows from `low` up that the pieces in `mask` fit into (height + 1: none)."""
    rows = low
    while rows <= height and not fits(mask, rows, table):
        rows += 1
    return rows


def one_by_one(fits: FitsTest, height: int) -> Settle:
    """Settle each set in turn, in this process."""
    return lambda jobs, table: ((m, fewest_rows(fits, m, low, height, table)) for m, low in jobs)


def least_band_rows(
    n_pieces: int,
    settle: Settle,
    *,
    skip: int = -1,
    on_progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """Per bit mask of pieces, the fewest bottom rows they may fit into (height + 1: none).
    Sets holding the piece `skip` (placed at the root, before any band is asked about) get
    0, as does the empty set: no bound. The tests of a set may use the entries of its
    subsets, all settled before it. `on_progress(done, total)` hears of each set settled."""
    rows = np.zeros(1 << n_pieces, dtype=np.int64)
    if n_pieces > MAX_PIECES:
        return np.zeros(0, dtype=np.int64)
    total = (1 << n_pieces) - 1
    done = 0
    for size in range(1, n_pieces + 1):
        sets = [m for m in range(1, 1 << n_pieces) if m.bit_count() == size]
        jobs = []
        for mask in sets:
            if skip >= 0 and mask >> skip & 1:
                done += 1
                if on_progress:
                    on_progress(done, total)
                continue
            jobs.append((mask, max(int(rows[mask & ~(1 << k)]) for k in _members(mask))))
        for mask, fewest in settle(jobs, rows.copy()):
            rows[mask] = fewest
            done += 1
            if on_progress:
                on_progress(done, total)
    return rows


def _members(mask: int) -> list[int]:
    return [k for k in range(mask.bit_length()) if mask >> k & 1]

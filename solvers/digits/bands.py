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
has, the position is a dead end (kernel.py). The band is the frame's own bottom, whatever
its outline, so no translation is involved; the placed pieces in the band only make room
scarcer, so the check is sound.

A test stopped by its node limit counts as "fits" (the table then says a little less than
it could, never more), so a long test cannot make the table expensive.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

# Above this many pieces the table (2 ** pieces entries) is not built.
MAX_PIECES = 14

# fits(pieces as a bit mask, rows, the table so far) -> may they go into the bottom rows?
FitsTest = Callable[[int, int, np.ndarray], bool]


def least_band_rows(
    n_pieces: int,
    height: int,
    fits: FitsTest,
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
    order = sorted(range(1, 1 << n_pieces), key=lambda m: (m.bit_count(), m))
    for done, mask in enumerate(order, 1):
        if on_progress:
            on_progress(done, len(order))
        if skip >= 0 and mask >> skip & 1:
            continue
        h = max(int(rows[mask & ~(1 << k)]) for k in range(n_pieces) if mask >> k & 1)
        while h <= height and not fits(mask, h, rows):
            h += 1
        rows[mask] = h
    return rows

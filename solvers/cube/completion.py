"""Does a partial filling of the box still complete? The question a quiz asks of a move that
is not the recorded one: is there a filling with these pieces where they lie?

The exact search's own kernel answers it (exact._search, the plain search below one root
whose fixed placements are the pieces in the box), stopped at the first filling. The seed's
cube is searched whole in well under a second (every filling, no symmetry used), so every
question on it is settled; larger puzzles (BurrTools' bedlam cube) may not be settled below
an early move within `NODE_LIMIT` nodes (about a second): then the answer is None,
undecided. The kernel looks at the limit between chunks of exact.NODE_BUDGET nodes, so it
may run one chunk past it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.cube.breaking import Roots
from puzzleviz.solvers.cube.exact import _search
from puzzleviz.solvers.cube.tables import ExactTables
from puzzleviz.solvers.tracer import NULL_TRACER

NODE_LIMIT = 1_000_000


def completes(
    tables: ExactTables, fixed: Sequence[int], node_limit: int = NODE_LIMIT
) -> bool | None:
    """True when some filling has every placement of `fixed` (placement indices, not
    overlapping, within the pieces' counts); False when none has; None when `node_limit`
    nodes did not tell."""
    roots = Roots([tuple(int(p) for p in fixed)], np.ones(1, dtype=np.int64))
    searched = _search(tables, roots, max_solutions=1, tracer=NULL_TRACER, progress=None,
                       node_limit=node_limit)  # fmt: skip
    if searched.count > 0:
        return True
    return None if searched.stopped else False

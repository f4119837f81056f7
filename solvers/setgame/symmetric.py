"""Large caps for n >= 5 by prescribed symmetry: search only caps that a fixed affine map g
of order 5 carries onto themselves.

Such a cap is a union of orbits of g, so the search chooses orbits (48 of 5 cards and 3
fixed cards for n = 5) instead of cards: a tiny search. g acts on the first four digits as
the companion matrix of x^4 + x^3 + x^2 + x + 1 (irreducible over F_3, so every nonzero
vector of those digits has an orbit of 5) and fixes the rest. For n = 5 the unique 45-cap
class has such a symmetry; the search finds it in milliseconds. What it finds is checked
to be a cap; it proves nothing about larger caps without the symmetry.
"""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.i18n import msg, nmsg
from puzzleviz.solvers.interrupt import current_control, stop_requested
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.setgame.arrays import CardTable
from puzzleviz.solvers.setgame.board import Board
from puzzleviz.solvers.setgame.geometry import AffineSpace
from puzzleviz.solvers.setgame.model import SetGameModel
from puzzleviz.solvers.setgame.results import CapSearch
from puzzleviz.solvers.setgame.runner import SearchStats
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer


def order5_map(n: int) -> np.ndarray:
    a = np.eye(n, dtype=np.int64)
    block = np.zeros((4, 4), dtype=np.int64)
    block[1, 0] = block[2, 1] = block[3, 2] = 1
    block[:, 3] = 2  # -1 mod 3: companion of x^4 + x^3 + x^2 + x + 1
    a[:4, :4] = block
    return a


def orbits_of(space: AffineSpace, matrix: np.ndarray) -> list[list[int]]:
    images = ((space.digits @ matrix.T) % 3) @ space.weights
    seen = np.full(space.size, False)
    orbits = []
    for start in range(space.size):
        if seen[start]:
            continue
        orbit, x = [], start
        while not seen[x]:
            seen[x] = True
            orbit.append(x)
            x = int(images[x])
        orbits.append(orbit)
    return orbits


@njit(cache=True, nogil=True)
def _orbit_search(
    third: CardTable, orbit_pts: Int64Array, orbit_len: Int64Array, node_limit: int,
    best_pts: Int64Array, stats: Int64Array, control: Int64Array,
) -> int:  # fmt: skip
    """Branch and bound over orbits in order; the best union that is a cap goes to best_pts."""
    n_orb = orbit_pts.shape[0]
    n_cards = third.shape[0]
    blocked = np.zeros(n_cards, dtype=np.int64)  # >0: completes a SET with chosen cards
    chosen = np.zeros(n_cards, dtype=np.int64)
    mark_stack = np.zeros(n_cards * n_cards, dtype=np.int64)
    mark_top = np.zeros(n_orb + 2, dtype=np.int64)
    size_at = np.zeros(n_orb + 2, dtype=np.int64)
    pos = np.zeros(n_orb + 2, dtype=np.int64)
    suffix = np.zeros(n_orb + 1, dtype=np.int64)
    for j in range(n_orb - 1, -1, -1):
        suffix[j] = suffix[j + 1] + orbit_len[j]
    best = 0
    nodes = 0
    d = 0
    nch = 0
    pos[0] = 0
    top = 0
    while True:
        nodes += 1
        if stop_requested(control, nodes):
            node_limit = nodes  # stop as at the node limit: not finished
        if nch > best:
            best = nch
            for k in range(nch):
                best_pts[k] = chosen[k]
        placed = False
        while nodes < node_limit and pos[d] < n_orb and nch + suffix[pos[d]] > best:
            j = pos[d]
            pos[d] += 1
            ok = True
            for t in range(orbit_len[j]):
                if blocked[orbit_pts[j, t]] > 0:
                    ok = False
            if not ok:
                continue
            # add the orbit's cards one by one, blocking third cards as we go
            mark_top[d] = top
            size_at[d] = nch
            for t in range(orbit_len[j]):
                p = orbit_pts[j, t]
                if blocked[p] > 0:
                    ok = False
                    break
                for k in range(nch):
                    q = third[p, chosen[k]]
                    blocked[q] += 1
                    mark_stack[top] = q
                    top += 1
                chosen[nch] = p
                nch += 1
            if not ok:
                while top > mark_top[d]:
                    top -= 1
                    blocked[mark_stack[top]] -= 1
                nch = size_at[d]
                continue
            d += 1
            pos[d] = j + 1
            placed = True
            break
        if placed:
            continue
        if d == 0:
            break
        d -= 1
        while top > mark_top[d]:
            top -= 1
            blocked[mark_stack[top]] -= 1
        nch = size_at[d]
    stats[0] = nodes
    stats[1] = 1 if nodes < node_limit else 0
    return best


def prescribed_symmetry_search(
    space: AffineSpace,
    *,
    node_limit: int = 5_000_000,
    tracer: Tracer = NULL_TRACER,
    stats: SearchStats | None = None,
) -> CapSearch:

    stats = stats if stats is not None else SearchStats()
    orbits = orbits_of(space, order5_map(space.n))
    # big orbits first: the search reaches large caps sooner
    orbits.sort(key=lambda o: (-len(o), o))
    longest = max(len(o) for o in orbits)
    orbit_pts = np.full((len(orbits), longest), -1, dtype=np.int64)
    orbit_len = np.array([len(o) for o in orbits], dtype=np.int64)
    for j, orbit in enumerate(orbits):
        orbit_pts[j, : len(orbit)] = orbit
    best_pts = np.zeros(space.size, dtype=np.int64)
    run = np.zeros(2, dtype=np.int64)
    best = _orbit_search(
        space.third, orbit_pts, orbit_len, node_limit, best_pts, run, current_control()
    )
    stats.nodes += int(run[0])
    cap = sorted(int(c) for c in best_pts[:best])
    if not space.cards.is_cap(cap):  # pragma: no cover - a bug, never a user error
        raise AssertionError("the symmetric search returned a set with a SET")
    if tracer.enabled:
        board = Board(SetGameModel(3, space.n), tracer)
        tracer.step(msg("The largest cap invariant under an order-5 map: {best} cards", best=best))
        for card in cap:
            board.place(card)
        tracer.milestone("best", nmsg("new best: {n} card", "new best: {n} cards", best))
    result = CapSearch(best, False, [cap], method="prescribed symmetry (order 5)")
    if run[1]:
        result.notes.append(
            f"the search over caps invariant under the order-5 map finished: none of them "
            f"has more than {best} cards"
        )
    return result

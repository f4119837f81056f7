"""The chain walk, shared by X-chains, XY-chains, AICs and the grouped and ALS chains.

Each of them searches breadth first over states (a node and what is known of it, e.g.
node * 2 + 1 for "on"): the first time a state is reached its distance and parent are set
and it joins the queue, so the first chain found to a state is a shortest one. The kernels
keep only what differs, which links leave a state and what ends a chain. The helpers are
inlined into the kernels (numba's inline="always"), so the walk costs no call.

    start_walk(dist, parent, queue, first)
    qn, qi = 1, 0
    while qi < qn:
        st = queue[qi]; qi += 1
        for each link st -> ns:
            grown = reach(dist, parent, queue, qn, st, ns)
            if grown == qn: continue  # seen before
            qn = grown
            ... k = walked_chain(parent, ns, width, path, chain)  # 0: a node repeats
"""

from __future__ import annotations

from puzzleviz.solvers.arrays import Int64Array
from puzzleviz.solvers.jit import njit


@njit(inline="always", cache=True)
def start_walk(dist: Int64Array, parent: Int64Array, queue: Int64Array, first: int) -> None:
    """A new walk from state `first`: nothing reached but it (distance 0, no parent)."""
    dist[:] = -1
    dist[first] = 0
    parent[first] = -1
    queue[0] = first


@njit(inline="always", cache=True)
def reach(
    dist: Int64Array, parent: Int64Array, queue: Int64Array, qn: int, st: int, ns: int
) -> int:
    """Reach state ns from st: the queue's new length, or qn as it was if ns was reached
    before (by a chain as short or shorter)."""
    if dist[ns] >= 0:
        return qn
    dist[ns] = dist[st] + 1
    parent[ns] = st
    queue[qn] = ns
    return qn + 1


@njit(cache=True)
def path_is_simple(parent: Int64Array, end: int, width: int, path: Int64Array) -> int:
    """Walk parents from state `end` (state = node * width + extra) into path, end first;
    returns the number of states, or 0 if a node repeats."""
    k = 0
    st = end
    while st >= 0:
        path[k] = st
        k += 1
        st = parent[st]
    for i in range(k):
        for j in range(i + 1, k):
            if path[i] // width == path[j] // width:
                return 0
    return k


@njit(inline="always", cache=True)
def walked_chain(
    parent: Int64Array, end: int, width: int, path: Int64Array, chain: Int64Array
) -> int:
    """The chain that reached state `end`, first state first, into chain[0:k]; returns k,
    or 0 (chain untouched) if a node repeats."""
    k = path_is_simple(parent, end, width, path)
    for i in range(k):
        chain[i] = path[k - 1 - i]
    return k

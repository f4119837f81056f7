"""Heuristics a numba search can evaluate: none, the thesis' h, and an admissible one.

The admissible heuristic (my design for A* and IDA*) is the maximum of
- pattern databases: exact forgat distances to the goal set in a coarser puzzle where some
  colours are merged (solvers.rings.search.pdb); merging colours maps every move and every goal of
  the real puzzle to a move and a goal of the coarse one, so the coarse distance is a
  lower bound;
- the change bound: a rotation alters the own-sequence colour changes of all rings by at
  most `change_bound` in total (see kernels.tables), so ceil(excess / bound) moves are
  needed at least.
Both are consistent (they drop by at most 1 per move), so A* never reopens a node.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from puzzleviz.solvers.arrays import Int8Array, Int64Array, UInt8Array
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.rings.model.layouts import KernelState
from puzzleviz.solvers.rings.search.kernels import Tables, excess_changes, thesis_h
from puzzleviz.solvers.rings.search.nodes import abstract_rank

H_NONE, H_THESIS, H_ADMISSIBLE = 0, 1, 2
HEURISTIC_NAMES = {"none": H_NONE, "thesis": H_THESIS, "admissible": H_ADMISSIBLE}


class HeuristicParams(NamedTuple):
    kind: int
    change_bound: int
    pdb_flat: UInt8Array  # uint8: all databases, concatenated
    pdb_off: Int64Array  # (P + 1,) int64 start of each database in pdb_flat
    pdb_map: Int8Array  # (P, C) int8: real colour (0-based) -> abstract colour
    pdb_counts: Int64Array  # (P, C) int64: abstract colour counts (padded with zeros)
    pdb_ncol: Int64Array  # (P,) int64 abstract colours per database
    pdb_total: Int64Array  # (P,) int64 abstract states per database


def no_pdbs(kind: int, change_bound: int, n_colours: int) -> HeuristicParams:
    return HeuristicParams(
        kind=kind,
        change_bound=change_bound,
        pdb_flat=np.zeros(0, dtype=np.uint8),
        pdb_off=np.zeros(1, dtype=np.int64),
        pdb_map=np.zeros((0, n_colours), dtype=np.int8),
        pdb_counts=np.zeros((0, n_colours), dtype=np.int64),
        pdb_ncol=np.zeros(0, dtype=np.int64),
        pdb_total=np.zeros(0, dtype=np.int64),
    )


@njit(cache=True)
def evaluate(x: KernelState, tab: Tables, hp: HeuristicParams, work: Int64Array) -> int:
    if hp.kind == 0:
        return 0
    if hp.kind == 1:
        return thesis_h(x, tab.hseq, tab.hlen, tab.mine, tab.max_h)
    excess = excess_changes(x, tab.offsets, tab.want_changes)
    best = (excess + hp.change_bound - 1) // hp.change_bound
    for p in range(hp.pdb_ncol.shape[0]):
        r = abstract_rank(
            x, hp.pdb_map[p], hp.pdb_counts[p, : hp.pdb_ncol[p]], hp.pdb_total[p], work
        )
        v = int(hp.pdb_flat[hp.pdb_off[p] + r])
        if v > best:
            best = v
    return best

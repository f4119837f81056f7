"""Symmetry breaking: the search starts from a few fixed first pieces ("roots") instead of
the empty box, so it visits about one filling per class instead of every filling.

Every filling has exactly one piece covering a given cell, and exactly one piece of a type
that has one piece left. Such an "object" is chosen together with the symmetries that keep
it (for a cell: the symmetries that fix the cell; for the centre of an odd cube, all 48).
Those symmetries split the object's placements into orbits, and two placements of one orbit
have equally many fillings around them (the symmetry carries one set onto the other). So the
search only tries one placement per orbit and counts each of its fillings `orbit size`
times: the count of all fillings stays exact. Below that placement, only the symmetries
that keep it are left, and the next object splits further, until no symmetry is left (or
none helps). For Conway's puzzle the first object is the centre cell: the 77 placements
covering it fall into 7 orbits under the 48 symmetries.

A filling is then found once per class, or a few times when a root still has a symmetry
left; `classes` merges those by canonical forms and checks that the orbit sizes add up to
the weighted count.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from puzzleviz.solvers.cube.group import PuzzleGroup
from puzzleviz.solvers.cube.placements import Placements
from puzzleviz.solvers.cube.puzzle import CubePuzzle

MAX_ROOTS = 20_000  # beyond this, roots are not split further (their setup would cost more)


@dataclasses.dataclass(frozen=True)
class Roots:
    placements: list[tuple[int, ...]]  # the fixed first placements of each root
    weights: np.ndarray  # (R,) int64: how many fillings each filling found below it stands for

    @property
    def n(self) -> int:
        return len(self.placements)


@dataclasses.dataclass
class _Node:
    fixed: tuple[int, ...]
    group: np.ndarray  # element indices that keep `fixed`
    weight: int
    left: np.ndarray  # pieces left per type
    covered: np.ndarray  # (n_cells + 1,) bool; the last entry stands for the -1 padding


def _best_split(
    node: _Node, pl: Placements, group: PuzzleGroup, puzzle: CubePuzzle
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(elements, placements, orbit representative of each) of the object whose orbits
    are largest on average, or None when no object is split by a symmetry."""
    free = ~node.covered[pl.cells].any(axis=1) & (node.left[pl.type] > 0)
    candidates: list[tuple[np.ndarray, np.ndarray]] = []
    for u, ptype in enumerate(puzzle.types):
        # a type with one copy left that must go in (with count ranges: its fewest copies)
        must = not puzzle.ranged or puzzle.minimum[u] == ptype.count
        if node.left[u] == 1 and not ptype.is_hole and must:
            keep = node.group[group.type_map[node.group, u] == u]
            candidates.append((keep, np.flatnonzero(free & (pl.type == u))))
    empty = np.flatnonzero(puzzle.inside & ~node.covered[:-1])
    fixes = group.cell_map[np.ix_(node.group, empty)] == empty[None, :]
    for k in np.flatnonzero(fixes.sum(axis=0) > 1):
        keep = node.group[fixes[:, k]]
        candidates.append((keep, np.flatnonzero(free & (pl.cells == empty[k]).any(axis=1))))
    best, best_gain = None, 1.0
    for keep, options in candidates:
        if len(keep) < 2 or len(options) == 0:
            continue
        reps = group.placement_map[np.ix_(keep, options)].min(axis=0)
        gain = len(options) / len(np.unique(reps))
        if gain > best_gain:
            best, best_gain = (keep, options, reps), gain
    return best


def symmetry_roots(
    puzzle: CubePuzzle, pl: Placements, group: PuzzleGroup, max_roots: int = MAX_ROOTS
) -> Roots:
    """The roots of the search and their weights (see the module's docstring); no root is
    split once there are `max_roots`."""
    start = _Node(
        fixed=(),
        group=np.arange(group.order),
        weight=1,
        left=np.array([t.count for t in puzzle.types], dtype=np.int64),
        covered=np.zeros(puzzle.n_cells + 1, dtype=np.bool_),
    )
    pending, leaves = [start], list[_Node]()
    while pending:
        node = pending.pop()
        split = None
        if len(node.group) > 1 and len(pending) + len(leaves) < max_roots:
            split = _best_split(node, pl, group, puzzle)
        if split is None:
            leaves.append(node)
            continue
        keep, _, reps = split
        children = []
        for rep in np.unique(reps):
            size = int((reps == rep).sum())
            still = keep[group.placement_map[keep, rep] == rep]
            covered = node.covered.copy()
            covered[pl.cells[rep, : pl.volume[rep]]] = True
            left = node.left.copy()
            left[pl.type[rep]] -= 1
            children.append(
                _Node((*node.fixed, int(rep)), still, node.weight * size, left, covered)
            )
        pending.extend(reversed(children))
    return Roots(
        placements=[leaf.fixed for leaf in leaves],
        weights=np.array([leaf.weight for leaf in leaves], dtype=np.int64),
    )

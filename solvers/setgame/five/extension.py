"""Branches and parts of the extension search, and sampling a part's cost.

A branch is (n, target, m, R): caps of `target` cards in AG(n,3) whose fullest hyperplane is
the slice x1 = 0 holding exactly the m-cap R (a class representative of AG(n-1,3) that
contains the standard frame), every hyperplane holding at most m cards.

Symmetry. The maps (x1, x') -> (±x1, M x' + c x1 + t), x' -> M x' + t in Stab(R), keep the
branch. The sign makes |A| >= |B| (A = slice 1, B = slice 2), so A holds at least
a_min = ceil((target - m) / 2) cards. On slice 1 they act as x' -> M x' + s with any s. Let
O_1, O_2, ... be the orbits of the linear parts M on nonzero vectors (representatives v_i,
the smallest member). For a cap A with two or more cards let i be the least index with a
difference a' - a (a, a' in A) in O_i; the map with M (a' - a) = v_i and s = -M a sends a to
0 and a' to v_i, and keeps every orbit, so afterwards no difference of A lies in
O_1, ..., O_{i-1} (nor their negatives: differences come in pairs). Part i therefore places
0 and v_i in slice 1 and forbids, next to every card a of A, the cards a + L_i with
L_i = O_1 ∪ -O_1 ∪ ... ∪ O_{i-1} ∪ -O_{i-1}. The parts together cover every extension
once up to the branch's symmetry, and each is an independent search.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.arrays import Int64Array, UInt64Array
from puzzleviz.solvers.interrupt import current_control
from puzzleviz.solvers.setgame.five.group import linear_parts, stabilizer, vector_orbits
from puzzleviz.solvers.setgame.five.kernel import (
    ALL,
    N_STATS,
    ST_FINISHED,
    ST_FRONTIER,
    ST_NODES,
    ST_PRUNED_BOUND,
    STOP_FIRST,
    extend,
)
from puzzleviz.solvers.setgame.geometry import AffineSpace, affine_space, to_bitset

MAX_CAP = {1: 2, 2: 4, 3: 9, 4: 20}  # proven maxima of AG(k,3) (k = 4: fast.maximum_v3)
NO_LIMIT = 2**62


@dataclasses.dataclass(frozen=True)
class Branch:
    """Caps of `target` cards of AG(n,3) extending R (in slice 0), hyperplanes <= m."""

    n: int
    target: int
    rep: tuple[int, ...]  # R as points of AG(n-1,3)
    stabilizer: int
    orbits: tuple[tuple[int, ...], ...]  # orbits of Stab(R)'s linear parts on vectors

    @property
    def m(self) -> int:
        return len(self.rep)

    @property
    def a_min(self) -> int:
        return -(-(self.target - self.m) // 2)

    @property
    def parts(self) -> int:
        return len(self.orbits)


def make_branch(n: int, target: int, rep: Sequence[int]) -> Branch:
    """The branch of the m-cap `rep` of AG(n-1,3) (which must contain the standard frame)."""
    sub = affine_space(n - 1)
    perms = stabilizer(sub, rep)
    orbits = vector_orbits(sub, linear_parts(sub, perms))
    return Branch(n, target, tuple(sorted(int(c) for c in rep)), len(perms),
                  tuple(tuple(o) for o in orbits))  # fmt: skip


@dataclasses.dataclass(frozen=True)
class PartSetup:
    """The kernel's inputs for one part (arrays are read-only templates: copy hcnt)."""

    fixed: tuple[int, ...]
    cand0: UInt64Array
    hcnt: Int64Array
    sym_off: Int64Array
    feasible: bool  # False: the fixed cards already break a rule (an empty part)


@dataclasses.dataclass
class Tables:
    """Per-dimension tables of the kernel."""

    space: AffineSpace
    block: int
    hs_masks: UInt64Array  # (H, 3, W): hyperplane h ∩ slice s
    hs_cap: Int64Array  # (H, 3): largest cap that fits in h ∩ slice s
    w_lo: Int64Array
    w_hi: Int64Array
    slice_masks: UInt64Array
    sub_add: np.ndarray


_TABLES: dict[int, Tables] = {}


def tables(n: int) -> Tables:
    if n in _TABLES:
        return _TABLES[n]
    space = affine_space(n)
    block = 3 ** (n - 1)
    n_hyp = space.hyperplane_masks.shape[0]
    slice_masks = np.array(
        [to_bitset(range(s * block, (s + 1) * block), space.size) for s in range(3)]
    )
    hs_masks = space.hyperplane_masks[:, None, :] & slice_masks[None, :, :]
    hs_cap = np.zeros((n_hyp, 3), dtype=np.int64)
    for h in range(n_hyp):
        for s in range(3):
            size = int(sum(bin(int(x)).count("1") for x in hs_masks[h, s]))
            flat_dim = {block: n - 1, block // 3: n - 2, 0: -1}[size]
            hs_cap[h, s] = MAX_CAP.get(flat_dim, 0) if flat_dim >= 0 else 0
    w_lo = np.array([(s * block) >> 6 for s in range(3)], dtype=np.int64)
    w_hi = np.array([((s + 1) * block - 1) >> 6 for s in range(3)], dtype=np.int64)
    sub_add = affine_space(n - 1).add
    _TABLES[n] = Tables(space, block, hs_masks, hs_cap, w_lo, w_hi, slice_masks, sub_add)
    return _TABLES[n]


def part_setup(branch: Branch, part: int, use_symmetry: bool = True) -> PartSetup:
    """Part `part` (0-based orbit index): R, then 0 and v_part in slice 1; or, with
    use_symmetry=False, R alone and no symmetry at all (the reference for tests)."""
    t = tables(branch.n)
    space, block = t.space, t.block
    fixed = list(branch.rep)
    sym: list[int] = []
    if use_symmetry:
        rep = branch.orbits[part][0]
        fixed += [block, block + rep]
        sub = affine_space(branch.n - 1)
        for orbit in branch.orbits[:part]:
            for v in orbit:
                sym += [v, int(sub.sub[0, v])]
        sym = sorted(set(sym))
    free = np.ones(space.size, dtype=bool)
    free[:block] = False
    free[fixed] = False
    feasible = True
    for i, a in enumerate(fixed):
        for b in fixed[:i]:
            q = int(space.third[a, b])
            if q in fixed:
                feasible = False
            free[q] = False
    for a in fixed[len(branch.rep) :]:  # the symmetry rule for the fixed cards of slice 1
        for v in sym:
            q = block + int(t.sub_add[a - block, v])
            if q in fixed:
                feasible = False
            free[q] = False
    n_hyp = space.hyperplane_masks.shape[0]
    hcnt = np.zeros((n_hyp, 3), dtype=np.int64)
    for c in fixed:
        hcnt[space.point_hyperplanes[c], c // block] += 1
    totals = hcnt.sum(axis=1)
    if (totals > branch.m).any():
        feasible = False
    for h in np.flatnonzero(totals >= branch.m):
        members = np.flatnonzero(space.point_hyperplanes[:, h // 3] == h)
        free[members] = False
    cand0 = to_bitset(np.flatnonzero(free), space.size)
    return PartSetup(tuple(fixed), cand0, hcnt, np.asarray(sym, dtype=np.int64), feasible)


@dataclasses.dataclass
class RunResult:
    nodes: int
    solutions: int
    caps: list[list[int]]
    finished: bool
    frontier: list[tuple[int, ...]]
    frontier_count: int
    pruned_by_bound: int
    seconds: float


def run_part(
    branch: Branch,
    setup: PartSetup,
    *,
    mode: int = STOP_FIRST,
    prefix: Sequence[int] = (),
    max_depth: int = 0,
    frontier_rows: int = 0,
    keep: int = 0,
    use_bound: bool = True,
    node_limit: int = NO_LIMIT,
) -> RunResult:
    """One kernel run of a part (or of one frontier node's subtree, or down to a depth)."""
    t = tables(branch.n)
    space = t.space
    if not setup.feasible:
        return RunResult(0, 0, [], True, [], 0, 0, 0.0)
    chosen = np.zeros(space.size + 1, dtype=np.int64)
    chosen[: len(setup.fixed)] = setup.fixed
    stats = np.zeros(N_STATS, dtype=np.int64)
    frontier = np.full((frontier_rows, max(max_depth, 1)), -1, dtype=np.int16)
    sol_out = np.full((keep, space.size), -1, dtype=np.int16)
    start = time.perf_counter()
    found = extend(
        space.third, space.point_hyperplanes, space.hyperplane_masks, t.hs_masks, t.hs_cap,
        t.w_lo, t.w_hi, t.slice_masks, branch.m, branch.target, branch.a_min, t.block,
        t.sub_add, setup.sym_off, chosen, len(setup.fixed), setup.hcnt.copy(), setup.cand0,
        np.asarray(prefix, dtype=np.int64), max_depth, frontier, mode, use_bound, sol_out,
        node_limit, stats, current_control(),
    )  # fmt: skip
    seconds = time.perf_counter() - start
    if stats[ST_FINISHED] < 0:
        raise ValueError(f"{list(prefix)} is not a node of this part")
    caps = [sorted(int(c) for c in row if c >= 0) for row in sol_out[: min(found, keep)]]
    n_front = int(stats[ST_FRONTIER])
    rows = [tuple(int(c) for c in row if c >= 0) for row in frontier[: min(n_front, frontier_rows)]]
    return RunResult(int(stats[ST_NODES]), int(found), caps, bool(stats[ST_FINISHED]), rows,
                     n_front, int(stats[ST_PRUNED_BOUND]), seconds)  # fmt: skip


def branch_caps(
    branch: Branch, mode: int = ALL, keep: int = 100_000, use_symmetry: bool = True,
    use_bound: bool = True,
) -> tuple[list[list[int]], int]:  # fmt: skip
    """Every cap of the branch found by its parts (up to symmetry), and the nodes used."""
    caps: list[list[int]] = []
    nodes = 0
    parts = range(branch.parts) if use_symmetry else range(1)
    for part in parts:
        setup = part_setup(branch, part, use_symmetry)
        result = run_part(branch, setup, mode=mode, keep=keep, use_bound=use_bound)
        if result.solutions > len(result.caps):
            raise RuntimeError("raise keep")
        caps += result.caps
        nodes += result.nodes
        if mode == STOP_FIRST and caps:
            break
    return caps, nodes


def lifted(branch: Branch) -> list[int]:
    """R as cards of AG(n,3) (slice 0: the same indices)."""
    return list(branch.rep)


def cards_of(space: AffineSpace, cap: Sequence[int]) -> Int64Array:
    return np.asarray(sorted(cap), dtype=np.int64)


__all__ = [
    "ALL",
    "STOP_FIRST",
    "Branch",
    "Estimate",
    "PartSetup",
    "RunResult",
    "branch_caps",
    "make_branch",
    "part_setup",
    "run_part",
    "sample_part",
    "tables",
]


@dataclasses.dataclass(frozen=True)
class Estimate:
    """A part's size from a frontier at a fixed depth and a uniform sample of its subtrees.

    total = nodes above and at the frontier + F * mean(subtree), with the standard error
    F * sd / sqrt(samples) (a heavy-tailed tree makes this error bar optimistic: the
    benchmark says so next to it)."""

    depth: int
    frontier: int
    top_nodes: int
    top_seconds: float
    samples: int
    mean_nodes: float
    sd_nodes: float
    mean_seconds: float
    sd_seconds: float
    solutions: int  # caps met in the sampled subtrees (a 46-cap would end the proof!)
    unfinished: int  # sampled subtrees cut by the node limit (then the estimate is low)

    @property
    def nodes(self) -> float:
        return self.top_nodes + self.frontier * self.mean_nodes

    @property
    def nodes_err(self) -> float:
        return self.frontier * self.sd_nodes / math.sqrt(max(self.samples, 1))

    @property
    def seconds(self) -> float:
        return self.top_seconds + self.frontier * self.mean_seconds

    @property
    def seconds_err(self) -> float:
        return self.frontier * self.sd_seconds / math.sqrt(max(self.samples, 1))


def sample_part(
    branch: Branch,
    setup: PartSetup,
    depth: int,
    samples: int,
    *,
    seed: int = 0,
    node_limit: int = NO_LIMIT,
    use_bound: bool = True,
) -> Estimate:
    """Estimate a part's nodes and seconds: list its frontier at `depth`, run `samples`
    frontier subtrees drawn uniformly (without replacement), extrapolate."""
    counted = run_part(branch, setup, mode=ALL, max_depth=depth, use_bound=use_bound)
    top = run_part(branch, setup, mode=ALL, max_depth=depth,
                   frontier_rows=counted.frontier_count, use_bound=use_bound)  # fmt: skip
    rows = top.frontier
    if not rows:
        return Estimate(depth, 0, top.nodes, top.seconds, 0, 0.0, 0.0, 0.0, 0.0, top.solutions, 0)
    rng = np.random.default_rng(seed)
    picks = rng.choice(len(rows), size=min(samples, len(rows)), replace=False)
    nodes, secs = [], []
    solutions = unfinished = 0
    for i in picks:
        r = run_part(branch, setup, mode=ALL, prefix=rows[int(i)], node_limit=node_limit,
                     use_bound=use_bound)  # fmt: skip
        nodes.append(r.nodes - (depth + 1))  # the root and the path were counted above
        secs.append(r.seconds)
        solutions += r.solutions
        unfinished += not r.finished
    a, s = np.asarray(nodes, dtype=float), np.asarray(secs, dtype=float)
    ddof = 1 if len(a) > 1 else 0
    return Estimate(depth, top.frontier_count, top.nodes, top.seconds, len(a), float(a.mean()),
                    float(a.std(ddof=ddof)), float(s.mean()), float(s.std(ddof=ddof)),
                    top.solutions + solutions, unfinished)  # fmt: skip

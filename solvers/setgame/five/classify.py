"""`solve set --classify K`: that every cap of K cards in AG(n,3) is the known one relabelled
(for K = 45, n = 5: the 45-cap is unique up to the symmetries of the game).

The search is the proof's (proof.py): the counting argument puts the cap's fullest hyperplane
in the slice x1 = 0 holding a class representative R of m cards, and each slice class's
extensions are searched in parts, now to the end (every cap, not the first). What is new is
deciding, for each cap C found, whether it is the known cap K relabelled:

Let G_R be the maps (x1, x') -> (a x1, M x' + c x1 + t), a = ±1, x' -> M x' + t in Stab(R):
exactly the affine maps that keep the slice x1 = 0 and R in it. If C = f(K), the hyperplane
H = f^-1(x1 = 0) holds m cards of K and f sends them onto R. For every such hyperplane H of
K, lift_H(K) is one relabelling of K with H as the slice x1 = 0 and K ∩ H sent onto R
(a frame adapted to H, then a transporter of the slice onto R); any other relabelling with
the same H differs from it by an element of G_R. So C is K relabelled exactly when the least
image of C under G_R equals the least image of some lift_H(K): one table of least images per
slice class, built once, and one lookup per cap found. Since the parts cover every extension
up to G_R, all caps found being in the table means every K-cap is K relabelled. A cap whose
fullest hyperplane holds more cards than K's fullest can never be K: any found there is a
second class.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers.arrays import Int16Array, Int64Array, UInt64Array
from puzzleviz.solvers.interrupt import raise_if_stopped
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.split.parts import Job, Key, PartResult

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.setgame.geometry import AffineSpace
    from puzzleviz.solvers.split.options import SplitOptions

RUNNER = "puzzleviz.solvers.setgame.five.classify:classify_part"
WARM = "puzzleviz.solvers.setgame.five.classify:warm"
CHECK = "puzzleviz.solvers.setgame.five.classify:check_part_data"
KEEP_OTHERS = 10  # caps of a second class a part keeps (one is enough to refute)
FIRST_ROWS = 4096  # caps a part's first run keeps; it runs again with room for all if more


def classify_job(n: int, target: int, known: Sequence[int]) -> Job:
    """The classification's job: n, the target, the slice classes, and the known cap every
    cap found is compared with (so the log's header names it)."""
    from puzzleviz.solvers.setgame.five.proof import slices_of

    problem = {"classify": target, "n": n, "slices": slices_of(n, target),
               "known": sorted(int(c) for c in known)}  # fmt: skip
    return Job("set", RUNNER, problem, warm=WARM, check=CHECK)


def check_part_data(job: Job, data: Any) -> None:
    """Raise ValueError for a logged part whose data classify_part could not have written."""
    from puzzleviz.solvers.setgame.five.proof import are_card_lists

    counts = (data["solutions"], data["known"])
    others = data["others"]
    if not all(type(c) is int and c >= 0 for c in counts) or counts[1] > counts[0]:
        raise ValueError("counts")
    if not are_card_lists(job, others) or len(others) > KEEP_OTHERS:
        raise ValueError("others")


# -- G_R and least images --------------------------------------------------------------------


def slice_group(n: int, rep: Sequence[int]) -> Int16Array:
    """G_R as rows of point permutations of AG(n,3): |Stab(R)| * 2 * 3^(n-1) maps (int16:
    up to 46,656 rows of 243 points, 23 MB)."""
    from puzzleviz.solvers.setgame.five.group import stabilizer
    from puzzleviz.solvers.setgame.geometry import affine_space

    sub = affine_space(n - 1)
    block = sub.size
    x1, x = np.divmod(np.arange(3 * block), block)  # point = x1 * block + x'
    rows = []
    for sigma in stabilizer(sub, rep):
        for a in (1, 2):
            for c in range(block):
                shear = np.array([0, c, int(sub.add[c, c])])[x1]  # c * x1
                rows.append(((a * x1) % 3) * block + sub.add[sigma[x], shear])
    return np.asarray(rows, dtype=np.int16)


@njit(cache=True)
def _least_image(perms: Int16Array, cap: Int64Array, words: int) -> UInt64Array:
    """The least bitset (compared from the highest word down) of perm(cap) over perms."""
    best = np.full(words, np.uint64(0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    row = np.zeros(words, dtype=np.uint64)
    for g in range(perms.shape[0]):
        for w in range(words):
            row[w] = 0
        for i in range(cap.shape[0]):
            p = np.int64(perms[g, cap[i]])
            row[p >> 6] |= np.uint64(1) << np.uint64(p & 63)
        for w in range(words - 1, -1, -1):
            if row[w] != best[w]:
                if row[w] < best[w]:
                    for v in range(words):
                        best[v] = row[v]
                break
    return best


def least_image(perms: Int16Array, cap: Sequence[int], words: int) -> tuple[int, ...]:
    image = _least_image(perms, np.asarray(cap, dtype=np.int64), words)
    return tuple(int(w) for w in image)


# -- the known cap, relabelled onto each slice class -----------------------------------------


def _span_with(space: AffineSpace, span: set[int], v: int) -> set[int]:
    """The linear span of `span` (a subspace, as vectors) and v."""
    v2 = int(space.add[v, v])
    return span | {int(space.add[s, v]) for s in span} | {int(space.add[s, v2]) for s in span}


def hyperplane_frame(space: AffineSpace, members: Int64Array) -> Int64Array:
    """A relabelling T (point permutation) of AG(n,3) sending the hyperplane `members` onto
    the slice x1 = 0: T^-1 maps x to p0 + x1 u + x2 v2 + ... + xn vn with p0, v2, ..., vn
    from the hyperplane and u off it."""
    inside = set(int(p) for p in members)
    p0 = int(members[0])
    span: set[int] = {0}
    basis: list[int] = []
    for q in members[1:]:
        v = int(space.sub[int(q), p0])
        if v not in span:
            basis.append(v)
            span = _span_with(space, span, v)
    u = next(int(space.sub[q, p0]) for q in range(space.size) if q not in inside)
    vectors = np.array([space.digits[u]] + [space.digits[v] for v in basis], dtype=np.int64)
    if len(basis) != space.n - 1:
        raise ValueError("not a hyperplane")
    images = (space.digits[p0] + space.digits.astype(np.int64) @ vectors) % 3
    inverse = images @ np.asarray(space.weights, dtype=np.int64)  # T^-1 as a permutation
    return np.argsort(inverse).astype(np.int64)


def known_images(n: int, known: Sequence[int], rep: Sequence[int]) -> set[tuple[int, ...]]:
    """The least images under G_R of every relabelling of `known` that puts one of its
    fullest hyperplanes, holding a copy of R, onto R in the slice x1 = 0 (empty when no
    fullest hyperplane of `known` is of R's class)."""
    from puzzleviz.solvers.setgame.affine import one_image
    from puzzleviz.solvers.setgame.fast import cap_classes
    from puzzleviz.solvers.setgame.five.group import transporters
    from puzzleviz.solvers.setgame.geometry import affine_space

    space, sub = affine_space(n), affine_space(n - 1)
    block = sub.size
    cap = np.asarray(sorted(int(c) for c in known), dtype=np.int64)
    hits = np.zeros(space.hyperplane_masks.shape[0], dtype=np.int64)
    for c in cap:
        hits[space.point_hyperplanes[c]] += 1
    images: set[tuple[int, ...]] = set()
    if len(rep) != hits.max():
        return images
    # the class of R, to pick out the sections of its class by one frame image each
    orbit = next(c.orbit for c in cap_classes(n - 1, len(rep)) if c.canonical == sorted(rep))
    perms = slice_group(n, rep)
    for h in np.flatnonzero(hits == len(rep)):
        members = np.flatnonzero(space.point_hyperplanes[:, h // 3] == h)
        moved = hyperplane_frame(space, members)[cap]
        section = sorted(int(p) for p in moved if p < block)
        if one_image(sub, section).tobytes() not in orbit:
            continue
        onto = transporters(sub, rep, section, limit=1)[0]  # R -> the section
        back = np.argsort(onto)  # the section -> R
        lifted = (moved // block) * block + back[moved % block]
        images.add(least_image(perms, lifted, space.words))
    return images


@dataclasses.dataclass(frozen=True)
class SliceTable:
    perms: Int16Array
    known: frozenset[tuple[int, ...]]


_TABLES: dict[tuple[int, tuple[int, ...], tuple[int, ...]], SliceTable] = {}


def slice_table(job: Job, m: int, number: int) -> SliceTable:
    """G_R and the known cap's least images for slice class `number` of size m (once per
    process)."""
    n = int(job.problem["n"])
    rep = tuple(job.problem["slices"][str(m)][number - 1])
    known = tuple(job.problem["known"])
    key = (n, rep, known)
    if key not in _TABLES:
        _TABLES[key] = SliceTable(slice_group(n, rep), frozenset(known_images(n, known, rep)))
    return _TABLES[key]


# -- one part ---------------------------------------------------------------------------------


def classify_part(job: Job, key: Key) -> PartResult:
    """One part searched to its end, every cap met compared with the known cap."""
    from puzzleviz.solvers.setgame.five.extension import ALL, part_setup, run_part
    from puzzleviz.solvers.setgame.five.proof import branch_of
    from puzzleviz.solvers.setgame.geometry import affine_space

    m, number, part = key
    branch = branch_of(job, m, number)
    setup = part_setup(branch, part - 1)
    run = run_part(branch, setup, mode=ALL, keep=FIRST_ROWS, node_limit=job.node_limit)
    raise_if_stopped()
    if run.solutions > len(run.caps) and run.finished:  # room for every cap: run it again
        run = run_part(branch, setup, mode=ALL, keep=run.solutions, node_limit=job.node_limit)
        raise_if_stopped()
    words = affine_space(branch.n).words
    known = 0
    others: dict[tuple[int, ...], list[int]] = {}
    for cap in run.caps:  # G_R (up to 46,656 maps) is built only for a class with caps
        table = slice_table(job, m, number)
        image = least_image(table.perms, cap, words)
        if image in table.known:
            known += 1
        elif len(others) < KEEP_OTHERS:
            others.setdefault(image, cap)
    orbit = branch.orbits[part - 1]
    data: dict[str, Any] = {
        "stabilizer": branch.stabilizer,
        "orbit": orbit[0],
        "orbit_size": len(orbit),
        "solutions": run.solutions,
        "known": known,
        "others": list(others.values()),
    }
    return PartResult(key, data, run.nodes, stopped=not run.finished)


def warm(job: Job) -> None:
    """Compile (or load) the kernels with a one-node run of the first part."""
    from puzzleviz.solvers.setgame.five.proof import proof_keys

    keys = proof_keys(job)
    if keys:
        classify_part(dataclasses.replace(job, node_limit=1), keys[0])


# -- the whole classification -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Classification:
    """What the search found: `others` empty and every part finished means every cap of
    `target` cards is `known` relabelled."""

    n: int
    target: int
    known: list[int]
    parts: list[PartResult]

    @property
    def finished(self) -> bool:
        return not any(p.stopped for p in self.parts)

    @property
    def caps(self) -> int:
        return sum(int(p.data["solutions"]) for p in self.parts)

    @property
    def like_known(self) -> int:
        return sum(int(p.data["known"]) for p in self.parts)

    @property
    def others(self) -> list[list[int]]:
        return [list(cap) for p in self.parts for cap in p.data["others"]]

    @property
    def one_class(self) -> bool:
        return self.finished and self.like_known > 0 and self.like_known == self.caps

    @property
    def nodes(self) -> int:
        return sum(p.nodes for p in self.parts)

    def summary(self) -> str:
        from puzzleviz.solvers.setgame.five.proof import classes_phrase

        k, space = self.target, f"AG({self.n},3)"
        if not self.finished:
            return f"the {k}-caps of {space}: not classified (parts cut short)"
        if not self.one_class:
            return (f"the {k}-caps of {space} form more than one class: "
                    f"{self.caps - self.like_known:,} of the {self.caps:,} caps found are "
                    "not the known one relabelled")  # fmt: skip
        sizes = sorted({p.key[0] for p in self.parts})
        classes = classes_phrase(len({p.key[:2] for p in self.parts}))
        return (f"the {k}-caps of {space} form one class: a fullest hyperplane holds "
                f"{' or '.join(map(str, sizes))} cards; {classes} of such slices, "
                f"{len(self.parts):,} parts, {self.nodes:,} nodes; each of the {self.caps:,} "
                "caps found is the known one relabelled")  # fmt: skip


def classify(
    n: int, target: int, known: Sequence[int], split: SplitOptions,
    progress: Progress | None = None, node_limit: int | None = None,
) -> Classification:  # fmt: skip
    """Run every part (resuming from the log if one is given); `node_limit` bounds each."""
    from puzzleviz.solvers.setgame.five.proof import proof_keys
    from puzzleviz.solvers.split.choose import engine_for
    from puzzleviz.solvers.split.run import run_parts

    job = classify_job(n, target, known)
    if node_limit is not None:
        job = dataclasses.replace(job, node_limit=node_limit)
    keys = proof_keys(job)
    parts: list[PartResult] = []
    if keys:
        with engine_for(split) as engine:
            parts = run_parts(job, keys, engine, log=split.log(), progress=progress)
    return Classification(n, target, sorted(int(c) for c in known), parts)

"""`solve set --prove K`: that no cap of K cards exists in AG(n,3), as a split search whose
log of finished parts is the proof's certificate (certificate.py rechecks it).

The argument (extension.py has the details):
1. counting (fast.fullest_sizes): a K-cap has a hyperplane holding m of its cards for some
   m in a short list (18, 19 or 20 for K = 46 in AG(5,3));
2. relabelling, that fullest hyperplane is the slice x1 = 0 and holds a representative R of
   one affine class of m-caps one dimension down (fast.cap_classes: 22 classes for K = 46);
3. for each such slice class, the other two slices cannot take K - m more cards: one search
   per orbit of Stab(R) on difference vectors (a part), each independent of the others.

Every part is plain data: its key is (m, class, part), numbered from 1; the job's problem
names n, K and the class representatives, so the header of the log says exactly which
slices the proof rests on, and a worker needs nothing but the key to search its part.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.interrupt import raise_if_stopped
from puzzleviz.solvers.split.parts import Job, Key, PartResult

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.setgame.five.extension import Branch
    from puzzleviz.solvers.split.options import SplitOptions

RUNNER = "puzzleviz.solvers.setgame.five.proof:search_part"
WARM = "puzzleviz.solvers.setgame.five.proof:warm"
CHECK = "puzzleviz.solvers.setgame.five.proof:check_part_data"
DIMENSIONS = (3, 4, 5)  # slices one dimension down must be classified: AG(2..4,3)
KEEP = 10  # caps a part keeps (a part that finds one has disproved the claim)


def slice_sizes(n: int, target: int) -> list[int]:
    """The sizes the fullest hyperplane of a `target`-cap of AG(n,3) can have, largest
    first (empty: the counting argument alone rules the cap out)."""
    from puzzleviz.solvers.setgame.fast import fullest_sizes
    from puzzleviz.solvers.setgame.five.extension import MAX_CAP
    from puzzleviz.solvers.setgame.geometry import affine_space

    return sorted(fullest_sizes(affine_space(n), target, MAX_CAP[n - 1]), reverse=True)


def slices_of(n: int, target: int) -> dict[str, list[list[int]]]:
    """Every slice class a `target`-cap's fullest hyperplane can hold, by size: the
    representatives the header of a proof's (or a classification's) log names."""
    from puzzleviz.solvers.setgame.fast import cap_classes

    return {str(m): [list(c.canonical) for c in cap_classes(n - 1, m)]
            for m in slice_sizes(n, target)}  # fmt: skip


def proof_job(n: int, target: int) -> Job:
    """The job of the proof: n, the target and every slice class's representative."""
    problem = {"prove": target, "n": n, "slices": slices_of(n, target)}
    return Job("set", RUNNER, problem, warm=WARM, check=CHECK)


def check_part_data(job: Job, data: Any) -> None:
    """Raise ValueError for a logged part whose data search_part could not have written
    (a log is a file anyone can edit; what the proof reads from it must be cards)."""
    if not are_card_lists(job, data["caps"]):
        raise ValueError("caps")


def are_card_lists(job: Job, value: Any) -> bool:
    """Whether `value` is a list of lists of cards of the job's game."""
    size = 3 ** int(job.problem["n"])
    return isinstance(value, list) and all(
        isinstance(cap, list) and all(type(c) is int and 0 <= c < size for c in cap)
        for cap in value
    )


def target_of(job: Job) -> int:
    """The cap size a proof's job rules out, or a classification's job classifies."""
    return int(job.problem["prove"] if "prove" in job.problem else job.problem["classify"])


def slice_classes(job: Job) -> list[tuple[int, int, tuple[int, ...]]]:
    """(m, class number from 1, representative) for every slice class of the job."""
    slices: Mapping[str, Sequence[Sequence[int]]] = job.problem["slices"]
    return [(int(m), c, tuple(rep)) for m, reps in slices.items()
            for c, rep in enumerate(reps, start=1)]  # fmt: skip


_BRANCHES: dict[tuple[int, int, tuple[int, ...]], Branch] = {}


def branch_of(job: Job, m: int, number: int) -> Branch:
    """The extension branch of slice class `number` of size m (its stabilizer computed
    once per process)."""
    from puzzleviz.solvers.setgame.five.extension import make_branch

    rep = tuple(job.problem["slices"][str(m)][number - 1])
    key = (int(job.problem["n"]), target_of(job), rep)
    if key not in _BRANCHES:
        _BRANCHES[key] = make_branch(key[0], key[1], rep)
    return _BRANCHES[key]


def proof_keys(job: Job) -> list[Key]:
    """Every part: (m, class, part), the largest slices first (their parts are the
    longest, so a cluster starts them first)."""
    return [(m, c, p) for m, c, _ in slice_classes(job)
            for p in range(1, branch_of(job, m, c).parts + 1)]  # fmt: skip


def search_part(job: Job, key: Key) -> PartResult:
    """One part searched to its end: how many caps of the target it met (0 proves it)."""
    from puzzleviz.solvers.setgame.five.extension import STOP_FIRST, part_setup, run_part

    m, number, part = key
    branch = branch_of(job, m, number)
    setup = part_setup(branch, part - 1)
    run = run_part(branch, setup, mode=STOP_FIRST, keep=KEEP, node_limit=job.node_limit)
    raise_if_stopped()  # a part cut short by Ctrl-C is not a finished part
    orbit = branch.orbits[part - 1]
    data = {
        "stabilizer": branch.stabilizer,
        "orbit": orbit[0],
        "orbit_size": len(orbit),
        "fixed": list(setup.fixed[m:]),
        "solutions": run.solutions,
        "caps": run.caps,
        "pruned_by_bound": run.pruned_by_bound,
    }
    return PartResult(key, data, run.nodes, stopped=not run.finished)


def warm(job: Job) -> None:
    """Compile (or load) the kernel with a one-node run of the first part."""
    keys = proof_keys(job)
    if keys:
        search_part(dataclasses.replace(job, node_limit=1), keys[0])


def classes_phrase(count: int, noun: str = "class") -> str:
    """The count and the noun, plural but for 1: 1 class, 22 slice classes."""
    return f"{count:,} {noun}{'es' if count != 1 else ''}"


@dataclasses.dataclass(frozen=True)
class SliceSummary:
    m: int
    classes: int
    parts: int
    nodes: int
    cpu_s: float

    def note(self) -> str:
        return (f"{self.m}-card slices: {classes_phrase(self.classes)}, {self.parts:,} parts, "
                f"{self.nodes:,} nodes, {self.cpu_s:,.0f} CPU s")  # fmt: skip


def slice_summaries(parts: Sequence[PartResult]) -> list[SliceSummary]:
    """Classes, parts, nodes and CPU seconds per slice size, the largest first."""
    rows = []
    for m in sorted({p.key[0] for p in parts}, reverse=True):
        mine = [p for p in parts if p.key[0] == m]
        nodes, cpu_s = sum(p.nodes for p in mine), sum(p.cpu_s for p in mine)
        rows.append(SliceSummary(m, len({p.key[1] for p in mine}), len(mine), nodes, cpu_s))
    return rows


@dataclasses.dataclass(frozen=True)
class Proof:
    """What the proof established: `caps` empty means no cap of `target` cards exists."""

    n: int
    target: int
    job: Job
    parts: list[PartResult]
    caps: list[list[int]]

    @property
    def holds(self) -> bool:
        return not self.caps and not any(p.stopped for p in self.parts)

    @property
    def nodes(self) -> int:
        return sum(p.nodes for p in self.parts)

    @property
    def cpu_s(self) -> float:
        return sum(p.cpu_s for p in self.parts)

    def slices(self) -> list[SliceSummary]:
        return slice_summaries(self.parts)

    def summary(self) -> str:
        """One sentence a class can read: what was shown, and how."""
        sizes = " or ".join(str(s.m) for s in reversed(self.slices()))
        classes = sum(s.classes for s in self.slices())
        if not self.holds:
            return f"a cap of {self.target} cards in AG({self.n},3) exists"
        if not self.parts:
            return (f"no {self.target} cards without a SET in AG({self.n},3): the counting "
                    "argument alone rules them out")  # fmt: skip
        return (f"no {self.target} cards without a SET in AG({self.n},3): a fullest "
                f"hyperplane would hold {sizes} of them; {classes_phrase(classes)} of such slices, "
                f"{len(self.parts):,} parts, {self.nodes:,} nodes, none extends")  # fmt: skip


def prove(
    n: int, target: int, split: SplitOptions, progress: Progress | None = None,
    node_limit: int | None = None,
) -> Proof:  # fmt: skip
    """Run every part (on this process, local workers or a Dask cluster, resuming from the
    log of finished parts if one is given); `node_limit` bounds each part."""
    from puzzleviz.solvers.split.choose import engine_for
    from puzzleviz.solvers.split.run import run_parts

    job = proof_job(n, target)
    if node_limit is not None:
        job = dataclasses.replace(job, node_limit=node_limit)
    keys = proof_keys(job)
    if keys:
        with engine_for(split) as engine:
            parts = run_parts(job, keys, engine, log=split.log(), progress=progress)
    else:
        parts = []
    caps = [list(cap) for part in parts for cap in part.data.get("caps", [])]
    return Proof(n, target, job, parts, caps)

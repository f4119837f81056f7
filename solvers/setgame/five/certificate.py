"""`puzzleviz set verify LOG`: recheck the certificate a `solve set --prove K` run left.

The certificate is the proof's split log: a header naming n, K and the slice classes the
proof rests on, then one line per finished part. Verifying it means believing none of it:

1. the header's slice sizes are re-derived from the counting argument;
2. every slice class is a cap of its size, the classes are the classification's (and for
   the largest slices, they account for every cap of that size: the published count);
3. per class, the stabilizer is recomputed and checked to map the slice to itself, and its
   orbits on difference vectors must cover every vector once: those are the parts, and
   the log must hold each of them exactly once, none else, none cut short;
4. every part is searched again by reference.py's plainer search, which must agree with
   the log on its node count and find no cap of K cards.

A certificate failing any of these is refused in one line naming the line of the log at
fault. What each part covered is reported: its slice class's share of all slices of that
size, and its share of the difference vectors of slice 1.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.split.log import HEADER_START
from puzzleviz.solvers.split.parts import Key

if TYPE_CHECKING:
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.split.options import SplitOptions

MAX_BYTES = 64 << 20
# the published number of largest caps (20 cards) of AG(4,3): 682,344 SET-free 20-card layouts
MAXIMUM_CAPS = {4: (20, 682_344)}


class CertificateError(PuzzlevizError):
    """A certificate that does not check out: the CLI prints it as one line, exit 2."""


@dataclasses.dataclass(frozen=True)
class PartCheck:
    key: Key
    line: int
    nodes: int
    orbit: int
    orbit_size: int
    class_share: float  # of all slices of its size: caps in its class / all such caps
    vector_share: float  # of slice 1's difference vectors: orbit size / (3^(n-1) - 1)


@dataclasses.dataclass(frozen=True)
class ClassCheck:
    m: int
    number: int
    stabilizer: int
    caps: int  # slices of m cards in this class: |AGL(n-1,3)| / |Stab|
    parts: int


@dataclasses.dataclass
class Verification:
    path: Path
    n: int
    target: int
    classes: list[ClassCheck]
    parts: list[PartCheck]
    notes: list[str]

    @property
    def nodes(self) -> int:
        return sum(p.nodes for p in self.parts)

    def lines(self, each_part: bool = True) -> list[str]:
        out = [f"{self.path}: a certificate that AG({self.n},3) has no cap of {self.target} "
               "cards (no SET-free set of that many cards)"]  # fmt: skip
        out += [f"  {note}" for note in self.notes]
        by_class = {(c.m, c.number): c for c in self.classes}
        for (m, number), cls in by_class.items():
            mine = [p for p in self.parts if p.key[:2] == (m, number)]
            share = 100 * mine[0].class_share if mine else 0.0
            nodes = sum(p.nodes for p in mine)
            out.append(f"  slice of {m} cards, class {number}: stabilizer {cls.stabilizer:,}, "
                       f"{cls.caps:,} slices ({share:.3g}% of all {m}-card slices), "
                       f"{cls.parts} parts, {nodes:,} nodes rechecked")  # fmt: skip
            if each_part:
                out += [f"    part {p.key[2]} (line {p.line}): difference vectors of the orbit "
                        f"of {p.orbit} ({p.orbit_size}, {100 * p.vector_share:.3g}% of them), "
                        f"{p.nodes:,} nodes, no cap" for p in mine]  # fmt: skip
        out.append(f"verified: {len(self.parts):,} parts of {_classes_word(len(self.classes))}, "
                   f"{self.nodes:,} nodes, each rechecked: no cap of {self.target} cards in "
                   f"AG({self.n},3)")  # fmt: skip
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "certificate": str(self.path), "n": self.n, "no_cap_of": self.target,
            "verified": True, "nodes": self.nodes, "notes": self.notes,
            "classes": [dataclasses.asdict(c) for c in self.classes],
            "parts": [{**dataclasses.asdict(p), "key": list(p.key)} for p in self.parts],
        }  # fmt: skip


def read_certificate(path: Path) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """The header's job and the part lines (numbered from 1 as in the file); gzip-compressed
    logs (.gz) too. Anything but a whole split log of a proof is refused."""
    try:
        raw = path.read_bytes() if path.stat().st_size <= MAX_BYTES else None
    except OSError as exc:
        raise CertificateError(f"cannot read {path}: {exc.strerror or exc}") from None
    if raw is None:
        raise CertificateError(f"{path} is larger than a certificate can be ({MAX_BYTES >> 20} MB)")
    if raw[:2] == b"\x1f\x8b":  # read at most MAX_BYTES of it: a small file can unpack to GBs
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as unpacked:
                raw = unpacked.read(MAX_BYTES + 1)
        except (OSError, EOFError):
            raise CertificateError(f"{path} is a damaged gzip file") from None
        if len(raw) > MAX_BYTES:
            raise CertificateError(f"{path} unpacks to more than a certificate can be "
                                   f"({MAX_BYTES >> 20} MB)")  # fmt: skip
    if not raw.startswith(HEADER_START):
        raise CertificateError(f"{path} is not a proof's log (write one with "
                               "`puzzleviz solve set --prove K --split-log FILE`)")  # fmt: skip
    rows = []
    for number, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):
            raise CertificateError(f"{path}:{number}: a damaged line (not JSON)") from None
        if not isinstance(row, dict):
            raise CertificateError(f"{path}:{number}: not a line of a proof's log")
        rows.append((number, row))
    job = rows[0][1].get("job")
    if not isinstance(job, dict) or not isinstance(job.get("problem"), dict) \
            or "prove" not in job["problem"]:  # fmt: skip
        raise CertificateError(f"{path} is the log of another search, not of a proof "
                               "(`solve set --prove K`)")  # fmt: skip
    return job, rows[1:]


def agl_order(k: int) -> int:
    """|AGL(k,3)|: 3^k translations times |GL(k,3)|."""
    order: int = 3**k * math.prod(3**k - 3**i for i in range(k))
    return order


@dataclasses.dataclass(frozen=True)
class Certificate:
    """A certificate whose header and parts check out, before its parts are searched."""

    path: Path
    n: int
    target: int
    classes: list[ClassCheck]
    expected: dict[Key, tuple[list[int], list[list[int]]]]  # key -> (slice, orbits)
    found: dict[Key, tuple[int, dict[str, Any]]]  # key -> (line, what the log says)
    notes: list[str]  # the counting argument and the slice classes, as checked


def inspect(path: Path) -> Certificate:
    """Steps 1-3 of the module docstring: everything but searching the parts again."""
    job, rows = read_certificate(path)
    n, target, slices = _header(path, job)
    classes, expected = _classes(path, n, target, slices)
    notes = _notes(n, target, classes)
    found = _parts(path, rows, expected)
    return Certificate(path, n, target, classes, expected, found, notes)


def verify(path: Path, split: SplitOptions, progress: Progress | None = None) -> Verification:
    """Recheck the certificate at `path` (see the module docstring); raises
    CertificateError at the first thing that does not check out."""
    from puzzleviz.solvers.split.choose import engine_for

    cert = inspect(path)
    n, target, classes, expected = cert.n, cert.target, cert.classes, cert.expected
    checks = []
    calls = [(key, n, target, expected[key][0], [0, expected[key][1][key[2] - 1][0]],
              [v for orbit in expected[key][1][: key[2] - 1] for v in orbit])
             for key in cert.found]  # fmt: skip
    if progress is not None:
        progress.label = f"set verify: parts on {split.workers} worker(s)"
        progress.unit = "parts"
        progress.total = len(calls)
    with engine_for(split) as engine:  # results come as parts finish: each names its key
        rechecked = dict(_progressing(engine.run(_recheck, calls), progress))
    share_of: dict[Key, float] = {
        (c.m, c.number): c.caps / sum(d.caps for d in classes if d.m == c.m) for c in classes
    }
    vectors = 3 ** (n - 1) - 1
    for key, (line, row) in cert.found.items():
        nodes, caps = rechecked[key]
        if caps:
            raise CertificateError(f"{path}:{line}: part {_name(key)} holds a cap of {target} "
                                   "cards when searched again: the claim is false")  # fmt: skip
        if nodes != row["nodes"]:
            raise CertificateError(
                f"{path}:{line}: part {_name(key)} was altered: the log says {row['nodes']:,} "
                f"nodes, searching it again takes {nodes:,}"
            )
        orbit = expected[key][1][key[2] - 1]
        checks.append(PartCheck(key, line, nodes, orbit[0], len(orbit), share_of[key[:2]],
                                len(orbit) / vectors))  # fmt: skip
    return Verification(path, n, target, classes, checks, cert.notes)


def _recheck(key: Key, n: int, target: int, rep: Sequence[int], slice1: Sequence[int],
             differences: Sequence[int]) -> tuple[Key, tuple[int, int]]:  # fmt: skip
    """One part searched again: its key (parts finish in any order) and (nodes, caps)."""
    from puzzleviz.solvers.setgame.five.reference import recheck_part

    return key, recheck_part(n, target, rep, slice1, differences)


def _progressing(results: Any, progress: Progress | None) -> Any:
    for done, result in enumerate(results, start=1):
        if progress is not None:
            progress.update(done)
        yield result


def _header(path: Path, job: dict[str, Any]) -> tuple[int, int, dict[int, list[list[int]]]]:
    from puzzleviz.solvers.setgame.five.proof import DIMENSIONS, slice_sizes

    problem = job["problem"]
    try:
        n, target = int(problem["n"]), int(problem["prove"])
        slices = {int(m): [[int(c) for c in rep] for rep in reps]
                  for m, reps in problem["slices"].items()}  # fmt: skip
    except (KeyError, TypeError, ValueError, AttributeError):
        raise CertificateError(f"{path}:1: the header does not name n, K and the slices") from None
    if n not in DIMENSIONS or not 0 < target <= 3**n:
        raise CertificateError(f"{path}:1: a proof for n = {n}, K = {target} is not one we check")
    sizes = slice_sizes(n, target)
    if sorted(slices) != sorted(sizes):
        raise CertificateError(
            f"{path}:1: the slices have {sorted(slices)} cards, but the counting argument "
            f"leaves {sorted(sizes)}"
        )
    return n, target, slices


def _classes(
    path: Path, n: int, target: int, slices: dict[int, list[list[int]]]
) -> tuple[list[ClassCheck], dict[Key, tuple[list[int], list[list[int]]]]]:
    """The slice classes re-derived and checked; the parts they make: key -> (rep, orbits)."""
    from puzzleviz.solvers.setgame.fast import cap_classes
    from puzzleviz.solvers.setgame.five.extension import make_branch
    from puzzleviz.solvers.setgame.five.group import stabilizer
    from puzzleviz.solvers.setgame.geometry import affine_space

    sub = affine_space(n - 1)
    checks: list[ClassCheck] = []
    expected: dict[Key, tuple[list[int], list[list[int]]]] = {}
    for m in sorted(slices, reverse=True):
        reps = slices[m]
        for rep in reps:
            if len(set(rep)) != m or not _is_cap(sub.third, rep):
                raise CertificateError(f"{path}:1: a slice of {m} cards in the header is not a "
                                       f"cap of {m} cards: {rep}")  # fmt: skip
        ours = [sorted(c.canonical) for c in cap_classes(n - 1, m)]
        if sorted(map(sorted, reps)) != sorted(ours):
            raise CertificateError(f"{path}:1: the {m}-card slices are not the {len(ours)} "
                                   f"classes of {m}-caps of AG({n - 1},3)")  # fmt: skip
        for number, rep in enumerate(reps, start=1):
            perms = stabilizer(sub, rep)
            inside = set(rep)
            if any({int(p[c]) for c in rep} != inside for p in perms):
                raise CertificateError(f"{path}:1: a symmetry of slice {m}/{number} moves it")
            branch = make_branch(n, target, rep)
            covered = sorted(v for orbit in branch.orbits for v in orbit)
            if covered != list(range(1, sub.size)) or branch.stabilizer != len(perms):
                raise CertificateError(f"{path}:1: the parts of slice {m}/{number} do not cover "
                                       "every difference vector once")  # fmt: skip
            orbits = [list(o) for o in branch.orbits]
            for part in range(1, len(orbits) + 1):
                expected[(m, number, part)] = (list(rep), orbits)
            caps = agl_order(n - 1) // branch.stabilizer  # the slices of this class
            checks.append(ClassCheck(m, number, branch.stabilizer, caps, len(orbits)))
    return checks, expected


def _is_cap(third: Any, cards: Sequence[int]) -> bool:
    """No three of `cards` on a line, checked pair by pair (a plain check, no bitsets)."""
    inside = set(cards)
    return all(int(third[a, b]) not in inside for i, a in enumerate(cards) for b in cards[:i])


def _parts(
    path: Path, rows: list[tuple[int, dict[str, Any]]], expected: dict[Key, Any]
) -> dict[Key, tuple[int, dict[str, Any]]]:
    """Every expected part, found once, whole and unaltered in what it says of itself."""
    found: dict[Key, tuple[int, dict[str, Any]]] = {}
    for line, row in rows:
        try:
            key = tuple(int(k) for k in row["key"])
            nodes, stopped, data = int(row["nodes"]), row["stopped"], row["data"]
            orbit, fixed = int(data["orbit"]), [int(c) for c in data["fixed"]]
            solutions = int(data["solutions"])
        except (KeyError, TypeError, ValueError):
            raise CertificateError(f"{path}:{line}: not a part of a proof's log") from None
        if key not in expected:
            raise CertificateError(f"{path}:{line}: part {_name(key)} is not a part of this proof")
        if key in found:
            raise CertificateError(f"{path}:{line}: part {_name(key)} appears twice (also line "
                                   f"{found[key][0]})")  # fmt: skip
        orbits = expected[key][1]
        block = sum(len(o) for o in orbits) + 1  # slice 1 starts at card 3^(n-1)
        if stopped or nodes < 0:
            raise CertificateError(f"{path}:{line}: part {_name(key)} was cut short")
        if orbit != orbits[key[2] - 1][0] or fixed != [block, block + orbit]:
            raise CertificateError(f"{path}:{line}: part {_name(key)} was altered: it names "
                                   "other cards than its part's")  # fmt: skip
        if solutions:
            raise CertificateError(f"{path}:{line}: part {_name(key)} found a cap: the log "
                                   "does not prove the claim")  # fmt: skip
        found[key] = (line, {"nodes": nodes})
    missing = [key for key in expected if key not in found]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise CertificateError(
            f"{path}: part {_name(missing[0])}{more} missing: the certificate is incomplete "
            "(resume the proof with its log)"
        )
    return {key: found[key] for key in expected}


def _notes(n: int, target: int, classes: list[ClassCheck]) -> list[str]:
    from puzzleviz.solvers.setgame.five.proof import slice_sizes

    sizes = slice_sizes(n, target)
    notes = [f"counting argument: a fullest hyperplane of a {target}-cap holds "
             f"{' or '.join(map(str, sorted(sizes)))} of its cards (re-derived)"]  # fmt: skip
    for m in sorted(sizes, reverse=True):
        mine = [c for c in classes if c.m == m]
        total = sum(c.caps for c in mine)
        line = (
            f"{m}-card slices: {_classes_word(len(mine))}, {total:,} caps of AG({n - 1},3) in all"
        )
        published = MAXIMUM_CAPS.get(n - 1)
        if published and published[0] == m:
            if total != published[1]:
                raise CertificateError(f"the {m}-card slice classes hold {total:,} caps, not "
                                       f"the published {published[1]:,}")  # fmt: skip
            line += f" (the published count: {published[1]:,})"
        notes.append(line)
    return notes


def _name(key: Key) -> str:
    return "/".join(map(str, key))


def _classes_word(count: int) -> str:
    from puzzleviz.solvers.setgame.five.proof import classes_phrase

    return classes_phrase(count, "slice class")

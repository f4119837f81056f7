"""Cube subtrees as the parts of a split run (`puzzleviz solve cube --all|--classes
--workers N / --scheduler ADDRESS / --split-log FILE`), on the engines of solvers.split.

The exact search already starts from fixed first placements: its roots (`breaking`: one
placement per orbit of the first object, then of the next, each root weighted by its orbit
sizes; the plain search has the one empty root). The roots partition the search, and so do
the choices the kernel makes first below a root. A part is plain data: the puzzle's
definition, whether the roots are the symmetry-broken ones, the node limit per part, and
its key: (first root, end root) for a run of consecutive roots, or (root, root + 1, first
choice[, second choice]) for a subtree below one root. A worker rebuilds the same roots
from the definition (a function of the puzzle) and searches its roots, with the choices
forced, with the one process's own `exact._search`.

Parts: a puzzle with at least TARGET_PARTS roots is cut between roots (runs of them beyond
MAX_PARTS); one with fewer (the plain search's single root, Bedlam's 16) has each root split
by the choices the kernel tries first there, and again one level down while there are still
fewer than TARGET_PARTS, so that the work balances. Fixed by the puzzle, never by the
number of workers.

The merge folds the parts in the order of their keys, which is the order the one search
meets them in (roots in order; below a root, the kernel's choices in the order it tries
them, read from the kernel itself, `first_choices`, because the general and the one-word
kernel branch differently): the rows of found fillings concatenate into exactly the rows
one process finds, the weighted counts add up, and `solve_exact` then makes its classes
(the first filling found of each class is kept, so the order matters), its expansion into
every filling and its JSON from them as it always does: the same counts, classes and
bytes whatever the number of workers, and the same nodes (`inner_nodes`).
"""

from __future__ import annotations

import functools
import json
import threading
from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers.cube.breaking import Roots, symmetry_roots
from puzzleviz.solvers.cube.exact import _captions, _root_state, _search, _Searched
from puzzleviz.solvers.cube.group import puzzle_group
from puzzleviz.solvers.cube.puzzle import CubePuzzle, _piece_type
from puzzleviz.solvers.cube.runs import PackedRun, PlainRun, uses_packed
from puzzleviz.solvers.cube.tables import ExactTables, exact_tables
from puzzleviz.solvers.split.choose import engine_for
from puzzleviz.solvers.split.parts import Job, Key, PartResult, SplitError
from puzzleviz.solvers.split.run import run_parts
from puzzleviz.solvers.tracer import NULL_TRACER, Tracer

if TYPE_CHECKING:
    from collections.abc import Callable

    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.split.options import SplitOptions

RUNNER = "puzzleviz.solvers.cube.split_parts:search_part"
WARM = "puzzleviz.solvers.cube.split_parts:warm"
TARGET_PARTS = 64  # fewer roots than this: each split by the kernel's first choices
MAX_LEVELS = 2  # ... at most two levels down
MAX_PARTS = 256  # more roots than this are searched in runs of consecutive roots
NO_LIMIT = 1 << 62


def cube_job(puzzle: CubePuzzle, *, symmetric: bool, node_limit: int | None = None) -> Job:
    """The job of a split exact search: the puzzle as plain data (refused, in one line, if
    the plain data would not give back this very puzzle on a worker)."""
    if puzzle_from_definition(puzzle.definition()) != puzzle:
        raise SplitError(f"the cube puzzle {puzzle.title!r} cannot be sent to workers as data")
    problem = {"puzzle": puzzle.definition(), "symmetric": symmetric}
    limit = NO_LIMIT if node_limit is None else node_limit
    return Job("cube", RUNNER, problem, limit, warm=WARM)


def puzzle_from_definition(definition: dict[str, Any]) -> CubePuzzle:
    """The puzzle of `CubePuzzle.definition()`, hole type and shape included, as it was
    (not re-checked: it was checked when the user's file was read)."""
    pieces = definition["pieces"]
    shape = definition.get("shape")
    return CubePuzzle(
        box=(int(definition["box"][0]), int(definition["box"][1]), int(definition["box"][2])),
        types=tuple(_piece_type(entry, i) for i, entry in enumerate(pieces)),
        title=str(definition.get("title", "")),
        shape=None if shape is None else frozenset(int(c) for c in shape),
        optional=frozenset(int(c) for c in definition.get("optional", ())),
        cell_colours=tuple(int(c) for c in definition.get("cell_colours", ())),
        colour_pairs=frozenset((int(p), int(c)) for p, c in definition.get("colour_pairs", ())),
    )


def part_keys(tables: ExactTables, roots: Roots) -> list[Key]:
    """The parts' keys in the order the one search meets them (see the module's
    docstring)."""
    if roots.n >= TARGET_PARTS:
        parts = min(roots.n, MAX_PARTS)
        bounds = [roots.n * k // parts for k in range(parts + 1)]
        return [(bounds[k], bounds[k + 1]) for k in range(parts)]
    keys: list[Key] = [(r, r + 1) for r in range(roots.n)]
    for _ in range(MAX_LEVELS):
        if len(keys) >= TARGET_PARTS:
            break
        below: list[Key] = []
        for key in keys:
            fixed = (*roots.placements[key[0]], *key[2:])
            # a choice the parity bound prunes is never a node of the one search: no deeper
            choices = first_choices(tables, fixed) if _parity_ok(tables, fixed) else []
            below += [(*key, c) for c in choices] if choices else [key]
        keys = below
    return keys


def _parity_ok(tables: ExactTables, fixed: tuple[int, ...]) -> bool:
    """The slab parity bound the kernels apply to a piece just placed (see `bounds`)."""
    counts, _, par, _ = _root_state(tables, fixed)
    limit = counts @ tables.parity.max_flips
    return all(int(par[a]).bit_count() <= int(limit[a]) for a in range(3))


def inner_nodes(keys: list[Key]) -> int:
    """The nodes above the parts: each root or choice split further was a node of the one
    search (its first node), which no part counts."""
    return len({key[:k] for key in keys for k in range(2, len(key))})


def first_choices(tables: ExactTables, fixed: tuple[int, ...]) -> list[int]:
    """The placements the search tries first below `fixed`, in the order it tries them
    (none at a dead end or with fewer than two pieces left): the kernel `exact._search`
    runs there, stopped after its first node."""
    n_left = tables.puzzle.n_pieces - len(fixed)
    if n_left < 2:
        return []
    counts, occ, par, free = _root_state(tables, fixed)
    root = (counts, occ, par, free)
    if uses_packed(tables, NULL_TRACER):
        packed = PackedRun(tables, root, n_left, 0)
        packed.step(1, 0)
        return [int(p) for p in packed.aid[1, packed.branches[1, : packed.nbranch[1]]]]
    captions = _captions(tables.puzzle, NULL_TRACER)
    plain = PlainRun(tables, root, n_left, NULL_TRACER, captions, 0)
    plain.step(1, 0)
    return [int(p) for p in plain.branches[0, : plain.nbranch[0]]]


def splitter(options: SplitOptions) -> Callable[..., _Searched]:
    """A searcher for `solve_exact(searcher=...)` that splits on the engine of `options`."""
    return functools.partial(search_split, options)


def search_split(
    options: SplitOptions,
    tables: ExactTables,
    roots: Roots,
    *,
    max_solutions: int,
    tracer: Tracer,
    progress: Progress | None,
    node_limit: int | None,
) -> _Searched:
    """What `exact._search` returns for these roots, searched as parts on the engine."""
    if max_solutions or tracer.enabled:
        raise ValueError("a split cube search finds every solution and records nothing")
    symmetric = not (roots.n == 1 and roots.placements[0] == ())
    job = cube_job(tables.puzzle, symmetric=symmetric, node_limit=node_limit)
    if _prepared(job)[1].placements != roots.placements:
        raise SplitError("the workers would search other roots than this process")
    with engine_for(options) as engine:
        keys = part_keys(tables, roots)
        parts = run_parts(job, keys, engine, log=options.log(), progress=progress)
    return merge(tables, parts)


def merge(tables: ExactTables, parts: list[PartResult]) -> _Searched:
    """The parts' fillings in the order of their keys, their weighted counts and nodes
    added (and the nodes above them: the same nodes as one process)."""
    n_pieces = tables.puzzle.n_pieces
    rows = [np.array(p.data["rows"], dtype=np.int32).reshape(-1, n_pieces) for p in parts]
    stopped = any(p.stopped for p in parts)
    return _Searched(
        rows=np.concatenate(rows) if rows else np.zeros((0, n_pieces), dtype=np.int32),
        count=sum(int(p.data["count"]) for p in parts),
        nodes=sum(p.nodes for p in parts) + inner_nodes([p.key for p in parts]),
        stopped=stopped,
        finished=not stopped,
    )


# -- what the workers run (imported by name) ------------------------------------------------

_cache: dict[str, tuple[ExactTables, Roots]] = {}
_cache_lock = threading.Lock()


def _prepared(job: Job) -> tuple[ExactTables, Roots]:
    """The tables and the roots of the job's puzzle, built once per process."""
    key = json.dumps(job.problem, separators=(",", ":"))  # the node limit aside
    with _cache_lock:
        if key not in _cache:
            puzzle = puzzle_from_definition(job.problem["puzzle"])
            tables = exact_tables(puzzle)
            if job.problem["symmetric"]:
                roots = symmetry_roots(puzzle, tables.placements, puzzle_group(puzzle))
            else:
                roots = Roots([()], np.ones(1, dtype=np.int64))
            _cache[key] = (tables, roots)
        return _cache[key]


def search_part(job: Job, key: Key) -> PartResult:
    """Every filling below the roots first..end, or below one root with the key's choices
    forced (rows of placement indices, in the order found), and their weighted count."""
    first, end, *choices = key
    tables, roots = _prepared(job)
    if choices:
        fixed = (*roots.placements[first], *choices)
        if not _parity_ok(tables, fixed):  # the one search takes it back at once: no node
            return PartResult(key, {"rows": [], "count": 0})
        mine = Roots([fixed], roots.weights[first:end])
    else:
        mine = Roots(roots.placements[first:end], roots.weights[first:end])
    searched = _search(tables, mine, max_solutions=0, tracer=NULL_TRACER, progress=None,
                       node_limit=job.node_limit)  # fmt: skip
    data = {"rows": searched.rows.tolist(), "count": int(searched.count)}
    return PartResult(key, data, searched.nodes, stopped=searched.stopped)


def warm(job: Job) -> None:
    """Build the tables and roots, and load the kernels (one chunk of the first part)."""
    if _prepared(job)[1].n:
        search_part(Job(job.puzzle, job.runner, job.problem, 1), (0, 1))

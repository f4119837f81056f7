"""Cube subtrees as the parts of a split run (`puzzleviz solve cube --all|--classes
--workers N / --scheduler ADDRESS / --split-log FILE`), on the engines of solvers.split.

The exact search already starts from fixed first placements: its roots (`breaking`: one
placement per orbit of the first object, then of the next, each root weighted by its orbit
sizes; the plain search has the one empty root). The roots partition the search, so a part
is a run of consecutive roots, plain data: the puzzle's definition, whether the roots are
the symmetry-broken ones, the node limit per part, and the key (first root, end root).
A worker rebuilds the same roots from the definition (they are a function of the puzzle)
and searches them with the one process's own `exact._search`; so whichever kernel that
search uses, a part finds the fillings of its roots in the order one process finds them.

The merge folds the parts in the order of their keys, which is the order of the roots:
the rows of found fillings concatenate into exactly the rows one process finds, the
weighted counts add up, and `solve_exact` then makes its classes, its expansion into every
filling and its JSON from them as it always does: the same counts, classes and bytes
whatever the number of workers. Only the nodes may differ (a part's own first node).

Why whole roots and not the kernel's first choices below them: which cell a kernel branches
on first is its own business (the general and the one-word kernel choose differently), and
the order of the fillings, which decides the one filling kept per class, follows it. Roots
are chosen outside the kernels, so cutting between them keeps the order by construction.
Most puzzles have enough of them to balance (Conway 222, Soma 51, Slothouber-Graatsma 26,
Bedlam 16); a puzzle with more than MAX_PARTS roots gets runs of consecutive roots.
"""

from __future__ import annotations

import functools
import json
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

from solvers.cube.breaking import Roots, symmetry_roots
from solvers.cube.exact import _search, _Searched
from solvers.cube.puzzle import CubePuzzle, _piece_type
from solvers.cube.tables import ExactTables, exact_tables
from solvers.split.parts import Job, Key, PartResult, SplitError
from solvers.tracer import NULL_TRACER, Tracer

if TYPE_CHECKING:
    from collections.abc import Callable

    from solvers.progress import Progress
    from solvers.split.options import SplitOptions

RUNNER = "solvers.cube.split_parts:search_part"
WARM = "solvers.cube.split_parts:warm"
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
    )


def part_keys(n_roots: int) -> list[Key]:
    """(first root, end root) of each part: one root each, or runs of consecutive roots
    when there are more than MAX_PARTS. Fixed by the puzzle, never by the workers."""
    parts = min(n_roots, MAX_PARTS)
    bounds = [n_roots * k // parts for k in range(parts + 1)]
    return [(bounds[k], bounds[k + 1]) for k in range(parts)]


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
    from solvers.split.choose import engine_for
    from solvers.split.run import run_parts

    if max_solutions or tracer.enabled:
        raise ValueError("a split cube search finds every solution and records nothing")
    symmetric = not (roots.n == 1 and roots.placements[0] == ())
    job = cube_job(tables.puzzle, symmetric=symmetric, node_limit=node_limit)
    if _prepared(job)[1].placements != roots.placements:
        raise SplitError("the workers would search other roots than this process")
    with engine_for(options) as engine:
        parts = run_parts(job, part_keys(roots.n), engine, log=options.log(), progress=progress)
    return merge(tables, parts)


def merge(tables: ExactTables, parts: list[PartResult]) -> _Searched:
    """The parts' fillings in the order of their roots, their weighted counts added."""
    n_pieces = tables.puzzle.n_pieces
    rows = [np.array(p.data["rows"], dtype=np.int32).reshape(-1, n_pieces) for p in parts]
    stopped = any(p.stopped for p in parts)
    return _Searched(
        rows=np.concatenate(rows) if rows else np.zeros((0, n_pieces), dtype=np.int32),
        count=sum(int(p.data["count"]) for p in parts),
        nodes=sum(p.nodes for p in parts),
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
            from solvers.cube.group import puzzle_group

            puzzle = puzzle_from_definition(job.problem["puzzle"])
            tables = exact_tables(puzzle)
            if job.problem["symmetric"]:
                roots = symmetry_roots(puzzle, tables.placements, puzzle_group(puzzle))
            else:
                roots = Roots([()], np.ones(1, dtype=np.int64))
            _cache[key] = (tables, roots)
        return _cache[key]


def search_part(job: Job, key: Key) -> PartResult:
    """Every filling below the roots first..end (rows of placement indices, in the order
    found) and their weighted count."""
    first, end = key
    tables, roots = _prepared(job)
    mine = Roots(roots.placements[first:end], roots.weights[first:end])
    searched = _search(tables, mine, max_solutions=0, tracer=NULL_TRACER, progress=None,
                       node_limit=job.node_limit)  # fmt: skip
    data = {"rows": searched.rows.tolist(), "count": int(searched.count)}
    return PartResult(key, data, searched.nodes, stopped=searched.stopped)


def warm(job: Job) -> None:
    """Build the tables and roots, and load the kernels (one chunk of the first part)."""
    if _prepared(job)[1].n:
        search_part(Job(job.puzzle, job.runner, job.problem, 1), (0, 1))

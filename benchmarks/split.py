"""Split runs on each engine: one process, 2 local Dask workers, the old local process pool.

    .venv/bin/python benchmarks/split.py                 # digits, SET, rings, cube, empty
    .venv/bin/python benchmarks/split.py --only digits   # just this case
    .venv/bin/python benchmarks/split.py --set-nodes 2e5 # node limit of each SET part
    .venv/bin/python benchmarks/split.py --only bedlam   # Bedlam's classes (minutes)
    .venv/bin/python benchmarks/split.py --only digits-half  # about an hour on 2 cores

The cases, the same parts on every engine (solvers.split), so the answers must agree (the
digest column: a hash of the merged JSON):
- digits: the whole block search, its 31 positions of the 8 as parts;
- digits-half (only when asked): the half-block search, 94 parts, about 17 minutes on 2
  cores per engine (its band table alone is 2 CPU minutes, built by each process once);
- set: v = 4, n = 3 (64 cards), the bounded TryFrom with card 0 fixed, split by the second
  card into 63 parts of at most --set-nodes nodes each (the whole search does not end in
  hours; a limit per part is deterministic, so every engine finds the same);
- rings: --rings-states uniform random states of the original 2/20/2/4 (seeds 0...), one
  per part, each searched to --rings-nodes nodes (God's-number sampling as parts,
  solvers.rings.optimal.batch; a node limit gives every engine the same bounds);
- cube: Conway's 5x5x5 puzzle, every filling (--all): its 222 symmetry roots as parts
  (solvers.cube.split_parts), the classes made from the merged rows;
- bedlam (only when asked): Bedlam's classes: 16 roots, each split by the kernel's first
  choices (355 parts), 48 million nodes;
- empty: 200 parts that do nothing, to measure what a part costs an engine by itself.

Columns: wall seconds from the engine's start to the merged answer (start-up and warm-up
included, also shown alone), CPU seconds inside the parts (each worker's thread), CPU of
every process (this one and its children, reaped when the engine closes), and the overhead
per part: (wall x workers - CPU in parts) / parts, which counts start-up, transport and idle
workers at the end. The machine is shared: the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from puzzleviz.solvers.split.engines import Engine, InProcess, ProcessPool  # noqa: E402
from puzzleviz.solvers.split.parts import Job, Key, PartResult  # noqa: E402
from puzzleviz.solvers.split.run import run_parts  # noqa: E402

EMPTY_PARTS = 200


def noop_part(job: Job, key: Key) -> PartResult:
    return PartResult(key, {"k": key[0]})


def load_note() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"


Answer = Callable[[list[PartResult]], object]


def digits_case(granularity: str) -> tuple[Job, list[Key], Answer]:
    from puzzleviz.solvers.digits.exact import prepare
    from puzzleviz.solvers.digits.parallel import digits_job, merge, root_choices
    from puzzleviz.solvers.digits.puzzle import default_puzzle

    puzzle = default_puzzle()
    total = root_choices(puzzle, granularity)
    setup = prepare(puzzle, granularity)

    def answer(parts: list[PartResult]) -> object:
        result = merge(setup, total, parts)
        return {"count": result.count, "classes": len(result.classes), "json": result.to_json()}

    return digits_job(puzzle, granularity), [(r,) for r in range(total)], answer


def set_case(nodes: int) -> tuple[Job, list[Key], Callable[[list[PartResult]], object]]:
    from puzzleviz.solvers.setgame.board import Board
    from puzzleviz.solvers.setgame.model import SetGameModel
    from puzzleviz.solvers.setgame.split import first_cards, merge, set_job

    board = Board(SetGameModel(4, 3))
    board.place(0)  # the symmetric search fixes card 0 (search._search_board)
    job = set_job(board, "bounded", symmetric=True, target=1, keep=1000, hyperplane_cap=None,
                  node_limit=nodes)  # fmt: skip

    def answer(parts: list[PartResult]) -> object:
        best, caps, found = merge(job, parts)
        return {"max": best, "found": found, "caps": caps}

    return job, first_cards(job), answer


def rings_case(states: int, nodes: int) -> tuple[Job, list[Key], Answer]:
    from puzzleviz.solvers.rings.optimal.batch import batch_keys, merge, uniform_job

    job = uniform_job("2/20/2/4", 0, states, max_nodes=nodes)
    return job, batch_keys(job), lambda parts: merge(job, parts).to_json()


def cube_case(name: str) -> tuple[Job, list[Key], Answer]:
    from puzzleviz.solvers.cube.breaking import symmetry_roots
    from puzzleviz.solvers.cube.exact import exact_tables
    from puzzleviz.solvers.cube.files import load_puzzle
    from puzzleviz.solvers.cube.group import puzzle_group
    from puzzleviz.solvers.cube.split_parts import cube_job, merge, part_keys

    puzzle = load_puzzle(name)
    tables = exact_tables(puzzle)
    roots = symmetry_roots(puzzle, tables.placements, puzzle_group(puzzle))

    def answer(parts: list[PartResult]) -> object:
        searched = merge(tables, parts)
        return {"count": searched.count, "nodes": searched.nodes, "rows": searched.rows.tolist()}

    return cube_job(puzzle, symmetric=True), part_keys(tables, roots), answer


def empty_case() -> tuple[Job, list[Key], Callable[[list[PartResult]], object]]:
    job = Job("empty", "benchmarks.split:noop_part", {})
    return job, [(k,) for k in range(EMPTY_PARTS)], lambda parts: [p.data for p in parts]


ENGINES = ("process", "dask", "pool")


def engines(wanted: tuple[str, ...] = ENGINES) -> list[tuple[str, Callable[[], Engine]]]:
    """The engines asked for, in the order asked (a long case may run the slowest last)."""
    from puzzleviz.solvers.split.dasks import DaskEngine

    every: dict[str, tuple[str, Callable[[], Engine]]] = {
        "process": ("1 process", InProcess),
        "dask": ("2 Dask workers", lambda: DaskEngine(workers=2)),
        "pool": ("pool of 2", lambda: ProcessPool(2)),
    }
    return [every[name] for name in wanted]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench(
    name: str,
    case: tuple[Job, list[Key], Callable[[list[PartResult]], object]],
    wanted: tuple[str, ...] = ENGINES,
) -> None:
    job, keys, answer = case
    for engine_name, make in engines(wanted):
        wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
        with make() as engine:
            if job.warm is not None:  # start the workers (and warm them) apart, to show it
                list(engine.parts(Job(job.puzzle, job.runner, job.problem, 1, job.warm), []))
            started = time.perf_counter() - wall
            parts = run_parts(job, keys, engine)
            workers = max(engine.workers, 1)
        wall = time.perf_counter() - wall
        everyone = time.process_time() - cpu + _children_cpu() - children
        in_parts = sum(p.cpu_s for p in parts)
        text = json.dumps(answer(parts), sort_keys=True)
        digest = hashlib.sha256(text.encode()).hexdigest()[:12]
        overhead = (wall * workers - in_parts) / len(keys)
        print(
            f"| {name} | {engine_name} | {wall:.1f} | {started:.1f} | {in_parts:.1f} | "
            f"{everyone:.1f} | {overhead * 1000:,.0f} ms | {digest} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="digits,set,rings,cube,empty")
    parser.add_argument("--set-nodes", type=float, default=3e5, help="node limit per SET part")
    parser.add_argument("--rings-states", type=int, default=12, help="rings: states (parts)")
    parser.add_argument("--rings-nodes", type=float, default=1e6, help="rings: nodes per state")
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help=f"comma list, in the order to run: {', '.join(ENGINES)}")  # fmt: skip
    args = parser.parse_args()
    order = tuple(args.engines.split(","))
    if not order or any(e not in ENGINES for e in order):
        parser.error(f"--engines takes a comma list of {', '.join(ENGINES)}")
    wanted = args.only.split(",")
    print(f"split benchmark; {load_note()}")
    print("| case | engine | wall s | of which start | CPU in parts s | CPU all s | "
          "overhead per part | digest |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|")
    if "digits" in wanted:
        from puzzleviz.solvers.digits.exact import solve
        from puzzleviz.solvers.digits.puzzle import default_puzzle

        solve(default_puzzle(), "mesh", node_limit=10)  # compile here, not in the first row
        bench("digits block, 31 parts", digits_case("block"), order)
    if "digits-half" in wanted:  # about 2,000 CPU s per engine: only when asked
        bench("digits half, 94 parts", digits_case("half"), order)
    if "set" in wanted:
        name = f"SET v4 n3, 63 parts of {args.set_nodes:,.0f} nodes"
        bench(name, set_case(int(args.set_nodes)), order)
    if "rings" in wanted:
        states, nodes = args.rings_states, int(args.rings_nodes)
        name = f"rings 2/20/2/4, {states} states of {nodes:,} nodes"
        bench(name, rings_case(states, nodes), order)
    if "cube" in wanted:
        bench("cube Conway --all, 222 roots", cube_case("conway"), order)
    if "bedlam" in wanted:
        bench("cube Bedlam --classes, 16 roots split", cube_case("bedlam"), order)
    if "empty" in wanted:
        bench(f"empty, {EMPTY_PARTS} parts", empty_case(), order)
    print(f"done; {load_note()}")


if __name__ == "__main__":
    main()

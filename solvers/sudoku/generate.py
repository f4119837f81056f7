"""Puzzle generator: a random complete grid, then clues removed (in 180-degree symmetric
pairs) while the solution stays unique. Reproducible from a seed.

Used by the soundness tests (random puzzles of every size) and to build the benchmark's
hard list:  python -m solvers.sudoku.generate --size 9 --count 5000 --seed 1 --min-rating 3.6
"""

from __future__ import annotations

import argparse
import sys

import numpy as np
from puzzleviz.solvers.arrays import Int32Array, Int64Array
from puzzleviz.solvers.interrupt import current_control, raise_if_stopped
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.sudoku.arrays import Grid
from puzzleviz.solvers.sudoku.bruteforce import random_grid, search
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.parse import Puzzle
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.techniques import parse_selection


@njit(cache=True)
def _remove_clues(
    grid: Grid,
    order: Int64Array,
    fixed: Grid,
    symmetric: bool,
    house_cells: Int32Array,
    peers: Int32Array,
    n: int,
    max_nodes: int,
    control: Int64Array,
) -> Grid:
    """`grid`'s clues removed in `order` (with their 180-degree mirrors if `symmetric`)
    while the solution stays unique; cells where `fixed` is set are never removed (a
    planted pattern's clues). One kernel call: a 9x9 puzzle's removal takes 1.9 ms here
    against 4.0 ms as a Python loop of uniqueness checks (practice_plant's, measured)."""
    ncell = grid.shape[0]
    givens = grid.copy()
    cand = np.empty(ncell, dtype=np.int32)
    solution = np.empty(ncell, dtype=np.int32)
    full = (1 << n) - 1
    for c in order:
        mirror = ncell - 1 - c if symmetric else c
        if givens[c] == 0 or fixed[c] != 0 or fixed[mirror] != 0:
            continue
        keep_c, keep_m = givens[c], givens[mirror]
        givens[c] = 0
        givens[mirror] = 0
        for i in range(ncell):
            cand[i] = full if givens[i] == 0 else 1 << (givens[i] - 1)
        count = search(cand, house_cells, peers, 2, False, 0, max_nodes, solution, control)
        if count != 1:
            givens[c] = keep_c
            givens[mirror] = keep_m
    return givens


def remove_clues(
    b: int,
    grid: Grid,
    order: np.ndarray,
    *,
    fixed: frozenset[int] = frozenset(),
    symmetric: bool = True,
    max_nodes: int = 0,
) -> Grid:
    """`grid` with its clues removed in `order` while the solution stays unique (see
    _remove_clues); the `fixed` cells are kept. A stop request ends it (SearchStopped)."""
    geo = geometry(b)
    kept = np.zeros(geo.ncell, dtype=np.int32)
    kept[sorted(fixed)] = 1
    control = current_control()
    givens = _remove_clues(np.asarray(grid, dtype=np.int32), order.astype(np.int64), kept,
                           symmetric, geo.house_cells, geo.peers, geo.n, max_nodes,
                           control)  # fmt: skip
    raise_if_stopped(control)
    return givens


def generate(b: int, seed: int, max_nodes: int = 20_000) -> Puzzle:
    """One puzzle with a unique solution (minimal for symmetric removal on 9x9; for 16x16 a
    search that needs more than `max_nodes` nodes keeps the clue, so puzzles stay fast)."""
    geo = geometry(b)
    grid = random_grid(b, seed)
    order = np.random.default_rng(seed).permutation(geo.ncell)
    givens = remove_clues(b, grid, order, max_nodes=max_nodes)
    givens.setflags(write=False)
    return Puzzle(b, givens, f"generated seed {seed}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=9, choices=(4, 9, 16))
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-rating", type=float, default=0.0)
    args = parser.parse_args(argv)
    b = {4: 2, 9: 3, 16: 4}[args.size]
    logic = parse_selection("all,-guess")
    for k in range(args.count):
        seed = args.seed + k
        puzzle = generate(b, seed)
        result = solve(puzzle, logic, names=None)
        rating = result.rating if result.solved else 10.0
        if rating >= args.min_rating:
            print(f"{puzzle.text()} seed={seed} rating={rating:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

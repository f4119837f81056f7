"""Short pure-Python references the tests check the numba kernels against: an exact-cover
counter and the seed's stochastic loop, written as plainly as the seed's Pascal."""

from __future__ import annotations

import itertools
from typing import Any

from puzzleviz.solvers.cube.puzzle import CubePuzzle

M64 = (1 << 64) - 1

Cell = tuple[int, int, int]
Pose = tuple[int, int, int, int]  # orientation, x, y, z


def count_fillings(puzzle: CubePuzzle) -> int:
    """Fill the lowest empty cell with every piece type that fits there (types with
    counts, so identical pieces are never told apart); count complete fillings."""
    bx, by, bz = puzzle.box
    cells = {(x, y, z) for x in range(bx) for y in range(by) for z in range(bz)}
    order = sorted(cells, key=lambda c: (c[2], c[1], c[0]))
    shapes = [t.orientations for t in puzzle.types]
    left = [t.count for t in puzzle.types]
    filled: set[Cell] = set()

    def first_empty() -> Cell | None:
        return next((c for c in order if c not in filled), None)

    def solve() -> int:
        target = first_empty()
        if target is None:
            return 1
        total = 0
        for t, orients in enumerate(shapes):
            if not left[t]:
                continue
            for shape in orients:
                # the shape's first voxel in (z, y, x) order must land on the target cell
                anchor = min(shape, key=lambda v: (v[2], v[1], v[0]))
                dx, dy, dz = (target[i] - anchor[i] for i in range(3))
                placed = {(x + dx, y + dy, z + dz) for x, y, z in shape}
                if placed <= cells and not placed & filled:
                    filled.update(placed)
                    left[t] -= 1
                    total += solve()
                    left[t] += 1
                    filled.difference_update(placed)
        return total

    return solve()


class SplitMix:
    def __init__(self, seed: int):
        self.state = seed & M64

    def below(self, n: int) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        z ^= z >> 31
        return ((z >> 32) * n) >> 32


def seed_search(
    puzzle: CubePuzzle, *, seed: int, pmax: int, max_steps: int, margin: int
) -> dict[str, Any]:
    """The seed's btStartClick loop; the error recomputed from scratch every time, as its
    Utkozesek function did. Returns the statistics the kernel must reproduce."""
    rng = SplitMix(seed)
    types = [t for t in puzzle.types for _ in range(t.count)]
    lo, box = -margin, puzzle.box
    hi = [[box[a] + margin - t.longest_side for a in range(3)] for t in types]

    def make(i: int) -> Pose:
        t = types[i]
        orient = rng.below(len(t.orientations)) if len(t.orientations) > 1 else 0
        x, y, z = (lo + rng.below(hi[i][a] - lo + 1) for a in range(3))
        return orient, x, y, z

    def error(individual: list[Pose]) -> int:
        cover: dict[tuple[int, ...], int] = {}  # (x, y, z)
        outside = 0
        for t, (orient, x, y, z) in zip(types, individual, strict=True):
            for dx, dy, dz in t.orientations[orient]:
                c = (x + dx, y + dy, z + dz)
                if all(0 <= c[a] < box[a] for a in range(3)):
                    cover[c] = cover.get(c, 0) + 1
                else:
                    outside += t.code
        inside = itertools.product(*(range(b) for b in box))
        return sum(cover.get(c, 0) != 1 for c in inside) + outside

    individual = [make(i) for i in range(len(types))]
    h = error(individual)
    steps, best, repeats, prev, restarts, longest, imax = 0, 10**9, 0, -1, 0, 0, pmax
    helped = [0] * len(types)
    hist: dict[int, int] = {}
    while h > 0 and steps < max_steps:
        for top, share in ((6, 1), (12, 2), (18, 4), (24, 8), (30, 16), (36, 32)):
            if h <= top:
                imax = pmax // share
                break
        hist[h] = hist.get(h, 0) + 1
        steps += 1
        if prev == h:
            repeats += 1
        else:
            longest = max(longest, repeats)
            repeats = 0
        prev = h
        best = min(best, prev)
        a = rng.below(len(types))
        old = individual[a]
        individual[a] = make(a)
        e = error(individual)
        if e > prev:
            individual[a] = old
        else:
            h = e
            if h < prev:
                helped[a] += 1
        if repeats == imax:
            restarts += 1
            if longest == imax:
                longest = 0
            repeats = 0
            individual = [make(i) for i in range(len(types))]
            h = error(individual)
    return {
        "steps": steps,
        "error": h,
        "restarts": restarts,
        "helped": helped,
        "hist": hist,
        "individual": individual,
        "best": min(best, h),
    }

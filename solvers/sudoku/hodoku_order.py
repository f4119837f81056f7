"""HoDoKu's default solving order, approximated with our techniques: would HoDoKu's own
solution path of a puzzle use a technique?

A practice puzzle for X is one our path needs X for, but a teacher who checks it in HoDoKu
expects HoDoKu's path to show X too. HoDoKu tries its techniques in another order (its
solver steps by index, Options.java): Naked Triple before Hidden Pair, BUG+1 before the
single-digit patterns, W-Wing before XY-Wing, Sue de Coq before Simple Colouring, Franken
fish after the ALS techniques; and it has two small techniques of its own early in that
order that our registry folds into bigger ones:

- Locked Pair / Locked Triple (before the intersections): a naked pair or triple in the
  cells where a box and a line cross, eliminating in both houses. Ours finds it as a Naked
  Pair or Triple, but only after Pointing and Box-Line Reduction.
- Remote Pair (after the basic fish): a chain of four or more bivalue cells with the same
  two digits. Ours finds it as an XY-Chain, near the end of the order.
- Multi-Colours (after Simple Colours, before the X-Chain): two clusters of conjugate
  pairs of one digit that see each other. We have no such technique; an X-Chain or an AIC
  reaches its eliminations later.

`uses` replays that order: our kernels for the techniques we share, one step at a time,
and those three here in Python. It is an approximation (HoDoKu picks among several
instances of a technique its own way), so the
benchmark still measures agreement with hodoku-py itself; it needs no HoDoKu to run.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import numpy as np
from puzzleviz.solvers.arrays import Int32Array
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Geo, geometry
from puzzleviz.solvers.sudoku.kernels.engine import (
    CONTRADICTION,
    STALLED,
    initial_candidates,
)
from puzzleviz.solvers.sudoku.kernels.log import new_log
from puzzleviz.solvers.sudoku.logic import given_flags, run_grown
from puzzleviz.solvers.sudoku.parse import Puzzle
from puzzleviz.solvers.sudoku.steps import decode_log
from puzzleviz.solvers.sudoku.techniques import BY_NAME, TECHNIQUES

LOCKED_SUBSET = "locked_subset"  # HoDoKu's Locked Pair and Locked Triple
REMOTE_PAIR = "remote_pair"
MULTI_COLOURS = "multi_colours"
# HoDoKu's default order (Options.java's solver steps by index) in our names, with its own
# two steps where HoDoKu has them. Death Blossom, Mutant and Kraken fish are off in HoDoKu's
# defaults (OFF): asking about one switches it on at its place, as HoDoKu's practising mode
# must. Our BUG+n, AIC with ALS nodes and templates (off in HoDoKu) are not in it.
ORDER = (
    "naked_single", "hidden_single", LOCKED_SUBSET, "pointing_pair", "pointing_triple",
    "box_line_pair", "box_line_triple", "naked_pair", "naked_triple", "hidden_pair",
    "hidden_triple", "naked_quad", "hidden_quad", "x_wing", "swordfish", "jellyfish",
    REMOTE_PAIR, "bug_plus_1", "skyscraper", "two_string_kite", "turbot_fish",
    "empty_rectangle", "w_wing", "y_wing", "xyz_wing", "unique_rectangle_1",
    "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4", "unique_rectangle_5",
    "unique_rectangle_6", "hidden_rectangle", "avoidable_rectangle", "finned_x_wing",
    "finned_swordfish", "finned_jellyfish", "sue_de_coq", "simple_colouring", MULTI_COLOURS,
    "x_chain", "xy_chain", "continuous_nice_loop", "aic", "grouped_aic", "als_xz",
    "als_xy_wing", "als_chain", "death_blossom", "franken_fish", "mutant_fish", "kraken_fish",
    "forcing_chain", "forcing_net",
)  # fmt: skip
OFF = frozenset({"death_blossom", "mutant_fish", "kraken_fish"})
# Which of our techniques HoDoKu's own two steps count as (the benchmark's table agrees).
COUNTS_AS: dict[str, tuple[str, ...]] = {
    LOCKED_SUBSET: ("naked_pair", "naked_triple"),
    REMOTE_PAIR: ("xy_chain",),
    MULTI_COLOURS: (),
}

Eliminations = list[tuple[int, int]]  # (cell, digit)
Finder = Callable[[Geo, Grid, Candidates], tuple[str, Eliminations] | None]


def order(technique: str) -> tuple[str, ...]:
    """HoDoKu's order of the techniques it tries by default, with `technique` on."""
    return tuple(t for t in ORDER if t not in OFF or t == technique)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


def locked_subset(geo: Geo, values: Grid, cand: Candidates) -> tuple[str, Eliminations] | None:
    """HoDoKu's first Locked Pair or Triple: 2 or 3 cells of one box and one line whose
    candidates are 2 or 3 digits, with eliminations both in the line outside the box and
    in the box (as HoDoKu's SimpleSolver classifies a subset as locked)."""
    n = geo.n
    for size in (2, 3):
        for box in range(n):
            cells = geo.house_cells[2 * n + box]
            open_cells = [
                int(c) for c in cells if values[c] == 0 and 0 < bin(cand[c]).count("1") <= size
            ]
            for group in itertools.combinations(open_cells, size):
                union = 0
                for c in group:
                    union |= int(cand[c])
                if bin(union).count("1") != size:
                    continue
                rows = {int(geo.row[c]) for c in group}
                cols = {int(geo.col[c]) for c in group}
                if len(rows) == 1:
                    line = geo.house_cells[rows.pop()]
                elif len(cols) == 1:
                    line = geo.house_cells[n + cols.pop()]
                else:
                    continue
                in_box = [int(c) for c in cells if int(c) not in group and cand[c] & union]
                in_line = [int(c) for c in line if geo.box[c] != box and cand[c] & union]
                if in_box and in_line:
                    gone = [(c, d) for c in in_box + in_line for d in _bits(int(cand[c]) & union)]
                    return LOCKED_SUBSET, gone
    return None


def _two_coloured(links: dict[int, list[int]]) -> Iterator[dict[int, int]]:
    """The connected parts of a graph, each as cell -> 0 or 1 by the parity of its
    distance from the part's first cell (the links here always join opposite values)."""
    colour: dict[int, int] = {}
    for start in links:
        if start in colour:
            continue
        part, queue = {start: 0}, [start]
        while queue:
            c = queue.pop()
            for d in links[c]:
                if d not in part:
                    part[d] = 1 - part[c]
                    queue.append(d)
        colour |= part
        yield part


def remote_pair(geo: Geo, values: Grid, cand: Candidates) -> tuple[str, Eliminations] | None:
    """A Remote Pair: bivalue cells with the same two digits, linked cell to cell by
    sight; two of them an odd number of links apart (three or more, so four cells or more)
    hold both digits between them, so a cell that sees both holds neither."""
    pairs: dict[int, list[int]] = {}
    for c in range(geo.ncell):
        if values[c] == 0 and bin(cand[c]).count("1") == 2:
            pairs.setdefault(int(cand[c]), []).append(c)
    for mask, cells in pairs.items():
        if len(cells) < 4:
            continue
        sees = {c: {int(p) for p in geo.peers[c]} for c in cells}
        links = {c: [d for d in cells if d in sees[c]] for c in cells}
        for colour in _two_coloured(links):
            if len(colour) < 4:
                continue
            gone: Eliminations = []
            for u, v in itertools.combinations(colour, 2):
                if colour[u] == colour[v] or v in sees[u]:
                    continue
                for x in sees[u] & sees[v]:
                    if x in colour or values[x]:
                        continue
                    gone += [(x, d) for d in _bits(int(cand[x]) & mask) if (x, d) not in gone]
            if gone:
                return REMOTE_PAIR, gone
    return None


def _clusters(geo: Geo, cand: Candidates, bit: int) -> list[list[tuple[int, ...]]]:
    """The conjugate-pair clusters of one digit (two or more cells), each as its two
    colours: cells an even and an odd number of strong links from the first."""
    links: dict[int, list[int]] = {}
    for house in geo.house_cells:
        cells = [int(c) for c in house if cand[c] & bit]
        if len(cells) == 2:
            a, b = cells
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    return [
        [tuple(c for c in colour if colour[c] == k) for k in (0, 1)]
        for colour in _two_coloured(links)
    ]


def multi_colours(geo: Geo, values: Grid, cand: Candidates) -> tuple[str, Eliminations] | None:
    """HoDoKu's Multi-Colours: clusters A and B of one digit. Type 1: a colour of A sees a
    colour of B, so one of the two opposite colours is true: a cell that sees both loses
    the digit. Type 2: a colour of A sees both colours of B, so it is false."""
    for digit in range(1, geo.n + 1):
        bit = 1 << (digit - 1)
        clusters = _clusters(geo, cand, bit)
        if len(clusters) < 2:
            continue
        sees = {c: {int(p) for p in geo.peers[c]} for side in clusters for cs in side for c in cs}
        for a, b in itertools.permutations(clusters, 2):
            for i in (0, 1):
                seen_by_ai = set().union(*(sees[c] for c in a[i])) if a[i] else set()
                if all(seen_by_ai & set(b[j]) for j in (0, 1)):  # type 2
                    return MULTI_COLOURS, [(c, digit) for c in a[i]]
                for j in (0, 1):
                    if not seen_by_ai & set(b[j]):
                        continue
                    coloured = set(a[0] + a[1] + b[0] + b[1])
                    near_a = set().union(*(sees[c] for c in a[1 - i]))
                    near_b = set().union(*(sees[c] for c in b[1 - j]))
                    gone = [(c, digit) for c in sorted(near_a & near_b - coloured)
                            if cand[c] & bit]  # fmt: skip
                    if gone:
                        return MULTI_COLOURS, gone
    return None


FINDERS: dict[str, Finder] = {
    LOCKED_SUBSET: locked_subset,
    REMOTE_PAIR: remote_pair,
    MULTI_COLOURS: multi_colours,
}


def _stages(names: tuple[str, ...]) -> list[Int32Array | Finder]:
    """The order as runs of kernel techniques (ids) between HoDoKu's own steps."""
    stages: list[Int32Array | Finder] = []
    run: list[int] = []
    for name in names:
        if name in FINDERS:
            if run:
                stages.append(np.array(run, dtype=np.int32))
            stages.append(FINDERS[name])
            run = []
        else:
            run.append(BY_NAME[name].id)
    if run:
        stages.append(np.array(run, dtype=np.int32))
    return stages


def uses(puzzle: Puzzle, technique: str) -> bool:
    """Whether the path in HoDoKu's order (see the module's note) uses `technique` before
    it is solved or stalls. The puzzle must have one solution (uniqueness techniques)."""
    return any(technique in names for names in path(puzzle, technique))


def path(puzzle: Puzzle, technique: str | None = None) -> Iterator[tuple[str, ...]]:
    """The steps of the path in HoDoKu's order (`technique` on, if HoDoKu has it off), each
    as the names of our techniques it counts as (HoDoKu's own steps: their name and ours),
    lazily: a caller that has seen what it wanted stops the solve there."""
    geo = geometry(puzzle.b)
    values = puzzle.givens.astype(np.int32).copy()
    cand = np.zeros(geo.ncell, dtype=np.int32)
    initial_candidates(geo, values, cand)
    given = given_flags(puzzle.givens)
    stages = _stages(order(technique or ""))
    log = new_log(geo.ncell * (geo.n + 1) + 8, 32 * geo.ncell * (geo.n + 1))
    while bool((values == 0).any()):
        for k, stage in enumerate(stages):
            if callable(stage):
                found = stage(geo, values, cand)
                if found is None:
                    continue
                name, gone = found
                for c, d in gone:
                    cand[c] &= ~(1 << (d - 1))
                yield (name, *COUNTS_AS[name])
                break
            # the first stage may run to its end: nothing comes before it
            status, log = run_grown(geo, values, cand, given, stage, log, 1 << 30 if k == 0 else 1)
            for step in decode_log(log, 0, ()):
                yield (TECHNIQUES[step.technique].name,)
            if status == CONTRADICTION:
                return
            if status != STALLED:
                break
        else:
            return

"""Practice puzzles: generated sudokus whose logical solution needs one chosen technique.

A teacher who wants to practise X-Wing needs puzzles where our solver (easiest first, as a
person would) really comes to an X-Wing. The method, as HoDoKu's practising mode does it:
generate candidates fast and keep those whose solution path uses the technique.

- A candidate is a random minimal puzzle (solvers.sudoku.generate: unique solution), or
  one of its neighbours: a clue taken away and one to three of the solution's digits
  given where the puzzle went ambiguous, the solution still unique. A neighbour costs a
  few searches where a new minimal puzzle costs dozens, and is a different puzzle as far
  as the path goes. A near miss (a candidate whose path came to the technique but was not
  kept) has its own neighbours tried next: the rare techniques come in clusters. At most
  one practice puzzle comes from each generated puzzle and its neighbours (a family), so
  no two differ by a clue or a few.
- Families are independent (each has its own random stream from the seed and its number),
  so worker threads try several at once and the puzzles still come out in the families'
  order: the same seed gives the same puzzles with any number of workers.
- It is solved with the techniques up to and including the target only (the prefix of
  the order of difficulty). Since the solver always takes the easiest technique that
  applies, a puzzle that this prefix solves has the same path as with every technique on,
  so "the target is used" is checked through the solver's own path, and the target is the
  hardest technique the puzzle needs (what a practice puzzle should be).
- Steering: a candidate that the prefix cannot finish needs something harder. Clues of its
  solution are added back one at a time (at random cells) until the prefix finishes it;
  the puzzle often still needs the target there. Each clue added keeps the solution
  unique. This turns the many hard candidates into practice puzzles for the advanced
  techniques, which a plain filter would find only rarely.

HoDoKu's check: HoDoKu tries its techniques in another order (Naked Triple before Hidden
Pair, BUG+1 before the single-digit patterns, W-Wing before XY-Wing, Sue de Coq before
Simple Colouring, Franken fish after the ALS techniques...), so a puzzle our path needs X for
may reach the same eliminations in HoDoKu by Y first. A candidate is kept only if our
solver, trying the same techniques in HoDoKu's default order (solvers.sudoku.hodoku_order,
with HoDoKu's Locked Pair/Triple and Remote Pair), also uses the target: cheap (one more
solve of the rare candidates that passed, stopping at the target) and without HoDoKu.

With a `level`, the puzzle's level (solvers.sudoku.results.level_name of its rating with
all techniques) must be that one instead: the target may then be followed by harder steps.

Harder steps may follow (THEN_HARDER) for the three techniques whose puzzles almost never
finish with easier steps alone. Franken and Mutant fish come after the chains and ALS in
HoDoKu's order, so HoDoKu shows them only where no chain or ALS step is left, and such a
state is rarely one the easier steps then finish: with the target the hardest step,
Franken fish passed our path 345 times a minute and HoDoKu's order kept 1 (every one
rejected for Mutant fish: an AIC came first in 22 of 23). A Unique Rectangle Type 5 needs
its extra digit gone from two corners by logic (practice_plant), which random puzzles
rarely do in time (0 in 188,000 candidates). Their puzzles may need chains and ALS after
the target, but never the last resorts (templates, Kraken fish, forcing chains and nets),
and each says its hardest technique. Measured (benchmarks/sudoku_practice.py, 2 threads,
seed 1): Franken fish 3 puzzles in 49 s, Unique Rectangle Type 5 3 in 35 s, Mutant fish
none in 60 s (with the target the hardest step: 1, 0 and 0).
"""

from __future__ import annotations

import collections
import concurrent.futures
import dataclasses
import itertools
import os
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.interrupt import (
    SearchStopped,
    current_control,
    raise_if_stopped,
    run_stoppable,
)
from puzzleviz.solvers.sudoku import hodoku_order
from puzzleviz.solvers.sudoku.arrays import Grid
from puzzleviz.solvers.sudoku.bruteforce import count_solutions, other_solution
from puzzleviz.solvers.sudoku.generate import generate
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.kernels.engine import SOLVED
from puzzleviz.solvers.sudoku.kernels.log import FILL_STEPS, new_log
from puzzleviz.solvers.sudoku.logic import given_flags, run_grown, start_grid
from puzzleviz.solvers.sudoku.parse import Puzzle
from puzzleviz.solvers.sudoku.practice_plant import PLANTS, Plant, planted
from puzzleviz.solvers.sudoku.results import LEVELS, SudokuResult
from puzzleviz.solvers.sudoku.search import solve, technique_order
from puzzleviz.solvers.sudoku.techniques import BY_NAME, ORDERED, T_GUESS, TECHNIQUES
from puzzleviz.solvers.trace import Trace

# HoDoKu's training list (its "practising" techniques), as far as we have them, in our order
# of difficulty. Singles are in it: a beginner practises them too.
PRACTICE = (
    "naked_single", "hidden_single", "pointing_pair", "pointing_triple", "box_line_pair",
    "box_line_triple", "naked_pair", "hidden_pair", "naked_triple", "hidden_triple",
    "naked_quad", "hidden_quad", "x_wing", "swordfish", "skyscraper", "two_string_kite",
    "jellyfish", "y_wing", "empty_rectangle", "xyz_wing", "w_wing", "turbot_fish",
    "unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3", "unique_rectangle_4",
    "unique_rectangle_5", "unique_rectangle_6", "hidden_rectangle", "avoidable_rectangle",
    "bug_plus_1", "simple_colouring", "finned_x_wing", "finned_swordfish",
    "finned_jellyfish", "franken_fish", "sue_de_coq", "mutant_fish", "x_chain", "xy_chain",
    "continuous_nice_loop", "aic", "grouped_aic", "als_xz", "als_xy_wing", "als_chain",
    "death_blossom", "kraken_fish", "forcing_chain", "forcing_net",
)  # fmt: skip
# The window's P key cycles through these when no technique was chosen: one of each family.
DEFAULT_CYCLE = ("x_wing", "y_wing", "skyscraper", "unique_rectangle_1", "xy_chain", "als_xz")
PRACTICE_LEVELS = tuple(name for _, name in LEVELS)
DEFAULT_WORKERS = min(4, os.cpu_count() or 1)  # the command's and the window's threads
MAX_FAMILIES = 1_000_000  # a bound that a Ctrl-C or the caller's patience meets first
NEIGHBOURS = 10  # candidates one clue away from each generated puzzle
CLOSER = 30  # more around each near miss (its path came to the technique)
FAMILY = 300  # candidates from one generated puzzle at most
MOVED = 3  # clues a neighbour may add for the one it takes away
# Techniques whose puzzles may need harder steps after them (see the module's note), and
# what those may be: any logic but the last resorts.
THEN_HARDER = frozenset({"unique_rectangle_5", "franken_fish", "mutant_fish"})
LAST_RESORTS = frozenset({"template_set", "template_delete", "kraken_fish", "forcing_chain",
                          "forcing_net", "guess"})  # fmt: skip
# Techniques whose puzzles take a minute or more each here (Mutant fish: 0 or 1 in 60 s in
# benchmarks/sudoku_practice.py, as in HoDoKu, which has them off): the command and the
# window say so before they start, so nobody takes the wait for a hang.
SLOW = frozenset({"mutant_fish"})
LOGIC = frozenset(BY_NAME) - {"guess"}  # every logical technique
AHEAD = 32  # families queued a worker (with 2 a worker, 2 threads ran as fast as 1)


def _key(word: str) -> str:
    return "".join(ch for ch in word.lower() if ch.isalnum())


def technique_named(word: str) -> str:
    """The registry name for a technique as a teacher types it: 'X-Wing', 'x wing', 'XW',
    'xy-wing', 'Unique Rectangle Type 1', 'ur1' (case, spaces, hyphens and underscores do
    not matter). One line listing the choices for anything else."""
    key = _key(word)
    aliases = {"xywing": "y_wing", "uniquerectangle": "unique_rectangle_1"}
    aliases |= {"simplecoloring": "simple_colouring", "als": "als_xz", "bug": "bug_plus_1"}
    if key in aliases:
        return aliases[key]
    for name in PRACTICE:
        t = BY_NAME[name]
        if key in (_key(name), _key(t.title), _key(t.abbreviation)):
            return name
    choices = ", ".join(BY_NAME[name].title for name in PRACTICE)
    raise PuzzleInputError(f"no practice puzzles for {word.strip()!r}; choose one of: {choices}")


def level_named(word: str) -> str:
    key = word.strip().lower()
    if key not in PRACTICE_LEVELS:
        raise PuzzleInputError(
            f"unknown level {word.strip()!r}; choose one of: {', '.join(PRACTICE_LEVELS)}"
        )
    return key


@dataclasses.dataclass(frozen=True)
class PracticePuzzle:
    """A puzzle, the technique it practises, and where that first applies."""

    puzzle: Puzzle
    technique: str
    step: int  # 1-based number of the first step of the technique in the solution path
    caption: str  # that step's caption
    rating: float
    level: str
    candidate: int  # which generated puzzle (0-based from the seed) it came from
    steps: int  # steps in the whole solution path
    hardest: str  # the path's hardest technique: `technique` unless harder steps follow

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle.text(),
            "technique": self.technique,
            "title": BY_NAME[self.technique].title,
            "first_step": self.step,
            "caption": self.caption,
            "steps": self.steps,
            "rating": self.rating,
            "level": self.level,
            "candidate": self.candidate,
            "hardest": self.hardest,
        }

    def line(self) -> str:
        later = "" if self.hardest == self.technique else f", then {BY_NAME[self.hardest].title}"
        return (
            f"{self.puzzle.text()}  step {self.step}/{self.steps}: {self.caption} "
            f"(rating {self.rating:.1f}, {self.level}{later})"
        )


def prefix(technique: str) -> frozenset[str]:
    """The techniques up to and including `technique` in the order of difficulty."""
    names = [t.name for t in ORDERED]
    return frozenset(names[: names.index(technique) + 1])


def allowed_for(technique: str, level: str | None) -> frozenset[str]:
    """The techniques a candidate's path may use: up to the target (it is the hardest
    step), every logical one with a `level` (the level decides), and for THEN_HARDER all
    but the last resorts."""
    if level is not None:
        return LOGIC
    if technique in THEN_HARDER:
        return LOGIC - LAST_RESORTS
    return prefix(technique)


def first_use(result: SudokuResult, technique: str) -> int | None:
    """The index of the first step of `technique` in a solved logical path, else None."""
    if not result.solved or any(s.technique == T_GUESS for s in result.steps):
        return None
    wanted = BY_NAME[technique].id
    return next((i for i, s in enumerate(result.steps) if s.technique == wanted), None)


def _checked(puzzle: Puzzle, technique: str, level: str | None, n: int) -> PracticePuzzle | None:
    """The puzzle as a practice puzzle, solved again with every logical technique and
    captions: the path the window and `solve` show; None unless HoDoKu's order uses the
    technique too."""
    if not hodoku_order.uses(puzzle, technique):  # first: it turns most candidates away
        return None
    result = solve(puzzle, LOGIC, names="a1")
    index = first_use(result, technique)
    if index is None or (level is not None and result.level != level):
        return None
    step = result.steps[index]
    # the hardest technique of the path: the last in the order of difficulty (ties of rating)
    hardest = max((TECHNIQUES[s.technique] for s in result.steps if s.is_technique),
                  key=ORDERED.index)  # fmt: skip
    return PracticePuzzle(puzzle, technique, index + 1, step.caption, result.rating,
                          result.level, n, len(result.steps), hardest.name)  # fmt: skip


class _Paths:
    """The techniques of a candidate's path, and whether it solves: the engine alone,
    without the uniqueness check, Step objects and captions of `solve` (a candidate is
    unique by construction, and only its techniques decide): half a candidate's time
    before."""

    def __init__(self, allowed: frozenset[str]):
        self.geo = geometry(3)
        self.order = technique_order(allowed, True)
        self.log = new_log(self.geo.ncell * 10, 32 * self.geo.ncell * 10)

    def run(self, givens: Grid) -> tuple[bool, frozenset[int]]:
        values, cand = start_grid(3, givens)
        status, self.log = run_grown(self.geo, values, cand, given_flags(givens), self.order,
                                     self.log, 1 << 30)  # fmt: skip
        steps = int(self.log.fill[FILL_STEPS])
        return status == SOLVED, frozenset(self.log.tech[:steps].tolist())


def _candidate(
    puzzle: Puzzle,
    solution: Grid,
    paths: _Paths,
    technique: str,
    rng: np.random.Generator,
    shut: frozenset[int] = frozenset(),
) -> tuple[Puzzle | None, bool]:
    """The puzzle (whose solution is `solution`), or it with clues added back (never in the
    `shut` cells: a planted pattern's open house) until the allowed techniques (`paths`)
    solve it, if the solution then uses `technique` (else None); and whether the puzzle's
    own path came to the technique at all (a near miss: its neighbours are worth trying).

    When the stalled path already uses the technique, a clue whose path no longer does
    (it lets easier steps pre-empt it) is taken back and another cell tried: for the rare
    techniques most stalled paths that reach them lost them to the first random clue
    (measured on planted Naked Quads: 1 of 16 kept before, with this 3 of 16)."""
    wanted = BY_NAME[technique].id
    solved, used = paths.run(puzzle.givens)
    reached = wanted in used
    if solved:
        return (puzzle if reached else None), reached
    givens = puzzle.givens.copy()
    empty = rng.permutation(np.flatnonzero(givens == 0))
    for cell in (c for c in empty if int(c) not in shut):
        givens[cell] = solution[cell]
        solved, used = paths.run(givens)
        if reached and wanted not in used:
            givens[cell] = 0
            continue
        if solved:
            return (Puzzle(puzzle.b, givens, puzzle.name) if wanted in used else None), reached
    return None, reached


@dataclasses.dataclass(frozen=True)
class _Generated:
    """A generated puzzle, its solution (its neighbours share it), and the plant its
    neighbours must leave alone (open cells stay open, kept clues stay)."""

    puzzle: Puzzle
    solution: Grid
    plant: Plant


def practice_puzzles(
    technique: str,
    count: int,
    seed: int = 1,
    level: str | None = None,
    on_candidate: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> Iterator[PracticePuzzle]:
    """`count` practice puzzles for `technique` (a registry name), reproducible from `seed`
    whatever the number of `workers` (threads: the kernels release the GIL, and a
    candidate's time is mostly theirs). `on_candidate(tried, found)` is told as each
    family of candidates is done (a progress line); a stop request (Ctrl-C through
    solvers.interrupt) ends it at the next candidate.

    Candidates come in families: a generated puzzle, NEIGHBOURS puzzles near it, and
    CLOSER more around each near miss (a candidate whose path came to the technique but
    was not kept), tried first, up to FAMILY in all. A family is a function of the seed
    and its number alone; at most one practice puzzle comes from it, so no two differ by
    a clue or a few, and they come out in the families' order."""
    allowed = allowed_for(technique, level)
    control = current_control()
    done = threading.Event()  # enough found (or the caller left): the others stop early

    def family(n: int) -> tuple[PracticePuzzle | None, int]:
        return run_stoppable(lambda: _family(technique, allowed, level, seed, n, done), control)

    found = tried = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, workers)) as pool:
        # families queued ahead of the one awaited: a family around a near miss can take
        # seconds where most take milliseconds, and the other workers go on meanwhile
        ahead = AHEAD * max(1, workers)
        pending = collections.deque(pool.submit(family, n) for n in range(ahead))
        try:
            for n in itertools.count(ahead):
                if found >= count or n > MAX_FAMILIES:
                    return
                practice, candidates = pending.popleft().result()
                pending.append(pool.submit(family, n))
                tried += candidates
                found += practice is not None
                if on_candidate is not None:
                    on_candidate(tried, found)
                if practice is not None:
                    yield practice
        finally:
            done.set()
            for future in pending:
                future.cancel()


def _family(
    technique: str,
    allowed: frozenset[str],
    level: str | None,
    seed: int,
    n: int,
    done: threading.Event,
) -> tuple[PracticePuzzle | None, int]:
    """Family `n` of `seed`: its practice puzzle (None if it has none) and how many
    candidates were tried."""
    rng = np.random.default_rng([seed, n])
    paths = _Paths(allowed)
    control = current_control()
    generated = _generate(technique, seed * 1_000_003 + n, rng)
    queue = collections.deque([generated.puzzle])
    queue.extend(_neighbours(generated, generated.puzzle, NEIGHBOURS, rng))
    tried = 0
    while queue and tried < FAMILY and not done.is_set():
        raise_if_stopped(control)
        candidate = queue.popleft()
        filled, reached = _candidate(candidate, generated.solution, paths, technique, rng,
                                     generated.plant.open_cells)  # fmt: skip
        tried += 1
        practice = None if filled is None else _checked(filled, technique, level, n)
        if practice is not None:
            return practice, tried
        if reached:
            queue.extendleft(_neighbours(generated, candidate, CLOSER, rng))
    return None, tried


def _generate(technique: str, seed: int, rng: np.random.Generator) -> _Generated:
    """A random minimal puzzle, or for a technique with a plant (practice_plant) a planted
    one."""
    if technique in PLANTS:
        puzzle, plant = planted(technique, seed, rng)
    else:
        puzzle, plant = generate(3, seed), Plant(frozenset(), frozenset())
    _, solution = count_solutions(puzzle.b, puzzle.givens, limit=2)
    assert solution is not None  # a generated puzzle has its one solution
    return _Generated(puzzle, solution, plant)


def _neighbours(
    generated: _Generated, puzzle: Puzzle, count: int, rng: np.random.Generator
) -> Iterator[Puzzle]:
    """Up to `count` puzzles near `puzzle`, each with one solution: a clue taken away and
    one to three of the solution's digits given where the puzzle went ambiguous (cells
    where another solution differs; the plant's kept clues stay and its open cells stay
    open). A candidate for the price of a few searches instead of the dozens a new minimal
    puzzle's clue removal makes; moving a clue to a random cell instead kept the solution
    unique once in twenty tries."""
    plant, solution = generated.plant, generated.solution
    clues = [int(c) for c in np.flatnonzero(puzzle.givens) if int(c) not in plant.keep]
    for _ in range(count if clues else 0):
        givens = puzzle.givens.copy()
        taken = clues[rng.integers(len(clues))]
        givens[taken] = 0
        for _added in range(MOVED):
            other = other_solution(puzzle.b, givens, taken, int(solution[taken]))
            if other is None:
                yield Puzzle(puzzle.b, givens, puzzle.name)
                break
            differ = [int(c) for c in np.flatnonzero(other != solution)
                      if int(c) != taken and int(c) not in plant.open_cells]  # fmt: skip
            if not differ:
                break
            cell = differ[rng.integers(len(differ))]
            givens[cell] = solution[cell]
        else:
            if other_solution(puzzle.b, givens, taken, int(solution[taken])) is None:
                yield Puzzle(puzzle.b, givens, puzzle.name)


def practice_trace(
    technique: str, seed: int, cancelled: Callable[[], bool] | None = None
) -> tuple[PracticePuzzle, Trace]:
    """One practice puzzle and its solution recorded for the window (every technique on,
    as `solve` would), its header saying which technique it practises (params "practice":
    the window's P key makes the next one for the same technique). `cancelled` is asked
    after each candidate: a window's job that was cancelled stops there."""
    from puzzleviz.solvers.sudoku.search import solve_and_record  # the recorder: window only

    def seen(tried: int, found: int) -> None:
        if cancelled is not None and cancelled():
            raise SearchStopped("the practice puzzle was cancelled")

    practice = next(practice_puzzles(technique, 1, seed, on_candidate=seen,
                                     workers=DEFAULT_WORKERS))  # fmt: skip
    _, trace = solve_and_record(practice.puzzle)
    params = {**trace.header.params, "practice": technique, "practice_step": practice.step,
              "practice_hardest": practice.hardest}  # fmt: skip
    header = dataclasses.replace(trace.header, params=params)
    return practice, dataclasses.replace(trace, header=header)


def practised(trace: Trace) -> str | None:
    """The technique a trace was made to practise (practice_trace), if any."""
    name = trace.header.params.get("practice")
    return name if isinstance(name, str) and name in BY_NAME else None


def practised_where(trace: Trace) -> tuple[int, str]:
    """Of a practice trace: the step where its technique first applies (0 if the header
    does not say) and the path's hardest technique (the practised one if it does not say).
    A trace file may come from anyone: anything else in those fields counts as unsaid."""
    params = trace.header.params
    step = params.get("practice_step")
    hardest = params.get("practice_hardest")
    return (
        step if isinstance(step, int) and not isinstance(step, bool) and step > 0 else 0,
        hardest if isinstance(hardest, str) and hardest in BY_NAME else practised(trace) or "",
    )


def slow_notice(technique: str) -> str | None:
    """What a command says on stderr before it starts on a SLOW technique's puzzles."""
    if technique not in SLOW:
        return None
    title = BY_NAME[technique].title
    return f"{title} puzzles are rare: expect a minute or more for each (Ctrl-C stops)"


def practice_for(word: str, seed: int) -> Trace:
    """The PuzzleSpec's practice hook (`puzzleviz play --practice X-Wing`): the command's
    progress line says it is working; a SLOW technique says first that it takes long."""
    technique = technique_named(word)
    notice = slow_notice(technique)
    if notice is not None:
        print(notice, file=sys.stderr, flush=True)
    return practice_trace(technique, seed)[1]

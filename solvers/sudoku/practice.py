"""Practice puzzles: generated sudokus whose logical solution needs one chosen technique.

A teacher who wants to practise X-Wing needs puzzles where our solver (easiest first, as a
person would) really comes to an X-Wing. The method, as HoDoKu's practising mode does it:
generate candidates fast and keep those whose solution path uses the technique.

- A candidate is a random minimal puzzle (solvers.sudoku.generate: unique solution), or
  one of its neighbours: one clue moved elsewhere, the solution still unique. A neighbour
  costs one uniqueness check where a new minimal puzzle costs dozens, and is a different
  puzzle as far as the path goes; at most one practice puzzle comes from each generated
  one and its neighbours, so no two differ by a single clue.
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
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.interrupt import SearchStopped, current_control, raise_if_stopped
from puzzleviz.solvers.sudoku import hodoku_order
from puzzleviz.solvers.sudoku.bruteforce import count_solutions
from puzzleviz.solvers.sudoku.generate import generate
from puzzleviz.solvers.sudoku.parse import Puzzle
from puzzleviz.solvers.sudoku.practice_plant import PLANTS, planted
from puzzleviz.solvers.sudoku.results import LEVELS, SudokuResult
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.techniques import BY_NAME, ORDERED, T_GUESS
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
MAX_CANDIDATES = 1_000_000  # a bound that a Ctrl-C or the caller's patience meets first
NEIGHBOURS = 10  # candidates one clue away from each generated puzzle


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
        }

    def line(self) -> str:
        return (
            f"{self.puzzle.text()}  step {self.step}/{self.steps}: {self.caption} "
            f"(rating {self.rating:.1f}, {self.level})"
        )


def prefix(technique: str) -> frozenset[str]:
    """The techniques up to and including `technique` in the order of difficulty."""
    names = [t.name for t in ORDERED]
    return frozenset(names[: names.index(technique) + 1])


def first_use(result: SudokuResult, technique: str) -> int | None:
    """The index of the first step of `technique` in a solved logical path, else None."""
    if not result.solved or any(s.technique == T_GUESS for s in result.steps):
        return None
    wanted = BY_NAME[technique].id
    return next((i for i, s in enumerate(result.steps) if s.technique == wanted), None)


def _in_path(result: SudokuResult, technique: str) -> bool:
    """Whether `technique` is a step of the path, solved or stalled."""
    wanted = BY_NAME[technique].id
    return any(s.technique == wanted for s in result.steps)


def _checked(puzzle: Puzzle, technique: str, level: str | None, n: int) -> PracticePuzzle | None:
    """The puzzle as a practice puzzle, solved again with every logical technique and
    captions: the path the window and `solve` show; None unless HoDoKu's order uses the
    technique too."""
    everything = frozenset(t.name for t in ORDERED if t.name != "guess")
    result = solve(puzzle, everything, names="a1")
    index = first_use(result, technique)
    if index is None or (level is not None and result.level != level):
        return None
    if not hodoku_order.uses(puzzle, technique):
        return None
    step = result.steps[index]
    return PracticePuzzle(puzzle, technique, index + 1, step.caption, result.rating,
                          result.level, n, len(result.steps))  # fmt: skip


def _candidate(
    puzzle: Puzzle,
    allowed: frozenset[str],
    technique: str,
    rng: np.random.Generator,
    shut: frozenset[int] = frozenset(),
) -> Puzzle | None:
    """The puzzle, or it with clues added back (never in the `shut` cells: a planted
    pattern's open house) until `allowed` solves it, if the solution then uses
    `technique`; None if it does not.

    When the stalled path already uses the technique, a clue whose path no longer does
    (it lets easier steps pre-empt it) is taken back and another cell tried: for the rare
    techniques most stalled paths that reach them lost them to the first random clue
    (measured on planted Naked Quads: 1 of 16 kept before, with this 3 of 16)."""
    result = solve(puzzle, allowed, names=None)
    if result.solved:
        return puzzle if first_use(result, technique) is not None else None
    keeping = _in_path(result, technique)
    givens = puzzle.givens.copy()
    solution = result.solution
    empty = rng.permutation(np.flatnonzero(givens == 0))
    for cell in (c for c in empty if int(c) not in shut):
        givens[cell] = solution[cell]
        filled = Puzzle(puzzle.b, givens.copy(), puzzle.name)
        result = solve(filled, allowed, names=None)
        if keeping and not _in_path(result, technique):
            givens[cell] = 0
            continue
        if result.solved:
            return filled if first_use(result, technique) is not None else None
    return None


def practice_puzzles(
    technique: str,
    count: int,
    seed: int = 1,
    level: str | None = None,
    on_candidate: Callable[[int, int], None] | None = None,
) -> Iterator[PracticePuzzle]:
    """`count` practice puzzles for `technique` (a registry name), reproducible from `seed`.
    `on_candidate(tried, found)` is told after each candidate (a progress line); a stop
    request (Ctrl-C through solvers.interrupt) ends it at the next candidate."""
    allowed = prefix(technique) if level is None else frozenset(BY_NAME) - {"guess"}
    rng = np.random.default_rng(seed)
    found = tried = 0
    control = current_control()
    for n in range(MAX_CANDIDATES):
        if found >= count:
            return
        for candidate, shut in _candidates(technique, seed * 1_000_003 + n, rng):
            raise_if_stopped(control)
            filled = _candidate(candidate, allowed, technique, rng, shut)
            practice = None if filled is None else _checked(filled, technique, level, n)
            tried += 1
            if practice is not None:
                found += 1
                yield practice
            if on_candidate is not None:
                on_candidate(tried, found)
            if practice is not None:
                break  # one per generated puzzle: its neighbours differ from it by a clue


def _candidates(
    technique: str, seed: int, rng: np.random.Generator
) -> Iterator[tuple[Puzzle, frozenset[int]]]:
    """The candidates from one generated puzzle, each with the cells steering must leave
    open: for a technique with a plant (practice_plant), the planted puzzle alone (cheap to
    make; its neighbours would move the pattern's clues); else a random minimal puzzle and
    its neighbours."""
    if technique in PLANTS:
        puzzle, plant = planted(technique, seed, rng)
        yield puzzle, plant.open_cells
        return
    puzzle = generate(3, seed)
    for candidate in itertools.chain((puzzle,), _neighbours(puzzle, rng)):
        yield candidate, frozenset()


def _neighbours(puzzle: Puzzle, rng: np.random.Generator) -> Iterator[Puzzle]:
    """Up to NEIGHBOURS puzzles one clue away from `puzzle` (one clue moved to an empty
    cell, with its solution's digit), those with a unique solution: a candidate for the
    price of one uniqueness check instead of the dozens a new minimal puzzle's clue removal
    makes (most of a new candidate's time)."""
    _, solution = count_solutions(puzzle.b, puzzle.givens, limit=2)
    assert solution is not None  # a generated puzzle has its one solution
    clues = np.flatnonzero(puzzle.givens)
    empty = np.flatnonzero(puzzle.givens == 0)
    for _ in range(NEIGHBOURS):
        givens = puzzle.givens.copy()
        givens[rng.choice(clues)] = 0
        cell = rng.choice(empty)
        givens[cell] = solution[cell]
        if count_solutions(puzzle.b, givens, limit=2)[0] == 1:
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

    practice = next(practice_puzzles(technique, 1, seed, on_candidate=seen))
    _, trace = solve_and_record(practice.puzzle)
    params = {**trace.header.params, "practice": technique, "practice_step": practice.step}
    header = dataclasses.replace(trace.header, params=params)
    return practice, dataclasses.replace(trace, header=header)


def practised(trace: Trace) -> str | None:
    """The technique a trace was made to practise (practice_trace), if any."""
    name = trace.header.params.get("practice")
    return name if isinstance(name, str) and name in BY_NAME else None


def practice_for(word: str, seed: int) -> Trace:
    """The PuzzleSpec's practice hook (`puzzleviz play --practice X-Wing`)."""
    return practice_trace(technique_named(word), seed)[1]

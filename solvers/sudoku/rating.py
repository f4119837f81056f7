"""Ratings that people already use: Sudoku Explainer's number and HoDoKu's level and score.

Teachers and puzzle sites quote one of two scales, so a puzzle's difficulty is given on
both rather than on a scale of our own:

- **Sudoku Explainer (SE)**, Nicolas Juillerat's program: a puzzle is as hard as the hardest
  step it needs, on a scale from 1.0 (a full house) to about 11 (nested forcing chains).
  The weights (se/weights.py) are SE's own `getDifficulty()` values (read in the source of Sudoku
  Explainer 1.2.1 as kept in github.com/1to9only/SudokuExplainer at b1f9ed4, files
  diuf/sudoku/solver/rules/**/*Hint.java and chaining/Chaining.java), including its bonus
  for long chains (`ChainingHint.getLengthDifficulty`: +0.1 each time the chain outgrows
  4, 6, 8, 12, 16, 24, ... nodes). SE has no rule of its own for several techniques we use
  (Skyscraper, W-Wing, finned fish, ALS, Sue de Coq, templates...): those get the weight
  of the SE rule that makes the same deduction (a Skyscraper is SE's "Turbot Fish", a
  forcing X-chain, 6.6; an ALS-XZ is a chain through a cell with more than two candidates,
  which SE needs its cell forcing chains for). Those rows are marked "nearest" below.
- **HoDoKu**, Bernhard Hobiger's program: every step scores its technique's points (a
  hidden single 14, an X-Wing 140, a forcing net 700) and the puzzle's score is the sum;
  its level is the highest level among the techniques used, raised while the score
  exceeds that level's maximum (EASY 800, MEDIUM 1000, HARD 1600, UNFAIR 1800). Points and
  levels are HoDoKu 2.2's defaults (`Options.solverSteps`, read in its source and equal to
  hodoku-py's `hodoku.core.scoring.DEFAULT_STEPS`). A guess is HoDoKu's BRUTE_FORCE: 10000
  points, EXTREME.

A guess has no SE weight: SE never guesses, so a puzzle that needed one is rated by its
hardest logic step and the rating is marked as a lower bound (`se_lower_bound`).

Both tables are keyed on technique names (solvers.sudoku.techniques); a technique missing
from either is a KeyError, never a silent 0 (a test checks that every registry name is in
both).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.i18n import N_, msg
from puzzleviz.solvers.sudoku.kernels.engine import SOLVED
from puzzleviz.solvers.sudoku.logic import logic_steps, start_grid
from puzzleviz.solvers.sudoku.model import (
    MARK_CANDIDATE,
    MARK_HOUSE,
    MARK_LINK,
    Mark,
    SudokuModel,
    UseTechnique,
    decode_link,
)
from puzzleviz.solvers.sudoku.roles import HOUSE_BASE, ROLE_FIN
from puzzleviz.solvers.sudoku.se.walk import walk
from puzzleviz.solvers.sudoku.se.weights import SE as SE
from puzzleviz.solvers.sudoku.se.weights import StepFacts as StepFacts
from puzzleviz.solvers.sudoku.se.weights import is_box
from puzzleviz.solvers.sudoku.se.weights import length_bonus as length_bonus
from puzzleviz.solvers.sudoku.se.weights import se_weight as se_weight
from puzzleviz.solvers.sudoku.techniques import LOGIC, ORDERED

if TYPE_CHECKING:
    from puzzleviz.solvers.sudoku.parse import Puzzle
    from puzzleviz.solvers.sudoku.steps import Step
    from puzzleviz.solvers.trace import Trace

LEVELS = ("EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME")
LEVEL_MAX_SCORE = {"EASY": 800, "MEDIUM": 1000, "HARD": 1600, "UNFAIR": 1800}
E, M, H, U, X = LEVELS

# HoDoKu 2.2 Options.solverSteps: technique -> (index, level, points per step). The index is
# the order HoDoKu tries them in. Our names on the left, HoDoKu's SolutionType in the
# comment where it is not the same words.
HODOKU: dict[str, tuple[int, str, int]] = {
    "naked_single": (150, E, 4),  # FULL_HOUSE and NAKED_SINGLE: both 4
    "hidden_single": (300, E, 14),
    "pointing_pair": (1200, M, 50),  # LOCKED_CANDIDATES_1
    "pointing_triple": (1200, M, 50),
    "box_line_pair": (1210, M, 50),  # LOCKED_CANDIDATES_2
    "box_line_triple": (1210, M, 50),
    "naked_pair": (1300, M, 60),  # a pair inside a box and a line is LOCKED_PAIR: 40
    "hidden_pair": (1500, M, 70),
    "naked_triple": (1400, M, 80),  # LOCKED_TRIPLE: 60
    "hidden_triple": (1600, M, 100),
    "naked_quad": (2000, H, 120),  # NAKED_QUADRUPLE
    "hidden_quad": (2100, H, 150),
    "x_wing": (2200, H, 140),
    "swordfish": (2300, H, 150),
    "jellyfish": (2400, H, 160),
    "y_wing": (3300, H, 160),  # XY_WING
    "xyz_wing": (3400, H, 180),
    "w_wing": (3200, H, 150),
    "skyscraper": (3000, H, 130),
    "two_string_kite": (3100, H, 150),
    "turbot_fish": (3120, H, 120),
    "empty_rectangle": (3170, H, 120),
    "unique_rectangle_1": (3500, H, 100),  # UNIQUENESS_1..6
    "unique_rectangle_2": (3600, H, 100),
    "unique_rectangle_3": (3700, H, 100),
    "unique_rectangle_4": (3800, H, 100),
    "unique_rectangle_5": (3900, H, 100),
    "unique_rectangle_6": (4000, H, 100),
    "hidden_rectangle": (4010, H, 100),
    "avoidable_rectangle": (4020, H, 100),  # AVOIDABLE_RECTANGLE_1 and _2
    "bug_plus_1": (2900, H, 100),
    "bug_plus_n": (2910, H, 100),  # nearest: HoDoKu knows only BUG+1
    "simple_colouring": (5330, H, 150),  # SIMPLE_COLORS
    "finned_x_wing": (4100, H, 130),  # SASHIMI_X_WING 150
    "finned_swordfish": (4300, U, 200),  # SASHIMI_SWORDFISH 240
    "finned_jellyfish": (4500, U, 250),  # SASHIMI_JELLYFISH 260
    "sue_de_coq": (5300, U, 250),
    "x_chain": (5400, U, 260),
    "xy_chain": (5500, U, 260),
    "aic": (5600, U, 280),  # NICE_LOOP (continuous, discontinuous and AIC share it)
    "continuous_nice_loop": (5600, U, 280),  # CONTINUOUS_NICE_LOOP
    "grouped_nice_loop": (5650, U, 300),  # GROUPED_NICE_LOOP
    "grouped_aic": (5650, U, 300),
    "als_aic": (5650, U, 300),  # GROUPED_NICE_LOOP: HoDoKu's grouped chains take ALS nodes too
    "als_xz": (5700, U, 300),
    "als_xy_wing": (5800, U, 320),
    "als_chain": (5900, U, 340),  # ALS_XY_CHAIN
    "death_blossom": (6000, U, 360),
    "franken_fish": (6100, U, 300),  # by size and fins: see FISH_POINTS
    "mutant_fish": (7300, X, 450),
    "kraken_fish": (8450, X, 500),
    "forcing_chain": (8500, X, 500),  # FORCING_CHAIN (contradiction and verity)
    "forcing_net": (8600, X, 700),
    "template": (8700, X, 10000),  # TEMPLATE_SET / TEMPLATE_DEL (the word for both)
    "template_set": (8700, X, 10000),  # TEMPLATE_SET
    "template_delete": (8800, X, 10000),  # TEMPLATE_DEL
    "guess": (8900, X, 10000),  # BRUTE_FORCE
}
# Franken and mutant fish score by size (2 X-Wing, 3 Swordfish, 4 Jellyfish) and fins.
FISH_POINTS: dict[tuple[str, bool], tuple[tuple[str, int], ...]] = {
    ("franken_fish", False): ((U, 300), (U, 350), (U, 370)),
    ("franken_fish", True): ((U, 390), (U, 410), (U, 430)),
    ("mutant_fish", False): ((X, 450), (X, 450), (X, 450)),
    ("mutant_fish", True): ((X, 470), (X, 470), (X, 470)),
}
LOCKED_SUBSET = {"naked_pair": 40, "naked_triple": 60}

# HoDoKu's levels, as its translations name them (the level stays English in JSON)
HODOKU_LEVELS = {"EASY": N_("easy"), "MEDIUM": N_("medium"), "HARD": N_("hard"),
                 "UNFAIR": N_("unfair"), "EXTREME": N_("extreme")}  # fmt: skip


@dataclasses.dataclass(frozen=True)
class Rating:
    se: float  # the hardest step's Sudoku Explainer weight (0.0 for a full grid)
    se_lower_bound: bool  # a guess was needed: SE would rate it higher
    level: str  # HoDoKu's level: EASY .. EXTREME
    score: int  # HoDoKu's score: the sum of every step's points

    def to_json(self) -> dict[str, Any]:
        return {"se": self.se, "se_lower_bound": self.se_lower_bound, "level": self.level,
                "score": self.score}  # fmt: skip

    def words(self) -> str:
        """'SE 6.6, HoDoKu unfair (score 1,234)' as a message (solvers.i18n: rendered in the
        reader's language on screen, in English in the command's summary)."""
        level = msg(HODOKU_LEVELS.get(self.level, self.level.lower()))
        args = {"se": self.se, "level": level, "score": self.score}  # numbers: the reader's way
        if self.se_lower_bound:
            return msg("SE at least {se:.1f}, HoDoKu {level} (score {score:,})", **args)
        return msg("SE {se:.1f}, HoDoKu {level} (score {score:,})", **args)


def hodoku_points(facts: StepFacts, n: int = 9) -> tuple[str, int]:
    """HoDoKu's (level, points) for one step."""
    if facts.name in ("franken_fish", "mutant_fish"):
        size = sum(1 for _h, role in facts.houses if role == HOUSE_BASE)
        table = FISH_POINTS[(facts.name, facts.fins)]
        return table[min(max(size, 2), 4) - 2]
    _index, level, points = HODOKU[facts.name]
    if facts.name in LOCKED_SUBSET:
        houses = [h for h, role in facts.houses if role == HOUSE_BASE]
        if len(houses) == 2 and any(is_box(h, n) for h in houses):
            return level, LOCKED_SUBSET[facts.name]
    return level, points


SPECIAL = {"contradiction", "backtrack", "guess_refuted"}  # parts of a guess, not rated


def rate(steps: Iterable[StepFacts], n: int = 9) -> Rating:
    """Both ratings of a solution path (special steps of a guess count with the guess)."""
    se, bound, score, level = 0.0, False, 0, 0
    for facts in steps:
        if facts.name in SPECIAL:
            continue
        weight = se_weight(facts, n)
        if weight is None:
            bound = True
        else:
            se = max(se, weight)
        step_level, points = hodoku_points(facts, n)
        score += points
        level = max(level, LEVELS.index(step_level))
    while LEVELS[level] in LEVEL_MAX_SCORE and score > LEVEL_MAX_SCORE[LEVELS[level]]:
        level += 1
    return Rating(round(se, 1), bound, LEVELS[level], score)


def rate_steps(steps: Sequence[Step], n: int = 9) -> Rating:
    return rate((StepFacts.of(s) for s in steps), n)


# -- rating a puzzle -----------------------------------------------------------------------
#
# SE rates the path *it* takes. On 9x9 grids, SE's own walk (solvers.sudoku.se) gives it:
# SE's rules in SE's order, the first hint each step, our finders standing in for its
# unique loops, BUG and chains. Where that walk stalls, and on the sizes SE does not know,
# the rating is settled by one more solve: with only the techniques lighter than the
# heaviest one our path used, lightest first. Lighter techniques only ever remove
# candidates, so if they solve the puzzle SE's path stays below that weight and its rating
# is that solve's heaviest step; if they stall, SE needs our heaviest technique too. HoDoKu's
# level and score are read off our own path: its order is close to ours (a different
# choice among equal steps moves the score by a few percent; the level rarely changes).


def se_order(names: Iterable[str]) -> list[str]:
    """Techniques in Sudoku Explainer's order: lightest first (ties: registry order)."""
    rank = {t.name: k for k, t in enumerate(ORDERED)}
    return sorted(names, key=lambda name: (SE[name][0], rank.get(name, 0)))


def rate_path(
    puzzle: Puzzle,
    steps: Sequence[Step] | Sequence[StepFacts],
    enabled: Iterable[str],
    *,
    unique: bool = True,
) -> Rating:
    """Both ratings of `puzzle`, given the steps our solver took with `enabled`."""
    n = puzzle.n
    facts = [s if isinstance(s, StepFacts) else StepFacts.of(s) for s in steps]
    ours = rate(facts, n)
    if ours.se_lower_bound:
        return ours  # a guess: SE's walk would stall where our solver did
    se, walked = ours.se, 0.0
    if puzzle.b == 3:
        path = walk(puzzle.givens, unique)
        if path.complete:
            return dataclasses.replace(ours, se=path.se)
        walked = path.se
    hardest = max((SE[f.name][0] for f in facts if f.name in SE), default=0.0)
    allowed = set(enabled)
    lighter = [t.name for t in LOGIC if t.name in allowed and (unique or not t.needs_unique)
               and SE[t.name][0] < hardest]  # fmt: skip
    if lighter:
        values, cand = start_grid(puzzle.b, puzzle.givens)
        status, light = logic_steps(
            puzzle.b, values, cand, se_order(lighter), 1 << 30, puzzle.givens
        )
        if status == SOLVED:
            se = rate_steps(light, n).se
    return dataclasses.replace(ours, se=max(se, walked))


def trace_facts(trace: Trace) -> list[StepFacts]:
    """StepFacts of every step of a sudoku trace that applies a technique."""
    model = SudokuModel.from_definition(trace.header.definition)
    ncand = model.layout.ncell * model.n
    rows = trace.rows
    out = []
    for k in range(trace.n_steps):
        lo, hi = trace.step_range(k)
        block = rows[lo:hi]
        uses = block[block[:, 0] == UseTechnique.OP]
        if not len(uses):
            continue
        name = model.technique_names[int(uses[0, 1])]
        marks = block[(block[:, 0] == Mark.OP) & (block[:, 3] != 0)]
        houses = tuple((int(r[2]), int(r[3])) for r in marks[marks[:, 1] == MARK_HOUSE])
        links = tuple(decode_link(ncand, int(r[3])) for r in marks[marks[:, 1] == MARK_LINK])
        roles = marks[marks[:, 1] == MARK_CANDIDATE, 3]
        out.append(StepFacts(name, houses, links, bool((roles == ROLE_FIN).any())))
    return out

"""Walk Sudoku Explainer's path through a puzzle and weigh it as SE does.

At every step SE asks its rules in a fixed order and applies the first hint any of them
gives (Solver.getDifficulty in SE 1.2.1); the rating is the heaviest hint of the walk. The
simple rules are SE's own (se.rules). For the rest, our technique finders stand in, one
step each, weighed by SE's rules for the same deduction (rating.se_weight): unique
rectangles and BUG in SE's place in the order; and, where SE's chaining rules begin, every
finder whose deduction SE makes by a chain, of which SE keeps the lightest (its Chaining
producers sort their hints by weight before giving one). Finders are asked lightest first
and the asking stops when none left can weigh less than the best found.

What this cannot do is said, not hidden: a state no rule and no finder moves on ends the
walk, and the rating is then a lower bound.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np
from puzzleviz.solvers.interrupt import raise_if_stopped
from puzzleviz.solvers.sudoku.logic import logic_steps, start_grid
from puzzleviz.solvers.sudoku.se.rules import (
    Board,
    Hint,
    direct_hidden_set,
    direct_locking,
    fish,
    hidden_set,
    hidden_single,
    locking,
    naked_set,
    naked_single,
    xy_wing,
)
from puzzleviz.solvers.sudoku.se.weights import StepFacts, se_weight

Rule = Callable[[Board], Hint | None]

# SE's order (Solver's directHintProducers, then indirectHintProducers), with the places
# where our finders stand in for SE's unique loops and BUG.
UNIQUE_LOOPS = ("unique_rectangle_1", "unique_rectangle_2", "unique_rectangle_3",
                "unique_rectangle_4")  # fmt: skip
BUG = ("bug_plus_1", "bug_plus_n")
ORDER: tuple[Rule | tuple[str, ...], ...] = (
    hidden_single,
    direct_locking,
    direct_hidden_set(2),
    naked_single,
    direct_hidden_set(3),
    locking,
    naked_set(2),
    fish(2),
    hidden_set(2),
    naked_set(3),
    fish(3),
    hidden_set(3),
    xy_wing(False),
    xy_wing(True),
    UNIQUE_LOOPS,
    naked_set(4),
    fish(4),
    hidden_set(4),
    BUG,
)

# Finders whose deduction SE makes with its chaining rules, with the least SE can weigh
# each (rating.SE: 6.5 a cycle, 6.6 a forcing X-chain, 7.0 a chain with Y-links, 7.5
# Nishio, 8.0 multiple chains, 8.5 dynamic chains), lightest first. SE's chains link single
# candidates only: no groups, no almost locked sets, no fins. A deduction that needs one of
# those (an Empty Rectangle, a finned or Franken fish, a grouped AIC, an ALS chain, Sue de
# Coq) is made in SE by its multiple or dynamic forcing chains, so those finders are left
# out and our forcing chain and net finders stand in (on 206 puzzles SE rates above 6.6,
# weighing them as chains put 97 of ours below SE's, leaving them out 57).
CHAINED: tuple[tuple[str, float], ...] = (
    ("continuous_nice_loop", 6.5),
    ("aic", 6.5),
    ("skyscraper", 6.6),
    ("two_string_kite", 6.6),
    ("turbot_fish", 6.6),
    ("x_chain", 6.6),
    ("simple_colouring", 6.6),
    ("xy_chain", 7.0),
    ("w_wing", 7.0),
    ("template_delete", 7.5),
    ("template_set", 7.5),
    ("forcing_chain", 8.0),
    ("forcing_net", 8.5),
)


@dataclasses.dataclass(frozen=True)
class Walk:
    se: float  # the heaviest step of SE's path (as far as it went)
    complete: bool  # False: the walk stalled, and `se` is a lower bound
    path: tuple[tuple[str, float], ...]  # every step: its rule (or our finder) and weight


class _State:
    def __init__(self, values: np.ndarray, cand: np.ndarray, givens: np.ndarray, unique: bool):
        self.board = Board([int(v) for v in values], [int(c) for c in cand])
        self.givens = givens
        self.unique = unique

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        return (np.array(self.board.values, dtype=np.int32),
                np.array(self.board.cand, dtype=np.int32))  # fmt: skip

    def take(self, values: np.ndarray, cand: np.ndarray) -> None:
        self.board.values[:] = [int(v) for v in values]
        self.board.cand[:] = [int(c) for c in cand]

    def finder(self, name: str) -> tuple[float, np.ndarray, np.ndarray] | None:
        """One step of our finder `name` from here: its SE weight and the grid after it."""
        values, cand = self.arrays()
        _status, steps = logic_steps(3, values, cand, [name], 1, self.givens)
        if not steps or steps[0].name != name:
            return None
        weight = se_weight(StepFacts.of(steps[0]))
        return (weight, values, cand) if weight is not None else None


def _needs_unique(name: str) -> bool:
    return name in UNIQUE_LOOPS or name in BUG


def _first_of(state: _State, names: Sequence[str]) -> tuple[str, float] | None:
    for name in names:
        if _needs_unique(name) and not state.unique:
            continue
        found = state.finder(name)
        if found is not None:
            state.take(found[1], found[2])
            return name, found[0]
    return None


def _lightest_chain(state: _State) -> tuple[str, float] | None:
    best: tuple[str, tuple[float, np.ndarray, np.ndarray]] | None = None
    for name, least in CHAINED:
        if best is not None and best[1][0] <= least:
            break
        found = state.finder(name)
        if found is not None and (best is None or found[0] < best[1][0]):
            best = name, found
    if best is None:
        return None
    name, (weight, values, cand) = best
    state.take(values, cand)
    return name, weight


def walk(givens: Sequence[int] | np.ndarray, unique: bool = True) -> Walk:
    """SE's rating of a 9x9 puzzle (`givens`: 81 digits, 0 for empty)."""
    clues = np.asarray(givens, dtype=np.int32)
    values, cand = start_grid(3, clues)
    state = _State(values, cand, clues, unique)
    board = state.board
    path: list[tuple[str, float]] = []
    while 0 in board.values:
        raise_if_stopped()
        step: tuple[str, float] | None = None
        for rule in ORDER:
            if isinstance(rule, tuple):
                step = _first_of(state, rule)
            else:
                hint = rule(board)
                if hint is not None:
                    board.apply(hint)
                    step = hint.rule, hint.difficulty
            if step is not None:
                break
        if step is None:
            step = _lightest_chain(state)
        if step is None:
            break
        path.append(step)
    hardest = max((weight for _name, weight in path), default=0.0)
    return Walk(round(hardest, 1), 0 not in board.values, tuple(path))

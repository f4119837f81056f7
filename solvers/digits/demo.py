"""Ready-made material for the scene: a short traced solve and one solution per class."""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.digits.exact import prepare, solve
from puzzleviz.solvers.digits.kernels import COUNTERS
from puzzleviz.solvers.digits.known import known_representatives
from puzzleviz.solvers.digits.model import DigitsModel
from puzzleviz.solvers.digits.placements import PlacementTable
from puzzleviz.solvers.digits.post import post_placement
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle, default_puzzle
from puzzleviz.solvers.digits.results import DigitsResult
from puzzleviz.solvers.digits.symmetry import Solution
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer

Placements = dict[int, tuple[int, int, int]]  # piece -> (orientation, x, y)


# The post's CHECKs that found solutions: the pieces it put down before searching, as
# digit -> (X, Y, V, R) in its notation. CHECK #12 finds 8 solutions, CHECK #13 finds 4.
POST_CHECKS = {
    12: {"0": (0, 8, 1, 1), "7": (0, 6, 0, 0), "1": (0, 4, 0, 1)},
    13: {"0": (2, 8, 1, 1), "7": (2, 6, 0, 0)},
}


def post_check_fixed(check: int, table: PlacementTable) -> dict[int, int]:
    """The post's pre-placed pieces of CHECK `check` as placement indices of `table`."""
    labels = table.grid.puzzle.labels
    return {
        labels.index(digit): post_placement(table, digit, *where)
        for digit, where in POST_CHECKS[check].items()
    }


def demo_trace(check: int = 12) -> Trace:
    """The post's CHECK #12 replayed: the 0, the 7 and the 1 go down where the post put
    them, then the mesh search finds the post's 8 solutions, backtracking in between
    (about 1,400 events: watchable event by event)."""
    puzzle = default_puzzle()
    model = DigitsModel(puzzle, "mesh")
    tracer = RecordingTracer(
        model,
        solver="digits.exact",
        params={"granularity": "mesh", "post_check": check},
        counters=COUNTERS,
    )
    table = prepare(puzzle, "mesh", use_symmetry=False).table
    solve(puzzle, "mesh", tracer, fixed=post_check_fixed(check, table))
    return tracer.finish()


def solution_placements(result: DigitsResult, solution: Solution) -> Placements:
    table = result.setup.table
    return {
        int(table.piece[p]): (int(table.orientation[p]), int(table.x[p]), int(table.y[p]))
        for p in solution
    }


def class_representatives(
    granularity: str = "mesh", puzzle: DigitsPuzzle | None = None
) -> list[Placements] | None:
    """One solution of each class (for the digits at mesh: three), as placements per piece;
    `DigitsModel(...).state_with(placements)` turns one into a state to draw. The mesh is
    searched (a fraction of a second); the longer searches only as recorded (known.py),
    None if not recorded for this puzzle."""
    puzzle = puzzle or default_puzzle()
    if granularity != "mesh":
        return known_representatives(puzzle, granularity)
    result = solve(puzzle, granularity)
    return [solution_placements(result, s) for s in result.representatives()]


def final_state(model: DigitsModel, result: DigitsResult) -> np.ndarray:
    """The state where a search that stopped early left the board (from its decision path)."""
    table = result.setup.table
    placements = {}
    empties = []
    for decision in result.final_path:
        if decision >= 0:
            placements[int(table.piece[decision])] = (
                int(table.orientation[decision]),
                int(table.x[decision]),
                int(table.y[decision]),
            )
        else:
            empties.append(-2 - decision)
    return model.state_with(placements, tuple(empties))

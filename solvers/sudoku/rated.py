"""Ratings of a whole puzzle or of a trace of it: solve (or read the trace), then rate the
path (rating.py). Apart from rating.py because it solves: the solver's results carry a
rating, so rating.py must stay below the solver, and this module sits above both.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from puzzleviz.solvers.sudoku.model import SudokuModel
from puzzleviz.solvers.sudoku.rating import Rating, rate_path, trace_facts
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.techniques import BY_NAME

if TYPE_CHECKING:
    from puzzleviz.solvers.sudoku.parse import Puzzle
    from puzzleviz.solvers.trace import Trace


def rate_puzzle(
    puzzle: Puzzle, enabled: Iterable[str] | None = None, *, unique: bool = True
) -> Rating:
    """Both ratings of a puzzle solved with the enabled techniques (all by default)."""
    allowed = frozenset(BY_NAME) if enabled is None else frozenset(enabled)
    result = solve(puzzle, allowed, allow_multiple=not unique, names=None)
    return rate_path(puzzle, result.steps, allowed, unique=result.unique)


_BY_SETTINGS: dict[tuple[str, frozenset[str], bool], Rating] = {}


def rate_trace(trace: Trace) -> Rating:
    """The puzzle's ratings for a trace of it: read off the trace's own events (each step's
    technique, the houses it marks, its links) when it is a whole solve, as `rate_path` gives
    them for the solve itself. A trace the window has cut and added to (a hint, a digit of
    the student's) is rated as the puzzle it shows: the rating of the whole solve seen
    before, or a new solve. Remembered per puzzle and settings: a scene asks every frame.
    A trace recorded since the ratings were kept in its header just reads them: a window
    opening it solves nothing (its kernels may not even be compiled yet)."""
    known = known_rating(trace)
    if known is not None:
        return known
    key = _settings_key(trace)
    if len(_BY_SETTINGS) > 256:
        _BY_SETTINGS.clear()
    model = SudokuModel.from_definition(trace.header.definition)
    kinds = {trace.string(int(k)) for k in trace.milestone_kind.tolist()}
    if kinds & {"solved", "stalled"}:
        rating = rate_path(model.puzzle, trace_facts(trace), key[1], unique=key[2])
    else:
        rating = rate_puzzle(model.puzzle, key[1], unique=key[2])
    _BY_SETTINGS[key] = rating
    return rating


def known_rating(trace: Trace) -> Rating | None:
    """The ratings of `trace` if they cost nothing now: kept in its header, or worked out
    before for the same puzzle and settings; None where `rate_trace` would have to work
    (an older trace: minutes on a new machine, whose kernels must compile first)."""
    kept = trace.header.params.get("ratings")
    if isinstance(kept, dict):
        return Rating(float(kept["se"]), bool(kept["se_lower_bound"]), str(kept["level"]),
                      int(kept["score"]))  # fmt: skip
    return _BY_SETTINGS.get(_settings_key(trace))


def _settings_key(trace: Trace) -> tuple[str, frozenset[str], bool]:
    model = SudokuModel.from_definition(trace.header.definition)
    params = trace.header.params
    enabled = frozenset(params.get("techniques", model.technique_names))
    return model.puzzle.text(), enabled, bool(params.get("unique", True))

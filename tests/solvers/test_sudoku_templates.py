"""Templates (solvers.sudoku.kernels.templates): a digit placed where every placement of
it (one per row, column and box) goes, removed where none goes; sound on hard puzzles;
4x4 works, 16x16 is skipped."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from puzzleviz.solvers.sudoku.geometry import geometry
from puzzleviz.solvers.sudoku.kernels.log import new_log
from puzzleviz.solvers.sudoku.kernels.templates import templates
from puzzleviz.solvers.sudoku.parse import read_puzzles
from puzzleviz.solvers.sudoku.roles import ROLE_PATTERN
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.soundness import unsound_steps
from puzzleviz.solvers.sudoku.steps import decode_log
from puzzleviz.solvers.sudoku.techniques import parse_selection

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "puzzles" / "sudoku"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _run(b, values, cand, delete):
    log = new_log(4, 4000)
    found = templates(geometry(b), values, cand, log, delete)
    return found, decode_log(log, 0, ())


def _open_digit(digit: int, extra: list[int]):
    """The solved grid with every `digit` taken out again; `digit` is a candidate in its
    own cells and in `extra` (a cell's other digits stay placed, so only `digit` moves)."""
    values = np.array([int(ch) for ch in SOLVED], dtype=np.int32)
    cand = np.zeros(81, dtype=np.int32)
    own = [c for c in range(81) if values[c] == digit]
    for c in own + extra:
        values[c] = 0
        cand[c] = 1 << (digit - 1)
    return values, cand, own


def test_template_set_places_the_cells_every_template_uses():
    # 5 taken out of its nine cells and left as their only candidate
    values, cand, own = _open_digit(5, [])
    found, steps = _run(3, values, cand, False)
    assert found
    (step,) = steps
    assert step.info[:3] == (5, 1, 9)  # one template: all nine cells
    assert sorted(step.placements) == sorted((c, 5) for c in own)


def test_template_delete_removes_what_no_template_uses():
    # 1 is a candidate in its own cells and in two more cells of row 1 that cannot be part of
    # a template (each would need a second 1 in its box or column): only the solution's
    # template is left, so both go
    values, cand, own = _open_digit(1, [])
    extra = [c for c in range(9, 18) if c not in own][:2]
    for c in extra:
        cand[c] |= 1
        values[c] = 0
    # the digits that were in `extra` are now candidates there too (so the cells are open)
    for c in extra:
        cand[c] |= 1 << (int(SOLVED[c]) - 1)
    found, steps = _run(3, values, cand, True)
    (step,) = steps
    removed = {c for c, _d in step.eliminations}
    assert found and removed and removed <= set(extra)
    assert all(d == 1 for _c, d in step.eliminations)
    assert all(r == ROLE_PATTERN for _c, _d, r in step.candidates)


def test_template_steps_are_sound_on_hard_puzzles():
    """With only the elementary techniques before them, templates fire often."""
    selection = parse_selection("singles,intersections,subsets,templates,guess")
    fired = 0
    for puzzle in read_puzzles(ASSETS / "famous_hard.txt")[:40]:
        result = solve(puzzle, selection)
        assert unsound_steps(result) == []
        fired += sum(s.name in ("template_set", "template_delete") for s in result.steps)
    assert fired >= 5


def test_four_by_four_works_and_sixteen_is_skipped():
    geo = geometry(2)
    values = np.zeros(16, dtype=np.int32)
    cand = np.full(16, 0b1111, dtype=np.int32)
    # digit 1 only on the diagonal pattern A1, C2, B3, D4: one template
    for c in range(16):
        cand[c] &= ~1
    for c in (0, 6, 9, 15):
        cand[c] |= 1
    found, steps = _run(2, values, cand, False)
    assert found and sorted(steps[0].placements) == [(0, 1), (6, 1), (9, 1), (15, 1)]
    assert geo.n == 4
    full = np.full(256, (1 << 16) - 1, dtype=np.int32)
    big = geometry(4)
    assert not templates(big, np.zeros(256, dtype=np.int32), full, new_log(4, 4000), False)

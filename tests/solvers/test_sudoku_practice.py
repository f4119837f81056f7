"""Practice puzzles (issue 35): each has one solution, and the solver's own path, with every
logical technique on, first uses the technique at the step the puzzle names; the path in
HoDoKu's order uses it too."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.sudoku import hodoku_order
from puzzleviz.solvers.sudoku import practice as practice_module
from puzzleviz.solvers.sudoku.bruteforce import count_solutions, other_solution
from puzzleviz.solvers.sudoku.generate import generate
from puzzleviz.solvers.sudoku.practice import (
    LAST_RESORTS,
    MOVED,
    PRACTICE,
    THEN_HARDER,
    practice_puzzles,
    practice_trace,
    practised,
    technique_named,
)
from puzzleviz.solvers.sudoku.practice_plant import planted
from puzzleviz.solvers.sudoku.search import solve
from puzzleviz.solvers.sudoku.techniques import BY_NAME, ORDERED, TECHNIQUES

LOGIC = frozenset(t.name for t in ORDERED) - {"guess"}


@pytest.mark.parametrize(
    ("technique", "seed"),
    [
        ("x_wing", 10),
        ("y_wing", 5),
        ("unique_rectangle_1", 10),
        ("als_xz", 5),
        ("hidden_quad", 4),
        ("naked_quad", 3),
        ("jellyfish", 1),
        ("franken_fish", 5),
    ],  # the quads and the jellyfish from planted candidates; Franken fish: harder steps follow
)
def test_a_practice_puzzle_is_unique_and_its_path_first_uses_the_technique_where_it_says(
    technique, seed
):
    (practice,) = practice_puzzles(technique, 1, seed)
    count, _ = count_solutions(3, practice.puzzle.givens, limit=2)
    assert count == 1
    result = solve(practice.puzzle, LOGIC)
    assert result.solved and not result.fallback_used
    used = [BY_NAME[technique].id == s.technique for s in result.steps]
    assert used.index(True) == practice.step - 1
    assert result.steps[practice.step - 1].caption == practice.caption
    assert practice.caption.startswith(BY_NAME[technique].title)
    # without a level the technique is the hardest the puzzle needs, but for the rarest
    # three harder steps may follow (never a last resort), and the puzzle names the hardest
    assert BY_NAME[practice.hardest].rating == result.rating
    if technique in THEN_HARDER:
        assert result.rating > BY_NAME[technique].rating
        assert not {TECHNIQUES[s.technique].name for s in result.steps} & LAST_RESORTS
        assert practice.line().endswith(f", then {BY_NAME[practice.hardest].title})")
    else:
        assert result.rating == BY_NAME[technique].rating
        assert practice.hardest == technique and "then" not in practice.line()
    # and the path in HoDoKu's order of techniques comes to it too
    assert hodoku_order.uses(practice.puzzle, technique)


def test_the_same_seed_gives_the_same_puzzles_each_from_another_generated_one():
    made = list(practice_puzzles("y_wing", 3, 5))
    first = [p.puzzle.text() for p in made]
    assert first == [p.puzzle.text() for p in practice_puzzles("y_wing", 3, 5)]
    # never two from one generated puzzle and its neighbours (a clue or a few moved)
    assert len({p.candidate for p in made}) == 3


def test_worker_threads_give_the_same_puzzles_in_the_same_order():
    alone = [p.puzzle.text() for p in practice_puzzles("x_wing", 3, 2)]
    assert [p.puzzle.text() for p in practice_puzzles("x_wing", 3, 2, workers=3)] == alone


def test_a_level_asks_for_the_puzzle_s_level_and_the_technique_still_comes():
    (practice,) = practice_puzzles("x_wing", 1, 1, level="master")
    result = solve(practice.puzzle, LOGIC)
    assert result.level == "master" and result.rating > BY_NAME["x_wing"].rating
    assert result.steps[practice.step - 1].technique == BY_NAME["x_wing"].id


@pytest.mark.parametrize(
    ("word", "name"),
    [("X-Wing", "x_wing"), ("x wing", "x_wing"), ("XY-Wing", "y_wing"), ("xw", "x_wing"),
     ("Unique Rectangle Type 1", "unique_rectangle_1"), ("ALS-XZ", "als_xz"),
     ("2-String Kite", "two_string_kite"), ("death_blossom", "death_blossom")],
)  # fmt: skip
def test_technique_names_forgive_case_spaces_and_hyphens(word, name):
    assert technique_named(word) == name


def test_an_unknown_technique_lists_the_choices():
    with pytest.raises(PuzzleInputError) as caught:
        technique_named("X-Wong")
    text = str(caught.value)
    assert "X-Wong" in text and "\n" not in text
    assert all(BY_NAME[name].title in text for name in PRACTICE)


def test_a_practice_trace_says_what_it_practises_and_where():
    practice, trace = practice_trace("y_wing", 1)
    assert practised(trace) == "y_wing"
    assert trace.header.params["practice_step"] == practice.step
    assert trace.header.definition  # the puzzle, as any recorded solve keeps it


def test_a_planted_hidden_quad_leaves_its_box_open_and_its_digits_ruled_out_of_the_rest():
    rng = np.random.default_rng(7)
    puzzle, plant = planted("hidden_quad", 11, rng)
    givens = puzzle.givens
    count, solution = count_solutions(3, givens, limit=2)
    assert count == 1 and solution is not None
    box = sorted(plant.open_cells)
    assert len(box) == 9 and not givens[box].any()
    assert all(givens[cell] == solution[cell] for cell in plant.keep)

    def ruled_out(cell: int, digit: int) -> bool:  # a clue of it in the cell's row or column
        r, c = divmod(cell, 9)
        line = [r * 9 + j for j in range(9)] + [i * 9 + c for i in range(9)]
        return any(givens[x] == digit for x in line)

    fits = {cell: {d for d in range(1, 10) if not ruled_out(cell, d)} for cell in box}
    # a 2x2 corner of the box whose four digits fit nowhere else in it, holding others too
    corners = [[box[3 * i + j] for i in rows for j in cols]
               for rows in itertools.combinations(range(3), 2)
               for cols in itertools.combinations(range(3), 2)]  # fmt: skip
    quads = [
        corner for corner in corners
        if all(not ({int(solution[c]) for c in corner} & fits[cell])
               for cell in box if cell not in corner)
        and any(fits[cell] - {int(solution[c]) for c in corner} for cell in corner)
    ]  # fmt: skip
    assert quads


def _is_grid(values: np.ndarray) -> bool:
    rows = values.reshape(9, 9)
    boxes = rows.reshape(3, 3, 3, 3).transpose(0, 2, 1, 3).reshape(9, 9)
    return all(sorted(h) == list(range(1, 10)) for part in (rows, rows.T, boxes) for h in part)


def test_other_solution_finds_where_a_puzzle_without_a_clue_goes_ambiguous():
    puzzle = generate(3, 4)  # minimal: without any one clue it has several solutions
    _, solution = count_solutions(3, puzzle.givens)
    assert solution is not None
    cell = int(np.flatnonzero(puzzle.givens)[5])
    digit = int(solution[cell])
    assert other_solution(3, puzzle.givens, cell, digit) is None  # the clue is there
    without = puzzle.givens.copy()
    without[cell] = 0
    other = other_solution(3, without, cell, digit)
    assert other is not None and _is_grid(other) and other[cell] != digit
    given = without > 0
    assert (other[given] == without[given]).all()


def test_neighbours_keep_the_solution_unique_and_the_plant_in_place():
    rng = np.random.default_rng(3)
    generated = practice_module._generate("jellyfish", 5, rng)
    open_cells, puzzle = sorted(generated.plant.open_cells), generated.puzzle
    digit = int(generated.solution[open_cells[0]])
    assert len(open_cells) == 9 and (generated.solution[open_cells] == digit).all()
    assert not (puzzle.givens == digit).any()  # the jellyfish's digit is never given
    near = list(practice_module._neighbours(generated, puzzle, 20, rng))
    assert len(near) >= 10  # most tries give a puzzle (a random move: one in twenty)
    for neighbour in near:
        count, solution = count_solutions(3, neighbour.givens)
        assert count == 1 and (solution == generated.solution).all()
        assert not neighbour.givens[open_cells].any()
        taken = np.flatnonzero((puzzle.givens > 0) & (neighbour.givens == 0))
        added = np.flatnonzero((puzzle.givens == 0) & (neighbour.givens > 0))
        assert len(taken) == 1 and 1 <= len(added) <= MOVED


def test_play_practice_says_first_that_a_rare_technique_takes_long(capsys, monkeypatch):
    # `puzzleviz play --practice` makes the puzzle before the window opens: only stderr can
    # tell the teacher why nothing shows yet (the wait itself is not what is tested)
    made = []

    def recorded(technique, seed):
        made.append(technique)
        return None, "trace"

    monkeypatch.setattr(practice_module, "practice_trace", recorded)
    assert practice_module.practice_for("mutant fish", 1) == "trace"
    assert made == ["mutant_fish"]
    assert "Mutant Fish puzzles are rare: expect a minute or more" in capsys.readouterr().err
    practice_module.practice_for("x-wing", 1)
    assert capsys.readouterr().err == ""

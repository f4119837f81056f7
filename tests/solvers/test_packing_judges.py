"""The digits and cube quiz judges: the notation both ways, the reasons, and that a move judged
right but different really completes, checked against every packing the solvers list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.cube.exact import EXACT_COUNTERS, solve_exact
from puzzleviz.solvers.cube.files import load_puzzle
from puzzleviz.solvers.cube.judge import CubeJudge
from puzzleviz.solvers.cube.model import CubeModel
from puzzleviz.solvers.cube.model import Place as CubePlace
from puzzleviz.solvers.digits.exact import solve
from puzzleviz.solvers.digits.judge import DigitsJudge
from puzzleviz.solvers.digits.model import LEFT_EMPTY
from puzzleviz.solvers.digits.puzzle import DigitsPuzzle
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import render
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, WRONG, AnswerError
from puzzleviz.solvers.quiz_choices import offered
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.cli import main

from tests.digits_fixtures import SMALL

# The small digits puzzle with its pieces in label order (the 1, the 4, the 7)
SORTED_SMALL = {**SMALL, "pieces": dict(sorted(SMALL["pieces"].items()))}


def verdict(judge, step, answer):
    found = judge.judge(step, answer)
    return found.kind, render(found.reason, "en")


@pytest.fixture(scope="module")
def small_digits(tmp_path_factory) -> Path:
    """Every packing of the small puzzle on the mesh, searched: Place, LeaveEmpty, Remove."""
    folder = tmp_path_factory.mktemp("digits")
    (folder / "small.json").write_text(json.dumps(SORTED_SMALL))
    path = folder / "small.pzt"
    assert main(["solve", "digits", "--puzzle", str(folder / "small.json"), "--trace",
                 str(path), "-q"]) == 0  # fmt: skip
    return path


def test_a_digits_answer_is_read_forgivingly_and_named_as_the_model_turns_it(small_digits):
    judge = DigitsJudge(load_trace(small_digits))
    assert judge.recorded(0) == "piece 1 at 0,0"
    assert judge.recorded(1) == "piece 4 at 0,0 flipped turned 90"
    assert verdict(judge, 1, "  Piece 4 AT (0, 0) flipped, turned 90° ")[0] == RIGHT
    assert verdict(judge, 1, "4 at 0,0 turned 90 flipped")[0] == RIGHT  # flip first, any order
    # the 1 mirrored is the 1 turned half way round: two names of one placement
    assert verdict(judge, 0, "piece 1 at 0,0 flipped turned 180")[0] == RIGHT
    assert verdict(judge, 0, "piece 1 at 0,0 flipped")[0] != RIGHT
    assert verdict(judge, 1, "piece 1 at 4,0") == (WRONG, "the 1 is already in the frame")
    assert verdict(judge, 1, "piece 7 at 1,0") == (
        WRONG, "the search puts pieces only at even block offsets (the mesh)")  # fmt: skip
    assert verdict(judge, 1, "piece 7 at 5,4") == (WRONG, "the 7 does not fit in the frame there")
    assert verdict(judge, 1, "piece 7 at 0,0 turned 90") == (WRONG, "the 7 there overlaps the 1")


@pytest.mark.parametrize(
    ("answer", "match"),
    [
        ("7 2,0", "is not a digits move (write: piece 7 at 2,0 turned 90"),
        ("piece 9 at 2,0", "there is no piece '9' (the pieces: 1, 4, 7)"),
        ("piece 7 at 2,0 turned 45", "turns by 0, 90, 180 or 270 degrees"),
        ("piece 7 at 2,0 sideways", "'sideways' is not a way to lie"),
    ],
)
def test_a_malformed_digits_answer_is_an_error_naming_the_form(small_digits, answer, match):
    judge = DigitsJudge(load_trace(small_digits))
    with pytest.raises(AnswerError, match=re.escape(match)):
        judge.judge(1, answer)


def every_digits_packing(judge: DigitsJudge) -> list[tuple[int, ...]]:
    """Every packing, as placement indices of the judge's table, listed by the plain solver
    (the same placements: the same grid and granularity build the same table)."""
    result = solve(DigitsPuzzle.from_definition(SORTED_SMALL), "mesh")
    assert result.setup.table.n == judge.setup.table.n
    return [tuple(s) for s in result.solutions]


def test_a_digits_move_is_right_but_different_exactly_when_a_packing_follows(small_digits):
    trace = load_trace(small_digits)
    judge = DigitsJudge(trace)
    packings = every_digits_packing(judge)
    table = judge.setup.table
    seen = {DIFFERENT: 0, WRONG: 0}
    askable = [s for s in range(trace.n_steps) if judge.placed(s) is not None]
    for step in askable[:25]:
        owners = judge.owners(step)
        fixed = judge.fixed(step)
        empty = set(np.flatnonzero(owners == LEFT_EMPTY).tolist())
        for answer in judge.answers(step):
            kind = judge.judge(step, answer).kind
            if kind == RIGHT:
                continue
            k, o, x, y = judge.parse(answer)
            want = {**fixed, k: table.find(k, o, x, y)}
            follows = any(
                all(s[piece] == p for piece, p in want.items())
                and not empty & set(np.concatenate([table.cell_indices(q) for q in s]).tolist())
                for s in packings
            )
            assert (kind == DIFFERENT) == follows, (step, answer)
            seen[kind] += 1
    assert seen[DIFFERENT] and seen[WRONG]  # both kinds were met


def test_the_digits_choices_cover_the_next_cell_and_the_hints_narrow_down(small_digits):
    judge = DigitsJudge(load_trace(small_digits))
    choices = judge.choices(1)
    assert judge.recorded(1) in choices and 1 < len(choices) <= 8
    assert set(choices) <= set(judge.answers(1))
    cell = judge.branch_cell(1)
    table = judge.setup.table
    for answer in choices:
        assert cell in table.cell_indices(table.find(*judge.parse(answer)))
    hints = [render(h, "en") for h in judge.hints(1)]
    assert hints[0] == "the next piece is the 4"
    assert hints[1].startswith("the 4 covers square 0,")
    assert judge.default_steps() and all(judge.placed(s) for s in judge.default_steps())


# -- the cube ----------------------------------------------------------------------------


def hand_made_cube() -> CubeJudge:
    """Slothouber-Graatsma: the three unit cubes on the diagonal (each of its 8 fillings has
    them there), then a 1x2x2 as one filling has it."""
    puzzle = load_puzzle("slothouber-graatsma")
    model = CubeModel(puzzle)
    tracer = RecordingTracer(model, solver="cube.exact", counters=EXACT_COUNTERS)
    for i in range(3):
        tracer.step(f"unit cube {i}")
        tracer.emit(CubePlace(i, model.pose(0, i, i, i)))
    tracer.step("a brick")
    brick = next(o for o in range(3) if puzzle.types[1].orientation_extent(o) == (1, 2, 2))
    tracer.emit(CubePlace(3, model.pose(brick, 2, 1, 0)))
    tracer.milestone("solution", "not yet, but a milestone to ask at")
    return CubeJudge(tracer.finish())


def test_a_cube_answer_is_read_forgivingly_and_each_wrong_one_says_why():
    judge = hand_made_cube()
    assert judge.recorded(0) == "1x1x1 at x 0, y 0, z 0"
    assert judge.recorded(3) == "1x2x2 at x 2, y 1..2, z 0..1"
    assert verdict(judge, 3, "place 1X2X2 #4 standing at x=2, y = 1-2, z 0 to 1")[0] == RIGHT
    assert verdict(judge, 3, "2x2x1 at z 0..1, y 1..2, x 2")[0] == RIGHT  # any order
    assert verdict(judge, 3, "1x2x2 at x 0, y 1..2, z 0..1") == (
        DIFFERENT, "also right: the 1x2x2 fits there and a filling follows from it")  # fmt: skip
    assert verdict(judge, 3, "1x1x1 at x 1, y 0, z 0") == (
        WRONG, "every 1x1x1 is already in the box")  # fmt: skip
    assert verdict(judge, 3, "1x2x2 at x 0..1, y 0..1, z 0") == (
        WRONG, "it overlaps the 1x1x1 at x 0, y 0, z 0")  # fmt: skip
    assert verdict(judge, 3, "1x2x2 at x 2, y 0..1, z 0..1") == (
        WRONG, "it leaves cell (1,0,0) empty, and no piece left can fill it")  # fmt: skip
    assert verdict(judge, 3, "1x2x2 at x 1..2, y 2..3, z 0") == (
        WRONG, "the 1x2x2 does not fit in the box there")  # fmt: skip
    assert verdict(judge, 3, "1x2x2 at x 0..2, y 0, z 0") == (
        WRONG, "a 1x2x2 cannot span those cells")  # fmt: skip
    assert judge.default_steps() == [3]


@pytest.mark.parametrize(
    ("answer", "match"),
    [
        ("1x2x2 x 0, y 0..1, z 0..1", "is not a cube move (write: 2x2x3 at x 0..1, y 0..1"),
        ("1x2x2 at x 0, y 0..1", "is not a cube move"),
        ("brick at x 0, y 0..1, z 0..1", "there is no piece 'brick' (the pieces: 1x1x1, 1x2x2)"),
        ("1x2x2 sideways at x 0, y 0..1, z 0..1", "'sideways' is not part of a move"),
        ("1x2x2 at x 0, x 1, y 0..1, z 0..1", "names x twice"),
    ],
)
def test_a_malformed_cube_answer_is_an_error_naming_the_form(answer, match):
    with pytest.raises(AnswerError, match=re.escape(match)):
        hand_made_cube().judge(3, answer)


@pytest.fixture(scope="module")
def cube_search(tmp_path_factory) -> Path:
    """The plain search of Slothouber-Graatsma for every filling, recorded."""
    path = tmp_path_factory.mktemp("cube") / "sg.pzt"
    assert main(["solve", "cube", "--puzzle", "slothouber-graatsma", "--all", "--trace",
                 str(path), "-q"]) == 0  # fmt: skip
    return path


def test_a_cube_move_is_right_but_different_exactly_when_a_filling_follows(cube_search):
    trace = load_trace(cube_search)
    judge = CubeJudge(trace)
    fillings = [set(row.tolist()) for row in solve_exact(judge.puzzle, symmetry=False).rows]
    assert len(fillings) == 8
    seen = {DIFFERENT: 0, WRONG: 0}
    askable = [s for s in range(trace.n_steps) if judge.placed(s) is not None]
    for step in askable[:30]:
        fixed, _left = judge.position(step)
        for answer in judge.answers(step):
            kind = judge.judge(step, answer).kind
            if kind == RIGHT:
                continue
            _t, move, _shaped = judge.resolve(answer)
            assert move is not None
            want = {*fixed, judge.index_of[move]}
            assert (kind == DIFFERENT) == any(want <= f for f in fillings), (step, answer)
            seen[kind] += 1
    assert seen[DIFFERENT] and seen[WRONG]


def test_the_cube_choices_cover_the_cell_with_the_fewest_options(cube_search):
    judge = CubeJudge(load_trace(cube_search))
    choices = judge.choices(0)
    assert judge.recorded(0) in choices and 1 < len(choices) <= 8
    assert set(choices) <= set(judge.answers(0))
    assert [render(h, "en") for h in judge.hints(0)] == [
        "the next piece is a 1x1x1",
        "the 1x1x1 fills cell (0,0,0), the one with the fewest options",
    ]


def test_the_offered_buttons_keep_the_recorded_move_and_sort_by_their_numbers():
    candidates = [f"x {k}" for k in range(12)]
    assert offered(candidates, "x 11") == ["x 0", "x 1", "x 2", "x 3", "x 4", "x 5", "x 6",
                                           "x 11"]  # fmt: skip
    assert offered(["b 10", "b 9", "a"], "b 9") == ["a", "b 9", "b 10"]


def test_a_polycube_names_its_orientation_where_its_span_does_not_say_it():
    """Soma: the T placed first; its span is shared by other orientations, so the move
    says which one, and a name with spaces ("A (screw)") is read whole."""
    puzzle = load_puzzle("soma")
    model = CubeModel(puzzle)
    tracer = RecordingTracer(model, solver="cube.exact", counters=EXACT_COUNTERS)
    t = next(k for k, ptype in enumerate(puzzle.types) if ptype.name == "T")
    tracer.step("the T")
    tracer.emit(CubePlace(int(puzzle.first_instance[t]), model.pose(0, 0, 0, 0)))
    judge = CubeJudge(tracer.finish())
    recorded = judge.recorded(0)
    assert recorded is not None and recorded.startswith("T at ") and " orientation 1" in recorded
    assert verdict(judge, 0, recorded.upper())[0] == RIGHT
    with pytest.raises(AnswerError, match="spans that in several ways: add orientation K"):
        judge.judge(0, recorded.rsplit(" orientation", 1)[0])
    screw = next(a for a in judge.answers(0) if a.startswith("A (screw) at "))
    assert judge.judge(0, "place " + screw.lower()).kind in (DIFFERENT, WRONG)


def test_a_digits_puzzle_keeps_its_pieces_order_through_a_trace_header():
    """A header is written with sorted keys; the pieces' numbers (which events carry) must
    still name the same pieces, so `order` says it when the labels are not in order."""
    puzzle = DigitsPuzzle.from_definition(SMALL)  # the 1, the 7, the 4
    header = json.loads(json.dumps(puzzle.definition(), sort_keys=True))
    assert DigitsPuzzle.from_definition(header).labels == ("1", "7", "4")
    assert "order" not in DigitsPuzzle.from_definition(SORTED_SMALL).definition()
    with pytest.raises(PuzzleInputError, match="'order' must list every piece's name once"):
        DigitsPuzzle.from_definition({**header, "order": ["1", "7"]})


def test_a_digits_question_the_bound_cannot_settle_is_right_and_says_so(small_digits, monkeypatch):
    """Early in a long search a check may not finish within its node limit: the answer gets
    the benefit of the doubt, and its reason says how far the check went."""
    monkeypatch.setattr("puzzleviz.solvers.digits.judge.NODE_LIMITS", {"mesh": 1})
    judge = DigitsJudge(load_trace(small_digits))
    assert verdict(judge, 0, "piece 1 at 4,0") == (
        DIFFERENT, "also right as far as the check went: the 1 fits there, and 1 nodes of search "
        "found no dead end")  # fmt: skip
    assert verdict(judge, 0, "piece 1 at 0,0")[0] == RIGHT  # the recorded move needs no check

"""One truth on screen: every number the title row, the statistics, the caption and the
legend show is that of the state shown, at every milestone of every demo and search trace,
and after the user's own moves (a shuffle, a turn, a card taken back), which the solver's
figures must no longer claim.

Each puzzle's check reads the numbers out of the English words (the test runs in English)
and counts the same things on the board itself.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import numpy as np
import pygame
import pytest
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.trace_edit import by_hand
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.app import App
from puzzleviz.viz.compose import compose, default_look
from puzzleviz.viz.player import GLIDE_SECONDS, Frame, Player
from puzzleviz.viz.scene import scene_for

from tests.scenes.conftest import SEARCHES

SIZE = (1280, 720)
DEMOS = ("cube", "digits", "queens", "rings", "setgame", "sudoku")


@dataclasses.dataclass(frozen=True)
class Shown:
    """The words on screen at one frame."""

    heading: str
    statistics: list[str]
    caption: str
    legend: list[str]  # every text the scene draws (its legend and labels)

    def stat(self, pattern: str) -> int | None:
        """The number a statistic matching `pattern` (one group) shows, if one does."""
        for line in self.statistics:
            match = re.fullmatch(pattern, line)
            if match:
                return number(match.group(1))
        return None


def number(text: str) -> int:
    return int(text.replace(",", ""))


def shown_at(frame: Frame) -> Shown:
    scene = scene_for(frame.trace.header.kind)
    canvas, _ = compose(frame, default_look(scene, frame), SIZE)
    return Shown(scene.heading(frame), scene.statistics(frame), frame.caption,
                 [run.text for run in canvas.d2.texts])  # fmt: skip


def positions(trace: Trace, samples: int = 40) -> list[int]:
    """The start, every milestone, the end, and the ends of some steps between them."""
    ends = [trace.step_range(k)[1] for k in np.linspace(0, trace.n_steps - 1, samples, dtype=int)]
    return sorted({0, *trace.milestone_pos.tolist(), *(ends if trace.n_steps else []),
                   trace.n_events})  # fmt: skip


def check_milestone_line(frame: Frame, shown: Shown) -> None:
    """ "3 of 8 solutions": reached here, out of the trace's; and said once."""
    found = [line for line in shown.statistics if re.search(r"solutions? found", line)]
    if found:  # a count of solutions beside "1 of 1 solution" says the same thing twice
        assert not [line for line in shown.statistics if " of " in line and "solution" in line]
    for line in shown.statistics:
        match = re.fullmatch(r"([\d,]+) of ([\d,]+) [a-z ]+", line)
        if match:
            assert number(match.group(1)) == frame.milestones_reached, line
            assert number(match.group(2)) == frame.trace.n_milestones, line


# -- the puzzles ---------------------------------------------------------------------------


def check_rings(frame: Frame, shown: Shown) -> None:
    model, state, trace = frame.model, frame.state, frame.trace
    solved = model.is_goal(state)
    claimed = re.search(r"(\d+) moves?", shown.heading)
    if claimed:  # the solution the trace shows is worth that many moves
        assert not by_hand(trace, frame.step)
        captions = [trace.step_caption_text(k) for k in range(trace.n_steps)]
        moves = [re.fullmatch(r"Move \d+ of (\d+) · .*", c) for c in captions]
        totals = [number(m.group(1)) for m in moves if m]
        assert totals == [number(claimed.group(1))] * len(totals) and len(totals) == totals[0]
    replaying = re.match(r"(Move \d+ of|Turn back)", shown.caption) is not None
    estimate = shown.stat(r"estimate (\d+) moves?")
    if estimate is not None and claimed:  # back to the start, then the answer: no farther
        reached = shown.stat(r"depth (\d+)")
        bound = number(claimed.group(1)) + (frame.cursor if reached is None else reached)
        assert estimate <= bound, (estimate, shown.heading)
    depth = shown.stat(r"depth (\d+)")
    if replaying or by_hand(trace, frame.step):  # positions the search did not look at
        assert estimate is None and depth is None, shown.statistics
    if estimate is not None:
        assert (estimate == 0) == solved, (estimate, shown.caption)
    assert ("green rings: solved" in shown.legend) == solved


def check_setgame(frame: Frame, shown: Shown) -> None:
    from puzzleviz.solvers.setgame.model import CHOSEN

    chosen = int(np.count_nonzero(frame.model.status(frame.state) == CHOSEN))
    assert shown.stat(r"(\d+) cards? chosen") == chosen
    largest = shown.stat(r"largest so far: (\d+)")
    if largest is not None:
        assert largest >= chosen
    laid_out = re.match(r"(?:Finished: |A cap of )(\d+) cards", shown.caption)
    if laid_out and frame.event is None and frame.cursor == frame.n_events:
        assert chosen == number(laid_out.group(1))
        assert largest in (None, chosen)
    counted = re.search(r"\(([\d,]+) such caps\)", shown.caption)
    if counted and frame.cursor == frame.n_events:
        assert shown.stat(r"([\d,]+) caps? of that size found") == number(counted.group(1))


def check_digits(frame: Frame, shown: Shown) -> None:
    model, state = frame.model, frame.state
    placed = sum(model.placement_of(state, p) is not None for p in range(model.n_pieces))
    assert shown.stat(r"(\d+) pieces? placed") in (None, placed)
    empty = int(np.count_nonzero(model.owners(state) == -2))
    assert shown.stat(r"(\d+) triangles? left empty") in (None, empty)
    summary = re.match(r"Finished: ([\d,]+) solutions? in ([\d,]+) class(?:es)?, ([\d,]+) nodes",
                       shown.caption)  # fmt: skip
    if summary:
        count, classes, nodes = (number(summary.group(k)) for k in (1, 2, 3))
        assert shown.stat(r"([\d,]+) nodes searched") == nodes
        found = shown.stat(r"[\d,]+ of ([\d,]+) solutions?")
        per_class = shown.stat(r"[\d,]+ of ([\d,]+) solution class(?:es)?")
        assert found == count or per_class == classes, shown.statistics


def check_queens(frame: Frame, shown: Shown) -> None:
    placed, marks = frame.model.queens(frame.state) >= 0, frame.model.marks(frame.state)
    queens = int(np.count_nonzero(placed))
    assert shown.stat(r"(\d+) on the board") == queens
    solved = bool(placed.all()) and not marks.any() and frame.event is None
    assert ("green frame: no queen attacks another" in shown.legend) == solved
    assert ("× rejected: the queen of its colour attacks it" in shown.legend) == marks.any()
    solutions = frame.milestones_reached  # its milestones are the solutions
    assert shown.stat(r"solutions found: (\d+)") in ((None, 0) if not solutions else (solutions,))
    finished = re.search(r"after ([\d,]+) queens placed", shown.caption)
    if finished:
        assert shown.stat(r"([\d,]+) queens placed in all") == number(finished.group(1))


def check_cube(frame: Frame, shown: Shown) -> None:
    from puzzleviz.solvers.cube.views import seed_error, slices

    model, state, trace = frame.model, frame.state, frame.trace
    pieces = len(model.pieces(state))
    assert shown.stat(r"(\d+) pieces? placed") in (None, pieces)
    assert shown.stat(r"depth (\d+)") in (None, pieces)
    layer = re.match(r"Layer z=(\d+)", shown.caption)
    if layer:
        assert shown.stat(r"layer z = (\d+)") == number(layer.group(1))
    errors = shown.stat(r"([\d,]+) errors? now")
    if errors is not None:
        codes = [t.code if trace.header.params.get("outside", "code") == "code" else 1
                 for t in model.puzzle.types]  # fmt: skip
        assert errors == seed_error(model, state, outside_weights=np.array(codes))
        assert f"errors: {errors} now (the line: fewest)" in shown.legend
        fewest = shown.stat(r"fewest errors so far: ([\d,]+)")
        assert fewest is None or fewest <= errors
    if model.apart:  # a disassembly: its space's margin is room for parts set aside
        assert "thick outline: the pieces sliding now" in shown.legend
        assert "cell covered twice" not in shown.legend
    elif model.margin and frame.event is None:
        packed = not slices(model, state, whole_space=True).bad.any()
        assert ("solved: every cell covered once" in shown.legend) == packed
        assert ("cell covered twice" in shown.legend) == (not packed)


def check_sudoku(frame: Frame, shown: Shown) -> None:
    from puzzleviz.solvers.sudoku.model import GUESSED, LOGIC, STUDENT

    model, state, trace = frame.model, frame.state, frame.trace
    values, masks = model.values(state), model.candidates(state)
    assert shown.stat(r"(\d+) cells filled") in (None, int(np.count_nonzero(values)))
    marks = sum(bin(int(m)).count("1") for m in masks[values == 0].tolist())
    assert shown.stat(r"([\d,]+) pencil marks left") in (None, marks)
    rating = re.search(r"SE (?:at least )?([\d.]+)", shown.heading)
    for _, kind, caption in trace.milestones():
        if kind == "solved" and rating:
            assert f"SE {rating.group(1)}" in caption or f"least {rating.group(1)}" in caption
    origins = set(model.origin(state)[values > 0].tolist())
    for origin, words in ((LOGIC, "found by logic"), (GUESSED, "guessed"), (STUDENT, "your digit")):
        assert (words in shown.legend) == (origin in origins), words


CHECKS: dict[str, Callable[[Frame, Shown], None]] = {
    "rings": check_rings,
    "setgame": check_setgame,
    "digits": check_digits,
    "queens": check_queens,
    "cube": check_cube,
    "sudoku": check_sudoku,
}


def assert_one_truth(trace: Trace) -> None:
    player = Player(trace, model_for(trace))
    for cursor in positions(trace):
        player.seek(cursor)
        frame = player.frame()
        shown = shown_at(frame)
        try:
            check_milestone_line(frame, shown)
            CHECKS[trace.header.kind](frame, shown)
        except AssertionError as error:
            raise AssertionError(f"at event {cursor} ({shown.caption!r}): {error}") from error


@pytest.mark.parametrize("kind", DEMOS)
def test_the_demo_screens_agree_with_their_state(demo, kind):
    assert_one_truth(demo(kind))


@pytest.mark.parametrize("name", sorted(SEARCHES))
def test_the_search_screens_agree_with_their_state(search_trace, name):
    assert_one_truth(search_trace(name))


# -- after the user's own moves ----------------------------------------------------------


def press(app: App, key: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    app.tick(GLIDE_SECONDS)
    app.render()


def settled(app: App) -> tuple[Frame, Shown]:
    app.player.settle()
    frame = app.player.frame()
    return frame, shown_at(frame)


def test_a_shuffle_or_a_turn_leaves_no_solver_claim_on_the_rings(gl_ctx, search_trace):
    pygame.init()
    trace = search_trace("rings-best-first")
    app = App(gl_ctx, [trace], size=SIZE)
    app.player.seek(trace.n_events)
    frame, shown = settled(app)
    assert re.search(r"\d+ moves", shown.heading) and "green rings: solved" in shown.legend
    for key in (pygame.K_x, pygame.K_1):
        press(app, key)
        frame, shown = settled(app)
        assert shown.heading == "Hungarian rings · played by hand"
        assert not [line for line in shown.statistics if re.search(r"estimate|depth", line)]
        check_rings(frame, shown)
    press(app, pygame.K_u)
    press(app, pygame.K_u)  # back to the search's own trace: its claims are true again
    frame, shown = settled(app)
    assert app.player.trace is trace and re.search(r"\d+ moves", shown.heading)


def test_a_card_taken_back_is_counted_on_the_board(gl_ctx, search_trace):
    from puzzleviz.scenes.setgame import board_layout
    from puzzleviz.solvers.setgame.model import CHOSEN
    from puzzleviz.viz.compose import make_view

    pygame.init()
    trace = search_trace("set-search")
    app = App(gl_ctx, [trace], size=SIZE)
    app.player.seek(trace.n_events)
    app.render()
    model = app.player.model
    card = int(np.flatnonzero(model.status(app.player.state) == CHOSEN)[-1])
    board = board_layout(model, make_view(app.look, SIZE)[0].stage)
    x, y = board.center(card)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.tick(GLIDE_SECONDS)
    frame, shown = settled(app)
    assert shown.stat(r"(\d+) cards? chosen") == 8
    assert shown.stat(r"largest so far: (\d+)") is None  # the search's, not the user's board
    assert shown.heading == "SET · played by hand"
    check_setgame(frame, shown)

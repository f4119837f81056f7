"""Sudoku chains drawn to be read (order, numbers, notation, link by link) and the window's
hints and the student's own digits."""

from __future__ import annotations

import os

import numpy as np
import pygame
import pytest
from puzzleviz.scenes.sudoku import _digit_ink, grid_layout
from puzzleviz.scenes.sudoku_chains import Chain, eureka, number_spots, step_link_count
from puzzleviz.solvers.i18n import set_language
from puzzleviz.solvers.sudoku.geometry import Names
from puzzleviz.solvers.sudoku.model import GIVEN, GUESSED, LOGIC, STUDENT, Eliminate, Mark, Place
from puzzleviz.solvers.sudoku.search import solve_and_record
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.app import App
from puzzleviz.viz.compose import compose, default_look, make_view
from puzzleviz.viz.images import save_png
from puzzleviz.viz.player import GLIDE_SECONDS, Player
from puzzleviz.viz.scene import scene_for

from .test_projector import boxes_of

# examples.txt: an AIC at step 13, an X-Wing early
AIC = ".2..........75...9..6.238.5..78...4..8..6..5..9...53..3.958.7..8...71..........6."
XWING = "5..2.37....9...8...6.8...9.....523..4.5...1.9..346.....8...1.7...7...2....16.4..8"
SIZE = (1280, 720)


def cand(cell: int, digit: int) -> int:
    return cell * 9 + digit - 1


def test_eureka_notation_folds_bivalue_cells_and_repeats_a_digit_only_when_it_changes():
    names = Names(3, "r1c1")
    aic = [(cand(2, 5), cand(2, 3), 1, 1.0), (cand(2, 3), cand(10, 3), 2, 1.0),
           (cand(10, 3), cand(28, 3), 1, 1.0), (cand(28, 3), cand(28, 5), 2, 1.0),
           (cand(28, 5), cand(27, 5), 1, 1.0)]  # fmt: skip
    assert eureka(aic, 729, names) == "(5=3)r1c3-r2c2=r4c2-(5)r4c2=r4c1"
    xy = [(cand(0, 2), cand(0, 5), 1, 1.0), (cand(0, 5), cand(3, 5), 2, 1.0),
          (cand(3, 5), cand(3, 7), 1, 1.0)]  # fmt: skip
    assert eureka(xy, 729, names) == "(2=5)r1c1-(5=7)r1c4"
    assert eureka(aic[:2], 729, names) == "(5=3)r1c3-r2c2"  # only the links shown so far


def test_nodes_are_numbered_in_order_in_free_pencil_mark_slots():
    links = [(cand(0, 1), cand(0, 2), 1, 1.0), (cand(0, 2), cand(9, 2), 2, 1.0)]
    chain = Chain(links, 2, True, 729)
    assert chain.numbers == {cand(0, 1): 1, cand(0, 2): 2, cand(9, 2): 3}

    class Layout:  # the grid geometry number_spots needs
        n, b, cell = 9, 3, 60.0

        def candidate_center(self, cell, digit):
            r, c = divmod(cell, 9)
            sr, sc = divmod(digit - 1, 3)
            return c * 60 + (sc + 0.5) * 20, r * 60 + (sr + 0.5) * 20

    masks = [0] * 81
    masks[0], masks[9] = 0b11, 0b110  # A1 {1,2}, A2 {2,3}
    spots = number_spots(Layout(), chain, masks)
    used = {(x, y) for _n, x, y in spots}
    for cell, mask in ((0, masks[0]), (9, masks[9])):
        for d in range(9):
            if mask >> d & 1:  # never on a pencil mark
                assert Layout().candidate_center(cell, d + 1) not in used
    assert [number for number, _x, _y in spots] == [1, 2, 3]


def _frame_at(trace, position):
    player = Player(trace, scene_for("sudoku").interaction and _model(trace))
    player.seek(position)
    return player.frame()


def _model(trace):

    return model_for(trace)


def test_a_chain_step_reveals_its_links_in_order_and_its_text_stays_readable():
    result, trace = solve_and_record(AIC)
    k = next(i for i, s in enumerate(result.steps) if s.name == "aic")
    lo, hi = trace.step_range(k)
    assert step_link_count(trace, k) == len(result.steps[k].links) == 5
    rows = trace.rows[lo:hi]
    link_at = [lo + i for i, r in enumerate(rows) if r[0] == Mark.OP and r[1] == 3 and r[3]]
    scene = scene_for("sudoku")
    shown = []
    # the panel is crowded at 720 rows (57 techniques): the notation is one line, the latest
    # links, between the technique list and the legend, and nothing reaches the timeline
    size = SIZE
    for position in (link_at[1] + 1, link_at[-1] + 1, hi):
        frame = _frame_at(trace, position)
        look = default_look(scene, frame)
        canvas, hud = compose(frame, look, size, show_text=False)
        texts = [run.text for run in canvas.d2.texts]
        notation = next((t for t in texts if t.startswith("(5=3)")), "")
        shown.append(notation)
        boxes, owners = boxes_of(canvas.d2.texts)
        x0, y0, x1, y1 = (boxes[:, j] for j in range(4))
        hit = (x0[:, None] < x1[None] - 1) & (x0[None] < x1[:, None] - 1)
        hit &= (y0[:, None] < y1[None] - 1) & (y0[None] < y1[:, None] - 1)
        np.fill_diagonal(hit, False)
        assert not hit.any(), [(owners[i], owners[j]) for i, j in np.argwhere(hit)][:3]
        assert min(run.size for run in canvas.d2.texts) >= 18 * size[1] / 720 - 1e-6
        inside = [o[0] for o, b in zip(owners, boxes, strict=True) if b[3] > hud.footer.y + 1]
        assert all(o.startswith("step ") or o.endswith("step/s") for o in inside), inside
    assert shown[0] == "(5=3)r1c3-r2c2" and shown[1] == shown[2]
    assert shown[2] == "(5=3)r1c3-r2c2=r4c2-(5)r4c2=r4c1"
    assert "SE 7.1, HoDoKu unfair" in scene.heading(frame)


@pytest.mark.gl
def test_hint_key_tells_more_each_time_and_comes_from_the_position_shown(gl_ctx):
    pygame.init()
    result, trace = solve_and_record(XWING)
    k = next(i for i, s in enumerate(result.steps) if s.name == "x_wing")
    app = App(gl_ctx, [trace], size=SIZE)
    app.player.seek(trace.step_range(k)[0])  # just before the solver's X-Wing
    app.render()

    def press() -> None:
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0))
        app.tick(GLIDE_SECONDS)
        app.render()

    press()
    assert "Hint 1/3: Look for an X-Wing" in app._notice()
    assert app.player.trace is trace  # level 1 only says it
    press()
    after = app.player.trace
    assert after.step_caption_text(after.n_steps - 1).startswith("Hint 2/3: X-Wing: look at")
    press()
    final = app.player.trace
    assert final.step_caption_text(final.n_steps - 1).startswith("Hint 3/3: X-Wing")
    lo, hi = final.step_range(final.n_steps - 1)
    events = final.header and app.player.model.events.decode_rows(final.rows[lo:hi])
    removed = {(e.cell, e.digit) for e in events if isinstance(e, Eliminate)}
    assert removed == set(result.steps[k].eliminations)
    press()  # a new position: the next hint starts again at level 1
    assert "Hint 1/3" in app._notice()


@pytest.mark.gl
def test_a_click_on_a_pencil_mark_writes_the_digit_and_a_wrong_one_is_the_next_hint(gl_ctx):

    pygame.init()
    result, trace = solve_and_record(XWING)
    app = App(gl_ctx, [trace], size=SIZE)
    app.render()
    model = app.player.model
    state = app.player.state
    solution = result.solution
    cell = int(np.flatnonzero(model.values(state) == 0)[0])
    mask = int(model.candidates(state)[cell])
    wrong = next(d for d in range(1, 10) if mask >> (d - 1) & 1 and d != solution[cell])
    layout = grid_layout(make_view(app.look, SIZE, app.player.frame())[0].stage, 3, 1.0)
    x, y = layout.candidate_center(cell, wrong)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.tick(GLIDE_SECONDS)
    app.render()
    events = model.events.decode_rows(app.player.trace.rows[-30:])
    assert any(isinstance(e, Place) and (e.cell, e.digit) == (cell, wrong) for e in events)
    written = app.player.trace.n_steps - 1  # the click's step, captioned in any language
    assert app.player.trace.step_caption_text(written).startswith(f"You write {wrong} in ")

    set_language("de")
    try:
        assert app.player.trace.step_caption_text(written).startswith(f"Du schreibst {wrong} in ")
    finally:
        set_language("en")
    # the student's digit is theirs: its own origin, colour and legend words
    assert model.origin(app.player.state)[cell] == STUDENT
    assert _digit_ink(STUDENT) not in (_digit_ink(GUESSED), _digit_ink(LOGIC), _digit_ink(GIVEN))
    if out := os.environ.get("SUDOKU_STUDENT_PNG"):  # to look at it: save the frame
        save_png(out, app.target.read_image())
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0))
    app.tick(GLIDE_SECONDS)
    app.render()
    assert "one of them is wrong" in app._notice()
    assert not model.cell_marks(app.player.state).any()  # level 1 names no cell
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0))
    app.tick(GLIDE_SECONDS)
    app.render()
    name = Names(3).cell(cell)
    caption = app.player.trace.step_caption_text(app.player.trace.n_steps - 1)
    assert caption == f"Hint 2/3: Check {name}: its digit is wrong. (I again: more)"
    marks = model.cell_marks(app.player.state)
    assert np.flatnonzero(marks).tolist() == [cell]  # the cell it names, and only that one
    look = default_look(app.scene, app.player.frame())
    canvas = compose(app.player.frame(), look, SIZE)[0]
    assert "the cell the hint names" in [run.text for run in canvas.d2.texts]  # in the legend


def test_a_group_node_is_written_with_all_its_cells():
    """Empty Rectangle (6)r6c5=r2c5-r2c13=r1c1: the trace anchors the row-2 group at r2c1
    and marks r1c1, r2c1 and r2c3 as group candidates."""
    names = Names(3, "r1c1")
    c = [45 + 4, 9 + 4, 9, 0]  # E6, E2, A2 (anchor of A2+C2), A1
    links = [(cand(c[0], 6), cand(c[1], 6), 1, 1.0), (cand(c[1], 6), cand(c[2], 6), 2, 1.0),
             (cand(c[2], 6), cand(c[3], 6), 1, 1.0)]  # fmt: skip
    groups = {6: {0, 9, 11}}  # A1, A2, C2
    boxes = [(r // 3) * 3 + col // 3 for r in range(9) for col in range(9)]
    assert eureka(links, 729, names, groups, boxes) == "(6)r6c5=r2c5-r2c13=r1c1"


def test_a_hint_draws_an_als_step_as_a_recorded_solve_does():
    """The window's level-3 hint once wrote an ALS link's node code (>= cells * n) into a
    link slot as it was: the scene read it as a candidate far off the grid, drew the link
    at A1 and wrote '(group)' in the chain. A hint now marks a step's pattern with the
    recorder's own pattern_marks: links anchored at a node's first candidate, the node's
    candidates marked as an ALS."""
    from puzzleviz.scenes.sudoku_play import hint_events
    from puzzleviz.solvers.sudoku.model import MARK_CANDIDATE, MARK_LINK, SudokuModel, decode_link
    from puzzleviz.solvers.sudoku.record import pattern_marks
    from puzzleviz.solvers.sudoku.roles import LINK_STRONG, LINK_WEAK, ROLE_ALS
    from puzzleviz.solvers.sudoku.steps import Step
    from puzzleviz.solvers.sudoku.techniques import BY_NAME

    model = SudokuModel("." * 81)
    ncand, n = 81 * 9, 9
    als_a, als_b = ncand + 100, ncand + 102  # two ALS nodes, as the ALS finders code them
    step = Step(
        BY_NAME["als_xz"].id, (),
        eliminations=((23, 9),),
        candidates=((0, 3, ROLE_ALS), (9, 3, ROLE_ALS), (8, 3, ROLE_ALS)),
        links=((als_a, als_b, LINK_WEAK), (als_b, als_a, LINK_STRONG)),
        nodes=((als_a, cand(0, 3)), (als_a, cand(9, 3)), (als_b, cand(8, 3))),
    )  # fmt: skip
    for marks in (pattern_marks(step, n, ncand, 8),
                  [(e.layer, e.index, e.value) for e in
                   hint_events(model, model.initial_state(), step, 3)[0]
                   if isinstance(e, Mark) and e.value]):  # fmt: skip
        links = [decode_link(ncand, v) for layer, _i, v in marks if layer == MARK_LINK]
        assert links == [(cand(0, 3), cand(8, 3), LINK_WEAK), (cand(8, 3), cand(0, 3), LINK_STRONG)]
        als = {i for layer, i, v in marks if layer == MARK_CANDIDATE and v == ROLE_ALS}
        assert als == {cand(0, 3), cand(9, 3), cand(8, 3)}

"""Projector rules for every scene, every view and the help: what a class in the back row
needs, at the sizes projectors and screens really have and in every language. Each text item
a frame draws is checked for its size (no text under 18 px at 1280x720, more on larger
frames as the UI scale grows), for staying inside the frame and clear of every other text,
and, on the rendered frame, for 4.5:1 contrast (WCAG AA) with what is behind it. Every frame
checked also shows one of the long notices the App can show for that scene (App.say).

Sizes and languages: English at every listed size; Hungarian, German and Japanese at the
two tightest, 1024x768 (the narrowest, 4:3: 1024 units wide) and 1280x720 (the least UI
scale, 720 rows), and at 1440x900 (16:10: the middle width, where the sudoku panel takes a
layout of its own). Longer words (de, hu) and CJK lines (ja) run out of room first where
the frame is narrowest; every other size is one of these layouts scaled (1920x1080 and
3840x2160 are 1280x720 times 1.5 and 3, 1366x768 is 1280x720's units, 1280x800 is
1440x900's). The geometry needs no GL, so these checks are cheap; contrast is rendered.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pytest
from puzzleviz.scenes.rings import RingsScene
from puzzleviz.solvers.i18n import N_, msg, nmsg, render
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.geometry import turn_message
from puzzleviz.solvers.rings.search.results import solution_message
from puzzleviz.viz.app import App
from puzzleviz.viz.color import contrast, over
from puzzleviz.viz.compose import compose, default_look, make_view, render_frame
from puzzleviz.viz.draw2d import TextRun
from puzzleviz.viz.hud import HudOptions, hud_layout
from puzzleviz.viz.player import Player
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.target import RenderTarget

from .conftest import SEARCHES, renderer

PUZZLES = ("cube", "digits", "queens", "rings", "setgame", "sudoku")
SIZES = ((1024, 768), (1280, 800), (1280, 720), (1366, 768), (1440, 900), (1920, 1080),
         (3840, 2160))  # fmt: skip
TIGHT = ((1024, 768), (1280, 720), (1440, 900))
LANGUAGES = ("hu", "de", "ja")
MIN_TEXT = 18.0  # pixels at 720 rows
MIN_CONTRAST = 4.5
AT = (0.0, 0.35, 0.7, 1.0)  # shares of the trace, at rest (the step there shown done)

# Long notices each scene's interactions and the App say (App.say; several said in one turn
# are shown together, newest first, as Session.say joins them), with realistic values.
KEPT = msg("the {steps:,}-step trace before is kept: U or Ctrl+Z brings it back", steps=1200)
APP_NOTICES = (
    (msg("Undone: back to the {steps}-step trace (Ctrl+Y redoes)", steps="108,930"),),
    (msg("automatic pace: the search plays fast, what it finds slowly"),),
    (nmsg("the {n:,} later step set aside: U or Ctrl+Z brings it back",
          "the {n:,} later steps set aside: U or Ctrl+Z brings them back", 1250),),
)  # fmt: skip
SCENE_NOTICES = {
    "cube": ((msg("{option}: on", option=N_("Groups: left face / right face / inside")),),),
    "digits": ((msg("{option}: on", option=N_("The classes of solutions side by side")),),),
    "queens": ((msg("steady pace: {speed} a second (A: automatic again)", speed="12.5"),),),
    "rings": (
        (msg("{method}: {proof}", method=msg(RingsScene.method_names["best-first"]),
             proof=solution_message(43, False)), KEPT),
        (msg("Your move · {turn}", turn=turn_message(RingConfig.parse("2/20/2/4"), 1, 7)),),
    ),
    "setgame": (
        (nmsg("the largest cap here has {n} card", "the largest cap here has {n} cards", 20),
         KEPT),
        (msg("You forbid {card}", card="0121"),),
    ),
    "sudoku": (
        (nmsg("{head}: solved in {steps} steps, {n} guess",
              "{head}: solved in {steps} steps, {n} guesses", 3, steps=127,
              head=msg("{technique} switched off", technique="Alternating Inference Chain")),
         KEPT),
        (msg("Hint {level}/3: {text} (I again: more)", level=2,
             text=msg("None of the switched-on techniques applies: switch more on, or guess a "
                      "cell with two candidates.")),),
        (msg("{digit} is not a pencil mark of {cell}: click one that is there", digit=7,
             cell="H8"),),
    ),
}  # fmt: skip


def notices(kind: str) -> list[str]:
    """The scene's long notices and the App's own, in the current language."""
    return [" · ".join(render(part) for part in parts)
            for parts in SCENE_NOTICES.get(kind, ()) + APP_NOTICES]  # fmt: skip


def views(scene) -> list[tuple[str, dict[str, bool], bool]]:
    """(name, options, help shown): the default view, each option switched, the help."""
    out = [("default", {}, False)]
    out += [(option.name, {option.name: not option.default}, False) for option in scene.options]
    return [*out, ("help", {}, True)]


def cases():
    for puzzle in PUZZLES:
        for name, options, help_shown in views(scene_for(puzzle)):
            yield pytest.param(puzzle, options, help_shown, id=f"{puzzle}-{name}")
    for search in SEARCHES:  # the searches' own look: notes, charts, guesses, long timelines
        yield pytest.param(search, {}, False, id=search)


def sizes_and_languages():
    for size in SIZES:
        yield pytest.param(size, "en", id=f"{size[0]}x{size[1]}-en")
    for size in TIGHT:
        for language in LANGUAGES:
            yield pytest.param(size, language, id=f"{size[0]}x{size[1]}-{language}")


def trace_of(name: str, demo, search_trace):
    return search_trace(name) if name in SEARCHES else demo(name)


@functools.cache
def help_rows(trace) -> tuple[tuple[str, str], ...]:
    """The help an App shows for this scene (without a window or GL)."""
    app = App.__new__(App)
    app.quiz = None
    app.scene = scene_for(trace.header.kind)
    app.interaction = app.scene.interaction()
    app.player = Player(trace, _model(trace))
    app.look = default_look(app.scene, app.player.frame())
    app.tour = False
    return app.help_rows()


def _model(trace):
    from puzzleviz.solvers.traceview import model_for

    return model_for(trace)


def frames(trace, options: dict[str, bool], help_shown: bool, with_notices: bool = False,
           quiz=None):  # fmt: skip
    """The frames at the shares AT; with `with_notices`, each shows one of the scene's long
    notices in turn; with `quiz` (a QuizPanel), a quiz's question, box and buttons."""
    player = Player(trace, _model(trace))
    scene = scene_for(trace.header.kind)
    look = default_look(scene, player.frame())
    said = notices(trace.header.kind) if with_notices else [""]
    steps = trace.n_steps
    for k, share in enumerate(AT):
        hud = HudOptions(show_help=help_shown, help_rows=help_rows(trace) if help_shown else (),
                         message=said[k % len(said)], quiz=quiz)  # fmt: skip
        shown = dataclasses.replace(look, options={**look.options, **options}, hud=hud)
        player.seek_step(round(share * steps) - 1)
        yield player.frame(), shown


def boxes_of(runs: list[TextRun]) -> tuple[np.ndarray, list[tuple[str, float]]]:
    boxes = np.concatenate([run.boxes for run in runs]) if runs else np.zeros((0, 4))
    owners = [(run.text, run.size) for run in runs for _ in range(len(run.boxes))]
    return boxes, owners


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
@pytest.mark.parametrize(("puzzle", "options", "help_shown"), list(cases()))
def test_text_is_large_inside_the_frame_and_never_overlaps(
    demo, search_trace, language, puzzle, options, help_shown, size, lang
):
    language(lang)
    check_readable(trace_of(puzzle, demo, search_trace), options, help_shown, size)


def check_readable(trace, options: dict[str, bool], help_shown: bool, size: tuple[int, int],
                   quiz=None):  # fmt: skip
    """Every text of the frames at AT (each with a long notice): large enough, whole, inside
    the frame, clear of every other text; the first statistic always shown."""
    scale = hud_layout(*size, HudOptions()).scale
    for frame, look in frames(trace, options, help_shown, with_notices=True, quiz=quiz):
        canvas, _ = compose(frame, look, size, show_text=False)
        runs = canvas.d2.texts
        least = MIN_TEXT * scale - 1e-6
        small = [(run.text, round(run.size, 1)) for run in runs if run.size < least]
        assert not small, f"step {frame.step + 1}: text under {least:.0f} px: {small[:6]}"
        cut = [run.text for run in runs if run.text.endswith("…")]
        assert not cut, f"step {frame.step + 1}: text cut short: {cut[:4]}"
        stats = look.scene.statistics(frame) if not look.hud.covers_stage else []
        shown = " ".join(run.text for run in runs)
        assert not stats or stats[0] in shown, f"step {frame.step + 1}: {stats[0]!r} not shown"
        check_placed(runs, size, f"step {frame.step + 1}")


def check_placed(runs: list[TextRun], size: tuple[int, int], where: str) -> None:
    """Every text inside the frame and clear of every other text."""
    boxes, owners = boxes_of(runs)
    outside = (boxes[:, 0] < 0) | (boxes[:, 1] < 0) | (boxes[:, 2] > size[0]) | (
        boxes[:, 3] > size[1])  # fmt: skip
    left = [owners[i] for i in np.flatnonzero(outside)]
    assert not left, f"{where}: text leaves the frame: {left[:4]}"
    x0, y0, x1, y1 = (boxes[:, k] for k in range(4))
    hit = (x0[:, None] < x1[None] - 1) & (x0[None] < x1[:, None] - 1)
    hit &= (y0[:, None] < y1[None] - 1) & (y0[None] < y1[:, None] - 1)
    np.fill_diagonal(hit, False)
    pairs = {tuple(sorted((owners[i][0], owners[j][0]))) for i, j in np.argwhere(hit)}
    assert not pairs, f"{where}: texts overlap: {sorted(pairs)[:4]}"


@pytest.mark.gl
@pytest.mark.parametrize(("puzzle", "options", "help_shown"), list(cases()))
def test_text_contrasts_with_what_is_behind_it(
    gl_ctx, demo, search_trace, puzzle, options, help_shown
):
    check_contrast(gl_ctx, trace_of(puzzle, demo, search_trace), options, help_shown)


def check_contrast(gl_ctx, trace, options: dict[str, bool], help_shown: bool, quiz=None) -> None:
    """Rendered without its text, the frame shows what each text is read against: the
    text's colour, composited over the median colour there, must reach 4.5:1."""
    size = (1280, 720)
    target = RenderTarget(gl_ctx, size, 0)
    try:
        for frame, look in frames(trace, options, help_shown, with_notices=True, quiz=quiz):
            canvas, _ = compose(frame, look, size, show_text=False)
            render_frame(renderer(gl_ctx), target, frame, look, show_text=False)
            background = target.read_image().astype(np.float64) / 255.0
            poor = []
            for run in canvas.d2.texts:
                for box, color in zip(run.boxes, np.broadcast_to(run.colors, (len(run.boxes), 4)),
                                      strict=True):  # fmt: skip
                    x0, y0, x1, y1 = (round(float(v)) for v in box)
                    patch = background[max(y0, 0) : y1, max(x0, 0) : x1].reshape(-1, 3)
                    if not len(patch):
                        continue
                    behind = np.median(patch, axis=0)
                    ratio = contrast(over(tuple(color), tuple(behind)), tuple(behind))
                    if ratio < MIN_CONTRAST:
                        poor.append((run.text[:30], round(ratio, 2)))
            assert not poor, f"step {frame.step + 1}: contrast under 4.5:1: {poor[:6]}"
    finally:
        target.release()


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
@pytest.mark.parametrize("name", ["sudoku", "sudoku-guessing"])
def test_every_sudoku_technique_is_a_click_away(demo, search_trace, language, name, size, lang):
    """The technique list is on screen at every size (its title may take two lines): each
    technique's line inside the stage, clear of the grid, the notes and every other line,
    so a click on it reaches that technique; the notes (legend) have room for a row."""
    from puzzleviz.scenes.sudoku import grid_layout, technique_rows
    from puzzleviz.solvers.sudoku.techniques import ORDERED

    language(lang)
    trace = trace_of(name, demo, search_trace)
    frame, look = next(frames(trace, {}, False))
    view, _ = make_view(look, size, frame)
    layout = grid_layout(view.stage, 3, view.scale)
    rows = technique_rows(layout)
    assert [name for name, _ in rows] == [t.name for t in ORDERED]
    stage, grid, notes = view.stage, layout.grid, layout.notes
    assert notes is not None and notes.h >= 26 * view.scale
    for box in (grid, notes, *(r for _, r in rows)):
        assert stage.contains(box.x, box.y) and stage.contains(box.x + box.w, box.y + box.h)
    for technique, r in rows:
        assert not overlaps(r, grid) and not overlaps(r, notes), technique
        hit = [other for other, o in rows if o.contains(*r.center)]
        assert hit == [technique]
    assert not overlaps(grid, notes)
    assert layout.cell >= 42 * view.scale  # room for three 18 px pencil marks a side


def overlaps(a, b) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
@pytest.mark.parametrize("name", ["sudoku", "sudoku-guessing", "rings", "cube-stochastic"])
def test_no_caption_is_cut_on_the_narrowest_frame(demo, search_trace, language, name, lang):
    """Every step's caption whole at 1024x768 (the longest: a sudoku chain told in full,
    in German or Hungarian), within its box, in at least 18 px."""
    from puzzleviz.viz.draw2d import DrawList2D
    from puzzleviz.viz.hud import draw_hud

    language(lang)
    trace = trace_of(name, demo, search_trace)
    player = Player(trace, _model(trace))
    size = (1024, 768)
    layout = hud_layout(*size, HudOptions())
    box = layout.caption
    for step in range(min(trace.n_steps, 400)):
        player.seek_step(step)
        d = DrawList2D(*size, show_text=False)
        draw_hud(d, player.frame(), layout, HudOptions(timeline=False))
        caption = [run for run in d.texts if run.boxes[0][1] >= box.y - 1]
        cut = [run.text for run in caption if run.text.endswith("…")]
        assert not cut, f"step {step + 1}: {cut}"
        bottom = max((run.boxes[:, 3].max() for run in caption), default=box.y)
        assert bottom <= box.y + box.h + 4 * layout.scale, f"step {step + 1} runs into the stage"
        assert all(run.size >= MIN_TEXT - 1e-6 for run in caption)

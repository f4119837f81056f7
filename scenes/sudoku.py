"""Sudoku: the grid with givens and placed digits, pencil marks in every empty cell, and per
step the houses outlined, the pattern green, eliminated candidates red and then struck out,
placements popping in; a side list of the techniques used so far.

Colours follow HoDoKu and Sudoku Explainer, which teachers may know: green for what the
pattern is made of, red for what it removes, blue for placed digits. Highlights fade in and
out with their Mark events, so stepping backward undoes them visibly too.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Collection, Mapping
from typing import ClassVar

import numpy as np
from puzzleviz.scenes.sudoku_chains import (
    STRONG_INK,
    UNDIRECTED,
    WEAK_INK,
    Chain,
    draw_als,
    draw_chain,
    draw_numbers,
    eureka,
    group_cells,
    number_spots,
    step_link_count,
)
from puzzleviz.scenes.sudoku_layout import (
    BOX,
    BOX_GAP,
    PAD,
    GridLayout,
    grid_layout,
    short_title,
    technique_rows,
)
from puzzleviz.scenes.sudoku_play import hint_at, hint_events, named_events, placement_events
from puzzleviz.scenes.sudoku_practice import PRACTICE_HELP, Practice, practice_notice
from puzzleviz.solvers.arrays import Int32Array, StateArray
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.i18n import N_, gettext, msg, nmsg, render
from puzzleviz.solvers.sudoku.geometry import DIGIT_CHARS, Names
from puzzleviz.solvers.sudoku.model import (
    GIVEN,
    GUESSED,
    LOGIC,
    MARK_CANDIDATE,
    MARK_CELL,
    MARK_HOUSE,
    MARK_LINK,
    STUDENT,
    Eliminate,
    Mark,
    Place,
    Restore,
    SudokuModel,
    Unplace,
    UseTechnique,
    decode_link,
)
from puzzleviz.solvers.sudoku.rated import known_rating, rate_trace
from puzzleviz.solvers.sudoku.record import enabled_techniques
from puzzleviz.solvers.sudoku.roles import (
    CELL_ALS,
    CELL_CONFLICT,
    CELL_GUESS,
    CELL_NAMED,
    CELL_PATTERN,
    CELL_PIVOT,
    CELL_TARGET,
    HOUSE_BASE,
    HOUSE_CONFLICT,
    HOUSE_COVER,
    LINK_STRONG,
    ROLE_ALS,
    ROLE_ELIMINATE,
    ROLE_FIN,
    ROLE_GROUP,
    ROLE_OFF,
    ROLE_ON,
    ROLE_PATTERN,
    ROLE_PEER,
    ROLE_PLACE,
)
from puzzleviz.solvers.sudoku.search import resolve_trace
from puzzleviz.solvers.sudoku.techniques import BY_NAME, ORDERED
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.color import (
    ACCENT,
    BAD,
    GOOD,
    INK,
    MUTED,
    RGBA,
    ink_against,
    mix,
    readable_ink,
    rgba,
    rim_for,
    text_fill,
)
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.easing import ease, ease_out_back
from puzzleviz.viz.interaction import Interaction, Job, Session
from puzzleviz.viz.legend import (
    LEGEND_GAP,
    LEGEND_GAP_MIN,
    LEGEND_ROW,
    LEGEND_ROW_MIN,
    LegendEntry,
    draw_legend,
    legend_rows,
)
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import Canvas, Rect, Scene, SceneOption, View
from puzzleviz.viz.stats import counter_lines
from puzzleviz.viz.text import FontName, measure

TEXT = 18.0  # the smallest text, at 720 rows
GUESS_INK = rgba("#A0522D")  # sienna: apart from the blue of logic for every kind of vision
STUDENT_INK = rgba("#00796B")  # the student's own digits (5.3:1 on white)
STRUCK_INK = ink_against(BAD, "#FFFFFF")
NAMED_RING = ink_against("#56B4E9", "#FFFFFF", 3.0)  # round a cell a hint names ("Check A2")
CANDIDATE_COLORS: dict[int, RGBA] = {
    ROLE_PATTERN: GOOD,
    ROLE_ELIMINATE: BAD,
    ROLE_PLACE: rgba("#F0E442"),  # not the blue of the digits found by logic: another meaning
    ROLE_ON: rgba("#56B4E9"),
    ROLE_OFF: rgba("#E69F00"),
    ROLE_PEER: rgba("#E8A38A"),
    ROLE_FIN: rgba("#CC79A7"),
    ROLE_GROUP: rgba("#44AA99"),
    ROLE_ALS: rgba("#B07CC6"),
}
CELL_COLORS: dict[int, RGBA] = {
    CELL_PATTERN: rgba(GOOD, 0.16),
    CELL_TARGET: rgba(BAD, 0.13),
    CELL_PIVOT: rgba("#F0E442", 0.45),
    CELL_GUESS: rgba("#CC79A7", 0.22),
    CELL_NAMED: rgba("#56B4E9", 0.16),
    CELL_CONFLICT: rgba(BAD, 0.35),
    CELL_ALS: rgba("#B07CC6", 0.14),
}
HOUSE_COLORS: dict[int, RGBA] = {
    HOUSE_BASE: rgba("#0072B2"),
    HOUSE_COVER: rgba("#E69F00"),
    HOUSE_CONFLICT: BAD,
}
CANDIDATE_WORDS = {
    ROLE_PATTERN: N_("pattern"),
    ROLE_ELIMINATE: N_("removed"),
    ROLE_PLACE: N_("placed here"),
    ROLE_ON: N_("chain: true"),
    ROLE_OFF: N_("chain: false"),
    ROLE_PEER: N_("removed by a placement"),
    ROLE_FIN: N_("fin"),
    ROLE_GROUP: N_("group: the digit is in one of these"),
    ROLE_ALS: N_("in an almost locked set"),
}
CELL_WORDS = {
    CELL_PATTERN: N_("pattern cell"),
    CELL_TARGET: N_("loses candidates"),
    CELL_PIVOT: N_("pivot"),
    CELL_GUESS: N_("guessed cell"),
    CELL_CONFLICT: N_("contradiction"),
    CELL_ALS: N_("almost locked set (ALS)"),
    CELL_NAMED: N_("the cell the hint names"),
}
HOUSE_WORDS = {HOUSE_BASE: N_("house it lives in"), HOUSE_COVER: N_("house it removes from"),
               HOUSE_CONFLICT: N_("no place left")}  # fmt: skip


class SudokuScene(Scene[SudokuModel]):
    kind = "sudoku"
    title = N_("Sudoku")
    options = (
        SceneOption("candidates", "c", N_("Pencil marks"), default=True),
        SceneOption("names", "g", N_("Cell names A1..I9"), default=True),
    )
    counter_labels: ClassVar[Mapping[str, str]] = {
        "placed": N_("{} cells filled"),
        "candidates": N_("{} pencil marks left"),
        "depth": "",
        "guesses": N_("{} guesses"),
    }
    method_names: ClassVar[Mapping[str, str]] = {"human": N_("solved by human techniques")}

    def heading(self, frame: Frame[SudokuModel]) -> str:
        """The title row, with the puzzle's ratings on the scales people know (once known:
        an older trace keeps none, and `warm_up` works them out)."""
        title = super().heading(frame)
        try:
            rating = known_rating(frame.trace)
        except Exception:  # a trace of an older format: the title alone
            return title
        return title if rating is None else f"{title} · {render(rating.words())}"

    def warm_up(self, trace: Trace) -> None:
        """The ratings of a trace that does not keep them: a solve (and on a new machine
        the compiling of its kernels), so not on the way to the first frame."""
        with contextlib.suppress(Exception):  # a trace of an older format: no rating
            rate_trace(trace)

    def statistics(self, frame: Frame[SudokuModel]) -> list[str]:
        """The board's counts; the one "solved" milestone says nothing a student needs."""
        return counter_lines(frame.trace, frame.counters, self.counter_labels)

    def opening_notice(self, trace: Trace) -> str | None:
        return practice_notice(trace)

    def interaction(self) -> Interaction[SudokuModel]:
        return SudokuInteraction()

    quiz_prompt: ClassVar[str] = N_(
        "Click a pencil mark: left writes it in, right removes it (a cell: its moves)."
    )

    def quiz_answer(
        self, frame: Frame[SudokuModel], view: View, x: float, y: float, button: int
    ) -> str | None:
        """A click on a pencil mark: "A1=5" (left) or "A1-5" (right); elsewhere in an empty
        cell, the cell ("A1"), whose moves are then offered."""
        model = frame.model
        mark = grid_layout(view.stage, model.b, view.scale, techniques=not view.quiz).mark_at(x, y)
        if mark is None:
            return None
        cell, digit = mark
        name = cell_names(model.b).cell(cell)
        if model.values(frame.state)[cell]:
            return None
        if model.n <= 9 and model.candidates(frame.state)[cell] >> (digit - 1) & 1:
            return f"{name}{'-' if button == 3 else '='}{DIGIT_CHARS[digit - 1]}"
        return name

    def draw(self, frame: Frame[SudokuModel], view: View, canvas: Canvas) -> None:
        model: SudokuModel = frame.model
        state = frame.state
        layout = grid_layout(view.stage, model.b, view.scale, techniques=not view.quiz)
        d = canvas.d2
        event, t = frame.event, frame.t
        highlights = _Highlights.of(model, state, event, t)
        chain = _chain(model, frame, highlights)
        if not chain.complete:
            highlights.dim_unreached(chain)
        _draw_cells(d, layout, highlights)
        _draw_lines(d, layout, view.scale)
        _draw_houses(d, layout, highlights, view.scale)
        if view.options.get("names", True):
            _draw_names(d, layout, view.scale)
        _draw_values(d, model, state, layout, event, t)
        if view.options.get("candidates", True):
            _draw_candidates(d, model, state, layout, highlights, event, t)
        draw_als(d, layout, [(c, a) for c, role, a in highlights.cells if role == CELL_ALS],
                 view.scale)  # fmt: skip
        draw_chain(d, layout, chain, view.scale)
        if chain.directed and chain.links:
            marked = {key for key, (role, alpha) in highlights.candidates.items() if alpha > 0.01}
            masks = [int(m) | _marked_mask(marked, c, model.n) for c, m in
                     enumerate(model.candidates(state).tolist())]  # fmt: skip
            spots = number_spots(layout, chain, masks)
            draw_numbers(d, layout, spots, _candidate_size(layout))
        if layout.notes is not None:
            entries = _legend_entries(model, state, highlights)
            legend_top = _draw_legend_in(d, entries, layout.notes, view.scale)
        if layout.techniques is not None and layout.notes is not None:
            enabled = enabled_techniques(frame.trace)
            _draw_panel(d, model, state, layout, event, t, enabled)
            cands = [int(m) for m in model.candidates(state).tolist()]
            _draw_notation(d, model, chain, highlights, layout, cands, legend_top)


@functools.cache
def cell_names(b: int) -> Names:
    """The cells' names of a b x b-box grid, built once: a quiz's export asks the scene
    what a click names at thousands of points (viz.web.quiz_map)."""
    return Names(b)


def _draw_legend_in(d: DrawList2D, entries: list[LegendEntry], notes: Rect, scale: float) -> float:
    """The legend at the bottom of the notes; when it has more rows than they hold at
    ease, its entries close up, then fill rows out of order, then its rows close up.
    Returns its top (the notation keeps above it)."""
    for gap, pack in ((LEGEND_GAP, False), (LEGEND_GAP_MIN, False), (LEGEND_GAP_MIN, True)):
        rows = len(legend_rows(entries, notes.w, scale, gap, pack))
        if rows * LEGEND_ROW * scale <= notes.h:
            break
    row_h = max(min(LEGEND_ROW * scale, notes.h / max(rows, 1)), LEGEND_ROW_MIN * scale)
    top = max(notes.y, notes.y + notes.h - rows * row_h)
    draw_legend(d, entries, notes.x, top, notes.w, scale, row_h=row_h, gap=gap, pack=pack)
    return top


@dataclasses.dataclass
class _Highlights:
    """Every highlight with an opacity: from the state, with the Mark in progress faded."""

    cells: list[tuple[int, int, float]]
    candidates: dict[tuple[int, int], tuple[int, float]]
    houses: list[tuple[int, int, float]]
    links: list[tuple[int, int, int, float]]

    def dim_unreached(self, chain: Chain) -> None:
        """Chain colours of nodes no link has reached yet are only hinted at, so the chain
        is read in order as its links appear."""
        n = round(chain.ncand ** (1 / 3))
        reached = {node for a, b, _k, alpha in chain.links if alpha > 0.01 for node in (a, b)}
        for (cell, digit), (role, alpha) in list(self.candidates.items()):
            if role in (ROLE_ON, ROLE_OFF) and cell * n + digit - 1 not in reached:
                self.candidates[(cell, digit)] = (role, alpha * 0.3)

    @classmethod
    def of(
        cls, model: SudokuModel, state: StateArray, event: Event | None, t: float
    ) -> _Highlights:
        n = model.n
        cell_marks = model.cell_marks(state)
        cand_marks = model.candidate_marks(state).reshape(-1)
        house_marks = model.house_marks(state)
        lay = model.layout
        links_raw = state[lay.links : lay.links + 96]
        fading = event if isinstance(event, Mark) else None
        a = ease(t)

        def layer_items(layer: int, values: Int32Array) -> list[tuple[int, int, float]]:
            items = [(int(i), int(values[i]), 1.0) for i in np.flatnonzero(values)]
            if fading is not None and fading.layer == layer:
                items = [item for item in items if item[0] != fading.index]
                if fading.previous:
                    items.append((fading.index, fading.previous, 1.0 - a))
                if fading.value:
                    items.append((fading.index, fading.value, a))
            return items

        candidates: dict[tuple[int, int], tuple[int, float]] = {}
        for index, role, alpha in layer_items(MARK_CANDIDATE, cand_marks):
            cell, digit0 = divmod(index, n)
            key = (cell, digit0 + 1)
            if key not in candidates or alpha > candidates[key][1]:
                candidates[key] = (role, alpha)
        links = []
        for _, value, alpha in layer_items(MARK_LINK, links_raw):
            first, second, kind = decode_link(n * n * n, value)
            links.append((first, second, kind, alpha))
        return cls(
            cells=layer_items(MARK_CELL, cell_marks),
            candidates=candidates,
            houses=layer_items(MARK_HOUSE, house_marks),
            links=links,
        )


def _draw_cells(d: DrawList2D, layout: GridLayout, h: _Highlights) -> None:
    g = layout.grid
    d.rect(g.x, g.y, g.w, g.h, "#FFFFFF")
    for cell, role, alpha in h.cells:
        color = CELL_COLORS.get(role)
        if color is not None and alpha > 0.01:
            r = layout.cell_rect(cell)
            d.rect(r.x, r.y, r.w, r.h, rgba(color, color[3] * alpha))
            if role == CELL_NAMED:  # a pale fill keeps the digit readable; the ring finds it
                ring = r.inset(3 * layout.scale)
                d.rect(ring.x, ring.y, ring.w, ring.h, None, stroke=rgba(NAMED_RING, alpha),
                       width=3 * layout.scale)  # fmt: skip


def _draw_lines(d: DrawList2D, layout: GridLayout, scale: float) -> None:
    g, n, b, s = layout.grid, layout.n, layout.b, layout.cell
    thin, thick = max(1.0, 1.0 * scale), max(2.0, 2.6 * scale)
    for k in range(n + 1):
        width = thick if k % b == 0 else thin
        color = INK if k % b == 0 else rgba(INK, 0.28)
        d.line(g.x + k * s, g.y, g.x + k * s, g.y + g.h, color, width, round_caps=False)
        d.line(g.x, g.y + k * s, g.x + g.w, g.y + k * s, color, width, round_caps=False)


HOUSE_LINE = 2.4  # a house's outline: on its border, as wide as the grid's box lines


def _draw_houses(d: DrawList2D, layout: GridLayout, h: _Highlights, scale: float) -> None:
    """Each marked house tinted and outlined along its border, over the grid lines: the
    outline stays in the gap between the cells' pencil marks, never across one."""
    for house, role, alpha in h.houses:
        color = HOUSE_COLORS.get(role)
        if color is None or alpha <= 0.01:
            continue
        r = layout.house_rect(house)
        d.rect(r.x, r.y, r.w, r.h, rgba(color, 0.06 * alpha), radius=2 * scale,
               stroke=rgba(color, 0.9 * alpha), width=HOUSE_LINE * scale)  # fmt: skip


def _draw_names(d: DrawList2D, layout: GridLayout, scale: float) -> None:
    g, s = layout.grid, layout.cell
    size = TEXT * scale
    for k in range(layout.n):
        d.text(chr(ord("A") + k), g.x + (k + 0.5) * s, g.y - 6 * scale, size, MUTED, anchor="cb")
        d.text(str(k + 1), g.x - 8 * scale, g.y + (k + 0.5) * s, size, MUTED, anchor="rm")


DIGIT_INKS = {GIVEN: INK, GUESSED: GUESS_INK, STUDENT: STUDENT_INK}


def _digit_ink(origin: int) -> RGBA:
    """A digit's colour says who wrote it: the puzzle, logic, a guess, or the student."""
    return DIGIT_INKS.get(origin, ACCENT)


def _draw_values(
    d: DrawList2D,
    model: SudokuModel,
    state: StateArray,
    layout: GridLayout,
    event: Event | None,
    t: float,
) -> None:
    values = model.values(state)
    origin = model.origin(state)
    size = layout.cell * 0.62
    for cell in np.flatnonzero(values):
        if isinstance(event, Unplace) and event.cell == cell:
            continue  # drawn fading below
        color = _digit_ink(int(origin[cell]))
        font: FontName = "bold" if origin[cell] == GIVEN else "regular"
        cx, cy = layout.cell_rect(int(cell)).center
        d.chars([DIGIT_CHARS[values[cell] - 1]], np.array([(cx, cy)]), size, color, font=font)
    if isinstance(event, Place | Unplace):
        cx, cy = layout.cell_rect(event.cell).center
        grow = ease_out_back(t) if isinstance(event, Place) else 1.0 - ease(t)
        color = _digit_ink(event.origin)
        if isinstance(event, Place):
            d.circle(cx, cy, layout.cell * 0.46 * (1.0 - ease(t)) + 0.1,
                     rgba(color, 0.18 * (1.0 - t)))  # fmt: skip
        if grow > 0.05:
            d.chars([DIGIT_CHARS[event.digit - 1]], np.array([(cx, cy)]), size * grow,
                    rgba(color, min(1.0, grow)))  # fmt: skip


def _draw_candidates(
    d: DrawList2D,
    model: SudokuModel,
    state: StateArray,
    layout: GridLayout,
    h: _Highlights,
    event: Event | None,
    t: float,
) -> None:
    n = model.n
    masks = model.candidates(state)
    values = model.values(state)
    size = _candidate_size(layout)
    radius = layout.cell / layout.b * 0.48
    chars, centers, colors = [], [], []
    a = ease(t)
    placing = event.cell if isinstance(event, Place | Unplace) else -1
    for cell in range(n * n):
        mask = int(masks[cell])
        if isinstance(event, Unplace) and event.cell == cell:
            mask = event.mask
        if values[cell] and cell != placing:
            continue
        for digit in range(1, n + 1):
            present = bool(mask >> (digit - 1) & 1)
            role, alpha = h.candidates.get((cell, digit), (0, 0.0))
            fade = 1.0
            if cell == placing:
                fade = 1.0 - a if isinstance(event, Place) else a
            elif isinstance(event, Eliminate | Restore) and (event.cell, event.digit) == (
                cell,
                digit,
            ):
                _draw_strike(d, layout, cell, digit, radius, event, a)
                continue
            if not present:
                if role == ROLE_ELIMINATE and alpha > 0.01:  # struck out, shown until cleared
                    _draw_struck(d, layout, cell, digit, radius, alpha)
                continue
            x, y = layout.candidate_center(cell, digit)
            if role and alpha > 0.01:
                color = text_fill(CANDIDATE_COLORS.get(role, GOOD))
                rim = rim_for(color, alpha * fade)
                d.circle(x, y, radius, rgba(color, alpha * fade), stroke=rim, width=1.2)
                ink = mix(MUTED, readable_ink(color), alpha)
            else:
                ink = MUTED
            chars.append(DIGIT_CHARS[digit - 1])
            centers.append((x, y))
            colors.append(rgba(ink, fade))
    if chars:
        d.chars(chars, np.array(centers), size, np.array(colors, dtype=np.float32))


def _candidate_size(layout: GridLayout) -> float:
    return max(layout.cell / layout.b * 0.72, TEXT * layout.scale)


def _draw_strike(
    d: DrawList2D,
    layout: GridLayout,
    cell: int,
    digit: int,
    radius: float,
    event: Event | None,
    a: float,
) -> None:
    """An elimination in progress: red disc, a stroke growing across, the digit fading."""
    x, y = layout.candidate_center(cell, digit)
    progress = a if isinstance(event, Eliminate) else 1.0 - a
    d.circle(x, y, radius, rgba(text_fill(BAD), 1.0 - 0.6 * progress))
    d.chars([DIGIT_CHARS[digit - 1]], np.array([(x, y)]), _candidate_size(layout),
            rgba("#FFFFFF", 1.0 - 0.5 * progress))  # fmt: skip
    r = radius * 0.95
    end = -r + 2 * r * progress
    d.line(x - r, y + r, x + end, y - end, BAD, max(1.5, radius * 0.22))


def _draw_struck(
    d: DrawList2D, layout: GridLayout, cell: int, digit: int, radius: float, alpha: float
) -> None:
    x, y = layout.candidate_center(cell, digit)
    d.chars(
        [DIGIT_CHARS[digit - 1]],
        np.array([(x, y)]),
        _candidate_size(layout),
        rgba(STRUCK_INK, alpha),
    )
    r = radius * 0.95
    d.line(x - r, y + r, x + r, y - r, rgba(BAD, 0.95 * alpha), max(1.8, radius * 0.26))


def _chain(model: SudokuModel, frame: Frame[SudokuModel], h: _Highlights) -> Chain:
    total = step_link_count(frame.trace, frame.step)
    name = model.current_technique(frame.state)
    if isinstance(frame.event, UseTechnique):
        name = model.technique_names[frame.event.technique]
    return Chain(list(h.links), total, name not in UNDIRECTED, model.layout.ncell * model.n)


def _marked_mask(marked: set[tuple[int, int]], cell: int, n: int) -> int:
    mask = 0
    for digit in range(1, n + 1):
        if (cell, digit) in marked:
            mask |= 1 << (digit - 1)
    return mask


NOTATION_LINES = 4  # of the chain's notation; the legend must fit below


def _draw_notation(
    d: DrawList2D,
    model: SudokuModel,
    chain: Chain,
    h: _Highlights,
    layout: GridLayout,
    masks: list[int] | None = None,
    limit: float | None = None,
) -> float:
    """The chain so far in Eureka notation, at the top of the notes; returns its bottom.
    `masks` (each cell's pencil marks) tell which outlined cells make each ALS. It keeps
    above `limit` (where the legend starts): up to NOTATION_LINES lines, one when the list
    is closed up, none when not even one fits (the caption has the chain too)."""
    notes = layout.notes
    assert notes is not None and layout.techniques is not None
    top, scale = notes.y, layout.scale
    if not chain.directed or not chain.links:
        return top
    marked = {key: role for key, (role, alpha) in h.candidates.items() if alpha > 0.01}
    groups = group_cells(marked, ROLE_GROUP)
    als = {c for c, role, alpha in h.cells if role == CELL_ALS and alpha > 0.01}
    text = eureka(chain.links, chain.ncand, Names(model.b, "r1c1"), groups,
                  model.geo.box.tolist(), als, masks)  # fmt: skip
    if not text:
        return top
    size = TEXT * scale
    y = top
    tight = not layout.techniques.heading
    header = 0.0 if tight else size * 1.35
    limit = notes.y + notes.h if limit is None else limit
    room = int((limit - 4 * scale - y - header) // (size * 1.3))
    room = min(room, 1 if tight else NOTATION_LINES)
    if room < 1:
        return top
    if not tight:
        d.text(gettext("The chain, in order:"), notes.x, y, size, INK, font="bold")
    y += header
    words = text.replace("=", " =").replace("-", " -").replace(";", "; ").split(" ")
    lines = [""]
    for word in words:
        if lines[-1] and measure(lines[-1] + word, size)[0] > notes.w:
            lines.append(word)
        else:
            lines[-1] += word
    if len(lines) > room:  # a long chain: its latest links, the ones just drawn
        lines = lines[-room:]
        while measure("… " + lines[0], size)[0] > notes.w and lines[0]:
            lines[0] = lines[0][1:]
        lines[0] = "… " + lines[0]
    for line in lines:
        d.text(line, notes.x, y, size, INK)
        y += size * 1.3
    return y


def _draw_panel(
    d: DrawList2D,
    model: SudokuModel,
    state: StateArray,
    layout: GridLayout,
    event: Event | None,
    t: float,
    enabled: Collection[str],
) -> None:
    """Every technique in the order of difficulty: a box ticked when it is switched on (a
    click toggles it and solves again), how often it was used so far, the current one
    highlighted. A name is written in full where its line has the room, else short."""
    techniques, scale = layout.techniques, layout.scale
    assert techniques is not None
    used = dict(model.techniques_used(state))
    current = model.current_technique(state)
    if isinstance(event, UseTechnique) and t > 0.5:
        name = model.technique_names[event.technique]
        used[name] = used.get(name, 0) + 1
        current = name
    if techniques.heading:
        heading = gettext("Techniques (click: on / off; number: times used)")
        d.text(heading, techniques.rect.x, techniques.rect.y, TEXT * scale, INK, font="bold")
    size = TEXT * scale
    count_room = measure("888", size)[0] + 6 * scale
    for name, r in techniques.rows():
        count = used.get(name, 0)
        on = name in enabled
        active = name == current
        if active:
            d.rect(r.x, r.y, r.w, r.h, rgba(ACCENT, 0.14), radius=4 * scale)
        box = BOX * scale
        bx, by = r.x + PAD * scale, r.y + (r.h - box) / 2
        d.rect(bx, by, box, box, ACCENT if on else "#FFFFFF", radius=2 * scale,
               stroke=rgba(INK, 0.6), width=1.0)  # fmt: skip
        color = INK if active or count or on else MUTED
        room = r.x + r.w - count_room - (bx + box + BOX_GAP * scale)
        title, font = _fitting_title(gettext(BY_NAME[name].title), size, room, active)
        d.text(title, bx + box + BOX_GAP * scale, r.y + r.h / 2, size, color, anchor="lm",
               font=font)  # fmt: skip
        if count:
            d.text(f"{count}", r.x + r.w - PAD * scale, r.y + r.h / 2, size, color, anchor="rm")


def _fitting_title(title: str, size: float, room: float, active: bool) -> tuple[str, FontName]:
    """The title in full if it fits, else short (the layout leaves room for every short
    title); the current technique in bold when the bold name fits too."""
    for name in (title, short_title(title)):
        for font in ("bold", "regular") if active else ("regular",):
            if measure(name, size, font)[0] <= room:
                return name, font
    return short_title(title), "regular"


def _legend_entries(model: SudokuModel, state: StateArray, h: _Highlights) -> list[LegendEntry]:
    """Only the colours on the board now, each with its meaning."""
    entries = []
    origin = model.origin(state)[np.flatnonzero(model.values(state))]
    if np.any(origin == GIVEN):
        entries.append(LegendEntry(INK, N_("given"), "disc"))
    if np.any(origin == LOGIC):
        entries.append(LegendEntry(ACCENT, N_("found by logic"), "disc"))
    if np.any(origin == GUESSED):
        entries.append(LegendEntry(GUESS_INK, N_("guessed"), "disc"))
    if np.any(origin == STUDENT):
        entries.append(LegendEntry(STUDENT_INK, N_("your digit"), "disc"))
    roles = {role for role, alpha in h.candidates.values() if alpha > 0.01}
    for role, words in CANDIDATE_WORDS.items():
        if role in roles:
            entries.append(LegendEntry(text_fill(CANDIDATE_COLORS[role]), words, "disc"))
    cells = {role for _, role, alpha in h.cells if alpha > 0.01}
    for role, words in CELL_WORDS.items():
        if role in cells:
            named = role == CELL_NAMED
            entries.append(LegendEntry(NAMED_RING if named else CELL_COLORS[role], words,
                                       "ring" if named else "square"))  # fmt: skip
    houses = {role for _, role, alpha in h.houses if alpha > 0.01}
    for role, words in HOUSE_WORDS.items():
        if role in houses:
            entries.append(LegendEntry(HOUSE_COLORS[role], words, "ring"))
    kinds = {kind for _, _, kind, alpha in h.links if alpha > 0.01}
    if LINK_STRONG in kinds:
        entries.append(LegendEntry(STRONG_INK, N_("strong link (=): one is true"), "line"))
    if kinds - {LINK_STRONG}:
        entries.append(LegendEntry(WEAK_INK, N_("weak link (-): not both"), "dashed"))
    return entries


class SudokuInteraction(Interaction[SudokuModel]):
    """Switch techniques on and off, from the side panel or the keyboard; the puzzle is
    solved again with the new set (in the background) and the window shows the new path."""

    help = (
        (N_("click a technique"), N_("switch it on / off and solve again")),
        ("[ / ]", N_("choose a technique")),
        ("T", N_("switch the chosen technique on / off and solve again")),
        ("I", N_("hint from here: the technique, then where to look, then the step")),
        (N_("click a pencil mark"), N_("write that digit in its cell (your move)")),
        PRACTICE_HELP,
    )

    def __init__(self, practice: Practice | None = None) -> None:
        self.practice = practice or Practice()
        self.chosen = 0
        self.hint_level = 0  # the hint level shown last (0: none)
        self.hint_at: tuple[object, int] = (None, -1)  # (trace, cursor) it left behind

    def on_key(self, key: str, shift: bool, session: Session[SudokuModel]) -> bool:
        if key in ("[", "]"):
            self.chosen = (self.chosen + (1 if key == "]" else -1)) % len(ORDERED)
            technique = ORDERED[self.chosen]
            on = technique.name in enabled_techniques(session.player.trace)
            title = msg(technique.title)
            session.say(
                msg("{technique} is on: T switches it", technique=title)
                if on
                else msg("{technique} is off: T switches it", technique=title)
            )
            return True
        if key == "t":
            self._toggle(ORDERED[self.chosen].name, session)
            return True
        if key == "i":
            self._hint(session)
            return True
        if key == "p":
            if session.job is not None:  # as the notice says: the key again stops it
                session.cancel()
                session.say(msg("practice puzzle stopped"))
                return True
            self.practice.start(session)
            return True
        return False

    def _hint(self, session: Session[SudokuModel]) -> None:
        """Each press tells more of the same hint; a new position starts it again."""
        player = session.player
        model: SudokuModel = player.model
        state = session.state  # settles a step in progress
        same = self.hint_at[0] is player.trace and self.hint_at[1] == player.cursor
        level = self.hint_level % 3 + 1 if same else 1
        trace = player.trace
        unique = bool(trace.header.params.get("unique", True))
        hint = hint_at(model, state, enabled_techniques(trace), unique)
        if hint.kind in ("stalled", "solved"):
            level = 3
            session.report(msg("Hint: {text}", text=hint.texts[2]))
        elif hint.step is None or level == 1:  # a mistake is told in levels too, in words
            text = hint.texts[level - 1]
            said = (
                msg("Hint {level}/3: {text} (I again: more)", level=level, text=text)
                if level < 3
                else msg("Hint {level}/3: {text}", level=level, text=text)
            )
            if hint.cells and level > 1:  # "Check A2": A2 lit on the board as it is read
                events, counters = named_events(model, state, hint.cells)
                session.act(said, events, counters=counters)
            else:
                session.report(said)
        else:
            events, counters = hint_events(model, state, hint.step, level)
            said = msg("Hint {level}/3: {text}", level=level, text=hint.texts[level - 1])
            session.act(said, events, counters=counters)
            if level == 2:
                session.say(msg("I again: the whole step"))
        self.hint_level = level
        trace = session.player.trace
        acted = level > 1 and (hint.step is not None or bool(hint.cells))
        self.hint_at = (trace, trace.n_events if acted else player.cursor)
        if level == 3 and hint.step is None:
            self.hint_level = 0  # told in full: the next press starts again

    def _place(self, x: float, y: float, session: Session[SudokuModel]) -> bool:
        """A click on a pencil mark writes that digit into its cell."""
        view = session.view
        model: SudokuModel = session.player.model
        if view is None or model.n > 9:
            return False
        mark = grid_layout(view.stage, model.b, view.scale).mark_at(x, y)
        if mark is None:
            return False
        cell, digit = mark
        state = session.state
        name = Names(model.b).cell(cell)
        if model.values(state)[cell] or not model.candidates(state)[cell] >> (digit - 1) & 1:
            session.say(msg("{digit} is not a pencil mark of {cell}: click one that is there",
                            digit=digit, cell=name))  # fmt: skip
            return True
        events, counters = placement_events(model, state, cell, digit)
        session.act(
            msg("You write {digit} in {cell}", digit=digit, cell=name), events, counters=counters
        )
        return True

    def on_click(self, x: float, y: float, button: int, session: Session[SudokuModel]) -> bool:
        view = session.view
        model: SudokuModel = session.player.model
        if view is None:
            return False
        layout = grid_layout(view.stage, model.b, view.scale)
        hit = next((name for name, r in technique_rows(layout) if r.contains(x, y)), None)
        if hit is None:
            return button == 1 and self._place(x, y, session)
        self.chosen = [t.name for t in ORDERED].index(hit)
        self._toggle(hit, session)
        return True

    def _toggle(self, name: str, session: Session[SudokuModel]) -> None:
        trace = session.player.trace
        enabled = set(enabled_techniques(trace)) ^ {name}
        step = max(session.player.frame().step, 0)
        title = msg(BY_NAME[name].title)
        head = (msg("{technique} switched on", technique=title) if name in enabled
                else msg("{technique} switched off", technique=title))  # fmt: skip

        def work(job: Job[Trace]) -> Trace:
            return resolve_trace(trace, sorted(enabled))

        def done(new_trace: Trace) -> None:
            last = new_trace.n_steps - 1
            position = new_trace.step_range(min(step, last))[0] if last >= 0 else 0
            session.show(new_trace, position, play=False)
            guesses = new_trace.counters_at(new_trace.n_events).get("guesses", 0)
            steps = new_trace.n_steps
            logic = msg("{head}: solved in {steps} steps, by logic alone", head=head, steps=steps)
            session.report(
                nmsg("{head}: solved in {steps} steps, {n} guess",
                     "{head}: solved in {steps} steps, {n} guesses", guesses,
                     head=head, steps=steps)
                if guesses
                else logic
            )  # fmt: skip

        session.start(Job(render(head), work, done))

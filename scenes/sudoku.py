"""Sudoku: the grid with givens and placed digits, pencil marks in every empty cell, and per
step the houses outlined, the pattern green, eliminated candidates red and then struck out,
placements popping in; a side list of the techniques used so far.

Colours follow HoDoKu and Sudoku Explainer, which teachers may know: green for what the
pattern is made of, red for what it removes, blue for placed digits. Highlights fade in and
out with their Mark events, so stepping backward undoes them visibly too.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import ClassVar

import numpy as np

from solvers.sudoku.geometry import DIGIT_CHARS
from solvers.sudoku.model import (
    GIVEN,
    GUESSED,
    MARK_CANDIDATE,
    MARK_CELL,
    MARK_HOUSE,
    MARK_LINK,
    Eliminate,
    Mark,
    Place,
    Restore,
    SudokuModel,
    Unplace,
    UseTechnique,
    decode_link,
)
from solvers.sudoku.record import enabled_techniques
from solvers.sudoku.roles import (
    CELL_CONFLICT,
    CELL_GUESS,
    CELL_PATTERN,
    CELL_PIVOT,
    CELL_TARGET,
    HOUSE_BASE,
    HOUSE_CONFLICT,
    HOUSE_COVER,
    LINK_STRONG,
    ROLE_ELIMINATE,
    ROLE_FIN,
    ROLE_OFF,
    ROLE_ON,
    ROLE_PATTERN,
    ROLE_PEER,
    ROLE_PLACE,
)
from solvers.sudoku.search import resolve_trace
from solvers.sudoku.techniques import BY_NAME, ORDERED
from viz.color import (
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
    text_fill,
)
from viz.draw2d import DrawList2D
from viz.easing import ease, ease_out_back
from viz.interaction import Interaction, Job, Session
from viz.legend import LegendEntry, draw_legend
from viz.player import Frame
from viz.scene import Canvas, Rect, Scene, SceneOption, View, register_scene
from viz.stats import counter_lines

TEXT = 18.0  # the smallest text, at 720 rows
GUESS_INK = rgba("#8C5A9E")
STRUCK_INK = ink_against(BAD, "#FFFFFF")
CANDIDATE_COLORS: dict[int, RGBA] = {
    ROLE_PATTERN: GOOD,
    ROLE_ELIMINATE: BAD,
    ROLE_PLACE: ACCENT,
    ROLE_ON: rgba("#56B4E9"),
    ROLE_OFF: rgba("#E69F00"),
    ROLE_PEER: rgba("#E8A38A"),
    ROLE_FIN: rgba("#CC79A7"),
}
CELL_COLORS: dict[int, RGBA] = {
    CELL_PATTERN: rgba(GOOD, 0.16),
    CELL_TARGET: rgba(BAD, 0.13),
    CELL_PIVOT: rgba("#F0E442", 0.45),
    CELL_GUESS: rgba("#CC79A7", 0.22),
    CELL_CONFLICT: rgba(BAD, 0.35),
}
HOUSE_COLORS: dict[int, RGBA] = {
    HOUSE_BASE: rgba("#0072B2"),
    HOUSE_COVER: rgba("#E69F00"),
    HOUSE_CONFLICT: BAD,
}
CANDIDATE_WORDS = {
    ROLE_PATTERN: "pattern",
    ROLE_ELIMINATE: "removed",
    ROLE_PLACE: "placed here",
    ROLE_ON: "chain: true",
    ROLE_OFF: "chain: false",
    ROLE_PEER: "removed by a placement",
    ROLE_FIN: "fin",
}
CELL_WORDS = {
    CELL_PATTERN: "pattern cell",
    CELL_TARGET: "loses candidates",
    CELL_PIVOT: "pivot",
    CELL_GUESS: "guessed cell",
    CELL_CONFLICT: "contradiction",
}
HOUSE_WORDS = {HOUSE_BASE: "house it lives in", HOUSE_COVER: "house it removes from",
               HOUSE_CONFLICT: "no place left"}  # fmt: skip


@dataclasses.dataclass(frozen=True)
class GridLayout:
    grid: Rect
    cell: float
    panel: Rect | None
    n: int
    b: int
    scale: float = 1.0  # UI scale: 1.0 at 720 rows

    def cell_rect(self, cell: int) -> Rect:
        r, c = divmod(cell, self.n)
        return Rect(self.grid.x + c * self.cell, self.grid.y + r * self.cell, self.cell, self.cell)

    def candidate_center(self, cell: int, digit: int) -> tuple[float, float]:
        rect = self.cell_rect(cell)
        sr, sc = divmod(digit - 1, self.b)
        step = self.cell / self.b
        return rect.x + (sc + 0.5) * step, rect.y + (sr + 0.5) * step

    def house_rect(self, house: int) -> Rect:
        n, b, g, s = self.n, self.b, self.grid, self.cell
        kind, k = divmod(house, n)
        if kind == 0:
            return Rect(g.x, g.y + k * s, g.w, s)
        if kind == 1:
            return Rect(g.x + k * s, g.y, s, g.h)
        br, bc = divmod(k, b)
        return Rect(g.x + bc * b * s, g.y + br * b * s, b * s, b * s)


PANEL_MIN = 560.0  # the technique panel's width at 720 rows: two columns of 18 px names


def grid_layout(stage: Rect, b: int, scale: float) -> GridLayout:
    """The grid at the left, as large as the stage's height allows, with room for the
    column letters above it and the row numbers beside it; the technique panel and the
    legend at the right when there is room for them at a readable size."""
    n = b * b
    label = 28 * scale  # room for the column letters and row numbers
    side = stage.h - label
    show_panel = stage.w - side - label - 32 * scale >= PANEL_MIN * scale
    if not show_panel:
        side = min(side, stage.w - label)
    side = max(side - side % n, n)  # whole pixels per cell
    cell = side / n
    x = stage.x + label + (0.0 if show_panel else (stage.w - label - side) / 2)
    grid = Rect(x, stage.y + label + (stage.h - label - side) / 2, side, side)
    left = grid.x + side + 32 * scale
    panel = Rect(left, stage.y, stage.x + stage.w - left, stage.h) if show_panel else None
    return GridLayout(grid, cell, panel, n, b, scale)


@register_scene
class SudokuScene(Scene):
    kind = "sudoku"
    title = "Sudoku"
    options = (
        SceneOption("candidates", "c", "Pencil marks", default=True),
        SceneOption("names", "g", "Cell names A1..I9", default=True),
    )
    counter_labels: ClassVar[Mapping[str, str]] = {
        "placed": "{} cells filled",
        "candidates": "{} pencil marks left",
        "depth": "",
        "guesses": "{} guesses",
    }
    method_names: ClassVar[Mapping[str, str]] = {"human": "solved by human techniques"}

    def statistics(self, frame: Frame) -> list[str]:
        """The board's counts; the one "solved" milestone says nothing a student needs."""
        return counter_lines(frame.trace, frame.counters, self.counter_labels)

    def interaction(self) -> Interaction:
        return SudokuInteraction()

    def draw(self, frame: Frame, view: View, canvas: Canvas) -> None:
        model: SudokuModel = frame.model
        state = frame.state
        layout = grid_layout(view.stage, model.b, view.scale)
        d = canvas.d2
        event, t = frame.event, frame.t
        highlights = _Highlights.of(model, state, event, t)
        _draw_cells(d, layout, highlights)
        _draw_lines(d, layout, view.scale)
        _draw_houses(d, layout, highlights, view.scale)
        if view.options.get("names", True):
            _draw_names(d, layout, view.scale)
        _draw_values(d, model, state, layout, event, t)
        if view.options.get("candidates", True):
            _draw_candidates(d, model, state, layout, highlights, event, t)
        _draw_links(d, layout, highlights, view.scale)
        if layout.panel is not None:
            enabled = enabled_techniques(frame.trace)
            bottom = _draw_panel(d, model, state, layout.panel, event, t, view.scale, enabled)
            entries = _legend_entries(model, state, highlights)
            panel = layout.panel
            draw_legend(d, entries, panel.x, bottom + 10 * view.scale, panel.w, view.scale)


@dataclasses.dataclass
class _Highlights:
    """Every highlight with an opacity: from the state, with the Mark in progress faded."""

    cells: list[tuple[int, int, float]]
    candidates: dict[tuple[int, int], tuple[int, float]]
    houses: list[tuple[int, int, float]]
    links: list[tuple[int, int, int, float]]

    @classmethod
    def of(cls, model: SudokuModel, state: np.ndarray, event, t: float) -> _Highlights:
        n = model.n
        cell_marks = model.cell_marks(state)
        cand_marks = model.candidate_marks(state).reshape(-1)
        house_marks = model.house_marks(state)
        lay = model.layout
        links_raw = state[lay.links : lay.links + 96]
        fading: tuple[int, int] | None = None
        if isinstance(event, Mark):
            fading = (event.layer, event.index)
        a = ease(t)

        def layer_items(layer: int, values: np.ndarray) -> list[tuple[int, int, float]]:
            items = [(int(i), int(values[i]), 1.0) for i in np.flatnonzero(values)]
            if fading is not None and fading[0] == layer:
                items = [item for item in items if item[0] != fading[1]]
                if event.previous:
                    items.append((event.index, event.previous, 1.0 - a))
                if event.value:
                    items.append((event.index, event.value, a))
            return items

        candidates = {}
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


def _draw_lines(d: DrawList2D, layout: GridLayout, scale: float) -> None:
    g, n, b, s = layout.grid, layout.n, layout.b, layout.cell
    thin, thick = max(1.0, 1.0 * scale), max(2.0, 2.6 * scale)
    for k in range(n + 1):
        width = thick if k % b == 0 else thin
        color = INK if k % b == 0 else rgba(INK, 0.28)
        d.line(g.x + k * s, g.y, g.x + k * s, g.y + g.h, color, width, round_caps=False)
        d.line(g.x, g.y + k * s, g.x + g.w, g.y + k * s, color, width, round_caps=False)


def _draw_houses(d: DrawList2D, layout: GridLayout, h: _Highlights, scale: float) -> None:
    for house, role, alpha in h.houses:
        color = HOUSE_COLORS.get(role)
        if color is None or alpha <= 0.01:
            continue
        r = layout.house_rect(house).inset(2.5 * scale)
        d.rect(r.x, r.y, r.w, r.h, rgba(color, 0.06 * alpha), radius=6 * scale,
               stroke=rgba(color, 0.9 * alpha), width=3.2 * scale)  # fmt: skip


def _draw_names(d: DrawList2D, layout: GridLayout, scale: float) -> None:
    g, s = layout.grid, layout.cell
    size = TEXT * scale
    for k in range(layout.n):
        d.text(chr(ord("A") + k), g.x + (k + 0.5) * s, g.y - 6 * scale, size, MUTED, anchor="cb")
        d.text(str(k + 1), g.x - 8 * scale, g.y + (k + 0.5) * s, size, MUTED, anchor="rm")


def _draw_values(d, model: SudokuModel, state, layout: GridLayout, event, t: float) -> None:
    values = model.values(state)
    origin = model.origin(state)
    size = layout.cell * 0.62
    for cell in np.flatnonzero(values):
        if isinstance(event, Unplace) and event.cell == cell:
            continue  # drawn fading below
        color = INK if origin[cell] == GIVEN else GUESS_INK if origin[cell] == GUESSED else ACCENT
        font = "bold" if origin[cell] == GIVEN else "regular"
        cx, cy = layout.cell_rect(int(cell)).center
        d.chars([DIGIT_CHARS[values[cell] - 1]], [(cx, cy)], size, color, font=font)
    if isinstance(event, Place | Unplace):
        cx, cy = layout.cell_rect(event.cell).center
        grow = ease_out_back(t) if isinstance(event, Place) else 1.0 - ease(t)
        color = GUESS_INK if event.origin == GUESSED else ACCENT
        if isinstance(event, Place):
            d.circle(cx, cy, layout.cell * 0.46 * (1.0 - ease(t)) + 0.1,
                     rgba(color, 0.18 * (1.0 - t)))  # fmt: skip
        if grow > 0.05:
            d.chars([DIGIT_CHARS[event.digit - 1]], [(cx, cy)], size * grow,
                    rgba(color, min(1.0, grow)))  # fmt: skip


def _draw_candidates(
    d: DrawList2D, model: SudokuModel, state, layout: GridLayout, h: _Highlights, event, t: float
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
                d.circle(x, y, radius, rgba(color, alpha * fade))
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


def _draw_strike(d, layout: GridLayout, cell, digit, radius, event, a: float) -> None:
    """An elimination in progress: red disc, a stroke growing across, the digit fading."""
    x, y = layout.candidate_center(cell, digit)
    progress = a if isinstance(event, Eliminate) else 1.0 - a
    d.circle(x, y, radius, rgba(text_fill(BAD), 1.0 - 0.6 * progress))
    d.chars([DIGIT_CHARS[digit - 1]], [(x, y)], _candidate_size(layout),
            rgba("#FFFFFF", 1.0 - 0.5 * progress))  # fmt: skip
    r = radius * 0.95
    end = -r + 2 * r * progress
    d.line(x - r, y + r, x + end, y - end, BAD, max(1.5, radius * 0.22))


def _draw_struck(d, layout: GridLayout, cell, digit, radius, alpha: float) -> None:
    x, y = layout.candidate_center(cell, digit)
    d.chars([DIGIT_CHARS[digit - 1]], [(x, y)], _candidate_size(layout), rgba(STRUCK_INK, alpha))
    r = radius * 0.95
    d.line(x - r, y + r, x + r, y - r, rgba(BAD, 0.95 * alpha), max(1.8, radius * 0.26))


def _draw_links(d: DrawList2D, layout: GridLayout, h: _Highlights, scale: float) -> None:
    n = layout.n
    for first, second, kind, alpha in h.links:
        if alpha <= 0.01:
            continue
        c1, d1 = divmod(first, n)
        c2, d2 = divmod(second, n)
        x0, y0 = layout.candidate_center(c1, d1 + 1)
        x1, y1 = layout.candidate_center(c2, d2 + 1)
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1:
            continue
        trim = layout.cell / layout.b * 0.5
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        x0, y0, x1, y1 = x0 + ux * trim, y0 + uy * trim, x1 - ux * trim, y1 - uy * trim
        width = 2.4 * scale
        if kind == LINK_STRONG:
            d.line(x0, y0, x1, y1, rgba(ACCENT, 0.9 * alpha), width)
        else:
            _dashed(d, x0, y0, x1, y1, rgba("#E69F00", 0.9 * alpha), width, 7 * scale)


def _dashed(d: DrawList2D, x0, y0, x1, y1, color, width: float, dash: float) -> None:
    length = math.hypot(x1 - x0, y1 - y0)
    pieces = max(int(length / (2 * dash)), 1)
    for k in range(pieces):
        f0, f1 = (2 * k) / (2 * pieces - 1), (2 * k + 1) / (2 * pieces - 1)
        d.line(x0 + (x1 - x0) * f0, y0 + (y1 - y0) * f0, x0 + (x1 - x0) * f1,
               y0 + (y1 - y0) * f1, color, width)  # fmt: skip


def technique_rows(panel: Rect, scale: float) -> list[tuple[str, Rect]]:
    """Where each technique's line sits in the side panel, in two columns (drawing and
    clicking share it)."""
    top = panel.y + 34 * scale
    row = 23 * scale
    per_column = math.ceil(len(ORDERED) / 2)
    width = (panel.w - 12 * scale) / 2
    rows = []
    for k, t in enumerate(ORDERED):
        column, line = divmod(k, per_column)
        rows.append((t.name, Rect(panel.x + column * (width + 12 * scale), top + line * row,
                                  width, row)))  # fmt: skip
    return rows


def _draw_panel(
    d, model: SudokuModel, state, panel: Rect, event, t: float, scale: float, enabled
) -> float:
    """Every technique in the order of difficulty: a box ticked when it is switched on (a
    click toggles it and solves again), how often it was used so far, the current one
    highlighted. Returns where the panel's rows end."""
    used = dict(model.techniques_used(state))
    current = model.current_technique(state)
    if isinstance(event, UseTechnique) and t > 0.5:
        name = model.technique_names[event.technique]
        used[name] = used.get(name, 0) + 1
        current = name
    d.text("Techniques (click: on / off; number: times used)", panel.x, panel.y, TEXT * scale,
           INK, font="bold")  # fmt: skip
    rows = technique_rows(panel, scale)
    size = TEXT * scale
    for name, r in rows:
        technique = BY_NAME[name]
        count = used.get(name, 0)
        on = name in enabled
        active = name == current
        if active:
            d.rect(r.x, r.y, r.w, r.h, rgba(ACCENT, 0.14), radius=4 * scale)
        box = 14 * scale
        bx, by = r.x + 4 * scale, r.y + (r.h - box) / 2
        d.rect(bx, by, box, box, ACCENT if on else "#FFFFFF", radius=2 * scale,
               stroke=rgba(INK, 0.6), width=1.0)  # fmt: skip
        color = INK if active or count or on else MUTED
        d.text(technique.title, bx + box + 7 * scale, r.y + r.h / 2, size, color, anchor="lm",
               font="bold" if active else "regular")  # fmt: skip
        if count:
            d.text(f"{count}", r.x + r.w - 6 * scale, r.y + r.h / 2, size, color, anchor="rm")
    return max(r.y + r.h for _, r in rows) if rows else panel.y


def _legend_entries(model: SudokuModel, state, h: _Highlights) -> list[LegendEntry]:
    """Only the colours on the board now, each with its meaning."""
    entries = []
    origin = model.origin(state)[np.flatnonzero(model.values(state))]
    if np.any(origin == GIVEN):
        entries.append(LegendEntry(INK, "given", "disc"))
    if np.any((origin != GIVEN) & (origin != GUESSED)):
        entries.append(LegendEntry(ACCENT, "found by logic", "disc"))
    if np.any(origin == GUESSED):
        entries.append(LegendEntry(GUESS_INK, "guessed", "disc"))
    roles = {role for role, alpha in h.candidates.values() if alpha > 0.01}
    for role, words in CANDIDATE_WORDS.items():
        if role in roles:
            entries.append(LegendEntry(text_fill(CANDIDATE_COLORS[role]), words, "disc"))
    cells = {role for _, role, alpha in h.cells if alpha > 0.01}
    for role, words in CELL_WORDS.items():
        if role in cells:
            entries.append(LegendEntry(CELL_COLORS[role], words))
    houses = {role for _, role, alpha in h.houses if alpha > 0.01}
    for role, words in HOUSE_WORDS.items():
        if role in houses:
            entries.append(LegendEntry(HOUSE_COLORS[role], words, "ring"))
    kinds = {kind for _, _, kind, alpha in h.links if alpha > 0.01}
    if LINK_STRONG in kinds:
        entries.append(LegendEntry(ACCENT, "strong link: one is true", "line"))
    if kinds - {LINK_STRONG}:
        entries.append(LegendEntry("#E69F00", "weak link: not both", "dashed"))
    return entries


class SudokuInteraction(Interaction):
    """Switch techniques on and off, from the side panel or the keyboard; the puzzle is
    solved again with the new set (in the background) and the window shows the new path."""

    help = (
        ("click a technique", "switch it on / off and solve again"),
        ("[ / ]", "choose a technique"),
        ("T", "switch the chosen technique on / off and solve again"),
    )

    def __init__(self) -> None:
        self.chosen = 0

    def on_key(self, key: str, shift: bool, session: Session) -> bool:
        if key in ("[", "]"):
            self.chosen = (self.chosen + (1 if key == "]" else -1)) % len(ORDERED)
            technique = ORDERED[self.chosen]
            on = technique.name in enabled_techniques(session.player.trace)
            session.say(f"{technique.title} ({'on' if on else 'off'}): T switches it")
            return True
        if key == "t":
            self._toggle(ORDERED[self.chosen].name, session)
            return True
        return False

    def on_click(self, x: float, y: float, button: int, session: Session) -> bool:
        view = session.view
        model: SudokuModel = session.player.model
        if view is None:
            return False
        layout = grid_layout(view.stage, model.b, view.scale)
        if layout.panel is None:
            return False
        rows = technique_rows(layout.panel, view.scale)
        hit = next((name for name, r in rows if r.contains(x, y)), None)
        if hit is None:
            return False
        self.chosen = [t.name for t in ORDERED].index(hit)
        self._toggle(hit, session)
        return True

    def _toggle(self, name: str, session: Session) -> None:
        trace = session.player.trace
        enabled = set(enabled_techniques(trace)) ^ {name}
        step = max(session.player.frame().step, 0)
        title = BY_NAME[name].title
        state = "on" if name in enabled else "off"

        def work(job: Job):
            return resolve_trace(trace, sorted(enabled))

        def done(new_trace) -> None:
            last = new_trace.n_steps - 1
            position = new_trace.step_range(min(step, last))[0] if last >= 0 else 0
            session.show(new_trace, position, play=False)
            guesses = new_trace.counters_at(new_trace.n_events).get("guesses", 0)
            way = f", {guesses} guess(es)" if guesses else ", by logic alone"
            session.say(f"{title} {state}: solved in {new_trace.n_steps} steps{way}")

        session.start(Job(f"solving with {title} {state}", work, done))

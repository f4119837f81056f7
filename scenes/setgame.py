"""SET: the board of all v^n cards (real cards for v = 3, n <= 4, digit words otherwise),
chosen cards raised with their placement number, excluded cards greyed with a badge in the
colour of the placement that excluded them and, for the newest exclusions, lines to the
cards they would make a SET with; the search replayed; the seed's game played by clicking.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

import numpy as np
from puzzleviz.scenes.set_cards import draw_card
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.i18n import N_, fill, gettext, msg, ngettext, nmsg
from puzzleviz.solvers.setgame.arrays import SetState
from puzzleviz.solvers.setgame.cards import card_look
from puzzleviz.solvers.setgame.model import (
    CHOSEN,
    EXCLUDED,
    FREE,
    PRUNED_BOUND,
    PRUNED_SYMMETRY,
    Add,
    Exclude,
    Prune,
    Remove,
    SetGameModel,
    Unexclude,
    Unprune,
)
from puzzleviz.solvers.setgame.results import SetResult
from puzzleviz.solvers.setgame.session import SetSession
from puzzleviz.solvers.setgame.watch import can_watch, watch_maximum
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.color import BAD, INK, MUTED, RGBA, mix, palette, readable_ink, rgba, text_fill
from puzzleviz.viz.draw2d import Drawing, DrawList2D
from puzzleviz.viz.easing import ease
from puzzleviz.viz.interaction import Interaction, Job, Session
from puzzleviz.viz.legend import LegendEntry, draw_legend, legend_height
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import Canvas, Rect, Scene, View
from puzzleviz.viz.stats import counter_lines, live_counters, milestone_line

LIFT = 0.12  # a chosen card rises by this share of its height
TEXT = 18.0  # labels, at 720 rows
GREY_CARD = "#E9E6DF"
LEGEND = (
    LegendEntry(palette(0), N_("chosen (number: in which order)")),
    LegendEntry(GREY_CARD, N_("grey: would complete a SET (dot: whose)")),
    LegendEntry(MUTED, N_("ruled out by the search"), "ring"),
    LegendEntry(BAD, N_("forbidden by you"), "line"),
)


def level_color(level: int) -> RGBA:
    return palette(level - 1)


@dataclasses.dataclass(frozen=True)
class BoardLayout:
    """Where every card sits: digits of the first half of the word choose the row, the
    rest the column, with a wider gap every v cards so the structure shows."""

    x: np.ndarray  # (N,) left edges
    y: np.ndarray  # (N,) top edges
    w: float
    h: float
    real_cards: bool

    def card_at(self, px: float, py: float) -> int | None:
        inside = (px >= self.x) & (px <= self.x + self.w) & (py >= self.y) & (py <= self.y + self.h)
        hits = np.flatnonzero(inside)
        return int(hits[0]) if len(hits) else None

    def center(self, card: int) -> tuple[float, float]:
        return float(self.x[card] + self.w / 2), float(self.y[card] + self.h / 2)


def board_layout(model: SetGameModel, stage: Rect, scale: float | None = None) -> BoardLayout:
    """Where the cards go in `stage`, above the legend (at UI `scale`, default from the
    stage's height)."""
    v, n = model.v, model.n
    row_digits = n // 2
    col_digits = n - row_digits
    rows, cols = v**row_digits, v**col_digits
    real = v == 3 and n <= 4
    aspect = 1.55 if real else 1.8  # landscape cards, as the real ones lie on a table

    def span(count: int, digits: int) -> tuple[np.ndarray, float]:
        """Left edges in card widths: a small gap between cards, a larger one at every
        boundary of a group of v, v^2, ... cards; and the total extent."""
        index = np.arange(count)
        boundaries = sum(index // v**k for k in range(1, digits))
        positions = index * 1.1 + boundaries * 0.3
        return positions, float(positions[-1] + 1.0)

    col_pos, width_units = span(cols, col_digits)
    row_pos, height_units = span(rows, row_digits)
    scale = stage.h / 532 if scale is None else scale
    legend = legend_height(LEGEND, stage.w, scale) + 8 * scale
    # A chosen card of the top row rises by LIFT: room for it above the board.
    card_w = min(stage.w / width_units, (stage.h - legend) * aspect / (height_units + LIFT))
    card_h = card_w / aspect
    ox = stage.x + (stage.w - card_w * width_units) / 2
    oy = stage.y + LIFT * card_h + (stage.h - legend - card_h * (height_units + LIFT)) / 2
    cards = np.arange(v**n)
    r, c = cards // cols, cards % cols
    return BoardLayout(ox + col_pos[c] * card_w, oy + row_pos[r] * card_h, card_w, card_h, real)


class SetScene(Scene[SetGameModel]):
    kind = "setgame"
    title = N_("SET")
    counter_labels: ClassVar[Mapping[str, str]] = {
        "nodes": N_("{} nodes searched"),
        "cards": "",  # read off the board instead (statistics)
        "best": "",
        "solutions": "",
    }

    def statistics(self, frame: Frame[SetGameModel]) -> list[str]:
        """Nodes searched, then what the board shows: the cards chosen are counted on it,
        and the largest cap so far is at least the cap on the board (the search's count of
        it arrives with its next event). The caps of that size found, once there is one."""
        lines = counter_lines(frame.trace, frame.counters, self.counter_labels)
        chosen = int(np.count_nonzero(frame.model.status(frame.state) == CHOSEN))
        lines.append(fill(ngettext("{n} card chosen", "{n} cards chosen", chosen), n=chosen))
        best, found = frame.counters.get("best", -1), frame.counters.get("solutions", -1)
        if best >= 0 and "best" in live_counters(frame.trace):
            largest = max(best, chosen)
            lines.append(fill(gettext("largest so far: {n}"), n=largest))
            if found > 0 and largest == best:
                caps = ngettext("{n:,} cap of that size found", "{n:,} caps of that size found",
                                found)  # fmt: skip
                lines.append(fill(caps, n=found))
        milestones = milestone_line(frame.trace, frame.milestones_reached)
        return [*lines, milestones] if milestones else lines

    method_names: ClassVar[Mapping[str, str]] = {
        "demo": N_("backtracking search"),
        "fast": N_("backtracking search"),
        "seed": N_("the seed's search, card by card"),
        "session": N_("played by hand"),
    }

    def interaction(self) -> Interaction[SetGameModel]:
        return SetInteraction()

    quiz_buttons: ClassVar[bool] = False
    quiz_prompt: ClassVar[str] = N_("Click the card the search adds next.")

    def quiz_answer(
        self, frame: Frame[SetGameModel], view: View, x: float, y: float, button: int
    ) -> str | None:
        """A click on a card: "card 0121" (its code word)."""
        card = board_layout(frame.model, view.stage, view.scale).card_at(x, y)
        return None if card is None else f"card {frame.model.space.word(card)}"

    def draw(self, frame: Frame[SetGameModel], view: View, canvas: Canvas) -> None:
        model: SetGameModel = frame.model
        state = frame.state
        board = board_layout(model, view.stage, view.scale)
        d = canvas.d2
        status = model.status(state).copy()
        by = model.by(state).copy()
        forbidden = model.forbidden(state)
        event, t = frame.event, ease(frame.t)
        change = _status_change(event)
        lift = np.where(status == CHOSEN, 1.0, 0.0)
        grey = np.where((status != FREE) & (status != CHOSEN), 1.0, 0.0)
        if change is not None:
            card, new_status, level = change
            old = status[card]
            lift[card] = (1 - t) * (old == CHOSEN) + t * (new_status == CHOSEN)
            grey[card] = (1 - t) * (old not in (FREE, CHOSEN)) + t * (
                new_status not in (FREE, CHOSEN)
            )
            if new_status != FREE:
                status[card], by[card] = new_status, level
        for card in range(model.size):
            look = (int(status[card]), int(by[card]), bool(forbidden[card]))
            _draw_one(d, model, board, card, *look, float(lift[card]), float(grey[card]),
                      view.scale)  # fmt: skip
        _draw_links(d, model, state, board, frame, view.scale)
        _draw_legend(d, view, model)


def _status_change(event: Event | None) -> tuple[int, int, int] | None:
    """(card, status after, level) for events that change one card's look."""
    if isinstance(event, Add):
        return event.card, CHOSEN, event.level
    if isinstance(event, Remove | Unexclude | Unprune):
        return event.card, FREE, event.level
    if isinstance(event, Exclude):
        return event.card, EXCLUDED, event.level
    if isinstance(event, Prune):
        return event.card, PRUNED_BOUND if event.reason == 1 else PRUNED_SYMMETRY, event.level
    return None


# A card's drawing by everything that shapes it: a frame draws 81 to 243 cards and few
# change from one frame to the next (or between a page's languages: no word of a card is
# translated), so each look is drawn once and replayed, the same rows bit for bit.
_CARD_DRAWINGS: dict[tuple[object, ...], Drawing] = {}
CARD_DRAWINGS_KEPT = 8192  # looks kept before the cache starts again (a few MB)


def _draw_one(
    d: DrawList2D, model: SetGameModel, board: BoardLayout, card: int, status: int, level: int,
    forbidden: bool, lift: float, grey: float, scale: float,
) -> None:  # fmt: skip
    x, y = float(board.x[card]), float(board.y[card])
    face = None if board.real_cards else model.space.word(card)
    key = (d.width, d.height, d.show_text, x, y, board.w, board.h, model.n, card, face, status,
           level, forbidden, lift, grey, scale)  # fmt: skip
    kept = _CARD_DRAWINGS.get(key)
    if kept is None or not kept.valid():
        block = d.blank()
        _draw_card_at(block, model, board, card, status, level, forbidden, lift, grey, scale)
        if len(_CARD_DRAWINGS) >= CARD_DRAWINGS_KEPT:
            _CARD_DRAWINGS.clear()
        kept = _CARD_DRAWINGS[key] = block.drawing()
    d.replay(kept)


def _draw_card_at(
    d: DrawList2D, model: SetGameModel, board: BoardLayout, card: int, status: int, level: int,
    forbidden: bool, lift: float, grey: float, scale: float,
) -> None:  # fmt: skip
    x, y, w, h = float(board.x[card]), float(board.y[card]), board.w, board.h
    y -= lift * LIFT * h
    radius = h * 0.1
    if lift > 0.01:
        d.rect(x + 2 * scale, y + (3 + 5 * lift) * scale, w, h, rgba(INK, 0.22 * lift),
               radius=radius)  # fmt: skip
    face = mix("#FFFFFF", GREY_CARD, grey)
    border = mix(rgba(INK, 0.25), level_color(level), lift) if status == CHOSEN else rgba(INK, 0.25)
    d.rect(x, y, w, h, face, radius=radius, stroke=border, width=(1 + 2 * lift) * scale)
    if board.real_cards:
        draw_card(d, card_look(card, model.n), x, y, w, h, fade=0.75 * grey)
    else:
        word = model.space.word(card)
        d.text(word, x + w / 2, y + h / 2, min(h * 0.42, w / max(len(word), 1) * 1.5),
               mix(INK, "#B8B8B8", grey), anchor="cm")  # fmt: skip
    badge = max(h * 0.16, 6 * scale)
    if status == CHOSEN and lift > 0.5:
        radius = max(badge * 0.85, 13 * scale)
        bx, by_ = x + w - radius * 0.8, y + radius * 0.8
        color = text_fill(level_color(level))
        d.circle(bx, by_, radius, color, stroke="#FFFFFF", width=1.5 * scale)
        d.text(str(level), bx, by_, TEXT * scale, readable_ink(color), anchor="cm",
               font="bold")  # fmt: skip
    elif status in (EXCLUDED, PRUNED_BOUND, PRUNED_SYMMETRY) and grey > 0.5:
        bx, by_ = x + badge * 0.8, y + badge * 0.8
        color = level_color(level) if status == EXCLUDED else rgba(MUTED)
        if status == EXCLUDED:
            d.circle(bx, by_, badge * 0.55, color)
        else:  # pruned by the search, not by a SET: a hollow mark
            d.circle(bx, by_, badge * 0.5, None, stroke=color, width=1.5 * scale)
    if forbidden:
        inset = min(w, h) * 0.18
        d.line(x + inset, y + inset, x + w - inset, y + h - inset, rgba(BAD, 0.85), 3 * scale)
        d.line(x + w - inset, y + inset, x + inset, y + h - inset, rgba(BAD, 0.85), 3 * scale)


def _draw_links(
    d: DrawList2D, model: SetGameModel, state: SetState, board: BoardLayout,
    frame: Frame[SetGameModel], scale: float,
) -> None:  # fmt: skip
    """Lines from the newest exclusions to the placed cards they complete a SET with."""
    event = frame.event
    targets: list[tuple[int, float]] = []
    if isinstance(event, Exclude):
        targets.append((event.card, ease(frame.t)))
    level = model.level(state)
    if level and frame.t == 0:
        status, by = model.status(state), model.by(state)
        recent = np.flatnonzero((status == EXCLUDED) & (by == level))
        targets.extend((int(card), 0.55) for card in recent[:40])
    for card, alpha in targets:
        links = model.exclusion_links(state, card)
        if not links:
            continue
        cx, cy = board.center(card)
        for group in links[:2]:
            color = rgba(level_color(model.by(state)[group[-1]] or level), 0.8 * alpha)
            for partner in group:
                px, py = board.center(partner)
                py -= LIFT * board.h
                end = (cx + (px - cx) * alpha, cy + (py - cy) * alpha)
                d.line(cx, cy, *end, color, 2.6 * scale)


def _draw_legend(d: DrawList2D, view: View, model: SetGameModel) -> None:
    s, stage = view.scale, view.stage
    height = legend_height(LEGEND, stage.w, s)
    draw_legend(d, LEGEND, stage.x, stage.y + stage.h - height, stage.w, s, centered=True)
    del model


def card_name(model: SetGameModel, card: int) -> str:
    """A card as the board shows it: in words for the real cards ("2 red striped ovals", a
    message in the reader's language), its code word for the larger games drawn as words."""
    if model.v == 3 and model.n <= 4:
        return card_look(card, model.n).message()
    return model.space.word(card)


def _refusal(model: SetGameModel, state: SetState, card: int, button: int) -> str:
    """Why a click cannot do what it asks, in the cards' names (a message), or ""."""
    status, name = model.status(state)[card], card_name(model, card)
    if button != 1:
        return (
            msg("{card} is on the board: take it back first", card=name) if status == CHOSEN else ""
        )
    if status != CHOSEN and model.forbidden(state)[card]:
        return msg("{card} is forbidden: a right click allows it again", card=name)
    if status == EXCLUDED:
        first, second = model.exclusion_links(state, card)[0][:2]
        return msg("{card} would complete a SET with {first} and {second}", card=name,
                   first=card_name(model, first), second=card_name(model, second))  # fmt: skip
    return ""


class SetInteraction(Interaction[SetGameModel]):
    """The seed's game: click to add or take back a card, right-click to forbid or allow
    it again, G to compute the largest cap under these constraints (as a search trace)."""

    help = (
        (N_("click"), N_("add a card / take it back")),
        (N_("right click"), N_("forbid a card / allow it again")),
        ("G", N_("compute the maximum from here (watch the search)")),
    )

    def _session_at(self, session: Session[SetGameModel]) -> SetSession:
        model: SetGameModel = session.player.model
        return SetSession(model.v, model.n, state=session.state)

    def on_click(self, x: float, y: float, button: int, session: Session[SetGameModel]) -> bool:
        if session.view is None:
            return False
        model: SetGameModel = session.player.model
        card = board_layout(model, session.view.stage, session.view.scale).card_at(x, y)
        if card is None:
            return False
        game = self._session_at(session)
        refusal = _refusal(model, game.state, card, button)
        if refusal:
            session.say(refusal)
            return True
        name = card_name(model, card)
        if button == 1 and model.status(game.state)[card] == CHOSEN:
            game.remove(card)
            caption = msg("You take {card} back", card=name)
        elif button == 1:
            game.add(card)
            caption = msg("You add {card}", card=name)
        elif model.forbidden(game.state)[card]:
            game.unforbid(card)
            caption = msg("You allow {card} again", card=name)
        else:
            game.forbid(card)
            caption = msg("You forbid {card}", card=name)
        session.act(caption, game.events)
        return True

    def on_key(self, key: str, shift: bool, session: Session[SetGameModel]) -> bool:
        if key != "g":
            return False
        if session.job is not None:
            session.cancel()
            session.say(msg("search stopped"))
            return True
        model: SetGameModel = session.player.model
        state = session.state

        def work(job: Job[tuple[SetResult, Trace]]) -> tuple[SetResult, Trace]:
            job.status = msg("searching")
            if can_watch(model):
                return watch_maximum(model, state)
            return SetSession(model.v, model.n, state=state).maximum(record=True, count=True)

        def done(answer: tuple[SetResult, Trace]) -> None:
            result, trace = answer
            if trace.n_events:  # a board that already holds the largest cap: nothing to show
                session.show(trace)
            session.report(nmsg("the largest cap here has {n} card",
                                "the largest cap here has {n} cards", result.max))  # fmt: skip

        session.start(Job(msg("the largest cap"), work, done))
        return True

"""Hungarian rings: rings drawn by their geometry (balls equally spaced, the shared balls once
at the intersections, the Olympic W), balls sliding round a ring one position per tick the
short way, the search's expansions; and play in the window: turn rings with keys, clicks and
the wheel, shuffle, reset, and search in the background while the window stays live.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from typing import ClassVar

import numpy as np
from puzzleviz.solvers.arrays import Float64Array
from puzzleviz.solvers.i18n import N_, fill, gettext, msg, nmsg, render
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.geometry import RingLayout, layout, short_way, turn_message
from puzzleviz.solvers.rings.model.layouts import RingState
from puzzleviz.solvers.rings.model.model import Examine, RingsModel, Rotate
from puzzleviz.solvers.rings.model.shuffle import random_moves
from puzzleviz.solvers.rings.search.background import BackgroundSearch, drive_job
from puzzleviz.solvers.rings.search.methods import METHODS
from puzzleviz.solvers.rings.search.results import RingsResult, solution_message
from puzzleviz.solvers.trace_edit import by_hand
from puzzleviz.solvers.tracer import RecordingTracer
from puzzleviz.viz.color import GOOD, INK, mix, readable_ink, rgba
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.easing import ease
from puzzleviz.viz.interaction import Interaction, Job, Session
from puzzleviz.viz.legend import LegendEntry, draw_legend
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import (
    Canvas,
    Rect,
    Scene,
    SceneOption,
    View,
    solver_method,
)
from puzzleviz.viz.stats import counter_lines, milestone_line

TEXT = 18.0  # labels, at 720 rows
NOTE_BAND = 30.0  # the band under the rings for what the search is doing

# Colour-blind-safe ball colours: Okabe-Ito first, then darker and lighter companions. The
# Olympic rings get the five Olympic colours, in the Okabe-Ito shades closest to them.
BALL_COLORS = (
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00",
    "#56B4E9", "#F0E442", "#1E1E24", "#999999", "#7F4F00",
)  # fmt: skip
OLYMPIC_COLORS = ("#0072B2", "#F0E442", "#1E1E24", "#009E73", "#D55E00")
SOLVED_TRACK = mix("#D8D2C4", GOOD, 0.5)


def ball_color(config: RingConfig, colour: int) -> str:
    table = OLYMPIC_COLORS if config.olympic and config.colours_per_ring == 1 else BALL_COLORS
    return table[(colour - 1) % len(table)]


@dataclasses.dataclass(frozen=True)
class Placement:
    """Where the ring geometry (units of the ring radius, y up) lands on the screen."""

    geometry: RingLayout
    scale: float  # pixels per ring radius
    origin: tuple[float, float]  # screen point of geometry (0, 0)
    ball_radius: float

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * self.scale, self.origin[1] - y * self.scale

    def to_geometry(self, px: float, py: float) -> tuple[float, float]:
        return (px - self.origin[0]) / self.scale, (self.origin[1] - py) / self.scale

    def ring_at(self, px: float, py: float) -> int | None:
        """The ring whose track passes nearest the point, if it is near enough."""
        x, y = self.to_geometry(px, py)
        best, best_d = None, 0.3
        for ring, (cx, cy) in enumerate(self.geometry.centres):
            d = abs(math.hypot(x - cx, y - cy) - 1.0)
            if d < best_d:
                best, best_d = ring, d
        return best


BALL = 0.42  # ball radius, as a share of the distance between neighbouring balls


def place(config: RingConfig, stage: Rect) -> Placement:
    """The rings as large as `stage` allows, their balls and shadows inside it (a ring of
    few balls has balls large enough to stick out well past its track)."""
    geometry = layout(config)
    ball = 2 * math.sin(geometry.step / 2) * BALL  # in ring radii
    xmin, ymin, xmax, ymax = geometry.bounds(max(0.2, ball * 1.4))  # the track: 1.25 balls
    scale = min(stage.w / (xmax - xmin), stage.h / (ymax - ymin))
    cx, cy = stage.center
    origin = (cx - (xmin + xmax) / 2 * scale, cy + (ymin + ymax) / 2 * scale)
    return Placement(geometry, scale, origin, ball * scale)


def rings_area(view: View) -> tuple[Rect, Rect]:
    """(where the rings go, the note band under them): drawing and clicking share it."""
    stage, s = view.stage, view.scale
    band = Rect(stage.x, stage.y + stage.h - NOTE_BAND * s, stage.w, NOTE_BAND * s)
    return Rect(stage.x, stage.y, stage.w, band.y - stage.y), band


class RingsScene(Scene[RingsModel]):
    kind = "rings"
    title = N_("Hungarian rings")
    options = (SceneOption("numbers", "c", N_("Colour numbers on the balls")),)
    counter_labels: ClassVar[Mapping[str, str]] = {
        "expanded": N_("{} positions expanded"),
        "open": N_("{} waiting"),
        "closed": "",
        "depth": N_("depth {}"),
        "h": N_("estimate {} moves"),
        "bound": N_("bound {} moves"),
    }
    method_names: ClassVar[Mapping[str, str]] = {
        "practical": N_("best answer within seconds"),
        "optimal": N_("proven shortest (IDA*, pattern databases)"),
        "best-first": N_("best-first search"),
        "bfs": N_("breadth-first search"),
        "iddfs": N_("iterative deepening search"),
        "astar": N_("A* search"),
        "idastar": N_("IDA* search"),
        "dfs": N_("depth-first search"),
        "play": N_("played by hand"),
    }

    def interaction(self) -> Interaction[RingsModel]:
        return RingsInteraction()

    quiz_prompt: ClassVar[str] = N_("Click the ring to turn, then choose its turn.")

    def quiz_answer(
        self, frame: Frame[RingsModel], view: View, x: float, y: float, button: int
    ) -> str | None:
        """A click on a ring names it ("ring 2"); its turns are then offered."""
        ring = place(frame.model.config, rings_area(view)[0]).ring_at(x, y)
        return None if ring is None else f"ring {ring + 1}"

    def statistics(self, frame: Frame[RingsModel]) -> list[str]:
        """The search's counters. Best-first ranks positions by the thesis' score (a sum
        over colour runs, 0 when solved), not by moves: its estimate is no number of moves,
        and saying 'estimate 88 moves' beside a 12-move solution would be false."""
        if solver_method(frame.trace.header.solver, self.kind) != "best-first":
            return super().statistics(frame)
        labels = {**self.counter_labels, "h": N_("estimate h: {}")}
        lines = counter_lines(frame.trace, frame.counters, labels)
        milestones = milestone_line(frame.trace, frame.milestones_reached)
        return [*lines, milestones] if milestones else lines

    def heading(self, frame: Frame[RingsModel]) -> str:
        """The title row, with what the solution shown is worth ('shortest: 14 moves
        (proven)' or '14 moves (not proven shortest)') once a solver has found one."""
        base = super().heading(frame)
        trace = frame.trace
        if by_hand(trace, frame.step):  # the user has turned since: not the solver's position
            return base
        proof = next((render(trace.string(int(c))) for k, c in
                      zip(trace.milestone_kind, trace.milestone_caption, strict=True)
                      if trace.string(int(k)) == "solution" and "move" in trace.string(int(c))),
                     "")  # fmt: skip
        if not proof:
            return base
        title, _, method = base.partition(" · ")
        return f"{title} · {proof} · {method}" if method else f"{title} · {proof}"

    def draw(self, frame: Frame[RingsModel], view: View, canvas: Canvas) -> None:
        model: RingsModel = frame.model
        config = model.config
        s = view.scale
        area, band = rings_area(view)
        where = place(config, area)
        d = canvas.d2
        solved = model.is_goal(frame.state)
        _draw_tracks(d, where, s, solved)
        positions = _ball_positions(config, where.geometry, frame)
        _draw_balls(d, config, where, frame.state, positions, view.options.get("numbers", False),
                    s)  # fmt: skip
        _draw_labels(d, config, where, s, frame)
        if isinstance(frame.event, Examine):
            _draw_examine(d, frame.event, band, s, frame.t)
        elif solved:
            draw_legend(d, [LegendEntry(SOLVED_TRACK, N_("green rings: solved"))], band.x, band.y,
                        band.w, s, centered=True)  # fmt: skip


def _ball_positions(
    config: RingConfig, geometry: RingLayout, frame: Frame[RingsModel]
) -> Float64Array:
    """(N, 2) geometry coordinates of every ball now, the turning ring's balls mid-slide."""
    xy = geometry.ball_xy.copy()
    event = frame.event
    if isinstance(event, Rotate):
        steps = short_way(config, event.f)
        # One position per tick: each tick eases from one resting place to the next.
        progress = abs(steps) * frame.t
        whole = math.floor(progress)
        offset = math.copysign(whole + ease(progress - whole), steps)
        for p, ball in enumerate(config.circuits[event.ring]):
            xy[ball] = geometry.point(event.ring, p + 1 + offset)
    return xy


def _draw_tracks(d: DrawList2D, where: Placement, scale: float, solved: bool) -> None:
    color = SOLVED_TRACK if solved else rgba("#D8D2C4")
    for cx, cy in where.geometry.centres:
        x, y = where.to_screen(cx, cy)
        d.circle(x, y, where.scale, None, stroke=color, width=where.ball_radius * 2.5)
        d.circle(x, y, where.scale, None, stroke=rgba(INK, 0.15), width=1.2 * scale)


def _draw_balls(
    d: DrawList2D, config: RingConfig, where: Placement, state: RingState,
    positions: Float64Array, numbers: bool, scale: float,
) -> None:  # fmt: skip
    centers = np.array([where.to_screen(x, y) for x, y in positions], dtype=np.float32)
    colors = [ball_color(config, int(c)) for c in state]
    fills = np.array([rgba(c) for c in colors], dtype=np.float32)
    shadow = centers + np.array([0.0, where.ball_radius * 0.12], dtype=np.float32)
    d.circles(shadow, where.ball_radius * 1.02, rgba(INK, 0.25))
    d.circles(centers, where.ball_radius, fills, stroke=rgba(INK, 0.7), width=1.2)
    shine = centers - where.ball_radius * 0.32
    d.circles(shine, where.ball_radius * 0.28, rgba("#FFFFFF", 0.35))
    size = where.ball_radius * 1.1
    if numbers and size >= TEXT * scale:  # too small to read: the colours must do
        for c, center, color in zip(state, centers, colors, strict=True):
            d.text(str(int(c)), float(center[0]), float(center[1]), size, readable_ink(color),
                   anchor="cm", font="bold")  # fmt: skip


def _draw_labels(
    d: DrawList2D, config: RingConfig, where: Placement, scale: float, frame: Frame[RingsModel]
) -> None:
    turn = frame.event if isinstance(frame.event, Rotate) else None
    for ring, (cx, cy) in enumerate(where.geometry.centres):
        x, y = where.to_screen(cx, cy)
        active = turn is not None and ring == turn.ring
        size = min(34 * scale, where.scale * 0.35)
        d.text(str(ring + 1), x, y, size, INK, anchor="cm",
               font="bold" if active else "regular")  # fmt: skip
        if turn is not None and active:
            steps = short_way(config, turn.f)
            sweep = min(abs(steps) * where.geometry.step, math.pi * 1.5)
            start = math.pi / 2 if steps > 0 else math.pi / 2 - sweep
            radius = where.scale * 0.55
            d.arc(x, y, radius, start, start + sweep, rgba(INK, 0.5), 2.5 * scale)
            _arrow_head(d, x, y, radius, start + sweep if steps > 0 else start, steps > 0, scale)


def _arrow_head(
    d: DrawList2D, cx: float, cy: float, radius: float, angle: float, counter_clockwise: bool,
    scale: float,
) -> None:  # fmt: skip
    """A small triangle at the end of the turn arc, pointing the way the balls go."""
    tip_x, tip_y = cx + radius * math.cos(angle), cy - radius * math.sin(angle)
    tangent = angle + (math.pi / 2 if counter_clockwise else -math.pi / 2)
    tx, ty = math.cos(tangent), -math.sin(tangent)
    nx, ny = -ty, tx
    size = 9 * scale
    points = [
        (tip_x + tx * size, tip_y + ty * size),
        (tip_x + nx * size * 0.6, tip_y + ny * size * 0.6),
        (tip_x - nx * size * 0.6, tip_y - ny * size * 0.6),
    ]
    d.polygon(points, rgba(INK, 0.6))


def _draw_examine(d: DrawList2D, event: Examine, band: Rect, s: float, t: float) -> None:
    """What the search looks at now, in the band under the rings."""
    text = (fill(gettext("looking at position {node:,}, {depth} moves from the start, about "
                         "{h} more to go"), node=event.node, depth=event.depth, h=event.h)
            if event.h >= 0
            else fill(gettext("looking at position {node:,}, {depth} moves from the start"),
                      node=event.node, depth=event.depth))  # fmt: skip
    d.text(text, band.x + band.w / 2, band.y + band.h / 2, TEXT * s, INK, anchor="cm")
    del t


def failure_words(result: RingsResult | None) -> str:
    """Why a search found nothing, in words for the class (a message)."""
    if result is None:
        return msg("no result")
    if result.stopped:
        return nmsg("stopped at its limit of {n:,} position, no solution found",
                    "stopped at its limit of {n:,} positions, no solution found",
                    result.expanded)  # fmt: skip
    if result.reason == "no solution within the limits":
        return msg("no solution within its depth limit")
    return msg("stopped before it found a solution")


class RingsInteraction(Interaction[RingsModel]):
    """Turning rings, shuffling, resetting and searching, like the thesis' window."""

    help = (
        (N_("click / wheel"), N_("turn the ring under the mouse (right click: back)")),
        ("+ / -", N_("turn amount")),
        ("X", N_("shuffle (40 random turns)")),
        ("Z", N_("reset to solved")),
        ("G", N_("solve from here: the shortest found in a few seconds (again: stop)")),
        ("M", N_("search method")),
    )

    def __init__(self) -> None:
        self.amount = 1
        self.method = "practical"
        self.shuffles = 0

    def help_for(self, model: RingsModel) -> tuple[tuple[str, str], ...]:
        turn = (
            f"1..{model.config.rings}",
            N_("turn that ring by the amount (Shift: the other way)"),
        )
        return (turn, *self.help)

    def _model(self, session: Session[RingsModel]) -> RingsModel:
        return session.player.model

    def _turn(self, session: Session[RingsModel], ring: int, f: int) -> None:
        config = self._model(session).config
        f %= config.size
        if f:
            session.act(msg("Your move · {turn}", turn=turn_message(config, ring, f)),
                        [Rotate(ring, f)])  # fmt: skip

    def on_key(self, key: str, shift: bool, session: Session[RingsModel]) -> bool:
        config = self._model(session).config
        if key.isdigit() and 1 <= int(key) <= config.rings:
            self._turn(session, int(key) - 1, -self.amount if shift else self.amount)
        elif key in ("+", "=", "[+]", "-", "[-]"):
            grow = key in ("+", "=", "[+]")
            self.amount = min(max(self.amount + (1 if grow else -1), 1), config.size - 1)
            session.say(msg("turn amount: {amount}", amount=self.amount))
        elif key == "x":
            self.shuffles += 1
            moves = random_moves(config, 40, seed=1000 + self.shuffles)
            session.act(
                msg("Shuffle: {n} random turns", n=len(moves)), [Rotate(r, f) for r, f in moves]
            )
        elif key == "z":
            self._reset(session)
        elif key == "g":
            self._search(session)
        elif key == "m":
            two = config.rings == 2
            choices = [m for m in METHODS if m != "dfs" and (two or m != "optimal")]
            self.method = choices[(choices.index(self.method) + 1) % len(choices)]
            session.say(msg("search method: {method}", method=_method_words(self.method)))
        else:
            return False
        return True

    def on_click(self, x: float, y: float, button: int, session: Session[RingsModel]) -> bool:
        ring = self._ring_at(session, x, y)
        if ring is None:
            return False
        self._turn(session, ring, self.amount if button == 1 else -self.amount)
        return True

    def on_wheel(self, x: float, y: float, steps: int, session: Session[RingsModel]) -> bool:
        ring = self._ring_at(session, x, y)
        if ring is None or steps == 0:
            return False
        self._turn(session, ring, steps)
        return True

    def _ring_at(self, session: Session[RingsModel], x: float, y: float) -> int | None:
        if session.view is None:
            return None
        return place(self._model(session).config, rings_area(session.view)[0]).ring_at(x, y)

    def _reset(self, session: Session[RingsModel]) -> None:
        session.cancel()
        model = self._model(session)
        counters = session.player.trace.header.counters
        tracer = RecordingTracer(model, solver="rings.play", counters=counters)
        session.show(tracer.finish(), play=False)
        session.say(msg("reset: the rings are solved"))

    def _search(self, session: Session[RingsModel]) -> None:
        if session.job is not None:
            session.cancel()
            session.say(msg("search stopped"))
            return
        model = self._model(session)
        state = session.state
        if model.is_goal(state):
            session.say(msg("already solved: shuffle first (X)"))
            return
        search = BackgroundSearch(model.config, state, self.method, record=True)
        method = msg(RingsScene.method_names.get(self.method, self.method))

        def done(finished: BackgroundSearch) -> None:
            result = finished.result
            if result is None or not result.found or finished.trace is None:
                session.report(msg("{method}: {reason}", method=_method_words(self.method),
                                   reason=failure_words(result)))  # fmt: skip
                return
            session.show(finished.trace)  # from its beginning, at the reading pace
            session.report(msg("{method}: {proof}", method=method,
                               proof=solution_message(result.length, result.optimal)))  # fmt: skip

        label = _method_words(self.method)
        session.start(Job(label, lambda job: drive_job(job, search), done))


def _method_words(method: str) -> str:
    """A search method as the title row names it ("best-first search"), as a message."""
    return msg(RingsScene.method_names.get(method, method))

"""How a Hanoi trace looks: three pegs on a base, each disk in its own colour and as wide
as its size; a moving disk rises off its peg, crosses and comes down on the other.

`draw` is a pure function of the frame: `frame.state` is the state before `frame.event`,
the move in progress, and `frame.t` (0..1) how far it has got.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from puzzleviz import (
    GOOD,
    INK,
    N_,
    Canvas,
    DrawList2D,
    Frame,
    LegendEntry,
    Rect,
    Scene,
    View,
    draw_legend,
    ease,
    ink_against,
    legend_width,
    palette,
    rgba,
)
from puzzleviz_hanoi.model import PEGS, HanoiModel, Move, Pegs, peg_name, tower

BASE = rgba("#8C6A45")
PEG = rgba("#B89A74")
TEXT = 18.0  # the peg names, at 720 rows (the projector's least)


class HanoiScene(Scene[HanoiModel]):
    kind = "hanoi"
    title = N_("Tower of Hanoi")
    counter_labels: ClassVar[Mapping[str, str]] = {"moves": N_("{} moves made")}
    method_names: ClassVar[Mapping[str, str]] = {"recursive": N_("the shortest way")}

    def draw(self, frame: Frame[HanoiModel], view: View, canvas: Canvas) -> None:
        d, s, disks = canvas.d2, view.scale, frame.model.disks
        entries = legend_entries()
        legend_w = max(legend_width(entry, s) for entry in entries)
        stage = view.stage
        width = stage.w - legend_w - 40 * s
        pitch = width / PEGS  # the room of one peg
        disk_h = min((stage.h - 80 * s) / (disks + 2), 40 * s)
        base_y = stage.y + stage.h - 40 * s
        moving = frame.event if isinstance(frame.event, Move) else None
        solved = moving is None and bool((frame.state == PEGS - 1).all())
        d.rect(stage.x, base_y, width, 14 * s, BASE, radius=4 * s)
        for peg in range(PEGS):
            cx = stage.x + (peg + 0.5) * pitch
            top = base_y - (disks + 1) * disk_h
            d.rect(cx - 5 * s, top, 10 * s, base_y - top, PEG, radius=5 * s)
            d.text(peg_name(peg), cx, base_y + 18 * s, TEXT * s, INK, anchor="ct", font="bold")
            for level, disk in enumerate(tower(frame.state, peg)):
                if moving is None or disk != moving.disk:
                    y = base_y - (level + 1) * disk_h
                    _draw_disk(d, disk, disks, cx, y, pitch, disk_h, s)
        if moving is not None:
            x, y = _in_flight(frame.state, moving, ease(frame.t), stage, pitch, base_y, disk_h)
            _draw_disk(d, moving.disk, disks, x, y, pitch, disk_h, s)
        if solved:
            d.rect(stage.x, stage.y, width, stage.h, None, stroke=GOOD, width=4 * s)
        side = Rect(stage.x + width + 40 * s, stage.y, legend_w, stage.h)
        draw_legend(d, entries, side.x, side.y + side.h * 0.3, side.w, s)


def _draw_disk(d: DrawList2D, disk: int, disks: int, cx: float, y: float, pitch: float,
               height: float, s: float) -> None:  # fmt: skip
    """Disk `disk` (0: the smallest) centred on x = cx with its top at y."""
    w = pitch * (0.3 + 0.6 * (disk + 1) / disks)
    color = ink_against(palette(disk), rgba("#F7F5F0"), 3.0)
    d.rect(cx - w / 2, y, w, height * 0.9, color, radius=height * 0.3, stroke=INK, width=s)


def _in_flight(state: Pegs, move: Move, t: float, stage: Rect, pitch: float, base_y: float,
               height: float) -> tuple[float, float]:  # fmt: skip
    """Where the moving disk is at t: up off its peg, across above the pegs, down."""
    start_level = len(tower(state, move.source)) - 1
    end_level = len(tower(state, move.target))
    x0 = stage.x + (move.source + 0.5) * pitch
    x1 = stage.x + (move.target + 0.5) * pitch
    y0 = base_y - (start_level + 1) * height
    y1 = base_y - (end_level + 1) * height
    lift = stage.y + height  # above every tower
    if t < 1 / 3:
        return x0, y0 + (lift - y0) * 3 * t
    if t < 2 / 3:
        return x0 + (x1 - x0) * (3 * t - 1), lift
    return x1, lift + (y1 - lift) * (3 * t - 2)


def legend_entries() -> list[LegendEntry]:
    return [
        LegendEntry(palette(0), N_("a disk: never on a smaller one"), "square"),
        LegendEntry(GOOD, N_("green frame: the tower stands on peg C"), "line"),
    ]

"""Which moments of a trace the page can show, and how long each step plays.

The page shows baked frames only, so the exporter chooses them here: every step boundary
(where the window rests after Right, Left, Home, End or a timeline click) and a few evenly
spaced event positions inside each step (what the window's glide and playback pass
through: a step's events are spread evenly over its motion, viz.timeline). The timing is
the window's own pace (viz.player.Player with its automatic weights), sent as beats per
step and the speed in beats a second, so `,` and `.` walk the same SPEEDS as the window.
"""

from __future__ import annotations

import bisect
import dataclasses
import math

from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.viz.player import GLIDE_SECONDS, HOLD, SPEEDS, Player
from puzzleviz.viz.timeline import Level

__all__ = ["DEFAULT_TWEENS", "Schedule", "schedule"]

DEFAULT_TWEENS = 6  # at most this many frames inside a step's motion, besides its rests
MOTION_FPS = 30.0  # a step's motion gets the frames playback at its pace shows at this rate


@dataclasses.dataclass(frozen=True)
class Schedule:
    """The baked moments, in time order, and the pace to play them at.

    `positions[rest[k]]` is boundary k (k = 0 .. steps), and the slots strictly between
    `rest[k]` and `rest[k + 1]` are step k's motion, evenly spaced in event position."""

    boundaries: tuple[int, ...]  # event positions B[0] = 0 .. B[m] = n
    positions: tuple[float, ...]  # the event position of each slot
    rest: tuple[int, ...]  # the slot of each boundary
    beats: tuple[float, ...]  # each step's length in beats
    speed: float  # beats a second, the window's starting pace
    milestones: tuple[int, ...]  # the boundaries (indices) where Shift+arrows stop
    hold: float = HOLD
    glide_seconds: float = GLIDE_SECONDS
    speeds: tuple[float, ...] = SPEEDS


def schedule(player: Player[PuzzleModel], tweens: int = DEFAULT_TWEENS) -> Schedule:
    """The schedule of `player`'s trace at its pace (by step: the level the page plays).

    A step gets as many motion frames as playing it at the trace's pace shows at
    MOTION_FPS, at least one and at most `tweens`: a long search's automatic pace plays
    each step in a few hundredths of a second, where more frames would cost export time
    and size and never be seen (a single step by Right then glides through fewer)."""
    if player.level is not Level.STEP:
        player.set_level(Level.STEP)
    units = player.units
    boundaries = tuple(units.boundary(k) for k in range(units.count + 1)) if units.count else (0,)
    positions: list[float] = [0.0]
    rest = [0]
    for k in range(len(boundaries) - 1):
        lo, hi = boundaries[k], boundaries[k + 1]
        motion = (1.0 - HOLD) * units.width(k) / player.speed
        n = min(max(math.ceil(motion * MOTION_FPS), 1), tweens)
        positions += [lo + (hi - lo) * i / (n + 1) for i in range(1, n + 1)]
        positions.append(float(hi))
        rest.append(len(positions) - 1)
    beats = tuple(units.width(k) for k in range(units.count))
    return Schedule(boundaries, tuple(positions), tuple(rest), beats, float(player.speed),
                    _milestones(player, boundaries))  # fmt: skip


def _milestones(player: Player[PuzzleModel], boundaries: tuple[int, ...]) -> tuple[int, ...]:
    """The step boundaries the window's Shift+Right / Shift+Left stop at (its milestone
    units' boundaries). A milestone inside a step (no trace made so far has one) stops at
    that step's end, where the page has a rest frame."""
    units = player.units_of(Level.MILESTONE)
    found = {bisect.bisect_left(boundaries, units.boundary(k)) for k in range(units.count + 1)}
    return tuple(sorted(min(k, len(boundaries) - 1) for k in found))

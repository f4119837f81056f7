"""Where every ring and ball sits on the plane, so a scene can draw a configuration.

The thesis places balls equidistant from their ring's centre and from each other, with the
shared balls at the intersections. Positions increase counter-clockwise (y axis up), which
puts C1_1 at the top right of the left ring and C2_1 at the bottom left of the right ring,
as the thesis says. Two rings of radius 1 whose shared balls are Bg+1 steps apart along
both circles have their centres 2 cos((Bg+1) pi / Gsz) apart. A chain is straight when a
middle ring's two lenses are opposite (2 and 3 rings); the Olympic middle rings bend it
into the W: rings 1, 3, 5 above, 2 and 4 below.

`Rotate(ring, f)` moves each ball on the ring's circuit from position p to p + f, i.e.
counter-clockwise by f steps; a scene turning it the short way goes Gsz - f steps
clockwise when f > Gsz / 2 (see `short_way`).
"""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np
from puzzleviz.solvers.i18n import nmsg
from puzzleviz.solvers.rings.model.config import RingConfig


@dataclasses.dataclass(frozen=True)
class RingLayout:
    """Plane geometry of one configuration, in units of the ring radius (y axis up)."""

    config: RingConfig
    centres: np.ndarray  # (Ksz, 2) float64
    first_angle: np.ndarray  # (Ksz,) radians: angle of position 1 on each ring
    step: float  # radians between neighbouring positions

    def angle(self, ring: int, position: float) -> float:
        """Angle of (possibly fractional, 1-based) `position` on `ring`: balls mid-slide
        between p and p+1 sit at p + t."""
        return float(self.first_angle[ring] + (position - 1.0) * self.step)

    def point(self, ring: int, position: float) -> tuple[float, float]:
        a = self.angle(ring, position)
        cx, cy = self.centres[ring]
        return (float(cx + math.cos(a)), float(cy + math.sin(a)))

    @functools.cached_property
    def ball_xy(self) -> np.ndarray:
        """(N, 2): where each ball (state index) rests; shared balls are drawn once."""
        out = np.zeros((self.config.n_balls, 2))
        circuits = self.config.circuits
        for r in range(self.config.rings):
            for p in range(self.config.size):
                out[circuits[r, p]] = self.point(r, p + 1)
        return out

    def bounds(self, margin: float = 0.15) -> tuple[float, float, float, float]:
        """(xmin, ymin, xmax, ymax) enclosing every ring plus `margin`."""
        lo = self.centres.min(axis=0) - 1.0 - margin
        hi = self.centres.max(axis=0) + 1.0 + margin
        return (float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1]))

    @property
    def top_row(self) -> tuple[int, ...]:
        """Rings drawn in the upper row (all rings for straight chains)."""
        ys = self.centres[:, 1]
        return tuple(int(r) for r in np.flatnonzero(ys >= ys.max() - 1e-9))


def short_way(config: RingConfig, f: int) -> int:
    """The signed number of single steps a rotation by `f` animates: +f counter-clockwise
    when f <= Gsz/2, else -(Gsz - f), i.e. clockwise the short way round."""
    f %= config.size
    return f if f <= config.size // 2 else f - config.size


def turn_words(config: RingConfig, ring: int, f: int) -> str:
    """ "ring 5: 3 steps clockwise": a turn by `f` in words, the short way round, as the
    balls are seen to move (the same for a solver's moves and a user's turns)."""
    steps = short_way(config, f)
    way = "counter-clockwise" if steps > 0 else "clockwise"
    n = abs(steps)
    return f"ring {ring + 1}: {n} {'step' if n == 1 else 'steps'} {way}"


def turn_message(config: RingConfig, ring: int, f: int) -> str:
    """turn_words as a caption message (solvers.i18n), shown in the reader's language."""
    steps = short_way(config, f)
    if steps > 0:
        return nmsg(
            "ring {ring}: {n} step counter-clockwise",
            "ring {ring}: {n} steps counter-clockwise",
            steps,
            ring=ring + 1,
        )
    return nmsg("ring {ring}: {n} step clockwise", "ring {ring}: {n} steps clockwise",
                abs(steps), ring=ring + 1)  # fmt: skip


def _lens_centre(config: RingConfig, ring: int, partner: int) -> float:
    lens = config.lens(ring, partner)
    return (lens.start + lens.end) / 2.0


@functools.lru_cache(maxsize=128)
def layout(config: RingConfig) -> RingLayout:
    g = config.size
    step = 2.0 * math.pi / g
    half_lens = (config.inner + 1) * math.pi / g
    distance = 2.0 * math.cos(half_lens)
    # Direction from ring r to ring r+1 follows from the previous direction and the angle
    # between a middle ring's two lens centres; choose the first so the chain is level.
    turns = []
    for r in range(1, config.rings - 1):
        between = (_lens_centre(config, r, r + 1) - _lens_centre(config, r, r - 1)) * step
        turns.append(math.remainder(math.pi + between, 2.0 * math.pi))
    direction = -turns[0] / 2.0 if turns else 0.0
    centres = np.zeros((config.rings, 2))
    first = np.zeros(config.rings)
    incoming = 0.0  # the previous ring's direction (set before the last ring reads it)
    for r in range(config.rings):
        if r + 1 < config.rings:
            outgoing = direction
            first[r] = outgoing - (_lens_centre(config, r, r + 1) - 1.0) * step
        else:
            first[r] = incoming + math.pi - (_lens_centre(config, r, r - 1) - 1.0) * step
        if r + 1 < config.rings:
            centres[r + 1] = centres[r] + distance * np.array(
                [math.cos(direction), math.sin(direction)]
            )
            incoming = direction
            if r + 1 < config.rings - 1:
                direction += turns[r]
    centres -= centres.mean(axis=0)
    return RingLayout(config, centres, first, step)

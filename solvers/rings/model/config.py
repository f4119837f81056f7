"""Ring configurations (Ksz rings, Gsz positions, Szsz colours per ring, Bg inner balls).

Everything the thesis derives from the four parameters lives here: which balls each ring
owns, the circuit of positions of every ring (own balls and the foreign slots where a
neighbour's ball sits), which lens of a ring faces which neighbour, and the colour counts.
Positions and own-ball numbers are 1-based as in the thesis; ball indices (the positions
in a state array) and ring indices in code are 0-based.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.rings.model.layouts import Circuits, RingState
from puzzleviz.solvers.rings.model.presets import PRESETS

# Bg values the thesis' program offers, keyed by (Ksz, Gsz): 43 settings in all.
THESIS_SETTINGS: dict[tuple[int, int], tuple[int, ...]] = {
    **{(2, g): tuple(range(2, g // 2 - 1)) for g in range(8, 21, 2)},
    (3, 10): (2,),
    (3, 12): (2,),
    (3, 14): (2, 3),
    (3, 16): (2, 3, 4),
    (3, 18): (2, 3, 4),
    (3, 20): (2, 3, 4, 5),
    (5, 18): (2,),
}


_CONFIG_RE = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*/\s*(\d+)\s*/\s*(\d+)\s*$")


@dataclasses.dataclass(frozen=True)
class Lens:
    """Where two rings share two balls: `ring`'s stretch from position `start` to `end`.

    `start` holds the ring's own ball `own_start`; `end` is the foreign slot holding the
    partner ring's ball from the partner's lens start. Exactly Bg positions lie between.
    """

    ring: int
    name: str  # "E" (an end ring's lens), "A" or "B" (a middle ring's two lenses)
    start: int  # 1-based position on the ring's circuit
    end: int
    own_start: int  # 1-based own-ball number at `start`
    partner: int  # 0-based ring index of the neighbour


@dataclasses.dataclass(frozen=True)
class RingConfig:
    rings: int  # Ksz
    size: int  # Gsz: positions on every ring's circuit
    colours_per_ring: int  # Szsz
    inner: int  # Bg

    # ----- parsing and validation -------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> RingConfig:
        """'K/G/C/B' (e.g. '2/20/2/4') or a preset name ('original', 'olympic', ...)."""
        spec = PRESETS.get(text.strip().lower(), text)
        match = _CONFIG_RE.match(spec)
        if not match:
            names = ", ".join(PRESETS)
            raise PuzzleInputError(
                f"ring configuration {text!r} is not K/G/C/B (rings/balls/colours/inner "
                f"balls, e.g. 2/20/2/4) or a preset ({names})"
            )
        config = cls(*(int(v) for v in match.groups()))
        config.validate()
        return config

    def validate(self) -> None:
        k, g, c, b = self.rings, self.size, self.colours_per_ring, self.inner
        if c not in (1, 2):
            raise PuzzleInputError(f"{self}: colours per ring must be 1 or 2, not {c}")
        if k == 2:
            if g % 2 or not 6 <= g <= 20:
                raise PuzzleInputError(f"{self}: 2 rings need an even ball count 6..20")
            if not 1 <= b <= g // 2 - 2:
                # Bg = Gsz/2 - 1 would put the shared balls opposite: the rings coincide.
                raise PuzzleInputError(
                    f"{self}: with {g} balls the inner balls are 1..{g // 2 - 2}"
                )
            return
        allowed = THESIS_SETTINGS.get((k, g))
        if k not in (3, 5) or allowed is None:
            sizes = sorted(gg for kk, gg in THESIS_SETTINGS if kk == k)
            if k not in (2, 3, 5):
                raise PuzzleInputError(f"{self}: the puzzle has 2, 3 or 5 rings, not {k}")
            raise PuzzleInputError(f"{self}: {k} rings come with {sizes} balls, not {g}")
        if b not in allowed:
            raise PuzzleInputError(f"{self}: {k} rings of {g} balls allow inner balls {allowed}")

    def __str__(self) -> str:
        return f"{self.rings}/{self.size}/{self.colours_per_ring}/{self.inner}"

    @property
    def olympic(self) -> bool:
        return self.rings == 5

    # ----- derived indices (thesis V.b) -------------------------------------------------
    @property
    def e(self) -> int:
        """First intersection of a middle ring (own ball e starts lens A)."""
        if self.olympic:
            return 2  # k1 = 1
        return self.size // 2 - self.inner - 1

    @property
    def m(self) -> int:
        """Position of a middle ring's X slot (end of lens A)."""
        return self.e + self.inner + 1

    @property
    def h(self) -> int:
        """Third intersection: a middle ring's own ball h, an end ring's own ball h+1."""
        return self.size - self.inner - 2

    def is_end(self, ring: int) -> bool:
        return ring in (0, self.rings - 1)

    def own_count(self, ring: int) -> int:
        return self.size - 1 if self.is_end(ring) else self.size - 2

    @functools.cached_property
    def offsets(self) -> tuple[int, ...]:
        """Index of each ring's own ball 1 in a state array; the last entry is N."""
        out = [0]
        for r in range(self.rings):
            out.append(out[-1] + self.own_count(r))
        return tuple(out)

    @property
    def n_balls(self) -> int:
        return self.offsets[-1]

    def ball(self, ring: int, own: int) -> int:
        """State index of ring `ring`'s own ball number `own` (1-based)."""
        return self.offsets[ring] + own - 1

    def ball_name(self, index: int) -> str:
        """'C2_15': the thesis' name of the ball at state index `index`."""
        ring = int(np.searchsorted(self.offsets, index, side="right")) - 1
        return f"C{ring + 1}_{index - self.offsets[ring] + 1}"

    # ----- lenses and circuits ----------------------------------------------------------
    @functools.cached_property
    def lenses(self) -> tuple[Lens, ...]:
        """All lenses, two per link between neighbouring rings."""
        g, h = self.size, self.h
        links = [(r, r + 1) for r in range(self.rings - 1)]
        # Which lens of a middle ring faces which neighbour (spec 2.3): lower rings of the
        # chain (2 and 4) face the previous ring with A; the Olympic top-middle ring 3
        # faces the previous ring with B and the next with A.
        out = []
        for a, b in links:
            for ring, partner in ((a, b), (b, a)):
                if self.is_end(ring):
                    out.append(Lens(ring, "E", h + 1, g, h + 1, partner))
                    continue
                faces_previous = "B" if (self.olympic and ring == 2) else "A"
                name = faces_previous if partner < ring else ("A" if faces_previous == "B" else "B")
                if name == "A":
                    out.append(Lens(ring, "A", self.e, self.m, self.e, partner))
                else:
                    out.append(Lens(ring, "B", h + 1, g, h, partner))
        return tuple(out)

    def lens(self, ring: int, partner: int) -> Lens:
        for lens in self.lenses:
            if lens.ring == ring and lens.partner == partner:
                return lens
        raise KeyError((ring, partner))

    def own_at(self, ring: int, position: int) -> int | None:
        """Own-ball number at 1-based `position` of `ring`'s circuit, None for a foreign slot."""
        g = self.size
        if self.is_end(ring):
            return position if position < g else None
        if position < self.m:
            return position
        if position == self.m or position == g:
            return None
        return position - 1

    @functools.cached_property
    def circuits(self) -> Circuits:
        """(Ksz, Gsz) int32: state index of the ball at position p+1 of each ring."""
        out = np.full((self.rings, self.size), -1, dtype=np.int32)
        for r in range(self.rings):
            for p in range(1, self.size + 1):
                own = self.own_at(r, p)
                if own is not None:
                    out[r, p - 1] = self.ball(r, own)
        for lens in self.lenses:
            partner = self.lens(lens.partner, lens.ring)
            out[lens.ring, lens.end - 1] = self.ball(partner.ring, partner.own_start)
        if (out < 0).any():
            raise AssertionError(f"{self}: unfilled circuit slot")
        return out

    @functools.cached_property
    def shared_balls(self) -> tuple[int, ...]:
        """State indices of the balls that lie on two circuits (2 per link)."""
        counts = np.bincount(self.circuits.ravel(), minlength=self.n_balls)
        return tuple(int(i) for i in np.flatnonzero(counts == 2))

    def shared_positions(self, ring: int) -> list[tuple[int, int, int]]:
        """[(position, other ring, its position)] for every ball of `ring`'s circuit that
        also lies on a neighbour's circuit (1-based positions, 0-based rings)."""
        out = []
        for p in range(1, self.size + 1):
            for other, q in self.rings_of_ball(int(self.circuits[ring, p - 1])):
                if other != ring:
                    out.append((p, other, q))
        return out

    def rings_of_ball(self, index: int) -> list[tuple[int, int]]:
        """[(ring, 1-based position)] of every circuit the ball at `index` lies on."""
        where = np.argwhere(self.circuits == index)
        return [(int(r), int(p) + 1) for r, p in where]

    # ----- colours ----------------------------------------------------------------------
    @property
    def n_colours(self) -> int:
        return self.rings * self.colours_per_ring

    def ring_colours(self, ring: int) -> tuple[int, ...]:
        """The (1-based) colours that belong to `ring` by value."""
        if self.colours_per_ring == 1:
            return (ring + 1,)
        return (2 * ring + 1, 2 * ring + 2)

    @functools.cached_property
    def colour_counts(self) -> tuple[int, ...]:
        """Balls of colour c+1 at index c."""
        out: list[int] = []
        half = self.size // 2
        for r in range(self.rings):
            if self.colours_per_ring == 1:
                out.append(self.own_count(r))
            elif self.is_end(r):
                out += [half - 1, half]
            else:
                out += [half - 1, half - 1]
        return tuple(out)

    def solved_state(self) -> RingState:
        """The 'own colours' goal: ring r's own balls hold its colours, lower colour first."""
        state = np.empty(self.n_balls, dtype=np.int32)
        for r in range(self.rings):
            lo, hi = self.offsets[r], self.offsets[r + 1]
            colours = self.ring_colours(r)
            state[lo:hi] = colours[-1]
            if len(colours) == 2:
                state[lo : lo + self.colour_counts[colours[0] - 1]] = colours[0]
        return state

    @functools.cached_property
    def state_count(self) -> int:
        """Distinct colourings: the multinomial N! / prod(count_c!)."""
        total = 1
        left = self.n_balls
        for count in self.colour_counts:
            total *= _binomial(left, count)
            left -= count
        return total


def _binomial(n: int, k: int) -> int:
    return math.comb(n, k)


def all_configs(*, thesis_only: bool = True) -> list[RingConfig]:
    """Every configuration, 1 and 2 colours per ring (86 for the thesis' 43 settings)."""
    out = []
    for (k, g), bgs in sorted(THESIS_SETTINGS.items()):
        for b in bgs:
            for c in (1, 2):
                out.append(RingConfig(k, g, c, b))
    if not thesis_only:
        for g in range(6, 21, 2):
            for b in range(1, g // 2 - 1):
                if b not in THESIS_SETTINGS.get((2, g), ()):
                    out += [RingConfig(2, g, c, b) for c in (1, 2)]
    return out

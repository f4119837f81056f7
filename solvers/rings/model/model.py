"""The rings puzzle model: a state is the colour of every ball, events turn rings.

State layout: int32 array of length N (the configuration's ball count); entry i is the
colour (1..Ksz*Szsz) of ball i, balls numbered ring by ring in own-ball order
(C1_1..C1_n1, C2_1.., ...). Where a ball is on the plane comes from `config.circuits`
and `solvers.rings.model.geometry.layout`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np
from puzzleviz.solvers.arrays import EventRows
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import INT32_MAX, Event, EventSet
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.rings.model.config import RingConfig
from puzzleviz.solvers.rings.model.geometry import turn_words
from puzzleviz.solvers.rings.model.goal import is_goal, thesis_heuristic
from puzzleviz.solvers.rings.model.layouts import Circuits, RingState
from puzzleviz.solvers.rings.model.stateio import check_colour_counts, format_state, parse_state


@dataclasses.dataclass(frozen=True, slots=True)
class Rotate(Event):
    """Turn ring `ring` (0-based) by `f` (1..Gsz-1): new[p] = old[p - f] on its circuit,
    i.e. every ball on the circuit moves f positions forward (counter-clockwise)."""

    OP = 0
    ring: int
    f: int


@dataclasses.dataclass(frozen=True, slots=True)
class Examine(Event):
    """A search looks at (expands) the node shown now; the state does not change.
    `node` is the search's node number, `depth` its distance from the start, `h` its
    heuristic value (0 for the uninformed BFS, DFS and iterative deepening)."""

    OP = 1
    node: int
    depth: int
    h: int


OP_ROTATE = Rotate.OP
OP_EXAMINE = Examine.OP
RINGS_EVENTS = EventSet([Rotate, Examine])


@njit(cache=True)
def _rotate_rows(state: RingState, rows: EventRows, circuits: Circuits, backward: bool) -> None:
    g = circuits.shape[1]
    tmp = np.empty(g, dtype=state.dtype)
    n = rows.shape[0]
    for k in range(n):
        i = n - 1 - k if backward else k
        if rows[i, 0] != OP_ROTATE:
            continue
        ring = rows[i, 1]
        f = rows[i, 2] % g
        if backward:
            f = (g - f) % g
        for p in range(g):
            q = p - f
            if q < 0:
                q += g
            tmp[p] = state[circuits[ring, q]]
        for p in range(g):
            state[circuits[ring, p]] = tmp[p]


class RingsModel(PuzzleModel):
    """Hungarian rings in every configuration of the thesis (see solvers.rings)."""

    kind = "rings"
    events = RINGS_EVENTS

    def __init__(self, config: RingConfig | str = "2/20/2/4"):
        self.config = config if isinstance(config, RingConfig) else RingConfig.parse(config)
        self._circuits: Circuits = np.ascontiguousarray(self.config.circuits, dtype=np.int32)

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> RingsModel:
        config = definition.get("config") if isinstance(definition, dict) else None
        if not isinstance(config, str) or len(config) > 40:
            raise PuzzleInputError("a rings definition needs a 'config' entry (K/G/C/B)")
        return cls(config)

    def definition(self) -> dict[str, Any]:
        return {"config": str(self.config)}

    def initial_state(self) -> RingState:
        return self.config.solved_state().astype(STATE_DTYPE)

    # ----- events -----------------------------------------------------------------------
    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]]:
        """A turn names one of the rings and a step count along its circuit (the kernel
        indexes the circuits with both); an examined node changes nothing, but its
        number and depth count from 0 (its h may be -1: not worked out)."""
        counts = range(0, INT32_MAX + 1)
        return {
            Rotate: {"ring": range(self.config.rings), "f": range(self.config.size)},
            Examine: {"node": counts, "depth": counts},
        }

    def _check_rotate(self, event: Rotate) -> None:
        if not (0 <= event.ring < self.config.rings and 0 <= event.f < self.config.size):
            raise PuzzleInputError(f"{event} does not fit configuration {self.config}")

    def apply(self, state: RingState, event: Event) -> None:
        if isinstance(event, Rotate):
            self._check_rotate(event)
            self.rotate(state, event.ring, event.f)

    def revert(self, state: RingState, event: Event) -> None:
        if isinstance(event, Rotate):
            self._check_rotate(event)
            self.rotate(state, event.ring, self.config.size - event.f)

    def rotate(self, state: RingState, ring: int, f: int) -> None:
        """Turn `ring` by `f` in place (f taken modulo Gsz; negative turns the other way)."""
        circuit = self._circuits[ring]
        state[circuit] = state[np.roll(circuit, f % self.config.size)]

    def apply_rows(self, state: RingState, rows: EventRows) -> None:
        _rotate_rows(state, np.ascontiguousarray(rows, dtype=np.int32), self._circuits, False)

    def revert_rows(self, state: RingState, rows: EventRows) -> None:
        _rotate_rows(state, np.ascontiguousarray(rows, dtype=np.int32), self._circuits, True)

    def describe(self, event: Event) -> str:
        if isinstance(event, Rotate):
            return turn_words(self.config, event.ring, event.f)
        if isinstance(event, Examine):
            h = "" if event.h < 0 else f", h = {event.h}"
            return f"examine node {event.node} (depth {event.depth}{h})"
        return super().describe(event)

    # ----- reading a state --------------------------------------------------------------
    def check_state(self, state: RingState) -> None:
        super().check_state(state)
        if np.any((state < 1) | (state > self.config.n_colours)):
            raise PuzzleInputError(f"state colours must be 1..{self.config.n_colours}")
        check_colour_counts(self.config, np.asarray(state))

    def parse(self, text: str) -> RingState:
        return parse_state(self.config, text)

    def format(self, state: RingState) -> str:
        return format_state(self.config, state)

    def is_goal(self, state: RingState) -> bool:
        return is_goal(self.config, state)

    def heuristic(self, state: RingState) -> int:
        """The thesis' h (0 on the own-colour goal; not admissible)."""
        return thesis_heuristic(self.config, state)

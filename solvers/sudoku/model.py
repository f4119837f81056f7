"""The sudoku model: a flat int32 state of digits, candidate masks and highlight marks.

See the package docstring (solvers/sudoku/__init__.py) for the state layout and events.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
from puzzleviz.solvers.arrays import BoolArray, EventRows, Int32Array, Int64Array, StateArray
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.events import INT32_MAX, Event, EventSet
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.sudoku.arrays import Candidates, Grid
from puzzleviz.solvers.sudoku.geometry import Names, geometry
from puzzleviz.solvers.sudoku.kernels.engine import initial_candidates
from puzzleviz.solvers.sudoku.parse import check_givens, parse_puzzle
from puzzleviz.solvers.sudoku.roles import CELL_ROLE_NAMES, HOUSE_ROLE_NAMES, LINK_NAMES, ROLE_NAMES
from puzzleviz.solvers.sudoku.techniques import BY_NAME, TECHNIQUES

# -- events -------------------------------------------------------------------------------
#
# The sudoku event vocabulary. Every event carries what it changes, so it can be undone
# from the event alone: a Place remembers the candidates it wiped, a Mark the value it
# replaced. Backtracking is recorded as the inverse events (Unplace, Restore) in reverse
# order, so the player never needs to search the trace to step backward.

# Cell origins (state ORIGIN block). STUDENT: a digit the student wrote in the window
# (scenes.sudoku_play), neither found by the solver nor guessed by it.
EMPTY, GIVEN, LOGIC, GUESSED, STUDENT = 0, 1, 2, 3, 4

# Mark layers
MARK_CELL, MARK_CANDIDATE, MARK_HOUSE, MARK_LINK = 0, 1, 2, 3
LAYER_NAMES = ("cell", "candidate", "house", "link")


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Event):
    """Write `digit` into an empty cell; its candidates (`previous_mask`) disappear.
    `origin` is LOGIC (2), GUESSED (3) or STUDENT (4)."""

    OP = 0
    cell: int
    digit: int
    previous_mask: int
    origin: int


@dataclasses.dataclass(frozen=True, slots=True)
class Unplace(Event):
    """Backtracking: empty a cell again and give it back the candidates `mask`."""

    OP = 1
    cell: int
    digit: int
    mask: int
    origin: int


@dataclasses.dataclass(frozen=True, slots=True)
class Eliminate(Event):
    """Remove candidate `digit` from `cell` (it must be there)."""

    OP = 2
    cell: int
    digit: int


@dataclasses.dataclass(frozen=True, slots=True)
class Restore(Event):
    """Backtracking: give candidate `digit` back to `cell` (it must be missing)."""

    OP = 3
    cell: int
    digit: int


@dataclasses.dataclass(frozen=True, slots=True)
class Mark(Event):
    """Set a highlight: `layer` MARK_CELL / MARK_CANDIDATE (index = cell * n + digit - 1) /
    MARK_HOUSE / MARK_LINK (index = slot, value = encoded link); value 0 clears it.
    Roles are in solvers.sudoku.roles."""

    OP = 4
    layer: int
    index: int
    value: int
    previous: int


@dataclasses.dataclass(frozen=True, slots=True)
class UseTechnique(Event):
    """A step of `technique` begins: its counter goes up, it becomes the current one."""

    OP = 5
    technique: int
    previous: int


@dataclasses.dataclass(frozen=True, slots=True)
class SetDepth(Event):
    """The number of guesses in force changes (a guess or a backtrack)."""

    OP = 6
    depth: int
    previous: int


SUDOKU_EVENTS = EventSet([Place, Unplace, Eliminate, Restore, Mark, UseTechnique, SetDepth])


# -- the state ---------------------------------------------------------------------------

LINK_SLOTS = 96
MAX_TECHNIQUES = 1000  # names a definition may list (the registry has some 80)


def difficulty(name: str) -> float:
    """Sort key of the side list (unknown names from other versions go last)."""
    technique = BY_NAME.get(name)
    return technique.rating if technique else 99.0


ORIGIN_NAMES = {2: "logic", 3: "guess", 4: "student"}


class Layout:
    """Offsets of the state blocks for box size b and `n_techniques` registry entries."""

    def __init__(self, b: int, n_techniques: int):
        self.b = b
        self.n = n = b * b
        self.ncell = c = n * n
        self.n_techniques = n_techniques
        self.values = 1
        self.cands = self.values + c
        self.origin = self.cands + c
        self.cell_marks = self.origin + c
        self.cand_marks = self.cell_marks + c
        self.house_marks = self.cand_marks + c * n
        self.links = self.house_marks + 3 * n
        self.tech_count = self.links + LINK_SLOTS
        self.current_tech = self.tech_count + n_techniques
        self.depth = self.current_tech + 1
        self.size = self.depth + 1

    def mark_offset(self, layer: int) -> int:
        return (self.cell_marks, self.cand_marks, self.house_marks, self.links)[layer]

    def offsets(self) -> Int64Array:
        """What the numba kernels need, in one array."""
        return np.array(
            [
                self.n,
                self.values,
                self.cands,
                self.origin,
                self.cell_marks,
                self.cand_marks,
                self.house_marks,
                self.links,
                self.tech_count,
                self.current_tech,
                self.depth,
            ],
            dtype=np.int64,
        )


def encode_link(ncand: int, a: int, b: int, kind: int) -> int:
    return (a * ncand + b) * 4 + kind


def decode_link(ncand: int, value: int) -> tuple[int, int, int]:
    pair, kind = divmod(value, 4)
    a, b = divmod(pair, ncand)
    return a, b, kind


class SudokuModel(PuzzleModel):
    kind = "sudoku"
    events = SUDOKU_EVENTS

    def __init__(self, givens_text: str, techniques: tuple[str, ...] | None = None):
        puzzle = parse_puzzle(givens_text)
        self.puzzle = puzzle
        self.b = puzzle.b
        self.n = puzzle.n
        self.geo = geometry(self.b)
        self.technique_names = (
            tuple(t.name for t in TECHNIQUES) if techniques is None else (tuple(techniques))
        )
        self.layout = Layout(self.b, len(self.technique_names))
        self._offsets = self.layout.offsets()

    @classmethod
    def from_definition(cls, definition: dict[str, Any]) -> SudokuModel:
        givens = definition.get("givens") if isinstance(definition, dict) else None
        if not isinstance(givens, str):
            raise PuzzleInputError("a sudoku definition needs 'givens', the grid as text")
        techniques = definition.get("techniques")
        if techniques is None:
            return cls(givens)
        if (
            not isinstance(techniques, list)
            or not all(isinstance(t, str) and len(t) <= 100 for t in techniques)
            or len(techniques) > MAX_TECHNIQUES
        ):
            raise PuzzleInputError(
                f"a sudoku definition's 'techniques' must be a list of at most "
                f"{MAX_TECHNIQUES} names"
            )
        return cls(givens, tuple(techniques))

    def definition(self) -> dict[str, Any]:
        return {
            "box": self.b,
            "givens": self.puzzle.text(),
            "techniques": list(self.technique_names),
        }

    def initial_state(self) -> StateArray:
        lay = self.layout
        state = np.zeros(lay.size, dtype=STATE_DTYPE)
        state[0] = self.b
        values = self.puzzle.givens.astype(np.int32)
        cand = np.zeros(lay.ncell, dtype=np.int32)
        check_givens(self.b, values)
        initial_candidates(self.geo, values.copy(), cand)
        state[lay.values : lay.values + lay.ncell] = values
        state[lay.cands : lay.cands + lay.ncell] = cand
        state[lay.origin : lay.origin + lay.ncell] = np.where(values > 0, GIVEN, 0)
        state[lay.current_tech] = -1
        return state

    # --- apply / revert -------------------------------------------------------------
    def apply(self, state: StateArray, event: Event) -> None:
        row = np.asarray(self.events.encode(event), dtype=np.int32)
        _apply_rows(state, row[None, :], self._offsets)

    def revert(self, state: StateArray, event: Event) -> None:
        row = np.asarray(self.events.encode(event), dtype=np.int32)
        _revert_rows(state, row[None, :], self._offsets)

    def apply_rows(self, state: StateArray, rows: EventRows) -> None:
        _apply_rows(state, np.ascontiguousarray(rows, dtype=np.int32), self._offsets)

    def revert_rows(self, state: StateArray, rows: EventRows) -> None:
        _revert_rows(state, np.ascontiguousarray(rows, dtype=np.int32), self._offsets)

    # --- what a trace may hold -----------------------------------------------------------
    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]]:
        """Cells, digits, layers and techniques index the state in the kernel; masks,
        origins, depths and mark values are written into it and read by the scene."""
        lay, n = self.layout, self.n
        cell, digit, mask = range(lay.ncell), range(1, n + 1), range(1 << n)
        origin, depth = range(LOGIC, STUDENT + 1), range(lay.ncell + 1)
        mark = range(0, INT32_MAX + 1)
        techniques = lay.n_techniques
        return {
            Place: {"cell": cell, "digit": digit, "previous_mask": mask, "origin": origin},
            Unplace: {"cell": cell, "digit": digit, "mask": mask, "origin": origin},
            Eliminate: {"cell": cell, "digit": digit},
            Restore: {"cell": cell, "digit": digit},
            Mark: {
                "layer": range(4),
                "index": range(lay.ncell * n),
                "value": mark,
                "previous": mark,
            },
            UseTechnique: {"technique": range(techniques), "previous": range(-1, techniques)},
            SetDepth: {"depth": depth, "previous": depth},
        }

    def _layer_sizes(self) -> Int64Array:
        """Entries of each mark layer: cells, candidates, houses, link slots."""
        lay = self.layout
        return np.array([lay.ncell, lay.ncell * self.n, 3 * self.n, LINK_SLOTS], dtype=np.int64)

    def row_faults(self, rows: EventRows) -> Iterator[tuple[BoolArray, str]]:
        marks = rows[:, 0] == Mark.OP
        layer = np.where(marks, rows[:, 1], 0)
        sizes = self._layer_sizes()
        yield marks & (rows[:, 2] >= sizes[layer]), "the index is beyond its layer's entries"

    def check_state(self, state: StateArray) -> None:
        """Every block within what its events could write (a digit of 99 in a cell would
        send a scene looking for a 99th digit)."""
        super().check_state(state)
        lay, n = self.layout, self.n
        if state[0] != self.b:
            raise PuzzleInputError(f"the state's box size is {state[0]}, its puzzle's {self.b}")
        blocks = (
            ("digit", lay.values, lay.ncell, 0, n),
            ("candidate mask", lay.cands, lay.ncell, 0, (1 << n) - 1),
            ("cell origin", lay.origin, lay.ncell, EMPTY, STUDENT),
            ("mark", lay.cell_marks, lay.tech_count - lay.cell_marks, 0, INT32_MAX),
            ("technique count", lay.tech_count, lay.n_techniques, 0, INT32_MAX),
            ("current technique", lay.current_tech, 1, -1, lay.n_techniques - 1),
            ("depth", lay.depth, 1, 0, lay.ncell),
        )
        for what, start, size, low, high in blocks:
            block = state[start : start + size]
            if np.any((block < low) | (block > high)):
                bad = int(block[(block < low) | (block > high)][0])
                raise PuzzleInputError(f"a {what} of {bad} (it must be {low}..{high})")

    # --- reading a state (for scenes) -----------------------------------------------
    def _block(self, state: StateArray, start: int, size: int) -> Int32Array:
        return np.asarray(state[start : start + size])

    def values(self, state: StateArray) -> Grid:
        """(n*n,) digits, 0 for empty cells."""
        return self._block(state, self.layout.values, self.layout.ncell)

    def candidates(self, state: StateArray) -> Candidates:
        """(n*n,) candidate bitmasks (bit d-1 = digit d); 0 for filled cells."""
        return self._block(state, self.layout.cands, self.layout.ncell)

    def candidate_grid(self, state: StateArray) -> BoolArray:
        """(n*n, n) bool: candidate_grid[cell, d-1] is True if digit d is a candidate."""
        masks = self.candidates(state)
        grid: BoolArray = (masks[:, None] >> np.arange(self.n)) & 1 == 1
        return grid

    def origin(self, state: StateArray) -> Int32Array:
        """(n*n,) 0 empty, 1 given, 2 placed by logic, 3 placed by a guess."""
        return self._block(state, self.layout.origin, self.layout.ncell)

    def cell_marks(self, state: StateArray) -> Int32Array:
        """(n*n,) cell roles (roles.CELL_*), 0 = none."""
        return self._block(state, self.layout.cell_marks, self.layout.ncell)

    def candidate_marks(self, state: StateArray) -> Int32Array:
        """(n*n, n) candidate roles (roles.ROLE_*); [cell, d-1]. A candidate marked
        ROLE_ELIMINATE or ROLE_PEER whose bit is gone is drawn struck out."""
        lay = self.layout
        return self._block(state, lay.cand_marks, lay.ncell * self.n).reshape(lay.ncell, self.n)

    def house_marks(self, state: StateArray) -> Int32Array:
        """(3n,) house roles (roles.HOUSE_*): rows 0..n-1, columns n..2n-1, boxes 2n..3n-1."""
        return self._block(state, self.layout.house_marks, 3 * self.n)

    def links(self, state: StateArray) -> list[tuple[int, int, int, int, int]]:
        """Chain links shown now: (cell a, digit a, cell b, digit b, kind: 1 strong 2 weak)."""
        ncand = self.layout.ncell * self.n
        out = []
        for value in self._block(state, self.layout.links, LINK_SLOTS).tolist():
            if value:
                a, b, kind = decode_link(ncand, value)
                out.append((a // self.n, a % self.n + 1, b // self.n, b % self.n + 1, kind))
        return out

    def techniques_used(self, state: StateArray) -> list[tuple[str, int]]:
        """The side list: (technique name, steps so far) in difficulty order."""
        counts = self._block(state, self.layout.tech_count, self.layout.n_techniques).tolist()
        used = [(name, k) for name, k in zip(self.technique_names, counts, strict=True) if k]
        return sorted(used, key=lambda item: difficulty(item[0]))

    def current_technique(self, state: StateArray) -> str | None:
        t = int(state[self.layout.current_tech])
        return self.technique_names[t] if t >= 0 else None

    def depth(self, state: StateArray) -> int:
        """Guesses in force."""
        return int(state[self.layout.depth])

    def house_cells(self, house: int) -> list[int]:
        return [int(c) for c in self.geo.house_cells[house]]

    def names(self, style: str = "a1") -> Names:
        return Names(self.b, style)

    def tidying(self, rows: EventRows) -> BoolArray | None:
        """A Mark whose value is 0 switches a highlight off: a step begins by clearing the
        last step's marks, which the event level passes over in one press."""
        clearing: BoolArray = (rows[:, 0] == Mark.OP) & (rows[:, 3] == 0)
        return clearing

    def describe(self, event: Event) -> str:
        names = self.names()
        if isinstance(event, Place):
            how = ORIGIN_NAMES.get(event.origin, "?")
            return f"place {event.digit} in {names.cell(event.cell)} ({how})"
        if isinstance(event, Unplace):
            return f"undo {event.digit} in {names.cell(event.cell)} (backtrack)"
        if isinstance(event, Eliminate):
            return f"remove candidate {event.digit} from {names.cell(event.cell)}"
        if isinstance(event, Restore):
            return f"give candidate {event.digit} back to {names.cell(event.cell)} (backtrack)"
        if isinstance(event, UseTechnique):
            t = event.technique
            name = self.technique_names[t] if 0 <= t < len(self.technique_names) else "?"
            return f"technique {name}"
        if isinstance(event, SetDepth):
            return f"guesses in force: {event.depth}"
        if isinstance(event, Mark):
            return self._describe_mark(event, names)
        return super().describe(event)

    def _describe_mark(self, event: Mark, names: Names) -> str:
        layer = LAYER_NAMES[event.layer] if 0 <= event.layer < 4 else "?"
        ncell = self.layout.ncell

        def cell_name(cell: int) -> str:  # a crafted trace may point past the grid
            return names.cell(cell) if 0 <= cell < ncell else f"cell {cell} (off the grid)"

        if event.layer == MARK_CELL:
            what, role = cell_name(event.index), CELL_ROLE_NAMES.get(event.value)
        elif event.layer == MARK_CANDIDATE:
            cell, d = divmod(event.index, self.n)
            what, role = f"{d + 1} in {cell_name(cell)}", ROLE_NAMES.get(event.value)
        elif event.layer == MARK_HOUSE:
            inside = 0 <= event.index < 3 * self.n
            what = names.house(event.index) if inside else f"house {event.index} (off the grid)"
            role = HOUSE_ROLE_NAMES.get(event.value)
        elif event.layer == MARK_LINK:
            if event.value == 0:
                return f"clear link {event.index}"
            a, b, kind = decode_link(self.layout.ncell * self.n, event.value)
            ca, cb = cell_name(a // self.n), cell_name(b // self.n)
            return f"{LINK_NAMES.get(kind, '?')} link {a % self.n + 1}{ca} - {b % self.n + 1}{cb}"
        else:
            return f"mark layer {event.layer}"
        if not event.value:
            return f"clear {layer} mark on {what}"
        return f"mark {layer} {what} as {role or event.value}"


@njit(cache=True)
def _apply_one(state: StateArray, row: EventRows, off: Int64Array, sign: int) -> int:
    """sign +1 applies the row, -1 reverts it."""
    n = int(off[0])
    op = row[0]
    a, b, c, d = row[1], row[2], row[3], row[4]
    if op == 0 or op == 1:  # Place / Unplace (Unplace is Place reverted)
        placing = (op == 0) == (sign > 0)
        if placing:
            state[off[1] + a] = b
            state[off[2] + a] = 0
            state[off[3] + a] = d
        else:
            state[off[1] + a] = 0
            state[off[2] + a] = c
            state[off[3] + a] = 0
    elif op == 2 or op == 3:  # Eliminate / Restore
        removing = (op == 2) == (sign > 0)
        bit = 1 << (b - 1)
        if removing:
            state[off[2] + a] &= ~bit
        else:
            state[off[2] + a] |= bit
    elif op == 4:  # Mark
        base = off[4 + a]
        state[base + b] = c if sign > 0 else d
    elif op == 5:  # UseTechnique
        state[off[8] + a] += sign
        state[off[9]] = a if sign > 0 else b
    elif op == 6:  # SetDepth
        state[off[10]] = a if sign > 0 else b
    return n


@njit(cache=True)
def _apply_rows(state: StateArray, rows: EventRows, off: Int64Array) -> None:
    for i in range(rows.shape[0]):
        _apply_one(state, rows[i], off, 1)


@njit(cache=True)
def _revert_rows(state: StateArray, rows: EventRows, off: Int64Array) -> None:
    for i in range(rows.shape[0] - 1, -1, -1):
        _apply_one(state, rows[i], off, -1)

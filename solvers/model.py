"""The model protocol every puzzle implements, and the model of a kind (from the registry).

A state is a flat int32 numpy array; the model gives it meaning. Keeping states flat lets
the player store keyframes as rows of one 2-D array and lets numba kernels apply thousands
of events between frames. `apply` and `revert` mutate the state in place: the player and
the searches move one state back and forth, they do not build new ones.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
from puzzleviz.solvers import registry
from puzzleviz.solvers.arrays import BoolArray, EventRows, StateArray
from puzzleviz.solvers.errors import PluginError, PuzzleInputError
from puzzleviz.solvers.events import Event, EventSet

__all__ = [
    "STATE_DTYPE",
    "PuzzleModel",
    "model_class",
    "model_from_definition",
]

STATE_DTYPE = np.int32


class PuzzleModel(ABC):
    """One puzzle's states and events. Subclasses set `kind` and `events`."""

    kind: ClassVar[str]
    events: ClassVar[EventSet]

    @classmethod
    @abstractmethod
    def from_definition(cls, definition: dict[str, Any]) -> PuzzleModel:
        """Rebuild the model from `definition()`; raise PuzzleInputError if it is invalid."""

    @abstractmethod
    def definition(self) -> dict[str, Any]:
        """A JSON-able description of the puzzle, stored in every trace header."""

    @abstractmethod
    def initial_state(self) -> StateArray:
        """The puzzle's starting state as a new flat int32 array."""

    @abstractmethod
    def apply(self, state: StateArray, event: Event) -> None:
        """Change `state` in place by `event`."""

    @abstractmethod
    def revert(self, state: StateArray, event: Event) -> None:
        """Undo `apply(state, event)` in place."""

    def apply_rows(self, state: StateArray, rows: EventRows) -> None:
        """Apply encoded rows in order. Models override this with a numba kernel when
        traces are long, so that seeking builds keyframes at native speed."""
        decode = self.events.decode
        for values in rows.tolist():
            self.apply(state, decode(values))

    def revert_rows(self, state: StateArray, rows: EventRows) -> None:
        """Revert encoded rows, last one first."""
        decode = self.events.decode
        for values in reversed(rows.tolist()):
            self.revert(state, decode(values))

    def describe(self, event: Event) -> str:
        """One line for `trace show` and for steps without a caption."""
        fields = ", ".join(
            f"{k}={v}" for k, v in zip(event.field_names(), event.args(), strict=True)
        )
        return f"{type(event).__name__}({fields})"

    def tidying(self, rows: EventRows) -> BoolArray | None:
        """Which of the trace's events (rows) only tidy up what an earlier step showed, a
        highlight switched off. The player's event level takes a run of them together with
        the event after it, so that each press shows something new (a sudoku step first
        clears the last step's marks, then draws its own net one implication at a time).
        None: every event shows something."""
        return None

    def field_ranges(self) -> Mapping[type[Event], Mapping[str, range]] | None:
        """The values each field of each event kind may take for this puzzle definition,
        e.g. {Rotate: {"ring": range(2), "f": range(20)}}: what a trace file's events are
        checked against when it is loaded, before any kernel sees them (a numba kernel
        does not check its indices). A field left out takes any int32. None (the default)
        declares nothing: a loaded trace's events are then replayed once through `apply`
        and `revert` on a scratch state instead (solvers.tracecheck), which is slow for
        long traces and safe only if `apply` checks what it indexes: a model whose apply
        runs a kernel must declare its ranges."""
        return None

    def row_faults(self, rows: EventRows) -> Iterable[tuple[BoolArray, str]]:
        """Checks that need several fields at once (an orientation its piece has, a pose
        that keeps the piece inside the box), over rows whose fields are each in range:
        (a bool mask of the rows that fail, why), vectorised over the int32 rows."""
        return ()

    def check_state(self, state: StateArray) -> None:
        """Raise PuzzleInputError unless `state` could be a state of this puzzle."""
        expected = self.initial_state().shape
        if np.shape(state) != expected:
            raise PuzzleInputError(
                f"a {self.kind} state has {expected[0]} entries, this one has {np.size(state)}"
            )


def model_class(kind: str) -> type[PuzzleModel]:
    """The model of `kind`, as the registry's spec for it names it; PluginError (one line)
    if the spec names nothing importable, no model, or a model of another kind."""
    spec = registry.by_kind(kind)
    cls = registry.load(spec, "model", spec.model)
    if not (isinstance(cls, type) and issubclass(cls, PuzzleModel)):
        raise PluginError(f"{registry.origin(spec)}: model {spec.model.path} is not a PuzzleModel")
    registry.check_kind(spec, "model", spec.model, getattr(cls, "kind", None))
    return cls


def model_from_definition(kind: str, definition: dict[str, Any]) -> PuzzleModel:
    return model_class(kind).from_definition(definition)

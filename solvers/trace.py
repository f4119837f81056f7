"""The in-memory trace: columnar numpy arrays plus a small JSON-able header.

A trace is the contract between a solver and everything that shows it. Positions are
"cursors": cursor c means the first c events have been applied, so a trace of n events has
cursors 0..n. Steps partition the events (step s covers rows step_start[s] up to the next
start); milestones sit at cursors (a solution is "reached" once its last event is applied).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from html import escape
from typing import Any

import numpy as np
from puzzleviz.solvers.errors import TraceError
from puzzleviz.solvers.i18n import render

__all__ = [
    "FORMAT_VERSION",
    "NO_CAPTION",
    "Trace",
    "TraceHeader",
]

FORMAT_VERSION = 1
NO_CAPTION = -1


def _plain(value: Any) -> str:
    """A header parameter as a reader would write it (a list without brackets and quotes)."""
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    return str(value)


def _clip(text: str, limit: int = 300) -> str:
    """A long value (a sudoku's technique list) cut to fit a summary line."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclasses.dataclass(frozen=True)
class TraceHeader:
    """Everything needed to rebuild the puzzle and to reproduce the run."""

    kind: str
    definition: dict[str, Any]
    initial_state: tuple[int, ...]
    solver: str
    params: dict[str, Any]
    seed: int | None
    counters: tuple[str, ...]
    truncated: bool = False
    format_version: int = FORMAT_VERSION
    initial_counters: tuple[int, ...] = ()  # the statistics before the first event, if set

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "definition": self.definition,
            "initial_state": list(self.initial_state),
            "solver": self.solver,
            "params": self.params,
            "seed": self.seed,
            "counters": list(self.counters),
            "truncated": self.truncated,
            "format_version": self.format_version,
            **({"initial_counters": list(self.initial_counters)} if self.initial_counters else {}),
        }

    @classmethod
    def from_json(cls, data: Any) -> TraceHeader:
        """The header as a file holds it, each entry of the type it is written with: a
        trace is read from anyone, so nothing is coerced ("12" is not a number, 1.5 is not
        a state entry, a number beyond int32 is not a state entry either)."""
        try:
            if not isinstance(data, dict):
                raise TypeError("it is not an object")
            seed = data["seed"]
            return cls(
                kind=_typed(data, "kind", str),
                definition=_typed(data, "definition", dict),
                initial_state=_whole_numbers(data["initial_state"], "initial_state", 32),
                solver=_typed(data, "solver", str),
                params=_typed(data, "params", dict),
                seed=None if seed is None else _whole(seed, "seed", 128),
                counters=tuple(_texts(data["counters"], "counters")),
                truncated=_typed(data, "truncated", bool, False),
                format_version=_whole(data["format_version"], "format_version", 32),
                initial_counters=_whole_numbers(
                    data.get("initial_counters", []), "initial_counters", 64
                ),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise TraceError(f"trace header is incomplete or malformed ({exc})") from None


def _typed(data: dict[str, Any], key: str, kind: type, default: Any = None) -> Any:
    value = data[key] if default is None else data.get(key, default)
    if not isinstance(value, kind):
        raise TypeError(f"{key} must be a {kind.__name__}, not {type(value).__name__}")
    return value


def _whole(value: Any, key: str, bits: int) -> int:
    """An int of `bits` bits (a bool is not a number here, nor is 2.0)."""
    if type(value) is not int:
        raise TypeError(f"{key} must hold whole numbers, not {value!r:.40}")
    if not -(2 ** (bits - 1)) <= value < 2 ** (bits - 1):
        raise ValueError(f"{key} holds {value}, beyond {bits}-bit integers")
    return value


def _whole_numbers(values: Any, key: str, bits: int) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise TypeError(f"{key} must be a list")
    return tuple(_whole(v, key, bits) for v in values)


def _texts(values: Any, key: str) -> list[str]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise TypeError(f"{key} must be a list of strings")
    return values


@dataclasses.dataclass(frozen=True, eq=False)
class Trace:
    """A recorded run. Arrays are read-only by convention; players never modify a trace."""

    header: TraceHeader
    rows: np.ndarray  # (n, width) int32: op, args...
    counters: np.ndarray  # (n, len(header.counters)) int64: solver statistics after each event
    step_start: np.ndarray  # (S,) int64: first row of each step, strictly increasing from 0
    step_caption: np.ndarray  # (S,) int32: index into strings, or NO_CAPTION
    milestone_pos: np.ndarray  # (M,) int64: cursor at which the milestone is reached
    milestone_kind: np.ndarray  # (M,) int32: index into strings ("solution", "restart", ...)
    milestone_caption: np.ndarray  # (M,) int32: index into strings, or NO_CAPTION
    strings: tuple[str, ...]

    ARRAY_FIELDS = (
        "rows",
        "counters",
        "step_start",
        "step_caption",
        "milestone_pos",
        "milestone_kind",
        "milestone_caption",
    )

    def __post_init__(self) -> None:
        self.check()

    @property
    def n_events(self) -> int:
        return int(self.rows.shape[0])

    @property
    def n_steps(self) -> int:
        return int(self.step_start.shape[0])

    @property
    def n_milestones(self) -> int:
        return int(self.milestone_pos.shape[0])

    def string(self, index: int) -> str:
        return "" if index == NO_CAPTION else self.strings[index]

    def step_of(self, event_index: int) -> int:
        """The step that contains row `event_index` (the last step for index n)."""
        return max(int(np.searchsorted(self.step_start, event_index, side="right")) - 1, 0)

    def step_range(self, step: int) -> tuple[int, int]:
        lo = int(self.step_start[step])
        hi = int(self.step_start[step + 1]) if step + 1 < self.n_steps else self.n_events
        return lo, hi

    def step_caption_text(self, step: int) -> str:
        """The step's caption in the current language (stored as a message, see i18n)."""
        return render(self.string(int(self.step_caption[step]))) if self.n_steps else ""

    def counters_at(self, cursor: int) -> dict[str, int]:
        """Solver statistics after the first `cursor` events (at the start: as the solver
        set them before its first event, else zero)."""
        names = self.header.counters
        if cursor <= 0 or not names:
            initial = self.header.initial_counters or (0,) * len(names)
            return dict(zip(names, initial, strict=True))
        values = self.counters[min(cursor, self.n_events) - 1]
        return {name: int(v) for name, v in zip(names, values, strict=True)}

    def milestones(self) -> list[tuple[int, str, str]]:
        """(cursor, kind, caption): the kind is an identifier ("solution"), the caption is
        in the current language."""
        return [
            (int(p), self.string(int(k)), render(self.string(int(c))))
            for p, k, c in zip(
                self.milestone_pos, self.milestone_kind, self.milestone_caption, strict=True
            )
        ]

    def _repr_html_(self) -> str:
        """Jupyter's view of a trace: what a teacher checks before showing it (the puzzle,
        the solver and its parameters, how long it is, what it reaches, how it starts).
        Built here from the trace alone: solvers/ knows no renderer (puzzleviz.show plays
        it)."""
        h = self.header
        kinds = Counter(self.string(int(k)) for k in self.milestone_kind)
        reached = ", ".join(f"{kind} ×{n}" for kind, n in sorted(kinds.items())) or "none"
        final = self.counters_at(self.n_events)
        cut = " (truncated: the run went on)" if h.truncated else ""
        params = "; ".join(f"{k}: {_plain(v)}" for k, v in sorted(h.params.items()))
        rows = [
            ("solver", h.solver),
            ("parameters", params or "none"),
            ("seed", "none" if h.seed is None else str(h.seed)),
            ("events", f"{self.n_events:,}" + cut),
            ("steps", f"{self.n_steps:,}"),
            ("milestones", f"{self.n_milestones:,} ({reached})"),
            ("at the end", ", ".join(f"{k} {v:,}" for k, v in final.items()) or "none"),
        ]
        shown = [(s + 1, self.step_caption_text(s)) for s in range(min(self.n_steps, 5))]
        shown = [(n, text) for n, text in shown if text]
        firsts = "".join(f"<li>step {n}: {escape(text)}</li>" for n, text in shown)
        more = f"<li>… {self.n_steps - 5:,} more steps</li>" if self.n_steps > 5 else ""
        body = "".join(
            f'<tr><th style="text-align:left;padding-right:1em">{escape(name)}</th>'
            f'<td style="text-align:left">{escape(_clip(value))}</td></tr>'
            for name, value in rows
        )
        return (
            f"<div><b>{escape(h.kind)} trace</b> (format {h.format_version})"
            f"<table>{body}</table>"
            + (f"<ul style='margin:0'>{firsts}{more}</ul>" if firsts else "")
            + "</div>"
        )

    def check(self) -> None:
        """Raise TraceError unless the arrays form a consistent trace."""
        n = self.rows.shape[0] if self.rows.ndim == 2 else -1
        problems = []
        if self.rows.ndim != 2 or self.rows.dtype != np.int32 or self.rows.shape[1] < 1:
            problems.append("event rows must be a 2-D int32 array")
        if self.counters.dtype != np.int64 or self.counters.shape != (
            n,
            len(self.header.counters),
        ):
            problems.append("counter columns do not match the events")
        starts = self.step_start
        if starts.ndim != 1 or self.step_caption.shape != starts.shape:
            problems.append("step arrays have different lengths")
        elif n > 0 and (
            starts.size == 0 or starts[0] != 0 or starts[-1] >= n or np.any(np.diff(starts) <= 0)
        ):
            problems.append("steps do not partition the events")
        elif n == 0 and starts.size:
            problems.append("steps without events")
        pos = self.milestone_pos
        if not (pos.shape == self.milestone_kind.shape == self.milestone_caption.shape):
            problems.append("milestone arrays have different lengths")
        elif pos.size and (pos[0] < 0 or pos[-1] > n or np.any(np.diff(pos) < 0)):
            problems.append("milestones are out of order or out of range")
        n_strings = len(self.strings)
        for name in ("step_caption", "milestone_caption"):
            ids = getattr(self, name)
            if ids.size and (ids.min() < NO_CAPTION or ids.max() >= n_strings):
                problems.append(f"{name} points outside the string table")
        kinds = self.milestone_kind
        if kinds.size and (kinds.min() < 0 or kinds.max() >= n_strings):
            problems.append("milestone_kind points outside the string table")
        initial = self.header.initial_counters
        if initial and len(initial) != len(self.header.counters):
            problems.append("initial counters do not match the counter names")
        if problems:
            raise TraceError("inconsistent trace: " + "; ".join(problems))

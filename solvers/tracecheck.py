"""What a loaded trace holds, checked against its puzzle before anything replays it.

A trace file's checksums say only that it is whole, not that it was written by a solver: a
file crafted with valid checksums may hold any numbers. The player hands the event rows to
the model's numba kernels, which index the state with them unchecked, so a ring number of
615237680 would write far outside the state (a crash, or worse, a quiet corruption). Before
a trace is returned by solvers.tracefile, therefore:

- its puzzle definition builds the model (an invalid one is the file's fault), its
  initial state is one the model accepts (`check_state`) and its strings are of a length
  a caption can be shown at: `check_header`, which a file reader runs before it reads
  the arrays,
- every event row has the model's width, a known op code and, field by field, a value in
  the ranges the model declares for this definition (`field_ranges`), then passes the
  model's checks across fields (`row_faults`). Vectorised over pieces of the int32 rows,
  so a 10-million-event trace is checked in well under a second.

A model that declares no ranges (a plugin's, say) gets its trace replayed once instead,
event by event through its own `apply` and `revert` on a scratch state: slow for long
traces, and sound only where `apply` checks what it indexes, so a plugin whose apply runs
a kernel must declare its ranges (the plugin guide says so).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

import numpy as np
from puzzleviz.solvers.errors import PuzzleInputError, TraceError, UnknownPuzzleError
from puzzleviz.solvers.events import INT32_MAX, INT32_MIN, Event, EventSet
from puzzleviz.solvers.jit import njit
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel, model_from_definition
from puzzleviz.solvers.trace import Trace, TraceHeader

MAX_STRING = 20_000  # characters of one caption, counter name or solver name
PIECE = 1 << 20  # rows checked at a time (bounded temporaries)


def check_contents(trace: Trace) -> PuzzleModel:
    """Raise TraceError unless `trace` can be replayed and shown; returns its model."""
    model = check_header(trace.header, trace.strings)
    check_rows(model, trace)
    return model


def check_header(header: TraceHeader, strings: Sequence[str]) -> PuzzleModel:
    """The model of the header's puzzle definition, once its initial state is one of that
    puzzle's and its strings are of a length to show: what a file reader can check before
    it reads the arrays."""
    _check_strings(header, strings)
    model = _model_of(header)
    state = np.array(header.initial_state, dtype=STATE_DTYPE)
    try:
        model.check_state(state)
    except PuzzleInputError as exc:
        raise TraceError(f"its initial state is not a state of its puzzle: {exc}") from None
    return model


def _model_of(header: TraceHeader) -> PuzzleModel:
    """The model of the puzzle definition; an invalid definition is one line."""
    try:
        return model_from_definition(header.kind, header.definition)
    except (PuzzleInputError, UnknownPuzzleError) as exc:
        raise TraceError(f"its puzzle definition is invalid: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        # A model from a plugin may not say it as a PuzzleInputError; the file is still
        # at fault, not the program.
        raise TraceError(
            f"its puzzle definition is invalid ({type(exc).__name__}: {exc})"
        ) from None
    except RecursionError:
        raise TraceError("its puzzle definition is invalid (nested too deeply)") from None


def _check_strings(header: TraceHeader, strings: Sequence[str]) -> None:
    texts = [("string", s) for s in strings]
    texts += [("counter name", s) for s in header.counters]
    texts.append(("solver name", header.solver))
    for what, text in texts:
        if len(text) > MAX_STRING:
            raise TraceError(
                f"a {what} of {len(text):,} characters is longer than a trace may hold "
                f"({MAX_STRING:,})"
            )


# -- event rows --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RowTable:
    """The declared ranges as lookup tables: lo[op, column] <= rows[:, column] <= hi[op,
    column] for every row with a known op (padding columns take anything: no kernel reads
    them)."""

    events: EventSet
    known: np.ndarray  # (max op + 1,) bool
    lo: np.ndarray  # (max op + 1, width) int32
    hi: np.ndarray

    @classmethod
    def of(cls, events: EventSet, ranges: Mapping[type[Event], Mapping[str, range]]) -> RowTable:
        kinds = events.kinds
        size = max(kind.OP for kind in kinds) + 1
        known = np.zeros(size, dtype=np.bool_)
        lo = np.full((size, events.width), INT32_MIN, dtype=np.int32)
        hi = np.full((size, events.width), INT32_MAX, dtype=np.int32)
        for kind in kinds:
            known[kind.OP] = True
            fields = ranges.get(kind, {})
            unknown = set(fields) - set(kind.field_names())
            if unknown:
                raise ValueError(f"{kind.__name__} has no field {sorted(unknown)[0]!r}")
            for column, name in enumerate(kind.field_names(), start=1):
                if name in fields:
                    allowed = fields[name]
                    if allowed.step != 1:
                        raise ValueError(f"{kind.__name__}.{name}: ranges have step 1")
                    lo[kind.OP, column] = max(allowed.start, INT32_MIN)
                    hi[kind.OP, column] = min(allowed.stop - 1, INT32_MAX)
        return cls(events, known, lo, hi)

    def first_fault(self, rows: np.ndarray) -> tuple[int, str] | None:
        """(row, why) of the first row with an unknown op code or a field out of range."""
        i, column = _first_outside(np.ascontiguousarray(rows), self.known, self.lo, self.hi)
        if i < 0:
            return None
        op = int(rows[i, 0])
        if column == 0:
            names = ", ".join(f"{k.OP} ({k.__name__})" for k in self.events.kinds)
            return i, f"no event has this op code (they are {names})"
        name = self.events.kind(op).field_names()[column - 1]
        low, high = int(self.lo[op, column]), int(self.hi[op, column])
        return i, f"{name} is {int(rows[i, column])}, not {_span(low, high)}"


@njit(cache=True)
def _first_outside(
    rows: np.ndarray, known: np.ndarray, lo: np.ndarray, hi: np.ndarray
) -> tuple[int, int]:
    """(row, column) of the first value outside its op's range; column 0: an unknown op;
    (-1, -1): none. A loop, not numpy: 10 million rows in a fraction of a second, where
    numpy's gathers of lo[ops] took four times as long. It indexes lo and hi only with an
    op it has checked, so it is safe on any rows."""
    n, width = rows.shape
    size = known.shape[0]
    for i in range(n):
        op = rows[i, 0]
        if op < 0 or op >= size or not known[op]:
            return i, 0
        for j in range(1, width):
            value = rows[i, j]
            if value < lo[op, j] or value > hi[op, j]:
                return i, j
    return -1, -1


def _span(low: int, high: int) -> str:
    if low > high:
        return "anything (there is none here)"
    if high == INT32_MAX:
        return f"at least {low}"
    return f"{low}" if low == high else f"{low}..{high}"


def check_rows(model: PuzzleModel, trace: Trace) -> None:
    """Raise TraceError naming the first event row the model cannot replay."""
    rows = trace.rows
    width = model.events.width
    if rows.shape[1] != width:
        raise TraceError(
            f"its events have {rows.shape[1]} columns; {model.kind} events have {width}"
        )
    ranges = model.field_ranges()
    if ranges is None:
        _replay(model, trace)
        return
    table = RowTable.of(model.events, ranges)
    fault = table.first_fault(rows)
    if fault is None:
        for start in range(0, rows.shape[0], PIECE):  # bounded temporaries
            fault = _cross_fault(model, rows[start : start + PIECE])
            if fault is not None:
                fault = (start + fault[0], fault[1])
                break
    if fault is not None:
        index, why = fault
        raise TraceError(f"{_event_words(model, rows[index], index)}: {why}")


def _cross_fault(model: PuzzleModel, rows: np.ndarray) -> tuple[int, str] | None:
    first: tuple[int, str] | None = None
    for mask, why in model.row_faults(rows):
        if mask.any():
            i = int(np.argmax(mask))
            if first is None or i < first[0]:
                first = (i, why)
    return first


def _event_words(model: PuzzleModel, row: np.ndarray, index: int) -> str:
    """'event 12 (Rotate ring=615237680 f=1)' or, for an unknown op code, its row."""
    values = [int(v) for v in row]
    if values[0] in model.events:
        kind = model.events.kind(values[0])
        fields = " ".join(
            f"{name}={value}" for name, value in zip(kind.field_names(), values[1:], strict=False)
        )
        return f"event {index:,} ({kind.__name__} {fields})"
    return f"event {index:,} (op code {values[0]})"


def _replay(model: PuzzleModel, trace: Trace) -> None:
    """The check for a model that declares no ranges: every event applied, then every
    event reverted, one at a time through the model's own code on a scratch state; any
    failure is the file's (whatever the plugin raises: it is the file it was given).
    int32 arithmetic wraps here as it does when the trace plays."""
    state = np.array(trace.header.initial_state, dtype=STATE_DTYPE)
    events: list[Event] = []
    with np.errstate(over="ignore"):
        for index, values in enumerate(trace.rows.tolist()):
            try:
                event = model.events.decode(values)
                model.apply(state, event)
            except Exception as exc:  # a plugin's code, on the file's numbers
                raise TraceError(f"{_event_words(model, trace.rows[index], index)} cannot be "
                                 f"replayed ({exc})") from None  # fmt: skip
            events.append(event)
        for index in range(len(events) - 1, -1, -1):
            try:
                model.revert(state, events[index])
            except Exception as exc:
                raise TraceError(f"{_event_words(model, trace.rows[index], index)} cannot be "
                                 f"reverted ({exc})") from None  # fmt: skip

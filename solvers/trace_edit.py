"""Editing traces for interactive play: cut the future at a cursor and append a step.

When a user acts in the window (turns a ring, adds a card) after stepping back, the moves
after the cursor are dropped, as an editor drops its redo history, and the new events
become one more step at the end.

Such a step is the user's, not the solver's: its counters are unknown (-1, not shown) unless
the caller gives them, and the header remembers where the user's play began (`played_from`),
so a title row stops claiming the solver's result for a position the user has changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from puzzleviz.solvers.events import Event, EventSet
from puzzleviz.solvers.trace import NO_CAPTION, Trace

PLAYED_FROM = "played_from"  # header parameter: the first event the user appended
UNKNOWN = -1  # a counter value that is not known (left out of the statistics)


def played_from(trace: Trace) -> int | None:
    """The event where the user's own steps begin (None: the trace is all the solver's)."""
    value = trace.header.params.get(PLAYED_FROM)
    return int(value) if isinstance(value, int) and value < trace.n_events else None


def by_hand(trace: Trace, step: int) -> bool:
    """Whether step `step` (an index) is one the user appended in the window."""
    start = played_from(trace)
    return start is not None and 0 <= step < trace.n_steps and trace.step_start[step] >= start


def truncate(trace: Trace, cursor: int) -> Trace:
    """The trace up to `cursor`: later events, steps and milestones dropped."""
    cursor = min(max(cursor, 0), trace.n_events)
    keep_steps = trace.step_start < cursor
    keep_ms = trace.milestone_pos <= cursor
    return Trace(
        header=trace.header,
        rows=trace.rows[:cursor],
        counters=trace.counters[:cursor],
        step_start=trace.step_start[keep_steps],
        step_caption=trace.step_caption[keep_steps],
        milestone_pos=trace.milestone_pos[keep_ms],
        milestone_kind=trace.milestone_kind[keep_ms],
        milestone_caption=trace.milestone_caption[keep_ms],
        strings=trace.strings,
    )


def append_step(
    trace: Trace,
    events: EventSet,
    cursor: int,
    caption: str,
    new: Sequence[Event],
    *,
    milestone: str | None = None,
    counters: dict[str, int] | None = None,
) -> Trace:
    """`trace` cut at `cursor`, plus one step of `new` events (with an optional milestone
    after them), marked as the user's. Its counters are the given `counters`, the others
    unknown: the solver's statistics say nothing about a position the user made."""
    base = truncate(trace, cursor)
    strings = list(base.strings)

    def intern(text: str) -> int:
        if not text:
            return NO_CAPTION
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    rows = np.array([events.encode(e) for e in new], dtype=np.int32).reshape(-1, events.width)
    names = trace.header.counters
    row = np.full(len(names), UNKNOWN, dtype=np.int64)
    for name, value in (counters or {}).items():
        row[names.index(name)] = value
    new_counters = np.zeros((len(rows), len(names)), dtype=np.int64) + row
    step_start, step_caption = base.step_start, base.step_caption
    if len(rows):
        step_start = np.append(step_start, base.n_events).astype(np.int64)
        step_caption = np.append(step_caption, intern(caption)).astype(np.int32)
    ms_pos, ms_kind, ms_caption = base.milestone_pos, base.milestone_kind, base.milestone_caption
    if milestone:
        ms_pos = np.append(ms_pos, base.n_events + len(rows)).astype(np.int64)
        ms_kind = np.append(ms_kind, intern(milestone)).astype(np.int32)
        ms_caption = np.append(ms_caption, intern(caption)).astype(np.int32)
    started = played_from(base)
    header = trace.header
    if len(rows) and started is None:
        header = dataclasses.replace(header, params={**header.params, PLAYED_FROM: base.n_events})
    return Trace(
        header=header,
        rows=np.concatenate([base.rows, rows]),
        counters=np.concatenate([base.counters, new_counters]),
        step_start=step_start,
        step_caption=step_caption,
        milestone_pos=ms_pos,
        milestone_kind=ms_kind,
        milestone_caption=ms_caption,
        strings=tuple(strings),
    )

"""Editing traces for interactive play: cut the future at a cursor and append a step.

When a user acts in the window (turns a ring, adds a card) after stepping back, the moves
after the cursor are dropped, as an editor drops its redo history, and the new events
become one more step at the end.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solvers.events import Event, EventSet
from solvers.trace import NO_CAPTION, Trace


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
    after them). Counters carry on from the cursor unless `counters` updates them."""
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
    last = base.counters[-1] if base.n_events else np.zeros(len(names), dtype=np.int64)
    row = last.copy()
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
    return Trace(
        header=trace.header,
        rows=np.concatenate([base.rows, rows]),
        counters=np.concatenate([base.counters, new_counters]),
        step_start=step_start,
        step_caption=step_caption,
        milestone_pos=ms_pos,
        milestone_kind=ms_kind,
        milestone_caption=ms_caption,
        strings=tuple(strings),
    )

"""Human-readable views of a trace: the summary, the event listing and the JSON export."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any, TextIO

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.model import PuzzleModel, model_from_definition
from puzzleviz.solvers.trace import Trace

# Characters a terminal acts on rather than shows (escape sequences that move the cursor,
# retitle the window, clear the screen; the bidirectional overrides that make text read
# otherwise than it is stored): a trace's text is written with them spelled out.
_UNSAFE = [*range(0x20), 0x7F, *range(0x80, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
_ESCAPES = {code: f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}" for code in _UNSAFE}


def printable(text: str) -> str:
    """`text` as a terminal line: every control character written as its escape."""
    return text.translate(_ESCAPES)


def model_for(trace: Trace) -> PuzzleModel:
    return model_from_definition(trace.header.kind, trace.header.definition)


def summary_lines(trace: Trace, name: str) -> list[str]:
    h = trace.header
    kinds = Counter(kind for _, kind, _ in trace.milestones())
    milestone_text = ", ".join(f"{k} x{v}" for k, v in sorted(kinds.items())) or "none"
    params = json.dumps(h.params, sort_keys=True) if h.params else "none"
    lines = [
        f"{name}: {h.kind} trace, format version {h.format_version}",
        f"  solver      {h.solver}",
        f"  parameters  {params}",
        f"  seed        {'none' if h.seed is None else h.seed}",
        f"  events      {trace.n_events:,}"
        + ("  (truncated: the run went on)" if h.truncated else ""),
        f"  steps       {trace.n_steps:,}",
        f"  milestones  {trace.n_milestones:,} ({milestone_text})",
        f"  counters    {', '.join(h.counters) or 'none'}",
        f"  state size  {len(h.initial_state)} ints",
    ]
    return [printable(line) for line in lines]


def event_span(trace: Trace, first: int | None = None, last: int | None = None) -> range:
    """Events first..last (inclusive, 0-based; None: from the start, to the end). A range
    that holds no event is an error that says why, not an empty listing or export that
    looks like success; --to beyond the end means the end."""
    n = trace.n_events
    if min(first or 0, last or 0) < 0:
        raise PuzzlevizError("event numbers start at 0: --from and --to cannot be negative")
    if first is not None and last is not None and first > last:
        raise PuzzlevizError(f"--from {first} is after --to {last}: the range is empty")
    if n == 0:
        if first is None and last is None:
            return range(0)
        raise PuzzlevizError("the trace holds no events: --from and --to have nothing to pick")
    lo = 0 if first is None else first
    if lo >= n:
        raise PuzzlevizError(f"--from {lo}: the trace has {n:,} events, numbered 0 to {n - 1:,}")
    hi = n - 1 if last is None else min(last, n - 1)
    return range(lo, hi + 1)


def event_lines(trace: Trace, first: int | None = None, last: int | None = None) -> Iterator[str]:
    """One line per event, step headers and milestones in between, for events first..last."""
    model = model_for(trace)
    span = event_span(trace, first, last)
    milestones = trace.milestones()
    m = 0
    while m < len(milestones) and milestones[m][0] <= span.start and span.start > 0:
        m += 1
    names = trace.header.counters
    for i in span:
        step = trace.step_of(i)
        if int(trace.step_start[step]) == i or i == span.start:
            caption = printable(trace.step_caption_text(step))
            yield f"step {step + 1}/{trace.n_steps}" + (f": {caption}" if caption else "")
        event = model.events.decode(trace.rows[i])
        stats = "  ".join(f"{n}={int(v)}" for n, v in zip(names, trace.counters[i], strict=True))
        yield printable(f"  {i:>9}  {model.describe(event)}" + (f"    [{stats}]" if stats else ""))
        while m < len(milestones) and milestones[m][0] == i + 1:
            _, kind, caption = milestones[m]
            yield printable(f"  * {kind}" + (f": {caption}" if caption else ""))
            m += 1


def export_json(
    trace: Trace, out: TextIO, first: int | None = None, last: int | None = None
) -> None:
    """Write the trace as one JSON document, streaming events so large traces fit."""
    model = model_for(trace)
    span = event_span(trace, first, last)
    head: dict[str, Any] = {
        "header": trace.header.to_json(),
        "events_from": span.start,
        "events_to": span.stop - 1,
        "steps": [
            {"start": int(trace.step_start[s]), "caption": trace.step_caption_text(s)}
            for s in range(trace.n_steps)
        ],
        "milestones": [
            {"cursor": pos, "kind": kind, "caption": caption}
            for pos, kind, caption in trace.milestones()
        ],
    }
    text = json.dumps(head, ensure_ascii=False, indent=1, allow_nan=False)
    out.write(text[:-2] + ',\n "events": [')
    names = trace.header.counters
    for n, i in enumerate(span):
        event = model.events.decode(trace.rows[i])
        fields = dict(zip(event.field_names(), event.args(), strict=True))
        item: dict[str, Any] = {"index": i, "type": type(event).__name__, "fields": fields}
        if names:
            item["counters"] = dict(zip(names, trace.counters[i].tolist(), strict=True))
        out.write(
            ("\n  " if n == 0 else ",\n  ") + json.dumps(item, ensure_ascii=False, allow_nan=False)
        )
    out.write("\n ]\n}\n")

"""Solver statistics in plain words, as the HUD shows them.

Counters are recorded under short identifiers (`expanded`, `left_empty`); a class reads
"1,204 nodes expanded" and "3 triangles left empty". A scene names its puzzle's counters
with templates; anything it does not name is shown with its identifier's words, so a new
solver's counters still appear. Negative values are "not yet known" (a bound before the
first estimate) and are left out.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping

import numpy as np
from puzzleviz.solvers.i18n import N_plural, fill, gettext, ngettext
from puzzleviz.solvers.trace import Trace

__all__ = [
    "MILESTONE_PLURALS",
    "counter_lines",
    "live_counters",
    "milestone_label",
    "milestone_line",
    "plural",
]

_LIVE: weakref.WeakKeyDictionary[Trace, frozenset[str]] = weakref.WeakKeyDictionary()
_LABELS: weakref.WeakKeyDictionary[Trace, str] = weakref.WeakKeyDictionary()


def live_counters(trace: Trace) -> frozenset[str]:
    """Counters that are above zero somewhere in the trace (a solver may declare counters
    that one of its methods never uses, or only ever leave unknown); computed once per
    trace."""
    live = _LIVE.get(trace)
    if live is None:
        used = np.any(trace.counters > 0, axis=0) if trace.n_events else []
        initial = trace.header.initial_counters
        live = _LIVE[trace] = frozenset(
            name
            for i, (name, on) in enumerate(zip(trace.header.counters, used, strict=False))
            if on or (initial and initial[i])
        )
    return live


def milestone_label(trace: Trace) -> str:
    """The milestones' kind if they all share one ("solution"), else "milestone"."""
    label = _LABELS.get(trace)
    if label is None:
        kinds = np.unique(trace.milestone_kind)
        label = _LABELS[trace] = trace.string(int(kinds[0])) if len(kinds) == 1 else "milestone"
    return label


def plural(count: int | float, word: str) -> str:
    """'1 solution', '3 solutions' (English -s plurals; the words here are ours)."""
    return word if count == 1 else word + "s"


def counter_lines(
    trace: Trace, values: Mapping[str, int], templates: Mapping[str, str]
) -> list[str]:
    """ "1,204 nodes expanded" for each live counter, in the solver's order. A template is
    "{} nodes expanded" (the value goes in the braces); an empty template hides a counter."""
    shown = live_counters(trace)
    lines = []
    for name, value in values.items():
        if name not in shown or value < 0:
            continue
        template = templates.get(name, f"{name.replace('_', ' ')}: {{}}")
        if template:
            lines.append(fill(gettext(template), value))  # the value in the reader's way
    return lines


def milestone_line(trace: Trace, reached: int) -> str:
    total = trace.n_milestones
    if not total:
        return ""
    label = milestone_label(trace)
    words = MILESTONE_PLURALS.get(label)
    things = ngettext(*words, total) if words else plural(total, label)
    return fill(gettext("{reached:,} of {total:,} {things}"), reached=reached, total=total,
                things=things)  # fmt: skip


MILESTONE_PLURALS = {  # "3 of 8 solutions": the kinds the puzzles record, in plural forms
    "solution": N_plural("solution", "solutions"),
    "milestone": N_plural("milestone", "milestones"),
    "restart": N_plural("restart", "restarts"),
    "best": N_plural("new best", "new bests"),
    "layer": N_plural("layer", "layers"),
    "solved": N_plural("solved", "solved"),
    "guess": N_plural("guess", "guesses"),
    "contradiction": N_plural("contradiction", "contradictions"),
    "backtrack": N_plural("backtrack", "backtracks"),
    "slice": N_plural("slice class", "slice classes"),
}

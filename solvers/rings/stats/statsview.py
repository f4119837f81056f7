"""The state-space statistics as text: a table per metric and bar charts for a terminal."""

from __future__ import annotations

import numpy as np
from puzzleviz.solvers.rings.stats.statespace import StateSpaceStats

BAR = "#"


def bar_chart(labels: list[str], values: list[int], width: int) -> list[str]:
    top = max(values, default=0) or 1
    pad = max((len(s) for s in labels), default=0)
    count_pad = max((len(f"{v:,}") for v in values), default=1)
    out = []
    for label, value in zip(labels, values, strict=True):
        n = round(width * value / top)
        if value and n == 0:
            n = 1
        out.append(f"  {label:>{pad}} {value:>{count_pad},} {BAR * n}")
    return out


def _mean(layers: list[int]) -> float:
    total = sum(layers)
    return sum(i * v for i, v in enumerate(layers)) / total if total else 0.0


def stats_lines(stats: StateSpaceStats, *, width: int = 50, heuristic: bool = True) -> list[str]:
    lines = [f"configuration {stats.config}: {stats.states:,} states, {stats.goals:,} goal states"]
    metrics = list(stats.distributions)
    depth = max(d.depth for d in stats.distributions.values())
    header = "  distance" + "".join(f"{m:>16}" for m in metrics)
    lines += ["", "states by distance to the nearest goal:", header]
    for d in range(depth + 1):
        row = f"  {d:>8}"
        for m in metrics:
            layers = stats.distributions[m].layers
            row += f"{layers[d]:>16,}" if d < len(layers) else f"{'':>16}"
        lines.append(row)
    lines.append("  " + "-" * (8 + 16 * len(metrics)))
    lines.append("  depth   " + "".join(f"{stats.distributions[m].depth:>16}" for m in metrics))
    means = "".join(f"{_mean(stats.distributions[m].layers):>16.3f}" for m in metrics)
    lines.append("  mean    " + means)
    unreachable = [stats.distributions[m].unreachable for m in metrics]
    if any(unreachable):
        lines.append("  unreached" + "".join(f"{u:>15,}" for u in unreachable))
    for m in metrics:
        layers = stats.distributions[m].layers
        lines += ["", f"{m} metric (one move = {_metric_words(m)}):"]
        lines += bar_chart([str(i) for i in range(len(layers))], layers, width)
    if heuristic:
        lines += ["", *heuristic_lines(stats, width)]
    return lines


def _metric_words(metric: str) -> str:
    return "one ring turned by any amount" if metric == "forgat" else "one step of one ring"


def heuristic_lines(stats: StateSpaceStats, width: int) -> list[str]:
    hist = stats.h_histogram
    nonzero = np.flatnonzero(hist)
    if not nonzero.size:
        return []
    lo, hi = int(nonzero[0]), int(nonzero[-1])
    lines = [
        f"thesis' heuristic h = maxH - score (maxH {stats.max_h}): values {lo}..{hi}, "
        f"{nonzero.size} distinct",
    ]
    span = hi - lo + 1
    step = max(1, -(-span // 40))
    labels, values = [], []
    for start in range(lo, hi + 1, step):
        stop = min(start + step, hi + 1)
        labels.append(f"{start}" if step == 1 else f"{start}-{stop - 1}")
        values.append(int(hist[start:stop].sum()))
    lines += bar_chart(labels, values, width)
    rows = stats.h_by_distance
    lines += ["", "mean h by forgat distance:"]
    for d in range(rows.shape[0]):
        total = rows[d].sum()
        if total:
            mean = (rows[d] * np.arange(rows.shape[1])).sum() / total
            h_lo = int(np.flatnonzero(rows[d])[0])
            h_hi = int(np.flatnonzero(rows[d])[-1])
            lines.append(f"  {d:>4}  mean {mean:8.2f}   range {h_lo}..{h_hi}")
    return lines

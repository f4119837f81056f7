"""`puzzleviz export`: a trace as one self-contained HTML file that plays it offline.

See docs/browser-player.md: the window's draw lists at every step's rest and a few moments
of its motion, delta-coded and gzipped (viz.web.encode), drawn by the page's script (assets/web)
with the window's shaders.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from puzzleviz.solvers import atomic
from puzzleviz.solvers.i18n import current_language, gettext
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.color import BACKGROUND
from puzzleviz.viz.text import ATLAS
from puzzleviz.viz.timeline import Level
from puzzleviz.viz.web.encode import FrameStore, pack
from puzzleviz.viz.web.frames import ExportError, FrameSource
from puzzleviz.viz.web.page import page_html
from puzzleviz.viz.web.sampling import DEFAULT_TWEENS

__all__ = ["ExportError", "ExportResult", "export_html", "render_page"]


@dataclasses.dataclass(frozen=True)
class ExportResult:
    html: str
    frames: int  # slots the page can show
    unique_frames: int
    payload_bytes: int  # gzip, before base64
    seconds: float


def _atlas_rows() -> np.ndarray:
    """The atlas rows that hold glyphs (the rest is empty and is not sent)."""
    used = np.flatnonzero(ATLAS.pixels.any(axis=1))
    rows = int(used[-1]) + 1 if len(used) else 0
    return ATLAS.pixels[:rows]


def render_page(
    trace: Trace,
    size: tuple[int, int] = (1280, 720),
    tweens: int = DEFAULT_TWEENS,
    progress: Callable[[], None] | None = None,
) -> ExportResult:
    """The page for `trace`, drawn at `size` pixels (the page scales it to fit)."""
    started = time.perf_counter()
    source = FrameSource(trace, size, tweens)
    store = FrameStore()
    playing: list[int] = []  # slot -> the frame shown there while the page plays
    for paused, moving in source.runs(progress):
        store.add(paused)
        playing.append(store.store(moving))
    layout = source.layout()
    plan = source.schedule
    speeds = sorted({*plan.speeds, plan.speed})
    label_frames: dict[str, int] = {}

    def labelled(rows: list[list[str]]) -> list[list[int]]:
        for text in dict.fromkeys(text for row in rows for text in row):  # in order
            if text not in label_frames:
                label_frames[text] = store.store(source.pace_runs(text))
        return [[label_frames[text] for text in row] for row in rows]

    labels = labelled(source.pace_labels(speeds))
    labels_by = {level.value: labelled(source.pace_labels(speeds, level, False)) for level in Level}
    labels_by["auto"] = labelled(source.pace_labels(speeds, Level.STEP, True))
    track, button = layout.track, layout.play_button
    header = {
        "version": 1,
        "kind": trace.header.kind,
        "size": list(size),
        "background": list(BACKGROUND),
        "atlasSize": ATLAS.size,
        "boundaries": list(plan.boundaries),
        "rest": list(plan.rest),
        "positions": list(plan.positions),
        "beats": list(plan.beats),
        "speed": plan.speed,
        "speeds": list(plan.speeds),  # what Up/Down walk, as the window's
        "paceSpeeds": speeds,  # the speeds labelled below (the starting one included)
        "paceLabels": labels,  # [speed][step, or one for all]: the frame of its pace text
        "hold": plan.hold,
        "glideSeconds": plan.glide_seconds,
        "nEvents": trace.n_events,
        "milestones": list(plan.milestones),
        "steps": list(plan.steps),  # steps done at each step stop (all, unless sampled)
        "steadyBeats": list(plan.steady_beats),  # beats between step stops, A off
        "eventRest": list(plan.event_rest),  # the slot of each event stop (`,` `.`)
        "eventBeats": list(plan.event_beats),
        "auto": plan.auto,
        "sampled": plan.sampled,
        "paceLabelsBy": labels_by,  # [level, or "auto" for step on the automatic pace]
        "playing": playing,
        "track": [track.x, track.y, track.w, track.h],
        "playButton": [button.x, button.y, button.w, button.h],
        "scale": layout.scale,
    }
    payload = pack(header, _atlas_rows(), store)
    title = f"puzzleviz: {gettext(source.look.scene.title)}"
    html = page_html(title, payload, {"width": size[0], "height": size[1]}, current_language())
    return ExportResult(html, len(store.slots), store.unique_count, len(payload),
                        time.perf_counter() - started)  # fmt: skip


def export_html(trace: Trace, out: str | Path, size: tuple[int, int] = (1280, 720)) -> ExportResult:
    """Write the page for `trace` to `out` (a file, atomically, or '-' for stdout)."""
    result = render_page(trace, size)
    with atomic.open_output(out) as stream:
        stream.write(result.html)
    return result

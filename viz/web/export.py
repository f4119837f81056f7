"""`puzzleviz export`: a trace as one self-contained HTML file that plays it offline.

See docs/browser-player.md: the window's draw lists at every step's rest and a few moments
of its motion, delta-coded and gzipped (viz.web.encode), drawn by the page's script (assets/web)
with the window's shaders.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from puzzleviz.solvers import atomic
from puzzleviz.solvers.i18n import LANGUAGES, current_language, gettext
from puzzleviz.solvers.quiz import Judge
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.color import BACKGROUND
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.text import ATLAS
from puzzleviz.viz.timeline import Level
from puzzleviz.viz.web.encode import FrameStore, Interned, pack
from puzzleviz.viz.web.frames import ExportError, FrameSource
from puzzleviz.viz.web.frames3d import scene3d_store
from puzzleviz.viz.web.languages import help_rows, help_runs, in_language, scene_drawn_once
from puzzleviz.viz.web.page import page_html
from puzzleviz.viz.web.quiz_page import check_stops, quiz_header
from puzzleviz.viz.web.sampling import DEFAULT_TWEENS

# a quiz's judge and the steps it asks before (0-based)
Quiz = tuple[Judge, Sequence[int]]
# draws a tour's title card for a trace, with its keys or not (a lesson's: viz.web.lesson_page)
Card = Callable[[DrawList2D, bool], None]

__all__ = [
    "Baked",
    "Card",
    "ExportError",
    "ExportResult",
    "bake",
    "export_html",
    "render_page",
    "render_tour",
]


@dataclasses.dataclass(frozen=True)
class ExportResult:
    html: str
    frames: int  # slots the page can show, in all its languages
    unique_frames: int
    payload_bytes: int  # gzip, before base64
    seconds: float
    scene_draws: int = 0  # the scene's drawings, all languages together


def _atlas_rows() -> np.ndarray:
    """The atlas rows that hold glyphs (the rest is empty and is not sent)."""
    used = np.flatnonzero(ATLAS.pixels.any(axis=1))
    rows = int(used[-1]) + 1 if len(used) else 0
    return ATLAS.pixels[:rows]


@dataclasses.dataclass(frozen=True)
class Baked:
    """One trace's payload and what the page says of it."""

    payload: bytes
    titles: dict[str, str]  # language -> the page's title
    frames: int
    unique_frames: int
    scene_draws: int  # the scene's drawings (once a moment where no language changes it)
    scene3d: str | None = None  # a 3D scene's layers, base64 of their own gzip (frames3d)


def bake(
    trace: Trace,
    size: tuple[int, int] = (1280, 720),
    tweens: int = DEFAULT_TWEENS,
    progress: Callable[[], None] | None = None,
    *,
    languages: Sequence[str] = ("en",),
    card: Card | None = None,
    tour: bool = False,
    quiz: Quiz | None = None,
) -> Baked:
    """`trace`'s payload in each of `languages` (the first is the one the page opens in):
    every moment in each language one after the other, so a language's frame sits next to
    the same moment's in another and shares its rows (viz.web.languages draws the scene
    once for all where that is exact). `card` draws a tour's title card for the trace;
    `quiz`: the judge and the steps of a quiz the page plays (viz.web.quiz_page)."""
    languages = tuple(languages)
    sources: dict[str, FrameSource] = {}
    for code in languages:
        with in_language(code):
            sources[code] = FrameSource(trace, size, tweens, quiz=quiz is not None)
    lead = sources[languages[0]]
    if quiz is not None:
        check_stops(trace, quiz[1], lead.schedule.positions)
    store = FrameStore()
    playing: dict[str, list[int]] = {code: [] for code in languages}
    slots: dict[str, list[int]] = {code: [] for code in languages}
    # a 3D scene's layers are the same in every language: they are kept from the first
    scene3d = scene3d_store(lead)
    runs = {code: source.runs(progress if code == languages[0] else None,
                              None if scene3d is None else scene3d.add if source is lead
                              else _same_layers)
            for code, source in sources.items()}  # fmt: skip
    # drawn moment by moment (the scene drawn once for all languages where that is exact),
    # stored language by language: each frame follows its own language's frame before
    drawn: dict[str, list[tuple[Interned, Interned]]] = {code: [] for code in languages}
    with scene_drawn_once(lead.look.scene, languages) as memo:
        for _ in lead.schedule.positions:
            for code in languages:
                with in_language(code):
                    paused, moving = next(runs[code])
                drawn[code].append((store.intern(paused), store.intern(moving)))
    for code in languages:
        for paused_frame, moving_frame in drawn.pop(code):
            if code == languages[0]:
                slots[code].append(store.add_interned(paused_frame))
            else:
                slots[code].append(store.commit(paused_frame))
            playing[code].append(store.commit(moving_frame))
    plan = lead.schedule
    speeds = sorted({*plan.speeds, plan.speed})
    words: dict[str, dict[str, Any]] = {}
    for code, source in sources.items():
        with in_language(code):
            layout = source.layout()
            labels, labels_by = _pace_labels(source, speeds, store)
            words[code] = {
                "slots": slots[code],
                "playing": playing[code],
                "paceLabels": labels,
                "paceLabelsBy": labels_by,
                "help": store.store(
                    help_runs(layout, help_rows(tour, card is not None, camera=scene3d is not None))
                ),
                "title": f"puzzleviz: {gettext(source.look.scene.title)}",
            }
            if card is not None:  # the card, and the card with its keys (H)
                for name, keys in (("card", False), ("cardKeys", True)):
                    d = DrawList2D(*size)
                    card(d, keys)
                    words[code][name] = store.store(d.finish())
    layout = lead.layout()
    track, button = layout.track, layout.play_button
    opening = words[languages[0]]
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
        "paceLabels": opening["paceLabels"],  # [speed][step, or one for all]: its pace text
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
        "paceLabelsBy": opening["paceLabelsBy"],  # [level, or "auto" for step on auto pace]
        "playing": opening["playing"],
        "track": [track.x, track.y, track.w, track.h],
        "playButton": [button.x, button.y, button.w, button.h],
        "scale": layout.scale,
        "languages": list(languages),  # the menu's, the opening one first
        "words": words,  # language -> its slots, playing, paceLabels, help (, card), title
    }
    if quiz is not None:
        header["quiz"] = quiz_header(trace, quiz[0], quiz[1], sources)
    payload = pack(header, _atlas_rows(), store)
    titles = {code: str(words[code]["title"]) for code in languages}
    frames = len(store.slots) * len(languages)
    return Baked(payload, titles, frames, store.unique_count, memo.drawn,
                 None if scene3d is None else scene3d.base64())  # fmt: skip


def _same_layers(layers: Sequence[DrawList3D]) -> None:
    """Another language's 3D layers: the first language's, already kept."""


def _pace_labels(
    source: FrameSource, speeds: list[float], store: FrameStore
) -> tuple[list[list[int]], dict[str, list[list[int]]]]:
    """The frame of each pace text (rows: speeds; columns: steps, or one for all): as the
    page opens, and by level (and "auto": by step on the automatic pace), each text's
    frame stored once, in the order first used (the same bytes on every export)."""
    label_frames: dict[str, int] = {}

    def labelled(rows: list[list[str]]) -> list[list[int]]:
        for text in dict.fromkeys(text for row in rows for text in row):  # in order
            if text not in label_frames:
                label_frames[text] = store.store(source.pace_runs(text))
        return [[label_frames[text] for text in row] for row in rows]

    labels = labelled(source.pace_labels(speeds))
    labels_by = {level.value: labelled(source.pace_labels(speeds, level, False)) for level in Level}
    labels_by["auto"] = labelled(source.pace_labels(speeds, Level.STEP, True))
    return labels, labels_by


def page_languages(languages: Sequence[str] | None, lang: str | None) -> tuple[str, ...]:
    """The menu's languages with the opening one first: `lang` (default the current
    language, or the first of `languages` if that is not among them)."""
    chosen = tuple(languages) if languages else tuple(LANGUAGES)
    opening = lang or current_language()
    if opening not in chosen:
        if lang is not None:
            raise ExportError(f"--lang {lang} is not among --languages {','.join(chosen)}")
        opening = chosen[0]
    return (opening, *(code for code in chosen if code != opening))


def render_page(
    trace: Trace,
    size: tuple[int, int] = (1280, 720),
    tweens: int = DEFAULT_TWEENS,
    progress: Callable[[], None] | None = None,
    *,
    languages: Sequence[str] | None = None,
    lang: str | None = None,
) -> ExportResult:
    """The page for `trace`, drawn at `size` pixels (the page scales it to fit), its
    menu in `languages` (default all), opening in `lang` (default the current language)."""
    return render_tour([trace], size, tweens, progress, languages=languages, lang=lang)


def render_tour(
    traces: Sequence[Trace],
    size: tuple[int, int] = (1280, 720),
    tweens: int = DEFAULT_TWEENS,
    progress: Callable[[], None] | None = None,
    *,
    languages: Sequence[str] | None = None,
    lang: str | None = None,
    cards: Sequence[Card] | None = None,
    quiz: Quiz | None = None,
) -> ExportResult:
    """Several traces in one page, each its own payload, played one after the other as
    the window's tour (N / P); `cards` draw each trace's title card (a lesson's); `quiz`
    asks about the first trace."""
    started = time.perf_counter()
    codes = page_languages(languages, lang)
    tour = len(traces) > 1
    drawn: Sequence[Card | None] = cards or [None] * len(traces)
    baked = [
        bake(
            trace,
            size,
            tweens,
            progress,
            languages=codes,
            tour=tour,
            card=card,
            quiz=quiz if k == 0 else None,
        )
        for k, (trace, card) in enumerate(zip(traces, drawn, strict=True))
    ]
    settings: dict[str, object] = {"width": size[0], "height": size[1]}
    if any(b.scene3d for b in baked):  # each trace's 3D layers, or null (viz/web/frames3d.py)
        settings["scene3d"] = [b.scene3d for b in baked]
    names = {code: LANGUAGES[code] for code in codes}
    html = page_html(baked[0].titles[codes[0]], [b.payload for b in baked], settings, codes[0],
                     names)  # fmt: skip
    return ExportResult(
        html,
        frames=sum(b.frames for b in baked),
        unique_frames=sum(b.unique_frames for b in baked),
        payload_bytes=sum(len(b.payload) for b in baked),
        seconds=time.perf_counter() - started,
        scene_draws=sum(b.scene_draws for b in baked),
    )


def export_html(
    traces: Trace | Sequence[Trace],
    out: str | Path,
    size: tuple[int, int] = (1280, 720),
    *,
    languages: Sequence[str] | None = None,
    lang: str | None = None,
    cards: Sequence[Card] | None = None,
    quiz: Quiz | None = None,
) -> ExportResult:
    """Write the page for `traces` (one, or a tour) to `out` (a file, atomically, or '-'
    for stdout); with `quiz`, a quiz on the first."""
    tour = [traces] if isinstance(traces, Trace) else list(traces)
    result = render_tour(tour, size, languages=languages, lang=lang, cards=cards, quiz=quiz)
    with atomic.open_output(out) as stream:
        stream.write(result.html)
    return result

"""puzzleviz in Jupyter: `puzzleviz.show(trace_or_path)` shows a solve inline.

By default what a student gets is the browser player (viz.web): the trace exported as the
page `puzzleviz export` writes, inside an iframe, so the window's keys, timeline and
captions work in the notebook and in the saved notebook too (the page needs no kernel, no
widget and no network).

Asked for a clip (`player="clip"`, or any option that shapes one: seconds, speed, level,
first_step, last_step, fps), it is a short recorded clip (the recorder's render path on
the headless EGL context, so a notebook server with no display works), embedded as an
HTML5 video with its captions as a text track, buttons that step from one step's result to
the next, and a button per chapter (the trace's milestones). The clip is self-contained
HTML: it plays in a saved notebook too, with no kernel and no widget state. With
`player="slider"` and ipywidgets installed, a step slider over still frames is shown, for a
kernel-side walk through a long trace.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import html
import importlib
import json
import os
import tempfile
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from puzzleviz.solvers.atomic import check_outputs, write_bytes
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracecheck import check_contents
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.gl import headless_context
from puzzleviz.viz.record import Recorder, RecordSettings, plan, stills, timed_text
from puzzleviz.viz.sinks import png_bytes
from puzzleviz.viz.subtitles import TimedText
from puzzleviz.viz.timeline import Level

if TYPE_CHECKING:
    import moderngl

__all__ = [
    "MAX_CLIP_FRAMES",
    "MAX_STILLS",
    "Clip",
    "PagePlayer",
    "clip_html",
    "record_clip",
    "show",
    "step_slider",
]

MAX_CLIP_FRAMES = 9_000  # five minutes at 30 fps; a notebook carries the clip inline
MAX_STILLS = 400
PAGE_SIZE = (1280, 720)  # the page's picture, as the window's; the iframe scales it
CLIP_SIZE = (854, 480)
PLAYERS = ("page", "clip", "slider")


@functools.cache
def _context() -> moderngl.Context:
    """One headless context for the kernel's life: every show() renders with it."""
    return headless_context()


def _trace(trace_or_path: Trace | str | os.PathLike[str]) -> Trace:
    """A trace to show: a file read and checked (solvers.tracefile), or a Trace built in the
    notebook, checked the same way before its rows reach a kernel."""
    if isinstance(trace_or_path, Trace):
        check_contents(trace_or_path)
        return trace_or_path
    return load_trace(trace_or_path)


@dataclasses.dataclass(frozen=True)
class Clip:
    """A recorded clip; Jupyter shows it through `_repr_html_`. `mp4` is the file itself
    (with its subtitle track and chapters), for saving."""

    mp4: bytes
    timed: TimedText
    size: tuple[int, int]
    fps: int
    title: str
    source: Path | None = None  # the trace file it was recorded from

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the clip to `path`: through the output rule, so never over the trace it
        was recorded from (by name or through a link)."""
        check_outputs([("save()", path)], [self.source] if self.source else [])
        return write_bytes(path, self.mp4)

    def _repr_html_(self) -> str:
        return clip_html(self)


@dataclasses.dataclass(frozen=True)
class PagePlayer:
    """The browser player of a trace; Jupyter shows it through `_repr_html_`, an iframe
    holding the whole page (`srcdoc`), so the page's script runs apart from the notebook's
    and a saved notebook still plays it. `html` is the page itself, for saving."""

    html: str
    size: tuple[int, int]
    title: str

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the page to `path` (through the output rule, atomically)."""
        check_outputs([("save()", path)], [])
        return write_bytes(path, self.html.encode())

    def _repr_html_(self) -> str:
        w, h = self.size
        return (
            f'<iframe class="puzzleviz-page" title="{html.escape(self.title)}" '
            f'srcdoc="{html.escape(self.html, quote=True)}" '
            f'style="width:100%;max-width:{w}px;aspect-ratio:{w}/{h};border:0" '
            'allow="fullscreen" allowfullscreen></iframe>'
        )


def page_player(trace: Trace, size: tuple[int, int] = PAGE_SIZE) -> PagePlayer:
    """`trace` as the page `puzzleviz export` writes (imported here: a clip needs none of
    the exporter)."""
    from puzzleviz.viz.web.export import render_page

    return PagePlayer(render_page(trace, size).html, size, f"puzzleviz: {trace.header.kind}")


def clip_html(clip: Clip) -> str:
    """The video, its captions as a text track, step and chapter buttons, one script."""
    root = f"puzzleviz-{uuid.uuid4().hex[:12]}"
    w, h = clip.size
    data = base64.b64encode(clip.mp4).decode()
    half_frame = 0.5 / clip.fps
    timing = {
        "cues": [[c.start, c.end, c.text] for c in clip.timed.cues],
        # a step's result is its cue's last frame; the first stop is the very start
        "stops": [0.0] + [round(c.end - half_frame, 4) for c in clip.timed.cues],
        "chapters": [[c.start, c.title] for c in clip.timed.chapters],
    }
    script_json = json.dumps(timing).replace("</", "<\\/")  # a caption cannot end the script
    buttons = "".join(
        f'<button data-go="{n}" title="{html.escape(c.title)}">{html.escape(_short(c.title))}'
        "</button>"
        for n, c in enumerate(clip.timed.chapters[:24])
    )
    return f"""<div id="{root}" class="puzzleviz-clip" style="max-width:{w}px;font:14px sans-serif">
<div style="font-weight:bold;margin:4px 0">{html.escape(clip.title)}</div>
<video width="{w}" height="{h}" controls playsinline preload="auto"
 style="max-width:100%;height:auto" src="data:video/mp4;base64,{data}"></video>
<div style="display:flex;gap:6px;align-items:center;margin:4px 0;flex-wrap:wrap">
<button data-act="start" title="back to the start">&#x23EE;</button>
<button data-act="back" title="previous step">&#x25C0; step</button>
<button data-act="play" title="play / pause">&#x25B6;&#xFE0E; / &#x23F8;&#xFE0E;</button>
<button data-act="next" title="next step">step &#x25B6;&#xFE0E;</button>
<span data-role="where" style="color:#555"></span></div>
<div data-role="caption" style="min-height:1.4em"></div>
<div style="display:flex;gap:4px;flex-wrap:wrap;margin-top:4px">{buttons}</div>
<script>(function () {{
  var root = document.getElementById("{root}"), v = root.querySelector("video");
  var T = {script_json};
  try {{
    var track = v.addTextTrack("captions", "Captions", "en");
    T.cues.forEach(function (c) {{ track.addCue(new VTTCue(c[0], c[1], c[2])); }});
    track.mode = "hidden";
  }} catch (e) {{}}
  function stepAt(t) {{
    var k = 0; while (k < T.stops.length - 1 && T.stops[k + 1] <= t + 1e-3) k++; return k;
  }}
  function go(t) {{ v.pause(); v.currentTime = Math.max(0, t); }}
  function show() {{
    var t = v.currentTime, text = "";
    T.cues.forEach(function (c) {{ if (c[0] <= t && t < c[1]) text = c[2]; }});
    root.querySelector('[data-role="caption"]').textContent = text;
    root.querySelector('[data-role="where"]').textContent =
      "step " + stepAt(t) + " / " + (T.stops.length - 1);
  }}
  root.querySelectorAll("button[data-act]").forEach(function (b) {{
    b.onclick = function () {{
      var t = v.currentTime, act = b.dataset.act, k;
      if (act === "start") go(0);
      else if (act === "play") {{ if (v.paused) v.play(); else v.pause(); }}
      else if (act === "next") {{
        k = T.stops.findIndex(function (s) {{ return s > t + 1e-3; }});
        go(k < 0 ? v.duration : T.stops[k]);
      }} else {{
        var before = T.stops.filter(function (s) {{ return s < t - 1e-3; }});
        go(before.length ? before[before.length - 1] : 0);
      }}
    }};
  }});
  root.querySelectorAll("button[data-go]").forEach(function (b) {{
    b.onclick = function () {{ go(T.chapters[+b.dataset.go][0] + 1e-3); }};
  }});
  v.addEventListener("timeupdate", show); v.addEventListener("seeked", show); show();
}})();</script></div>"""


def _short(title: str, limit: int = 40) -> str:
    return title if len(title) <= limit else title[: limit - 1] + "…"


def show(
    trace_or_path: Trace | str | os.PathLike[str],
    *,
    player: str | None = None,
    seconds: float | None = None,
    speed: float | None = None,
    level: str | None = None,
    first_step: int | None = None,
    last_step: int | None = None,
    size: tuple[int, int] | None = None,
    fps: int | None = None,
    captions: bool = True,
    slider: bool = False,
) -> Any:
    """A trace (or a trace file) inline. `player="page"` (the default) is the browser
    player: every step both ways, the window's keys and timeline. `player="clip"` is a clip
    of about `seconds` (20 by default, or at `speed` units of `level` a second) with step
    buttons; any of seconds, speed, level, first_step, last_step and fps asks for a clip.
    `player="slider"` (or `slider=True`) is a step slider over still frames (needs
    ipywidgets). Steps are numbered from 1, as the HUD counts them."""
    clip_options = {"seconds": seconds, "speed": speed, "level": level,
                    "first_step": first_step, "last_step": last_step, "fps": fps}  # fmt: skip
    given = [name for name, value in clip_options.items() if value is not None]
    chosen = player or ("slider" if slider else "clip" if given else "page")
    if chosen not in PLAYERS:
        raise PuzzlevizError(f"player={player!r}: give one of {', '.join(PLAYERS)}")
    if chosen == "page" and given:
        raise PuzzlevizError(
            f"{given[0]}= shapes a clip, not the page: give player='clip', or leave it out"
        )
    trace = _trace(trace_or_path)
    if chosen == "page":
        return page_player(trace, size or PAGE_SIZE)
    settings = RecordSettings(
        size=size or CLIP_SIZE,
        fps=_whole_fps(15 if fps is None else fps),
        speed=speed,
        seconds_per_trace=None if speed is not None else 20.0 if seconds is None else seconds,
        level=Level(level) if level else None,
        first_step=first_step,
        last_step=last_step,
        captions=captions,
        head_seconds=0.5,
        tail_seconds=1.0,
    )
    settings.check()
    if chosen == "slider":
        return step_slider(trace, settings)
    clip = record_clip(trace, settings)
    if isinstance(trace_or_path, Trace):
        return clip
    return dataclasses.replace(clip, source=Path(trace_or_path))


def _whole_fps(fps: object) -> int:
    """A video has a whole number of frames a second: 2.5 was PyAV's AttributeError."""
    if isinstance(fps, int | float) and not isinstance(fps, bool) and float(fps).is_integer():
        return int(fps)
    raise PuzzlevizError(f"fps={fps!r}: give a whole number of frames a second, 1 to 240")


def record_clip(trace: Trace, settings: RecordSettings) -> Clip:
    segment = plan(trace, settings)
    if segment.frames > MAX_CLIP_FRAMES:
        raise PuzzlevizError(
            f"the clip would have {segment.frames:,} frames: give fewer seconds, a higher "
            "speed, or pick steps with first_step/last_step"
        )
    timed = timed_text([segment], settings.fps)
    recorder = Recorder(settings, ctx=_context())
    with tempfile.TemporaryDirectory(prefix="puzzleviz-") as folder:
        out = Path(folder) / "clip.mp4"
        recorder.record([segment], out, progress=False, timed=timed)
        data = out.read_bytes()
    title = timed.chapters[0].title if timed.chapters else trace.header.kind
    return Clip(data, timed, settings.size, settings.fps, title)


def step_slider(trace: Trace, settings: RecordSettings) -> Any:
    """ipywidgets: a Play button and a slider over the steps' results, one still each
    (at most MAX_STILLS, evenly spread over a longer trace)."""
    try:
        widgets: Any = importlib.import_module("ipywidgets")
    except ImportError:
        raise PuzzlevizError(
            "the slider needs ipywidgets (pip install ipywidgets); without it, show() "
            "gives the page player, or a clip with step buttons"
        ) from None
    first = (settings.first_step or 1) - 1
    last = settings.last_step or trace.n_steps
    steps = np.arange(first, last)
    if len(steps) > MAX_STILLS:
        steps = steps[np.linspace(0, len(steps) - 1, MAX_STILLS).round().astype(int)]
    cursors = [0] + [trace.step_range(int(s))[1] for s in steps]
    images = [png_bytes(image) for image in stills(trace, cursors, settings, _context())]
    labels = ["start"] + [f"step {s + 1}: {trace.step_caption_text(int(s))}" for s in steps]
    picture = widgets.Image(value=images[0], format="png", width=settings.size[0])
    caption = widgets.Label(value=labels[0])
    slider = widgets.IntSlider(value=0, min=0, max=len(images) - 1, description="step")
    play = widgets.Play(value=0, min=0, max=len(images) - 1, interval=700)
    widgets.jslink((play, "value"), (slider, "value"))

    def moved(change: dict[str, Any]) -> None:
        picture.value = images[change["new"]]
        caption.value = labels[change["new"]]

    slider.observe(moved, names="value")
    return widgets.VBox([widgets.HBox([play, slider]), caption, picture])

"""Headless recording: the player on a virtual clock (frame i at i/fps), rendered offscreen
and handed to a sink. No display is needed; the same render path as the window is used.

An MP4 also carries its explanation: the captions as a subtitle track and the milestones as
chapters (viz.subtitles), timed by playing the plan once without drawing, so they say what
the frames show; `webvtt=` writes the same cues as a WebVTT file beside it."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import moderngl
import numpy as np
from puzzleviz.solvers import atomic
from puzzleviz.solvers.errors import OutputError
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.solvers.progress import Progress
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.compose import Look, default_look, render_frame
from puzzleviz.viz.gl import headless_context, samples_for
from puzzleviz.viz.hud import HudOptions
from puzzleviz.viz.player import M, Player, speed_for_seconds
from puzzleviz.viz.renderer import Renderer
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.sinks import FrameSink, Mp4Options, RecordError, open_sink, output_kind
from puzzleviz.viz.subtitles import Mark, TimedText, TimedTextBuilder, milestone_title, webvtt
from puzzleviz.viz.target import RenderTarget
from puzzleviz.viz.timeline import Level

MAX_FRAMES = 2_000_000  # about 18 hours at 30 fps


def check_frames(frames: int, fps: int, hint: str) -> None:
    """A recording longer than anyone will watch (a speed of 1e-300) is refused before its
    first frame, whoever asked for it: `record`, a lesson, a notebook."""
    if frames > MAX_FRAMES:
        hours = frames / fps / 3600
        length = (
            f"have {frames:,} frames ({hours:,.1f} hours at {fps} fps)"
            if hours < 1e6
            else f"last more than a million hours at {fps} fps"
        )
        raise RecordError(f"the recording would {length}: {hint}")


@dataclasses.dataclass(frozen=True)
class RecordSettings:
    size: tuple[int, int] = (1280, 720)
    fps: int = 30
    speed: float | None = None  # a steady pace, units of `level` a second; None: automatic
    seconds_per_trace: float | None = None  # with no speed: pace each trace to last this long
    level: Level | None = None
    first_step: int | None = None  # 1-based, inclusive, as the HUD counts steps
    last_step: int | None = None
    captions: bool = True  # drawn in the picture
    subtitles: bool = True  # an MP4's subtitle track (chapters are written either way)
    samples: int | None = None  # MSAA; None: the default for this GL implementation
    head_seconds: float = 0.75  # rest on the first frame
    tail_seconds: float = 1.5  # rest on the result
    crf: int = 20
    preset: str = "superfast"

    def check(self) -> None:
        w, h = self.size
        if not (16 <= w <= 7680 and 16 <= h <= 4320):
            raise RecordError(f"size {w}x{h} is outside 16x16 .. 7680x4320")
        if not 1 <= self.fps <= 240:
            raise RecordError(f"fps {self.fps} is outside 1 .. 240")
        if self.speed is not None and not (math.isfinite(self.speed) and self.speed > 0):
            raise RecordError(f"speed {self.speed} is not a positive number of units per second")
        seconds = self.seconds_per_trace
        if seconds is not None and not (math.isfinite(seconds) and seconds > 0):
            raise RecordError(f"--seconds {seconds} is not a positive number of seconds")


@dataclasses.dataclass(frozen=True)
class Segment:
    """One trace's part of a recording, planned before any frame is drawn."""

    trace: Trace
    start: int  # event cursor
    end: int
    motion_frames: int
    head_frames: int
    tail_frames: int
    level: Level
    speed: float
    auto: bool
    title: str = ""  # its first chapter's title (default: the scene's heading)

    @property
    def frames(self) -> int:
        return self.head_frames + self.motion_frames + self.tail_frames


def plan(trace: Trace, settings: RecordSettings) -> Segment:
    n_steps = trace.n_steps
    first = settings.first_step or 1
    last = settings.last_step or n_steps
    if n_steps and not 1 <= first <= last <= n_steps:
        raise RecordError(f"steps {first}..{last} are not within 1..{n_steps}")
    start = trace.step_range(first - 1)[0] if n_steps else 0
    end = trace.step_range(last - 1)[1] if n_steps else 0
    level = settings.level or Level.STEP
    speed, auto = settings.speed, settings.speed is None  # the window's pace unless told
    if speed is None and settings.seconds_per_trace:
        speed = speed_for_seconds(trace, settings.seconds_per_trace, level)
    player = Player(trace, model_for(trace), level=level, speed=speed, auto=auto)
    seconds = player.seconds_between(start, end)
    return Segment(
        trace=trace,
        start=start,
        end=end,
        motion_frames=math.ceil(seconds * settings.fps - 1e-9),
        head_frames=round(settings.head_seconds * settings.fps),
        tail_frames=round(settings.tail_seconds * settings.fps),
        level=player.level,
        speed=player.speed,
        auto=auto,
    )


class Recorder:
    """Renders planned segments into one sink."""

    def __init__(self, settings: RecordSettings, ctx: moderngl.Context | None = None):
        settings.check()
        self.settings = settings
        self.ctx = ctx or headless_context()
        self.target = RenderTarget(self.ctx, settings.size, samples_for(self.ctx, settings.samples))
        self.renderer = Renderer(self.ctx)

    def frames(self, segment: Segment) -> Iterator[np.ndarray]:
        """The segment's frames as rendered, one by one (pixels as `_render` gives them)."""
        look: Look[PuzzleModel] | None = None
        for player in positions(segment, self.settings.fps):
            if look is None:
                scene = scene_for(segment.trace.header.kind)
                scene.warm_up(segment.trace)  # a video shows what the window shows at last
                hud = HudOptions(captions=self.settings.captions)
                look = default_look(scene, player.frame(), hud)
            yield self._render(player, look)

    def _render(self, player: Player[M], look: Look[M]) -> np.ndarray:
        """The frame as RGBA, bottom row first (sinks turn it round or convert it)."""
        render_frame(self.renderer, self.target, player.frame(), look)
        return self.target.read_pixels()

    def record(
        self,
        segments: Sequence[Segment],
        out: Path,
        *,
        progress: bool | None = None,
        webvtt_path: Path | None = None,
        timed: TimedText | None = None,
    ) -> Path:
        """Render `segments` into `out`; with `webvtt_path`, the captions go there too
        (written after the video, so a failed recording leaves neither). `timed`: the
        segments' timed text if the caller has it already."""
        total = sum(segment.frames for segment in segments)
        settings = self.settings
        if timed is None and (output_kind(out) == "mp4" or webvtt_path is not None):
            timed = timed_text(segments, settings.fps)
        if webvtt_path is not None:
            check_webvtt(webvtt_path)
        mp4 = Mp4Options(settings.crf, settings.preset, timed, settings.subtitles)
        sink: FrameSink = open_sink(out, settings.size, settings.fps, mp4)
        try:
            with Progress(total, f"recording {out.name}", enabled=progress, unit="frames") as bar:
                for segment in segments:
                    for data in self.frames(segment):
                        sink.write(data)
                        bar.advance()
            path = sink.close()
        except BaseException:
            sink.abort()
            raise
        if webvtt_path is not None and timed is not None:
            try:
                atomic.write_bytes(webvtt_path, webvtt(timed).encode())
            except OutputError as exc:
                raise RecordError(f"{exc} (the video {path} was written)") from None
        return path


def stills(
    trace: Trace, cursors: Sequence[int], settings: RecordSettings, ctx: moderngl.Context
) -> Iterator[np.ndarray]:
    """The trace at rest at each cursor, as RGB images (top row first), drawn as a
    recording's frames are (for a notebook's step slider)."""
    recorder = Recorder(settings, ctx)
    player = Player(trace, model_for(trace))
    scene = scene_for(trace.header.kind)
    scene.warm_up(trace)
    look = default_look(scene, player.frame(), HudOptions(captions=settings.captions))
    for cursor in cursors:
        player.seek(cursor)
        yield recorder._render(player, look)[::-1, :, :3]


def positions(segment: Segment, fps: int) -> Iterator[Player[PuzzleModel]]:
    """The segment's player at every frame of the recording, in order (the same player
    object, moved on): the one timeline that the frames and the timed text both follow."""
    trace = segment.trace
    player = Player(trace, model_for(trace), level=segment.level, speed=segment.speed,
                    auto=segment.auto)  # fmt: skip
    player.seek(segment.start)
    dt = 1.0 / fps
    for _ in range(segment.head_frames):
        yield player
    player.start_recording()
    for i in range(segment.motion_frames):
        if i == segment.motion_frames - 1:
            player.seek(segment.end)  # land exactly, whatever the float rounding
        else:
            player.advance(dt)
            if player.position > segment.end:
                player.seek(segment.end)
        yield player
    player.pause()
    for _ in range(segment.tail_frames):
        yield player


def timed_text(segments: Sequence[Segment], fps: int) -> TimedText:
    """The captions and chapters of a recording of `segments`, frame-exact: the plan is
    played once without drawing (what a frame costs without its pixels)."""
    builder = TimedTextBuilder(fps)
    for segment in segments:
        trace = segment.trace
        kinds = [kind for _, kind, _ in trace.milestones()]
        of_kind = Counter(kinds)
        seen: Counter[str] = Counter()
        titles = []
        for kind, (_, _, caption) in zip(kinds, trace.milestones(), strict=True):
            seen[kind] += 1
            titles.append(Mark(0, milestone_title(kind, caption, seen[kind], of_kind[kind]), kind))
        reached = int(np.searchsorted(trace.milestone_pos, segment.start, side="left"))
        scene = scene_for(trace.header.kind)
        scene.warm_up(trace)
        first = True
        for player in positions(segment, fps):
            frame = player.frame()
            marks = titles[reached : frame.milestones_reached]
            reached = max(reached, frame.milestones_reached)
            if first:
                marks = [Mark(0, segment.title or scene.heading(frame)), *marks]
                first = False
            builder.add_frame(frame.caption, marks)
    return builder.finish()


def webvtt_beside(out: Path) -> Path | None:
    """out.mp4 -> out.vtt, for a video written to a regular file (not a PNG folder, a GIF
    or a device)."""
    if output_kind(out) != "mp4" or atomic.output_kind(out) != "file":
        return None
    return out.with_suffix(".vtt")


def is_webvtt(head: bytes) -> bool:
    """Whether a file beginning with `head` is a WebVTT file (captions written before)."""
    return head.removeprefix(b"\xef\xbb\xbf").startswith(b"WEBVTT")


def check_webvtt(path: Path, inputs: Sequence[Path] = (), hint: str = "") -> None:
    """The captions beside a video are an output nobody named: never an input, and an
    existing file there is replaced only if it is captions already (a file the user keeps
    under that name, or a link to one, is refused before the recording starts)."""
    output = atomic.Output("the captions", path, named=False, own=is_webvtt,
                           what="WebVTT captions file")  # fmt: skip
    try:
        atomic.check_outputs([output], inputs)
    except OutputError as exc:
        raise RecordError(f"{exc}{hint}") from None


def record_traces(
    traces: Sequence[Trace],
    out: str | Path,
    settings: RecordSettings = RecordSettings(),
    *,
    progress: bool | None = None,
    webvtt_path: Path | None = None,
) -> Path:
    """Record one or more traces back to back into `out` (.mp4, .gif or a folder), and
    with `webvtt_path` their captions as WebVTT (see `webvtt_beside`)."""
    target = Path(out)
    segments = [plan(trace, settings) for trace in traces]
    return Recorder(settings).record(segments, target, progress=progress, webvtt_path=webvtt_path)

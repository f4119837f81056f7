"""Where recorded frames go: H.264 MP4, GIF, or a folder of PNG frames.

Every sink writes to a temporary name beside the target and renames it only when the
recording completed, so an interrupted or failed recording never leaves a broken file under
the name the user asked for. Video encoding runs on its own thread, overlapping the next
frame's rendering; PyAV releases the GIL while x264 works.

An MP4 carries the recording's timed text (viz.subtitles): the captions as a mov_text
subtitle track, muxed on the encoding thread as the video reaches each cue so the file
stays interleaved, and the milestones as chapters, set before the header is written (the
MP4 muxer writes its chapter track from them). Both need PyAV 16 or newer; an older PyAV
records the video alone and says so once.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import os
import queue
import shutil
import stat
import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import ParamSpec, TypeVar

import av
import av.logging
import av.subtitles.stream
import av.subtitles.subtitle
import numpy as np
from av.container import OutputContainer
from puzzleviz.solvers import atomic
from puzzleviz.solvers.errors import OutputError, PuzzlevizError
from puzzleviz.solvers.i18n import ISO_639_2, current_language
from puzzleviz.viz.subtitles import ASS_HEADER, TimedText, ass_dialogue
from puzzleviz.viz.yuv import BT709, LIMITED_RANGE, rgb_to_yuv420

VIDEO_SUFFIXES = (".mp4", ".m4v", ".mov")
P = ParamSpec("P")
T = TypeVar("T")


class RecordError(PuzzlevizError):
    """The recording could not be written."""


def _record_errors(method: Callable[P, T]) -> Callable[P, T]:
    """Failures of solvers.atomic (a missing folder, a full disk) as RecordError, the one
    error a recording raises, with the same line."""

    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return method(*args, **kwargs)
        except OutputError as exc:
            raise RecordError(str(exc)) from None

    return wrapped


def output_kind(path: Path) -> str:
    """'mp4', 'gif' or 'png' (a folder of frames) from the output path."""
    text = str(path)
    if text == atomic.STDOUT:
        raise RecordError("cannot record to standard output: name a .mp4 or .gif file or a folder")
    if path.name.lower() in (*VIDEO_SUFFIXES, ".gif", ".png"):
        raise RecordError(
            f"{path.name} is only an extension: name the recording, e.g. out{path.name.lower()}"
        )
    suffix = path.suffix.lower()
    if text.endswith(("/", os.sep)) or path.is_dir() or not suffix:
        return "png"
    if suffix in VIDEO_SUFFIXES:
        return "mp4"
    if suffix == ".gif":
        return "gif"
    raise RecordError(f"cannot record to {suffix} files: use .mp4, .gif or a folder for PNG frames")


@_record_errors
def check_target(target: Path) -> str:
    """Everything opening a sink for `target` would refuse, checked before any work (the
    kind, the folder, a PNG folder that is not empty). Returns the kind."""
    kind = output_kind(target)
    if kind == "png":
        if not target.exists() and atomic.is_special_path(target):
            raise RecordError(f"cannot write {target}: no such device")
        if target.exists() and not target.is_dir():
            raise RecordError(
                f"{target} exists and is not a folder: PNG frames go into a new or empty "
                "folder; name a .mp4 or .gif file for a video"
            )
        if target.exists() and any(target.iterdir()):
            raise RecordError(f"{target} exists and is not an empty folder")
        atomic.check_folder(Path(str(target).rstrip("/" + os.sep)))
    elif atomic.check_output(target) == "stream" and kind == "mp4" and _is_pipe(target):
        raise RecordError(
            f"cannot record {target}: an MP4 file is written out of order and a pipe cannot "
            "go back; record to a file, or to a .gif"
        )
    return kind


def _is_pipe(target: Path) -> bool:
    try:
        return stat.S_ISFIFO(os.stat(target).st_mode)
    except OSError:
        return False


def png_bytes(pixels: np.ndarray) -> bytes:
    """A PNG of an (h, w, 3) image, encoded in memory so that writing it is an ordinary
    file write whose failure (a full disk) says what went wrong."""
    import pygame

    image = np.ascontiguousarray(pixels, dtype=np.uint8)
    h, w = image.shape[:2]
    surface = pygame.image.frombuffer(image.tobytes(), (w, h), "RGB")
    out = io.BytesIO()
    pygame.image.save(surface, out, "frame.png")
    return out.getvalue()


class FrameSink(ABC):
    """Receives frames as (h, w, 4) RGBA uint8 arrays, bottom row first (as OpenGL reads
    them); each sink turns them round or converts them on its own thread."""

    def __init__(self, target: Path, size: tuple[int, int], fps: int):
        self.target = target
        self.size = size
        self.fps = fps
        self.frames = 0

    @abstractmethod
    def write(self, pixels: np.ndarray) -> None: ...

    @abstractmethod
    def close(self) -> Path:
        """Finish and move the result to its final name."""

    @abstractmethod
    def abort(self) -> None:
        """Drop everything written so far."""


class _ContainerSink(FrameSink):
    """A PyAV container fed by two threads: one turns pixels into frames (flip, colour
    conversion), the other encodes; both overlap the rendering of the next frames."""

    container_format: str

    @_record_errors
    def __init__(self, target: Path, size: tuple[int, int], fps: int):
        super().__init__(target, size, fps)
        # A pipe or device is written in place; a file appears only when complete.
        check_target(target)
        in_place = atomic.output_kind(target) == "stream"
        self._temp = None if in_place else atomic.temp_beside(target, ".part")
        av.logging.set_level(av.logging.PANIC)  # errors reach the user as one RecordError line
        try:
            self._container = av.open(str(self._temp or target), "w", format=self.container_format)
            self._stream = self._open_stream()
        except av.error.FFmpegError as exc:
            self._drop_temp()
            raise self._failure(exc, f"cannot start the {self.container_format} encoder") from None
        self._pixels: queue.Queue[np.ndarray | None] = queue.Queue(maxsize=3)
        self._frames: queue.Queue[av.VideoFrame | None] = queue.Queue(maxsize=3)
        self._error: BaseException | None = None
        self._threads = [
            threading.Thread(target=self._convert_loop, name="convert", daemon=True),
            threading.Thread(target=self._encode_loop, name="encode", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    @abstractmethod
    def _open_stream(self) -> av.VideoStream: ...

    @abstractmethod
    def _frame(self, pixels: np.ndarray, index: int) -> av.VideoFrame:
        """The video frame for RGBA pixels stored bottom row first."""

    @abstractmethod
    def _encode(self, frame: av.VideoFrame) -> None: ...

    @abstractmethod
    def _flush(self) -> None: ...

    def _convert_loop(self) -> None:
        index = 0
        try:
            while (pixels := self._pixels.get()) is not None:
                if self._error is None:
                    self._frames.put(self._frame(pixels, index))
                    index += 1
        except BaseException as exc:  # reported on the caller's thread
            self._error = self._error or exc
            while self._pixels.get() is not None:  # drain so the producer never blocks
                pass
        finally:
            self._frames.put(None)

    def _encode_loop(self) -> None:
        try:
            while (frame := self._frames.get()) is not None:
                if self._error is None:
                    self._encode(frame)
            if self._error is None:
                self._flush()
        except BaseException as exc:
            self._error = self._error or exc
            while self._frames.get() is not None:
                pass

    def _failure(self, error: BaseException, what: str) -> RecordError:
        """One line naming the user's path and the encoder's reason (a full disk), never
        the temp file the encoder was writing."""
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        return RecordError(f"cannot write {self.target}: {what}: {reason}")

    def _drop_temp(self) -> None:
        if self._temp is not None:
            self._temp.unlink(missing_ok=True)

    def _raise_if_failed(self) -> None:
        if self._error is not None:
            error = self._error
            self.abort()
            raise self._failure(error, f"the {self.container_format} encoder failed")

    def write(self, pixels: np.ndarray) -> None:
        self._raise_if_failed()
        self._pixels.put(pixels)
        self.frames += 1

    def _finish_threads(self) -> None:
        if self._threads[0].is_alive():
            self._pixels.put(None)
        for thread in self._threads:
            thread.join()

    @_record_errors
    def close(self) -> Path:
        self._finish_threads()
        self._raise_if_failed()
        try:
            self._container.close()
        except (OSError, av.error.FFmpegError) as exc:
            self._drop_temp()
            raise self._failure(exc, f"the {self.container_format} encoder failed") from None
        if self._temp is not None:
            atomic.publish(self._temp, self.target)
        return self.target

    def abort(self) -> None:
        self._finish_threads()
        # Closing a half-written container may fail; the file is deleted anyway.
        with contextlib.suppress(Exception):
            self._container.close()
        self._drop_temp()


@dataclasses.dataclass(frozen=True)
class Mp4Options:
    """What an MP4 has besides its frames: x264's quality and speed, and the timed text
    (captions and chapters; `subtitles=False` leaves the captions' track out)."""

    crf: int = 20
    preset: str = "superfast"
    timed: TimedText | None = None
    subtitles: bool = True


class Mp4Sink(_ContainerSink):
    """H.264 in MP4, yuv420p (plays everywhere), constant frame rate from the virtual clock,
    BT.709 limited range (converted by viz.yuv and tagged as such); with timed text, a
    subtitle track and chapters."""

    container_format = "mp4"

    def __init__(
        self, target: Path, size: tuple[int, int], fps: int, options: Mp4Options = Mp4Options()
    ):
        if size[0] % 2 or size[1] % 2:
            raise RecordError(f"MP4 needs an even width and height, not {size[0]}x{size[1]}")
        self._crf, self._preset = options.crf, options.preset
        self._timed = timed = options.timed
        self._cues = list(timed.cues) if timed is not None and options.subtitles else []
        self._subtitles: av.subtitles.stream.SubtitleStream | None = None
        super().__init__(target, size, fps)

    def _open_stream(self) -> av.VideoStream:
        stream = self._container.add_stream("libx264", rate=self.fps)
        stream.width, stream.height = self.size
        stream.pix_fmt = "yuv420p"
        stream.options = {"crf": str(self._crf), "preset": self._preset}
        context = stream.codec_context
        context.colorspace = context.color_primaries = context.color_trc = BT709
        context.color_range = LIMITED_RANGE
        self._add_timed_text()
        return stream

    def _add_timed_text(self) -> None:
        timed = self._timed
        if timed is None or not (self._cues or timed.chapters):
            return
        if not timed_text_supported():
            self._cues = []
            print(
                f"puzzleviz: PyAV {av.__version__} cannot write subtitle tracks or chapters "
                "(PyAV 16 or newer can); the video has neither",
                file=sys.stderr,
            )
            return
        if self._cues:
            subtitles = self._container.add_stream("mov_text")
            subtitles.codec_context.subtitle_header = ASS_HEADER.encode()
            subtitles.metadata["language"] = ISO_639_2[current_language()]
            subtitles.metadata["handler_name"] = "puzzleviz captions"
            self._subtitles = subtitles
        if timed.chapters:
            ms = Fraction(1, 1000)
            self._container.set_chapters(
                [
                    {"id": n, "start": round(c.start * 1000), "end": round(c.end * 1000),
                     "time_base": ms, "metadata": {"title": c.title}}
                    for n, c in enumerate(timed.chapters, 1)
                ]
            )  # fmt: skip

    def _mux_cues(self, until: float) -> None:
        """Every cue that starts before `until` seconds, in order."""
        stream = self._subtitles
        while stream is not None and self._cues and self._cues[0].start < until:
            cue = self._cues.pop(0)
            start, end = round(cue.start * 1000), round(cue.end * 1000)
            subtitle = av.subtitles.subtitle.SubtitleSet.create(
                ass_dialogue(cue.text), 0, end - start, pts=start
            )
            packet = stream.codec_context.encode_subtitle(subtitle)
            packet.stream = stream
            packet.time_base = Fraction(1, 1000)
            self._container.mux(packet)

    def _frame(self, pixels: np.ndarray, index: int) -> av.VideoFrame:
        frame = av.VideoFrame.from_ndarray(rgb_to_yuv420(pixels), format="yuv420p")
        frame.pts = index
        return frame

    def _encode(self, frame: av.VideoFrame) -> None:
        for packet in self._stream.encode(frame):
            self._container.mux(packet)
        self._mux_cues(((frame.pts or 0) + 1) / self.fps)

    def _flush(self) -> None:
        for packet in self._stream.encode():
            self._container.mux(packet)
        self._mux_cues(float("inf"))


def timed_text_supported() -> bool:
    """Whether this PyAV can encode text subtitles and write chapters (PyAV 16+)."""
    return hasattr(av.subtitles.subtitle.SubtitleSet, "create") and hasattr(
        OutputContainer, "set_chapters"
    )


class GifSink(_ContainerSink):
    """GIF with a palette computed per frame (ffmpeg's palettegen/paletteuse), so flat
    puzzle colours stay exact instead of being dithered to a fixed palette."""

    container_format = "gif"

    def _open_stream(self) -> av.VideoStream:
        stream = self._container.add_stream("gif", rate=self.fps)
        stream.width, stream.height = self.size
        stream.pix_fmt = "pal8"
        graph = av.filter.Graph()
        w, h = self.size
        source = graph.add_buffer(
            width=w, height=h, format=av.VideoFormat("rgb24"), time_base=Fraction(1, self.fps)
        )
        split = graph.add("split")
        palette = graph.add("palettegen", "stats_mode=single:max_colors=256")
        use = graph.add("paletteuse", "new=1:dither=bayer:bayer_scale=3")
        sink = graph.add("buffersink")
        source.link_to(split)
        split.link_to(use, 0, 0)
        split.link_to(palette, 1, 0)
        palette.link_to(use, 0, 1)
        use.link_to(sink)
        graph.configure()
        self._graph = graph
        return stream

    def _frame(self, pixels: np.ndarray, index: int) -> av.VideoFrame:
        frame = av.VideoFrame.from_ndarray(pixels[::-1, :, :3], format="rgb24")
        frame.pts = index
        frame.time_base = Fraction(1, self.fps)
        return frame

    def _encode(self, frame: av.VideoFrame) -> None:
        index = frame.pts
        self._graph.push(frame)
        while True:
            try:
                out = self._graph.pull()
            except (av.error.BlockingIOError, av.error.EOFError):
                break
            assert isinstance(out, av.VideoFrame)  # the graph's one sink is a video sink
            out.pts = index
            for packet in self._stream.encode(out):
                self._container.mux(packet)

    def _flush(self) -> None:
        for packet in self._stream.encode():
            self._container.mux(packet)


class PngSink(FrameSink):
    """frame_000001.png ... in a new folder, created whole at the end."""

    @_record_errors
    def __init__(self, target: Path, size: tuple[int, int], fps: int):
        super().__init__(target, size, fps)
        check_target(target)
        folder = Path(str(target).rstrip("/" + os.sep))
        self._temp = atomic.temp_beside(folder, "", folder=True)

    @_record_errors
    def write(self, pixels: np.ndarray) -> None:
        self.frames += 1
        data = png_bytes(pixels[::-1, :, :3])
        try:
            (self._temp / f"frame_{self.frames:06d}.png").write_bytes(data)
        except OSError as exc:
            raise atomic.write_error(self.target, exc) from None

    @_record_errors
    def close(self) -> Path:
        try:
            if self.target.exists():
                self.target.rmdir()  # checked empty at the start
        except OSError as exc:
            raise atomic.write_error(self.target, exc) from None
        atomic.publish(self._temp, self.target)
        return self.target

    def abort(self) -> None:
        shutil.rmtree(self._temp, ignore_errors=True)


def open_sink(
    target: Path, size: tuple[int, int], fps: int, mp4: Mp4Options = Mp4Options()
) -> FrameSink:
    """The sink for `target`'s kind; `mp4` applies to an MP4 only (a GIF or PNG frames
    have no place for timed text)."""
    kind = output_kind(target)
    if kind == "mp4":
        return Mp4Sink(target, size, fps, mp4)
    if kind == "gif":
        return GifSink(target, size, fps)
    return PngSink(target, size, fps)

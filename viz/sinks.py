"""Where recorded frames go: H.264 MP4, GIF, or a folder of PNG frames.

Every sink writes to a temporary name beside the target and renames it only when the
recording completed, so an interrupted or failed recording never leaves a broken file under
the name the user asked for. Video encoding runs on its own thread, overlapping the next
frame's rendering; PyAV releases the GIL while x264 works.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import tempfile
import threading
from abc import ABC, abstractmethod
from fractions import Fraction
from pathlib import Path

import av
import av.logging
import numpy as np

from solvers.atomic import publish
from solvers.errors import PuzzlevizError
from viz.images import save_png

VIDEO_SUFFIXES = (".mp4", ".m4v", ".mov")


class RecordError(PuzzlevizError):
    """The recording could not be written."""


def output_kind(path: Path) -> str:
    """'mp4', 'gif' or 'png' (a folder of frames) from the output path."""
    text = str(path)
    suffix = path.suffix.lower()
    if text.endswith(("/", os.sep)) or path.is_dir() or not suffix:
        return "png"
    if suffix in VIDEO_SUFFIXES:
        return "mp4"
    if suffix == ".gif":
        return "gif"
    raise RecordError(f"cannot record to {suffix} files: use .mp4, .gif or a folder for PNG frames")


def _check_folder(target: Path) -> Path:
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise RecordError(f"cannot write {target}: folder {folder} does not exist")
    return folder


class FrameSink(ABC):
    """Receives RGB frames, bottom row first (as OpenGL reads them)."""

    def __init__(self, target: Path, size: tuple[int, int], fps: int):
        self.target = target
        self.size = size
        self.fps = fps
        self.frames = 0

    @abstractmethod
    def write(self, rgb_bottom_up: bytes) -> None: ...

    @abstractmethod
    def close(self) -> Path:
        """Finish and move the result to its final name."""

    @abstractmethod
    def abort(self) -> None:
        """Drop everything written so far."""

    def _image(self, data: bytes) -> np.ndarray:
        w, h = self.size
        return np.frombuffer(data, dtype=np.uint8).reshape(h, w, 3)[::-1]


class _ContainerSink(FrameSink):
    """A PyAV container on its own thread (MP4 or GIF)."""

    container_format: str

    def __init__(self, target: Path, size: tuple[int, int], fps: int):
        super().__init__(target, size, fps)
        folder = _check_folder(target)
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
        os.close(fd)
        self._temp = Path(name)
        av.logging.set_level(av.logging.PANIC)  # errors reach the user as one RecordError line
        try:
            self._container = av.open(str(self._temp), "w", format=self.container_format)
            self._stream = self._open_stream()
        except av.error.FFmpegError as exc:
            self._temp.unlink(missing_ok=True)
            raise RecordError(f"cannot start the {self.container_format} encoder: {exc}") from None
        self._queue: queue.Queue[bytes | None] = queue.Queue(maxsize=4)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="encoder", daemon=True)
        self._thread.start()

    @abstractmethod
    def _open_stream(self): ...

    @abstractmethod
    def _encode(self, image: np.ndarray, index: int) -> None: ...

    @abstractmethod
    def _flush(self) -> None: ...

    def _run(self) -> None:
        index = 0
        try:
            while True:
                data = self._queue.get()
                if data is None:
                    self._flush()
                    return
                self._encode(self._image(data), index)
                index += 1
        except BaseException as exc:  # report on the caller's thread
            self._error = exc
            while self._queue.get() is not None:  # drain so the producer never blocks
                pass

    def _raise_if_failed(self) -> None:
        if self._error is not None:
            error = self._error
            self.abort()
            message = str(error) or type(error).__name__
            raise RecordError(f"the {self.container_format} encoder failed: {message}")

    def write(self, rgb_bottom_up: bytes) -> None:
        self._raise_if_failed()
        self._queue.put(rgb_bottom_up)
        self.frames += 1

    def close(self) -> Path:
        self._queue.put(None)
        self._thread.join()
        self._raise_if_failed()
        self._container.close()
        publish(self._temp, self.target)
        return self.target

    def abort(self) -> None:
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
        # Closing a half-written container may fail; the file is deleted anyway.
        with contextlib.suppress(Exception):
            self._container.close()
        self._temp.unlink(missing_ok=True)


class Mp4Sink(_ContainerSink):
    """H.264 in MP4, yuv420p (plays everywhere), constant frame rate from the virtual clock."""

    container_format = "mp4"

    def __init__(self, target, size, fps, *, crf: int = 20, preset: str = "superfast"):
        if size[0] % 2 or size[1] % 2:
            raise RecordError(f"MP4 needs an even width and height, not {size[0]}x{size[1]}")
        self._crf, self._preset = crf, preset
        super().__init__(target, size, fps)

    def _open_stream(self):
        stream = self._container.add_stream("libx264", rate=self.fps)
        stream.width, stream.height = self.size
        stream.pix_fmt = "yuv420p"
        stream.options = {"crf": str(self._crf), "preset": self._preset}
        return stream

    def _encode(self, image: np.ndarray, index: int) -> None:
        frame = av.VideoFrame.from_ndarray(image, format="rgb24")
        frame.pts = index
        for packet in self._stream.encode(frame):
            self._container.mux(packet)

    def _flush(self) -> None:
        for packet in self._stream.encode():
            self._container.mux(packet)


class GifSink(_ContainerSink):
    """GIF with a palette computed per frame (ffmpeg's palettegen/paletteuse), so flat
    puzzle colours stay exact instead of being dithered to a fixed palette."""

    container_format = "gif"

    def _open_stream(self):
        stream = self._container.add_stream("gif", rate=self.fps)
        stream.width, stream.height = self.size
        stream.pix_fmt = "pal8"
        graph = av.filter.Graph()
        w, h = self.size
        source = graph.add_buffer(
            width=w, height=h, format="rgb24", time_base=Fraction(1, self.fps)
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

    def _encode(self, image: np.ndarray, index: int) -> None:
        frame = av.VideoFrame.from_ndarray(image, format="rgb24")
        frame.pts = index
        frame.time_base = Fraction(1, self.fps)
        self._graph.push(frame)
        while True:
            try:
                out = self._graph.pull()
            except (av.error.BlockingIOError, av.error.EOFError):
                break
            out.pts = index
            for packet in self._stream.encode(out):
                self._container.mux(packet)

    def _flush(self) -> None:
        for packet in self._stream.encode():
            self._container.mux(packet)


class PngSink(FrameSink):
    """frame_000001.png ... in a new folder, created whole at the end."""

    def __init__(self, target: Path, size: tuple[int, int], fps: int):
        super().__init__(target, size, fps)
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise RecordError(f"{target} exists and is not an empty folder")
        folder = _check_folder(Path(str(target).rstrip("/" + os.sep)))
        self._temp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=folder))

    def write(self, rgb_bottom_up: bytes) -> None:
        self.frames += 1
        save_png(self._temp / f"frame_{self.frames:06d}.png", self._image(rgb_bottom_up))

    def close(self) -> Path:
        if self.target.exists():
            self.target.rmdir()  # checked empty at the start
        publish(self._temp, self.target)
        return self.target

    def abort(self) -> None:
        shutil.rmtree(self._temp, ignore_errors=True)


def open_sink(
    target: Path, size: tuple[int, int], fps: int, *, crf: int = 20, preset: str = "superfast"
) -> FrameSink:
    kind = output_kind(target)
    if kind == "mp4":
        return Mp4Sink(target, size, fps, crf=crf, preset=preset)
    if kind == "gif":
        return GifSink(target, size, fps)
    return PngSink(target, size, fps)

"""Recordings go through the same output rules (issue 19, groups 1, 4 and 5): a full disk
while writing PNG frames is one line naming the user's folder (it was a pygame.error
traceback), a pipe takes a GIF in place, an MP4 cannot go to a pipe, and no file is ever
created under /dev."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import numpy as np
import pytest
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.viz.sinks import GifSink, PngSink, RecordError, check_target

from tests.reliability.pipes import read_fifo

FRAME = np.zeros((32, 48, 4), dtype=np.uint8)


def test_a_full_disk_while_writing_frames_names_the_folder(tmp_path, monkeypatch):
    target = tmp_path / "frames"
    sink = PngSink(target, (48, 32), 10)
    sink.write(FRAME)
    real_write = Path.write_bytes

    def full(self: Path, data: bytes) -> int:
        if self.suffix == ".png":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(RecordError) as caught:
        sink.write(FRAME)
    assert str(caught.value) == f"cannot write {target}: no space left on the device"
    sink.abort()
    assert list(tmp_path.iterdir()) == []


def test_frames_are_written_whole(tmp_path):
    target = tmp_path / "frames"
    sink = PngSink(target, (48, 32), 10)
    for _ in range(3):
        sink.write(FRAME)
    assert sink.close() == target
    assert sorted(p.name for p in target.iterdir()) == [f"frame_00000{i}.png" for i in (1, 2, 3)]
    assert (target / "frame_000001.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_gif_goes_through_a_pipe_in_place(tmp_path):
    fifo = tmp_path / "out.gif"
    with read_fifo(fifo) as received:
        sink = GifSink(fifo, (48, 32), 10)
        sink.write(FRAME)
        sink.close()
    assert received[0].startswith(b"GIF89a")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.gif"]


def test_an_mp4_is_refused_for_a_pipe(tmp_path):
    fifo = tmp_path / "out.mp4"
    os.mkfifo(fifo)
    with pytest.raises(PuzzlevizError, match="a pipe cannot go back"):
        check_target(fifo)


@pytest.mark.parametrize("name", ["/dev/nul", "/dev/full.mp4", "/dev/video-out.gif"])
def test_nothing_is_created_under_dev(name):
    with pytest.raises(PuzzlevizError, match="no such device"):
        check_target(Path(name))
    assert not os.path.exists(name)


def test_a_device_is_not_a_folder_of_frames():
    with pytest.raises(PuzzlevizError, match="is not a folder"):
        check_target(Path("/dev/null"))

"""solvers.reading: every non-trace file is read within bounds, and every refusal is one
line naming the path (issue 31)."""

from __future__ import annotations

import gzip
import os
import threading

import pytest
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.reading import (
    KB,
    FileFormat,
    inflate,
    parse_json,
    parse_toml,
    read_limited,
    read_text,
    size_text,
)

SMALL = FileFormat("test file", 4 * KB, inflated=64 * KB)


def test_a_regular_file_is_read_whole_up_to_its_limit(tmp_path):
    path = tmp_path / "ok.txt"
    path.write_bytes(b"x" * SMALL.limit)
    assert read_limited(path, SMALL) == b"x" * SMALL.limit
    path.write_bytes(b"x" * (SMALL.limit + 1))
    with pytest.raises(
        PuzzleInputError, match=r"ok.txt: 4.0 KB, more than a test file may have \(4 KB\)"
    ):
        read_limited(path, SMALL)


@pytest.mark.parametrize(
    ("device", "said"),
    [("/dev/zero", "is a device"), ("/dev/null", "is a device"), ("/dev/urandom", "is a device")],
)
def test_a_device_is_refused_before_it_is_read(device, said):
    with pytest.raises(PuzzleInputError, match=f"^{device}: {said}, not a test file"):
        read_limited(device, SMALL)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = threading.Event()

    def read() -> None:
        with pytest.raises(PuzzleInputError, match="is a pipe"):
            read_limited(fifo, SMALL)
        done.set()

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    thread.join(10)
    if not done.is_set():  # unblock the reader before failing, so the run goes on
        with open(fifo, "wb"):
            pass
    assert done.is_set(), "read_limited blocked on a FIFO"


def test_a_file_that_says_it_is_empty_is_still_read_within_the_limit():
    # /proc files report a size of 0 and hold more: the limit is on what is read
    with pytest.raises(PuzzleInputError, match="more than a test file may have"):
        read_limited("/proc/self/maps", FileFormat("test file", 16))


def test_missing_folder_and_unreadable_are_one_line(tmp_path):
    with pytest.raises(PuzzleInputError, match=r"gone\.txt: no such test file$"):
        read_limited(tmp_path / "gone.txt", SMALL)
    with pytest.raises(PuzzleInputError, match=r"is a folder, not a test file$"):
        read_limited(tmp_path, SMALL)
    with pytest.raises(PuzzleInputError, match="not a file name"):
        read_limited("a\0b", SMALL)
    if os.geteuid() != 0:  # root reads anything
        locked = tmp_path / "locked.txt"
        locked.write_text("x")
        locked.chmod(0)
        with pytest.raises(PuzzleInputError, match=r"cannot read \(permission denied\)"):
            read_limited(locked, SMALL)


def test_gzip_is_inflated_with_a_cap_member_by_member():
    data = b"hello " * 100
    assert inflate(gzip.compress(data), "x.gz", SMALL) == data
    assert inflate(gzip.compress(data) + gzip.compress(data), "x.gz", SMALL) == data * 2
    assert inflate(gzip.compress(data) + b"\0" * 10, "x.gz", SMALL) == data  # padding
    bomb = gzip.compress(b"\0" * (SMALL.inflated + 1))
    assert len(bomb) < SMALL.limit  # a small file ...
    with pytest.raises(
        PuzzleInputError, match=r"x.gz: unpacks to more than a test file may have \(64 KB\)"
    ):
        inflate(bomb, "x.gz", SMALL)  # ... that unpacks to more than its format may
    with pytest.raises(PuzzleInputError, match=r"damaged gzip file \(cut short\)"):
        inflate(gzip.compress(data)[:-12], "x.gz", SMALL)
    with pytest.raises(PuzzleInputError, match=r"damaged gzip file \(data after its end\)"):
        inflate(gzip.compress(data) + b"junk", "x.gz", SMALL)
    with pytest.raises(PuzzleInputError, match=r"damaged gzip file$"):
        inflate(b"\x1f\x8b" + b"\xff" * 40, "x.gz", SMALL)


def test_text_json_and_toml_errors_are_one_line(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(PuzzleInputError, match=r"x.json: not a text file \(byte 1 is not UTF-8\)"):
        read_text(path, SMALL)
    with pytest.raises(PuzzleInputError, match=r"x.json: not valid JSON \(line 2: "):
        parse_json("{\n]", path, SMALL)
    with pytest.raises(PuzzleInputError, match="nested too deeply to be a test file"):
        parse_json("[" * 100_000 + "]" * 100_000, path, SMALL)
    with pytest.raises(PuzzleInputError, match="nested too deeply to be a test file"):
        parse_toml("x = " + "[" * 20_000 + "]" * 20_000, path, SMALL)
    with pytest.raises(PuzzleInputError, match="not a valid TOML file"):
        parse_toml("x = = 1", path, SMALL)
    assert parse_json('{"a": [1]}', path, SMALL) == {"a": [1]}


def test_sizes_are_said_in_plain_units():
    assert [size_text(n) for n in (12, 4096, 1536, 16 << 20, 3 << 30)] == [
        "12 bytes", "4 KB", "1.5 KB", "16 MB", "3 GB"]  # fmt: skip

"""Every output goes through solvers.atomic: regular files atomically, pipes, devices and
`-` in place, never an input, every error naming the user's path (issue 19, group 1)."""

from __future__ import annotations

import errno
import os
import stat

import pytest
from puzzleviz.solvers import atomic
from puzzleviz.solvers.errors import OutputError

from tests.reliability.pipes import read_fifo


def test_a_regular_file_is_replaced_whole_or_not_at_all(tmp_path):
    target = tmp_path / "out.json"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic.open_output(target) as out:
        out.write("half")
        raise RuntimeError("the work failed")
    assert target.read_text() == "old"
    atomic.write_json(target, {"a": 1})
    assert target.read_text() == '{\n "a": 1\n}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]  # no temp file left


def test_a_fifo_is_written_in_place_and_stays_a_fifo(tmp_path):
    fifo = tmp_path / "pipe"
    with read_fifo(fifo) as received:
        atomic.write_bytes(fifo, b"through the pipe")
    assert received == [b"through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_character_device_is_written_in_place_and_stays_a_device():
    atomic.write_json("/dev/null", {"kept": True})
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_dash_is_standard_output(capsys):
    atomic.write_json("-", [1, 2])
    assert capsys.readouterr().out == "[1, 2]\n"


def test_reserved_stdout_keeps_messages_off_the_output(capsys):
    with atomic.reserve_stdout():
        print("a message for people")
        atomic.write_json(atomic.STDOUT, {"x": 1})
    out, err = capsys.readouterr()
    assert out == '{\n "x": 1\n}\n' and err == "a message for people\n"


def test_a_full_device_names_the_path():
    with pytest.raises(OutputError, match=r"^cannot write /dev/full: no space left"):
        atomic.write_bytes("/dev/full", b"x" * 100_000)


def test_a_full_disk_names_the_users_path_and_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "out.json"
    target.write_text("old")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError) as caught:
        atomic.write_json(target, {"a": 1})
    assert str(caught.value) == f"cannot write {target}: no space left on the device"
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_an_unwritable_folder_names_the_users_path_not_the_temp_file(tmp_path, monkeypatch):
    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / ".x.tmp"))

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refused)
    target = tmp_path / "x.mp4"
    with pytest.raises(OutputError) as caught:
        atomic.write_bytes(target, b"x")
    assert str(caught.value) == f"cannot write {target}: permission denied"


def test_a_long_legal_name_is_written(tmp_path):
    target = tmp_path / ("n" * 245 + ".json")  # 250 characters: legal, the temp name is shorter
    atomic.write_json(target, {})
    assert target.read_text() == "{}\n"


def test_a_name_too_long_is_one_line(tmp_path):
    target = tmp_path / ("n" * 300)
    with pytest.raises(OutputError, match="the name is too long"):
        atomic.check_output(target)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(OutputError, match="it is a folder"):
        atomic.write_json(tmp_path, {})


def test_a_block_device_is_refused():
    devices = [e.path for e in os.scandir("/dev") if stat.S_ISBLK(os.stat(e.path).st_mode)]
    if not devices:
        pytest.skip("no block device here")
    with pytest.raises(OutputError, match="it is a block device"):
        atomic.check_output(devices[0])


def test_a_symbolic_link_stays_a_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic.write_json(link, {"new": 1})
    assert link.is_symlink() and '"new"' in real.read_text()


def test_an_output_that_is_an_input_is_refused_by_inode(tmp_path):
    source = tmp_path / "puzzles.txt"
    source.write_text("keep")
    alias = tmp_path / "alias.txt"
    os.link(source, alias)
    for target in (source, alias):
        with pytest.raises(OutputError, match=f"cannot write {target}: it is the input"):
            atomic.check_output(target, inputs=[source])
    assert source.read_text() == "keep"


def test_two_outputs_naming_one_file_are_refused(tmp_path):
    with pytest.raises(OutputError, match="--json and --trace both name"):
        atomic.check_outputs([("--json", tmp_path / "x"), ("--trace", tmp_path / "x")])
    with pytest.raises(OutputError, match="both name -"):
        atomic.check_outputs([("--json", "-"), ("--trace", "-")])


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(OutputError, match="folder nowhere does not exist"):
        atomic.check_output("nowhere/x.json")


def test_stdout_is_recognised_under_its_other_names():
    assert atomic.is_stdout("-")
    assert atomic.is_stdout("/dev/fd/1") == atomic.is_stdout("/dev/stdout")


def test_a_mistyped_device_is_not_created():
    with pytest.raises(OutputError, match=r"^cannot write /dev/nul: no such device$"):
        atomic.write_json("/dev/nul", {})
    assert not os.path.exists("/dev/nul")


def test_files_in_dev_shm_are_ordinary_files():
    assert not atomic.is_special_path("/dev/shm/puzzleviz.json")
    assert atomic.is_special_path("/dev/stdout") and atomic.is_special_path("/proc/self/fd/1")


def is_log(head: bytes) -> bool:
    return head.startswith(b"LOG")


def test_an_existing_file_nobody_named_is_replaced_only_if_it_is_of_its_kind(tmp_path):
    beside = tmp_path / "out.vtt"
    atomic.check_outputs([atomic.Output("the captions", beside, named=False, own=is_log)])
    beside.write_text("LOG of an earlier run")  # written here before: replaced
    atomic.check_outputs([atomic.Output("the captions", beside, named=False, own=is_log)])
    beside.write_text("the user's notes")
    with pytest.raises(OutputError, match=r"out\.vtt exists and is not a log written here"):
        atomic.check_outputs([atomic.Output("the captions", beside, named=False, own=is_log,
                                            what="log")])  # fmt: skip
    atomic.check_outputs([atomic.Output("--json", beside)])  # named: the user's to replace


def test_a_log_is_a_regular_file_new_or_of_its_kind(tmp_path):
    def log(path):
        return atomic.Output("--split-log", path, own=is_log, appends=True, what="split log")

    atomic.check_outputs([log(tmp_path / "new.log")])
    (tmp_path / "empty.log").touch()
    atomic.check_outputs([log(tmp_path / "empty.log")])
    (tmp_path / "puzzle.xml").write_text("<puzzle/>")
    with pytest.raises(OutputError, match=r"puzzle.xml is not a split log: name a new file"):
        atomic.check_outputs([log(tmp_path / "puzzle.xml")])
    for device in ("/dev/null", "/dev/full", "-"):
        with pytest.raises(OutputError, match="a split log is a regular file that is read back"):
            atomic.check_outputs([log(device)])
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="not a device or a pipe"):
        atomic.check_outputs([log(fifo)])


def test_a_default_name_that_exists_gets_the_first_free_one(tmp_path):
    target = tmp_path / "lesson.mp4"
    assert atomic.free_name(target) == target
    target.touch()
    (tmp_path / "lesson-2.vtt").touch()  # the captions' name is taken: skip it too
    assert atomic.free_name(target, beside=(".vtt",)) == tmp_path / "lesson-3.mp4"
    (tmp_path / "lesson-3.mp4").symlink_to(tmp_path / "gone")  # a dangling link is taken
    assert atomic.free_name(target, beside=(".vtt",)) == tmp_path / "lesson-4.mp4"

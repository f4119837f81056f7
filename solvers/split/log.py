"""The resumable log of a split search: JSON lines, a header naming the search, then one
line per finished part, appended as each part comes back.

Why lines appended one by one: a run stopped at any moment (Ctrl-C, a killed machine, a
lost cluster) keeps every part finished before it, and the same command with the same log
searches only the rest. A line is written whole and flushed to disk before the next part is
looked at; a last line cut short by a crash is not a finished part, and is dropped when the
log is read. A log of another search (another puzzle, granularity, limit) is refused rather
than mixed in, and so is a file that is not a split log (its first line is the header) or
a log with a damaged line: the rest of the run would trust what it says.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

from puzzleviz.solvers.atomic import Output
from puzzleviz.solvers.reading import MB, FileFormat, read_limited
from puzzleviz.solvers.split.parts import Job, Key, PartResult, SplitError, load

FORMAT = 1
HEADER_START = b'{"split_log":'  # how every log this module writes begins
# A line per finished part: even a search of thousands of parts logs a few MB.
SPLIT_LOG = FileFormat("split log", 64 * MB, SplitError)


def is_split_log(head: bytes) -> bool:
    """Whether a file beginning with `head` is a split log (by its header line)."""
    return head.startswith(HEADER_START)


def log_output(path: str | os.PathLike[str], option: str = "--split-log") -> Output:
    """The log as an output: appended to, so a regular file, new or a split log already
    (never /dev/null, the input puzzle or another command's output)."""
    return Output(option, path, own=is_split_log, appends=True, what="split log")


Legacy = Callable[[Mapping[str, Any]], PartResult | None]


class SplitLog:
    """`path` holds the finished parts of one job. `legacy` reads lines of an older
    headerless log (the digits benchmark's) as parts; such a log is trusted as it was."""

    def __init__(self, path: str | os.PathLike[str], legacy: Legacy | None = None):
        self.path = Path(path)
        self.legacy = legacy
        self._file: IO[str] | None = None
        self._good_size = 0  # bytes of whole lines; a torn last line beyond is cut off
        self._read = False

    def read(self, job: Job) -> dict[Key, PartResult]:
        """The parts this log holds for `job` (none if the file does not exist yet)."""
        self._read = True
        if not self.path.exists():
            self._good_size = 0
            return {}
        raw = read_limited(self.path, SPLIT_LOG)
        if raw and self.legacy is None and not is_split_log(raw):
            raise SplitError(
                f"{self.path} is not a split log (its first line is not a split log's header); "
                "name a new file for --split-log"
            )
        done: dict[Key, PartResult] = {}
        lines = raw.split(b"\n")
        complete, tail = lines[:-1], lines[-1]  # tail: after the last newline
        position = 0
        header_seen = False
        for number, line in enumerate(complete, start=1):
            position += len(line) + 1
            if not line.strip():
                continue
            row = self._row(line, number)
            if number == 1 and "split_log" in row:
                self._check_header(row, job)
                header_seen = True
                continue
            part = self._part(row, number, header_seen)
            self._check_data(job, part, number)
            done[part.key] = part
        self._good_size = position
        last = self._tail(tail, header_seen) if tail.strip() else None
        if last is not None:
            self._check_data(job, last, len(complete) + 1)
            done[last.key] = last  # a whole last line without its newline
            self._good_size = len(raw)
        return done

    def _check_data(self, job: Job, part: PartResult, number: int) -> None:
        if job.check is None:
            return
        try:
            load(job.check)(job, part.data)
        except (KeyError, TypeError, ValueError):
            raise SplitError(
                f"{self.path}:{number}: a part this search could not have written; "
                "move the log away"
            ) from None

    def _row(self, line: bytes, number: int) -> dict[str, Any]:
        """A whole line (a torn last line is cut off when the log is opened to append, so
        a line that is not JSON was damaged by something else)."""
        try:
            row = json.loads(line)
        except (ValueError, RecursionError):
            raise SplitError(
                f"{self.path}:{number}: a damaged line (not JSON); move the log away and run again"
            ) from None
        if not isinstance(row, dict):
            raise SplitError(f"{self.path}:{number}: not a line of a split log; move it away")
        return row

    def _tail(self, tail: bytes, header_seen: bool) -> PartResult | None:
        try:
            row = json.loads(tail)
            return self._part(row, 0, header_seen)
        except (ValueError, RecursionError, SplitError):
            return None  # cut short by a crash: not a finished part

    def _check_header(self, row: Mapping[str, Any], job: Job) -> None:
        if row.get("split_log") != FORMAT:
            raise SplitError(f"{self.path}: a split log of another version ({row['split_log']})")
        theirs = json.dumps(row.get("job"), separators=(",", ":"))
        ours = json.dumps(job.identity(), separators=(",", ":"))
        if theirs != ours:
            raise SplitError(
                f"{self.path} is the log of another search ({_describe(row.get('job'))}); "
                f"name a new log file for this one"
            )

    def _part(self, row: Mapping[str, Any], number: int, header_seen: bool) -> PartResult:
        try:
            if "key" in row and (header_seen or self.legacy is not None):
                return PartResult.from_json(row)
            if "key" not in row and self.legacy is not None and not header_seen:
                part = self.legacy(row)
                if part is not None:
                    return part
        except (KeyError, TypeError, ValueError):
            pass
        where = f"{self.path}:{number}" if number else str(self.path)
        raise SplitError(f"{where}: not a line of a split log; move the file away")

    def append(self, job: Job, part: PartResult) -> None:
        """Add one finished part, whole and on disk before this returns."""
        if self._file is None:
            self._open(job)
        assert self._file is not None
        self._file.write(json.dumps(part.to_json(), separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def start(self, job: Job) -> None:
        """Create the log with its header now (so that even a run stopped before its first
        part leaves a log naming its search), or open an existing one for appending."""
        if self._file is None:
            self._open(job)

    def _open(self, job: Job) -> None:
        if not self._read:
            self.read(job)  # checks the header, and finds where the whole lines end
        fresh = self._good_size == 0  # new, empty, or only a torn first line
        handle = self.path.open("r+" if not fresh else "w", encoding="utf-8")
        if fresh:
            header = {"split_log": FORMAT, "job": job.identity()}
            handle.write(json.dumps(header, separators=(",", ":")) + "\n")
        else:
            handle.truncate(self._good_size)  # drop a torn last line
            handle.seek(self._good_size)
            if self._good_size and not self._ends_with_newline():
                handle.write("\n")
        handle.flush()
        os.fsync(handle.fileno())
        self._file = handle

    def _ends_with_newline(self) -> bool:
        with self.path.open("rb") as f:
            f.seek(self._good_size - 1)
            return f.read(1) == b"\n"

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _describe(identity: object) -> str:
    if not isinstance(identity, dict):
        return "unknown"
    problem = identity.get("problem")
    shown = (
        {k: v for k, v in problem.items() if not isinstance(v, dict | list)}
        if isinstance(problem, dict)
        else {}
    )
    words = ", ".join(f"{k} {v}" for k, v in shown.items())
    return f"{identity.get('puzzle')}" + (f": {words}" if words else "")

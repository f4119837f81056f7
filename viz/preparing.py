"""A lesson's slides prepared behind a live window: the first card is on the screen at once,
and each slide's trace arrives when it is ready.

Preparing a slide can take minutes on a new machine: a `solve` slide runs a solver, a demo
that ships no ready-made trace runs its builder, and either may first compile its numba
kernels. None of that may stand between the presenter and the first picture, so one worker
thread prepares the slides in order while the window runs, and the window asks what is
ready (`result`), what went wrong (`error`) and what is under way (`status`, in words and
seconds, for the card to show). A recording, which needs every slide, simply `wait`s.

A solve runs in a child process (killed on `cancel`, so Esc or Ctrl-C never waits for a
solver); a trace file is read and a demo is loaded or built on the thread itself (a daemon
thread: quitting the window never waits for it either).
"""

from __future__ import annotations

import dataclasses
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from puzzleviz.solvers.i18n import msg
from puzzleviz.viz.lesson import Lesson, LessonError, Prepared, Preparing, prepare_slide

POLL_SECONDS = 0.1  # how often a waiting solve checks for a cancel


@dataclasses.dataclass(frozen=True)
class Under:
    """What the worker is doing now: which slide, what (a message), since when."""

    index: int
    what: str
    started: float


class Preparation:
    """Prepares `lesson`'s slides on a worker thread, in order, from construction on."""

    def __init__(self, lesson: Lesson, say: Callable[[str], None] | None = None):
        self.lesson = lesson
        self._say = say
        self._results: list[Prepared | None] = [None] * len(lesson.slides)
        self._errors: list[LessonError | None] = [None] * len(lesson.slides)
        self._under: Under | None = None
        self._lock = threading.Lock()
        self._cancelled = threading.Event()
        self._child: subprocess.Popen[str] | None = None
        self._thread = threading.Thread(target=self._run, name="puzzleviz-prepare", daemon=True)
        self._thread.start()

    @classmethod
    def of(cls, lesson: Lesson, prepared: Sequence[Prepared]) -> Preparation:
        """A preparation that is already done (slides prepared beforehand, as in tests)."""
        done = cls.__new__(cls)
        done.lesson, done._say = lesson, None
        done._results = list(prepared)
        done._errors = [None] * len(prepared)
        done._under, done._lock, done._cancelled = None, threading.Lock(), threading.Event()
        done._child, done._thread = None, threading.Thread(target=lambda: None)
        done._thread.start()
        return done

    # -- asking ---------------------------------------------------------------------------

    def result(self, index: int) -> Prepared | None:
        with self._lock:
            return self._results[index]

    def error(self, index: int) -> LessonError | None:
        with self._lock:
            return self._errors[index]

    @property
    def ready(self) -> int:
        """How many slides are prepared (or failed: nothing more will come of them)."""
        with self._lock:
            pairs = zip(self._results, self._errors, strict=True)
            return sum(result is not None or error is not None for result, error in pairs)

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def under_way(self, index: int | None = None) -> tuple[int, str, float] | None:
        """(slide, what, seconds so far) of the slide being prepared now, if it is slide
        `index` (or with None, whichever it is)."""
        with self._lock:
            under = self._under
        if under is None or index not in (None, under.index):
            return None
        return under.index, under.what, time.monotonic() - under.started

    def wait(self) -> list[Prepared]:
        """Every slide, once all are prepared; the first slide that failed raises its
        LessonError. Ctrl-C while waiting stops the preparation (a solve is killed)."""
        try:
            while self._thread.is_alive():
                self._thread.join(POLL_SECONDS)
        except BaseException:
            self.cancel()
            raise
        for error in self._errors:
            if error is not None:
                raise error
        return [result for result in self._results if result is not None]

    def cancel(self) -> None:
        """Stop preparing: a solve under way is killed, later slides are not started."""
        self._cancelled.set()
        with self._lock:
            child = self._child
        if child is not None and child.poll() is None:
            child.kill()

    # -- the worker -----------------------------------------------------------------------

    def _run(self) -> None:
        for index in range(len(self.lesson.slides)):
            if self._cancelled.is_set():
                return
            with self._lock:  # until the slide says more (a demo built, a solve run)
                self._under = Under(index, msg("slide {number}", number=index + 1),
                                    time.monotonic())  # fmt: skip
            try:
                prepared = prepare_slide(self.lesson, index, self._report, self._run_child)
            except LessonError as exc:
                with self._lock:
                    self._errors[index] = exc
                continue
            except Exception as exc:  # a plugin's demo builder that fails: one line, go on
                where = f"{self.lesson.path}: slide {index + 1}"
                with self._lock:
                    self._errors[index] = LessonError(f"{where}: could not be prepared ({exc})")
                continue
            finally:
                with self._lock:
                    self._under = None
            with self._lock:
                self._results[index] = prepared

    def _report(self, preparing: Preparing) -> None:
        with self._lock:
            self._under = Under(preparing.index, preparing.what, time.monotonic())
        if self._say is not None:
            self._say(preparing.line)

    def _run_child(self, command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        """`command` in `cwd` as subprocess.run would, but killed as soon as we are
        cancelled."""
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True, cwd=cwd)  # fmt: skip
        with self._lock:
            self._child = child
        try:
            while True:
                try:
                    out, err = child.communicate(timeout=POLL_SECONDS)
                    break
                except subprocess.TimeoutExpired:
                    if self._cancelled.is_set():
                        child.kill()
            return subprocess.CompletedProcess(command, child.returncode, out, err)
        finally:
            with self._lock:
                self._child = None


def prepare(lesson: Lesson, say: Callable[[str], None] = print) -> list[Prepared]:
    """Every slide's trace, made now (solves run, demos built), for a recording, which
    needs them all; `say` hears what is being made. The window does not wait for this:
    it prepares behind the first card."""
    return Preparation(lesson, say).wait()


def preparing_text(what: str, seconds: float) -> str:
    """The card's line for a slide under way (a message: the reader's language)."""
    return msg("Preparing {what} · {seconds} s", what=what, seconds=round(seconds))

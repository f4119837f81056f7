"""Playing a puzzle in the window: a scene's Interaction turns keys and clicks into events,
the Session appends them to the trace being shown, and long work (a search) runs as a
background Job while the window stays live.

The split keeps scenes pure: an Interaction decides what a click means from the same layout
function its scene draws with, and asks the Session to act; it never touches the player,
the clock or GL.
"""

from __future__ import annotations

import threading
import time
from abc import ABC
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import numpy as np
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.i18n import msg, nmsg, render
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.trace_edit import append_step
from puzzleviz.viz.player import Frame, M, Player

if TYPE_CHECKING:
    from puzzleviz.viz.scene import View

R = TypeVar("R")
# Between the notices shown together in the band (a result, then the newest notice first):
# wider than the " · " inside a notice, so the band can drop whole notices from the end.
NOTICE_SEPARATOR = "  ·  "


class Job(Generic[R]):
    """Work on a background thread. The work function reads `cancelled` and writes
    `status` (a short line for the HUD); its result reaches `on_done` on the main thread.
    `label` and `status` are text or messages (solvers.i18n), shown in the reader's language."""

    def __init__(
        self,
        label: str,
        work: Callable[[Job[R]], R],
        on_done: Callable[[R], None],
    ):
        self.label = label
        self.status = ""
        self.cancelled = False
        self.started = time.perf_counter()
        self._result: list[R] = []  # the work's return value, once it has returned
        self.error: BaseException | None = None
        self._work, self._on_done = work, on_done
        self._thread = threading.Thread(target=self._run, name=f"job: {label}", daemon=True)

    def start(self) -> Job[R]:
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            self._result.append(self._work(self))
        except BaseException as exc:  # shown to the user by the session
            self.error = exc

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def cancel(self) -> None:
        self.cancelled = True

    def finish(self) -> None:
        """Deliver the result (main thread)."""
        self._thread.join()
        if self.error is None and not self.cancelled:
            self._on_done(self._result[0])


class Session(Generic[M]):
    """What an Interaction may do to the window's player and trace.

    Nothing is lost by acting: `load` (the App) keeps each trace it replaces, so Ctrl+Z
    brings it back; a notice says what was set aside and how to get it back."""

    def __init__(
        self, player_source: Callable[[], Player[M]], load: Callable[[Trace, float], None]
    ):
        self._player = player_source
        self._load = load
        self.job: Job[Any] | None = None  # whatever it returns: only its progress is shown here
        self.message = ""
        self.result = ""  # what a search or a hint found: stays until the user's next action
        self.frame: Frame[M] | None = None  # the frame last drawn, for hit-testing
        self.view: View | None = None

    @property
    def player(self) -> Player[M]:
        return self._player()

    @property
    def state(self) -> np.ndarray:
        """A copy of the state the user is looking at (a step in progress counts as done)."""
        player = self.player
        player.settle()
        return player.state.copy()

    def act(
        self,
        caption: str,
        events: Sequence[Event],
        *,
        milestone: str | None = None,
        counters: dict[str, int] | None = None,
    ) -> None:
        """Append `events` as one step at the cursor (setting aside anything after it, which
        undo brings back) and animate them."""
        player = self.player
        player.settle()
        cursor = player.cursor
        old = player.trace
        dropped = old.n_steps - int(np.searchsorted(old.step_start, cursor, side="left"))
        trace = append_step(old, player.model.events, cursor, caption, events,
                            milestone=milestone, counters=counters)  # fmt: skip
        self._load(trace, cursor)
        self.player.step_forward()
        if dropped:
            self.say(nmsg("the {n:,} later step set aside: U or Ctrl+Z brings it back",
                          "the {n:,} later steps set aside: U or Ctrl+Z brings them back",
                          dropped))  # fmt: skip

    def show(self, trace: Trace, position: float = 0.0, *, play: bool = True) -> None:
        """Replace the trace shown (e.g. a search result), starting at `position`; the
        trace it replaces is kept for undo."""
        old = self.player.trace
        self._load(trace, position)
        if play:
            self.player.play()
        if old.n_steps:
            self.say(nmsg("U brings back the trace before ({n:,} step)",
                          "U brings back the trace before ({n:,} steps)", old.n_steps))  # fmt: skip

    def start(self, job: Job[Any]) -> None:
        self.cancel()
        self.job = job.start()

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.job = None

    def poll(self) -> None:
        """Called every frame: hands a finished job's result over."""
        job = self.job
        if job is not None and job.done:
            self.job = None
            if job.error is not None:
                self.report(msg("{label} failed: {error}", label=job.label,
                                error=_said(job.error)))  # fmt: skip
            else:
                job.finish()

    def report(self, message: str) -> None:
        """A result (of a search, of a hint), shown until the user's next action: a notice
        fades after a few seconds, but a class may need longer to read what was found."""
        self.result = render(message)

    def say(self, message: str) -> None:
        """A notice (text or a message, shown in the reader's language); several in one turn
        are shown together, the newest first."""
        message = render(message)
        self.message = f"{message}{NOTICE_SEPARATOR}{self.message}" if self.message else message


def _said(error: BaseException) -> str:
    """An error as a notice: a PuzzlevizError's message (translated when it is a message),
    else the exception's own words."""
    return error.message if isinstance(error, PuzzlevizError) else str(error)


class Interaction(ABC, Generic[M]):
    """A scene's handling of input (every hook is optional). Keys come as pygame key names
    ("1", "x", "g"). An `Interaction[RingsModel]` sees the session's model as the rings'."""

    help: ClassVar[tuple[tuple[str, str], ...]] = ()

    def help_for(self, model: M) -> tuple[tuple[str, str], ...]:
        """The keys this interaction offers for `model` (by default: `help`)."""
        return self.help

    def on_key(self, key: str, shift: bool, session: Session[M]) -> bool:
        return False

    def on_click(self, x: float, y: float, button: int, session: Session[M]) -> bool:
        return False

    def on_wheel(self, x: float, y: float, steps: int, session: Session[M]) -> bool:
        return False

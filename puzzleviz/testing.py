"""The test kit of a puzzle package: what puzzleviz's own tests check of every puzzle.

    from puzzleviz.testing import run_cli, assert_one_line_error, check_model, render_frame

    def test_solves():
        run = run_cli("solve", "hanoi", "--disks", "3", "--json", "-")
        assert run.code == 0 and '"moves": 7' in run.out

    def test_model():
        check_model(HanoiModel(3), [Move(0, 2), Move(0, 1)])   # invertible, states valid

    def test_scene():
        image = render_frame(demo_trace(), size=(320, 180))     # headless, (h, w, 3) uint8

The CLI runs in this process (`run_cli`, quick, what a test of options wants) or in a
fresh one (`run_cli_process`: the installed command as a user starts it, entry points
read anew). Frames render offscreen through EGL (Mesa's llvmpipe needs no GPU and no
display), exactly as `puzzleviz record` draws them.

The renderer (moderngl, pygame) is imported by the first frame only, so a plugin's solver
tests run where no GL library is installed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import os
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from puzzleviz.solvers.arrays import StateArray
from puzzleviz.solvers.errors import TraceError
from puzzleviz.solvers.events import Event
from puzzleviz.solvers.i18n import current_language, set_language
from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
from puzzleviz.solvers.modelcheck import (
    assert_invertible,
    assert_trace_replays,
    assert_walk_invertible,
)
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracecheck import check_rows
from puzzleviz.solvers.tracer import RecordingTracer

if TYPE_CHECKING:
    import moderngl

__all__ = [
    "CliRun",
    "assert_invertible",
    "assert_one_line_error",
    "assert_trace_replays",
    "assert_walk_invertible",
    "check_model",
    "render_frame",
    "run_cli",
    "run_cli_process",
    "save_frame",
]

Image = npt.NDArray[np.uint8]


@dataclasses.dataclass(frozen=True)
class CliRun:
    """What a command did: its exit code and what it wrote."""

    code: int
    out: str
    err: str


def run_cli(*argv: str) -> CliRun:
    """`puzzleviz <argv>` in this process, its standard output and error captured (an
    argparse usage error or --help, which leave through SystemExit, included)."""
    from puzzleviz.viz.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    return CliRun(code, out.getvalue(), err.getvalue())


def run_cli_process(
    *argv: str,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    timeout: float = 300.0,
    python: str | os.PathLike[str] | None = None,
) -> CliRun:
    """`puzzleviz <argv>` in a new process of `python` (this interpreter unless given, e.g.
    a venv's), with `env` added to this process's environment (no display needed: SDL's
    dummy drivers unless `env` says otherwise)."""
    environment = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **os.environ}
    environment.update(env or {})
    done = subprocess.run(
        [str(python or sys.executable), "-m", "puzzleviz.viz.cli", *argv],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        timeout=timeout,
        check=False,
    )
    return CliRun(done.returncode, done.stdout, done.stderr)


def assert_one_line_error(*argv: str, match: str = "") -> str:
    """The rule for every bad input: exit code 2 and one line on stderr, no traceback.
    Returns the line."""
    run = run_cli(*argv)
    assert run.code == 2, f"exit code {run.code} for {argv}: {run.out}{run.err}"
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, f"expected one error line for {argv}, got: {run.err!r}"
    assert "Traceback" not in run.err
    if match:
        assert match in lines[0], f"{match!r} not in {lines[0]!r}"
    return lines[0]


def check_model(
    model: PuzzleModel, events: Iterable[Event], start: StateArray | None = None
) -> Trace:
    """Every check a model's walk must pass, in one call: the events are within the
    model's declared ranges (checked before any is applied); `start` (the model's initial
    state by default) and every state along them pass `check_state`; each event is
    invertible and survives its encoded row (apply then revert is the identity, for the
    event and along the walk; `apply_rows` agrees with `apply`); and the walk recorded as a
    trace replays to the same state, event by event and in bulk. Returns that trace (to
    check a scene with, say)."""
    first = model.initial_state() if start is None else np.asarray(start, dtype=STATE_DTYPE)
    walk = list(events)
    tracer = RecordingTracer(model, solver=f"{model.kind}.check", initial_state=first)
    tracer.step("check_model")
    for event in walk:
        tracer.emit(event)
    trace = tracer.finish()
    try:
        check_rows(model, trace)  # before any event is applied: a kernel checks no index
    except TraceError as exc:
        raise AssertionError(f"the walk's events are not all valid: {exc}") from None
    state = np.array(first, dtype=STATE_DTYPE, copy=True)
    model.check_state(state)
    for event in walk:
        model.apply(state, event)
        model.check_state(state.copy())
    assert_walk_invertible(model, first, walk)
    assert_trace_replays(trace, model, state)
    return trace


@functools.cache
def _context() -> moderngl.Context:
    """One headless context for the process (each costs a few hundred ms)."""
    from puzzleviz.viz.gl import headless_context

    return headless_context()


def render_frame(
    trace: Trace,
    cursor: int | None = None,
    *,
    size: tuple[int, int] = (320, 180),
    captions: bool = True,
    lang: str | None = None,
) -> Image:
    """The trace at rest after `cursor` events (None: at its end) as its scene and the
    HUD draw it in a recording, its words in `lang` (None: the current language): an
    (height, width, 3) uint8 RGB image, top row first."""
    from puzzleviz.viz.record import RecordSettings, stills

    settings = RecordSettings(size=size, captions=captions)
    settings.check()
    at = trace.n_events if cursor is None else cursor
    if not 0 <= at <= trace.n_events:
        raise ValueError(f"cursor {at} is outside the trace's 0 .. {trace.n_events} events")
    before = current_language()
    set_language(lang or before)
    try:
        image: Image = np.ascontiguousarray(next(stills(trace, [at], settings, _context())))
    finally:
        set_language(before)
    return image


def save_frame(
    trace: Trace,
    path: str | os.PathLike[str],
    cursor: int | None = None,
    *,
    size: tuple[int, int] = (320, 180),
    captions: bool = True,
    lang: str | None = None,
) -> Path:
    """`render_frame` written as a PNG at `path` (to look at, or to keep as a golden)."""
    from puzzleviz.viz.images import save_png

    image = render_frame(trace, cursor, size=size, captions=captions, lang=lang)
    return save_png(path, image)

"""The window shell: a resizable pygame OpenGL 3.3 core window around an App.

All behaviour lives in viz.app.App; this module only creates the window, pumps events,
keeps the viewport equal to the drawable size (HiDPI: the drawable may have more pixels than
the window has points) and shows the App's offscreen frame.
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path

import moderngl
import numpy as np
import pygame
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.warm import start_warming, stop_warming
from puzzleviz.viz.app import App
from puzzleviz.viz.gl import load_program
from puzzleviz.viz.timeline import Level
from pygame._sdl2.video import Window  # SDL's window: fullscreen and back, same GL context

FPS = 60
# While a background job runs: the notice's clock still moves (tenths of a second), and the
# job gets the CPU. Measured with a practice Jellyfish (P, one seed) under llvmpipe: 383 s
# at 60 frames a second, 39 s at 15, 32 s at 10, 22 s without a window.
JOB_FPS = 10


class WindowError(PuzzlevizError):
    """No window could be opened (no display, or no OpenGL 3.3)."""


def display_available() -> bool:
    """Whether a window can be shown at all (a display server on Linux; always elsewhere)."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _sdl_library() -> ctypes.CDLL | None:
    base = Path(pygame.__file__).parent
    patterns = [
        str(base.parent / "pygame.libs" / "libSDL2-*.so*"),
        str(base / ".dylibs" / "libSDL2*.dylib"),
        str(base / "SDL2.dll"),
    ]
    for pattern in patterns:
        for path in glob.glob(pattern):
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    return None


def drawable_size(window_size: tuple[int, int]) -> tuple[int, int]:
    """The GL drawable's size in pixels (SDL_GL_GetDrawableSize), or the window size."""
    sdl = _sdl_library()
    if sdl is not None:
        try:
            sdl.SDL_GL_GetCurrentWindow.restype = ctypes.c_void_p
            window = sdl.SDL_GL_GetCurrentWindow()
            if window:
                w, h = ctypes.c_int(), ctypes.c_int()
                sdl.SDL_GL_GetDrawableSize(
                    ctypes.c_void_p(window), ctypes.byref(w), ctypes.byref(h)
                )
                if w.value > 0 and h.value > 0:
                    return w.value, h.value
        except AttributeError:
            pass
    return window_size


class _Presenter:
    """Draws the App's resolved frame texture over the whole window."""

    def __init__(self, ctx: moderngl.Context):
        self.ctx = ctx
        self.program = load_program(ctx, "present")
        quad = np.array([-1, -1, 1, -1, -1, 1, 1, 1], dtype=np.float32)
        self.vao = ctx.vertex_array(self.program, [(ctx.buffer(quad), "2f", "corner")])

    def show(self, texture: moderngl.Texture, size: tuple[int, int]) -> None:
        self.ctx.screen.use()
        self.ctx.viewport = (0, 0, *size)
        self.ctx.disable(moderngl.BLEND | moderngl.DEPTH_TEST)
        texture.use(0)
        self.vao.render(moderngl.TRIANGLE_STRIP)


def _open(size: tuple[int, int]) -> None:
    pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MAJOR_VERSION, 3)
    pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MINOR_VERSION, 3)
    pygame.display.gl_set_attribute(pygame.GL_CONTEXT_PROFILE_MASK, pygame.GL_CONTEXT_PROFILE_CORE)
    if sys.platform == "darwin":
        pygame.display.gl_set_attribute(pygame.GL_CONTEXT_FORWARD_COMPATIBLE_FLAG, True)
    flags = pygame.OPENGL | pygame.DOUBLEBUF | pygame.RESIZABLE
    with warnings.catch_warnings():  # no vsync on some drivers: the frame clock still caps
        warnings.simplefilter("ignore")
        pygame.display.set_mode(size, flags, vsync=1)


class _Fullscreen:
    """F: the whole screen, and back to exactly the window there was (size and place).

    "Borderless windowed": the one SDL window, its border off, moved to the corner and made
    the desktop's size. Unlike SDL's fullscreen hint this needs no window manager (a
    classroom PC's kiosk session, Xvfb), and the GL context stays as it is."""

    def __init__(self) -> None:
        self.on = False
        self._window = Window.from_display_module()
        self._saved = (self._window.size, self._window.position)

    def toggle(self) -> None:
        window = self._window
        if not self.on:
            self._saved = (window.size, window.position)
            window.borderless = True
            window.position = (0, 0)
            window.size = pygame.display.get_desktop_sizes()[0]
        else:
            window.borderless = False
            window.size, window.position = self._saved
        self.on = not self.on


def run_window(
    traces: Sequence[Trace],
    *,
    size: tuple[int, int] = (1280, 720),
    fullscreen: bool = False,
    speed: float | None = None,
    level: Level | None = None,
    samples: int | None = None,
    max_frames: int | None = None,
    play: bool = True,
) -> None:
    """Show the traces until the user quits (or `max_frames` frames, for tests); `play`:
    start playing (a practice puzzle waits at its start for the student)."""

    def make(ctx: moderngl.Context, drawable: tuple[int, int]) -> App:
        app = App(ctx, traces, size=drawable, samples=samples, speed=speed, level=level)
        if play:
            app.player.play()
        return app

    kinds = [trace.header.kind for trace in traces]
    run_app(make, size=size, fullscreen=fullscreen, max_frames=max_frames, warm=kinds)


def run_app(
    make_app: Callable[[moderngl.Context, tuple[int, int]], App],
    *,
    size: tuple[int, int] = (1280, 720),
    fullscreen: bool = False,
    title: str = "puzzleviz",
    max_frames: int | None = None,
    warm: Sequence[str] = (),
) -> None:
    """The window's loop for any App (the viewer, a lesson): open an OpenGL 3.3 window,
    build the app for its drawable size, then events, tick, render and present at FPS
    frames a second (JOB_FPS while a background job runs) until the app asks to quit (or
    `max_frames` frames, for tests). The
    kernels of the puzzles `warm` names compile meanwhile where they never have
    (solvers.warm), so a first click that solves does not wait for them."""
    try:
        pygame.display.init()
        _open(size)
        ctx = moderngl.create_context(require=330)
    except (pygame.error, Exception) as exc:
        pygame.display.quit()
        raise WindowError(f"cannot open an OpenGL 3.3 window ({exc})") from None
    pygame.display.set_caption(title)
    window = pygame.display.get_window_size()
    warming = start_warming(warm)
    try:
        app = make_app(ctx, drawable_size(window))
        app.resize(drawable_size(window), window)
        presenter = _Presenter(ctx)
        screen = _Fullscreen()
        if fullscreen:
            screen.toggle()
        clock = pygame.time.Clock()
        frames = 0
        while not app.quit_requested and (max_frames is None or frames < max_frames):
            for event in pygame.event.get():  # a new size is read below, every frame
                if event.type not in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                    app.handle(event)
            if app.fullscreen_requested:
                app.fullscreen_requested = False
                screen.toggle()
            window = pygame.display.get_window_size()
            if drawable_size(window) != app.target.size:
                app.resize(drawable_size(window), window)
            app.tick(clock.tick(JOB_FPS if app.working else FPS) / 1000.0)
            app.render()
            presenter.show(app.target.texture, app.target.size)
            pygame.display.flip()
            frames += 1
    finally:
        stop_warming(warming)
        pygame.display.quit()

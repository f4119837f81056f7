"""The interactive viewer without the window: input events in, frames out.

Keeping the window shell (viz/window.py) thin means everything a user can do with keys and
mouse is testable headless: tests feed pygame events to an App on an EGL context.

Nothing a user does loses work: whenever the trace shown is replaced (a move made after
stepping back, a search result, a reset), the one it replaces goes on an undo stack;
U / Ctrl+Z and Ctrl+Y / Shift+U walk that history, each with a notice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import moderngl
import pygame
from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.i18n import N_, fill, gettext, msg, nmsg, render
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.compose import Look, default_look, make_view, render_frame
from puzzleviz.viz.gl import samples_for
from puzzleviz.viz.hud import HudLayout
from puzzleviz.viz.images import save_png
from puzzleviz.viz.interaction import NOTICE_SEPARATOR, Interaction, Session
from puzzleviz.viz.player import Player
from puzzleviz.viz.quiz_control import QUIZ_KEYS, QuizControl
from puzzleviz.viz.renderer import Renderer
from puzzleviz.viz.scene import Scene, scene_for, warm_up_beside
from puzzleviz.viz.target import RenderTarget
from puzzleviz.viz.timeline import Level

MESSAGE_SECONDS = 3.5
ORBIT_DEGREES_PER_PIXEL = 0.35
DOUBLE_CLICK_SECONDS = 0.4
HISTORY = 50  # traces kept for undo

PLAYER_KEYS = (
    # TRANSLATORS: the first of each pair is a key as the reader's keyboard prints it (a German
    # one prints Strg, Pos1, Ende, Umschalt) or what the mouse does; the second what it does.
    (N_("Space"), N_("play / pause (a step under way is finished)")),
    (N_("Right / Left"), N_("one step forward / back")),
    (N_("PageDown / PageUp"), N_("next / previous step (clickers)")),
    (N_("Shift+Right / Left"), N_("next / previous milestone")),
    (". / ,", N_("one event forward / back")),
    ("R", N_("play backward (again: forward)")),
    (N_("Home / End"), N_("start / end")),
    (N_("Up / Down"), N_("faster / slower")),
    ("A", N_("automatic pace: fast searches, slow at what they find")),
    ("L", N_("play by event, by step or by milestone")),
    (N_("click / drag timeline"), N_("jump / scrub")),
)
CAMERA_KEYS = (
    (N_("drag / right-drag"), N_("orbit / pan the camera")),
    (N_("wheel"), N_("zoom")),
    (N_("C or double-click"), N_("reset the camera")),
)
QUIZ_KEY = ("Q", N_("quiz: stop before the moves and ask for them"))
WINDOW_KEYS = (
    ("F", N_("fullscreen (again: back to the window)")),
    ("S", N_("screenshot (PNG in the current folder)")),
    ("H / Esc", N_("this help / quit")),
)
UNDO_KEYS = (
    (N_("U or Ctrl+Z"), N_("undo: bring back what was replaced")),
    (N_("Ctrl+Y"), N_("redo")),
)
# Keys that change only how things are looked at: a result on screen stays through them.
LOOKING_KEYS = (pygame.K_h, pygame.K_s, pygame.K_f, pygame.K_ESCAPE, pygame.K_c)


@dataclasses.dataclass(frozen=True)
class _Shown:
    """A trace and where it was, as the undo history keeps it."""

    trace: Trace
    position: float


class App:
    # Set by `load` for the trace shown. Its model and scene are found by the trace's kind at
    # run time, so the scene's own model type is not known here (Scene[Any]).
    player: Player[PuzzleModel]
    scene: Scene[Any]
    look: Look[Any]
    interaction: Interaction[Any] | None
    session: Session[PuzzleModel]

    def __init__(
        self,
        ctx: moderngl.Context,
        traces: Sequence[Trace],
        *,
        size: tuple[int, int],
        samples: int | None = None,
        speed: float | None = None,
        level: Level | None = None,
        screenshot_dir: Path = Path("."),
    ):
        self.ctx = ctx
        # One per place the viewer can show (a lesson's slides: None until prepared).
        self.traces: list[Trace | None] = list(traces)
        self.renderer = Renderer(ctx)
        self.target = RenderTarget(ctx, size, samples_for(ctx, samples))
        self.screenshot_dir = screenshot_dir
        self.pixel_ratio = 1.0
        self.quit_requested = False
        self.fullscreen_requested = False
        self._speed, self._level = speed, level
        self._message = ""
        self._message_left = 0.0
        self._result = ""  # a search's or a hint's result: shown until the next action
        self._drag: str | None = None
        self._last_mouse = (0.0, 0.0)
        self._clock = 0.0  # seconds of ticks, for double clicks (no wall clock here)
        self._last_click = -1.0
        self._undo: list[_Shown] = []
        self._redo: list[_Shown] = []
        self.quiz: QuizControl | None = None
        self.index = 0
        if traces:
            self.load(0)

    # -- which trace -------------------------------------------------------------------

    def load(self, index: int) -> None:
        if getattr(self, "session", None) is not None:
            self.session.cancel()  # a search for the previous puzzle must not land here
        self.index = index % len(self.traces)
        trace = self.traces[self.index]
        assert trace is not None, "only a prepared trace is loaded"
        self.player = Player(trace, model_for(trace), level=self._level, speed=self._speed)
        self.scene = scene_for(trace.header.kind)
        warm_up_beside(self.scene, trace)
        self.look = default_look(self.scene, self.player.frame())
        self.interaction = self.scene.interaction()
        self.session = Session(lambda: self.player, self._replace_trace)
        self._result = ""
        opening = self.scene.opening_notice(trace)
        if opening is not None:
            self.session.report(opening)  # shown until the first action
        self._undo.clear()
        self._redo.clear()
        self.quiz = None

    def _replace_trace(self, trace: Trace, position: float) -> None:
        """The session changed the trace (a move, a search result): the old one is kept for
        undo; model and pace stay."""
        self._undo.append(_Shown(self.player.trace, self.player.position))
        del self._undo[:-HISTORY]
        self._redo.clear()
        self._show(trace, position)

    def _show(self, trace: Trace, position: float) -> None:
        old = self.player
        self.traces[self.index] = trace
        self.player = Player(trace, old.model, level=old.level, speed=old.speed, auto=old.auto)
        self.player.seek(position)

    def undo(self) -> None:
        self._walk(self._undo, self._redo, redo=False)

    def redo(self) -> None:
        self._walk(self._redo, self._undo, redo=True)

    def _walk(self, source: list[_Shown], target: list[_Shown], *, redo: bool) -> None:
        if not source:
            self.say(msg("nothing to be redone") if redo else msg("nothing to be undone"))
            return
        self.session.cancel()
        target.append(_Shown(self.player.trace, self.player.position))
        shown = source.pop()
        self._show(shown.trace, shown.position)
        steps = shown.trace.n_steps
        said = (
            msg("Redone: back to the {steps}-step trace (U undoes)", steps=steps)
            if redo
            else msg("Undone: back to the {steps}-step trace (Ctrl+Y redoes)", steps=steps)
        )
        self.say(said)

    @property
    def layout(self) -> HudLayout:
        return make_view(self.look, self.target.size, self.player.frame())[1]

    # -- input -------------------------------------------------------------------------

    def resize(self, drawable: tuple[int, int], window: tuple[int, int]) -> None:
        self.target.resize(drawable)
        self.pixel_ratio = drawable[0] / max(window[0], 1)

    def say(self, message: str) -> None:
        """A notice in the band above the timeline (text, or a message in the reader's
        language)."""
        self._message, self._message_left = render(message), MESSAGE_SECONDS

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event.key, event.mod)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self._press(event.button, *self._pixels(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self._motion(*self._pixels(event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            if self._drag == "scrub":
                self.player.end_scrub()
            self._drag = None
        elif event.type == pygame.MOUSEWHEEL:
            x, y = self._pixels(pygame.mouse.get_pos())
            if (
                self.interaction is not None
                and self.quiz is None
                and self.interaction.on_wheel(x, y, event.y, self.session)
            ):
                return
            if self.look.camera is not None:
                self._set_camera(self.look.camera.zoom(0.9**event.y))
        elif event.type == pygame.QUIT:
            self.quit_requested = True

    def _pixels(self, pos: tuple[int, int]) -> tuple[float, float]:
        return pos[0] * self.pixel_ratio, pos[1] * self.pixel_ratio

    def _key(self, key: int, mod: int) -> None:
        p = self.player
        shift = bool(mod & pygame.KMOD_SHIFT)
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if key == pygame.K_q and not ctrl:
            self.toggle_quiz()
            return
        if self.quiz is not None and self.quiz.key(key, self.player):
            return
        if ctrl:
            redo = key == pygame.K_y or (key == pygame.K_z and shift)
            if redo or key == pygame.K_z:
                self.redo() if redo else self.undo()
            return
        actions = {
            pygame.K_SPACE: p.toggle_play,
            pygame.K_RIGHT: (lambda: p.jump_milestone(True)) if shift else p.step_forward,
            pygame.K_LEFT: (lambda: p.jump_milestone(False)) if shift else p.step_backward,
            pygame.K_PAGEDOWN: p.step_forward,
            pygame.K_PAGEUP: p.step_backward,
            pygame.K_PERIOD: lambda: p.step_forward(Level.EVENT),
            pygame.K_COMMA: lambda: p.step_backward(Level.EVENT),
            pygame.K_UP: p.faster,
            pygame.K_DOWN: p.slower,
            pygame.K_HOME: lambda: p.seek(0),
            pygame.K_END: lambda: p.seek(p.trace.n_events),
            pygame.K_r: p.reverse,
            pygame.K_l: p.cycle_level,
            pygame.K_a: self._toggle_auto,
            pygame.K_u: self.redo if shift else self.undo,
            pygame.K_h: self._toggle_help,
            pygame.K_s: self.screenshot,
            pygame.K_f: self._request_fullscreen,
            pygame.K_ESCAPE: self._escape,
        }
        if self.look.camera is not None:
            actions[pygame.K_c] = self.reset_camera
        action = actions.get(key)
        if action is not None:
            if key not in LOOKING_KEYS:
                self._result = ""  # the next action: what was found before goes
            action()
            return
        for option in self.scene.options:
            if pygame.key.key_code(option.key) == key:
                options = dict(self.look.options)
                options[option.name] = not options.get(option.name, option.default)
                self.look = dataclasses.replace(self.look, options=options)
                said = N_("{option}: on") if options[option.name] else N_("{option}: off")
                self.say(msg(said, option=gettext(option.label)))
                return
        if self.interaction is not None and self.quiz is None:
            result = self._result
            self._result = ""
            if not self.interaction.on_key(pygame.key.name(key), shift, self.session):
                self._result = result  # a key that did nothing is no action

    def _toggle_auto(self) -> None:
        self.player.toggle_auto()
        if not self.player.auto:
            self.say(msg("steady pace: {speed} a second (A: automatic again)",
                         speed=self.player.speed))  # fmt: skip
        elif self.player.auto_applies:
            self.say(msg("automatic pace: the search plays fast, what it finds slowly"))
        else:
            self.say(msg("automatic pace: every step of this trace is worth reading"))

    def help_rows(self) -> tuple[tuple[str, str], ...]:
        """The keys that do something in this scene, and nothing else."""
        if self.quiz is not None:
            camera = CAMERA_KEYS if self.look.camera is not None else ()
            return QUIZ_KEYS + camera + WINDOW_KEYS
        rows: tuple[tuple[str, str], ...] = PLAYER_KEYS + (QUIZ_KEY,)
        if self.look.camera is not None:
            rows += CAMERA_KEYS
        rows += tuple((option.key.upper(), option.label) for option in self.scene.options)
        if self.interaction is not None:
            rows += self.interaction.help_for(self.player.model) + UNDO_KEYS
        return rows + WINDOW_KEYS

    def _toggle_help(self) -> None:
        hud = self.look.hud
        hud = dataclasses.replace(hud, show_help=not hud.show_help, help_rows=self.help_rows())
        self.look = dataclasses.replace(self.look, hud=hud)

    def _escape(self) -> None:
        if self.look.hud.show_help:
            self._toggle_help()
        else:
            self.quit_requested = True

    def _request_fullscreen(self) -> None:
        self.fullscreen_requested = True

    def reset_camera(self) -> None:
        camera = self.scene.default_camera(self.player.model)
        if camera is not None:
            self._set_camera(camera)
            self.say(msg("camera reset"))

    def _press(self, button: int, x: float, y: float) -> None:
        self._last_mouse = (x, y)
        layout = self.layout
        double = button == 1 and self._clock - self._last_click <= DOUBLE_CLICK_SECONDS
        self._last_click = self._clock if button == 1 and not double else -1.0
        if self.quiz is not None and self._quiz_click(x, y, button, layout):
            return
        if button == 1 and self.look.hud.timeline and layout.play_button.contains(x, y):
            self._result = ""
            self.player.toggle_play()
        elif button == 1 and layout.on_timeline(x, y):
            self._result = ""
            self._drag = "scrub"
            self.player.begin_scrub()
            self.player.scrub_to(layout.fraction_at(x))
        elif self._interaction_click(x, y, button):
            return
        elif self.look.camera is not None and layout.stage.contains(x, y):
            if double:
                self.reset_camera()
            else:
                self._drag = "orbit" if button == 1 else "pan"

    # -- a quiz ------------------------------------------------------------------------

    def start_quiz(self, steps: Sequence[int] | None = None) -> None:
        """Stop before moves of the trace shown and ask for them (viz.quiz_mode): at
        `steps` (0-based), else where the puzzle's judge asks by default, from here on."""
        from puzzleviz.viz.quiz_mode import quiz_for

        player = self.player
        player.settle()
        start = 0 if player.at_end else player.cursor
        mode = quiz_for(player.trace, steps, start=start)
        if mode.question is None:
            self.say(msg("no question is left after this point: Home, then Q"))
            return
        if start == 0:
            player.seek(0)
        self.quiz = QuizControl(mode, self.say)
        self._result = ""
        self.say(nmsg("Quiz: {n} question ahead", "Quiz: {n} questions ahead",
                      len(mode.questions) - mode.index))  # fmt: skip
        player.play()

    def toggle_quiz(self) -> None:
        """Q: start a quiz on the trace shown, or leave the one under way."""
        if self.quiz is not None:
            said = render(self.quiz.mode.summary())
            self.quiz = None
            self.player.pause()
            self.say(msg("Quiz left · {summary}", summary=said))
            return
        try:
            self.start_quiz()
        except PuzzlevizError as exc:
            self.say(exc.message)

    def _quiz_click(self, x: float, y: float, button: int, layout: HudLayout) -> bool:
        assert self.quiz is not None
        view = self.session.view or make_view(self.look, self.target.size, self.player.frame())[0]
        return self.quiz.click(x, y, button, layout, self.player.frame(), view, self.scene)

    def _interaction_click(self, x: float, y: float, button: int) -> bool:
        """A click the scene's interaction takes (a move, a card): the next action. Off
        in a quiz: a ring turned by hand would replace the trace being asked about."""
        if self.interaction is None or self.quiz is not None:
            return False
        result, self._result = self._result, ""
        if self.interaction.on_click(x, y, button, self.session):
            return True
        self._result = result
        return False

    def _motion(self, x: float, y: float) -> None:
        dx, dy = x - self._last_mouse[0], y - self._last_mouse[1]
        self._last_mouse = (x, y)
        camera = self.look.camera
        if self._drag == "scrub":
            self.player.scrub_to(self.layout.fraction_at(x))
        elif self._drag == "orbit" and camera is not None:
            k = ORBIT_DEGREES_PER_PIXEL / max(self.pixel_ratio, 1e-6)
            self._set_camera(camera.orbit(-dx * k, dy * k))
        elif self._drag == "pan" and camera is not None:
            h = float(self.target.height)
            self._set_camera(camera.pan(dx / h, dy / h))

    def _set_camera(self, camera: OrbitCamera) -> None:
        self.look = dataclasses.replace(self.look, camera=camera)

    # -- time and pixels ---------------------------------------------------------------

    @property
    def working(self) -> bool:
        """Whether a background job runs (a search, a practice puzzle): the window then
        draws fewer frames (window.JOB_FPS), leaving the CPU and the GIL to the job."""
        return self.session.job is not None

    def tick(self, dt: float) -> None:
        self._clock += dt
        self.session.poll()
        if self.session.message:
            self.say(self.session.message)
            self.session.message = ""
        if self.session.result:
            self._result, self.session.result = self.session.result, ""
        before = self.player.position
        self.player.advance(dt)
        if self.quiz is not None:
            self.quiz.tick(self.player, before)
        self._count_down_message(dt)

    def _count_down_message(self, dt: float) -> None:
        if self._message_left > 0:
            self._message_left -= dt
            if self._message_left <= 0:
                self._message = ""

    def _notice(self) -> str:
        """The notice band: a search's progress, else the result that stays until the next
        action, followed by the latest notice (the first to go if the band is too short)."""
        job = self.session.job
        if job is None:
            return NOTICE_SEPARATOR.join(text for text in (self._result, self._message) if text)
        label, status = render(job.label), render(job.status)
        pattern = (
            gettext("{label}: {status} · {seconds:.1f} s (press the key again to stop)")
            if status
            else gettext("{label} · {seconds:.1f} s (press the key again to stop)")
        )
        return fill(pattern, label=label, status=status, seconds=job.elapsed)

    def render(self) -> HudLayout:
        message = self._notice()
        look = self.look
        quiz = self.quiz.panel(self.scene) if self.quiz is not None else None
        if look.hud.message != message or look.hud.quiz != quiz:
            look = self.look = dataclasses.replace(
                look, hud=dataclasses.replace(look.hud, message=message, quiz=quiz)
            )
        frame = self.player.frame()
        self.session.frame = frame
        self.session.view, _ = make_view(look, self.target.size, frame)
        return render_frame(self.renderer, self.target, frame, look)

    def screenshot(self) -> Path:
        frame = self.player.frame()
        kind = frame.trace.header.kind
        n = 1
        while True:
            path = self.screenshot_dir / f"puzzleviz-{kind}-step{frame.step + 1}-{n}.png"
            if not path.exists():
                break
            n += 1
        self.render()
        save_png(path, self.target.read_image())
        self.say(msg("Screenshot saved to {path}", path=str(path)))
        return path

"""The window's side of a quiz: time, keys and clicks go to a QuizMode, and the player
plays, stops and goes on as the quiz says.

While a quiz runs the quiz decides where playback stops, so the keys that move the player
about (arrows, Home, End, the timeline) are held back with a notice; those that change only
how things look or how fast they play still work. A scene's own interaction (turning a ring
by hand, switching a technique) is off: it would change the trace being asked about.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from puzzleviz.solvers.i18n import N_, msg
from puzzleviz.solvers.model import PuzzleModel
from puzzleviz.viz.hud import HudLayout
from puzzleviz.viz.player import Frame, Player
from puzzleviz.viz.quiz_mode import Phase, QuizMode
from puzzleviz.viz.quiz_panel import QuizPanel, panel_for
from puzzleviz.viz.scene import Scene, View

GO_KEYS = (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_RETURN, pygame.K_KP_ENTER)
# keys that change only the look or the pace: a quiz lets them through to the viewer
PASSED = (pygame.K_UP, pygame.K_DOWN, pygame.K_a, pygame.K_l, pygame.K_h, pygame.K_s,
          pygame.K_f, pygame.K_ESCAPE, pygame.K_c)  # fmt: skip
QUIZ_KEYS = (
    (N_("click"), N_("answer: the move the click makes (or a button below)")),
    ("I", N_("a hint (again: the next)")),
    (N_("Space / Right"), N_("show the move / play it and go on")),
    (N_("Right / PageDown"), N_("while it plays: on to the next question at once")),
    (N_("Space"), N_("while it plays: pause / play")),
    ("Q", N_("leave the quiz")),
    (N_("Up / Down"), N_("faster / slower")),
)


class QuizControl:
    def __init__(self, mode: QuizMode, say: Callable[[str], None]) -> None:
        self.mode = mode
        self._say = say

    def tick(self, player: Player[PuzzleModel], before: float) -> None:
        """After the player advanced from `before`: stop at the question it reached."""
        mode = self.mode
        stop = mode.stop_position()
        if stop is not None and before <= stop <= player.position:
            player.seek(stop)
            player.pause()
            mode.arrive()
        elif mode.phase is Phase.PLAYING and stop is None and player.at_end:
            mode.reached_end()

    def key(self, key: int, player: Player[PuzzleModel]) -> bool:
        """True when the quiz took the key (or held it back); False: the viewer's."""
        mode = self.mode
        if key in GO_KEYS:
            if mode.phase is Phase.ASKING:
                mode.reveal()
            elif mode.go_on():
                player.play()
            elif mode.phase is Phase.PLAYING and key == pygame.K_SPACE:
                player.toggle_play()
            elif mode.phase is Phase.PLAYING:  # on to the next question at once
                stop = mode.stop_position()
                player.seek(player.trace.n_events if stop is None else stop)
                player.pause()
                if stop is None:
                    mode.reached_end()
                else:
                    mode.arrive()
            return True
        if key == pygame.K_i:
            mode.hint()
            return True
        if key in PASSED:
            return False
        self._say(msg("The quiz chooses where playback stops (Q leaves the quiz)"))
        return True

    def click(
        self, x: float, y: float, button: int, layout: HudLayout, frame: Frame[Any], view: View,
        scene: Scene[Any],
    ) -> bool:  # fmt: skip
        """A click on a button or in the scene answers; a click on the timeline is held
        back. False for a click the quiz does not take (the 3D camera's drag)."""
        mode = self.mode
        if layout.quiz is not None:
            for answer, rect in zip(mode.choices(), layout.quiz.buttons, strict=False):
                if rect.contains(x, y):
                    mode.answer(answer)
                    return True
        if layout.on_timeline(x, y) or layout.play_button.contains(x, y):
            self._say(msg("The quiz chooses where playback stops (Q leaves the quiz)"))
            return True
        if mode.phase is Phase.ASKING and layout.stage.contains(x, y):
            named = scene.quiz_answer(frame, view, x, y, button)
            if named is not None:
                mode.answer(named)
                return True
        return False

    def panel(self, scene: Scene[Any]) -> QuizPanel:
        return panel_for(self.mode, msg(scene.quiz_prompt), scene.quiz_buttons)

"""A scene for the toy model: one bar per slot, the event in progress highlighted."""

from __future__ import annotations

from puzzleviz.viz.color import ACCENT, BAD, INK, palette
from puzzleviz.viz.easing import ease
from puzzleviz.viz.interaction import Interaction, Job, Session
from puzzleviz.viz.player import Frame
from puzzleviz.viz.scene import Canvas, Scene, SceneOption, View

from tests.toy import Add, Swap


class ToyScene(Scene):
    kind = "toy"
    title = "Toy"
    options = (SceneOption("labels", "b", "Value labels", default=True),)

    def draw(self, frame: Frame, view: View, canvas: Canvas) -> None:
        d = canvas.d2
        stage = view.stage
        values = [int(v) for v in frame.state]
        n = len(values)
        slot_w = stage.w / n
        top = max(max(values), 1)
        x_of = [stage.x + slot_w * (i + 0.5) for i in range(n)]
        event, t = frame.event, ease(frame.t)
        if isinstance(event, Swap):
            x_of[event.i], x_of[event.j] = (
                x_of[event.i] + (x_of[event.j] - x_of[event.i]) * t,
                x_of[event.j] + (x_of[event.i] - x_of[event.j]) * t,
            )
        for i, value in enumerate(values):
            shown = value + (event.amount * t if isinstance(event, Add) and event.slot == i else 0)
            h = stage.h * 0.8 * max(shown, 0) / top
            base = stage.y + stage.h * 0.9
            active = event is not None and i in (
                getattr(event, "slot", -1),
                getattr(event, "i", -1),
                getattr(event, "j", -1),
            )
            d.rect(
                x_of[i] - slot_w * 0.3,
                base - h,
                slot_w * 0.6,
                h,
                palette(i),
                radius=6 * view.scale,
                stroke=BAD if active else INK,
                width=(3 if active else 1) * view.scale,
            )
            if view.options.get("labels", True):
                d.text(
                    str(value), x_of[i], base + 6 * view.scale, 18 * view.scale, ACCENT, anchor="ct"
                )


class ToyInteraction(Interaction):
    """ "w" adds one to slot 0; a click swaps slots 0 and 1; "j" runs a background job that
    answers with a new trace."""

    help = (("W", "add one to slot 0"), ("J", "a background job"))

    def on_key(self, key: str, shift: bool, session: Session) -> bool:
        if key == "w":
            session.act("add one", [Add(0, -1 if shift else 1)])
            return True
        if key == "j":
            from tests.viz.test_player import make_trace

            def work(job: Job):
                job.status = "working"
                return make_trace(n_steps=2, per_step=1)[0]

            def done(trace) -> None:
                session.show(trace)
                session.report("the job found a trace")

            session.start(Job("toy job", work, done))
            return True
        return False

    def on_click(self, x: float, y: float, button: int, session: Session) -> bool:
        session.act("swap", [Swap(0, 1)])
        return True


ToyScene.interaction = lambda self: ToyInteraction()

"""puzzleviz's public API: what a puzzle package (a plugin) and a notebook may use.

    from puzzleviz import PuzzleSpec, Method, Ref, PuzzleModel, Event, RecordingTracer, Scene

Everything else (puzzleviz.solvers.*, puzzleviz.viz.*, ...) is the application's own and
may change; docs/write-your-own-puzzle.md lists these names in its API table (a test keeps
the two equal), and puzzleviz.testing is the plugin author's test kit.

Importing this package does no work: each name is imported from its module on first use
(`__getattr__` below), so `import puzzleviz` in a notebook's first cell, or a plugin's
PuzzleSpec module, loads neither numba nor pygame nor moderngl. Type checkers and editors
read the real types from the TYPE_CHECKING imports.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from puzzleviz.solvers.arrays import EventRows, Int32Array, StateArray
    from puzzleviz.solvers.errors import PuzzleInputError
    from puzzleviz.solvers.events import Event, EventSet
    from puzzleviz.solvers.i18n import N_, gettext, msg, nmsg, words
    from puzzleviz.solvers.interrupt import current_control, raise_if_stopped, stop_requested
    from puzzleviz.solvers.jit import njit
    from puzzleviz.solvers.kernel_trace import (
        KernelBuffer,
        record_event,
        record_milestone,
        record_step,
    )
    from puzzleviz.solvers.model import STATE_DTYPE, PuzzleModel
    from puzzleviz.solvers.options import positive, whole
    from puzzleviz.solvers.plugin import (
        Command,
        Limits,
        Method,
        Problem,
        PuzzleSpec,
        Ref,
        Result,
    )
    from puzzleviz.solvers.progress import Progress
    from puzzleviz.solvers.quiz import (
        DIFFERENT,
        RIGHT,
        WRONG,
        AnswerError,
        Judge,
        Verdict,
        milestone_steps,
        state_before,
    )
    from puzzleviz.solvers.trace import Trace
    from puzzleviz.solvers.tracer import NULL_TRACER, EmptyStepError, RecordingTracer, Tracer
    from puzzleviz.viz.color import (
        ACCENT,
        BACKGROUND,
        BAD,
        GOOD,
        INK,
        MUTED,
        RGBA,
        ink_against,
        mix,
        palette,
        readable_ink,
        rgba,
    )
    from puzzleviz.viz.draw2d import DrawList2D
    from puzzleviz.viz.easing import ease
    from puzzleviz.viz.legend import LegendEntry, draw_legend, legend_width
    from puzzleviz.viz.notebook import show
    from puzzleviz.viz.player import Frame
    from puzzleviz.viz.scene import Canvas, Rect, Scene, View, solver_method
    from puzzleviz.viz.stats import counter_lines
    from puzzleviz.viz.text import FontName, measure

# Where each public name lives (imported on first use). Keep in step with the imports above
# and with the docs' API table: tests/test_public_api.py compares the three.
_HOMES: dict[str, tuple[str, ...]] = {
    # a puzzle: its spec, problem and result
    "puzzleviz.solvers.plugin": (
        "PuzzleSpec", "Method", "Ref", "Limits", "Command", "Problem", "Result",
    ),
    "puzzleviz.solvers.options": ("whole", "positive"),
    "puzzleviz.solvers.errors": ("PuzzleInputError",),
    # its model and events
    "puzzleviz.solvers.model": ("PuzzleModel", "STATE_DTYPE"),
    "puzzleviz.solvers.events": ("Event", "EventSet"),
    "puzzleviz.solvers.arrays": ("StateArray", "Int32Array", "EventRows"),
    # its method: tracing, kernels, Ctrl-C, the progress bar
    "puzzleviz.solvers.tracer": ("Tracer", "RecordingTracer", "NULL_TRACER", "EmptyStepError"),
    "puzzleviz.solvers.trace": ("Trace",),
    "puzzleviz.solvers.kernel_trace": (
        "KernelBuffer", "record_event", "record_step", "record_milestone",
    ),
    "puzzleviz.solvers.jit": ("njit",),
    "puzzleviz.solvers.interrupt": ("stop_requested", "current_control", "raise_if_stopped"),
    "puzzleviz.solvers.progress": ("Progress",),
    # captions in the reader's language
    "puzzleviz.solvers.i18n": ("msg", "nmsg", "words", "N_", "gettext"),
    # its scene
    "puzzleviz.viz.scene": ("Scene", "View", "Canvas", "Rect", "solver_method"),
    "puzzleviz.viz.player": ("Frame",),
    "puzzleviz.viz.draw2d": ("DrawList2D",),
    "puzzleviz.viz.text": ("FontName", "measure"),
    "puzzleviz.viz.color": (
        "RGBA", "rgba", "mix", "palette", "ink_against", "readable_ink",
        "INK", "MUTED", "BACKGROUND", "ACCENT", "GOOD", "BAD",
    ),
    "puzzleviz.viz.legend": ("LegendEntry", "draw_legend", "legend_width"),
    "puzzleviz.viz.easing": ("ease",),
    "puzzleviz.viz.stats": ("counter_lines",),
    # its quiz judge
    "puzzleviz.solvers.quiz": (
        "Judge", "Verdict", "AnswerError", "RIGHT", "DIFFERENT", "WRONG", "state_before",
        "milestone_steps",
    ),
    # a notebook
    "puzzleviz.viz.notebook": ("show",),
}  # fmt: skip

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "ACCENT",
    "BACKGROUND",
    "BAD",
    "DIFFERENT",
    "GOOD",
    "INK",
    "MUTED",
    "NULL_TRACER",
    "N_",
    "RGBA",
    "RIGHT",
    "STATE_DTYPE",
    "WRONG",
    "AnswerError",
    "Canvas",
    "Command",
    "DrawList2D",
    "EmptyStepError",
    "Event",
    "EventRows",
    "EventSet",
    "FontName",
    "Frame",
    "Int32Array",
    "Judge",
    "KernelBuffer",
    "LegendEntry",
    "Limits",
    "Method",
    "Problem",
    "Progress",
    "PuzzleInputError",
    "PuzzleModel",
    "PuzzleSpec",
    "RecordingTracer",
    "Rect",
    "Ref",
    "Result",
    "Scene",
    "StateArray",
    "Trace",
    "Tracer",
    "Verdict",
    "View",
    "counter_lines",
    "current_control",
    "draw_legend",
    "ease",
    "gettext",
    "ink_against",
    "legend_width",
    "measure",
    "milestone_steps",
    "mix",
    "msg",
    "njit",
    "nmsg",
    "palette",
    "positive",
    "raise_if_stopped",
    "readable_ink",
    "record_event",
    "record_milestone",
    "record_step",
    "rgba",
    "show",
    "solver_method",
    "state_before",
    "stop_requested",
    "whole",
    "words",
]


def __getattr__(name: str) -> object:
    """A public name, imported from its module the first time it is asked for (and kept
    here, so the next use costs nothing)."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'puzzleviz' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

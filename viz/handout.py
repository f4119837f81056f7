"""What a printed handout holds, decided before anything is drawn: the panels of each
trace (the positions shown, each with its label) and, for a quiz, the questions and their
answers. Every choice the user made is checked here, so a bad --at or a puzzle with no
judge is one line before the first picture (viz.handout_pdf draws the plan).

Which positions a trace shows:
- chosen: `--at 3,9,20` (after those steps, as the HUD counts them) or `--every N` (after
  every N-th step), the options of `puzzleviz quiz` (viz.quiz_command) with a picture's
  meaning: any step can be shown, where a quiz asks only about steps that make a move;
- by default: the start, then each milestone the moment it is reached (a solution, a
  restart, a layer filled); a trace with few milestones (a sudoku's one "solved") adds its
  explained steps, every one when there are few, else an even spread of them, so a
  handout shows the way and not only the end.
A quiz asks before the steps `puzzleviz quiz` asks about (the puzzle judge's default, or
--every / --at with the quiz's meaning: every N-th move), each question's answer being the
judge's recorded move in the answer notation (solvers.quiz.Judge: only `recorded` and
`default_steps` are used, so any puzzle whose PuzzleSpec brings a judge can be quizzed).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from puzzleviz.solvers.errors import PuzzlevizError
from puzzleviz.solvers.i18n import fill, gettext
from puzzleviz.solvers.quiz import Judge, Verdict
from puzzleviz.solvers.registry import by_kind, load
from puzzleviz.solvers.trace import NO_CAPTION, Trace
from puzzleviz.solvers.traceview import model_for
from puzzleviz.viz.quiz_command import chosen_steps
from puzzleviz.viz.scene import scene_for
from puzzleviz.viz.subtitles import milestone_title

__all__ = [
    "FEW_MILESTONES",
    "MOST_PANELS",
    "SPREAD",
    "Handout",
    "Panel",
    "Question",
    "Section",
    "default_steps",
    "plan_handout",
]

FEW_MILESTONES = 4  # fewer milestones than this: the explained steps join them
SPREAD = 10  # at most this many explained steps join the milestones
MOST_PANELS = 500  # pictures in one handout (a search with thousands of solutions: choose)


@dataclasses.dataclass(frozen=True)
class Panel:
    """A picture of the trace at `cursor` (events applied), with what the page says of it."""

    cursor: int
    label: str  # "Step 12 of 78 · Solution 2", "Start"
    step: int | None  # the step shown done (0-based); None: the start


@dataclasses.dataclass(frozen=True)
class Question:
    """'What does the solver do next?' before `step` (0-based), and its answer."""

    number: int  # from 1, through the whole handout
    step: int
    cursor: int  # the position the question shows: before the step
    answer: str  # the recorded move, in the answer notation ("queen c4", "E5=5")
    caption: str  # the step's caption, for the answer key


@dataclasses.dataclass(frozen=True)
class Section:
    path: Path
    trace: Trace
    heading: str  # the puzzle and method, as the window's title row says them
    panels: tuple[Panel, ...]
    questions: tuple[Question, ...]


@dataclasses.dataclass(frozen=True)
class Handout:
    title: str
    sections: tuple[Section, ...]
    quiz: bool

    @property
    def pictures(self) -> int:
        return sum(len(s.panels) + len(s.questions) for s in self.sections)


def plan_handout(
    traces: Sequence[Trace], paths: Sequence[Path], args: argparse.Namespace
) -> Handout:
    """The handout of `traces` (read from `paths`) with the options of `args`: quiz,
    every, at, title. PuzzlevizError (one line) for anything that cannot be done."""
    sections, number = [], 1
    for trace, path in zip(traces, paths, strict=True):
        where = f"{path}: " if len(traces) > 1 else ""
        try:
            panels = _panels(trace, args)
            questions = _questions(trace, args, number) if args.quiz else ()
        except PuzzlevizError as exc:
            raise type(exc)(f"{where}{exc}") from None
        number += len(questions)
        sections.append(Section(path, trace, _heading(trace), panels, questions))
    handout = Handout(args.title or _title(sections), tuple(sections), bool(args.quiz))
    if handout.pictures > MOST_PANELS:
        raise PuzzlevizError(
            f"the handout would have {handout.pictures:,} pictures (at most {MOST_PANELS}): "
            "choose steps with --every N or --at 3,9,20"
        )
    return handout


def _heading(trace: Trace) -> str:
    scene = scene_for(trace.header.kind)
    from puzzleviz.viz.player import Player

    player = Player(trace, model_for(trace))
    player.seek(trace.n_events)
    return scene.heading(player.frame())


def _title(sections: Sequence[Section]) -> str:
    """One trace: its heading; several: their puzzles, each as its heading starts ("6
    queens · backtracking": the puzzle, then the method, as Scene.heading writes it)."""
    if len(sections) == 1:
        return sections[0].heading
    return ", ".join(dict.fromkeys(s.heading.split(" · ")[0] for s in sections))


# -- panels ------------------------------------------------------------------------------


class _EveryStep:
    """The quiz options' step choice (viz.quiz_command.chosen_steps) for pictures: every
    step can be shown, so each counts as a move; the default is `default_steps`."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace

    def recorded(self, step: int) -> str | None:
        return ""

    def default_steps(self) -> list[int]:
        return default_steps(self.trace)

    def judge(self, step: int, answer: str) -> Verdict:
        raise NotImplementedError("pictures are not judged")


def default_steps(trace: Trace) -> list[int]:
    """The steps a handout shows by default (0-based; the start is shown besides): the
    step that reaches each milestone, and with fewer than FEW_MILESTONES of them the
    explained steps too, at most SPREAD of them evenly spread."""
    reached = [trace.step_of(max(int(pos) - 1, 0)) for pos in trace.milestone_pos.tolist()]
    steps = set(reached) if trace.n_steps else set()
    if len(steps) < FEW_MILESTONES and trace.n_steps:
        explained = [s for s in range(trace.n_steps) if trace.step_caption[s] != NO_CAPTION]
        explained = explained or list(range(trace.n_steps))
        if len(explained) > SPREAD:
            picks = [round(i * (len(explained) - 1) / (SPREAD - 1)) for i in range(SPREAD)]
            explained = [explained[i] for i in picks]
        steps.update(explained)
    return sorted(steps)


def _panels(trace: Trace, args: argparse.Namespace) -> tuple[Panel, ...]:
    if trace.n_steps == 0:
        return (Panel(0, gettext("Start"), None),)
    chosen = args.at or args.every
    steps = chosen_steps(args, _EveryStep(trace), trace.n_steps)
    titles = _milestone_titles(trace)
    panels = [] if chosen else [Panel(0, gettext("Start"), None)]
    for step in steps:
        label = _step_label(step, trace.n_steps)
        if step in titles:
            label = f"{label} · {titles[step]}"
        panels.append(Panel(trace.step_range(step)[1], label, step))
    return tuple(panels)


def _step_label(step: int, total: int) -> str:
    return fill(gettext("Step {step:,} of {total:,}"), step=step + 1, total=total)


def _milestone_titles(trace: Trace) -> dict[int, str]:
    """The milestones each step reaches, by step: "Solution 2", "Layer 3, Solution"."""
    marks = trace.milestones()
    of_kind = Counter(kind for _, kind, _ in marks)
    seen: Counter[str] = Counter()
    titles: dict[int, list[str]] = {}
    for pos, kind, _caption in marks:
        seen[kind] += 1
        step = trace.step_of(max(pos - 1, 0))
        titles.setdefault(step, []).append(milestone_title(kind, "", seen[kind], of_kind[kind]))
    return {step: ", ".join(names) for step, names in titles.items()}


# -- questions ---------------------------------------------------------------------------


def judge_of(trace: Trace) -> Judge:
    """The puzzle's quiz judge over `trace` (its PuzzleSpec's); one line if it has none."""
    spec = by_kind(trace.header.kind)
    if spec.judge is None:
        raise PuzzlevizError(
            f"{spec.title} ({spec.name}) has no quiz judge: a handout of it cannot have "
            "--quiz (leave --quiz out for its pictures)"
        )
    return load(spec, "judge", spec.judge)(trace)


def _questions(trace: Trace, args: argparse.Namespace, first: int) -> tuple[Question, ...]:
    judge = judge_of(trace)
    model = model_for(trace)
    questions = []
    for number, step in enumerate(chosen_steps(args, judge, trace.n_steps), first):
        answer = judge.recorded(step)
        if answer is None:  # a judge's default step always makes a move; said if not
            raise PuzzlevizError(f"step {step + 1} makes no move to ask about")
        lo, hi = trace.step_range(step)
        caption = trace.step_caption_text(step)
        if not caption and hi > lo:
            caption = model.describe(model.events.decode(trace.rows[hi - 1]))
        questions.append(Question(number, step, lo, answer, caption))
    return tuple(questions)

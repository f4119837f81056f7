"""What a quiz shows in the HUD: the question, and then what was said of the answer, where
the caption was; the moves offered as buttons in a box beside or under the stage; and the
summary at the end over the stage (as the help is drawn).

The step's own caption would give the answer away, so while a quiz runs the caption row
holds the quiz's words instead, coloured by what they say (right, wrong, shown). The box is
there for the whole of a quiz that may offer buttons (a column beside a wide stage, a band
under a 4:3 one), so the scene does not move as questions come and go; a quiz answered by
clicks alone (queens, SET) has none. Every text is at least TEXT units and nothing
overlaps, as for the rest of the HUD (tests/scenes/test_quiz_screens.py).
"""

from __future__ import annotations

import dataclasses

from puzzleviz.solvers.i18n import current_language, fill, gettext, msg, nmsg, render
from puzzleviz.viz.color import (
    ACCENT,
    BACKGROUND,
    BAD,
    GOOD,
    INK,
    MUTED,
    PANEL,
    ink_against,
    readable_ink,
    rgba,
    text_fill,
)
from puzzleviz.viz.draw2d import DrawList2D
from puzzleviz.viz.quiz_mode import Phase, QuizMode, Tone
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.text import fit_text, measure

TEXT = 18.0  # the HUD's smallest text (viz.hud.TEXT), at 720 pixels high
BUTTON_H = 36.0
BUTTON_PAD = 14.0  # each side of a button's label
GAP = 10.0
PAD = 12.0  # inside the box
SIDE_ASPECT = 2.0  # a stage this much wider than high takes the box at its side
SIDE_WIDTH = 380.0  # a packing's longest move, "piece 7 at 8,10 flipped turned 270", fits
# on the page's background, each darkened just enough to read at 4.5:1
COLOURS = ((Tone.ASK, INK), (Tone.RIGHT, GOOD), (Tone.WRONG, BAD), (Tone.SHOWN, ACCENT))
TONES = {tone: ink_against(colour, BACKGROUND, 4.6) for tone, colour in COLOURS}
BUTTON = text_fill(ACCENT)  # white labels on it at 4.5:1


@dataclasses.dataclass(frozen=True)
class QuizPanel:
    """A quiz as the HUD draws it, every text already in the reader's language."""

    words: str  # in the caption's place: the question, or what was said of the answer
    tone: Tone
    choices: tuple[tuple[str, str], ...] = ()  # (answer, its button's label)
    buttons: bool = False  # the quiz may offer buttons: the box keeps a row for them
    summary: str = ""  # at the end: the score, over the stage
    status: str = ""  # the score so far, in the box while it offers no buttons
    rows: tuple[tuple[str, str], ...] = ()  # at the end: a row a question


@dataclasses.dataclass(frozen=True)
class QuizBox:
    box: Rect
    buttons: tuple[Rect, ...]


def place_box(panel: QuizPanel, area: Rect, scale: float) -> tuple[QuizBox | None, Rect]:
    """The box, and the stage left beside it, in `area` (the stage as it would be with no
    quiz); no box for a quiz that offers no buttons. A wide stage (16:9, 16:10) gives the
    box a column at its right, the whole height: a square grid or board loses nothing; a
    narrower one (4:3) a band at its bottom, as high as its rows of buttons need (one at
    least, so the band does not grow when the first come)."""
    if not panel.buttons:
        return None, area
    s = scale
    if area.w >= SIDE_ASPECT * area.h:
        box = Rect(area.x + area.w - SIDE_WIDTH * s, area.y, SIDE_WIDTH * s, area.h)
        stage = Rect(area.x, area.y, area.w - (SIDE_WIDTH + GAP) * s, area.h)
    else:
        rows = max(len(_rows(panel, area.w - 2 * PAD * s, s)), 1)
        h = (2 * PAD + rows * BUTTON_H + (rows - 1) * GAP) * s
        box = Rect(area.x, area.y + area.h - h, area.w, h)
        stage = Rect(area.x, area.y, area.w, max(box.y - GAP * s - area.y, 10.0))
    inner = box.inset(PAD * s)
    buttons: list[Rect] = []
    y = inner.y
    for row in _rows(panel, inner.w, s):
        x = inner.x
        for w in row:
            buttons.append(Rect(x, y, w, BUTTON_H * s))
            x += w + GAP * s
        y += (BUTTON_H + GAP) * s
    return QuizBox(box, tuple(buttons)), stage


def _rows(panel: QuizPanel, width: float, scale: float) -> list[list[float]]:
    """The buttons' widths, row by row, as they flow left to right."""
    rows: list[list[float]] = []
    x = width + 1.0
    for _answer, label in panel.choices:
        w = min(measure(label, TEXT * scale, "bold")[0] + 2 * BUTTON_PAD * scale, width)
        if x + w > width and (not rows or rows[-1]):
            rows.append([])
            x = 0.0
        rows[-1].append(w)
        x += w + GAP * scale
    return rows


def draw_quiz_box(d: DrawList2D, panel: QuizPanel, placed: QuizBox, scale: float) -> None:
    box = placed.box
    d.rect(box.x, box.y, box.w, box.h, PANEL, radius=10 * scale, stroke=rgba(INK, 0.25),
           width=1.0)  # fmt: skip
    if panel.status and not panel.choices:
        inner = box.inset(PAD * scale)
        size, text = fit_text(panel.status, TEXT * scale, TEXT * scale, inner.w,
                              max(int(inner.h // (TEXT * scale * 1.3)), 1))  # fmt: skip
        d.text(text, inner.x, inner.y, size, MUTED, max_width=inner.w)
    for (_answer, label), rect in zip(panel.choices, placed.buttons, strict=True):
        d.rect(rect.x, rect.y, rect.w, rect.h, BUTTON, radius=8 * scale)
        d.text(label, rect.x + rect.w / 2, rect.y + rect.h / 2, TEXT * scale,
               readable_ink(BUTTON), anchor="cm", font="bold")  # fmt: skip


def panel_for(quiz: QuizMode, how: str, buttons: bool) -> QuizPanel:
    """The quiz's state in words; `how` is the scene's instruction ("Click the square
    where the next queen goes"), a message; `buttons`: whether the scene's questions may be
    answered by buttons (its clicks name only part of a move, or it takes none)."""
    question, n = quiz.question, len(quiz.questions)
    if quiz.phase is Phase.FINISHED:
        words = render(quiz.summary())
        return QuizPanel(words, Tone.ASK, summary=words, rows=summary_rows(quiz))
    if question is None:
        return QuizPanel(render(msg("Quiz: every question is asked; the rest plays to the end")),
                         Tone.ASK)  # fmt: skip
    k = quiz.index + 1
    said = " ".join(sentence(render(m)) for m in quiz.feedback)
    if quiz.phase is Phase.PLAYING:
        words = render(msg("Quiz: question {k} of {n} comes before step {step} (Right: go there "
                           "now)", k=k, n=n, step=question.step + 1))  # fmt: skip
    elif said:
        then = (msg("Space plays the move and goes on") if quiz.phase is not Phase.ASKING
                else msg("Try again (I: a hint, Space: show the move)"))  # fmt: skip
        words = render(msg("Question {k} of {n}: {said} {then}", k=k, n=n, said=said, then=then))
    else:
        if quiz.pending:
            ask = msg("{part}: choose the move below.", part=quiz.pending)
        else:
            ask = how if not quiz.choices() else msg("Choose the move below.")
        words = render(msg("Question {k} of {n}: what does the solver do next? {how} "
                           "(I: a hint, Space: show the move)", k=k, n=n, how=ask))  # fmt: skip
    choices = tuple((a, label(a, quiz.pending)) for a in quiz.choices())
    status = render(nmsg("Score so far: {score} of {n} question right at the first answer",
                         "Score so far: {score} of {n} questions right at the first answer",
                         quiz.asked, score=quiz.score))  # fmt: skip
    return QuizPanel(words, quiz.tone, choices, buttons, status=status)


def sentence(text: str) -> str:
    """`text` ending as a sentence does (a hint may not: "row 3 has 4 safe squares: e3, f3"),
    so the next one reads apart from it."""
    if not text or text[-1] in ".!?。！？":
        return text
    return text + ("。" if current_language() == "ja" else ".")


def label(answer: str, pending: str) -> str:
    """A button's label: the move in the notation an answer file uses ("E5=2"), or, after a
    clicked part that is a word of its own ("ring 2"), only what the move adds ("+3")."""
    rest = answer[len(pending) :] if pending else ""
    return rest.strip() if rest.startswith(" ") else answer


def summary_rows(quiz: QuizMode) -> tuple[tuple[str, str], ...]:
    """A row a question: where it was, and what happened ("right: queen c4", "not right:
    queen b2, then queen c2 after 1 hint")."""
    rows = []
    for k, q in enumerate(quiz.questions, 1):
        where = fill(gettext("{k}. step {step}"), k=k, step=q.step + 1)
        tried = ", ".join(a.answer for a in q.attempts)
        if q.right_first:
            first = q.attempts[0]
            what = (fill(gettext("right: {answer}"), answer=first.answer)
                    if first.verdict.kind == "right" else
                    fill(gettext("also right: {answer} (the solver: {move})"),
                         answer=first.answer, move=q.recorded))  # fmt: skip
        elif q.solved:
            what = fill(gettext("right after {n} tries: {answers}"), n=len(q.attempts),
                        answers=tried)  # fmt: skip
        elif q.attempts:
            what = fill(gettext("shown: {move} (tried: {answers})"), move=q.recorded,
                        answers=tried)  # fmt: skip
        elif q.shown:
            what = fill(gettext("shown: {move}"), move=q.recorded)
        else:
            what = gettext("not asked")
        rows.append((where, what))
    return tuple(rows)

"""A quiz in the browser page: every question judged at export, for every answer.

The page cannot run Python, so the exporter asks the puzzle's judge (solvers.quiz) about
every move a student could make before each question's step (`answers`) and writes its
verdict and rendered reason in each of the page's languages, with the hints, the buttons'
choices and where a click on the picture names which move (viz.web.quiz_map, sampled from
the scene's own `quiz_answer`). The page's script (assets/web/quiz.js) then plays the
window's quiz (viz.quiz_mode): it stops before each question, judges by looking up, tells
the hints, shows the move and keeps the score.

Sizes: a sudoku question has up to 81 x 9 x 2 answers; each answer list, each hit map and
each reason is stored once (most questions share them, and most wrong answers share a
reason), and the whole rides in the payload's gzipped header (viz.web.encode).
A hit map is sampled in each language at the first question (a legend's words may move a
board); if they all came out the same, the scene clicks alike in every language, and the
later questions are sampled in the first language only (a sudoku's 51 questions cost 13
s instead of 53).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzleviz.solvers.i18n import N_, gettext, ngettext, render
from puzzleviz.solvers.quiz import DIFFERENT, RIGHT, Judge
from puzzleviz.solvers.trace import Trace
from puzzleviz.viz.compose import make_view
from puzzleviz.viz.quiz_panel import TONES
from puzzleviz.viz.web.frames import ExportError, FrameSource
from puzzleviz.viz.web.languages import in_language
from puzzleviz.viz.web.quiz_map import sample_hits

__all__ = ["KINDS", "PAGE_WORDS", "check_stops", "quiz_header"]

KINDS = {RIGHT: "r", DIFFERENT: "d"}  # any other verdict: "w" (wrong)

# The page's words: the window's own where the page says the same (viz.quiz_mode,
# viz.quiz_panel), filled in by the script ({reason}, {k} ...); the page's own below.
PAGE_WORDS = {
    "right": N_("Right: {reason}."),
    "different": N_("{reason}. The solver chose {move}."),
    "wrong": N_("Not right: {reason}."),
    "hint": N_("Hint {level}/{levels}: {hint}"),
    "shown": N_("The solver's move: {move}."),
    "ask": N_(
        "Question {k} of {n}: what does the solver do next? {how} (I: a hint, Space: show the move)"
    ),
    "said": N_("Question {k} of {n}: {said} {then}"),
    "goOn": N_("Space plays the move and goes on"),
    "tryAgain": N_("Try again (I: a hint, Space: show the move)"),
    "coming": N_("Quiz: question {k} of {n} comes before step {step} (Right: go there now)"),
    "over": N_("Quiz: every question is asked; the rest plays to the end"),
    "part": N_("{part}: choose the move below."),
    "choose": N_("Choose the move below."),
    "rowWhere": N_("{k}. step {step}"),
    "rowRight": N_("right: {answer}"),
    "rowDifferent": N_("also right: {answer} (the solver: {move})"),
    "rowTries": N_("right after {n} tries: {answers}"),
    "rowShownTried": N_("shown: {move} (tried: {answers})"),
    "rowShown": N_("shown: {move}"),
    "rowNotAsked": N_("not asked"),
    # the page's own
    "notMove": N_("{answer}: not a move here"),
    "hintButton": N_("Hint (I)"),
    "showButton": N_("Show the move (Space)"),
    "goButton": N_("Go on (Space)"),
    "typed": N_("or type the move and press Enter"),
    "held": N_("the quiz chooses where playback stops"),
}


def _words(questions: int, prompt: str) -> dict[str, Any]:
    """The page's words in the current language (patterns the script fills)."""
    words: dict[str, Any] = {key: gettext(text) for key, text in PAGE_WORDS.items()}
    words["prompt"] = gettext(prompt)
    words["summary"] = ngettext("Quiz over: {score} of {n} question right at the first answer",
                                "Quiz over: {score} of {n} questions right at the first answer",
                                questions)  # fmt: skip
    # "Score so far": one pattern for each number of questions asked
    words["scoreSoFar"] = [
        ngettext("Score so far: {score} of {n} question right at the first answer",
                 "Score so far: {score} of {n} questions right at the first answer", asked)
        for asked in range(questions + 1)
    ]  # fmt: skip
    return words


def check_stops(trace: Trace, steps: Sequence[int], positions: Sequence[float]) -> None:
    """Each question's position must be a moment the page holds (a trace too long for a
    moment at every step is sampled, viz.web.sampling): ExportError before any drawing."""
    held = set(positions)
    for step in steps:
        if int(trace.step_range(step)[0]) not in held:
            raise ExportError(f"step {step + 1}: this trace is too long for the page to stop "
                              "before every step; ask about fewer steps (--at) or a shorter "
                              "trace")  # fmt: skip


class _Table:
    """Values stored once, each by its index."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.values: list[Any] = []

    def add(self, key: str, value: Any = None) -> int:
        if key not in self.index:
            self.index[key] = len(self.values)
            self.values.append(key if value is None else value)
        return self.index[key]


def quiz_header(
    trace: Trace,
    judge: Judge,
    steps: Sequence[int],
    sources: dict[str, FrameSource],
) -> dict[str, Any]:
    """The payload header's "quiz": the questions at `steps` (0-based, each making a move),
    judged, with their hit maps, in each language of `sources` (the page's, first the
    one it opens in)."""
    languages = list(sources)
    lead = sources[languages[0]]
    reasons = _Table()  # a message (solvers.i18n) -> its index; rendered in each language
    lists = _Table()  # an answer list, as one text -> the list
    maps = _Table()  # a hit map, as one text -> its JSON
    questions = []
    shared: bool | None = None  # the languages' maps are one (see the module's docstring)
    for step in sorted(set(steps)):
        recorded = judge.recorded(step)
        assert recorded is not None, f"step {step + 1} makes no move"  # chosen_steps checked
        answers = judge.answers(step)
        verdicts = [judge.judge(step, answer) for answer in answers]
        at = int(trace.step_range(step)[0])
        hit = []
        for code in languages[:1] if shared else languages:
            with in_language(code):
                hit.append(maps.add(*_hit_map(sources[code], at)))
        hit *= len(languages) if shared else 1
        shared = len(set(hit)) == 1 if shared is None else shared
        questions.append({
            "step": step,
            "at": at,
            "recorded": recorded,
            "answers": lists.add("\n".join(answers), answers),
            "kinds": "".join(KINDS.get(v.kind, "w") for v in verdicts),
            "reasons": [reasons.add(v.reason) for v in verdicts],
            "hints": [reasons.add(hint) for hint in judge.hints(step)],
            "choices": judge.choices(step),
            "maps": hit,
        })  # fmt: skip
    words = {}
    for code in languages:
        with in_language(code):
            words[code] = {**_words(len(questions), lead.look.scene.quiz_prompt),
                           "reasons": [render(m) for m in reasons.values]}  # fmt: skip
    fonts = {weight: _font_subset(name, words) for weight, name in FONTS.items()} \
        if "ja" in words else {}  # fmt: skip
    layout = lead.layout()
    caption = layout.caption or layout.title_row
    bottom = layout.notice.y  # the notices and the footer: the quiz's bar covers them
    return {
        "bar": [0, bottom, layout.width, layout.height - bottom],
        "tones": {tone.value: list(colour) for tone, colour in TONES.items()},
        "questions": questions,
        "answerLists": lists.values,
        "maps": maps.values,
        "words": words,
        "caption": [caption.x, caption.y, caption.w, caption.h],
        "stage": [layout.stage.x, layout.stage.y, layout.stage.w, layout.stage.h],
        "buttons": bool(lead.look.scene.quiz_buttons),
        "fonts": fonts,  # weight -> base64 OpenType: the Japanese glyphs the words use
    }


# The page's own words are the browser's text, in its fonts, and a machine may have none
# with Japanese (the picture's words are drawn from the shipped fonts): the glyphs the
# Japanese words use go with the page, cut from the shipped subset (a few kB).
FONTS = {"normal": "NotoSansCJKjp-Regular-subset.otf", "bold": "NotoSansCJKjp-Bold-subset.otf"}


def _font_subset(name: str, words: dict[str, dict[str, Any]]) -> str:
    import base64
    import io
    import json

    from fontTools import subset  # type: ignore[import-untyped]
    from puzzleviz.assets import asset_path

    used = {ord(c) for c in json.dumps(words["ja"], ensure_ascii=False) if ord(c) > 0x2000}
    font = subset.load_font(str(asset_path("fonts", name)), subset.Options())
    cutter = subset.Subsetter(subset.Options())
    cutter.populate(unicodes=sorted(used))
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return base64.b64encode(out.getvalue()).decode("ascii")


def _hit_map(source: FrameSource, at: int) -> tuple[str, dict[str, object]]:
    """Where a click names which move in the picture at event position `at` (its key and
    its JSON), as the scene draws it in the current language."""
    import json

    source.player.seek(at)
    frame = source.player.frame()
    view, _layout = make_view(source.look, source.size, frame)
    scene = source.look.scene

    def answer(x: float, y: float, button: int) -> str | None:
        return scene.quiz_answer(frame, view, x, y, button)

    hits = sample_hits(answer, view.stage, view.scale).to_json()
    return json.dumps(hits, sort_keys=True), hits

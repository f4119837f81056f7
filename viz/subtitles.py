"""A recording's explanation as timed text: the captions as subtitle cues and the trace's
milestones as chapters, for the MP4's subtitle track (mov_text), its chapter list and the
WebVTT file beside it.

Why from the frames and not from the trace: the cues must say what the picture says at
that instant, and what the picture says depends on the pace (automatic or steady, the
rests, --from/--to). So the recorder plays the plan once without drawing (viz.record
`timed_text`) and feeds every frame's caption and milestones to a `TimedTextBuilder`; the
times are those of the frames, exactly.

Chapters start where the player's Shift+Right lands: the frame at which a milestone is
reached (the solution on the board, the restart about to begin), plus one at the start of
every trace. A search that reaches thousands of milestones would give a chapter list no
one can use, so at most MAX_CHAPTERS are kept, the most frequent kinds (backtracks) going
first: the rare ones (a solution) are what a viewer wants to jump to.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from puzzleviz.solvers.i18n import N_, fill, gettext

MAX_CHAPTERS = 100
# the milestone kinds the puzzles record (identifiers in the trace), as chapter titles say them
MILESTONE_NAMES = {
    "solution": N_("Solution"),
    "solved": N_("Solved"),
    "restart": N_("Restart"),
    "start": N_("Start"),
    "best": N_("Best"),
    "proven": N_("Proven"),
    "layer": N_("Layer"),
    "backtrack": N_("Backtrack"),
    "contradiction": N_("Contradiction"),
    "guess": N_("Guess"),
    "stalled": N_("Stalled"),
    "slice": N_("Slice class"),
}


def milestone_name(kind: str) -> str:
    """A milestone kind in the current language ("solution" -> "Megoldás")."""
    english = MILESTONE_NAMES.get(kind)
    if english is None:
        return kind.replace("_", " ").strip().capitalize() or gettext("Milestone")
    return gettext(english)


@dataclasses.dataclass(frozen=True)
class Cue:
    """A caption shown from `start` to `end` (seconds)."""

    start: float
    end: float
    text: str


@dataclasses.dataclass(frozen=True)
class Chapter:
    start: float
    end: float
    title: str


@dataclasses.dataclass(frozen=True)
class Mark:
    """A place worth a chapter: a trace's start or a milestone reached. `kind` is the
    milestone kind ('' for a trace's start, which is never thinned out)."""

    frame: int
    title: str
    kind: str = ""


@dataclasses.dataclass(frozen=True)
class TimedText:
    cues: tuple[Cue, ...]
    chapters: tuple[Chapter, ...]
    duration: float  # seconds: the recording's length


def milestone_title(kind: str, caption: str, number: int, of_kind: int) -> str:
    """'Solution 2: after step 3', 'Restart 4', 'Layer z=0 done: ...' (a caption that
    already starts with its kind says it all and is not prefixed again)."""
    name = milestone_name(kind)
    if of_kind > 1:
        name = fill(gettext("{name} {number}"), name=name, number=number)
    caption = " ".join(caption.split())
    if not caption:
        return name
    if caption.lower().startswith(milestone_name(kind).lower()):
        return caption[0].upper() + caption[1:]
    return gettext("{name}: {caption}").format(name=name, caption=caption)


class TimedTextBuilder:
    """Fed frame after frame (frame i is shown from i/fps to (i+1)/fps)."""

    def __init__(self, fps: int, max_chapters: int = MAX_CHAPTERS):
        self.fps = fps
        self.max_chapters = max_chapters
        self._frames = 0
        self._cues: list[Cue] = []
        self._text = ""
        self._since = 0
        self._marks: list[Mark] = []

    def add_frame(self, caption: str, marks: Sequence[Mark] = ()) -> None:
        """One frame, its caption (as drawn) and what it reaches (frame numbers are
        taken from the builder's own count)."""
        text = " ".join(caption.split())
        if text != self._text:
            self._close_cue()
            self._text, self._since = text, self._frames
        self._marks.extend(dataclasses.replace(mark, frame=self._frames) for mark in marks)
        self._frames += 1

    @property
    def frames(self) -> int:
        return self._frames

    def _close_cue(self) -> None:
        if self._text and self._frames > self._since:
            self._cues.append(Cue(self._time(self._since), self._time(self._frames), self._text))

    def _time(self, frame: int) -> float:
        return frame / self.fps

    def finish(self) -> TimedText:
        self._close_cue()
        self._text = ""
        duration = self._time(self._frames)
        marks = thin_marks(self._marks, self.max_chapters)
        chapters: list[Chapter] = []
        starts: list[int] = []
        for mark in marks:
            if starts and starts[-1] == mark.frame:  # same instant: one chapter, both named
                last = chapters.pop()
                chapters.append(dataclasses.replace(last, title=f"{last.title} · {mark.title}"))
                continue
            if chapters:
                chapters[-1] = dataclasses.replace(chapters[-1], end=self._time(mark.frame))
            chapters.append(Chapter(self._time(mark.frame), duration, mark.title))
            starts.append(mark.frame)
        return TimedText(tuple(self._cues), tuple(chapters), duration)


def thin_marks(marks: Sequence[Mark], limit: int) -> list[Mark]:
    """At most `limit` marks: whole kinds are dropped, the most frequent first, then the
    last of the kind that still does not fit. Traces' starts always stay."""
    counts = Counter(mark.kind for mark in marks if mark.kind)
    keep = set(counts)
    total = len(marks)
    for kind, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        if total <= limit:
            break
        keep.discard(kind)
        total -= count
    kept = [mark for mark in marks if not mark.kind or mark.kind in keep]
    if len(kept) > limit:  # the starts alone, or one kind, are still too many
        kept = kept[:limit]
    return kept


# -- formats ----------------------------------------------------------------------------


def vtt_time(seconds: float) -> str:
    ms = round(seconds * 1000)
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}.{ms:03d}"


def _vtt_text(text: str) -> str:
    """A caption as WebVTT cue text: markup characters escaped, never a blank line or an
    arrow (either would end or break the cue)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("-->", "--&gt;")


def webvtt(timed: TimedText) -> str:
    """The captions as a WebVTT file (what browsers, VLC and YouTube read beside a
    video); the chapters are listed in a NOTE for a reader of the file."""
    lines = ["WEBVTT", ""]
    if timed.chapters:
        lines.append("NOTE chapters")
        lines.extend(f"{vtt_time(c.start)} {c.title.replace('-->', '->')}" for c in timed.chapters)
        lines.append("")
    for n, cue in enumerate(timed.cues, 1):
        lines += [str(n), f"{vtt_time(cue.start)} --> {vtt_time(cue.end)}", _vtt_text(cue.text)]
        lines.append("")
    return "\n".join(lines)


ASS_HEADER = """[Script Info]
ScriptType: v4.00+
PlayResX: 384
PlayResY: 288

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, \
Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, \
Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Sans,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
"""


def ass_dialogue(text: str, read_order: int = 0) -> bytes:
    """The event line FFmpeg's text subtitle encoders take (mov_text stores the text as
    plain UTF-8, braces included, so nothing but line breaks needs changing)."""
    body = "\\N".join(text.splitlines())
    return f"{read_order},0,Default,,0,0,0,,{body}".encode()

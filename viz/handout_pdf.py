"""A handout plan (viz.handout) drawn as a printable PDF, A4 or Letter, with fpdf2.

The page: a title, then each trace under its heading, its panels one under another (a
picture cut to what the scene draws, the step and its caption below it, or beside it when
the picture is narrow, a board say); with a quiz, the questions come first (the position
before the step, "What does the solver do next?" and room to write the answer), then the
panels, then the answer key. A panel never breaks across pages. All text is set in the
shipped fonts (DejaVu, the Noto Sans CJK subset for what DejaVu lacks), wrapped as the
window wraps captions (viz.text, breaks between CJK characters but not before closing
punctuation); the pictures are vectors (viz.pdfdraw) over, for 3D scenes, an image.

A picture is scaled to fit the column and half the page (two panels or two questions a
page; at most MOST_SCALE, so a small board is not blown up): the 18-pixel text of a 1024x768
frame is about 8 points on A4. A caption longer than CAPTION_LINES lines is cut there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import numpy as np
from fpdf import FPDF
from puzzleviz.solvers.i18n import current_language, fill, gettext
from puzzleviz.solvers.progress import Progress
from puzzleviz.viz.color import BACKGROUND, INK, MUTED
from puzzleviz.viz.handout import Handout, Panel, Section
from puzzleviz.viz.pdfdraw import FAMILY, STYLES, PdfFonts, Placement, paint_runs
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.still import Headless, Still, StillMaker, within
from puzzleviz.viz.text import FontName, wrap_text

__all__ = ["render_handout"]

MARGIN = 40.0  # points around the page's text and pictures
FOOTER = 24.0  # the page number's band at the foot
MOST_SCALE = 0.6  # points per pixel of a 1024x768 frame at most: 18-pixel text at 11 points
SIDE_BY_SIDE = 0.62  # a picture at most this share of the column wide has its text beside it
GAP = 12.0
TITLE, HEADING, TEXT, SMALL = 18.0, 13.0, 9.5, 8.0  # font sizes, points
LEADING = 1.3  # line height / font size
MEASURE = 40  # pixel size at which text is measured for wrapping (hinting stays negligible)
WRAP_ROOM = 0.97  # of a line's width: what measuring at another size may differ by
ANSWER_LINES = 2  # ruled lines under a question, to write the answer on
ANSWER_LINE = 24.0  # points between them
PANEL_TEXT = 6 + 4 * TEXT * LEADING + 3  # a label and three lines of caption under a picture
QUESTION_TEXT = 6 + 2 * TEXT * LEADING + 3 + 6 + ANSWER_LINES * ANSWER_LINE
CAPTION_LINES = 12  # a caption's lines at most (a plugin's essay would not fit a page)
RULE = (0.72, 0.72, 0.72)


@dataclasses.dataclass(frozen=True)
class _Text:
    """Lines of one size and weight, wrapped to a width."""

    lines: tuple[str, ...]
    size: float
    font: FontName
    color: tuple[float, ...] = INK

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * LEADING


def _wrapped(
    text: str, width: float, size: float, font: FontName = "regular", color: tuple[float, ...] = INK
) -> _Text:
    """`text` in lines of at most `width` points at `size`, as the window breaks them,
    measured at MEASURE pixels (the fonts scale; hinting at small sizes would not)."""
    scale = MEASURE / size
    lines = wrap_text(text, MEASURE, font, width * scale * WRAP_ROOM) if text else []
    if len(lines) > CAPTION_LINES:
        lines = [*lines[: CAPTION_LINES - 1], lines[CAPTION_LINES - 1] + " …"]
    return _Text(tuple(lines), size, font, color)


class _Document(FPDF):
    """The PDF, with the page number at the foot of every page."""

    def footer(self) -> None:
        self.set_y(-FOOTER - 4)
        self.set_font(FAMILY, "", SMALL)
        self.set_text_color(*_rgb(MUTED))
        self.cell(0, FOOTER, f"{self.page_no()} / {{nb}}", align="C")


class _Writer:
    def __init__(self, handout: Handout, paper: str, progress: Progress) -> None:
        self.handout = handout
        self.progress = progress
        pdf = _Document(unit="pt", format=paper)
        pdf.set_margins(MARGIN, MARGIN, MARGIN)
        pdf.set_auto_page_break(False)
        pdf.set_title(handout.title)
        pdf.set_creator("puzzleviz")
        pdf.set_lang(current_language())
        self.fonts = PdfFonts(pdf)
        self.pdf = pdf
        self.width = pdf.w - 2 * MARGIN
        self.bottom = pdf.h - MARGIN - FOOTER
        self.y = MARGIN
        self.gl = Headless()
        self.makers: dict[int, StillMaker] = {}
        # a picture's height at most: two panels (or questions) and their text on a page
        self.slot = (self.bottom - MARGIN) / 2 - GAP
        self.room_for_panels = self.slot - PANEL_TEXT
        self.room_for_questions = self.slot - QUESTION_TEXT

    # -- flow ----------------------------------------------------------------------------

    def new_page(self) -> None:
        self.pdf.add_page()
        self.y = MARGIN

    def room_for(self, height: float) -> None:
        if self.y + height > self.bottom and self.y > MARGIN:
            self.new_page()

    def text(self, block: _Text, x: float | None = None, y: float | None = None) -> None:
        pdf = self.pdf
        x = MARGIN if x is None else x
        y = self.y if y is None else y
        pdf.set_font(FAMILY, STYLES[block.font], block.size)
        pdf.set_text_color(*_rgb(block.color))
        for i, line in enumerate(block.lines):
            pdf.set_xy(x, y + i * block.size * LEADING)
            pdf.cell(0, block.size * LEADING, line)

    def rule(self, x: float, y: float, width: float) -> None:
        self.pdf.set_draw_color(*(round(255 * v) for v in RULE))
        self.pdf.set_line_width(0.6)
        self.pdf.line(x, y, x + width, y)

    # -- parts ---------------------------------------------------------------------------

    def write(self) -> None:
        self.new_page()
        title = _wrapped(self.handout.title, self.width, TITLE, "bold")
        self.text(title)
        self.y += title.height + GAP
        sections = self.handout.sections
        if self.handout.quiz:
            self.questions(sections)
            self.new_page()
        for section in sections:
            self.section_heading(section)
            for panel in section.panels:
                self.panel(section, panel)
        if self.handout.quiz:
            self.answer_key(sections)

    def section_heading(self, section: Section, keep: float | None = None) -> None:
        """A trace's heading (unless the title says it), on a page with room for `keep`
        points after it (default: a panel's slot), so it is never left alone at a foot."""
        if len(self.handout.sections) == 1:
            return
        block = _wrapped(section.heading, self.width, HEADING, "bold")
        self.room_for(block.height + 2 + GAP + (self.slot if keep is None else keep))
        self.text(block)
        self.y += block.height + 2
        self.rule(MARGIN, self.y, self.width)
        self.y += GAP

    def questions(self, sections: Sequence[Section]) -> None:
        asks = gettext("What does the solver do next?")
        for section in sections:
            self.section_heading(section)
            for question in section.questions:
                label = fill(gettext("Question {number:,}"), number=question.number)
                where = fill(gettext("before step {step:,} of {total:,}"),
                             step=question.step + 1, total=section.trace.n_steps)  # fmt: skip
                self.picture_block(section, question.cursor, f"{label} · {where}", asks,
                                   answer_room=True)  # fmt: skip

    def panel(self, section: Section, panel: Panel) -> None:
        self.picture_block(section, panel.cursor, panel.label, None)

    def answer_key(self, sections: Sequence[Section]) -> None:
        self.new_page()
        heading = _wrapped(gettext("Answer key"), self.width, TITLE, "bold")
        self.text(heading)
        self.y += heading.height + GAP
        indent = 28.0
        for section in sections:
            self.section_heading(section, keep=4 * TEXT * LEADING)
            for question in section.questions:
                head = _wrapped(
                    fill(gettext("step {step:,}: {move}"), step=question.step + 1,
                         move=question.answer),
                    self.width - indent, TEXT, "bold",
                )  # fmt: skip
                caption = _wrapped(question.caption, self.width - indent, TEXT, color=MUTED)
                self.room_for(head.height + caption.height + 6)
                self.text(_Text((f"{question.number}.",), TEXT, "bold"))
                self.text(head, MARGIN + indent)
                self.y += head.height
                self.text(caption, MARGIN + indent)
                self.y += caption.height + 6

    # -- a picture and its text ----------------------------------------------------------

    def maker(self, section: Section) -> StillMaker:
        key = id(section)
        if key not in self.makers:
            self.makers[key] = StillMaker(section.trace, self.gl)
        return self.makers[key]

    def picture_block(
        self, section: Section, cursor: int, label: str, prompt: str | None, *,
        answer_room: bool = False,
    ) -> None:  # fmt: skip
        maker = self.maker(section)
        still = maker.at(cursor)
        view = scaled(still.crop, 1 / still.scale)  # pixels of an ordinary frame
        room = self.room_for_questions if answer_room else self.room_for_panels
        scale = min(self.width / view.w, room / view.h, MOST_SCALE)  # points per pixel
        pic_w, pic_h = view.w * scale, view.h * scale
        beside = pic_w <= SIDE_BY_SIDE * self.width
        text_w = self.width - pic_w - GAP if beside else self.width
        blocks = [_wrapped(label, text_w, TEXT, "bold")]
        caption = prompt if prompt is not None else still.caption
        if caption:
            blocks.append(_wrapped(caption, text_w, TEXT))
        text_h = sum(b.height for b in blocks) + 3 * (len(blocks) - 1)
        if answer_room:
            text_h += 6 + ANSWER_LINES * ANSWER_LINE
        height = max(pic_h, text_h) if beside else pic_h + 6 + text_h
        self.room_for(height + GAP)
        if not still.valid():  # wrapping its text filled the glyph atlas: draw it afresh
            still = maker.at(cursor)
        x = MARGIN  # left, as the text: a trace's boards line up page after page
        self.picture(still, still.crop, x, self.y, scale / still.scale)
        tx, ty = (MARGIN + pic_w + GAP, self.y) if beside else (MARGIN, self.y + pic_h + 6)
        for block in blocks:
            self.text(block, tx, ty)
            ty += block.height + 3
        if answer_room:
            self.text(_Text((gettext("Your answer:"),), TEXT, "regular", MUTED), tx, ty + 3)
            for i in range(ANSWER_LINES):
                self.rule(tx, ty + 6 + (i + 1) * ANSWER_LINE, text_w)
        self.y += height + GAP
        self.progress.advance()

    def picture(self, still: Still, view: Rect, x: float, y: float, scale: float) -> None:
        """`view` (pixels of the still) at (x, y) on the page, `scale` points per pixel:
        the window's background, the 3D image if any, the 2D drawing over it (clipped to
        the stage), a thin frame."""
        pdf = self.pdf
        at = Placement(view, within(still.stage, view), x, y, scale)
        pdf.set_fill_color(*_rgb(BACKGROUND))
        pdf.rect(*at.box(view), style="F")
        if still.image is not None:
            from PIL import Image

            px = Rect(*view.pixels())
            part = still.image[int(px.y) : int(px.y + px.h), int(px.x) : int(px.x + px.w)]
            pdf.image(Image.fromarray(np.ascontiguousarray(part)), *at.box(px))
        paint_runs(pdf, still.runs, at, self.fonts)
        pdf.set_draw_color(*(round(255 * v) for v in RULE))
        pdf.set_line_width(0.5)
        pdf.rect(*at.box(view), style="D")


def scaled(rect: Rect, factor: float) -> Rect:
    return Rect(rect.x * factor, rect.y * factor, rect.w * factor, rect.h * factor)


def _rgb(color: Sequence[float]) -> tuple[int, int, int]:
    r, g, b = (round(255 * min(max(float(v), 0.0), 1.0)) for v in color[:3])
    return r, g, b


def render_handout(handout: Handout, paper: str, *, progress: bool | None = None,
                   label: str = "handout") -> bytes:  # fmt: skip
    """The handout as PDF bytes on `paper` ("A4", "Letter": fpdf2's names), drawn in memory:
    the caller writes them atomically."""
    with Progress(handout.pictures, label, enabled=progress, unit="pictures") as bar:
        writer = _Writer(handout, paper, bar)
        try:
            writer.write()
        finally:
            writer.gl.release()
    return bytes(writer.pdf.output())

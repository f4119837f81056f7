"""Text: a glyph atlas rasterised once per (font, pixel size) from the shipped DejaVu fonts.

DejaVu has no CJK glyphs, so a character it lacks is drawn from the shipped subset of Noto
Sans CJK JP (tools/subset_font.py), per character and at the same exact pixel size, on the
same baseline: Japanese captions are as crisp as the Latin text around them. Line metrics
stay DejaVu's, so a caption's height does not depend on its language.

Glyphs are rasterised by FreeType at the exact pixel size they are drawn at (crisper than a
scaled distance field at HUD sizes) into one shared 2048x2048 coverage atlas, so text of
every size draws in the same instanced batch as the shapes. The atlas is CPU data; the 2D
renderer uploads it when its version changes. Layout is CPU-only too, so scenes can
measure text without a GL context.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

import numpy as np
from puzzleviz.assets import asset_path

if TYPE_CHECKING:
    import pygame.freetype

__all__ = [
    "ATLAS",
    "ATLAS_SIZE",
    "FALLBACK_FILES",
    "FONT_FILES",
    "LINE_SPACING",
    "Anchor",
    "FontName",
    "Glyph",
    "GlyphAtlas",
    "fit_text",
    "layout_text",
    "line_width",
    "measure",
    "wrap_text",
]

Anchor = Literal["lt", "ct", "rt", "lm", "cm", "rm", "lb", "cb", "rb"]
FontName = Literal["regular", "bold"]
FONT_FILES: dict[str, str] = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
# for the characters the font above lacks (Japanese), each a subset made by tools/subset_font.py
FALLBACK_FILES: dict[str, str] = {
    "regular": "NotoSansCJKjp-Regular-subset.otf",
    "bold": "NotoSansCJKjp-Bold-subset.otf",
}
ATLAS_SIZE = 2048
LINE_SPACING = 1.18


@dataclasses.dataclass(frozen=True)
class Glyph:
    width: int
    height: int
    left: int  # bearing from the pen to the bitmap's left edge
    top: int  # bearing from the baseline up to the bitmap's top edge
    advance: float
    uv: tuple[float, float, float, float]


class GlyphAtlas:
    """Shelf-packed coverage atlas shared by all fonts and sizes."""

    def __init__(self, size: int = ATLAS_SIZE):
        self.size = size
        self.pixels = np.zeros((size, size), dtype=np.uint8)
        self.version = 0
        self.resets = 0  # times the atlas filled up and started over (UVs laid out before change)
        self._glyphs: dict[tuple[str, int, str], Glyph] = {}
        self._fonts: dict[str, pygame.freetype.Font] = {}
        self._x = self._y = self._row = 1

    def font(self, name: str, fallback: bool = False) -> pygame.freetype.Font:
        key = f"{name}+fallback" if fallback else name
        font = self._fonts.get(key)
        if font is None:
            import pygame.freetype

            pygame.freetype.init()
            if name not in FONT_FILES:
                raise ValueError(f"unknown font {name!r} (have {', '.join(FONT_FILES)})")
            file = (FALLBACK_FILES if fallback else FONT_FILES)[name]
            font = pygame.freetype.Font(str(asset_path("fonts", file)))
            font.antialiased = True
            font.pad = False
            self._fonts[key] = font
        return font

    def face_for(self, name: str, char: str, px: int) -> pygame.freetype.Font:
        """The font that draws `char`: the main one, else the fallback if it has the glyph
        (else the main one, whose missing-glyph box at least shows something is wrong)."""
        font = self.font(name)
        if char.isspace() or font.get_metrics(char, size=px)[0] is not None:
            return font
        fallback = self.font(name, fallback=True)
        return fallback if fallback.get_metrics(char, size=px)[0] is not None else font

    def can_draw(self, name: str, char: str) -> bool:
        """Whether a shipped font has a glyph for `char` (the catalogs' test asks)."""
        return any(self.font(name, fb).get_metrics(char, size=20)[0] is not None
                   for fb in (False, True))  # fmt: skip

    def metrics(self, name: str, px: int) -> tuple[int, int]:
        """(ascender, line height) in pixels."""
        font = self.font(name)
        ascender = font.get_sized_ascender(px)
        height = font.get_sized_height(px)
        return ascender, round(height * LINE_SPACING)

    def glyph(self, name: str, px: int, char: str) -> Glyph:
        key = (name, px, char)
        glyph = self._glyphs.get(key)
        if glyph is None:
            glyph = self._glyphs[key] = self._rasterise(name, px, char)
        return glyph

    def glyphs(self) -> Iterator[tuple[tuple[str, int, str], Glyph]]:
        """Every glyph placed since the last reset, by (font, pixel size, character): what
        a glyph quad's UVs came from (a PDF sets the character itself, viz.pdfdraw)."""
        return iter(self._glyphs.items())

    def _rasterise(self, name: str, px: int, char: str) -> Glyph:
        font = self.face_for(name, char, px)
        metrics = font.get_metrics(char, size=px)[0]
        advance = float(metrics[4]) if metrics else px * 0.5
        if char.isspace():
            return Glyph(0, 0, 0, 0, advance, (0.0, 0.0, 0.0, 0.0))
        data, (w, h) = font.render_raw(char, size=px)
        rect = font.get_rect(char, size=px)
        if w == 0 or h == 0:
            return Glyph(0, 0, 0, 0, advance, (0.0, 0.0, 0.0, 0.0))
        x, y = self._place(w, h)
        self.pixels[y : y + h, x : x + w] = np.frombuffer(data, dtype=np.uint8).reshape(h, w)
        self.version += 1
        s = float(self.size)
        return Glyph(w, h, rect.x, rect.y, advance, (x / s, y / s, (x + w) / s, (y + h) / s))

    def _place(self, w: int, h: int) -> tuple[int, int]:
        if self._x + w + 1 > self.size:
            self._x, self._y, self._row = 1, self._y + self._row + 1, 1
        if self._y + h + 1 > self.size:
            # Full: start over. Glyphs already laid out this frame stay valid until the
            # renderer uploads, which is after layout, so a reset only costs re-rasterising.
            self.pixels[:] = 0
            self.resets += 1
            self._glyphs.clear()
            self._x = self._y = self._row = 1
        x, y = self._x, self._y
        self._x += w + 1
        self._row = max(self._row, h)
        return x, y


ATLAS = GlyphAtlas()


def _wrap(text: str, name: str, px: int, max_width: float | None) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if max_width is None:
            lines.append(paragraph)
            continue
        current = ""
        for separator, piece in _pieces(paragraph):
            candidate = piece if not current else f"{current}{separator}{piece}"
            if current and line_width(candidate, px, name) > max_width:
                lines.append(current)
                current = piece
            else:
                current = candidate
        lines.append(current)
    return lines


# Japanese has no spaces: a line may break between any two CJK characters, except before
# closing punctuation (kinsoku), which stays with the character before it.
_NO_BREAK_BEFORE = frozenset("、。，．・：；？！）」』】〉》〜ー…")


def _is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def _pieces(paragraph: str) -> list[tuple[str, str]]:
    """The units a line may break between, each with what joins it to the one before:
    a word after a space, or a single CJK character (with its closing punctuation)."""
    pieces: list[tuple[str, str]] = []
    for i, word in enumerate(paragraph.split(" ")):
        separator, current = (" " if i else ""), ""
        for ch in word:
            breakable = current and (_is_cjk(ch) or _is_cjk(current[-1]))
            if breakable and ch not in _NO_BREAK_BEFORE:
                pieces.append((separator, current))
                separator, current = "", ch
            else:
                current += ch
        pieces.append((separator, current))
    return pieces


@functools.lru_cache(maxsize=1 << 16)
def line_width(line: str, px: int, name: str = "regular") -> float:
    """The pen's advance over `line`. Kept by its arguments: wrapping measures every
    prefix of a caption again and again, frame after frame (a fifth of a page export's
    time), and an advance is the font's, not the atlas's (a reset changes no width)."""
    return sum(ATLAS.glyph(name, px, ch).advance for ch in line)


def measure(
    text: str, size: float, font: FontName = "regular", max_width: float | None = None
) -> tuple[float, float]:
    """(width, height) of a text block in pixels."""
    px = max(round(size), 1)
    lines = _wrap(text, font, px, max_width)
    _, line_height = ATLAS.metrics(font, px)
    return max((line_width(line, px, font) for line in lines), default=0.0), line_height * len(
        lines
    )


def wrap_text(
    text: str, size: float, font: FontName = "regular", max_width: float | None = None
) -> list[str]:
    """The lines `text` is drawn in at `size` (broken at "\\n" and, given max_width, between
    words or CJK characters)."""
    return _wrap(text, font, max(round(size), 1), max_width)


def layout_text(
    text: str,
    size: float,
    font: FontName,
    anchor: Anchor,
    x: float,
    y: float,
    max_width: float | None = None,
) -> tuple[np.ndarray, float, float]:
    """Glyph quads (N, 8): centre x, y, half w, h, then u0, v0, u1, v1; and the block size."""
    px = max(round(size), 1)
    lines = _wrap(text, font, px, max_width)
    ascender, line_height = ATLAS.metrics(font, px)
    widths = [line_width(line, px, font) for line in lines]
    block_w, block_h = max(widths, default=0.0), line_height * len(lines)
    horizontal, vertical = anchor[0], anchor[1]
    top = y - {"t": 0.0, "m": block_h / 2, "b": block_h}[vertical]
    quads = []
    for i, (line, width) in enumerate(zip(lines, widths, strict=True)):
        pen = x - {"l": 0.0, "c": width / 2, "r": width}[horizontal]
        pen = round(pen)
        baseline = round(top + ascender + i * line_height)
        for ch in line:
            g = ATLAS.glyph(font, px, ch)
            if g.width:
                gx, gy = pen + g.left, baseline - g.top
                quads.append(
                    (gx + g.width / 2, gy + g.height / 2, g.width / 2, g.height / 2, *g.uv)
                )
            pen += g.advance
    array = np.array(quads, dtype=np.float32).reshape(-1, 8)
    return array, block_w, block_h


def fit_text(
    text: str, size: float, smallest: float, max_width: float, max_lines: int
) -> tuple[float, str]:
    """The largest size from `size` down to `smallest` at which `text` wraps into at most
    `max_lines` lines of `max_width`; if even `smallest` is too large, the text is cut
    after `max_lines` lines and ends with an ellipsis. Returns (size, text to draw)."""
    current = size
    while True:
        px = max(round(current), 1)
        lines = _wrap(text, "regular", px, max_width)
        if len(lines) <= max_lines:
            return current, text
        if current <= smallest:
            break
        current = max(current * 0.92, smallest)
    kept = lines[:max_lines]
    last = kept[-1]
    while last and line_width(last + "…", px) > max_width:
        last = last[:-1].rstrip()
    kept[-1] = last + "…"
    return current, "\n".join(kept)

"""Regenerate the Japanese fallback fonts in assets/fonts from Noto Sans CJK JP (SIL OFL 1.1).

The DejaVu fonts the HUD uses have no CJK glyphs. Noto Sans CJK JP has them all, but a
whole face is 16-20 MB; the catalogs use a few hundred characters. So the shipped fonts are
subsets: every character of every catalog (assets/locale/*/LC_MESSAGES/*.po) that DejaVu
cannot draw, plus the kana, CJK punctuation, full-width forms and ASCII, so a short new
caption in kana needs no new subset. Run this after the catalogs gain characters (the test
tests/test_i18n.py says which ones the shipped fonts lack).

    apt-get download fonts-noto-cjk && dpkg -x fonts-noto-cjk_*.deb noto
    pip install fonttools            # a scratch venv is enough: not a runtime dependency
    python tools/subset_font.py noto/usr/share/fonts/opentype/noto

The source folder holds NotoSansCJK-Regular.ttc and NotoSansCJK-Bold.ttc (font 0 of each
collection is the Japanese face); installed fonts-noto-cjk puts them in
/usr/share/fonts/opentype/noto, the default.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
LOCALE = ROOT / "assets" / "locale"
# (source collection, face index of Noto Sans CJK JP, shipped subset, the DejaVu it backs)
FACES = (
    ("NotoSansCJK-Regular.ttc", 0, "NotoSansCJKjp-Regular-subset.otf", "DejaVuSans.ttf"),
    ("NotoSansCJK-Bold.ttc", 0, "NotoSansCJKjp-Bold-subset.otf", "DejaVuSans-Bold.ttf"),
)
BASICS = (
    range(0x20, 0x7F),  # ASCII
    range(0x3000, 0x3040),  # CJK symbols and punctuation (、。「」〜)
    range(0x3041, 0x3097),  # hiragana
    range(0x3099, 0x30A0),  # sound marks, iteration marks
    range(0x30A0, 0x3100),  # katakana
    range(0xFF01, 0xFF5F),  # full-width forms (：（）)
)


def catalog_text() -> str:
    """Every translation in every catalog (msgstr lines, escapes as written)."""
    parts = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        for line in po.read_text(encoding="utf-8").splitlines():
            if line.startswith(("msgstr", '"')):
                parts.append(line)
    return "\n".join(parts)


def characters(dejavu: Path) -> set[int]:
    cmap = TTFont(dejavu).getBestCmap()
    wanted = {ord(ch) for ch in catalog_text() if not ch.isspace()}
    wanted = {cp for cp in wanted if cp not in cmap}
    for block in BASICS:
        wanted.update(block)
    return wanted


def main(argv: list[str]) -> int:
    source = Path(argv[1] if len(argv) > 1 else "/usr/share/fonts/opentype/noto")
    for collection, index, target, dejavu in FACES:
        font = TTCollection(source / collection).fonts[index]
        codepoints = characters(FONTS / dejavu)
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.hinting = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(codepoints))
        subsetter.subset(font)
        out = FONTS / target
        font.save(out)
        cmap = font.getBestCmap()
        lacking = sorted(chr(cp) for cp in codepoints if cp not in cmap and cp > 0x7F)
        print(f"wrote {out.relative_to(ROOT)}: {len(cmap)} characters, "
              f"{out.stat().st_size / 1024:.0f} KiB" + (f"; not in the source: {''.join(lacking)}"
                                                        if lacking else ""))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

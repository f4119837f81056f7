"""Captions in four languages: messages in traces, gettext catalogs, fonts that draw them."""

from __future__ import annotations

import gettext
import importlib.util
import sys
from pathlib import Path

import pytest
from puzzleviz.solvers import i18n
from puzzleviz.solvers.i18n import LanguageError, default_language, msg, nmsg, render

from puzzleviz.testing import assert_one_line_error, run_cli

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"


def _tool(name: str):  # the repo's tools/ scripts, imported as modules
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def language():
    """Set the display language for one test, English again afterwards."""
    yield i18n.set_language
    i18n.set_language("en")


def test_every_msgid_of_the_code_is_translated_in_every_catalog():
    pytest.importorskip("babel")
    problems = _tool("catalogs").missing_translations()
    assert not problems, "\n".join(problems[:40])


def test_the_catalogs_compile_and_keep_their_placeholders(tmp_path):
    """What setup.py builds (Babel) is what gettext reads; every translation names the
    same placeholders as its msgid, so no caption can fail to format."""
    pytest.importorskip("babel")
    import re

    sys.path.insert(0, str(ROOT))
    try:
        from setup import compile_catalogs
    finally:
        sys.path.remove(str(ROOT))
    written = compile_catalogs(LOCALE, tmp_path)
    assert sorted(p.parent.parent.name for p in written) == ["de", "hu", "ja"]
    from babel.messages.pofile import read_po

    field = re.compile(r"\{(\w*)")
    for mo in written:
        lang = mo.parent.parent.name
        translation = gettext.GNUTranslations(mo.open("rb"))
        with (LOCALE / lang / "LC_MESSAGES" / "puzzleviz.po").open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            allowed = {name for text in ids for name in field.findall(text)}
            for text in strings:
                assert set(field.findall(text)) <= allowed, (lang, ids[0], text)
        assert translation.gettext("The rings are solved") != "The rings are solved"


def test_every_character_of_the_catalogs_has_a_glyph_in_the_shipped_fonts():
    pytest.importorskip("pygame")
    from puzzleviz.viz.text import ATLAS

    text = "".join(po.read_text(encoding="utf-8") for po in LOCALE.glob("*/LC_MESSAGES/*.po"))
    used = sorted({ch for ch in text if not ch.isspace() and ch.isprintable()})
    for font in ("regular", "bold"):
        lacking = [ch for ch in used if not ATLAS.can_draw(font, ch)]
        assert not lacking, f"{font}: no glyph for {''.join(lacking)} (tools/subset_font.py)"


def test_japanese_comes_from_the_fallback_font_at_the_exact_size():
    pytest.importorskip("pygame")
    from puzzleviz.viz.text import ATLAS

    assert ATLAS.face_for("regular", "a", 24) is ATLAS.font("regular")
    assert ATLAS.face_for("regular", "解", 24) is ATLAS.font("regular", fallback=True)
    small, large = ATLAS.glyph("regular", 20, "解"), ATLAS.glyph("regular", 40, "解")
    assert 14 <= small.width <= 21 and 30 <= large.width <= 41  # rasterised, not scaled


def test_japanese_wraps_between_characters_but_not_before_closing_punctuation():
    pytest.importorskip("pygame")
    from puzzleviz.viz.text import _wrap, line_width

    text = "クイーンを c2 へ：上の 1 個のクイーンの利きはない（a2 と b2 は利きあり）。次へ"
    lines = _wrap(text, "regular", 24, 220)
    assert len(lines) > 1 and "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(line_width(line, 24) <= 220 for line in lines)
    assert not any(line.startswith(("。", "）", "：")) for line in lines)


def test_a_message_renders_in_each_language_with_plural_forms():
    one = nmsg("{n} move", "{n} moves", 1)
    many = nmsg("{n} move", "{n} moves", 14)
    assert (render(one), render(many)) == ("1 move", "14 moves")
    assert (render(one, "de"), render(many, "de")) == ("1 Zug", "14 Züge")
    assert render(many, "hu") == "14 lépés"
    assert render(many, "ja") == "14 手"
    nested = msg("{method}: {proof}", method=msg("A* search"), proof=many)
    assert render(nested, "de") == "A*-Suche: 14 Züge"


@pytest.mark.parametrize(
    ("lang", "whole", "decimal"),
    [("en", "1,825", "2.5"), ("hu", "1\xa0825", "2,5"), ("de", "1.825", "2,5"),
     ("ja", "1,825", "2.5")],
)  # fmt: skip
def test_numbers_are_written_as_the_language_writes_them(lang, whole, decimal):
    """CLDR's conventions (Babel): digit groups and the decimal sign of each language."""
    import numpy as np

    assert i18n.number(1825, lang) == whole
    assert i18n.number(np.int64(1825), lang) == whole  # solvers count in numpy
    assert i18n.number(2.5, lang, decimals=1) == decimal
    assert i18n.number(1825, lang, grouping=False) == "1825"
    assert i18n.fill("{a:,} {b:.1f} {c:.3g} {d} {e:>3}", a=1825, b=2.5, c=2.5, d=True, e=7,
                     lang=lang) == f"{whole} {decimal} {decimal} True   7"  # fmt: skip


def test_a_stored_message_writes_its_numbers_when_it_is_read():
    """The trace keeps the number; each reader sees it in their own language."""
    stored = msg("Finished: no filling, {nodes:,} nodes searched", nodes=1234567)
    assert "1234567" in stored
    assert render(stored, "en") == "Finished: no filling, 1,234,567 nodes searched"
    assert "1.234.567" in render(stored, "de")
    assert "1\xa0234\xa0567" in render(stored, "hu")
    steps = nmsg("the {n:,} later step set aside: U or Ctrl+Z brings it back",
                 "the {n:,} later steps set aside: U or Ctrl+Z brings them back", 1825)  # fmt: skip
    assert render(steps, "de").startswith("die 1.825 späteren Schritte")


def test_the_hud_counts_and_paces_in_the_readers_language(language):
    from puzzleviz.viz.hud import counter_text, speed_text
    from puzzleviz.viz.player import Player

    from tests.viz.test_player import make_trace

    trace, model = make_trace(n_steps=1825, per_step=1, milestone_every=10_000)
    player = Player(trace, model, speed=1825.0)
    player.seek(trace.n_events)
    expected = {
        "en": ("step 1,825 / 1,825", "1,825 steps/s"),
        "hu": ("lépés 1\xa0825 / 1\xa0825", "1\xa0825 lépés/s"),  # was "1,825 lépés/s"
        "de": ("Schritt 1.825 / 1.825", "1.825 Schritte/s"),
        "ja": ("ステップ 1,825 / 1,825", "1,825 ステップ/秒"),
    }
    for code, (counter, pace) in expected.items():
        language(code)
        assert (counter_text(player.frame()), speed_text(player.frame())) == (counter, pace)


def test_an_error_reads_in_english_on_the_command_line_and_translated_in_the_window():
    from puzzleviz.solvers.errors import PuzzleInputError
    from puzzleviz.solvers.setgame.session import SetSession

    game = SetSession(3, 4)
    game.add("0120")
    with pytest.raises(PuzzleInputError) as refused:
        game.add("0120")
    assert str(refused.value) == "0120 is already on the board"
    assert render(refused.value.message, "de") == "0120 liegt schon aus"
    assert PuzzleInputError("plain words").message == "plain words"


def test_plain_strings_and_unknown_messages_still_read():
    """Old traces hold plain English: shown as they are (translated when one is exactly a
    catalog's msgid); a message no catalog knows is its English."""
    assert render("my own caption", "ja") == "my own caption"
    assert render("The rings are solved", "hu") == "A körök kirakva"
    unknown = msg("Something {what} new", what="quite")
    assert render(unknown, "de") == "Something quite new"
    assert render("", "ja") == ""


@pytest.mark.parametrize(
    "text",
    [
        '\x1f["{n:>999999999}", {"n": 1}]',  # a gigabyte of spaces
        '\x1f["{n:.999999999f}", {"n": 1.5}]',  # a gigabyte of decimals
        '\x1f["{n.__class__.__mro__}", {"n": 1}]',  # Python's objects, through a caption
        '\x1f["{n[0]}", {"n": "ab"}]',
        '\x1f["{n} card", "{n} cards", {"n": Infinity}]',  # int(inf): OverflowError
        "\x1f" + "[" * 5000 + "]" * 5000,  # RecursionError
    ],
)
def test_a_crafted_message_in_a_trace_is_shown_as_its_text(text):
    """A trace's captions come from anyone: a message that would take a gigabyte, reach
    into Python's objects or recurse too deeply is shown as it is stored, not filled in."""
    assert render(text, "de") == text[1:]


def test_one_recorded_trace_plays_in_every_language(tmp_path, language):
    from puzzleviz.solvers.tracefile import load_trace, save_trace

    trace = _queens_trace(4)
    save_trace(trace, tmp_path / "q.pzt")
    again = load_trace(tmp_path / "q.pzt")
    first = {}
    for code in ("en", "hu", "de", "ja"):
        language(code)
        first[code] = again.step_caption_text(0)
    assert first == {
        "en": "Queen on a1: nothing attacks it",
        "hu": "Vezér a(z) a1 mezőre: semmi sem üti",
        "de": "Dame auf a1: nichts greift sie an",
        "ja": "クイーンを a1 へ：利きはまったくない",
    }
    language("de")
    assert any(caption.startswith("Fertig: ") for _, _, caption in again.milestones()) or any(
        again.step_caption_text(s).startswith("Fertig: ") for s in range(again.n_steps)
    )


def _queens_trace(n: int):
    from tests.solvers.test_queens import traced

    return traced(n)[0]


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"PUZZLEVIZ_LANG": "ja"}, "ja"),
        ({"PUZZLEVIZ_LANG": "de", "LANG": "hu_HU.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:hu", "LANG": "de_DE.UTF-8"}, "hu"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "ja_JP.UTF-8"}, "de"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_default_language_comes_from_the_environment(environ, expected):
    assert default_language(environ) == expected


def test_an_unknown_language_is_one_line_and_exit_2(monkeypatch, tmp_path):
    with pytest.raises(LanguageError, match="PUZZLEVIZ_LANG"):
        default_language({"PUZZLEVIZ_LANG": "klingon"})
    assert_one_line_error("play", "--lang", "fr", "x.pzt", match="unknown language")
    monkeypatch.setenv("PUZZLEVIZ_LANG", "xx")
    line = assert_one_line_error("trace", "info", str(tmp_path / "none.pzt"))
    assert "PUZZLEVIZ_LANG" in line


def test_trace_show_speaks_the_language_asked_for(tmp_path, monkeypatch):
    from puzzleviz.solvers.tracefile import save_trace

    save_trace(_queens_trace(4), tmp_path / "q.pzt")
    run = run_cli("trace", "show", str(tmp_path / "q.pzt"), "--lang", "ja")
    assert run.code == 0 and "クイーンを a1 へ：利きはまったくない" in run.out
    monkeypatch.setenv("PUZZLEVIZ_LANG", "hu")
    run = run_cli("trace", "show", str(tmp_path / "q.pzt"))
    assert run.code == 0 and "Vezér a(z) a1 mezőre" in run.out
    assert i18n.current_language() == "en"  # main() leaves the process as it found it


@pytest.mark.gl
def test_a_japanese_recording_tags_its_subtitle_track(tmp_path):
    av = pytest.importorskip("av")
    from puzzleviz.solvers.tracefile import save_trace
    from puzzleviz.viz.sinks import timed_text_supported

    if not timed_text_supported():
        pytest.skip("this PyAV cannot write subtitle tracks")
    save_trace(_queens_trace(4), tmp_path / "q.pzt")
    out = tmp_path / "q.mp4"
    run = run_cli("record", str(tmp_path / "q.pzt"), "-o", str(out), "--size", "320x180",
                  "--fps", "5", "--speed", "8", "--lang", "ja")  # fmt: skip
    assert run.code == 0, run.err
    with av.open(str(out)) as container:
        subtitles = [s for s in container.streams if s.type == "subtitle"]
        assert subtitles and subtitles[0].metadata.get("language") == "jpn"
    vtt = out.with_suffix(".vtt").read_text(encoding="utf-8")
    assert "00:00:00.000 4 クイーン · バックトラック、1 行ずつ" in vtt  # the chapter
    assert "完了：クイーンを 8 回置いて" in vtt  # the last cue


# -- a plugin's own catalogs -------------------------------------------------------------------

PLUGIN_PO = r"""msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Move disk {disk} onto peg {peg}"
msgstr "A(z) {disk}. korong a(z) {peg} rúdra kerül"

msgid "{n} move"
msgid_plural "{n} moves"
msgstr[0] "{n} lépés"
msgstr[1] "{n} lépés"

msgid "{first} and {second}"
msgstr "{first} meg {second} (a bővítményé)"
"""


@pytest.fixture
def plugin_package(tmp_path, monkeypatch):
    """An installed plugin, `toyplug`, with an entry point and a Hungarian .po of its own
    (returns its locale folder); the catalogs are read again before and after."""
    from puzzleviz.solvers import plugin_catalogs

    package = tmp_path / "toyplug"
    (package / "locale" / "hu" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("raise RuntimeError('finding catalogs imports nothing')\n")
    (package / "locale" / "hu" / "LC_MESSAGES" / "toyplug.po").write_text(PLUGIN_PO)
    info = tmp_path / "toyplug-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyplug\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[puzzleviz.puzzles]\ntoy = toyplug:PUZZLE\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    def forget() -> None:
        plugin_catalogs.plugin_packages.cache_clear()
        i18n.translations.cache_clear()

    forget()
    yield package / "locale"
    forget()


def test_a_plugins_captions_read_in_its_own_catalog(plugin_package):
    caption = msg("Move disk {disk} onto peg {peg}", disk=3, peg="C")
    assert render(caption, "hu") == "A(z) 3. korong a(z) C rúdra kerül"
    assert render(nmsg("{n} move", "{n} moves", 1825), "hu") == "1\xa0825 lépés"
    assert render(caption, "de") == "Move disk 3 onto peg C"  # no German catalog: English
    assert render(caption, "en") == "Move disk 3 onto peg C"


def test_our_catalog_comes_before_a_plugins(plugin_package):
    shared = "{first} and {second}"
    ours = gettext.translation("puzzleviz", str(LOCALE), languages=["hu"]).gettext(shared)
    assert ours != shared and "bővítményé" not in ours
    assert i18n.gettext(shared, "hu") == ours


def test_a_compiled_mo_is_read_as_well(plugin_package):
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = plugin_package / "hu" / "LC_MESSAGES" / "toyplug.po"
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="hu")
    catalog.get("Move disk {disk} onto peg {peg}").string = "{disk} -> {peg} (mo)"
    with po.with_suffix(".mo").open("wb") as handle:
        write_mo(handle, catalog)
    assert render(msg("Move disk {disk} onto peg {peg}", disk=1, peg="B"), "hu") == "1 -> B (mo)"


def test_a_broken_plugin_catalog_is_one_line_and_english(plugin_package, capsys):
    (plugin_package / "hu" / "LC_MESSAGES" / "toyplug.po").write_text("not a catalog\n")
    caption = msg("Move disk {disk} onto peg {peg}", disk=3, peg="C")
    assert render(caption, "hu") == "Move disk 3 onto peg C"
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "toyplug.po of toyplug cannot be read" in err[0]

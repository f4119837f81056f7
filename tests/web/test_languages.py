"""The page's languages without a browser: the lookup hook of solvers/i18n.py, and the
export's scene drawn once for all languages giving exactly what drawing it in each
language gives (viz/web/languages.py)."""

from __future__ import annotations

import base64
import re

import numpy as np
import pytest
from puzzleviz.assets import asset_path
from puzzleviz.solvers.i18n import fill, gettext, msg, noting_lookups, number, render
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracefile import load_trace
from puzzleviz.viz.web.encode import Decoded, Runs, decode
from puzzleviz.viz.web.export import bake
from puzzleviz.viz.web.frames import FrameSource
from puzzleviz.viz.web.languages import in_language

SIZE = (640, 360)


def payloads(html: str) -> list[Decoded]:
    """The page's payloads in tour order."""
    found = re.findall(r'<script type="application/octet-stream" id="payload(?:-\d+)?">'
                       r"([^<]*)</script>", html)  # fmt: skip
    return [decode(base64.b64decode(text)) for text in found]


def test_lookups_that_read_the_same_in_every_language_do_not_differ():
    with noting_lookups() as same:
        number(5)
        render("A1")  # a plain string that is no msgid
        fill("{n}", n=7)
    assert len(same.calls) == 3
    assert not same.differ(("en", "hu", "de", "ja"))
    with noting_lookups() as words:
        gettext("Keys (H closes this)")
    assert words.differ(("en", "de"))
    with noting_lookups() as numbers:
        number(1825)  # 1,825 / 1.825
    assert not numbers.differ(("en", "ja")) and numbers.differ(("en", "de"))


def test_lookups_are_noted_only_inside_the_block_and_in_the_current_language():
    with noting_lookups() as outer:
        render(msg("Place the {piece}", piece="A"))
        gettext("Keys (H closes this)", "de")  # a language named: not the reader's
        with noting_lookups() as inner:
            number(1825)
    gettext("Keys (H closes this)")
    assert len(outer.calls) == 2 and len(inner.calls) == 1


def _per_language(trace: Trace, code: str, tweens: int) -> list[tuple[Runs, Runs]]:
    """The frames of every moment composed in `code` alone, as the window would."""
    with in_language(code):
        source = FrameSource(trace, SIZE, tweens)
        out = []
        for variants in source.runs():
            out.append(variants)
    return out


def same_runs(a: Runs, b: Runs) -> bool:
    return len(a) == len(b) and all(
        ka == kb and np.array_equal(ra, rb) for (ka, ra), (kb, rb) in zip(a, b, strict=True)
    )


@pytest.mark.parametrize("kind", ["rings", "queens"])
def test_the_scene_drawn_once_gives_what_drawing_it_in_each_language_gives(kind):
    """rings draws no words of a language (drawn once for en and de); queens draws its
    legend's words (drawn again in each): both payloads hold exactly each language's own
    frames."""
    trace = load_trace(asset_path("demos", f"{kind}.pzt"))
    languages = ("en", "de")
    baked = bake(trace, SIZE, tweens=1, languages=languages)
    payload = decode(baked.payload)
    words = payload.header["words"]
    moments = len(words["en"]["slots"])
    for code in languages:
        expected = _per_language(trace, code, tweens=1)
        assert len(expected) == moments
        for slot, (paused, moving) in enumerate(expected):
            assert same_runs(payload.frames[words[code]["slots"][slot]], paused), (code, slot)
            assert same_runs(payload.frames[words[code]["playing"][slot]], moving), (code, slot)
    if kind == "rings":
        assert baked.scene_draws < 1.1 * moments  # once a moment, not once a language
    else:
        assert baked.scene_draws == 2 * moments
    # the German frames are German: a caption differs from the English one
    assert any(words["de"]["slots"][slot] != words["en"]["slots"][slot] for slot in range(moments))

"""Captions and words in the reader's language: messages stored in traces, gettext at display.

A solver writes its captions once, at solve time, but a trace is shown later, in the
language of whoever watches it. So a caption is stored as a *message*: its English msgid
and its named arguments, encoded in one string of the trace's string table (a plain string,
so the trace format is unchanged and old traces with plain English captions still read as
they always did). The display (HUD, subtitles, `trace show`, notebooks) renders it in the
language chosen at that moment, with the gettext catalogs under `assets/locale/`. One
recorded trace thus plays in English, Hungarian, German or Japanese.

    msg("Place the {piece}", piece="3-piece")       one sentence, named placeholders
    nmsg("{n} card", "{n} cards", n)                 plural forms (ngettext), count named n
    render(text)                                     the text in the current language
    number(1825)                                     "1,825", "1 825", "1.825": the reader's way
    fill(gettext("step {at:,} / {total:,}"), at=5, total=1825)   a pattern with numbers

Arguments may be messages themselves (a piece's name inside a sentence); they are
rendered first. Number arguments stay numbers in the trace and are written when the message
is rendered, by the reader's language (CLDR's conventions, through Babel): the same trace
says "1,825 steps" in English, "1 825 lépés" in Hungarian and "1.825 Schritte" in German.
Babel is imported on the first number only, so `--help` stays light; the rest is the stdlib
(solvers/ runs with no display).
"""

from __future__ import annotations

import gettext as _gettext
import json
import numbers
import os
import re
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

from puzzleviz.solvers.errors import PuzzlevizError

__all__ = [
    "DOMAIN",
    "ENV_VAR",
    "ISO_639_2",
    "LANGUAGES",
    "MARK",
    "MAX_SPEC_NUMBER",
    "N_",
    "LanguageError",
    "Lookups",
    "N_plural",
    "clauses",
    "current_language",
    "default_language",
    "fill",
    "gettext",
    "is_message",
    "msg",
    "ngettext",
    "nmsg",
    "noting_lookups",
    "number",
    "parse_language",
    "render",
    "set_language",
    "translations",
    "words",
]

DOMAIN = "puzzleviz"
LANGUAGES: dict[str, str] = {"en": "English", "hu": "magyar", "de": "Deutsch", "ja": "日本語"}
ISO_639_2 = {"en": "eng", "hu": "hun", "de": "ger", "ja": "jpn"}  # a video track's language
ENV_VAR = "PUZZLEVIZ_LANG"
MARK = "\x1f"  # an encoded message starts with the ASCII unit separator, never in prose
_LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_current = "en"


class LanguageError(PuzzlevizError):
    """A language the catalogs do not have."""


def _scalar(value: Any) -> Any:
    """numpy's integers and floats as JSON numbers (solvers count in numpy)."""
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"a caption argument must be a number or a string, not {value!r}")


def _encode(parts: list[Any]) -> str:
    """A message and its arguments as one string; a message among the arguments is nested
    as its parts (not as an escaped string, whose escapes would double at every level)."""
    msgid, args, *plural = parts
    nested = {k: _parts(v) if isinstance(v, str) and v.startswith(MARK) else v
              for k, v in args.items()}  # fmt: skip
    return MARK + json.dumps(
        [msgid, nested, *plural], ensure_ascii=False, separators=(",", ":"), default=_scalar
    )


def _parts(text: str) -> Any:
    return json.loads(text[len(MARK) :])


def msg(msgid: str, /, **args: Any) -> str:
    """A caption to translate at display time: the English sentence with {named}
    placeholders, and their values (numbers, words, or other messages)."""
    return _encode([msgid, args])


def nmsg(singular: str, plural: str, n: int, /, **args: Any) -> str:
    """A caption whose wording depends on a count, passed as the placeholder {n}."""
    return _encode([singular, {**args, "n": int(n)}, plural])


def words(items: Sequence[str]) -> str:
    """'A1, B2 and C3' as a message: the items (text or messages) joined the way the
    reader's language lists them."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return msg("{first} and {second}", first=items[0], second=items[1])
    return msg("{first}, {rest}", first=items[0], rest=words(items[1:]))


def clauses(items: Sequence[str]) -> str:
    """Clauses (text or messages) one after another: '2 from A1; 5 from B2'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return msg("{first}; {rest}", first=items[0], rest=clauses(items[1:]))


def N_(msgid: str) -> str:
    """Marks a string for the catalogs without translating it (translated where shown)."""
    return msgid


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural pair for the catalogs (used later with nmsg)."""
    return singular, plural


def is_message(text: str) -> bool:
    return text.startswith(MARK)


def parse_language(text: str) -> str:
    """A language code as a user writes it ("hu", "de_AT.UTF-8", "ja-JP"), or an error
    naming the choices."""
    code = text.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if code not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        raise LanguageError(f"unknown language {text!r}: choose one of {choices}")
    return code


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """PUZZLEVIZ_LANG (an unknown value is an error: the user asked for it), else the first
    locale variable that names a language we have (LANGUAGE may list several, "hu:en"),
    else English."""
    env = os.environ if environ is None else environ
    chosen = env.get(ENV_VAR, "").strip()
    if chosen:
        try:
            return parse_language(chosen)
        except LanguageError as exc:
            raise LanguageError(f"{ENV_VAR}: {exc}") from None
    for name in _LOCALE_VARS:
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            try:
                return parse_language(part)
            except LanguageError:
                continue
        if name != "LANGUAGE":  # the first locale variable set decides, as in gettext
            break
    return "en"


def set_language(code: str) -> None:
    """The language every later render uses (the CLI sets it once from --lang)."""
    global _current
    _current = parse_language(code)


def current_language() -> str:
    return _current


class Lookups:
    """What was written in the current language while noting (noting_lookups): each
    lookup again, for a given language. A drawing that looked up nothing whose result
    differs between languages is the same picture in each (the browser player draws a
    scene once for all its languages then: viz.web.languages)."""

    def __init__(self) -> None:
        self.calls: list[Callable[[str], str]] = []

    def differ(self, languages: Sequence[str]) -> bool:
        """Whether any lookup noted gives different words in two of `languages`."""
        return any(len({call(code) for code in languages}) > 1 for call in self.calls)


_noting: list[Lookups] = []


@contextmanager
def noting_lookups() -> Iterator[Lookups]:
    """Note every message, word and number written in the current language until the
    block ends (gettext, ngettext, render, number, fill without a `lang`)."""
    lookups = Lookups()
    _noting.append(lookups)
    try:
        yield lookups
    finally:
        _noting.remove(lookups)


def _note(call: Callable[[str], str]) -> None:
    for lookups in _noting:
        lookups.calls.append(call)


@cache
def translations(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of a language (English: the msgids themselves), then the
    catalogs plugin puzzles ship for it (solvers.plugin_catalogs), for their own msgids."""
    if code == "en":
        return _gettext.NullTranslations()
    from puzzleviz.assets import asset_path
    from puzzleviz.solvers.plugin_catalogs import plugin_translations

    ours = _gettext.translation(
        DOMAIN, localedir=str(asset_path("locale")), languages=[code], fallback=True
    )
    for theirs in plugin_translations(code):
        ours.add_fallback(theirs)
    return ours


def gettext(text: str, lang: str | None = None) -> str:
    """A fixed word or sentence of the interface, in the current language."""
    if _noting and lang is None:
        _note(lambda code: gettext(text, code))
    return translations(lang or _current).gettext(text)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    if _noting and lang is None:
        _note(lambda code: ngettext(singular, plural, n, code))
    return translations(lang or _current).ngettext(singular, plural, n)


def render(text: str, lang: str | None = None) -> str:
    """A stored caption as the reader reads it: a message translated and filled in; a plain
    string as it is (translated when it is exactly a catalog's msgid, as old traces'
    fixed captions are)."""
    if _noting and lang is None:
        _note(lambda code: render(text, code))
    code = lang or _current
    if not text.startswith(MARK):
        return translations(code).gettext(text) if text and code != "en" else text
    try:
        return _render_parts(_parts(text), code)
    except (ValueError, TypeError, IndexError, KeyError, OverflowError, RecursionError):
        return text[len(MARK) :]  # not ours after all (or crafted): show it rather than fail


def _render_parts(parts: Any, code: str) -> str:
    msgid, args = str(parts[0]), dict(parts[1])
    plural = str(parts[2]) if len(parts) > 2 else None
    values = {k: _value(v, code) for k, v in args.items()}
    t = translations(code)
    pattern = t.ngettext(msgid, plural, int(values.get("n", 0))) if plural else t.gettext(msgid)
    try:
        return fill(pattern, lang=code, **values)
    except (KeyError, ValueError, IndexError, AttributeError):  # a broken translation: English
        english = msgid if plural is None or values.get("n") == 1 else plural
        return fill(english, lang=code, **values)


def _value(value: Any, code: str) -> Any:
    """An argument as it goes into the sentence: a nested message rendered, text as is."""
    if isinstance(value, list):
        return _render_parts(value, code)
    if isinstance(value, str) and value.startswith(MARK):
        return render(value, code)
    return value  # a word or a name ("A1", "1x2x4") is not looked up: it is not a msgid


# -- numbers ---------------------------------------------------------------------------------

# The format specs a number's placeholder may carry, written the reader's way: "" (a count or
# a measure as the language writes it), "," and "d" (whole, with or without grouping),
# ".2f" and ",.1f" (fixed decimals), ".3g" (significant digits). Others are Python's own.
_NUMBER_SPEC = re.compile(r"(?P<group>,)?(?:\.(?P<decimals>\d+))?(?P<kind>[dfg]?)")


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


@cache
def _locale(code: str) -> Any:
    """Babel's locale of a language, imported on the first number written (not for --help)."""
    from babel import Locale

    return Locale.parse(code)


def number(
    value: float, lang: str | None = None, *, decimals: int | None = None, grouping: bool = True
) -> str:
    """A number as the reader's language writes it, by CLDR (Babel's format_decimal): digit
    groups "1,825" (en, ja), "1 825" (hu, a no-break space), "1.825" (de), and the decimal
    sign "2.5" / "2,5". `decimals` fixes the digits after the sign (None: whole numbers as
    they are, fractions to at most three places)."""
    from babel.numbers import format_decimal

    if _noting and lang is None:
        _note(lambda code: number(value, code, decimals=decimals, grouping=grouping))
    if decimals is None:
        pattern = "#,##0.###" if grouping else "0.###"
    else:
        pattern = ("#,##0" if grouping else "0") + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_locale(lang or _current))


_SPEC_NUMBER = re.compile(r"\d+")
MAX_SPEC_NUMBER = 100  # the widest width or the most decimals a pattern may ask for


class _Localized(string.Formatter):
    """str.format whose numbers are written the reader's way (see _NUMBER_SPEC). Patterns
    come from traces and catalogs, which anyone may write, so a field is a name alone
    (no "{n.__class__}", no "{n[0]}") and a spec asks for at most MAX_SPEC_NUMBER
    characters or decimals ("{n:>999999999}" would build a gigabyte of spaces)."""

    def __init__(self, code: str):
        self.code = code

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        if "." in field_name or "[" in field_name:
            raise ValueError(f"a placeholder is a name, not {field_name!r}")
        return super().get_field(field_name, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if any(len(d) > 3 or int(d) > MAX_SPEC_NUMBER for d in _SPEC_NUMBER.findall(format_spec)):
            raise ValueError(f"format {format_spec!r} asks for too many characters")
        spec = _NUMBER_SPEC.fullmatch(format_spec) if _is_number(value) else None
        if spec is None:
            return super().format_field(value, format_spec)
        group, decimals, kind = spec["group"], spec["decimals"], spec["kind"]
        if kind == "g":  # significant digits: Python's rounding, the reader's signs
            return format(value, format_spec).translate(_signs(self.code))
        if kind == "d" and decimals is not None:
            return super().format_field(value, format_spec)  # Python's error for ".2d"
        places = int(decimals) if decimals is not None else 0 if kind == "d" else None
        grouping = bool(group) or not format_spec
        return number(value, self.code, decimals=places, grouping=grouping)


@cache
def _signs(code: str) -> dict[int, str]:
    """Python's "," and "." as the language's group and decimal signs (for str.translate)."""
    from babel.numbers import get_decimal_symbol, get_group_symbol

    locale = _locale(code)
    return {ord(","): str(get_group_symbol(locale)), ord("."): str(get_decimal_symbol(locale))}


def fill(pattern: str, /, *args: Any, lang: str | None = None, **values: Any) -> str:
    """pattern.format(...) with the numbers in the reader's language: for the interface's
    own patterns (gettext("step {at:,} / {total:,}")), as `render` does for messages."""
    if _noting and lang is None:
        _note(lambda code: fill(pattern, *args, lang=code, **values))
    return _Localized(lang or _current).vformat(pattern, args, values)

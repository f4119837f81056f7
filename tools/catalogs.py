"""Keep the translation catalogs in step with the code (Babel, the ecosystem's gettext tool).

    python tools/catalogs.py extract   # the msgids the code uses -> assets/locale/puzzleviz.pot
    python tools/catalogs.py update    # merge the .pot into each language's .po (new msgids
                                       # appear untranslated, gone ones become obsolete)
    python tools/catalogs.py compile   # .po -> .mo in place, as `pip install -e .` does
    python tools/catalogs.py check     # exit 1 if a msgid is missing or untranslated

The keywords are solvers.i18n's: msg and N_ mark one msgid; nmsg and N_plural a plural pair;
gettext and ngettext translate interface words. After `update`, translate the new entries
and run tools/subset_font.py when they bring characters the shipped fonts lack.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "puzzleviz.pot"
LANGUAGES = ("hu", "de", "ja")
SOURCES = ("solvers", "scenes", "viz", "puzzleviz")
KEYWORDS = {
    "msg": None,
    "N_": None,
    "gettext": None,
    "nmsg": (1, 2),
    "N_plural": (1, 2),
    "ngettext": (1, 2),
}


def extract() -> object:
    """The catalog of every msgid in the code (with where each is used)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="puzzleviz", charset="utf-8", fuzzy=False)
    for folder in SOURCES:
        found = extract_from_dir(
            ROOT / folder,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",),
        )
        for filename, lineno, message, comments, context in found:
            where = f"{folder}/{filename}"
            catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def po_files() -> Iterator[tuple[str, Path]]:
    for lang in LANGUAGES:
        yield lang, LOCALE / lang / "LC_MESSAGES" / "puzzleviz.po"


def main(argv: list[str]) -> int:
    from babel.messages.pofile import read_po, write_po

    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        with POT.open("wb") as out:
            write_po(out, extract(), width=100, omit_header=False, sort_output=False)
        print(f"wrote {POT.relative_to(ROOT)}")
    elif command == "update":
        template = extract()
        for lang, po in po_files():
            if po.exists():
                with po.open("rb") as handle:
                    catalog = read_po(handle, locale=lang)
            else:
                from babel.messages.catalog import Catalog

                po.parent.mkdir(parents=True, exist_ok=True)
                catalog = Catalog(locale=lang, project="puzzleviz", charset="utf-8")
            catalog.update(template, no_fuzzy_matching=True)
            with po.open("wb") as out:
                write_po(out, catalog, width=100, ignore_obsolete=True)
            print(f"updated {po.relative_to(ROOT)}")
    elif command == "compile":
        sys.path.insert(0, str(ROOT))
        from setup import compile_catalogs

        for mo in compile_catalogs(LOCALE, LOCALE):
            print(f"wrote {mo.relative_to(ROOT)}")
    elif command == "check":
        problems = missing_translations()
        for line in problems:
            print(line)
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


def missing_translations() -> list[str]:
    """'hu: missing "Place the {piece}"' for every msgid of the code a catalog lacks or
    leaves empty (the test suite runs this)."""
    from babel.messages.pofile import read_po

    template = extract()
    problems = []
    for lang, po in po_files():
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in template:  # type: ignore[attr-defined]
            if not message.id:
                continue
            have = catalog.get(message.id)
            strings = () if have is None else have.string
            strings = strings if isinstance(strings, tuple) else (strings,)
            if have is None or have.fuzzy or not all(strings):
                key = message.id if isinstance(message.id, str) else message.id[0]
                problems.append(f"{lang}: missing {key!r}")
    return problems


if __name__ == "__main__":
    sys.exit(main(sys.argv))

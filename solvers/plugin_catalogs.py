"""The message catalogs of puzzles from other packages (plugins), found beside their code.

A plugin's captions and scene texts are msgids of its own, which puzzleviz's catalogs do
not hold. So a plugin ships its translations in its package, under the gettext domain
named after the package:

    puzzleviz_hanoi/locale/hu/LC_MESSAGES/puzzleviz_hanoi.po     (or the compiled .mo)

and `solvers.i18n.translations` consults them after puzzleviz's own catalog, for every
package named in the `puzzleviz.puzzles` entry-point group. Finding them reads the
installed metadata and the package's folder, without importing the package. A .po file is
compiled in memory (Babel, a dependency already) when no .mo is beside it, so a plugin
needs no build step of its own for its translations.

A trace stores a caption's English msgid, not its domain: a msgid is looked up in
puzzleviz's catalog first, then in each plugin's, in the order of their package names.
"""

from __future__ import annotations

import gettext
import importlib.metadata
import importlib.util
import io
import sys
from functools import cache
from pathlib import Path

from puzzleviz.solvers.registry import GROUP

__all__ = [
    "OURS",
    "catalog_file",
    "locale_folder",
    "plugin_packages",
    "plugin_translations",
    "read_catalog",
]

OURS = "puzzleviz"  # our own puzzles' package: its catalogs are assets/locale's


@cache
def plugin_packages() -> tuple[str, ...]:
    """The top-level package of every installed puzzle not puzzleviz's own, each once."""
    found = {entry.module.split(".")[0] for entry in importlib.metadata.entry_points(group=GROUP)}
    return tuple(sorted(found - {OURS}))


def locale_folder(package: str) -> Path | None:
    """`<package>/locale`, found without importing the package (None: it has none)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(location) / "locale"
        if folder.is_dir():
            return folder
    return None


def catalog_file(package: str, code: str) -> Path | None:
    """The package's catalog of language `code`: its .mo, else its .po (None: neither)."""
    folder = locale_folder(package)
    if folder is None:
        return None
    for suffix in (".mo", ".po"):
        path = folder / code / "LC_MESSAGES" / f"{package}{suffix}"
        if path.is_file():
            return path
    return None


def read_catalog(path: Path, code: str) -> gettext.GNUTranslations:
    """A compiled .mo as it is, a .po compiled in memory first (by Babel)."""
    if path.suffix == ".mo":
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=code, abort_invalid=True)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def plugin_translations(code: str) -> list[gettext.GNUTranslations]:
    """Every plugin's catalog of language `code`. A catalog that cannot be read is left
    out with one line on stderr (its puzzle's captions then read in English)."""
    found = []
    for package in plugin_packages():
        path = catalog_file(package, code)
        if path is None:
            continue
        try:
            found.append(read_catalog(path, code))
        except Exception as exc:  # a plugin's broken catalog must not stop the display
            print(f"puzzleviz: the catalog {path} of {package} cannot be read "
                  f"({type(exc).__name__}: {exc}); its texts stay in English",
                  file=sys.stderr)  # fmt: skip
    return found

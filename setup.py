"""The one build step pyproject.toml cannot declare: the gettext catalogs are compiled.

The translations live as .po sources in assets/locale/<lang>/LC_MESSAGES/ (what
translators edit and git diffs show); Python's gettext reads compiled .mo files. Every
build compiles them with Babel (a build requirement in pyproject.toml), as part of
build_py, which runs for a wheel, an sdist's build and an editable install alike
(`pip install -e .`, what `make test` and `make demo` do): for an editable install the
.mo files are written beside their .po sources, which the installed package reads in
place; for a wheel they are also written into the build tree. The .mo files are not kept
in git (.gitignore).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).resolve().parent / "assets" / "locale"


def compile_catalogs(source: Path, target: Path) -> list[Path]:
    """Every .po under `source` compiled to the same place under `target`; a catalog with
    an error stops the build (Babel names the file and line)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as handle:
            catalog = read_po(handle, abort_invalid=True)
        with mo.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(mo)
    return written


class BuildWithCatalogs(build_py):
    """build_py, with the catalogs compiled first (so package data includes them)."""

    def run(self) -> None:
        compile_catalogs(LOCALE, LOCALE)
        super().run()
        if not self.editable_mode:
            compile_catalogs(LOCALE, Path(self.build_lib) / "assets" / "locale")


if __name__ == "__main__":  # as setuptools runs it; tools/catalogs.py imports the function
    setup(cmdclass={"build_py": BuildWithCatalogs})

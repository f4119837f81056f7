"""What pyproject.toml cannot declare: the package map and the compiled gettext catalogs.

One package is installed, puzzleviz. Its layers stay where ARCHITECTURE.md puts them, at
the top of the repository (viz/, solvers/, scenes/, assets/), and install as
puzzleviz.viz, puzzleviz.solvers, puzzleviz.scenes and puzzleviz.assets: setuptools'
package_dir maps each folder to its dotted name, for a wheel and an editable install alike
(an editable install finds the folders through the finder setuptools installs).

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

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
LOCALE = ROOT / "assets" / "locale"
LAYERS = ("viz", "solvers", "scenes", "assets")


def package_map() -> tuple[list[str], dict[str, str]]:
    """Every package of the wheel, and the folder of each layer (subpackages follow)."""
    packages = ["puzzleviz"]
    for layer in LAYERS:
        found = find_packages(str(ROOT / layer))
        packages += [f"puzzleviz.{layer}", *(f"puzzleviz.{layer}.{sub}" for sub in found)]
    return packages, {"puzzleviz": "puzzleviz", **{f"puzzleviz.{layer}": layer for layer in LAYERS}}


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
            compile_catalogs(LOCALE, Path(self.build_lib) / "puzzleviz" / "assets" / "locale")


if __name__ == "__main__":  # as setuptools runs it; tools/catalogs.py imports the function
    packages, package_dir = package_map()
    setup(packages=packages, package_dir=package_dir, cmdclass={"build_py": BuildWithCatalogs})

"""mypy over the package as it is installed: `python tools/typecheck.py [mypy options]`.

The layers live at the top of the repository (viz/, solvers/, ...) and install as
puzzleviz.viz, puzzleviz.solvers, ... (setup.py maps them). At run time setuptools' finder
joins the two; mypy reads folders, not finders, and would call viz/app.py `viz.app`, a
module nobody imports. So the package is laid out as installed, in links under
build/typecheck/ (made again on every run, cheap), mypy checks it there with the settings of
[tool.mypy], and every path it prints is turned back into the repository's own
(build/typecheck/puzzleviz/viz/app.py -> viz/app.py), so an editor jumps to the real file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "build" / "typecheck"
LAYERS = ("viz", "solvers", "scenes", "assets")


def lay_out() -> Path:
    """build/typecheck/puzzleviz: the package's own files and one link per layer."""
    package = TREE / "puzzleviz"
    if package.exists() or package.is_symlink():
        shutil.rmtree(package)
    package.mkdir(parents=True)
    for entry in (ROOT / "puzzleviz").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    for layer in LAYERS:
        (package / layer).symlink_to(ROOT / layer, target_is_directory=True)
    return package


def main(argv: list[str]) -> int:
    package = lay_out()
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    command += [*argv, str(package.relative_to(ROOT))]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    for stream, text in ((sys.stdout, result.stdout), (sys.stderr, result.stderr)):
        stream.write(repository_paths(text, package))
    return result.returncode


def repository_paths(text: str, package: Path) -> str:
    """mypy's output with the link tree's paths put back to the repository's."""
    for tree in (str(package) + os.sep, str(package.relative_to(ROOT)) + os.sep):
        real = str(ROOT) + os.sep if os.path.isabs(tree) else ""
        for layer in LAYERS:
            text = text.replace(tree + layer + os.sep, real + layer + os.sep)
        text = text.replace(tree, real + "puzzleviz" + os.sep)
    return text


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

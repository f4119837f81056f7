"""Installing a puzzle for a test's process as a plugin is installed: a distribution whose
entry_points.txt names its PuzzleSpec in the `puzzleviz.puzzles` group, in a folder put on
sys.path. The registry then finds it as it finds any installed package; nothing registers
a puzzle by a side door."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from puzzleviz.solvers import registry
from puzzleviz.solvers.registry import GROUP


def write_distribution(
    folder: Path, name: str, puzzles: Mapping[str, str], version: str = "1.0"
) -> Path:
    """Write `<name>-<version>.dist-info` in `folder`, naming `puzzles` (entry name ->
    "module:PUZZLE"): what pip writes for a package with such entry points. Put `folder`
    on sys.path (a test: monkeypatch.syspath_prepend) and call
    registry.forget_installed() for the registry to see it. Returns the dist-info."""
    info = folder / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = [f"[{GROUP}]", *(f"{entry} = {target}" for entry, target in puzzles.items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    return info


def install_for_this_process(name: str, puzzles: Mapping[str, str]) -> None:
    """Install a distribution for the rest of this process (the toy puzzle every test may
    use): written in a temporary folder removed at exit, first on sys.path."""
    folder = Path(tempfile.mkdtemp(prefix=f"{name}-"))
    atexit.register(_remove, folder, os.getpid())
    write_distribution(folder, name, puzzles)
    sys.path.insert(0, str(folder))
    registry.forget_installed()


def _remove(folder: Path, owner: int) -> None:
    if os.getpid() == owner:  # not in a forked child: the parent still reads the folder
        shutil.rmtree(folder, ignore_errors=True)

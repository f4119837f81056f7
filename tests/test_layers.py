"""The layer rules of ARCHITECTURE.md, checked: solvers run with no display and no GL."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN_IN_SOLVERS = {"pygame", "moderngl", "glcontext", "av", "viz", "scenes"}
FORBIDDEN_IN_SCENES = {"pygame", "moderngl", "glcontext", "av"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def offenders(package: str, forbidden: set[str]) -> list[str]:
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        bad = imported_roots(path) & forbidden
        if bad:
            found.append(f"{path.relative_to(ROOT)} imports {', '.join(sorted(bad))}")
    return found


def test_solvers_never_import_drawing_code():
    assert offenders("solvers", FORBIDDEN_IN_SOLVERS) == []


def test_scenes_hold_no_gl_objects():
    assert offenders("scenes", FORBIDDEN_IN_SCENES) == []


def test_every_solver_package_imports_without_pygame_or_moderngl():
    """Import all of solvers/ in a fresh interpreter where pygame and moderngl cannot load."""
    script = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'moderngl', 'av'):\n"
        "            raise ImportError('blocked: ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import pkgutil, importlib, solvers\n"
        "for m in pkgutil.walk_packages(solvers.__path__, 'solvers.'):\n"
        "    importlib.import_module(m.name)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"

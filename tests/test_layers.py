"""The layer rules of ARCHITECTURE.md, checked: solvers run with no display and no GL."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN_IN_SOLVERS = {"pygame", "moderngl", "glcontext", "av", "viz", "scenes"}
FORBIDDEN_IN_SCENES = {"pygame", "moderngl", "glcontext", "av"}


def root_of(module: str) -> str:
    """The layer or library a module belongs to: 'viz' for puzzleviz.viz.app, 'pygame'."""
    parts = module.split(".")
    return parts[1] if parts[0] == "puzzleviz" and len(parts) > 1 else parts[0]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
            if node.module == "puzzleviz":
                modules.update(f"puzzleviz.{alias.name}" for alias in node.names)
    return modules


def imported_roots(path: Path) -> set[str]:
    return {root_of(module) for module in imported_modules(path)}


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
        "import pkgutil, importlib\n"
        "from puzzleviz import solvers\n"
        "for m in pkgutil.walk_packages(solvers.__path__, 'puzzleviz.solvers.'):\n"
        "    importlib.import_module(m.name)\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


# -- the import graph: no cycles, no arrows running back up -------------------------------

PACKAGES = ("solvers", "viz", "scenes")


def module_name(path: Path) -> str:
    parts = ["puzzleviz", *path.relative_to(ROOT).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_lines(tree: ast.AST) -> set[int]:
    """Lines inside `if TYPE_CHECKING:` blocks (imports for annotations only)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules it imports, at module level or inside functions."""
    paths = [p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))]
    known = {module_name(p) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _type_checking_lines(tree)
        targets: set[str] = set()
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) in skip:
                continue
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                targets.add(node.module)
                targets.update(f"{node.module}.{alias.name}" for alias in node.names)
        name = module_name(path)
        graph[name] = {t for t in targets if t in known and t != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles_even_inside_functions():
    """A cycle hidden in a function-level import still ties two modules into one."""
    assert cycles(import_graph()) == []


def puzzle_package(module: str) -> bool:
    parts = module.split(".")
    return (
        parts[:2] == ["puzzleviz", "solvers"]
        and len(parts) > 2
        and (ROOT / "solvers" / parts[2]).is_dir()
    )


def test_no_import_runs_back_up_the_layers():
    """The core knows no puzzle (the registry finds them), viz knows no puzzle and no
    scene (a trace's kind leads to both), and scenes are not imported by solvers."""
    bad = []
    for module, targets in import_graph().items():
        layer = root_of(module)
        core = layer == "solvers" and not puzzle_package(module)
        for target in targets:
            if (core or layer == "viz") and puzzle_package(target):
                bad.append(f"{module} imports the puzzle module {target}")
            if layer in ("viz", "solvers") and root_of(target) == "scenes":
                bad.append(f"{module} imports {target}")
            if layer == "solvers" and root_of(target) == "viz":
                bad.append(f"{module} imports {target}")
    assert bad == []


SHARED_PACKAGES = {"puzzleviz.solvers.split"}  # a service every puzzle may use, not a puzzle


def test_no_puzzle_package_imports_another():
    """A puzzle is one package: what two puzzles share lives in the core (e.g. solvers.bits),
    so a plugin can be taken out or replaced without breaking another."""

    def package_of(module: str) -> str:
        return ".".join(module.split(".")[:3])

    bad = [
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        if puzzle_package(module) and package_of(module) not in SHARED_PACKAGES
        for target in targets
        if puzzle_package(target)
        and package_of(target) not in SHARED_PACKAGES
        and package_of(target) != package_of(module)
    ]
    assert bad == []


def test_every_import_names_the_one_installed_package():
    """The wheel installs puzzleviz alone: viz/, solvers/, scenes/ and assets/ are
    puzzleviz.viz ... puzzleviz.assets, so an import of a bare `solvers.x` works in this
    folder only (where the current directory is on sys.path) and fails when installed."""
    folders = ("solvers", "viz", "scenes", "assets", "puzzleviz", "tests", "benchmarks", "tools")
    bare = [
        f"{path.relative_to(ROOT)} imports {module}"
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
        for module in imported_modules(path)
        if module.split(".")[0] in ("solvers", "viz", "scenes", "assets")
    ]
    assert bare == []

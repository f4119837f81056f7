"""`puzzleviz` is the public API: what `__all__` offers, what the docs list, what importing it
costs, and that the docs' examples keep to it."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import puzzleviz

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "write-your-own-puzzle.md"
INIT = ROOT / "puzzleviz" / "__init__.py"
HEAVY = ("numpy", "numba", "pygame", "moderngl", "av", "babel")


def _api_table(text: str) -> list[str]:
    """The names in the first column of the guide's API table (the one headed 'names')."""
    lines = text[text.index("| names |") :].splitlines()[2:]
    end = next(i for i, line in enumerate(lines) if not line.startswith("|"))
    rows = lines[:end]
    return [name for row in rows for name in re.findall(r"`(\w+)`", row.split("|")[1])]


def test_the_guides_api_table_lists_exactly_puzzleviz_all():
    listed = _api_table(GUIDE.read_text())
    assert len(listed) == len(set(listed)), "a name is listed twice"
    assert sorted(listed) == sorted(puzzleviz.__all__)


def test_every_public_name_is_the_object_of_its_module_and_in_that_modules_all():
    for name in puzzleviz.__all__:
        module = importlib.import_module(puzzleviz._HOME_OF[name])
        assert getattr(puzzleviz, name) is getattr(module, name), name
        assert name in getattr(module, "__all__", ()), f"{module.__name__}.__all__ lacks {name}"


def test_type_checkers_see_every_public_name():
    """The TYPE_CHECKING imports (what mypy and editors read) and the lazy table agree
    with __all__, name for name."""
    tree = ast.parse(INIT.read_text())
    guarded = next(n for n in tree.body if isinstance(n, ast.If) and "TYPE_CHECKING" in
                   ast.unparse(n.test))  # fmt: skip
    imported = {
        alias.name: node.module
        for node in guarded.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert sorted(imported) == sorted(puzzleviz.__all__)
    assert imported == puzzleviz._HOME_OF


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'PuzzleSpek'"):
        _ = puzzleviz.PuzzleSpek
    assert "PuzzleSpec" in dir(puzzleviz)


def test_importing_puzzleviz_loads_nothing_heavy():
    code = (
        "import sys, puzzleviz\n"
        "from puzzleviz import PuzzleSpec, Method, Ref\n"  # what a spec module imports
        f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)  # fmt: skip
    assert done.stdout.strip() == "", f"import puzzleviz loaded {done.stdout.strip()}"


def _python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_guides_examples_import_from_puzzleviz_only():
    """A plugin imports `puzzleviz` and `puzzleviz.testing`, and its Refs name its own
    package: puzzleviz's insides are not the API."""
    blocks = _python_blocks(GUIDE.read_text())
    assert blocks
    for block in blocks:
        for module in re.findall(r"^\s*(?:from|import) ([\w.]+)", block, flags=re.M):
            if module.startswith("puzzleviz"):
                assert module in ("puzzleviz", "puzzleviz.testing") or module.startswith(
                    "puzzleviz_"
                ), f"the guide imports {module}"
        for ref in re.findall(r'Ref\("([\w.]+):', block):
            assert not ref.startswith("puzzleviz."), f"a plugin's Ref names {ref}"


def test_the_template_imports_from_puzzleviz_only():
    template = ROOT / "examples" / "plugin-template"
    for path in template.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("puzzleviz."):
                assert node.module == "puzzleviz.testing", f"{path.name} imports {node.module}"

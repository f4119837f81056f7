"""Every puzzle puzzleviz knows: those named in the `puzzleviz.puzzles` entry-point group of
any installed package (the built-in five included), and those registered at run time
(tests, notebooks). Nothing lists the puzzles by hand.

Finding them imports only each puzzle's package __init__ (its PuzzleSpec), so the CLI can
list the puzzles and answer --help without importing a single solver.
"""

from __future__ import annotations

import importlib.metadata
import sys

from puzzleviz.solvers.errors import UnknownPuzzleError
from puzzleviz.solvers.plugin import PuzzleSpec

GROUP = "puzzleviz.puzzles"

_registered: dict[str, PuzzleSpec] = {}
_installed: dict[str, PuzzleSpec] | None = None


def register(spec: PuzzleSpec) -> PuzzleSpec:
    """Add a puzzle made at run time (it takes the place of an installed one of its kind)."""
    _registered[spec.kind] = spec
    return spec


def _load_installed() -> dict[str, PuzzleSpec]:
    found: dict[str, PuzzleSpec] = {}
    for entry in importlib.metadata.entry_points(group=GROUP):
        try:
            spec = entry.load()
        except Exception as exc:  # a broken plugin must not take the others down
            print(f"puzzleviz: the puzzle {entry.name!r} ({entry.value}) cannot be loaded: "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)  # fmt: skip
            continue
        if not isinstance(spec, PuzzleSpec):
            print(f"puzzleviz: {entry.value} is not a PuzzleSpec; the puzzle {entry.name!r} "
                  "is left out", file=sys.stderr)  # fmt: skip
            continue
        if spec.kind in found and found[spec.kind] is not spec:
            print(f"puzzleviz: two packages offer the puzzle {spec.kind!r}; "
                  f"{entry.value} is left out", file=sys.stderr)  # fmt: skip
            continue
        found[spec.kind] = spec
    return found


def puzzles() -> dict[str, PuzzleSpec]:
    """Every puzzle by kind, sorted by command name."""
    global _installed
    if _installed is None:
        _installed = _load_installed()
    every = {**_installed, **_registered}
    return dict(sorted(every.items(), key=lambda item: item[1].name))


def by_kind(kind: str) -> PuzzleSpec:
    try:
        return puzzles()[kind]
    except KeyError:
        known = ", ".join(puzzles()) or "none"
        raise UnknownPuzzleError(f"unknown puzzle kind {kind!r} (known: {known})") from None


def by_name(name: str) -> PuzzleSpec:
    for spec in puzzles().values():
        if spec.name == name:
            return spec
    known = ", ".join(spec.name for spec in puzzles().values()) or "none"
    raise UnknownPuzzleError(f"unknown puzzle {name!r} (known: {known})")


def forget_installed() -> None:
    """Read the entry points again on next use (after installing a plugin in a test)."""
    global _installed
    _installed = None

"""`puzzleviz plugins`: the installed puzzles, and `--check`, every part each one names.

The check loads each part the way using it does (solvers.registry.load; the model through
model_class and the scene through scene_for, kinds checked against the spec), so a line it
prints for a broken part is the line the command that needs the part would end with.
"""

from __future__ import annotations

import argparse

from puzzleviz.solvers import registry
from puzzleviz.solvers.errors import PluginError
from puzzleviz.solvers.model import model_class
from puzzleviz.solvers.plugin import PuzzleSpec
from puzzleviz.viz.scene import scene_for

EXIT_BROKEN = 2


def listing() -> list[str]:
    """One row a puzzle: command name, kind, distribution and version, methods."""
    rows = [("NAME", "KIND", "DISTRIBUTION", "METHODS")]
    for puzzle in registry.installed().values():
        spec = puzzle.spec
        methods = ", ".join(method.name for method in spec.methods)
        rows.append((spec.name, spec.kind, f"{puzzle.distribution} {puzzle.version}", methods))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    return [
        "  ".join([*(cell.ljust(width) for cell, width in zip(row, widths, strict=False)), row[3]])
        for row in rows
    ]


def broken_parts(spec: PuzzleSpec) -> list[str]:
    """One line for each part of `spec` that cannot be loaded or says another kind."""
    lines = []
    for part, ref in registry.parts(spec):
        try:
            if part == "model":
                model_class(spec.kind)
            elif part == "scene":
                scene_for(spec.kind)
            else:
                registry.load(spec, part, ref)
        except PluginError as exc:
            lines.append(str(exc))
    return lines


def run_plugins(args: argparse.Namespace) -> int:
    if not args.check:
        print("\n".join(listing()))
        return 0
    broken = registry.refused()
    puzzles = registry.installed()
    for puzzle in puzzles.values():
        broken += broken_parts(puzzle.spec)
    for line in broken:
        print(line)
    parts = sum(len(registry.parts(puzzle.spec)) for puzzle in puzzles.values())
    verdict = f"{len(broken)} broken" if broken else "all load"
    print(f"{len(puzzles)} puzzles, {parts} parts: {verdict}")
    return EXIT_BROKEN if broken else 0

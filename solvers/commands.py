"""Puzzle subcommands of the `puzzleviz` CLI, registered by the puzzle packages themselves.

The CLI (viz.cli) knows no puzzle by name: it builds `puzzleviz solve <name>` and any other
puzzle command (e.g. `puzzleviz rings stats`) from this registry. A command's `run` gets the
parsed arguments and returns an exit code; errors a user caused are raised as
PuzzlevizError and become one line on stderr with exit code 2.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable


@dataclasses.dataclass(frozen=True)
class PuzzleCommand:
    path: tuple[str, ...]  # ("solve", "cube") or ("rings", "stats")
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


_COMMANDS: dict[tuple[str, ...], PuzzleCommand] = {}


def register_command(command: PuzzleCommand) -> PuzzleCommand:
    if command.path in _COMMANDS and _COMMANDS[command.path] is not command:
        raise ValueError(f"two commands claim 'puzzleviz {' '.join(command.path)}'")
    _COMMANDS[command.path] = command
    return command


def puzzle_commands() -> list[PuzzleCommand]:
    from solvers.model import known_kinds

    known_kinds()  # imports every puzzle package, which registers its commands
    return [_COMMANDS[path] for path in sorted(_COMMANDS)]

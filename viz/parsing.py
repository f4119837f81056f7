"""The command line's parser class, the options every solve shares besides the framework's
and the viewer's option types, in a module of their own: the CLI (viz.cli, viz.cli_view)
builds its commands with them, and a lesson (viz.lesson) reads its solves and paces with
exactly the same parser, options, types and bounds, without importing the CLI (which
imports the lesson)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzleviz.solvers.options import positive
from puzzleviz.solvers.solving import add_solve_arguments

if TYPE_CHECKING:
    from puzzleviz.solvers.plugin import PuzzleSpec

EXIT_USAGE = 2
MAX_SPEED = 1_000_000.0  # units per second: a million events a second is a blur already
MAX_SECONDS = 86_400.0  # a day of video per trace

positive_float = positive(MAX_SPEED)  # a speed, in units per second (--speed, a slide's)
seconds_float = positive(MAX_SECONDS)  # a duration (--seconds, a slide's)


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line, not a usage dump plus a line, and an
    option is only ever its whole name: `--vid` is not `--video` (abbreviations would let a
    lesson's `solve` past a check of the options it may set, and change meaning when an
    option is added). Every parser of the command line is of this class (add_parser makes
    its subparsers of the parent's class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def add_watch_options(parser: argparse._ActionsContainer) -> None:
    """Every solve command can show its trace at once: --play opens it in a window,
    --video records it (the trace goes to a temporary file unless --trace names one)."""
    parser.add_argument("--play", action="store_true", help="watch the trace in a window")
    parser.add_argument(
        "--video", type=Path, metavar="OUT", help="record the trace to OUT (.mp4, .gif, folder/)"
    )


def _language(text: str) -> str:
    from puzzleviz.solvers.i18n import LanguageError, parse_language

    try:
        return parse_language(text)
    except LanguageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_language.__name__ = "language"


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """--lang on every command (each shows, records, prints or exports captions, or runs
    commands that do), so it goes where a user types it: after the command's name. (A
    command that only refuses, a broken plugin's, takes no option: viz.cli.)"""
    if "-" not in parser.prefix_chars:
        return
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                add_language_option(child)
            return
    parser.add_argument(
        "--lang", type=_language, default=None, metavar="LANG",
        help="language of the captions and the player: en, hu, de or ja "
        "(default: $PUZZLEVIZ_LANG, then the locale, then English)",
    )  # fmt: skip


def add_solve_options(parser: argparse.ArgumentParser, spec: PuzzleSpec) -> None:
    """Everything `puzzleviz solve <puzzle>` takes: the puzzle's own options, the shared
    ones, --play and --video (the --lang of every command is added with the rest)."""
    add_solve_arguments(parser, spec, add_watch_options)


def solve_parser(
    spec: PuzzleSpec, parser_class: type[argparse.ArgumentParser] = Parser
) -> argparse.ArgumentParser:
    """The parser of `puzzleviz solve <puzzle>` on its own, as the command line has it."""
    parser = parser_class(prog=f"puzzleviz solve {spec.name}")
    add_solve_options(parser, spec)
    add_language_option(parser)
    return parser

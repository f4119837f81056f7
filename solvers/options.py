"""Option types for the command line, with bounds a user can understand.

Every option is checked when the arguments are parsed, before any work: a number that is
not a number, infinite, negative or absurdly large (a scramble of a trillion moves, a
node limit that overflows the kernels' 64-bit counters) is one line naming the option, not
a traceback or an hour of work. argparse turns the ArgumentTypeError into that line.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

from puzzleviz.solvers import memory
from puzzleviz.solvers.memory import help_text, parse_size

__all__ = [
    "MAX_COUNT",
    "SEED",
    "add_max_memory",
    "positive",
    "use_max_memory",
    "whole",
]

MAX_COUNT = 10**15  # node and step limits: far beyond any search here, far below 2**63
_E_NOTATION = re.compile(r"[+-]?\d+(\.\d*)?[eE][+-]?\d+")


def _whole_number(text: str) -> int:
    text = text.strip().replace("_", "").replace(",", "")
    if _E_NOTATION.fullmatch(text):  # 1e9, as a limit is naturally written
        value = float(text)
        if math.isfinite(value) and value == int(value):
            return int(value)
    return int(text)


def whole(
    low: int | None = 0, high: int | None = MAX_COUNT, *, below: str = ""
) -> Callable[[str], int]:
    """An argparse type: a whole number in low..high (None: no bound on that side);
    `below` says why a smaller one makes no sense ("steps are numbered from 1")."""

    def parse(text: str) -> int:
        try:
            value = _whole_number(text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if low is not None and value < low:
            reason = below or (
                "it cannot be negative" if low == 0 else f"it must be at least {low:,}"
            )
            raise argparse.ArgumentTypeError(f"{value:,}: {reason}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{value:,} is more than the most allowed, {high:,}")
        return value

    parse.__name__ = "whole number"
    return parse


def positive(most: float) -> Callable[[str], float]:
    """An argparse type: a finite number above 0 and at most `most`."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{text} is not a finite number")
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text} is not positive")
        if value > most:
            shown = f"{int(most):,}" if most == int(most) else f"{most:g}"
            raise argparse.ArgumentTypeError(f"{text} is more than {shown}")
        return value

    parse.__name__ = "number"
    return parse


SEED = whole(0, 2**63 - 1)
"""A random seed: any whole number from 0 that fits 64 bits."""


def add_max_memory(parser: argparse._ActionsContainer) -> None:
    """--max-memory, the same words on every command that searches (solvers.memory)."""
    parser.add_argument(
        "--max-memory", type=parse_size, default=None, metavar="SIZE", help=help_text()
    )


def use_max_memory(args: argparse.Namespace) -> None:
    """The budget of this command: --max-memory if it has the option and it was given,
    else the default (taken afresh: main() also runs in-process, in tests)."""
    given = getattr(args, "max_memory", None)
    if given is None:
        memory.reset()
    else:
        memory.set_budget(given or None)

"""Errors a user can cause, with messages a teacher understands.

The CLI prints `str(error)` as one line and exits with code 2, so every message must make
sense on its own, without a traceback.
"""

from __future__ import annotations

__all__ = [
    "MemoryBudgetError",
    "OutputError",
    "PuzzleInputError",
    "PuzzlevizError",
    "TraceError",
    "UnknownPuzzleError",
]


class PuzzlevizError(Exception):
    """Base of every error caused by input rather than by a bug.

    A window shows `message`: the error's text, or the message (solvers.i18n.msg) it was
    raised with, which the window renders in the reader's language while `str` stays the
    English the command line prints."""

    def __init__(self, *args: object, message: str | None = None):
        super().__init__(*args)
        self._message = message

    @property
    def message(self) -> str:
        return self._message if self._message is not None else str(self)


class TraceError(PuzzlevizError):
    """A trace file that cannot be read: missing, truncated, corrupt or from another version."""


class PuzzleInputError(PuzzlevizError):
    """A puzzle description, state or parameter that does not describe a valid puzzle."""


class UnknownPuzzleError(PuzzlevizError):
    """A puzzle kind that no installed model knows."""


class PluginError(PuzzlevizError):
    """A puzzle package that does not hold together: a Ref that names nothing importable,
    a model or scene of another kind than its PuzzleSpec's. The message names the
    distribution and the Ref, so the user knows whom to tell."""


class OutputError(PuzzlevizError):
    """An output that cannot be written: a missing or read-only folder, a full disk, a
    folder or device where a file was asked for, an output that is also an input."""


class MemoryBudgetError(PuzzlevizError):
    """A search that needs, or has taken, more memory than its budget (--max-memory)."""

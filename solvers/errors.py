"""Errors a user can cause, with messages a teacher understands.

The CLI prints `str(error)` as one line and exits with code 2, so every message must make
sense on its own, without a traceback.
"""

from __future__ import annotations


class PuzzlevizError(Exception):
    """Base of every error caused by input rather than by a bug.

    Its text may be a message (solvers.i18n.msg) where a window shows the error too (a card
    refused on a click): `str` reads it in English, the command line's language, and
    `message` is what a window renders in the reader's."""

    @property
    def message(self) -> str:
        """The text as raised: plain, or a message for solvers.i18n.render."""
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()

    def __str__(self) -> str:
        text = super().__str__()
        if text.startswith("\x1f"):  # solvers.i18n.MARK (i18n imports this module)
            from solvers.i18n import render

            return render(text, "en")
        return text


class TraceError(PuzzlevizError):
    """A trace file that cannot be read: missing, truncated, corrupt or from another version."""


class PuzzleInputError(PuzzlevizError):
    """A puzzle description, state or parameter that does not describe a valid puzzle."""


class UnknownPuzzleError(PuzzlevizError):
    """A puzzle kind that no installed model knows."""


class OutputError(PuzzlevizError):
    """An output that cannot be written: a missing or read-only folder, a full disk, a
    folder or device where a file was asked for, an output that is also an input."""

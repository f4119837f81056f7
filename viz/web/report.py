"""The line that says what an export wrote: shared by `export`, `present --html` and
`solve --html` (light: it imports neither the exporter nor the CLI's parsers)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from puzzleviz.solvers.atomic import is_stdout

if TYPE_CHECKING:
    from puzzleviz.viz.web.export import ExportResult

__all__ = ["report_page"]


def report_page(page: str | Path, result: ExportResult) -> None:
    """`wrote OUT (155 kB: 400 moments, 888 distinct pictures, in 2.8 s)`, on stderr when
    the page went to stdout. A moment is a position the page can show in one of its
    languages; a picture is a stored frame (a moment paused or playing, a pace label, the
    help), each stored once however often it is shown."""
    report = sys.stderr if is_stdout(str(page)) else sys.stdout
    size = len(result.html.encode()) / 1e3
    print(
        f"wrote {page} ({size:,.0f} kB: {result.frames:,} moments, {result.unique_frames:,} "
        f"distinct pictures, in {result.seconds:.1f} s)",
        file=report,
    )

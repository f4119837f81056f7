"""Hostile inputs: lessons (see __init__.py)."""

from __future__ import annotations

from pathlib import Path

from tests.reliability.hostile.case import Case

CASES: list[Case] = []


def make_files(folder: Path) -> None:
    """The files this area's cases use, made in the shared corpus folder."""

"""Package data: fonts, shaders and puzzle files, found with importlib.resources."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def asset_path(*parts: str) -> Path:
    """The path of a shipped asset, e.g. asset_path("fonts", "DejaVuSans.ttf")."""
    return Path(str(files("puzzleviz.assets").joinpath(*parts)))

"""Saving and loading RGB images as PNG (through pygame, which needs no display for this)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np


def save_png(path: str | os.PathLike[str], image: np.ndarray) -> Path:
    """Write an (h, w, 3) uint8 image, top row first."""
    import pygame

    image = np.ascontiguousarray(image, dtype=np.uint8)
    h, w = image.shape[:2]
    surface = pygame.image.frombuffer(image.tobytes(), (w, h), "RGB")
    pygame.image.save(surface, str(path))
    return Path(path)


def load_png(path: str | os.PathLike[str]) -> np.ndarray:
    import pygame

    surface = pygame.image.load(str(path))
    return np.ascontiguousarray(pygame.surfarray.pixels3d(surface).swapaxes(0, 1)[:, :, :3])

"""Golden-frame comparison: small PNGs, a tolerance that ignores anti-aliased edges, a diff
image on failure, regenerated with `pytest --update-golden`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from puzzleviz.viz.images import load_png, save_png

GOLDEN_DIR = Path(__file__).parent / "golden"
CHANNEL_TOLERANCE = 40  # levels of 255 a pixel may differ anywhere off an edge
MAX_BAD_FRACTION = 0.002  # share of non-edge pixels allowed beyond the tolerance


def edge_mask(image: np.ndarray) -> np.ndarray:
    """Pixels on or next to a strong local change (where anti-aliasing legitimately varies
    between GL implementations)."""
    gray = image.astype(np.int32).sum(axis=2)
    grad = np.zeros_like(gray)
    grad[:, 1:] = np.maximum(grad[:, 1:], np.abs(np.diff(gray, axis=1)))
    grad[1:, :] = np.maximum(grad[1:, :], np.abs(np.diff(gray, axis=0)))
    edges = grad > 60
    grown = edges.copy()
    grown[1:, :] |= edges[:-1, :]
    grown[:-1, :] |= edges[1:, :]
    grown[:, 1:] |= edges[:, :-1]
    grown[:, :-1] |= edges[:, 1:]
    return grown


def assert_matches_golden(image: np.ndarray, name: str, update: bool) -> None:
    path = GOLDEN_DIR / f"{name}.png"
    if update:
        GOLDEN_DIR.mkdir(exist_ok=True)
        save_png(path, image)
        return
    assert path.exists(), f"no golden frame {path.name}; run pytest --update-golden and look at it"
    expected = load_png(path)
    assert expected.shape == image.shape, f"{name}: size {image.shape} != golden {expected.shape}"
    diff = np.abs(expected.astype(np.int16) - image.astype(np.int16)).max(axis=2)
    # Only edges present in both images are forgiven: anti-aliasing may differ there, but an
    # edge in one image alone (text or a shape moved, added or gone) is a real difference.
    ignore = edge_mask(expected) & edge_mask(image)
    bad = (diff > CHANNEL_TOLERANCE) & ~ignore
    fraction = bad.sum() / max((~ignore).sum(), 1)
    if fraction > MAX_BAD_FRACTION:
        save_png(GOLDEN_DIR / f"{name}.actual.png", image)
        picture = (image // 3).astype(np.uint8)
        picture[bad] = (255, 0, 0)
        save_png(GOLDEN_DIR / f"{name}.diff.png", picture)
        raise AssertionError(
            f"{name}: {fraction:.2%} of pixels differ from the golden frame "
            f"(see {name}.diff.png and {name}.actual.png in {GOLDEN_DIR})"
        )

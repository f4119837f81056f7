"""Easing curves for scene motion: t in [0, 1] in, eased fraction out."""

from __future__ import annotations

__all__ = [
    "ease",
    "ease_out_back",
]


def ease(t: float) -> float:
    """Smooth in and out (cubic), the easing every scene uses for motion."""
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


def ease_out_back(t: float, overshoot: float = 1.4) -> float:
    """Overshoot a little and settle: for things that pop into place."""
    t = min(max(t, 0.0), 1.0) - 1
    return 1 + t * t * ((overshoot + 1) * t + overshoot)

"""How the synthetic packing search of the benchmarks looks (see _synthetic.py)."""

from __future__ import annotations

from _synthetic import N_CELLS
from puzzleviz.viz.color import INK, palette, rgba
from puzzleviz.viz.scene import Scene


class SyntheticScene(Scene):
    """Five 5x5 slices of the box, cells coloured by coverage; the moving piece lifted."""

    kind = "bench-packing"
    title = "Synthetic packing"

    def draw(self, frame, view, canvas) -> None:
        d = canvas.d2
        stage = view.stage
        cell = min(stage.w / 28, stage.h / 6)
        state = frame.state
        for z in range(5):
            ox = stage.x + z * cell * 5.6
            for i in range(25):
                value = int(state[z * 25 + i])
                x, y = ox + (i % 5) * cell, stage.y + (i // 5) * cell
                fill = rgba(palette(value), 1.0) if value > 0 else rgba("#FFFFFF")
                d.rect(x, y, cell * 0.94, cell * 0.94, fill, radius=cell * 0.12, stroke=INK,
                       width=1.0)  # fmt: skip
                if value > 1:
                    d.text(str(value), x + cell * 0.47, y + cell * 0.47, cell * 0.4, INK,
                           anchor="cm")  # fmt: skip
        pieces = state[N_CELLS:]
        d.text(f"{int((pieces >= 0).sum())} pieces placed", stage.x, stage.y + cell * 5.6,
               cell * 0.5)  # fmt: skip

"""3D draw lists: instanced boxes and meshes with colour, alpha and outlines, as plain data.

An instance is 24 floats: rotation columns 3x3, centre 3, size (scale) 3, colour RGBA,
outline RGB and width in pixels. Boxes are instances of the unit box mesh scaled by size.
The list also carries the viewport (pixels, top-left origin) and a suggested camera.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.color import INK, ColorLike, rgba
from puzzleviz.viz.meshes import unit_box

INSTANCE_FLOATS = 24
MeshBuilder = Callable[[], np.ndarray]


def _rows(values: ColorLike | np.ndarray, n: int, width: int) -> np.ndarray:
    array = np.asarray(values if not isinstance(values, str) else rgba(values), dtype=np.float32)
    if array.ndim == 1:
        if width == 4:
            array = np.asarray(rgba(tuple(array.tolist())), dtype=np.float32)
        return np.broadcast_to(array, (n, width))
    if width == 4 and array.shape[1] == 3:
        array = np.hstack([array, np.ones((n, 1), dtype=np.float32)])
    return array


class DrawList3D:
    def __init__(
        self,
        viewport: tuple[int, int, int, int],
        camera: OrbitCamera,
        *,
        light_follows_camera: bool = True,
    ):
        self.viewport = viewport
        self.camera = camera
        self.light_follows_camera = light_follows_camera
        self.meshes: dict[str, MeshBuilder] = {"box": unit_box}
        self._instances: dict[str, list[np.ndarray]] = {}

    def mesh(
        self,
        key: str,
        build: MeshBuilder,
        centers: np.ndarray,
        colors: ColorLike | np.ndarray,
        *,
        sizes: np.ndarray | float = 1.0,
        rotations: np.ndarray | None = None,
        outline: ColorLike = INK,
        outline_width: float = 1.5,
    ) -> None:
        """Instances of the mesh named `key` (built once by `build`, then cached)."""
        centers = np.asarray(centers, dtype=np.float32).reshape(-1, 3)
        n = len(centers)
        if n == 0:
            return
        self.meshes.setdefault(key, build)
        block = np.zeros((n, INSTANCE_FLOATS), dtype=np.float32)
        if rotations is None:
            block[:, 0:9] = np.eye(3, dtype=np.float32).T.reshape(9)
        else:
            rot = np.asarray(rotations, dtype=np.float32).reshape(n, 3, 3)
            block[:, 0:9] = rot.transpose(0, 2, 1).reshape(n, 9)  # columns, for the shader
        block[:, 9:12] = centers
        scale = np.asarray(sizes, dtype=np.float32)
        block[:, 12:15] = scale if scale.ndim == 0 else scale.reshape(-1, 3)
        block[:, 15:19] = _rows(colors, n, 4)
        block[:, 19:22] = rgba(outline)[:3]
        block[:, 22] = outline_width
        self._instances.setdefault(key, []).append(block)

    def boxes(
        self,
        centers: np.ndarray,
        sizes: np.ndarray,
        colors: ColorLike | np.ndarray,
        *,
        rotations: np.ndarray | None = None,
        outline: ColorLike = INK,
        outline_width: float = 1.5,
    ) -> None:
        sizes = np.asarray(sizes, dtype=np.float32).reshape(-1, 3)
        self.mesh(
            "box",
            unit_box,
            centers,
            colors,
            sizes=sizes,
            rotations=rotations,
            outline=outline,
            outline_width=outline_width,
        )

    def box(
        self,
        center: tuple[float, float, float],
        size: tuple[float, float, float],
        color: ColorLike,
        *,
        rotations: np.ndarray | None = None,
        outline: ColorLike = INK,
        outline_width: float = 1.5,
    ) -> None:
        self.boxes(
            np.array([center]),
            np.array([size]),
            np.array([rgba(color)]),
            rotations=rotations,
            outline=outline,
            outline_width=outline_width,
        )

    def instances(self) -> dict[str, np.ndarray]:
        return {key: np.concatenate(blocks) for key, blocks in self._instances.items()}

"""A perspective camera orbiting a target: the math only (numpy), no GL.

World axes: x right, y up, z towards the viewer at yaw = 0. Scenes with puzzle coordinates
(x, y, z with z up, like a box standing on a table) convert when they build draw lists.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np


def perspective(fov_y_deg: float, aspect: float, near: float, far: float) -> np.ndarray:
    f = 1.0 / math.tan(math.radians(fov_y_deg) / 2)
    m = np.zeros((4, 4), dtype=np.float64)
    m[0, 0] = f / aspect
    m[1, 1] = f
    m[2, 2] = (far + near) / (near - far)
    m[2, 3] = 2 * far * near / (near - far)
    m[3, 2] = -1.0
    return m


def look_at(eye: np.ndarray, target: np.ndarray, up: np.ndarray) -> np.ndarray:
    forward = target - eye
    forward = forward / np.linalg.norm(forward)
    side = np.cross(forward, up)
    side = side / np.linalg.norm(side)
    true_up = np.cross(side, forward)
    m = np.eye(4)
    m[0, :3], m[1, :3], m[2, :3] = side, true_up, -forward
    m[:3, 3] = -m[:3, :3] @ eye
    return m


@dataclasses.dataclass(frozen=True)
class OrbitCamera:
    target: tuple[float, float, float] = (0.0, 0.0, 0.0)
    yaw: float = 35.0  # degrees about the vertical axis
    pitch: float = 25.0  # degrees above the horizon
    distance: float = 10.0
    fov: float = 35.0

    def eye(self) -> np.ndarray:
        yaw, pitch = math.radians(self.yaw), math.radians(self.pitch)
        offset = np.array(
            [
                math.sin(yaw) * math.cos(pitch),
                math.sin(pitch),
                math.cos(yaw) * math.cos(pitch),
            ]
        )
        return np.asarray(self.target) + self.distance * offset

    def view(self) -> np.ndarray:
        return look_at(self.eye(), np.asarray(self.target, dtype=np.float64), np.array([0, 1.0, 0]))

    def projection(self, aspect: float) -> np.ndarray:
        near = max(self.distance * 0.02, 1e-3)
        return perspective(self.fov, aspect, near, self.distance * 20)

    def orbit(self, d_yaw: float, d_pitch: float) -> OrbitCamera:
        pitch = min(max(self.pitch + d_pitch, -89.0), 89.0)
        return dataclasses.replace(self, yaw=(self.yaw + d_yaw) % 360.0, pitch=pitch)

    def zoom(self, factor: float) -> OrbitCamera:
        return dataclasses.replace(self, distance=min(max(self.distance * factor, 0.05), 1e4))

    def fitted(self, aspect: float) -> OrbitCamera:
        """The camera stepped back so that what it shows within its vertical field of view
        also fits across a viewport narrower than it is tall (`aspect` = width / height);
        a wider viewport shows more at the sides anyway and keeps the camera as it is."""
        if aspect >= 1.0:
            return self
        half = math.radians(self.fov) / 2
        across = math.atan(math.tan(half) * aspect)
        return self.zoom(math.sin(half) / math.sin(across))

    def pan(self, dx: float, dy: float) -> OrbitCamera:
        """Move the target in the view plane; dx, dy in fractions of the view height."""
        view = self.view()
        side, up = view[0, :3], view[1, :3]
        scale = 2 * self.distance * math.tan(math.radians(self.fov) / 2)
        x, y, z = np.asarray(self.target) + scale * (-dx * side + dy * up)
        return dataclasses.replace(self, target=(float(x), float(y), float(z)))

    @classmethod
    def framing(
        cls,
        center: tuple[float, float, float],
        radius: float,
        yaw: float = 35.0,
        pitch: float = 25.0,
    ) -> OrbitCamera:
        """A camera that shows a sphere of `radius` around `center` with some margin."""
        fov = 35.0
        distance = radius * 1.15 / math.sin(math.radians(fov) / 2)
        return cls(target=center, yaw=yaw, pitch=pitch, distance=distance, fov=fov)

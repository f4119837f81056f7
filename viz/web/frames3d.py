"""A 3D scene's layers at each baked moment, as data the page draws with its own camera.

The window draws a 3D scene (the cube) from `DrawList3D`s: instances of meshes (24 floats
each: rotation columns, centre, size, colour, outline and its width), each mesh's vertices
built once by its key, a viewport and the camera the scene drew with. The page orbits its
own camera, so it cannot take baked pixels: it takes these lists and draws them as
viz/renderer3d.py does (assets/web/render3d.js, with the window's mesh shaders), sorting
the instances by their distance to its camera's eye at every draw, as the window does.

What is sent, in one gzip member of its own (the 2D payload's format is left alone):

- each mesh's vertex rows (13 floats, viz/meshes.py) once, the first time its key is drawn
  (the window's renderer caches a mesh by its key, so the first builder is the one drawn);
- every distinct instance row once, in one row table stored column by column (the row
  table of viz/web/encode.py);
- each distinct moment as its layers (viewport, the camera it was drawn with, whether the
  light follows the camera, and its runs: a mesh and a count) and its row indices, whole:
  a cube moment is a few dozen rows, so no delta is worth a decode chain, and gzip finds
  the repeats between neighbouring moments;
- slot -> moment, and the camera the scene suggests (its `default_camera`, the one C
  restores): a layer's camera is that camera as the scene changed it for the layer
  (stepped back for a narrow panel, `OrbitCamera.fitted`), which the page applies to the
  reader's camera in the same way.

Layout: MAGIC, u32 length of the JSON header, the header (UTF-8, padded with spaces to
4 bytes), the meshes' vertices (little-endian float32, in the header's order), the row
table (float32, column by column), the moments' indices (u32).
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import hashlib
import json
import struct
from collections.abc import Sequence
from typing import Any

import numpy as np
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.draw3d import INSTANCE_FLOATS, DrawList3D
from puzzleviz.viz.meshes import VERTEX_FLOATS
from puzzleviz.viz.scene import Rect
from puzzleviz.viz.web.encode import _columns, _RowTable
from puzzleviz.viz.web.frames import FrameSource

__all__ = [
    "MAGIC",
    "Decoded3D",
    "Layer3D",
    "Scene3DStore",
    "camera_fields",
    "decode3d",
    "scene3d_store",
]

MAGIC = b"PZ3D"


def camera_fields(camera: OrbitCamera) -> list[float]:
    """target x, y, z, yaw, pitch, distance, fov: the page's camera (assets/web/camera.js)."""
    return [*(float(v) for v in camera.target), float(camera.yaw), float(camera.pitch),
            float(camera.distance), float(camera.fov)]  # fmt: skip


class Scene3DStore:
    """The 3D layers of each slot, added in slot order (`add` is FrameSource.runs's hook)."""

    def __init__(self, camera: OrbitCamera, stage: Rect):
        self.camera = camera
        self.stage = stage
        self.slots: list[int] = []  # slot -> moment
        self.meshes: dict[str, np.ndarray] = {}
        self.table = _RowTable(INSTANCE_FLOATS)
        self._seen: dict[bytes, int] = {}
        self._moments: list[tuple[list[dict[str, Any]], np.ndarray]] = []

    def add(self, layers: Sequence[DrawList3D]) -> None:
        described: list[dict[str, Any]] = []
        parts: list[np.ndarray] = []
        for layer in layers:
            runs = []
            for key, block in layer.instances().items():
                if key not in self.meshes:
                    vertices = np.ascontiguousarray(layer.meshes[key](), dtype="<f4")
                    assert vertices.shape[1] == VERTEX_FLOATS
                    self.meshes[key] = vertices
                runs.append([list(self.meshes).index(key), len(block)])
                parts.append(self.table.indices(block))
            described.append({"viewport": list(layer.viewport),
                              "camera": camera_fields(layer.camera),
                              "light": layer.light_follows_camera, "runs": runs})  # fmt: skip
        indices = np.concatenate(parts) if parts else np.zeros(0, "<u4")
        digest = hashlib.blake2b(json.dumps(described).encode(), digest_size=16)
        digest.update(indices.tobytes())
        moment = self._seen.get(digest.digest())
        if moment is None:
            moment = self._seen[digest.digest()] = len(self._moments)
            self._moments.append((described, indices))
        self.slots.append(moment)

    def pack(self) -> bytes:
        moments, at = [], 0
        for layers, indices in self._moments:
            moments.append({"layers": layers, "at": at})
            at += len(indices)
        header = {
            "camera": camera_fields(self.camera),
            "stage": [self.stage.x, self.stage.y, self.stage.w, self.stage.h],
            "meshes": [[key, len(vertices)] for key, vertices in self.meshes.items()],
            "rowCount": len(self.table.rows),
            "moments": moments,
            "slots": self.slots,
        }
        text = json.dumps(header, separators=(",", ":")).encode()
        text += b" " * (-len(text) % 4)
        chunks = [MAGIC, struct.pack("<I", len(text)), text]
        chunks += [vertices.tobytes() for vertices in self.meshes.values()]
        chunks.append(_columns(self.table))
        chunks += [np.asarray(indices, "<u4").tobytes() for _, indices in self._moments]
        return gzip.compress(b"".join(chunks), compresslevel=9, mtime=0)

    def base64(self) -> str:
        """The packed member as the page carries it (in its settings)."""
        return base64.b64encode(self.pack()).decode("ascii")


@dataclasses.dataclass(frozen=True)
class Layer3D:
    viewport: tuple[int, int, int, int]
    camera: list[float]
    light_follows_camera: bool
    instances: dict[str, np.ndarray]  # mesh key -> (N, 24), in drawing order


@dataclasses.dataclass(frozen=True)
class Decoded3D:
    header: dict[str, Any]
    meshes: dict[str, np.ndarray]
    moments: list[list[Layer3D]]

    def layers_at(self, slot: int) -> list[Layer3D]:
        return self.moments[int(self.header["slots"][slot])]


def decode3d(payload: bytes) -> Decoded3D:
    """The inverse of `Scene3DStore.pack`, done as the page does it (tests of the format)."""
    body = gzip.decompress(payload)
    if body[:4] != MAGIC:
        raise ValueError("not a puzzleviz 3D payload")
    (length,) = struct.unpack_from("<I", body, 4)
    header = json.loads(body[8 : 8 + length])
    at = 8 + length
    meshes: dict[str, np.ndarray] = {}
    for key, count in header["meshes"]:
        meshes[key] = np.frombuffer(body, "<f4", count * VERTEX_FLOATS, at).reshape(count, -1)
        at += count * VERTEX_FLOATS * 4
    count = int(header["rowCount"])
    rows = np.frombuffer(body, "<f4", count * INSTANCE_FLOATS, at)
    table = np.ascontiguousarray(rows.reshape(INSTANCE_FLOATS, count).T)
    at += count * INSTANCE_FLOATS * 4
    stored = np.frombuffer(body, "<u4", offset=at)
    keys = [key for key, _ in header["meshes"]]
    moments = []
    for moment in header["moments"]:
        start, layers = int(moment["at"]), []
        for layer in moment["layers"]:
            instances = {}
            for mesh, n in layer["runs"]:
                instances[keys[mesh]] = table[stored[start : start + n]]
                start += n
            layers.append(Layer3D(tuple(layer["viewport"]), layer["camera"], layer["light"],
                                  instances))  # fmt: skip
        moments.append(layers)
    return Decoded3D(header, meshes, moments)


def scene3d_store(source: FrameSource) -> Scene3DStore | None:
    """A store for the 3D layers of `source`'s scene, or None for a 2D scene (one with no
    camera to suggest)."""
    camera = source.look.camera
    return None if camera is None else Scene3DStore(camera, source.layout().stage)

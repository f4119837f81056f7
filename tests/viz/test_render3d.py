from __future__ import annotations

import numpy as np
import pytest
from puzzleviz.viz.camera import OrbitCamera
from puzzleviz.viz.color import INK, palette, rgba
from puzzleviz.viz.draw3d import DrawList3D
from puzzleviz.viz.meshes import voxel_mesh
from puzzleviz.viz.renderer import Renderer
from puzzleviz.viz.target import RenderTarget

from tests.golden import assert_matches_golden

W, H = 320, 180
WHITE = (1.0, 1.0, 1.0, 1.0)


def render(gl_ctx, layers, samples: int = 0) -> np.ndarray:
    target = RenderTarget(gl_ctx, (W, H), samples)
    Renderer(gl_ctx).render(target, layers, None, WHITE)
    image = target.read_image()
    target.release()
    return image


def front_camera(distance: float = 6.0) -> OrbitCamera:
    return OrbitCamera(target=(0, 0, 0), yaw=0, pitch=0, distance=distance, fov=40)


def test_a_box_facing_the_camera(gl_ctx):
    d = DrawList3D((0, 0, W, H), front_camera())
    d.box((0, 0, 0), (2, 2, 2), (0.2, 0.6, 0.9, 1.0), outline=INK, outline_width=2)
    image = render(gl_ctx, [d])
    covered = np.argwhere((image != 255).any(axis=2))
    cy, cx = covered.mean(axis=0)
    assert abs(cx - W / 2) < 1.5 and abs(cy - H / 2) < 1.5  # centred and symmetric
    centre = image[H // 2, W // 2].astype(int)
    assert centre[2] > centre[0]  # blue-ish face, lit
    row = image[H // 2].astype(int).sum(axis=1)
    left_edge = covered[:, 1].min()
    assert row[left_edge] < row[W // 2] - 150  # a dark outline at the silhouette


def test_nearer_box_hides_the_farther_one(gl_ctx):
    d = DrawList3D((0, 0, W, H), front_camera())
    d.box((0, 0, 2), (1, 1, 1), (1, 0, 0, 1), outline_width=0)  # near (camera on +z)
    d.box((0, 0, -2), (3, 3, 1), (0, 0, 1, 1), outline_width=0)  # far and big
    image = render(gl_ctx, [d])
    r, _g, b = image[H // 2, W // 2].astype(int)
    assert r > b


def test_translucent_box_lets_what_is_inside_show(gl_ctx):
    d = DrawList3D((0, 0, W, H), front_camera())
    d.box((0, 0, 0), (1, 1, 1), (1, 0, 0, 1), outline_width=0)
    d.box((0, 0, 0), (3, 3, 3), (0, 0, 1, 0.2), outline_width=0)
    image = render(gl_ctx, [d])
    r, _g, b = image[H // 2, W // 2].astype(int)
    assert r > 100 and b > 20  # red seen through a bluish veil


def test_viewport_confines_a_layer(gl_ctx):
    d = DrawList3D((0, 0, W // 2, H), front_camera(3.0))
    d.box((0, 0, 0), (4, 4, 4), (0, 0, 0, 1), outline_width=0)  # fills its viewport
    image = render(gl_ctx, [d])
    assert (image[:, : W // 2 - 2] < 128).all()
    assert (image[:, W // 2 + 1 :] == 255).all()


def test_polycube_mesh_outlines_only_where_the_surface_bends():
    mesh = voxel_mesh([(0, 0, 0), (1, 0, 0)])  # a 2x1x1 bar: 10 outer unit faces
    assert mesh.shape == (10 * 6, 13)
    masks = np.bincount(mesh[::6, 12].astype(int), minlength=16)
    # The end faces keep all four edges; each long side is two unit faces whose shared
    # edge is not outlined (which bit that is depends on the face's axes).
    assert masks[15] == 2
    assert {m: int(masks[m]) for m in (7, 11, 13, 14)} == {7: 2, 11: 2, 13: 2, 14: 2}
    assert masks.sum() == 10


@pytest.mark.parametrize("samples", [0, 4])
def test_golden_bricks(gl_ctx, update_golden, samples):
    camera = OrbitCamera.framing((2.5, 2.5, 2.5), 4.6, yaw=35, pitch=28)
    d = DrawList3D((0, 0, W, H), camera)
    centers = np.array([[1, 0.5, 1], [3.5, 1, 1], [1.5, 2, 3.5]])
    sizes = np.array([[2, 1, 2], [1, 2, 2], [3, 2, 1]])
    d.boxes(centers, sizes, np.array([palette(0), palette(1), palette(2)]))
    d.box((2.5, 2.5, 2.5), (5, 5, 5), rgba("#8899AA", 0.1), outline_width=1.5)
    d.mesh("L", lambda: voxel_mesh([(0, 0, 0), (1, 0, 0), (0, 1, 0)]), [(3.2, 3.2, 3.0)],
           palette(4))  # fmt: skip
    assert_matches_golden(render(gl_ctx, [d], samples), f"render3d_bricks_msaa{samples}",
                          update_golden)  # fmt: skip

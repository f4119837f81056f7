"""The symmetries of a puzzle: the box's symmetries that map every filling to a filling.

A symmetry of the box (or of the result shape, when it is not a box) moves cells; it maps a
filling to a filling when it also maps every piece to a piece of the puzzle. A rotation
always does (a rotated brick is the same brick). A mirror image does only when every
piece's mirror image is a piece of the puzzle with the same count: a mirror-symmetric piece
is its own image, and a chiral piece needs its mirror twin (the Soma cube's two screw
pieces). When some chiral piece has no twin (the Bedlam cube), no mirror image of a filling
is a filling and the group keeps only the rotations.

Each element also acts on placements: `placement_map[g, p]` is the placement g makes of
placement p. Two fillings are in one class when an element maps one onto the other; a
filling (a sorted row of placement indices) is mapped by mapping each of its placements.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import numpy as np
from puzzleviz.solvers.cube.geometry import box_symmetries, normalize
from puzzleviz.solvers.cube.placements import Placements
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.tables import exact_tables

MIRROR_X = np.diag([-1, 1, 1])


@dataclasses.dataclass(frozen=True)
class PuzzleGroup:
    cell_map: np.ndarray  # (G, n_cells) int64: the cell each cell goes to
    type_map: np.ndarray  # (G, T) int64: the piece type each type becomes
    rotation: np.ndarray  # (G,) bool: a rotation (not a mirror image)
    placement_map: np.ndarray  # (G, P) int32 (P + 1 for a ranged puzzle); 0 is the identity

    @property
    def order(self) -> int:
        return int(self.cell_map.shape[0])

    @property
    def rotations(self) -> int:
        return int(self.rotation.sum())

    @property
    def has_mirrors(self) -> bool:
        return self.rotations < self.order


def mirror_types(puzzle: CubePuzzle) -> np.ndarray | None:
    """The type each type's mirror image is, or None if some mirror image is no piece of
    the puzzle (or a piece with another count)."""
    by_shape = {(min(t.orientations), t.is_hole): i for i, t in enumerate(puzzle.types)}
    out = np.zeros(len(puzzle.types), dtype=np.int64)
    for i, t in enumerate(puzzle.types):
        image = normalize(np.asarray(t.shape, dtype=np.int64) @ MIRROR_X.T)
        twin = by_shape.get((min(type(t)(t.name, image, 1).orientations), t.is_hole))
        if twin is None or puzzle.types[twin].count != t.count:
            return None
        if puzzle.ranged and puzzle.minimum[twin] != puzzle.minimum[i]:
            return None  # (BurrTools would mirror the fillings whose counts allow it)
        out[i] = twin
    return out


def _cell_maps(puzzle: CubePuzzle) -> tuple[list[np.ndarray], list[bool], list[np.ndarray]]:
    """The box symmetries that keep the result (its cells, optional cells and colours):
    each as the cell it sends each cell to, whether it is a rotation, and its 4x4 map."""
    xyz = np.array([puzzle.cell_xyz(c) for c in range(puzzle.n_cells)], dtype=np.int64)
    homog = np.concatenate([xyz, np.ones((len(xyz), 1), dtype=np.int64)], axis=1)
    sx, sy, _ = puzzle.box
    optional = np.zeros(puzzle.n_cells, dtype=np.bool_)
    optional[sorted(puzzle.optional)] = True
    colour = np.array(puzzle.cell_colours or (0,) * puzzle.n_cells, dtype=np.int64)
    maps, rotation, affines = [], [], []
    for affine in box_symmetries(puzzle.box, rotations_only=False):
        moved = homog @ affine.T
        cmap = moved[:, 0] + sx * (moved[:, 1] + sy * moved[:, 2])
        if not np.array_equal(puzzle.inside[cmap], puzzle.inside):
            continue
        if not np.array_equal(optional[cmap], optional):
            continue
        if puzzle.cell_colours and not np.array_equal(colour[cmap], colour):
            continue  # a turn that moves a coloured cell onto another colour
        maps.append(cmap)
        rotation.append(round(np.linalg.det(affine[:3, :3])) == 1)
        affines.append(affine)
    return maps, rotation, affines


def _orientation_keys(shapes: np.ndarray, colours: np.ndarray) -> tuple[list[bytes], np.ndarray]:
    """(O, V, 3) voxels of a type's orientations (V each) and (O, V) their colours: each
    orientation's key (its voxels shifted to the origin, with their colours, order-free:
    one sorted number a voxel) and its low corner before the shift."""
    low = shapes.min(axis=1)
    v = shapes - low[:, None, :]
    codes = ((v[:, :, 0] * 1024 + v[:, :, 1]) * 1024 + v[:, :, 2]) * 256 + colours
    codes.sort(axis=1)
    return [row.tobytes() for row in codes], low


def placement_maps(
    puzzle: CubePuzzle, pl: Placements, affines: list[np.ndarray], type_maps: np.ndarray
) -> np.ndarray:
    """(G, P) int32: the placement each element makes of each placement. A placement is a
    type's orientation at a corner: the element turns the orientation into one of the
    image type's (looked up once per type and orientation, colours included) and moves the
    corner by its affine map, so a placement's image costs a few integer operations and
    one search in the table's sorted keys, not its voxels (Pelikan's 3,817 placements of
    up to 200 voxels under 24 symmetries took 0.43 s hashed voxel by voxel)."""
    sx, sy, sz = puzzle.box
    pose = pl.pose
    x, rest = pose % sx, pose // sx
    y, rest = rest % sy, rest // sy
    z, orient = rest % sz, rest // sz
    corner = np.stack([x, y, z], axis=1)
    stride = int(pose.max()) + 1
    keys = pl.type * stride + pose
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    shapes = [np.array(t.orientations, dtype=np.int64) for t in puzzle.types]  # (O, V, 3)
    paints = [np.array(t.orientation_colours, dtype=np.int64) % 256 for t in puzzle.types]
    lookup = [{key: k for k, key in enumerate(_orientation_keys(o, c)[0])}
              for o, c in zip(shapes, paints, strict=True)]  # fmt: skip
    width = max(len(t.orientations) for t in puzzle.types)
    out = np.empty((len(affines), pl.n), dtype=np.int32)
    for g, (affine, tmap) in enumerate(zip(affines, type_maps, strict=True)):
        turn, shift = affine[:3, :3], affine[:3, 3]
        image_orient = np.zeros((len(puzzle.types), width), dtype=np.int64)
        image_low = np.zeros((len(puzzle.types), width, 3), dtype=np.int64)
        for t in range(len(puzzle.types)):  # every orientation of a type at once
            keys_t, low = _orientation_keys(shapes[t] @ turn.T, paints[t])
            found = [lookup[tmap[t]].get(key, -1) for key in keys_t]
            if min(found) < 0:
                raise AssertionError("a symmetry turns a piece into no piece of the puzzle")
            image_orient[t, : len(found)] = found
            image_low[t, : len(found)] = low
        new_corner = corner @ turn.T + shift + image_low[pl.type, orient]
        new_orient = image_orient[pl.type, orient]
        nx, ny, nz = new_corner[:, 0], new_corner[:, 1], new_corner[:, 2]
        wanted = tmap[pl.type] * stride + ((new_orient * sz + nz) * sy + ny) * sx + nx
        at = np.minimum(np.searchsorted(sorted_keys, wanted), pl.n - 1)
        if not np.array_equal(sorted_keys[at], wanted):
            raise AssertionError("a symmetry maps a placement outside the placement table")
        out[g] = order[at]
    return out


@lru_cache(maxsize=16)
def puzzle_group(puzzle: CubePuzzle) -> PuzzleGroup:
    pl = exact_tables(puzzle).placements
    maps, rotation, affines = _cell_maps(puzzle)
    # a mirror image of a coloured piece: its twin would need the mirrored colours too
    twins = None if puzzle.coloured else mirror_types(puzzle)
    keep = [g for g, rot in enumerate(rotation) if rot or twins is not None]
    identity = np.arange(len(puzzle.types), dtype=np.int64)
    cell_map = np.array([maps[g] for g in keep], dtype=np.int64)
    type_map = np.array([identity if rotation[g] else twins for g in keep], dtype=np.int64).reshape(
        len(keep), len(puzzle.types)
    )
    pmap = placement_maps(puzzle, pl, [affines[g] for g in keep], type_map)
    if puzzle.ranged:  # a ranged filling's row is padded with pl.n, which stays itself
        pmap = np.concatenate([pmap, np.full((len(pmap), 1), pl.n, dtype=np.int32)], axis=1)
    return PuzzleGroup(
        cell_map=cell_map,
        type_map=type_map,
        rotation=np.array([rotation[g] for g in keep], dtype=np.bool_),
        placement_map=pmap,
    )

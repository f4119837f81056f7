"""A cube packing puzzle: a box and a list of piece types with counts.

Identical pieces form one `PieceType` with a count: the solvers place "a 2x2x3 brick", never
"brick number 4", so a filling is found once, not once per way of numbering its bricks.
For drawing, the pieces of a type are still numbered (instances): the k-th brick of a type
is simply the k-th one placed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cached_property
from typing import Any

import numpy as np
from puzzleviz.solvers.cube.geometry import (
    Shape,
    coloured_orientations,
    cuboid,
    extent,
    normalize,
    orientations,
)
from puzzleviz.solvers.errors import PuzzleInputError

MAX_BOX_SIDE = 16
MAX_PIECE_TYPES = 64
HOLE_NAME = "hole"


@dataclasses.dataclass(frozen=True)
class PieceType:
    """One kind of piece. `shape` is in its reference orientation; `code` is the seed's cell
    code (24 for a unit cube, 3 for a 1x2x4 brick, 2 for a 2x2x3 brick): the slice view
    shows it, and the stochastic search weighs a cell sticking out of the box by it."""

    name: str
    shape: Shape
    count: int
    code: int = 1
    size: tuple[int, int, int] | None = None  # set for cuboids, None for general polycubes
    is_hole: bool = False  # an empty cell, when the pieces do not fill the box
    colours: tuple[int, ...] = ()  # BurrTools' colour of each voxel of `shape` (0: none)

    @property
    def volume(self) -> int:
        return len(self.shape)

    @cached_property
    def orientations(self) -> tuple[Shape, ...]:
        if any(self.colours):
            return tuple(s for s, _ in coloured_orientations(self.shape, self.colours))
        return orientations(self.shape)

    @cached_property
    def orientation_colours(self) -> tuple[tuple[int, ...], ...]:
        """Per orientation, the colour of each of its voxels (in `orientations` order)."""
        if any(self.colours):
            return tuple(c for _, c in coloured_orientations(self.shape, self.colours))
        return tuple((0,) * len(o) for o in self.orientations)

    @cached_property
    def longest_side(self) -> int:
        return max(extent(self.shape))

    def orientation_extent(self, orient: int) -> tuple[int, int, int]:
        return extent(self.orientations[orient])

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name}
        if self.size is not None:
            data["size"] = list(self.size)
        else:
            data["voxels"] = [list(v) for v in self.shape]
        data["count"] = self.count
        data["code"] = self.code
        if self.is_hole:
            data["hole"] = True
        if any(self.colours):
            data["colours"] = list(self.colours)
        return data


@dataclasses.dataclass(frozen=True)
class CubePuzzle:
    """A box of X x Y x Z unit cells and the pieces that should fill it.

    A BurrTools problem's result need not be a box: then `box` is its bounding box and
    `shape` lists the cells to fill (None: the whole box). `optional` cells may stay
    empty (BurrTools' `+` voxels): the empty cells of a puzzle with holes go only there
    when there are any."""

    box: tuple[int, int, int]
    types: tuple[PieceType, ...]
    title: str = ""
    shape: frozenset[int] | None = None
    optional: frozenset[int] = frozenset()
    # BurrTools' colour constraints: the colour of each cell of the box (0: none, or () when
    # nothing is coloured), and the (piece colour, cell colour) pairs the problem allows
    cell_colours: tuple[int, ...] = ()
    colour_pairs: frozenset[tuple[int, int]] = frozenset()
    # BurrTools' count ranges: the fewest copies of each type (its `count` is then the
    # most), or () when every type has exactly `count` copies. A ranged puzzle is solved
    # for every choice of counts in one search (kernels.ranged); its empty cells are the
    # optional ones a hole type (0 up to all of them) fills.
    minimum: tuple[int, ...] = ()

    @property
    def ranged(self) -> bool:
        return bool(self.minimum)

    @property
    def coloured(self) -> bool:
        return any(self.cell_colours) or any(any(t.colours) for t in self.types)

    def colour_fits(self, piece: int, cell: int) -> bool:
        """May a piece voxel of colour `piece` fill a cell of colour `cell`? A voxel or cell
        without colour fits anything (BurrTools' rule); else the pair must be allowed."""
        return piece == 0 or cell == 0 or (piece, cell) in self.colour_pairs

    @property
    def n_cells(self) -> int:
        """Cells of the bounding box (cell indices run over it)."""
        return self.box[0] * self.box[1] * self.box[2]

    @property
    def is_box(self) -> bool:
        return self.shape is None

    @cached_property
    def inside(self) -> np.ndarray:
        """(n_cells,) bool: the cells to fill (all of the box unless `shape` is set)."""
        mask = np.ones(self.n_cells, dtype=np.bool_)
        if self.shape is not None:
            mask[:] = False
            mask[sorted(self.shape)] = True
        return mask

    @property
    def n_inside(self) -> int:
        return self.n_cells if self.shape is None else len(self.shape)

    @property
    def volume(self) -> int:
        return sum(t.volume * t.count for t in self.types)

    @property
    def holes(self) -> int:
        return sum(t.count for t in self.types if t.is_hole)

    @property
    def n_pieces(self) -> int:
        return sum(t.count for t in self.types)

    @cached_property
    def first_instance(self) -> np.ndarray:
        """Index of the first instance of each type; instances of a type are consecutive."""
        counts = np.array([t.count for t in self.types], dtype=np.int64)
        return np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)

    @cached_property
    def instance_type(self) -> np.ndarray:
        return np.repeat(np.arange(len(self.types)), [t.count for t in self.types])

    def instance_name(self, instance: int) -> str:
        t = int(self.instance_type[instance])
        number = instance - int(self.first_instance[t]) + 1
        return f"{self.types[t].name} #{number}"

    def type_index(self, name: str) -> int:
        for i, t in enumerate(self.types):
            if t.name == name:
                return i
        raise PuzzleInputError(f"this puzzle has no piece called {name!r}")

    def cell_index(self, x: int, y: int, z: int) -> int:
        """Cells are numbered x fastest, then y, then z: z-slices are contiguous."""
        return x + self.box[0] * (y + self.box[1] * z)

    def cell_xyz(self, cell: int) -> tuple[int, int, int]:
        sx, sy, _ = self.box
        return cell % sx, (cell // sx) % sy, cell // (sx * sy)

    def without_holes(self) -> CubePuzzle:
        return dataclasses.replace(self, types=tuple(t for t in self.types if not t.is_hole))

    def definition(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "title": self.title,
            "box": list(self.box),
            "pieces": [t.to_json() for t in self.types],
        }
        if self.shape is not None:
            data["shape"] = sorted(self.shape)
        if self.optional:
            data["optional"] = sorted(self.optional)
        if self.coloured:
            data["cell_colours"] = list(self.cell_colours)
            data["colour_pairs"] = sorted([p, c] for p, c in self.colour_pairs)
        return data

    def describe(self) -> str:
        low = self.minimum or tuple(t.count for t in self.types)
        counts = [str(t.count) if n == t.count else f"{n}..{t.count}" for t, n in
                  zip(self.types, low, strict=True)]  # fmt: skip
        parts = ", ".join(f"{c} x {t.name}" for t, c in zip(self.types, counts, strict=True)
                          if not t.is_hole)  # fmt: skip
        holes = f", {self.holes} empty cells" if self.holes else ""
        if self.ranged and self.holes:
            holes = f", up to {self.holes} empty cells"
        where = "box" if self.is_box else f"shape of {self.n_inside} cells"
        return f"{'x'.join(map(str, self.box))} {where} with {parts}{holes}"


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleInputError(f"{what} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise PuzzleInputError(f"{what} must be between {low} and {high}, not {value}")
    return value


def _size(value: Any, what: str) -> tuple[int, int, int]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 3:
        raise PuzzleInputError(f"{what} must be three numbers [x, y, z], not {value!r}")
    sx, sy, sz = (_int(v, what, 1, MAX_BOX_SIDE) for v in value)
    return sx, sy, sz


def _piece_type(entry: Any, index: int) -> PieceType:
    where = f"piece entry {index + 1}"
    if not isinstance(entry, dict):
        raise PuzzleInputError(f"{where} must be an object with size or voxels and a count")
    unknown = set(entry) - {"name", "size", "voxels", "count", "code", "hole", "colours"}
    if unknown:
        raise PuzzleInputError(f"{where} has unknown field(s): {', '.join(sorted(unknown))}")
    if ("size" in entry) == ("voxels" in entry):
        raise PuzzleInputError(f"{where} needs exactly one of 'size' (a cuboid) or 'voxels'")
    size = None
    if "size" in entry:
        size = _size(entry["size"], f"{where}: size")
        shape = cuboid(size)
        default_name = "x".join(str(v) for v in sorted(size))
    else:
        voxels = entry["voxels"]
        if not isinstance(voxels, list) or not voxels:
            raise PuzzleInputError(f"{where}: voxels must be a non-empty list of [x, y, z]")
        cells = [_size([v + 1 for v in _voxel(vox, where)], f"{where}: voxel") for vox in voxels]
        if len(set(cells)) != len(cells):
            raise PuzzleInputError(f"{where}: a voxel is listed twice")
        shape = normalize([(x - 1, y - 1, z - 1) for x, y, z in cells])
        default_name = f"piece {index + 1}"
    name = entry.get("name", default_name)
    if not isinstance(name, str) or not name.strip():
        raise PuzzleInputError(f"{where}: name must be a non-empty text")
    count = _int(entry.get("count", 1), f"{where} ({name}): count", 1, 10_000)
    code = _int(entry.get("code", 1), f"{where} ({name}): code", 0, 1_000)
    hole = bool(entry.get("hole", False))
    colours = entry.get("colours", [])
    if not isinstance(colours, list) or (colours and len(colours) != len(shape)):
        raise PuzzleInputError(f"{where} ({name}): colours must list one number per voxel")
    paint = tuple(_int(c, f"{where} ({name}): colour", 0, 255) for c in colours)
    if any(paint) and "voxels" in entry:  # the colours go with the voxels as listed
        order = sorted(range(len(paint)), key=lambda i: tuple(entry["voxels"][i]))
        paint = tuple(paint[i] for i in order)
    return PieceType(name=name, shape=shape, count=count, code=code, size=size, is_hole=hole,
                     colours=paint if any(paint) else ())  # fmt: skip


def _voxel(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != 3:
        raise PuzzleInputError(f"{where}: each voxel must be [x, y, z], not {value!r}")
    return [_int(v, f"{where}: voxel coordinate", 0, MAX_BOX_SIDE - 1) for v in value]


def puzzle_from_json(data: Any, *, allow_holes: bool = False) -> CubePuzzle:
    """Validate a puzzle document (see assets/puzzles/cube/README.md)."""
    if not isinstance(data, dict):
        raise PuzzleInputError("a cube puzzle must be a JSON object with 'box' and 'pieces'")
    if "box" not in data or "pieces" not in data:
        raise PuzzleInputError("a cube puzzle needs both 'box' and 'pieces'")
    box = _size(data["box"], "box")
    entries = data["pieces"]
    if not isinstance(entries, list) or not entries:
        raise PuzzleInputError("'pieces' must be a non-empty list")
    if len(entries) > MAX_PIECE_TYPES:
        raise PuzzleInputError(f"at most {MAX_PIECE_TYPES} piece types, not {len(entries)}")
    types = [_piece_type(entry, i) for i, entry in enumerate(entries)]
    title = data.get("title", "")
    # a result that is not the whole box (BurrTools'), as `definition` writes it: a trace's
    # puzzle must read back with the same cells, or its states have another size
    n = box[0] * box[1] * box[2]
    shape = _cells(data["shape"], "shape", n) if "shape" in data else None
    optional = _cells(data.get("optional", []), "optional", n)
    return make_puzzle(box, types, title=str(title), allow_holes=allow_holes, shape=shape,
                       optional=optional)  # fmt: skip


def _cells(values: Any, what: str, n: int) -> frozenset[int]:
    """Cell numbers of the box, as `CubePuzzle.definition` lists them."""
    if not isinstance(values, list):
        raise PuzzleInputError(f"'{what}' must be a list of cell numbers")
    return frozenset(_int(v, f"a cell of '{what}'", 0, n - 1) for v in values)


def make_puzzle(
    box: Sequence[int],
    types: Sequence[PieceType],
    *,
    title: str = "",
    allow_holes: bool = False,
    shape: frozenset[int] | None = None,
    optional: frozenset[int] = frozenset(),
    cell_colours: tuple[int, ...] = (),
    colour_pairs: frozenset[tuple[int, int]] = frozenset(),
    minimum: Sequence[int] | None = None,
) -> CubePuzzle:
    """Check that the pieces can fill the box (or `shape`, cells of the box; `optional`
    ones may stay empty); add a hole type for missing volume if allowed. `minimum`: the
    fewest copies of each type, whose `count` is then the most (a ranged puzzle: its hole
    type leaves 0 up to every optional cell empty)."""
    box3 = _size(list(box), "box")
    types = [t for t in types if not t.is_hole]
    if not types:
        raise PuzzleInputError("a cube puzzle needs at least one piece")
    if len({t.name for t in types}) != len(types) or any(t.name == HOLE_NAME for t in types):
        raise PuzzleInputError(f"piece names must differ from each other and from {HOLE_NAME!r}")
    seen: dict[tuple[Shape, tuple[int, ...]], str] = {}
    for t in types:
        key = min(zip(t.orientations, t.orientation_colours, strict=True))
        if key in seen:
            raise PuzzleInputError(
                f"pieces {seen[key]!r} and {t.name!r} have the same shape: "
                "list it once with a count"
            )
        seen[key] = t.name
        if not any(
            all(e <= b for e, b in zip(extent(o), box3, strict=True)) for o in t.orientations
        ):
            raise PuzzleInputError(f"piece {t.name!r} does not fit in the box in any orientation")
    cells = box3[0] * box3[1] * box3[2] if shape is None else len(shape)
    where = "box" if shape is None else "shape"
    if minimum is not None:
        return _ranged(box3, types, list(minimum), title, shape, optional, cells,
                       cell_colours, colour_pairs)  # fmt: skip
    volume = sum(t.volume * t.count for t in types)
    if volume > cells:
        raise PuzzleInputError(
            f"the pieces have {volume} cells of volume but the {where} only {cells}"
        )
    if optional and cells - volume > len(optional):
        raise PuzzleInputError(
            f"the pieces fill {volume} cells: {cells - volume - len(optional)} of the "
            f"shape's {cells - len(optional)} cells that must be filled stay empty"
        )
    if volume < cells:
        if not allow_holes:
            raise PuzzleInputError(
                f"the pieces fill {volume} of the box's {cells} cells "
                "(use --allow-holes to leave cells empty)"
            )
        types.append(PieceType(HOLE_NAME, ((0, 0, 0),), cells - volume, code=0, is_hole=True))
    if shape is not None and len(shape) == box3[0] * box3[1] * box3[2]:
        shape = None  # the whole box
    return CubePuzzle(box=box3, types=tuple(types), title=title, shape=shape,
                      optional=optional if volume < cells else frozenset(),
                      cell_colours=cell_colours if any(cell_colours) else (),
                      colour_pairs=colour_pairs)  # fmt: skip


def _ranged(
    box: tuple[int, int, int],
    types: list[PieceType],
    low: list[int],
    title: str,
    shape: frozenset[int] | None,
    optional: frozenset[int],
    cells: int,
    cell_colours: tuple[int, ...],
    colour_pairs: frozenset[tuple[int, int]],
) -> CubePuzzle:
    """`make_puzzle` of a puzzle with count ranges (see `CubePuzzle.minimum`): the pieces'
    fewest and most cells must leave room for a filling."""
    if len(low) != len(types) or any(
        not 0 <= n <= t.count for n, t in zip(low, types, strict=True)
    ):
        raise PuzzleInputError("each piece's fewest copies must be between 0 and its most")
    most = sum(t.volume * t.count for t in types)
    fewest = sum(t.volume * n for t, n in zip(types, low, strict=True))
    if most < cells - len(optional):
        raise PuzzleInputError(
            f"the pieces have at most {most} cells, the {'box' if shape is None else 'shape'} "
            f"needs at least {cells - len(optional)}"
        )
    if fewest > cells:
        raise PuzzleInputError(f"the pieces have at least {fewest} cells, more than {cells}")
    if optional:
        types.append(PieceType(HOLE_NAME, ((0, 0, 0),), len(optional), code=0, is_hole=True))
        low.append(0)
    if shape is not None and len(shape) == box[0] * box[1] * box[2]:
        shape = None
    return CubePuzzle(box=box, types=tuple(types), title=title, shape=shape, optional=optional,
                      cell_colours=cell_colours if any(cell_colours) else (),
                      colour_pairs=colour_pairs, minimum=tuple(low))  # fmt: skip

"""BurrTools puzzle files (.xmpuzzle): read a packing problem, write solutions back.

An .xmpuzzle file is gzipped XML (plain XML is read too). `<shapes>` holds voxel spaces:
`x y z` sizes and one character per voxel, x fastest, then y, then z: `#` filled, `_`
empty, `+` variable (a cell of a result shape that may stay empty); a number after a voxel
is its colour. A `<problem>` lists its pieces (`<shape id= count=>`, or `min= max=`) and
the `<result id=>` to build. We solve problems on the cube grid (`gridType` 0); anything
else is one clear error. Colour constraints are BurrTools': its `<bitmap>` pairs a piece
colour with a result colour (`<pair piece=p result=r/>`, counted from 0), and a coloured
piece voxel may only fill a result cell of a colour paired with it; a voxel or a cell
without colour fits anything. A piece with a count range (`min` to `max` copies) makes a ranged
puzzle (`CubePuzzle.minimum`), whose one search finds the fillings of every choice of
counts (kernels.ranged).

A solution is written as BurrTools writes one: `<assembly>` holds, per piece in problem
order (a piece with a count repeated, `x` for a copy that a range leaves out), `X Y Z t`:
rotation t (0..23, BurrTools' numbering, `rotation`) is applied to the piece's voxel
space, which is then shifted back to start at 0; the piece's hotspot (hx, hy, hz,
default 0) after the same move lands on (X, Y, Z) of the result's voxel space. Identical
pieces are listed sorted by (t, X, Y, Z), as BurrTools sorts them. The problem gets
`state="2"` (solved) and `assemblies=` (the count of all fillings, as BurrTools counts
when made to keep every one) when the search was complete.
"""

from __future__ import annotations

import dataclasses
import gzip
import itertools
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path

import numpy as np
from puzzleviz.solvers.atomic import open_output
from puzzleviz.solvers.cube.geometry import extent, normalize
from puzzleviz.solvers.cube.puzzle import MAX_BOX_SIDE, CubePuzzle, PieceType, make_puzzle
from puzzleviz.solvers.cube.space import Space
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.reading import MB, FileFormat, inflate, is_gzip, read_limited

Voxel = tuple[int, int, int]
# Bounds on what a file may make us build, checked before it is built. A file with many
# saved solutions is a few MB; a 200 KB gzip bomb unpacks to 200 MB and a 8 KB file can
# declare a 200x200x200 voxel space (8 M voxels). Our boxes have at most 16 cells a side,
# so a voxel space four times that wide holds any piece or result with room to spare.
XMPUZZLE = FileFormat("BurrTools puzzle file", 16 * MB, inflated=32 * MB)
MAX_ELEMENTS = 500_000  # XML elements of one file (about 150 MB of parsed XML)
MAX_SPACE_SIDE = 4 * MAX_BOX_SIDE  # voxels along each side of one shape
MAX_VOXELS = 2_000_000  # voxels of all the shapes of a file together
_VOXEL_CODES = np.frombuffer(b"#_+", dtype=np.uint8)
_DIGITS = np.frombuffer(b"0123456789", dtype=np.uint8)
GRIDS = {1: "triangular prisms", 2: "spheres", 3: "rhombic dodecahedra", 4: "tetra-octa"}


def _rotation_table() -> list[np.ndarray]:
    """BurrTools' 24 rotations in its order: t = 4a + b is A[a] after b quarter turns about
    x, with A = identity, y three, two and one quarter turns, z one and three."""
    x = np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]])
    y = np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]])
    z = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]])
    power = np.linalg.matrix_power
    heads = [np.eye(3, dtype=np.int64), power(y, 3), power(y, 2), y, z, power(z, 3)]
    return [head @ power(x, b) for head in heads for b in range(4)]


ROTATIONS_BT = _rotation_table()


@dataclasses.dataclass(frozen=True)
class VoxelSpace:
    name: str
    size: tuple[int, int, int]
    filled: tuple[Voxel, ...]  # '#'
    variable: tuple[Voxel, ...]  # '+'
    hotspot: Voxel = (0, 0, 0)
    paint: tuple[tuple[Voxel, int], ...] = ()  # the voxels with a colour (1, 2, ...)

    @cached_property
    def _colour_of(self) -> dict[Voxel, int]:
        return dict(self.paint)

    def colour(self, voxel: Voxel) -> int:
        return self._colour_of.get(voxel, 0)


@dataclasses.dataclass(frozen=True)
class XmSource:
    """Where a puzzle came from, to write its solutions back: the file's XML, the problem,
    the shape id of each of our piece types, and where our box sits in the result."""

    root: ET.Element
    problem: int
    shapes: tuple[VoxelSpace, ...]
    type_shape: tuple[int, ...]  # shape id of each non-hole type, in type order
    offset: Voxel  # our box's (0, 0, 0) in the result's voxel space
    slots: tuple[tuple[int, int], ...] = ()  # (shape id, most copies) of each problem piece


def _int_attr(element: ET.Element, name: str, where: str, default: int | None = None) -> int:
    value = element.get(name)
    if value is None:
        if default is None:
            raise PuzzleInputError(f"{where} has no {name!r} attribute")
        return default
    try:
        return int(value)
    except ValueError:
        raise PuzzleInputError(f"{where}: {name}={value!r} is not a whole number") from None


def _space_size(element: ET.Element, index: int) -> tuple[int, int, int]:
    """A shape's declared size, checked before any of its voxels is looked at."""
    where = f"shape {index}"
    if element.get("type", "0") != "0":
        raise PuzzleInputError(f"{where}: voxel format type {element.get('type')} is unknown")
    sx, sy, sz = (_int_attr(element, a, where) for a in "xyz")
    if min(sx, sy, sz) < 1 and (element.text or "").strip():
        raise PuzzleInputError(f"{where}: size {sx}x{sy}x{sz} is not a voxel space")
    if max(sx, sy, sz) > MAX_SPACE_SIDE:
        raise PuzzleInputError(
            f"{where}: a {sx}x{sy}x{sz} voxel space is larger than the {MAX_SPACE_SIDE} voxels "
            f"a side this solver reads (its boxes have at most {MAX_BOX_SIDE} cells a side)"
        )
    return sx, sy, sz


def _measure(elements: Sequence[ET.Element]) -> None:
    """Every shape's size, and all of them together, before any is built."""
    total = 0
    for index, element in enumerate(elements):
        sx, sy, sz = _space_size(element, index)
        total += max(sx, 0) * max(sy, 0) * max(sz, 0)
        if total > MAX_VOXELS:
            raise PuzzleInputError(
                f"the shapes declare more than {MAX_VOXELS:,} voxels in all (shape {index} "
                f"is {sx}x{sy}x{sz}): more than a puzzle for this solver holds"
            )


def _voxel_space(element: ET.Element, index: int) -> VoxelSpace:
    where = f"shape {index}"
    sx, sy, sz = _space_size(element, index)
    text = np.frombuffer((element.text or "").encode("utf-8", "replace"), dtype=np.uint8)
    states = text[np.isin(text, _VOXEL_CODES)]  # a colour number after a voxel is skipped
    if states.size and states.size != sx * sy * sz:
        raise PuzzleInputError(f"{where}: {states.size} voxels given for a {sx}x{sy}x{sz} space")

    def voxels(code: bytes) -> tuple[Voxel, ...]:
        i = np.flatnonzero(states == code[0])
        xyz = np.stack([i % sx, (i // sx) % sy, i // (sx * sy)], axis=1)
        return tuple((x, y, z) for x, y, z in xyz.tolist())

    hx, hy, hz = (_int_attr(element, f"h{a}", where, 0) for a in "xyz")
    name = element.get("name") or f"S{index + 1}"
    paint = []
    if states.size and bytes(text[np.isin(text, _DIGITS)]):  # some voxel has a colour
        words = re.findall(r"[#_+]\d*", (element.text or "").replace(" ", ""))
        for i, word in enumerate(words):
            if len(word) > 1 and word[0] != "_" and int(word[1:]) > 0:
                paint.append(((i % sx, (i // sx) % sy, i // (sx * sy)), int(word[1:])))
    return VoxelSpace(name, (sx, sy, sz), voxels(b"#"), voxels(b"+"), (hx, hy, hz),
                      tuple(paint))  # fmt: skip


def read_xml(path: str | Path) -> ET.Element:
    """The XML of a gzipped (or plain) .xmpuzzle file, read within XMPUZZLE's bounds."""
    raw = read_limited(path, XMPUZZLE)
    if is_gzip(raw):
        raw = inflate(raw, path, XMPUZZLE)
    root = _parse_bounded(raw, path)
    if root.tag != "puzzle":
        raise PuzzleInputError(f"{path}: not a BurrTools puzzle file (no <puzzle>)")
    if root.get("version") not in ("1", "2"):
        raise PuzzleInputError(f"{path}: puzzle format version {root.get('version')} is unknown")
    return root


def _parse_bounded(raw: bytes, path: str | Path) -> ET.Element:
    """The XML tree, refused once it has more than MAX_ELEMENTS elements (counted as
    they are parsed, so a flood of tiny elements never builds a huge tree)."""
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
    elements: list[ET.Element] = []  # the first is the root; the rest only counted
    count = 0
    try:
        for start in range(0, len(raw), MB):
            parser.feed(raw[start : start + MB])
            for event in parser.read_events():  # "start" events only: (name, element)
                if not elements and isinstance(event[-1], ET.Element):
                    elements.append(event[-1])
                count += 1
            if count > MAX_ELEMENTS:
                raise PuzzleInputError(
                    f"{path}: more than {MAX_ELEMENTS:,} XML elements, more than a "
                    "BurrTools puzzle file for this solver holds"
                )
        parser.close()
    except ET.ParseError as exc:
        raise PuzzleInputError(f"{path}: not a BurrTools puzzle file ({exc})") from None
    if not elements:
        raise PuzzleInputError(f"{path}: not a BurrTools puzzle file (it is empty)")
    return elements[0]


def _problems(root: ET.Element) -> list[ET.Element]:
    problems = root.find("problems")
    return [] if problems is None else problems.findall("problem")


def problem_names(root: ET.Element) -> list[str]:
    return [p.get("name") or f"problem {i + 1}" for i, p in enumerate(_problems(root))]


def _pick_problem(root: ET.Element, problem: str | None) -> int:
    names = problem_names(root)
    if not names:
        raise PuzzleInputError("the file holds no problem")
    if problem is None:
        return 0
    if problem.isdigit() and 1 <= int(problem) <= len(names):
        return int(problem) - 1
    if problem in names:
        return names.index(problem)
    listed = ", ".join(f"{i + 1} {n!r}" for i, n in enumerate(names[:10]))
    more = ", ..." if len(names) > 10 else ""
    count = f"{len(names)} problem" + ("s" if len(names) != 1 else "")
    raise PuzzleInputError(
        f"no problem {problem!r}: the file has {count} (--problem 1..{len(names)} or a "
        f"name: {listed}{more})"
    )


def _piece_type(space: VoxelSpace, count: int, names: set[str], code: int) -> PieceType:
    """`code` (the number the slice view shows) is the piece's number in the problem."""
    if space.variable:
        raise PuzzleInputError(f"piece {space.name!r} has variable (+) voxels")
    if not space.filled:
        raise PuzzleInputError(f"piece {space.name!r} is empty")
    shape = normalize(space.filled)
    low = np.min(np.array(space.filled), axis=0)
    colours = tuple(space.colour((x + int(low[0]), y + int(low[1]), z + int(low[2])))
                    for x, y, z in shape) if space.paint else ()  # fmt: skip
    box = extent(shape)
    size = box if len(shape) == box[0] * box[1] * box[2] else None
    name = space.name
    while name in names or name == "hole":
        name += "'"
    names.add(name)
    if any(colours):
        size = None  # a coloured brick is placed by its voxels, not as a plain cuboid
    return PieceType(name=name, shape=shape, count=count, size=size, code=code,
                     colours=colours if any(colours) else ())  # fmt: skip


MAX_LISTED = 10_000  # choices of counts listed to see whether one alone fits


def puzzle_from_xml(
    root: ET.Element, problem: str | None = None, *, title: str = ""
) -> tuple[CubePuzzle, XmSource]:
    """One problem of a BurrTools file as a puzzle (`problem`: 1-based number or name;
    default the first)."""
    return puzzle_variants(root, problem, title=title)[0]


def puzzle_variants(
    root: ET.Element, problem: str | None = None, *, title: str = ""
) -> list[tuple[CubePuzzle, XmSource]]:
    """One problem of a BurrTools file as puzzles (a list of one: the solve command takes
    a list). When pieces may be used between `min` and `max` times it is a ranged puzzle
    (`CubePuzzle.minimum`), capped at the copies the result has room for."""
    grid = root.find("gridType")
    kind = 0 if grid is None else _int_attr(grid, "type", "gridType", 0)
    if kind != 0:
        raise PuzzleInputError(
            f"the puzzle is made of {GRIDS.get(kind, f'grid type {kind}')}: only cubes are solved"
        )
    shape_list = root.find("shapes")
    elements = [] if shape_list is None else shape_list.findall("voxel")
    _measure(elements)
    spaces = tuple(_voxel_space(e, i) for i, e in enumerate(elements))
    index = _pick_problem(root, problem)
    node = _problems(root)[index]
    pname = problem_names(root)[index]
    if node.get("maxHoles") is not None:
        raise PuzzleInputError(f"problem {pname!r}: a limit on holes (maxHoles) is not solved")
    pairs = _colour_pairs(node, pname)
    result = node.find("result")
    if result is None:
        raise PuzzleInputError(f"problem {pname!r} has no result shape")
    rid = _int_attr(result, "id", "result")
    if not 0 <= rid < len(spaces):
        raise PuzzleInputError(f"problem {pname!r}: result shape {rid} does not exist")
    raw = _slots(node, spaces, pname)  # as the file says (a solution written lists `max`)
    target = spaces[rid]
    cells = target.filled + target.variable
    if not cells:
        raise PuzzleInputError(f"problem {pname!r}: the result shape is empty")
    need, room = len(target.filled), len(cells)
    # a piece never has more copies than the result has room for
    slots = [(sid, low, max(low, min(high, room // max(len(spaces[sid].filled), 1))))
             for sid, low, high in raw]  # fmt: skip
    volumes = [len(spaces[sid].filled) for sid, _, _ in slots]
    fewest = sum(low * v for (_, low, _), v in zip(slots, volumes, strict=True))
    most = sum(high * v for (_, _, high), v in zip(slots, volumes, strict=True))
    if most < need:
        raise PuzzleInputError(
            f"problem {pname!r}: the pieces have at most {most} cells, the result needs at "
            f"least {need}"
        )
    if fewest > room:
        raise PuzzleInputError(
            f"problem {pname!r}: no choice of piece counts fits the result's {room} cells"
        )
    counts = tuple(high for _, _, high in slots)
    sizes = [high - low + 1 for _, low, high in slots]
    if np.prod(sizes, dtype=np.float64) <= MAX_LISTED:  # few choices: is one alone left?
        fitting = [
            c
            for c in itertools.product(*(range(lo, hi + 1) for _, lo, hi in slots))
            if need <= sum(n * v for n, v in zip(c, volumes, strict=True)) <= room
        ]
        if not fitting:
            raise PuzzleInputError(
                f"problem {pname!r}: no choice of piece counts fits the result's {room} cells"
            )
        if len(fitting) == 1:  # fixed counts after all
            counts = fitting[0]
            slots = [(sid, n, n) for (sid, _, _), n in zip(slots, counts, strict=True)]
    lows = None if all(low == high for _, low, high in slots) else tuple(lo for _, lo, _ in slots)
    return [_variant(root, spaces, raw, counts, target, index, pname, title or pname, pairs,
                     lows)]  # fmt: skip


def _colour_pairs(node: ET.Element, pname: str) -> frozenset[tuple[int, int]]:
    """The problem's colour constraints (`<bitmap>`): the (piece colour, result colour)
    pairs allowed, colours numbered from 1 (the file counts them from 0)."""
    bitmap = node.find("bitmap")
    pairs = set()
    for pair in [] if bitmap is None else bitmap.findall("pair"):
        piece = _int_attr(pair, "piece", f"problem {pname!r}: a colour pair")
        result = _int_attr(pair, "result", f"problem {pname!r}: a colour pair")
        if min(piece, result) < 0:
            raise PuzzleInputError(f"problem {pname!r}: colour pair {piece}, {result}")
        pairs.add((piece + 1, result + 1))
    return frozenset(pairs)


def _slots(node: ET.Element, spaces: tuple[VoxelSpace, ...], pname: str
           ) -> list[tuple[int, int, int]]:  # fmt: skip
    """(shape id, fewest, most copies) of each piece of the problem, in its order."""
    parts = node.find("shapes")
    slots = []
    for part in [] if parts is None else parts.findall("shape"):
        sid = _int_attr(part, "id", "a piece")
        if not 0 <= sid < len(spaces):
            raise PuzzleInputError(f"problem {pname!r}: piece shape {sid} does not exist")
        if part.get("count") is None and part.get("min") is not None:
            low, high = _int_attr(part, "min", "a piece"), _int_attr(part, "max", "a piece")
            if not 0 <= low <= high:
                raise PuzzleInputError(
                    f"problem {pname!r}: piece {spaces[sid].name!r} has min {low}, max {high}"
                )
        else:
            low = high = _int_attr(part, "count", "a piece", 1)
        slots.append((sid, low, high))
    if not any(high > 0 for _, _, high in slots):
        raise PuzzleInputError(f"problem {pname!r} has no pieces")
    return slots


def _variant(
    root: ET.Element,
    spaces: tuple[VoxelSpace, ...],
    slots: list[tuple[int, int, int]],
    counts: tuple[int, ...],
    target: VoxelSpace,
    index: int,
    pname: str,
    title: str,
    pairs: frozenset[tuple[int, int]] = frozenset(),
    lows: tuple[int, ...] | None = None,
) -> tuple[CubePuzzle, XmSource]:
    """The puzzle of one choice of counts, or with `lows`, of every choice at once (each
    piece between lows[i] and counts[i] copies: a ranged puzzle)."""
    types: list[PieceType] = []
    type_shape: list[int] = []
    minimum: list[int] | None = None if lows is None else []
    names: set[str] = set()
    for k, ((sid, _, _), count) in enumerate(zip(slots, counts, strict=True)):
        if count > 0:
            types.append(_piece_type(spaces[sid], count, names, len(types) + 1))
            type_shape.append(sid)
            if minimum is not None and lows is not None:
                minimum.append(lows[k])
    if not types:
        raise PuzzleInputError(f"problem {pname!r} has no pieces")
    cells = target.filled + target.variable
    low = np.min(np.array(cells), axis=0)
    high = np.max(np.array(cells), axis=0)
    box = tuple(int(v) for v in high - low + 1)
    if max(box) > MAX_BOX_SIDE:
        raise PuzzleInputError(f"problem {pname!r}: the result is larger than {MAX_BOX_SIDE} cells")

    def index_of(v: Voxel) -> int:
        x, y, z = (int(a - b) for a, b in zip(v, low, strict=True))
        return x + box[0] * (y + box[1] * z)

    shape = frozenset(index_of(v) for v in cells)
    optional = frozenset(index_of(v) for v in target.variable)
    volume = sum(t.volume * t.count for t in types)
    if minimum is None and volume < len(shape) - len(optional):
        raise PuzzleInputError(
            f"problem {pname!r}: the pieces have {volume} cells, the result needs at least "
            f"{len(shape) - len(optional)}"
        )
    try:
        cell_colours = [0] * (box[0] * box[1] * box[2])
        for voxel, colour in target.paint:
            cell_colours[index_of(voxel)] = colour
        puzzle = make_puzzle(box, types, title=title, allow_holes=True, shape=shape,
                             optional=optional, cell_colours=tuple(cell_colours),
                             colour_pairs=pairs, minimum=minimum)  # fmt: skip
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"problem {pname!r}: {exc}") from None
    offset = tuple(int(v) for v in low)
    most = tuple((sid, high) for sid, _, high in slots)
    source = XmSource(root, index, spaces, tuple(type_shape), offset, most)  # type: ignore[arg-type]
    return puzzle, source


def load_xmpuzzle(path: str | Path, problem: str | None = None) -> tuple[CubePuzzle, XmSource]:
    root = read_xml(path)
    try:
        return puzzle_from_xml(root, problem)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{Path(path).name}: {exc}") from None


def load_xmpuzzle_variants(
    path: str | Path, problem: str | None = None
) -> list[tuple[CubePuzzle, XmSource]]:
    """A problem as a list of one puzzle (see `puzzle_variants`)."""
    root = read_xml(path)
    try:
        return puzzle_variants(root, problem)
    except PuzzleInputError as exc:
        raise PuzzleInputError(f"{Path(path).name}: {exc}") from None


# --- writing -------------------------------------------------------------------------------


def _moved(space: VoxelSpace, t: int) -> tuple[np.ndarray, np.ndarray]:
    """The piece's filled voxels and hotspot after BurrTools' transformation t."""
    m = ROTATIONS_BT[t]
    corner = m @ (np.array(space.size) - 1)
    shift = -np.minimum(corner, 0)
    cells = np.array(space.filled, dtype=np.int64) @ m.T + shift
    return cells, m @ np.array(space.hotspot) + shift


@dataclasses.dataclass(frozen=True)
class _Pose:
    t: int
    delta: np.ndarray  # X Y Z = box origin + our min corner + delta


def _poses(ptype: PieceType, space: VoxelSpace, offset: Voxel) -> list[_Pose]:
    """For each of our orientations of the piece: BurrTools' t and the shift from our
    min corner to its X Y Z."""
    found: dict[_PaintedShape, _Pose] = {}
    paint = [space.colour(v) for v in space.filled]
    for t in range(24):
        cells, hot = _moved(space, t)
        low = cells.min(axis=0)
        key = _painted((cells - low).tolist(), paint)
        if key not in found:
            found[key] = _Pose(t, np.array(offset) - low + hot)
    pairs = zip(ptype.orientations, ptype.orientation_colours, strict=True)
    return [found[_painted(o, colours)] for o, colours in pairs]


_PaintedShape = tuple[tuple[int, int, int, int], ...]  # (x, y, z, colour) of each voxel


def _painted(cells: Sequence[Sequence[int]], colours: Sequence[int]) -> _PaintedShape:
    """A shape with its voxels' colours, as one key: a turn that keeps the cells but moves
    the colours is another orientation of a coloured piece."""
    return tuple(sorted((int(v[0]), int(v[1]), int(v[2]), int(c))
                        for v, c in zip(cells, colours, strict=True)))  # fmt: skip


def _assembly(puzzle: CubePuzzle, source: XmSource, poses: list[list[_Pose]],
              solution: Sequence[tuple[int, int]]) -> str:  # fmt: skip
    space = Space(puzzle.box, 0)
    per_type: list[list[tuple[int, int, int, int]]] = [[] for _ in source.type_shape]
    for t, pose in solution:
        if t >= len(per_type):
            continue  # an empty cell
        orient, x, y, z = space.unpack_pose(pose)
        p = poses[t][orient]
        bx, by, bz = (int(v) for v in p.delta + (x, y, z))
        per_type[t].append((p.t, bx, by, bz))
    words = []
    if not source.slots:
        for entries in per_type:
            words += [f"{bx} {by} {bz} {t}" for t, bx, by, bz in sorted(entries)]
        return " ".join(words)
    for sid, most in source.slots:  # every copy a piece may have: "x" when it is not used
        entries = per_type[source.type_shape.index(sid)] if sid in source.type_shape else []
        words += [f"{bx} {by} {bz} {t}" for t, bx, by, bz in sorted(entries)]
        words += ["x"] * (most - len(entries))
    return " ".join(words)


def write_solutions(
    puzzle: CubePuzzle,
    source: XmSource,
    solutions: Sequence[object],
    path: str | Path,
    *,
    count: int,
    complete: bool,
    seconds: float,
) -> None:
    """The source file with these solutions in its problem, gzipped (as BurrTools saves)."""
    root = ET.fromstring(ET.tostring(source.root))  # a copy: the source stays as it was
    node = _problems(root)[source.problem]
    for old in node.findall("solutions"):
        node.remove(old)
    for name in ("assemblies", "solutions", "time"):
        node.attrib.pop(name, None)
    node.set("state", "2" if complete else "0")
    if complete:
        node.set("assemblies", str(count))
        node.set("solutions", "0")
        node.set("time", str(int(seconds)))
    poses = [
        _poses(puzzle.types[t], source.shapes[sid], source.offset)
        for t, sid in enumerate(source.type_shape)
    ]
    listed = ET.SubElement(node, "solutions")
    for k, solution in enumerate(solutions):
        entry = ET.SubElement(listed, "solution", {"asmNum": str(k)})
        pieces = solution.pieces  # type: ignore[attr-defined]
        ET.SubElement(entry, "assembly").text = _assembly(puzzle, source, poses, pieces)
    ET.indent(root, space=" ")
    text = '<?xml version="1.0"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
    with open_output(path, "wb") as out:
        out.write(gzip.compress(text.encode("utf-8"), mtime=0))


def _voxel_text(size: Voxel, filled: set[Voxel], variable: set[Voxel] = frozenset()) -> str:  # type: ignore[assignment]
    sx, sy, sz = size
    chars = []
    for z, y, x in itertools.product(range(sz), range(sy), range(sx)):
        chars.append("#" if (x, y, z) in filled else "+" if (x, y, z) in variable else "_")
    return "".join(chars)


def puzzle_to_xml(puzzle: CubePuzzle, *, comment: str = "") -> tuple[ET.Element, XmSource]:
    """A BurrTools file of one problem for any of our puzzles: the result (the box, or its
    shape; cells that may stay empty as `+`, all of them when empty cells may go anywhere)
    and each piece type in its reference orientation with its count."""
    root = ET.Element("puzzle", {"version": "2"})
    ET.SubElement(root, "gridType", {"type": "0"})
    ET.SubElement(root, "colors")
    shapes = ET.SubElement(root, "shapes")
    inside = {puzzle.cell_xyz(int(c)) for c in np.flatnonzero(puzzle.inside)}
    if puzzle.optional:
        variable = {puzzle.cell_xyz(c) for c in puzzle.optional}
    else:
        variable = inside if puzzle.holes else set()
    sx, sy, sz = puzzle.box
    result = ET.SubElement(shapes, "voxel", {"x": str(sx), "y": str(sy), "z": str(sz),
                                             "name": "Result", "type": "0"})  # fmt: skip
    result.text = _voxel_text(puzzle.box, inside - variable, variable)
    spaces = [VoxelSpace("Result", puzzle.box, tuple(sorted(inside - variable)),
                         tuple(sorted(variable)))]  # fmt: skip
    real = [t for t in puzzle.types if not t.is_hole]
    for ptype in real:
        size = extent(ptype.shape)
        element = ET.SubElement(shapes, "voxel", {"x": str(size[0]), "y": str(size[1]),
                                                  "z": str(size[2]), "name": ptype.name,
                                                  "type": "0"})  # fmt: skip
        element.text = _voxel_text(size, set(ptype.shape))
        spaces.append(VoxelSpace(ptype.name, size, ptype.shape, ()))
    problems = ET.SubElement(root, "problems")
    problem = ET.SubElement(problems, "problem", {"name": puzzle.title or "Problem", "state": "0"})
    parts = ET.SubElement(problem, "shapes")
    for k, ptype in enumerate(real):
        ET.SubElement(parts, "shape", {"id": str(k + 1), "count": str(ptype.count)})
    ET.SubElement(problem, "result", {"id": "0"})
    ET.SubElement(problem, "bitmap")
    if comment:
        ET.SubElement(root, "comment").text = comment
    source = XmSource(root, 0, tuple(spaces), tuple(range(1, len(real) + 1)), (0, 0, 0))
    return root, source


# --- reading solutions back ------------------------------------------------------------------


def read_solutions(
    puzzle: CubePuzzle, source: XmSource
) -> list[list[tuple[int, tuple[Voxel, ...]]]]:
    """The saved solutions of the source's problem: per solution, (type, cells in our box)
    of each placed piece, decoded the way BurrTools places pieces."""
    node = _problems(source.root)[source.problem]
    slots = [(t, sid, puzzle.types[t].count) for t, sid in enumerate(source.type_shape)]
    if source.slots:  # every copy a piece may have (our type, or -1 if none is used)
        slots = [(source.type_shape.index(sid) if sid in source.type_shape else -1, sid, most)
                 for sid, most in source.slots]  # fmt: skip
    out = []
    for entry in node.iter("assembly"):
        placed = decode_assembly(entry.text or "", [(sid, copies) for _, sid, copies in slots],
                                 source.shapes)  # fmt: skip
        pieces: list[tuple[int, tuple[Voxel, ...]]] = []
        for slot, cells in placed:
            moved = cells - np.array(source.offset)
            voxels = sorted((int(x), int(y), int(z)) for x, y, z in moved)
            pieces.append((slots[slot][0], tuple(voxels)))
        out.append(pieces)
    return out


def decode_assembly(
    text: str, slots: Sequence[tuple[int, int]], shapes: Sequence[VoxelSpace]
) -> list[tuple[int, np.ndarray]]:
    """An `<assembly>`'s pieces as (index into `slots`, voxels in the result's voxel space):
    `slots` lists (shape id, copies) in problem order; a copy is `X Y Z t`, or `x` when a
    count range leaves it out."""
    words = text.split()
    out = []
    i = 0
    for slot, (sid, copies) in enumerate(slots):
        for _ in range(copies):
            if i >= len(words):
                raise PuzzleInputError("a saved assembly has too few pieces")
            if words[i] == "x":
                i += 1
                continue
            bx, by, bz, rot = (int(v) for v in words[i : i + 4])
            i += 4
            if not 0 <= rot < 24:
                raise PuzzleInputError(f"a saved assembly mirrors a piece (t={rot})")
            cells, hot = _moved(shapes[sid], rot)
            out.append((slot, cells - hot + (bx, by, bz)))
    if i != len(words):
        raise PuzzleInputError("a saved assembly has more pieces than the problem")
    return out

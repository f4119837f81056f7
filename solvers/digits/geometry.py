"""The triangle grid: squares cut by both diagonals into four triangles L, B, R, T.

The post's data cuts every 2x2 block of the picture's grid by both diagonals and numbers the
four triangles counter-clockwise from 9 o'clock: 1 = L(eft), 2 = B(ottom), 4 = R(ight),
8 = T(op). The same cut works on a grid of any square size: we use it on blocks (the post's
grid, 396 triangles in the 9 x 11 frame) and on the unit squares of the picture (half a block,
needed when pieces may move by one grid square: 1584 quarter triangles).

Coordinates: x to the right, y DOWN (the only reading under which the data's triangles join
up). A cell is the triple (x, y, side) with side 0..3 = L, B, R, T, so `1 << side` is the
post's bit. Everything here is exact integer arithmetic: a triangle is located by its
centroid, measured in sixths of a square, which no diagonal ever passes through.
"""

from __future__ import annotations

from collections.abc import Iterable

L, B, R, T = 0, 1, 2, 3
SIDE_NAMES = "LBRT"
SIDE_OF_NAME = {name: side for side, name in enumerate(SIDE_NAMES)}

Cell = tuple[int, int, int]  # (x, y, side)

# Centroids of the four triangles of the square [0,1]^2, in sixths of a square.
_CENTROID_SIXTHS = {L: (1, 3), B: (3, 5), R: (5, 3), T: (3, 1)}

# Corners of each triangle of the unit square, in the order that draws it counter-clockwise
# on screen (y down): the two corners of its outer edge, then the square's centre.
_CORNERS = {
    L: ((0.0, 0.0), (0.0, 1.0)),
    B: ((0.0, 1.0), (1.0, 1.0)),
    R: ((1.0, 1.0), (1.0, 0.0)),
    T: ((1.0, 0.0), (0.0, 0.0)),
}


def centroid_sixths(cell: Cell) -> tuple[int, int]:
    """The centroid of `cell`, in sixths of a square of its grid."""
    x, y, side = cell
    cx, cy = _CENTROID_SIXTHS[side]
    return 6 * x + cx, 6 * y + cy


def cell_at_sixths(px: int, py: int) -> Cell:
    """The triangle whose interior holds the point (px/6, py/6) of the square grid."""
    x, lx = divmod(px, 6)
    y, ly = divmod(py, 6)
    dx, dy = lx - 3, ly - 3
    if abs(dx) == abs(dy):
        raise ValueError(f"point ({px}/6, {py}/6) lies on a diagonal")
    if abs(dx) > abs(dy):
        return (x, y, L if dx < 0 else R)
    return (x, y, T if dy < 0 else B)


# The eight symmetries of the square grid, numbered 4 * flip + rot: first mirror left-right
# if `flip`, then turn clockwise on screen by 90 degrees `rot` times. As 2x2 integer matrices
# acting on column vectors (x, y) with y down.
def symmetry_matrix(index: int) -> tuple[int, int, int, int]:
    """(a, b, c, d) with x' = a x + b y, y' = c x + d y for symmetry `index` in 0..7."""
    flip, rot = divmod(index, 4)
    a, b, c, d = (-1, 0, 0, 1) if flip else (1, 0, 0, 1)
    for _ in range(rot):
        # A clockwise quarter turn on screen (y down) sends (x, y) to (-y, x).
        a, b, c, d = -c, -d, a, b
    return a, b, c, d


def symmetry_angle_and_flip(index: int) -> tuple[int, bool]:
    """The clockwise screen angle in degrees and whether a left-right mirror comes first."""
    flip, rot = divmod(index, 4)
    return 90 * rot, bool(flip)


def transform_cells(cells: Iterable[Cell], index: int) -> list[Cell]:
    """Apply symmetry `index` about the origin (the result may have negative coordinates)."""
    a, b, c, d = symmetry_matrix(index)
    out = []
    for cell in cells:
        px, py = centroid_sixths(cell)
        out.append(cell_at_sixths(a * px + b * py, c * px + d * py))
    return out


def normalized(cells: Iterable[Cell]) -> tuple[tuple[Cell, ...], int, int]:
    """Shift cells so that the smallest x and y are 0; return them sorted and the shift."""
    cells = list(cells)
    dx = -min(c[0] for c in cells)
    dy = -min(c[1] for c in cells)
    return tuple(sorted((x + dx, y + dy, s) for x, y, s in cells)), dx, dy


def refine_to_unit_squares(cells: Iterable[Cell]) -> list[Cell]:
    """Block triangles -> the four quarter triangles of unit squares (half blocks) in each.

    A block triangle has the area of one unit square; it is made of four quarter triangles
    of the unit grid, the ones whose centroids it contains.
    """
    wanted = set(cells)
    out = []
    for bx, by, _ in {(x, y, 0) for x, y, _ in wanted}:
        for ux in (2 * bx, 2 * bx + 1):
            for uy in (2 * by, 2 * by + 1):
                for side in range(4):
                    # Sixths of a unit square are twelfths of a block.
                    cx, cy = centroid_sixths((ux, uy, side))
                    block_cell = _block_cell_of_twelfths(cx, cy)
                    if block_cell in wanted:
                        out.append((ux, uy, side))
    return sorted(out)


def _block_cell_of_twelfths(px: int, py: int) -> Cell:
    """The block triangle holding the point (px/12, py/12) in block units."""
    x, lx = divmod(px, 12)
    y, ly = divmod(py, 12)
    dx, dy = lx - 6, ly - 6
    if abs(dx) > abs(dy):
        return (x, y, L if dx < 0 else R)
    return (x, y, T if dy < 0 else B)


def triangle_corners(
    cell: Cell, square: float = 1.0, origin: tuple[float, float] = (0.0, 0.0)
) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The three corners of `cell` for a grid of squares of size `square` (y down).

    Use square=1.0 for block cells and square=0.5 for unit-square cells to get block units.
    """
    x, y, side = cell
    (ax, ay), (bx, by) = _CORNERS[side]
    ox, oy = origin
    return (
        (ox + (x + ax) * square, oy + (y + ay) * square),
        (ox + (x + bx) * square, oy + (y + by) * square),
        (ox + (x + 0.5) * square, oy + (y + 0.5) * square),
    )


def edge_neighbours(cell: Cell) -> list[Cell]:
    """The three triangles that share an edge with `cell` (two in its square, one beyond)."""
    x, y, side = cell
    inside = [(x, y, (side + 1) % 4), (x, y, (side + 3) % 4)]
    beyond = {L: (x - 1, y, R), B: (x, y + 1, T), R: (x + 1, y, L), T: (x, y - 1, B)}[side]
    return [*inside, beyond]

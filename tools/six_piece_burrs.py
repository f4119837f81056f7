"""Write the classic six-piece burrs shipped in assets/puzzles/cube as BurrTools files.

    python tools/six_piece_burrs.py     # (re)writes the .xmpuzzle files of BURRS

A six-piece burr is six 2x2xL sticks, two along each axis, crossing in the middle of an
LxLxL box (the "knot"). Burr collectors name a stick by a number n from 1 to 4096: the bits
of n - 1 say which of its 12 inner unit cubes are cut away (bits 0-3: the upper front row
of the middle four, 4-7: the upper back row, 8-9: the lower front middle two, 10-11: the
lower back middle two; 1 is the solid key). The numbering here is the one of the collectors'
sets (the 25 notchable sticks are 1, 18, 35, 52, 103, 120, 256, 86, 154, 188, 871, 928,
1024, 359, 615, 792, 911, 824, 975, 856, 943, 888, 1007, 960, 992); a burr written from it
gives the published counts (RESULTS below), which is how it was checked.

The result is the knot: the 32 inner cells, where sticks cross, may stay empty (BurrTools'
`+`), as in BurrTools' burr examples, since a holey burr leaves some of them empty; every
other cell of the knot is filled.
"""

from __future__ import annotations

import gzip
import itertools
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "assets" / "puzzles" / "cube"
Voxel = tuple[int, int, int]

# name: (title, stick length, stick numbers, what the literature says of it)
BURRS: dict[str, tuple[str, int, tuple[int, ...], str]] = {
    "loves-dozen": (
        "Love's Dozen (Bruce Love, 1987)",
        6,
        (88, 512, 704, 960, 992, 1008),
        "154 assemblies, 90 solutions; one solution needs 12 moves to free the first piece "
        "(level 12.3), the most any six-piece burr needs (Bill Cutler's analysis)",
    ),
    "computers-choice-unique-10": (
        "Computer's Choice Unique 10 (Bill Cutler)",
        8,
        (624, 702, 768, 883, 1015, 1024),
        "7 assemblies and a unique solution of level 10, the highest level of a six-piece "
        "burr with a unique solution (Bill Cutler's analysis)",
    ),
}


def stick(number: int, length: int) -> set[Voxel]:
    """The cubes of stick `number` lying along x: x 0..length-1, y and z 0..1."""
    bits, mid = number - 1, length // 2
    cut = set()
    for i in range(4):
        if bits >> i & 1:
            cut.add((mid - 2 + i, 0, 1))
        if bits >> (i + 4) & 1:
            cut.add((mid - 2 + i, 1, 1))
    for i in range(2):
        if bits >> (i + 8) & 1:
            cut.add((mid - 1 + i, 0, 0))
        if bits >> (i + 10) & 1:
            cut.add((mid - 1 + i, 1, 0))
    whole = itertools.product(range(length), range(2), range(2))
    return {v for v in whole if v not in cut}


def knot(length: int) -> tuple[set[Voxel], set[Voxel]]:
    """The knot's cells, and those of them where two sticks' boxes cross."""
    mid, span = length // 2, range(length)
    covered: Counter[Voxel] = Counter()
    for a in (mid - 2, mid):
        pair = (a, a + 1)
        for u, v, w in itertools.product(span, (mid - 1, mid), pair):
            covered.update([(u, v, w), (w, u, v), (v, w, u)])
    return set(covered), {c for c, k in covered.items() if k > 1}


def _voxels(size: Voxel, filled: set[Voxel], variable: set[Voxel] | None = None) -> str:
    sx, sy, sz = size
    optional = variable or set()
    return "".join(
        "#" if (x, y, z) in filled else "+" if (x, y, z) in optional else "_"
        for z, y, x in itertools.product(range(sz), range(sy), range(sx))
    )


def burr_xml(title: str, length: int, numbers: tuple[int, ...], comment: str) -> str:
    cells, inner = knot(length)
    shapes = [
        f'  <voxel x="{length}" y="{length}" z="{length}" name="Knot" type="0">'
        f"{_voxels((length,) * 3, cells - inner, inner)}</voxel>"
    ]
    parts = []
    for k, (number, count) in enumerate(Counter(numbers).items()):
        shapes.append(
            f'  <voxel x="{length}" y="2" z="2" name="stick {number}" type="0">'
            f"{_voxels((length, 2, 2), stick(number, length))}</voxel>"
        )
        parts.append(f'    <shape id="{k + 1}" count="{count}"/>')
    return "\n".join([
        '<?xml version="1.0"?>',
        '<puzzle version="2">',
        ' <gridType type="0"/>',
        " <colors/>",
        " <shapes>", *shapes, " </shapes>",
        " <problems>",
        f'  <problem name="{title}" state="0">',
        "   <shapes>", *parts, "   </shapes>",
        '   <result id="0"/>',
        "   <bitmap/>",
        "  </problem>",
        " </problems>",
        f" <comment>{title}: {comment}.</comment>",
        "</puzzle>",
        "",
    ])  # fmt: skip


def main() -> None:
    for name, (title, length, numbers, comment) in BURRS.items():
        text = burr_xml(title, length, numbers, comment)
        (FOLDER / f"{name}.xmpuzzle").write_bytes(gzip.compress(text.encode(), mtime=0))
        print(f"wrote {name}.xmpuzzle")


if __name__ == "__main__":
    main()

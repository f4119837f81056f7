"""Assemblies saved in a BurrTools file, ready to take apart, and BurrTools' own verdicts.

A solved .xmpuzzle keeps, per problem, its `<solution>`s: an `<assembly>` (per piece slot in
problem order, `X Y Z t`, or `x` for a copy a count range leaves out) and, for a solution,
the separation tree BurrTools found: either whole (`<separation>`, one `<state>` per
position, sub-trees typed "left" and "removed") or compact (`<separationInfo>`: the moves
of each separation plus one, pre-order, the staying part before the removed one, 0 for a
part that needs none). Both reduce to that compact list, which `separation_info` also
makes of ours, so a test compares trees, not only level strings.

Piece weights (`weight=` on a shape) and groups (`group=` on a problem's shape) come along:
the disassembler honours both as BurrTools does.
"""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
from puzzleviz.solvers.cube.disassembly.search import Separation
from puzzleviz.solvers.cube.xmpuzzle import (
    _pick_problem,
    _problems,
    _voxel_space,
    decode_assembly,
    read_xml,
)
from puzzleviz.solvers.errors import PuzzleInputError


@dataclasses.dataclass(frozen=True)
class SavedAssembly:
    """One saved assembly: each placed piece's voxels (the result's coordinates), its
    shape id, weight and group, and BurrTools' separation tree if it saved one."""

    pieces: tuple[np.ndarray, ...]
    shapes: tuple[int, ...]
    weights: tuple[int, ...]
    groups: tuple[int, ...]
    info: tuple[int, ...] | None


def separation_info(sep: Separation | None) -> tuple[int, ...]:
    """BurrTools' compact tree: moves + 1 of each separation, pre-order, 0 for none."""
    if sep is None:
        return (0,)
    return (len(sep.moves) + 1, *separation_info(sep.left), *separation_info(sep.removed))


def _tree_info(node: ET.Element) -> tuple[int, ...]:
    out: tuple[int, ...] = (len(node.findall("state")),)
    for kind in ("left", "removed"):
        sub = [s for s in node.findall("separation") if s.get("type") == kind]
        out += _tree_info(sub[0]) if sub else (0,)
    return out


def _saved_info(solution: ET.Element) -> tuple[int, ...] | None:
    tree = solution.find("separation")
    if tree is not None:
        return _tree_info(tree)
    compact = solution.find("separationInfo")
    if compact is not None and compact.text:
        return tuple(int(v) for v in compact.text.split())
    return None


def saved_assemblies(path: str | Path, problem: str | None = None) -> list[SavedAssembly]:
    """The assemblies saved with one problem of the file (the first by default; a number
    from 1 or a name), in file order."""
    root = read_xml(path)
    shapes_node = root.find("shapes")
    voxels = [] if shapes_node is None else shapes_node.findall("voxel")
    spaces = [_voxel_space(v, i) for i, v in enumerate(voxels)]
    weights = [int(v.get("weight", "1")) for v in voxels]
    node = _problems(root)[_pick_problem(root, problem)]
    slots: list[tuple[int, int]] = []  # (shape id, copies) of each problem piece
    group_of: list[int] = []
    for shape in node.iter("shape"):
        sid = int(shape.get("id", "-1"))
        if not 0 <= sid < len(spaces):
            raise PuzzleInputError(f"a problem's piece names shape {sid}, which is not there")
        slots.append((sid, int(shape.get("count") or shape.get("max") or "1")))
        group_of.append(int(shape.get("group", "0")))
    out = []
    for solution in node.iter("solution"):
        assembly = solution.find("assembly")
        placed = decode_assembly("" if assembly is None else assembly.text or "", slots, spaces)
        ids = tuple(slots[slot][0] for slot, _ in placed)
        out.append(SavedAssembly(tuple(cells for _, cells in placed), ids,
                                 tuple(weights[s] for s in ids),
                                 tuple(group_of[slot] for slot, _ in placed),
                                 _saved_info(solution)))  # fmt: skip
    return out

"""The assembly of one filling, replayed layer by layer from the bottom up.

One step per piece (empty cells of a puzzle with holes are not pieces: they stay empty),
captioned "Layer z=0: 2x2x3 #1 standing at x 0..1, y 0..1, z 0..2";
a "layer" milestone when the pieces starting in a layer are all in, and a "solution"
milestone when the box is full. Pieces of a type are numbered in the order they are laid.
"""

from __future__ import annotations

from collections import Counter

from solvers.cube.model import CubeModel, Place, where
from solvers.cube.puzzle import CubePuzzle
from solvers.cube.solution import PlacedPiece, Solution, assembly_order, solution_pieces
from solvers.trace import Trace
from solvers.tracer import RecordingTracer, Tracer

ASSEMBLY_COUNTERS = ("placed", "layer")


def assembly_pieces(puzzle: CubePuzzle, solution: Solution) -> list[PlacedPiece]:
    """The filling's pieces in assembly order, renumbered within each type in that order."""
    model = CubeModel(puzzle, 0)
    real = [p for p in solution_pieces(puzzle, solution) if not puzzle.types[p.type].is_hole]
    ordered = assembly_order(real)
    used: Counter[int] = Counter()
    pieces = []
    for piece in ordered:
        instance = int(puzzle.first_instance[piece.type]) + used[piece.type]
        used[piece.type] += 1
        pose = model.space.pose(piece.orient, *piece.origin)
        pieces.append(model.piece_at(instance, pose))
    return pieces


def record_assembly(puzzle: CubePuzzle, solution: Solution, tracer: Tracer) -> None:
    model = CubeModel(puzzle, 0)
    pieces = assembly_pieces(puzzle, solution)
    for i, piece in enumerate(pieces):
        layer = piece.low[2]
        tracer.count(placed=i + 1, layer=layer)
        tracer.step(f"Layer z={layer}: {piece.label} {where(piece)}")
        tracer.emit(Place(piece.instance, model.space.pose(piece.orient, *piece.origin)))
        last_of_layer = i + 1 == len(pieces) or pieces[i + 1].low[2] != layer
        if last_of_layer:
            n = sum(1 for p in pieces if p.low[2] == layer)
            tracer.milestone("layer", f"Layer z={layer} done: {n} pieces start there")
    if puzzle.holes:
        text = f"All {len(pieces)} pieces are in; {puzzle.holes} cells stay empty"
    else:
        text = f"The box is full: {len(pieces)} pieces, every cell covered once"
    tracer.milestone("solution", text)


def assembly_trace(puzzle: CubePuzzle, solution: Solution, *, params: dict | None = None) -> Trace:
    tracer = RecordingTracer(
        CubeModel(puzzle, 0),
        solver="cube.assembly",
        params=params or {},
        counters=ASSEMBLY_COUNTERS,
    )
    record_assembly(puzzle, solution, tracer)
    return tracer.finish()

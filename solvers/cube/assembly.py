"""The assembly of one filling, replayed layer by layer from the bottom up.

One step per piece (empty cells of a puzzle with holes are not pieces: they stay empty),
captioned "Layer z=0: 2x2x3 #1 standing at x 0..1, y 0..1, z 0..2";
a "layer" milestone when the pieces starting in a layer are all in, and a "solution"
milestone when the box is full. Pieces of a type are numbered in the order they are laid.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from puzzleviz.solvers.cube.model import CubeModel, Place, posture, spans
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.solution import PlacedPiece, Solution, assembly_order, solution_pieces
from puzzleviz.solvers.i18n import N_, msg, nmsg
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer, Tracer

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


_POSTURES = {  # model.posture's words, as whole captions (solvers.i18n)
    "": N_("Layer z={layer}: {piece} at {spans}"),
    "flat": N_("Layer z={layer}: {piece} flat at {spans}"),
    "standing": N_("Layer z={layer}: {piece} standing at {spans}"),
    "on edge across": N_("Layer z={layer}: {piece} on edge across {axis} at {spans}"),
    "lying along": N_("Layer z={layer}: {piece} lying along {axis} at {spans}"),
}


def _layer_caption(layer: int, piece: PlacedPiece) -> str:
    """'Layer z=0: 1x2x4 lying along x at x 0..3, y 0..1, z 0' as one message."""
    words = posture(piece).split()
    axis = words.pop() if words and words[-1] in ("x", "y", "z") else ""
    template = _POSTURES[" ".join(words)]
    return msg(template, layer=layer, piece=piece.label, axis=axis, spans=spans(piece))


def record_assembly(puzzle: CubePuzzle, solution: Solution, tracer: Tracer) -> None:
    model = CubeModel(puzzle, 0)
    pieces = assembly_pieces(puzzle, solution)
    for i, piece in enumerate(pieces):
        layer = piece.low[2]
        tracer.count(placed=i + 1, layer=layer)
        tracer.step(_layer_caption(layer, piece))
        tracer.emit(Place(piece.instance, model.space.pose(piece.orient, *piece.origin)))
        last_of_layer = i + 1 == len(pieces) or pieces[i + 1].low[2] != layer
        if last_of_layer:
            n = sum(1 for p in pieces if p.low[2] == layer)
            done = nmsg("Layer z={layer} done: {n} piece starts there",
                        "Layer z={layer} done: {n} pieces start there", n, layer=layer)  # fmt: skip
            tracer.milestone("layer", done)
    if puzzle.holes:
        text = msg("All {pieces} pieces are in; {holes} cells stay empty",
                   pieces=len(pieces), holes=puzzle.holes)  # fmt: skip
    else:
        text = msg("The box is full: {pieces} pieces, every cell covered once", pieces=len(pieces))
    tracer.milestone("solution", text)


def assembly_trace(
    puzzle: CubePuzzle, solution: Solution, *, params: dict[str, Any] | None = None
) -> Trace:
    tracer = RecordingTracer(
        CubeModel(puzzle, 0),
        solver="cube.assembly",
        params=params or {},
        counters=ASSEMBLY_COUNTERS,
    )
    record_assembly(puzzle, solution, tracer)
    return tracer.finish()

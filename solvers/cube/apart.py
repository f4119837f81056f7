"""A disassembly as a trace: the pieces slide apart move by move (or, reversed, together).

The disassembler's moves (`disassembly.search`) get their amounts and every piece's place
from `disassembly.plan`; each move becomes one Slide event in a step of its own, captioned
"Move 37 of 98: S3 #1 and S8 #1 slide up 1 unit", and each separation is a milestone ("The
2 pieces S3 #1 and S8 #1 come apart from the rest"). The model's space is the box plus
room for the parts taken out, as far as the plan carries them, so the trace starts from
the assembled state and every move is an event the player applies and reverts exactly.

The assembly (`assemble=True`) plays the same moves backwards, each in the opposite
direction, from the parts lying apart: the moves that really put the puzzle together, as
opposed to the layer-by-layer assembly (cube.assembly), which drops pieces through each
other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from puzzleviz.solvers.cube.disassembly.plan import Step, plan
from puzzleviz.solvers.cube.disassembly.search import Separation
from puzzleviz.solvers.cube.model import MAX_ROOM, MAX_SLIDING, CubeModel, Place, Slide
from puzzleviz.solvers.cube.puzzle import CubePuzzle
from puzzleviz.solvers.cube.solution import PlacedPiece, Solution, solution_pieces
from puzzleviz.solvers.errors import PuzzleInputError
from puzzleviz.solvers.i18n import N_, msg, nmsg, words
from puzzleviz.solvers.trace import Trace
from puzzleviz.solvers.tracer import RecordingTracer

APART_COUNTERS = ("move", "parts")

WAYS = (N_("right"), N_("left"), N_("back"), N_("forward"), N_("up"), N_("down"))  # +x .. -z


def real_pieces(puzzle: CubePuzzle, solution: Solution) -> list[PlacedPiece]:
    """The filling's pieces that the disassembler numbers (empty cells are none), in the
    order of `disassembly.report.take_apart`."""
    return [p for p in solution_pieces(puzzle, solution) if not puzzle.types[p.type].is_hole]


def room_needed(puzzle: CubePuzzle, pieces: Sequence[PlacedPiece], steps: Sequence[Step]) -> int:
    """Cells around the box that the plan's positions reach, on the farthest side."""
    box = np.asarray(puzzle.box, dtype=np.int64)
    room = 0
    for step in steps:
        for piece, offset in zip(pieces, step.offsets, strict=True):
            cells = np.asarray(piece.cells, dtype=np.int64) + offset
            room = max(room, int(-cells.min()), int((cells - box + 1).max()))
    if room > MAX_ROOM:
        raise PuzzleInputError(f"the disassembly carries parts {room} cells from the box; "
                               f"a trace shows at most {MAX_ROOM}")  # fmt: skip
    return room


def apart_model(puzzle: CubePuzzle, room: int) -> CubeModel:
    return CubeModel(puzzle, room, apart=True)


def _state(model: CubeModel, pieces: Sequence[PlacedPiece], offsets: np.ndarray) -> np.ndarray:
    """Every piece placed at its place in the assembly plus its offset."""
    state = model.initial_state()
    for piece, offset in zip(pieces, offsets, strict=True):
        x, y, z = (int(v) for v in np.asarray(piece.origin) + offset)
        model.apply(state, Place(piece.instance, model.space.pose(piece.orient, x, y, z)))
    return state


def _caption(k: int, total: int, names: str, n: int, direction: int, amount: int,
             out: bool) -> str:  # fmt: skip
    """'Move 37 of 98: S3 #1 and S8 #1 slide up 1 unit' as one message (the verb agrees
    with the number of pieces, the unit with the amount)."""
    way = msg(WAYS[direction])
    if out:
        action = nmsg("{pieces} slides {way}, out of the rest",
                      "{pieces} slide {way}, out of the rest",
                      n, pieces=names, way=way)  # fmt: skip
    else:
        units = nmsg("{n} unit", "{n} units", amount)
        action = nmsg("{pieces} slides {way} {units}", "{pieces} slide {way} {units}", n,
                      pieces=names, way=way, units=units)  # fmt: skip
    return msg("Move {k} of {total}: {action}", k=k, total=total, action=action)


def _joined(names: str, n: int, assemble: bool) -> str:
    if assemble:
        return nmsg("{pieces} joins the rest", "The {n} pieces {pieces} join the rest", n,
                    pieces=names)  # fmt: skip
    return nmsg("{pieces} comes apart from the rest",
                "The {n} pieces {pieces} come apart from the rest", n, pieces=names)  # fmt: skip


def disassembly_trace(
    puzzle: CubePuzzle,
    solution: Solution,
    sep: Separation,
    *,
    assemble: bool = False,
    params: dict[str, Any] | None = None,
) -> Trace:
    """The trace of `sep` (the disassembly of `solution`, pieces numbered as
    `real_pieces`): one step per move, a milestone per separation and at the end."""
    pieces = real_pieces(puzzle, solution)
    if len(pieces) > MAX_SLIDING or any(p.instance >= MAX_SLIDING for p in pieces):
        raise PuzzleInputError(f"a disassembly trace shows at most {MAX_SLIDING} pieces; "
                               f"this puzzle has {len(pieces)}")  # fmt: skip
    steps = plan([p.cells for p in pieces], sep)
    model = apart_model(puzzle, room_needed(puzzle, pieces, steps))
    start = np.zeros((len(pieces), 3), dtype=np.int64)
    initial = _state(model, pieces, steps[-1].offsets if assemble and steps else start)
    tracer = RecordingTracer(model, solver="cube.assemble" if assemble else "cube.disassemble",
                             params={"level": sep.level, "moves": len(steps), **(params or {})},
                             counters=APART_COUNTERS, initial_state=initial)  # fmt: skip
    order = list(reversed(steps)) if assemble else steps
    total = len(order)
    parts = 1 + sum(s.separation for s in steps) if assemble else 1
    tracer.start_counts(move=0, parts=parts)
    for k, step in enumerate(order, start=1):
        move = step.move
        names = words([pieces[i].label for i in move.pieces])
        direction = move.direction ^ 1 if assemble else move.direction
        tracer.count(move=k, parts=parts)
        tracer.step(_caption(k, total, names, len(move.pieces), direction, step.amount,
                             step.separation and not assemble))  # fmt: skip
        mask = sum(1 << pieces[i].instance for i in move.pieces)
        tracer.emit(Slide(mask, direction, step.amount))
        if step.separation:
            parts += -1 if assemble else 1
            tracer.count(parts=parts)
            tracer.milestone("join" if assemble else "apart",
                             _joined(names, len(move.pieces), assemble))  # fmt: skip
    if assemble:
        done = msg("Assembled in {moves} moves (level {level})", moves=total, level=sep.level)
    else:
        done = msg("Taken apart in {moves} moves (level {level})", moves=total, level=sep.level)
    tracer.milestone("solution", done)
    return tracer.finish()


def step_states(
    puzzle: CubePuzzle, solution: Solution, sep: Separation, model: CubeModel
) -> list[np.ndarray]:
    """The states the plan says the disassembly passes through, assembled first (for
    tests and checks: what the trace must reach after each move)."""
    pieces = real_pieces(puzzle, solution)
    steps = plan([p.cells for p in pieces], sep)
    zero = np.zeros((len(pieces), 3), dtype=np.int64)
    return [_state(model, pieces, offsets) for offsets in [zero, *(s.offsets for s in steps)]]

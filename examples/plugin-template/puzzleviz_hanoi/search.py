"""The method: the shortest solution, recorded one move a step.

Every solver of every puzzle has the one signature puzzleviz calls:
`(problem, tracer, limits, progress) -> result`.
"""

from __future__ import annotations

from collections.abc import Iterator

from puzzleviz import Limits, Progress, Tracer, msg, nmsg
from puzzleviz_hanoi.model import HanoiModel, Move, peg_name
from puzzleviz_hanoi.options import HanoiProblem
from puzzleviz_hanoi.results import HanoiResult


def moves(disks: int, source: int = 0, target: int = 2, spare: int = 1) -> Iterator[Move]:
    """The 2^disks - 1 moves that carry the `disks` smallest disks from source to target."""
    if disks == 0:
        return
    yield from moves(disks - 1, source, spare, target)
    yield Move(disks - 1, source, target)
    yield from moves(disks - 1, spare, target, source)


def recursive(
    problem: HanoiProblem, tracer: Tracer, limits: Limits, progress: Progress
) -> HanoiResult:
    model = HanoiModel(problem.disks)
    state = model.initial_state()
    total = 2**problem.disks - 1
    progress.total, progress.label, progress.unit = total, "moving disks", "moves"
    done: list[Move] = []
    for move in moves(problem.disks):
        if limits.nodes is not None and len(done) >= limits.nodes:
            break
        if tracer.enabled:
            tracer.step(
                msg(
                    "Move disk {disk} from peg {source} onto peg {target}",
                    disk=move.disk + 1,
                    source=peg_name(move.source),
                    target=peg_name(move.target),
                )
            )
            tracer.count(moves=len(done) + 1)
            tracer.emit(move)
        model.apply(state, move)
        done.append(move)
        progress.advance()
    stopped = len(done) < total
    if tracer.enabled and not stopped:
        done_caption = nmsg("The tower stands on peg C after {n} move",
                            "The tower stands on peg C after {n} moves", total)  # fmt: skip
        tracer.milestone("solution", done_caption)
    return HanoiResult(problem.disks, tuple(done), stopped)
